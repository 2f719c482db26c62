"""The history table of the reading Historia.ipynb (damas/course/history.py)."""

from __future__ import annotations
from repo_paths import REPO

from pathlib import Path

import pytest

from damas.errors import DamasError
from damas.course.history import ano_de, eventos_de, le_eventos, linha_do_tempo, lista_de_eventos

TABLE = REPO / "notebooks" / "data" / "historia.csv"
HEADER = "ano,data,onde,rotulo,evento,fonte\n"


def test_the_course_table_reads_in_year_order_with_a_source_each():
    events = le_eventos(TABLE)
    assert [e.ano for e in events] == sorted(e.ano for e in events)
    assert all(e.fonte for e in events)
    assert len(eventos_de(events, "mundo")) + len(eventos_de(events, "brasil")) == len(events)
    assert ano_de(events, "voltam a ser esporte") - ano_de(events, "desfilia") == 21
    assert lista_de_eventos(events).splitlines()[0] == f"{events[0].ano}   {events[0].rotulo}"


def write(tmp_path, rows):
    path = tmp_path / "h.csv"
    path.write_text(HEADER + rows, encoding="utf-8")
    return path


@pytest.mark.parametrize("rows, message", [
    ("19x0,,mundo,A,texto,fonte\n", "Linha 2 .* não é um número"),
    ("1900,,lua,A,texto,fonte\n", "Linha 2 .*'lua'"),
    ("1900,,mundo,A,texto,fonte\n1901,,brasil,B,texto,\n", "Linha 3 .*'B' não tem fonte"),
])
def test_a_bad_table_is_refused_with_its_line(tmp_path, rows, message):
    with pytest.raises(DamasError, match=message):
        le_eventos(write(tmp_path, rows))


def test_a_table_without_columns_is_refused(tmp_path):
    path = tmp_path / "x.csv"
    path.write_text("ano,rotulo\n1900,A\n", encoding="utf-8")
    with pytest.raises(DamasError, match="colunas: data, onde, evento, fonte"):
        le_eventos(path)


def test_ano_de_wants_exactly_one_event(tmp_path):
    events = le_eventos(write(tmp_path, "1900,,mundo,Livro A,t,f\n1910,,mundo,Livro B,t,f\n"))
    assert ano_de(events, "Livro A") == 1900
    with pytest.raises(DamasError, match="2 eventos"):
        ano_de(events, "Livro")
    with pytest.raises(DamasError, match="0 eventos"):
        ano_de(events, "Revista")
    with pytest.raises(DamasError, match="mundo"):
        eventos_de(events, "europa")


def test_the_timeline_has_a_dot_and_a_label_per_event():
    pytest.importorskip("matplotlib")
    events = eventos_de(le_eventos(TABLE), "brasil")
    figure = linha_do_tempo(events, "O jogo de damas no Brasil", band=(1967, 1988, "21 anos fora da CBD"))
    ax = figure.axes[0]
    texts = [t.get_text() for t in ax.texts]
    assert ax.get_title(loc="left") == "O jogo de damas no Brasil"
    assert "21 anos fora da CBD" in texts
    assert all(f"{e.ano}   {e.rotulo}" in texts for e in events) and len(ax.collections) >= len(events)

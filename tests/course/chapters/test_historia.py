"""The history table of the reading Historia.ipynb (damas/course/chapters/historia.py)."""

from __future__ import annotations
from repo_paths import REPO

from pathlib import Path

import pytest

from damas.errors import DamasError
from damas.course.chapters.historia import year_of, events_of, read_events, timeline, events_text

TABLE = REPO / "notebooks" / "data" / "historia.csv"
HEADER = "ano,data,onde,rotulo,evento,fonte\n"


def test_the_course_table_reads_in_year_order_with_a_source_each():
    events = read_events(TABLE)
    assert [e.year for e in events] == sorted(e.year for e in events)
    assert all(e.source for e in events)
    assert len(events_of(events, "mundo")) + len(events_of(events, "brasil")) == len(events)
    assert year_of(events, "voltam a ser esporte") - year_of(events, "desfilia") == 21
    assert events_text(events).splitlines()[0] == f"{events[0].year}   {events[0].label}"


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
        read_events(write(tmp_path, rows))


def test_a_table_without_columns_is_refused(tmp_path):
    path = tmp_path / "x.csv"
    path.write_text("ano,rotulo\n1900,A\n", encoding="utf-8")
    with pytest.raises(DamasError, match="colunas: data, onde, evento, fonte"):
        read_events(path)


def test_ano_de_wants_exactly_one_event(tmp_path):
    events = read_events(write(tmp_path, "1900,,mundo,Livro A,t,f\n1910,,mundo,Livro B,t,f\n"))
    assert year_of(events, "Livro A") == 1900
    with pytest.raises(DamasError, match="2 eventos"):
        year_of(events, "Livro")
    with pytest.raises(DamasError, match="0 eventos"):
        year_of(events, "Revista")
    with pytest.raises(DamasError, match="mundo"):
        events_of(events, "europa")


def test_the_timeline_has_a_dot_and_a_label_per_event():
    # An SVG picture (no matplotlib): the history reading shows it in the browser too.
    import xml.etree.ElementTree as ET
    from damas.display.svg import SVG
    events = events_of(read_events(TABLE), "brasil")
    figure = timeline(events, "O jogo de damas no Brasil", band=(1967, 1988, "21 anos fora da CBD"))
    assert isinstance(figure, SVG)
    ns = "{http://www.w3.org/2000/svg}"
    root = ET.fromstring(figure)
    texts = [t.text for t in root.iter(f"{ns}text")]
    assert texts[0] == "O jogo de damas no Brasil" and root.find(f"{ns}title").text == texts[0]
    assert "21 anos fora da CBD" in texts
    assert [t for t in texts if t[:4].isdigit()] == [f"{e.year}   {e.label}" for e in events]
    dots = [c for c in root.iter(f"{ns}circle") if c.get("class") == "event"]
    assert [int(c.get("data-year")) for c in dots] == [e.year for e in events]
    # Later years lower down; the band spans its years.
    ys = [float(c.get("cy")) for c in dots]
    assert ys == sorted(ys) and ys[0] < ys[-1]
    band, = [r for r in root.iter(f"{ns}rect") if r.get("class") == "band"]
    assert band.get("data-years") == "1967-1988"
    # Every label inside the picture (its estimated width).
    assert float(root.get("width")) >= max(float(t.get("x")) for t in root.iter(f"{ns}text"))
    # The same picture every time, and a picture an untrusted notebook shows.
    assert figure == timeline(events, "O jogo de damas no Brasil", band=(1967, 1988, "21 anos fora da CBD"))
    assert figure._repr_mimebundle_()["text/html"].startswith('<img class="damas-picture"')
    with pytest.raises(DamasError, match="dois eventos"):
        timeline(events[:1], "Um só")


# -- issue 26, item 5: the 1940 book told as the sources tell it ------------------
NOTEBOOK = REPO / "notebooks" / "Historia.ipynb"
GUIDE = REPO / "notebooks" / "GUIA_DO_PROFESSOR.md"


def _prose(path):
    import json
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return " ".join(" ".join("".join(c["source"]).split()) for c in cells if c["cell_type"] == "markdown")


def test_the_1940_book_is_told_with_its_dispute_and_no_invented_fate():
    """The seed says «40 Golpes Clássicos» (Rio, 1940) was the first draughts book published in
    Brazil; Cleuber Landin (2011) names «Ciência e Técnica do Jogo de Damas» (1940) instead; the
    project found no copy.  No text says, without a source, what became of the book."""
    row, = [e for e in read_events(TABLE) if "40 Golpes" in e.label]
    assert row.year == 1940
    for words in ("texto da FPED", "Landin", "Ciência e Técnica do Jogo de Damas", "não encontrou"):
        assert words in row.event, words
    assert "texto da FPED" in row.source and "Landin" in row.source
    chapter = _prose(NOTEBOOK)
    guide = " ".join(GUIDE.read_text(encoding="utf-8").split())
    for text in (chapter, guide):
        assert "não encontrou nenhum exemplar" in text
        assert "não chegou até nós" not in text.split("40 Golpes", 1)[1][:600]
    assert "Segundo o texto da FPED, também em **1940**" in chapter

"""The measure of a student's path (scripts/student_path.py) sees what it says it sees.

Each check is fed a small notebook that breaks one limit, and a twin that keeps it."""

from __future__ import annotations

import importlib.util
import json
import sys

import pytest

from repo_paths import REPO

spec = importlib.util.spec_from_file_location("student_path", REPO / "scripts" / "student_path.py")
student_path = importlib.util.module_from_spec(spec)
sys.modules["student_path"] = student_path
spec.loader.exec_module(student_path)


def md(text, **meta):
    return {"cell_type": "markdown", "metadata": meta, "source": text}


def code(src, outputs=(), hidden=True):
    meta = {"jupyter": {"source_hidden": True}} if hidden else {}
    return {"cell_type": "code", "metadata": meta, "source": src, "outputs": list(outputs),
            "execution_count": 1}


def svg_output():
    return {"output_type": "display_data", "data": {"image/svg+xml": "<svg></svg>", "text/plain": "<b>"}}


def text_output(text):
    return {"output_type": "stream", "name": "stdout", "text": text}


def measured(tmp_path, cells, name="03_Teste.ipynb"):
    path = tmp_path / name
    path.write_text(json.dumps({"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}),
                    encoding="utf-8")
    return student_path.measure(path)


def test_words_count_markdown_and_outputs_but_not_what_is_collapsed_or_folded(tmp_path):
    f = measured(tmp_path, [
        md("# Título\n\nUma frase de cinco palavras."),
        code("# o tabuleiro\nx()", [text_output("duas palavras")]),
        md("## Para o professor", **{"jp-MarkdownHeadingCollapsed": True}),
        md("mais texto escondido sob o título recolhido"),
        md("### Um subtítulo escondido"),
        md("## Outra seção\n\n<details><summary>Resposta</summary>segredo guardado</details> visível <!-- [%only d4] -->"),
    ])
    # «Título» 1 + 5 + 2 + «Para o professor» 3 + «Outra seção visível» 3
    assert f.words == 1 + 5 + 2 + 3 + 3


def test_a_collapsed_headings_own_cell_shows_whole(tmp_path):
    # JupyterLab hides the cells under a collapsed heading, not the text under the heading in the
    # heading's own cell (seen in Chromium): those words are on the student's page.
    f = measured(tmp_path, [
        md("## Para saber mais\n\nquatro palavras ainda visíveis", **{"jp-MarkdownHeadingCollapsed": True}),
        md("escondido de verdade"),
    ])
    assert f.words == 3 + 4


def test_the_first_picture_is_found_in_markdown_or_in_an_output(tmp_path):
    f = measured(tmp_path, [md("um dois três"), code("# a figura\nf()", [svg_output()]), md("quatro")])
    assert f.before_picture == 3
    f = measured(tmp_path, [md("um dois"), md("![tabuleiro](a.png)"), md("três")])
    assert f.before_picture == 2
    f = measured(tmp_path, [md("sem figura nenhuma")])
    assert f.before_picture is None and any("primeira figura" in p for p in f.problems()) is False
    long = measured(tmp_path, [md("palavra " * 130)])
    assert any("primeira figura" in p for p in long.problems())


def test_code_in_sight_counts_shown_inputs_and_hidden_ones_whose_first_line_is_code(tmp_path):
    f = measured(tmp_path, [code("# o tabuleiro da tarefa\nstage()"), code("stage()", hidden=False),
                            code("inicio = Board()\nassert x"), code("#@title Instalação\nimport os")])
    assert f.code_in_sight == 3


def test_long_sentences_machine_words_english_and_numbers_are_found(tmp_path):
    long = " ".join(["palavra"] * 31) + "."
    f = measured(tmp_path, [md(long + " Curta. " + long + " " + long),
                            md("O pacote usa o solucionador com profundidade 6 e nós jogamos."),
                            md("Click here. Vez de: W"),
                            md("Caiu 1.19 pedra, nota -0.06, 107880 posições; 1.984 e 107.880 estão certos; "
                               "regra 4.13, regras 3.10 a 3.13 e o artigo 5.4.06; na tabela, 6.3.")])
    assert len(f.long_sentences) == 3
    assert sorted(set(f.machine_words)) == ["pacote", "profundidade", "solucionador"]
    assert "Click" in f.english and "Vez de: W" in f.english
    assert sorted(f.numbers) == ["-0.06", "1.19", "107880"]
    problems = " ".join(f.problems())
    for part in ("frases com mais de 30", "palavras de máquina", "inglês", "forma brasileira"):
        assert part in problems


def test_kernel_is_allowed_twice_in_chapter_00_only(tmp_path):
    text = md("Reinicie o kernel. O kernel volta. Um kernel a mais.")
    assert measured(tmp_path, [text], "00_Comece.ipynb").machine_words == ["kernel"]
    assert measured(tmp_path, [text], "02_Outro.ipynb").machine_words == ["kernel"] * 3


@pytest.mark.parametrize("number,limit", [("03", 900), ("10", 900), ("11", 1500), ("Hi", 1500)])
def test_word_limits_by_chapter(number, limit):
    assert student_path.Figures(f"{number}_x.ipynb").word_limit == limit


def test_the_script_runs_on_the_course():
    assert student_path.main(["--markdown"]) == 0


def test_the_markdown_table_keeps_the_names_and_writes_numbers_the_brazilian_way(capsys):
    assert student_path.main(["--markdown"]) == 0
    rows = [line for line in capsys.readouterr().out.splitlines() if line.startswith("| 0")]
    assert rows and all(".ipynb |" in row and ",ipynb" not in row for row in rows), rows[:2]
    minutes = [row.rstrip(" |").rsplit("| ", 1)[-1] for row in rows]
    assert all("," in m and "." not in m for m in minutes), minutes


def test_a_portuguese_homograph_is_not_english(tmp_path):
    # «move» is Portuguese too (mover): the rules' own refusal says «cada jogador move apenas as próprias
    # peças (regra 3.3)»; «moves» is not.
    assert measured(tmp_path, [md("Cada jogador move apenas as próprias peças.")]).english == []
    assert measured(tmp_path, [md("Legal moves: none.")]).english == ["moves", "none"]

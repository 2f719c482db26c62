"""Code on a child's screen (issue 32): a visible code cell is one line, a call whose output is a
picture, a board or a sentence; no cell, visible or folded (the teacher's checks), shows a
Python value (a list, a dict, a tuple, a quoted string, a bare number)."""

from __future__ import annotations

import re

import nbformat
import pytest

from repo_paths import NOTEBOOKS

COURSE = sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb")) + [NOTEBOOKS / "Glossario.ipynb", NOTEBOOKS / "Historia.ipynb"]
# Outputs that are a picture, a board or formatted text.
RICH = {"text/html", "text/markdown", "image/png", "image/svg+xml", "application/vnd.jupyter.widget-view+json"}
# What a printed Python value starts with: ( [ { a quote, a number, True/False/None.
PYTHON_VALUE = re.compile(r"""^\s*(?:[(\[{'"]|-?\d+(?:\.\d+)?\s*$|True\s*$|False\s*$|None\s*$)""")
# A PDN tag pair ([Event "..."]): the notation chapter 10 teaches, not a Python value.
PDN_TAG = re.compile(r'^\[[A-Za-z]+ ".*"\]\s*$')
# The characters of a code line that JupyterLab shows without scrolling sideways.
VISIBLE_WIDTH = 100


def _hidden(cell) -> bool:
    return bool(cell.metadata.get("jupyter", {}).get("source_hidden"))


def python_values(cell) -> list[str]:
    """The outputs of ``cell`` that show a Python value rather than a picture or a sentence."""
    found = []
    for output in cell.get("outputs", []):
        if output.output_type == "stream":
            lines = output.text.splitlines()
            if any(PDN_TAG.match(line) for line in lines):
                continue        # a PDN file as the chapter prints it (tags, {comments}, (variations))
            found += [line for line in lines if PYTHON_VALUE.match(line)]
        elif output.output_type in {"execute_result", "display_data"}:
            data = output.get("data", {})
            if not RICH & set(data):
                found.append(data.get("text/plain", "")[:80])
    return found


def test_the_check_sees_python_values():
    cell = nbformat.v4.new_code_cell("x")
    cell.outputs = [nbformat.v4.new_output("execute_result", data={"text/plain": "(1, 1)"}),
                    nbformat.v4.new_output("stream", text="'Certo!'\nUma frase.\n[1, 2]\n")]
    assert python_values(cell) == ["(1, 1)", "'Certo!'", "[1, 2]"]
    cell.outputs = [nbformat.v4.new_output("stream", text="As brancas vencem em 3 lances.\n"),
                    nbformat.v4.new_output("stream", text='[Event "Aula"]\n\n1. c3-d4 {bom} (1. a3-b4) f6-e5\n')]
    assert python_values(cell) == []


@pytest.mark.parametrize("path", COURSE, ids=[p.name for p in COURSE])
def test_visible_code_is_one_line_and_shows_no_python_value(path):
    problems = []
    for i, cell in enumerate(nbformat.read(path, as_version=4).cells):
        if cell.cell_type != "code":
            continue
        lines = [line for line in cell.source.splitlines() if line.strip()]
        if not _hidden(cell) and len(lines) > 1:
            problems.append(f"célula {i}: {len(lines)} linhas à vista")
        # a longer line runs past the cell's right edge in JupyterLab (1280 px, file browser open)
        if not _hidden(cell) and any(len(line) > VISIBLE_WIDTH for line in lines):
            problems.append(f"célula {i}: linha de {max(map(len, lines))} caracteres à vista, cortada na tela")
        values = python_values(cell)
        if values:
            problems.append(f"célula {i}: mostra valores do Python {values[:2]}")
    assert not problems, f"{path.name}: " + "; ".join(problems)

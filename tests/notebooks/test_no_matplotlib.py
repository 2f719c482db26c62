"""The course draws with ``damas`` alone (issue 29, item 1): no cell of any notebook imports
matplotlib, switches its backend (``%matplotlib``, ``%config InlineBackend``) or calls the
matplotlib drawings of ``damas.display.plot``; no stored output is a PNG figure.  So every notebook
runs to the end in JupyterLite, where matplotlib is not served, and its pictures are SVG that read
untrusted.  (The teacher's and the developer's plots — the class progress chart, the benchmark
charts, the PDF sheets — are made outside the notebooks and may keep matplotlib.)"""

from __future__ import annotations

import json
import re

import pytest

from repo_paths import NOTEBOOKS

NOTEBOOK_FILES = sorted(NOTEBOOKS.glob("*.ipynb"))
# matplotlib by name (an import, a magic, a comment that promises it), pyplot's usual alias, the
# damas module that draws with it, and the PNG display helper made for its figures.
FORBIDDEN = re.compile(r"matplotlib|\bplt\.|InlineBackend|damas\.display\.plot|\bshow_png\b|"
                       r"\bsequence_figure\b|\bdraw_board\b")


def _code_cells(path):
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return [(i, c) for i, c in enumerate(cells) if c["cell_type"] == "code"]


def test_the_notebooks_are_found():
    names = {p.name for p in NOTEBOOK_FILES}
    assert {"04_Lei_da_maioria.ipynb", "Historia.ipynb", "Glossario.ipynb", "app_treino.ipynb"} <= names


@pytest.mark.parametrize("path", NOTEBOOK_FILES, ids=lambda p: p.stem)
def test_no_cell_uses_matplotlib(path):
    found = [(i, m.group(0), line.strip())
             for i, cell in _code_cells(path)
             for line in "".join(cell["source"]).splitlines()
             for m in [FORBIDDEN.search(line)] if m]
    assert not found, f"{path.name}: cells that need matplotlib: {found}"


@pytest.mark.parametrize("path", NOTEBOOK_FILES, ids=lambda p: p.stem)
def test_no_output_is_a_png_figure(path):
    pngs = [i for i, cell in _code_cells(path) for output in cell.get("outputs", [])
            if "image/png" in output.get("data", {})]
    assert not pngs, f"{path.name}: cells whose output is a PNG figure (matplotlib): {pngs}"


def test_the_pattern_catches_what_it_must():
    for line in ("%matplotlib inline", "import matplotlib.pyplot as plt", "from matplotlib import cm",
                 "plt.show()", "%config InlineBackend.figure_formats = ['png']",
                 "from damas.display.plot import sequence_figure", "show_png(figura)"):
        assert FORBIDDEN.search(line), line
    for line in ("from damas.display.sequence import sequence_svg", "frames(board, moves)",
                 "timeline(eventos, 'No mundo')", "explot = 1"):
        assert not FORBIDDEN.search(line), line

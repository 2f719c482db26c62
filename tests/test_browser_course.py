"""The course as a student meets it, in a real browser (JupyterLab, Chromium).

* Read before run: a chapter opened fresh from a clone (never run, never
  trusted) shows every stored board as a picture: an ``<img>`` that the
  browser decoded, where the board is, and no ``<IPython.core.display.SVG
  object>``, ``VBox(children=`` or ``BoardWidget(`` text in its outputs.

The servers, the browser and the skip-or-fail guard come from
``tests/test_browser.py``.  Screenshots go to ``tests/browser_screenshots/``.
"""

from __future__ import annotations

import json
import re

import nbformat
import pytest

from test_browser import (  # noqa: F401  (fixtures: browser, lab)
    NOTEBOOKS, PAGE_TIMEOUT, SHOTS, _new_page, browser, lab,
)

WIDGET_MIME = "application/vnd.jupyter.widget-view+json"
# Text that an output shows when its picture could not be rendered.
UNRENDERED = ("<IPython.core.display.SVG object>", "VBox(children=", "HBox(children=",
              "BoardWidget(", "PuzzleTrainer(")


def _pictures(path):
    """How many stored outputs of the notebook are pictures of a board (an
    SVG, or a widget view), and the notebook's code cells."""
    nb = nbformat.read(path, as_version=4)
    count = 0
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            if "image/svg+xml" in data or WIDGET_MIME in data:
                count += 1
    return count


CHAPTERS = [p.name for p in sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb")) if _pictures(p)]

# In the page: the notebook's cells that JupyterLab holds as trusted, the
# pictures in the output areas (decoded or not), and the text of the outputs.
PAGE_STATE = """
() => {
  const panel = window.jupyterapp.shell.currentWidget;
  const cells = panel.content.widgets.filter(c => c.model.type === 'code');
  const imgs = Array.from(panel.node.querySelectorAll('.jp-OutputArea-output img.damas-picture'));
  return {
    trusted: cells.filter(c => c.model.trusted && c.model.outputs.length).length,
    outputs: cells.reduce((n, c) => n + c.model.outputs.length, 0),
    pictures: imgs.length,
    decoded: imgs.filter(i => i.complete && i.naturalWidth > 0).length,
    text: Array.from(panel.node.querySelectorAll('.jp-OutputArea-output')).map(o => o.innerText).join('\\n'),
  };
}
"""


def _open_unrun(lab, path):
    """Open ``path`` in JupyterLab without running anything; wait until its
    stored outputs are on the page."""
    page = _new_page(lab)
    workspace = "unrun-" + re.sub(r"[^A-Za-z0-9]", "-", path)
    page.goto(f"{lab.server.url}/lab/workspaces/{workspace}/tree/{path}")
    page.wait_for_function(
        "() => { const p = window.jupyterapp && window.jupyterapp.shell.currentWidget;"
        " return !!p && !!p.content && p.content.widgets.length > 0"
        " && !!p.node.querySelector('.jp-OutputArea-output'); }", timeout=PAGE_TIMEOUT)
    return page


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_unrun_untrusted_chapter_shows_its_boards(lab, chapter):
    expected = _pictures(NOTEBOOKS / chapter)
    page = _open_unrun(lab, f"notebooks/{chapter}")
    try:
        # Every picture is in the page and decoded by the browser.
        page.wait_for_function(
            "(n) => Array.from(document.querySelectorAll('.jp-OutputArea-output img.damas-picture'))"
            ".filter(i => i.complete && i.naturalWidth > 0).length >= n", arg=expected, timeout=PAGE_TIMEOUT)
        state = page.evaluate(PAGE_STATE)
        assert state["trusted"] == 0, f"{chapter}: the copy should be untrusted, as after a clone"
        assert state["pictures"] >= expected and state["decoded"] == state["pictures"], (chapter, state)
        for text in UNRENDERED:
            assert text not in state["text"], f"{chapter}: an output shows {text!r} instead of a picture"
        stem = chapter.split(".")[0]
        first = page.locator(".jp-OutputArea-output:has(img.damas-picture)").first
        first.scroll_into_view_if_needed()
        first.screenshot(path=str(SHOTS / f"sem_rodar_{stem}.png"))
        static = page.locator(".jp-OutputArea-output:has(.damas-static)")
        if static.count():
            static.first.scroll_into_view_if_needed()
            static.first.screenshot(path=str(SHOTS / f"sem_rodar_{stem}_tabuleiro.png"))
    finally:
        page.close()


def test_the_check_sees_an_unrendered_output(tmp_path):
    # The premise of the test above: a stored IPython SVG object (the course's
    # old outputs) counts as a picture, and its text is one the test refuses.
    nb = nbformat.v4.new_notebook()
    cell = nbformat.v4.new_code_cell("SVG(...)", execution_count=1)
    cell.outputs = [nbformat.v4.new_output(
        "display_data", data={"image/svg+xml": "<svg/>", "text/plain": UNRENDERED[0]})]
    nb.cells = [cell]
    path = tmp_path / "x.ipynb"
    nbformat.write(nb, path)
    assert _pictures(path) == 1
    assert json.dumps(UNRENDERED[0]).strip('"') in nbformat.read(path, as_version=4).cells[0].outputs[0]["data"]["text/plain"]

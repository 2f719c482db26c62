"""The Voilà trainer's choosers (``notebooks/app_treino.ipynb``) show whole names: every
collection and every problem of every collection fits in its dropdown, on a wide and on a
narrow window (issue 32, item 11: «Problema:» cut off «Armadilha do curso 1 — Partida da
cidade (Городская …»).

The Voilà server and the browser (a fresh context) are the fixtures of ``tests/browser/conftest.py``.
"""

from __future__ import annotations


import nbformat
import pytest

from browser_kit import PUZZLES, SHOTS
from test_browser import PAGE_TIMEOUT, STEP_TIMEOUT, TRAINER_APP, WIDGET


def _app_collections():
    """The app's collections as it names them: {name: (number of problems, first title)}.

    The notebook takes them from :func:`damas.course.chapters.app_treino.app_collections` (the
    labels of ``APP_FILES``, each file of ``puzzles/`` numbered as the course numbers it); every
    one of them is read here from the test's ``puzzles/`` and none may be missing."""
    from damas.course.chapters.app_treino import APP_FILES
    from damas.course.kit.catalogue import numbered
    from damas.problems.puzzles import load_collection
    source = "\n".join(c.source for c in nbformat.read(TRAINER_APP, as_version=4).cells if c.cell_type == "code")
    assert "app_collections()" in source, "the app no longer takes its collections from app_collections"
    found = {}
    for name, file in APP_FILES.items():
        puzzles = numbered(load_collection(PUZZLES / file), file)
        found[name] = (len(puzzles), puzzles[0].title or "Problema")
    return found

# Per dropdown of the page: its label, the width its <select> gives the text, and the options
# whose text (drawn in the select's own font) is wider than that.
_CUT = """() => [...document.querySelectorAll('.widget-dropdown')].map(d => {
  const select = d.querySelector('select');
  const style = getComputedStyle(select);
  const ctx = document.createElement('canvas').getContext('2d');
  ctx.font = style.font;
  // the room for the text: the select's inner width less its padding (the right one holds the
  // arrow) and Chromium's own inset of a select's text (4px)
  const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 4;
  return {label: d.querySelector('label').innerText, room,
          cut: [...select.options].filter(o => ctx.measureText(o.text).width > room)
                                  .map(o => o.text.replace(/\\s/g, ' '))};
})"""


@pytest.mark.parametrize("width", [1100, 800])
def test_voila_trainer_choosers_show_whole_names(voila, width):
    page = voila.context.new_page()
    page.set_default_timeout(PAGE_TIMEOUT)
    try:
        page.set_viewport_size({"width": width, "height": 800})
        page.goto(voila.server.url + "/voila/render/app_treino.ipynb")
        page.wait_for_selector(f"{WIDGET} svg.damas-board", timeout=PAGE_TIMEOUT)
        selects = page.locator(".widget-dropdown select")
        collections = selects.first.locator("option").count()
        assert collections > 1
        known = _app_collections()
        assert collections == len(known), known
        seen = []
        for k in range(collections):
            selects.first.select_option(index=k)
            name = " ".join(selects.first.locator("option").nth(k).inner_text().split())
            count, title = known[name]
            # the problem chooser lists that collection's problems, the first chosen
            page.wait_for_function(
                """([count, first]) => { const s = document.querySelectorAll('.widget-dropdown select')[1];
                     return s.options.length === count && s.selectedIndex === 0
                            && s.options[0].text.replace(/\\s/g, ' ') === first; }""",
                arg=[count, f"1. {title}"], timeout=STEP_TIMEOUT)
            measured = page.evaluate(_CUT)
            assert [m["label"] for m in measured] == ["Coleção:", "Problema:"], measured
            seen += [(m["label"], text, m["room"]) for m in measured for text in m["cut"]]
        page.screenshot(path=str(SHOTS / f"voila_treino_escolhas_{width}.png"))
        assert not seen, seen
    finally:
        page.close()

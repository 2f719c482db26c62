"""Boards in a real browser (JupyterLab, Chromium): read before run, and the level chooser.

* A chapter opened TRUSTED and never run shows each board widget's static
  picture, not "Error displaying widget: model not found" nor a blank: with a
  kernel that has not run the cells, and with no kernel at all.  (The
  untrusted case is ``tests/browser/test_browser_course.py``.)  damas/display/output.py
  stores a board as two outputs, the picture and then the widget; the
  picture's style hides the widget output that has no live model.
* Once the cells run, the live board shows and its picture hides.
* The game against the computer (chapter 05): the level is chosen on the
  board, with the mouse or the keyboard, and the computer's next reply is
  searched at that level.

The browser is the fixture of ``tests/browser/conftest.py`` (a fresh context per test); the
JupyterLab with its own notary is this file's, and each test gets its own copy of the course in
it.  Screenshots go to ``tests/browser_screenshots/``.
"""

from __future__ import annotations
from repo_paths import REPO

import json
import re
import shutil
import subprocess
import sys

import nbformat
import pytest

from browser_kit import _env, _require_browser, own_site, running_lab, shut_down_kernels
from test_browser import (
    KERNEL_EXEC, KERNEL_IDLE, NOTEBOOKS, PAGE_TIMEOUT, RUN_ALL, RUN_ALL_OVER, SHOTS, STEP_TIMEOUT, WIDGET,
    _clickable_move, _new_page,
)

WIDGET_MIME = "application/vnd.jupyter.widget-view+json"
CHAPTER = "05_Jogar_e_analisar.ipynb"
NO_MODEL = ("Error displaying widget", "Loading widget")
GAME = f"{WIDGET}:has(.damas-level-select)"


def _widget_outputs(path) -> int:
    """How many stored outputs of ``path`` are widget views."""
    nb = nbformat.read(path, as_version=4)
    return sum(1 for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])
               if WIDGET_MIME in o.get("data", {}))


def _two_outputs(path) -> bool:
    """The stored outputs have the two-output form (a widget view never
    carries its picture in the same output)."""
    nb = nbformat.read(path, as_version=4)
    return not any(WIDGET_MIME in o.get("data", {}) and "text/html" in o.get("data", {})
                   for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", []))


@pytest.fixture(scope="module")
def lab_trusted_server(tmp_path_factory):
    """A JupyterLab with a notary of its own (JUPYTER_DATA_DIR in the test's
    folder): ``jupyter trust`` signs the chapter there, not in the user's.  The
    notary trusts a notebook by its content, so every copy of the chapter is trusted."""
    _require_browser()
    root = tmp_path_factory.mktemp("lab_trusted")
    (root / "site").mkdir()
    env = _env(root)
    env["JUPYTER_DATA_DIR"] = str(root / "data")
    shutil.copy(NOTEBOOKS / CHAPTER, root / CHAPTER)
    subprocess.run([sys.executable, "-m", "jupyter", "trust", str(root / CHAPTER)],
                   env=env, check=True, capture_output=True)
    with running_lab(root / "site", root, env) as server:
        yield server


@pytest.fixture
def lab_trusted(lab_trusted_server, browser, request):
    """That JupyterLab, a fresh context, the course copied into the test's own folder (a
    chapter that a test runs may be saved); every kernel is shut down after the test."""
    try:
        yield own_site(lab_trusted_server, browser, request)
    finally:
        shut_down_kernels(lab_trusted_server)


# In the page: the state of the notebook's outputs.  A widget output with no
# live model shows only text ("Loading widget...", then "Error displaying
# widget: model not found" once the widget manager is restored).
OUTPUTS = """
() => {
  const panel = window.jupyterapp.shell.currentWidget;
  const cells = panel.content.widgets.filter(c => c.model.type === 'code');
  const shown = (e) => !!e && e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
  // The widget renderer's node: the one output node with no data-mime-type.
  const widgetOut = Array.from(panel.node.querySelectorAll('.jp-OutputArea-output:not([data-mime-type])'));
  const statics = Array.from(panel.node.querySelectorAll('.damas-static'));
  const noModel = widgetOut.filter(o => o.children.length === 0);
  return {
    trusted: cells.filter(c => c.model.trusted && c.model.outputs.length).length,
    kernel: !!(panel.sessionContext.session && panel.sessionContext.session.kernel),
    widgetOutputs: widgetOut.length,
    live: widgetOut.filter(o => o.querySelector('.damas-widget, .widget-box, .jupyter-widgets')).length,
    errors: noModel.filter(o => o.textContent.includes('Error displaying widget')).length,
    noModelShown: noModel.filter(shown).map(o => o.textContent),
    statics: statics.length,
    staticsShown: statics.filter(shown).length,
    staticPictures: statics.filter(s => shown(s) && Array.from(s.querySelectorAll('img.damas-picture'))
      .every(i => i.complete && i.naturalWidth > 0)).length,
  };
}
"""


NO_KERNEL = """
async () => {
  const panel = window.jupyterapp.shell.currentWidget;
  await panel.sessionContext.shutdown();
  await panel.context.revert();
}
"""


def _open(site, path, workspace):
    page = _new_page(site)
    page.goto(f"{site.server.url}/lab/workspaces/{workspace}/tree/{site.path(path)}")
    page.wait_for_function(
        "() => { const p = window.jupyterapp && window.jupyterapp.shell.currentWidget;"
        " return !!p && !!p.content && p.content.widgets.length > 0"
        " && !!p.node.querySelector('.jp-OutputArea-output'); }", timeout=PAGE_TIMEOUT)
    return page


def _wait_for_restored_widgets(page, n):
    """Every widget output has its final text: the widget manager is restored."""
    page.wait_for_function(
        "(n) => Array.from(document.querySelectorAll('.jp-OutputArea-output:not([data-mime-type])'))"
        ".filter(o => o.textContent.includes('Error displaying widget')).length >= n",
        arg=n, timeout=PAGE_TIMEOUT)


def _check_pictures(state, expected, where):
    assert state["trusted"] > 0, f"{where}: the copy should be trusted ({state})"
    assert state["widgetOutputs"] == expected, (where, state)
    assert state["live"] == 0, f"{where}: no cell has run, yet a widget is live ({state})"
    assert state["noModelShown"] == [], f"{where}: a widget output shows {state['noModelShown']}"
    assert state["statics"] >= expected, (where, state)
    assert state["staticPictures"] == state["staticsShown"] == state["statics"], (where, state)


@pytest.mark.skipif(not _two_outputs(NOTEBOOKS / CHAPTER),
                    reason=f"{CHAPTER}: stored before the two-output form; re-execute it")
def test_trusted_unrun_chapter_with_an_idle_kernel_shows_its_boards(lab_trusted):
    expected = _widget_outputs(NOTEBOOKS / CHAPTER)
    assert expected >= 3
    page = _open(lab_trusted, f"notebooks/{CHAPTER}", "confiavel-com-kernel")
    try:
        page.wait_for_function(KERNEL_IDLE, timeout=PAGE_TIMEOUT)
        _wait_for_restored_widgets(page, expected)      # the widget renderer has given up
        state = page.evaluate(OUTPUTS)
        assert state["kernel"] and state["errors"] == expected, state
        _check_pictures(state, expected, "trusted, idle kernel")
        _shoot(page, "confiavel_sem_rodar_05")
    finally:
        page.close()


@pytest.mark.skipif(not _two_outputs(NOTEBOOKS / CHAPTER),
                    reason=f"{CHAPTER}: stored before the two-output form; re-execute it")
def test_trusted_unrun_chapter_with_no_kernel_shows_its_boards(lab_trusted):
    expected = _widget_outputs(NOTEBOOKS / CHAPTER)
    page = _open(lab_trusted, f"notebooks/{CHAPTER}", "confiavel-sem-kernel")
    try:
        # Lab starts a kernel for a notebook it opens: shut it down, then read the file
        # again from disk, so that its outputs are drawn anew with no kernel at all.
        # Shut it down only once the widget manager is restored (it asks the kernel
        # for its widgets after the kernel is idle): shut down before it has its
        # answer, the manager never counts as restored, and every widget output stays
        # "Loading widget..." for good.
        page.wait_for_function(KERNEL_IDLE, timeout=PAGE_TIMEOUT)
        _wait_for_restored_widgets(page, expected)
        page.evaluate(NO_KERNEL)
        page.wait_for_function(
            "() => { const p = window.jupyterapp.shell.currentWidget;"
            " return !p.sessionContext.session && p.content.widgets.length > 0; }", timeout=PAGE_TIMEOUT)
        _wait_for_restored_widgets(page, expected)
        state = page.evaluate(OUTPUTS)
        assert not state["kernel"], f"a kernel started: {state}"
        _check_pictures(state, expected, "trusted, no kernel")
        _shoot(page, "confiavel_sem_kernel_05")
    finally:
        page.close()


def _shoot(page, name):
    """The first board picture (and its cell) on the screen."""
    first = page.locator(".jp-OutputArea-child:has(.damas-static)").first
    first.scroll_into_view_if_needed()
    cell = page.locator(".jp-Cell:has(.damas-static)").first
    cell.screenshot(path=str(SHOTS / f"{name}.png"))


# -- the level chooser --------------------------------------------------------------------------------
# Record the level of every search the computer makes from now on (in the kernel).
RECORD_LEVELS = """
import damas.engine.search as _engine
_niveis_usados = []
if not hasattr(_engine, '_best_move_original'):
    _engine._best_move_original = _engine.best_move
def _gravado(*args, **kwargs):
    _niveis_usados.append(kwargs.get('level'))
    return _engine._best_move_original(*args, **kwargs)
_engine.best_move = _gravado
print('ok')
"""
GAME_STATE = "import json as _j; print(_j.dumps([jogo.level, list(jogo.widget.moves), _niveis_usados]))"


def _kernel(page, code):
    return page.evaluate(KERNEL_EXEC, code).strip().splitlines()[-1]


def test_level_chooser_by_mouse_and_keyboard_then_the_reply(lab_trusted):
    page = _new_page(lab_trusted)
    try:
        page.goto(f"{lab_trusted.server.url}/lab/workspaces/nivel/tree/{lab_trusted.path('notebooks/' + CHAPTER)}")
        page.wait_for_function(KERNEL_IDLE, timeout=PAGE_TIMEOUT)
        page.evaluate(RUN_ALL)
        assert page.wait_for_function(RUN_ALL_OVER, timeout=PAGE_TIMEOUT).json_value() == "done"
        page.wait_for_function(KERNEL_IDLE, timeout=PAGE_TIMEOUT)
        game = page.locator(GAME)
        game.wait_for(timeout=PAGE_TIMEOUT)
        game.scroll_into_view_if_needed()
        assert page.locator(GAME).count() == 1          # only the game has a chooser
        # Live now: the picture stored before the board is hidden, the board shown.
        assert page.evaluate(OUTPUTS)["staticsShown"] == 0
        select = game.get_by_role("combobox", name="Nível do computador")
        assert select.get_attribute("aria-label") == "Nível do computador"
        options = select.locator("option").all_text_contents()
        from damas.widget.texts import level_label
        assert options == [level_label(n) for n in range(1, 6)]     # «Nível 1 (iniciante, força ~900)»…
        assert options[0].startswith("Nível 1 (iniciante, força ~")
        assert game.get_attribute("data-level") == "2"            # the chapter starts at 2
        assert "próximo lance do computador" in game.locator(".damas-level-help").text_content()
        assert _kernel(page, RECORD_LEVELS) == "ok"

        # The mouse: level 4.
        select.select_option("4")
        page.wait_for_function("(s) => document.querySelector(s).getAttribute('data-level') === '4'",
                               arg=GAME, timeout=STEP_TIMEOUT)
        message = game.locator(".damas-message-text")
        assert level_label(4) in message.text_content() and "próximo lance" in message.text_content()
        # The keyboard: from the board, Tab reaches the select; an arrow key changes it and
        # the focus stays on it after the redraw.
        game.locator('g.damas-square[tabindex="0"]').focus()
        page.keyboard.press("Tab")
        assert page.evaluate("() => document.activeElement.classList.contains('damas-level-select')")
        page.keyboard.press("ArrowUp")
        page.wait_for_function("(s) => document.querySelector(s).getAttribute('data-level') === '3'",
                               arg=GAME, timeout=STEP_TIMEOUT)
        assert page.evaluate("() => document.activeElement.classList.contains('damas-level-select')")
        page.keyboard.press("ArrowDown")
        page.wait_for_function("(s) => document.querySelector(s).getAttribute('data-level') === '4'",
                               arg=GAME, timeout=STEP_TIMEOUT)
        level, moves, used = json.loads(_kernel(page, GAME_STATE))
        assert level == 4 and used == []                 # nothing searched yet

        # A move by clicks; the computer answers, searching at level 4.
        fen = game.get_attribute("data-fen")
        found = _clickable_move(fen, "brazilian", ["B"])
        assert found is not None, fen
        board, move = found
        before = int(game.get_attribute("data-moves"))
        game.locator(f'g.damas-square[data-square="{move.start}"]').click()
        page.wait_for_function("([s, v]) => document.querySelector(s).getAttribute('data-selected') === v",
                               arg=[GAME, str(move.start)], timeout=STEP_TIMEOUT)
        game.locator(f'g.damas-square[data-square="{move.end}"]').click()
        page.wait_for_function("([s, n]) => document.querySelector(s).getAttribute('data-moves') === n",
                               arg=[GAME, str(before + 2)], timeout=STEP_TIMEOUT * 3)
        assert game.get_attribute("data-turn") == "W"
        assert message.text_content().startswith("As pretas jogaram")
        level, moves, used = json.loads(_kernel(page, GAME_STATE))
        assert used == [4] and moves[-2] == board.move_text(move), (used, moves)
        after = board.copy(stack=False)
        after.push(move)
        reply = after.parse_move(moves[-1])
        after.push(reply)
        assert game.get_attribute("data-fen") == after.fen()
        game.screenshot(path=str(SHOTS / "nivel_escolhido_05.png"))
    finally:
        try:
            page.evaluate(KERNEL_EXEC, "import damas.engine.search as _e; _e.best_move = _e._best_move_original")
        finally:
            page.close()


# -- board.js alone, in a bare page (no Jupyter): the chooser and the twin outside JupyterLab ----------
def _page_with_widget_js(browser, state):
    """A page with board.js loaded as a plain script and a fake model holding ``state``
    (the synced traits of a real BoardWidget); what the page sends is kept in window.__sent."""
    from pathlib import Path
    js = (REPO / "damas" / "widget" / "board.js").read_text(encoding="utf-8")
    assert js.rstrip().endswith("export default { render };")
    js = js.rstrip()[: -len("export default { render };")] + "window.__damasRender = render;"
    page = browser.new_page()
    page.set_default_timeout(STEP_TIMEOUT)
    page.set_content("""<body>
      <div class="cell" id="earlier"><div class="out"><div class="damas-static" id="other">outra figura</div></div></div>
      <div class="cell" id="this">
        <div class="out"><div class="damas-static" id="twin">figura parada</div></div>
        <div class="out"><div id="el"></div></div>
      </div></body>""")
    page.add_script_tag(content=js)
    page.evaluate("""(state) => {
      window.__sent = [];
      const handlers = {};
      const model = { cid: 'c1', get: (k) => state[k], send: (m) => window.__sent.push(m),
        on: (ev, f) => { (handlers[ev] = handlers[ev] || []).push(f); }, off: () => {} };
      window.__damasRender({ model, el: document.getElementById('el') });
    }""", state)
    return page


def _state(widget):
    state = widget.get_state()
    return {k: v for k, v in state.items() if not k.startswith("_")}


def test_widget_js_draws_the_score_sheet_of_a_task_board(browser):
    from damas.widget.board import BoardWidget
    widget = BoardWidget("W:Wc5:Bh2", solo="W")
    widget.play("c5-d6")
    widget.play("d6-e7")
    page = _page_with_widget_js(browser, _state(widget))
    try:
        page.locator(".damas-sheet-table").wait_for()
        rows = page.locator(".damas-sheet-table tr")
        assert [rows.nth(i).inner_text().split() for i in range(rows.count())] == [["1.", "c5-d6"],
                                                                                  ["2.", "d6-e7"]]
        assert page.locator(".damas-sheet-empty").count() == 0
    finally:
        page.close()
    page = _page_with_widget_js(browser, _state(BoardWidget(solo="W")))
    try:
        page.locator(".damas-sheet-empty", has_text="Nenhum lance ainda.").wait_for()
    finally:
        page.close()


def test_widget_js_draws_the_level_chooser_and_sends_the_choice(browser):
    from damas.widget.board import BoardWidget
    page = _page_with_widget_js(browser, _state(BoardWidget(computer="B", level=2)))
    try:
        select = page.get_by_role("combobox", name="Nível do computador")
        select.wait_for()
        assert select.input_value() == "2"
        assert page.locator("label.damas-level-label").text_content() == "Nível do computador:"
        select.select_option("5")
        page.wait_for_function("() => window.__sent.length > 0")
        assert page.evaluate("() => window.__sent") == [{"type": "set_level", "level": 5}]
        # Outside JupyterLab the board hides its own static twin, and only that one.
        page.wait_for_function("() => getComputedStyle(document.getElementById('twin')).display === 'none'")
        assert page.locator("#other").is_visible()
    finally:
        page.close()
    # A board with no computer has no chooser.
    page = _page_with_widget_js(browser, _state(BoardWidget()))
    try:
        page.locator(".damas-board").wait_for()
        assert page.locator(".damas-level-select").count() == 0
    finally:
        page.close()


# The board the page shows, less what the page adds to make it a control
# (role, tabindex, aria-label on the squares, the FEN on the <svg>).
PLACED_SVG = """() => {
  const svg = document.querySelector('#el svg.damas-board').cloneNode(true);
  for (const e of [svg, ...svg.querySelectorAll('*')]) {
    for (const a of ['role', 'tabindex', 'aria-label', 'data-fen']) e.removeAttribute(a);
  }
  return new XMLSerializer().serializeToString(svg);
}"""


def test_widget_js_shows_the_svg_it_was_sent_with_clickable_squares(browser):
    import xml.etree.ElementTree as ET
    from damas.widget.board import BoardWidget
    widget = BoardWidget("W:W21,22,23,24,K30:B5,6,7,K12,15")
    widget.click(22)
    widget.show_message("Veja", highlight=[12], arrows=[(15, 19)])
    page = _page_with_widget_js(browser, _state(widget))
    try:
        page.locator(".damas-board").wait_for()
        shown = page.evaluate(PLACED_SVG)
        assert ET.canonicalize(xml_data=shown) == ET.canonicalize(xml_data=widget.svg)
        squares = page.locator("svg.damas-board g.damas-square[role='button']")
        assert squares.count() == 32
        assert page.locator("svg.damas-board g.damas-square[tabindex='0']").count() == 1
        assert page.locator("g.damas-square[data-square='22']").get_attribute("aria-label") == \
            widget.square_labels[21]
        assert page.locator("svg.damas-board").get_attribute("data-fen") == widget.fen
        page.locator("g.damas-square[data-square='18']").click()
        page.wait_for_function("() => window.__sent.length > 0")
        assert page.evaluate("() => window.__sent") == [{"type": "click", "square": 18}]
        page.locator("g.damas-square[data-square='18']").press("Enter")
        page.wait_for_function("() => window.__sent.length > 1")
        assert page.evaluate("() => window.__sent")[1] == {"type": "click", "square": 18}
        # The panel's piece icons are Python's pictures too.
        assert page.locator(".damas-status-icon .piece.white.man").count() == 1
    finally:
        page.close()

"""The course as a JupyterLite site, in a real browser, with no server and no CDN.

The site is built once per run by ``lite/build.py --offline`` into a temporary folder from the
inputs it cached (its venv, Pyodide from npm, the wheels); ``DAMAS_LITE_SITE`` names a site already
built to use instead.  It is served on a free localhost port by a static server in this process, and
Debian's Chromium (playwright, never ``playwright install``) opens it, a fresh browser context per
test (the ``lite`` fixture of ``tests/browser/conftest.py``):

* chapter 03 (``03_Tomada.ipynb``): every cell runs in Pyodide (the hidden install cell installs
  the bundled ``damas`` wheel), the SVG pictures are drawn, and a move is played on the board
  widget by clicks, the kernel agreeing;
* the puzzle trainer (``app_treino.ipynb``, which reads ``../puzzles``): the key move of the
  first golpe by clicks, the defender's reply and "Correto até aqui";
* «Treino do dia» (``app_treino_do_dia.ipynb``): today's first problem, solved by clicks, moves the
  level shown above the board, and the attempt is saved (the ratings and the review run in Pyodide);
* matplotlib is not served offline and no chapter draws with it any more (issue 29: their figures
  are SVG; tests/notebooks/test_no_matplotlib.py); in chapter 03's kernel, a ``damas.display.plot``
  call stops with the Portuguese message and no traceback.  (The test of a chapter that draws with
  matplotlib skips while none does.)  Every notebook, run to the end: test_lite_all.py.  Every request the page makes must go to the local server.

Without the cached inputs, Chromium or playwright the tests skip with a message saying how to get
them; with ``DAMAS_REQUIRE_BROWSER=1`` (``.ci/run``) they fail instead.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from damas import Board

from browser_kit import ROOT, SHOTS, load_lite_build as _load_build
from lab_page import KERNEL_BOARDS, KERNEL_EXEC, KERNEL_IDLE, WIDGET

KERNEL_TIMEOUT = 180_000    # ms: Pyodide loads, the kernel installs its wheels
RUN_TIMEOUT = 180_000       # ms: every cell of a chapter has run
STEP_TIMEOUT = 30_000       # ms: one click to the new state


# JavaScript in the page: the current notebook's state (KERNEL_IDLE and
# KERNEL_EXEC come from lab_page.py).
# "done" once every code cell has run and the kernel is idle; "error: ..." at the first error.
ALL_RUN = """
() => {
  const panel = window.jupyterapp.shell.currentWidget;
  const kernel = panel.sessionContext.session && panel.sessionContext.session.kernel;
  const cells = panel.content.widgets.filter((c) => c.model.type === "code");
  for (const cell of cells) {
    for (const out of cell.model.outputs.toJSON()) {
      if (out.output_type === "error") return "error: " + out.ename + ": " + out.evalue;
    }
  }
  if (kernel && kernel.status === "idle" && cells.every((c) => c.model.executionCount !== null))
    return "done";
  return false;
}
"""

# How many outputs of the current notebook are pictures (an SVG, or the <img> of one: damas/display/output.py).
SVG_OUTPUTS = """
() => window.jupyterapp.shell.currentWidget.content.widgets
  .filter((c) => c.model.type === "code")
  .flatMap((c) => c.model.outputs.toJSON())
  .filter((o) => o.data && (o.data["image/svg+xml"]
    || String(o.data["text/html"] || "").includes('class="damas-picture"'))).length
"""

# How many SVG pictures on the page are drawn (the browser decoded them to a real size).
SVG_DRAWN = """
() => Array.from(document.querySelectorAll(".jp-RenderedSVG img, .jp-OutputArea-output img.damas-picture"))
  .filter((img) => img.src.startsWith("data:image/svg+xml") && img.complete && img.naturalWidth > 100).length
"""

# Make the first code cell whose source contains the text the active one, on the screen.
SCROLL_TO = """
async (text) => {
  const nb = window.jupyterapp.shell.currentWidget.content;
  const i = nb.widgets.findIndex((c) => c.model.type === "code" && c.model.sharedModel.getSource().includes(text));
  if (i < 0) return false;
  nb.activeCellIndex = i;
  await nb.scrollToItem(i);
  return true;
}
"""

# The tracebacks of the current notebook's error outputs.
ERROR_TRACEBACKS = """
() => window.jupyterapp.shell.currentWidget.content.widgets
  .filter((c) => c.model.type === "code")
  .flatMap((c) => c.model.outputs.toJSON())
  .filter((o) => o.output_type === "error").map((o) => o.traceback)
"""


def _open_and_run(lite, path, expect="done"):
    """Open ``path`` in JupyterLite, wait for the Pyodide kernel, run every cell; the page.
    ``expect``: "done" (every cell ran) or "error" (the run stopped at an error)."""
    server, context, _requests = lite
    page = context.new_page()
    page.set_default_timeout(STEP_TIMEOUT)
    page.goto(f"{server.url}/lab/index.html?path={path}")
    page.wait_for_function(KERNEL_IDLE, timeout=KERNEL_TIMEOUT)
    page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
    state = page.wait_for_function(ALL_RUN, timeout=RUN_TIMEOUT).json_value()
    if expect == "done":
        assert state == "done", f"{path} in JupyterLite: {state}"
        return page
    assert state.startswith("error: "), f"{path} in JupyterLite: {state}"
    return page, state


def _kernel(page, code):
    return page.evaluate(KERNEL_EXEC, code)


def _wait_nth_attr(page, index, name, value):
    page.wait_for_function(
        "([sel, i, name, value]) => { const e = document.querySelectorAll(sel)[i];"
        " return !!e && e.getAttribute(name) === value; }",
        arg=[WIDGET, index, name, value], timeout=STEP_TIMEOUT)


def _clickable(fen, variant, locked):
    board = Board(fen, variant=variant)
    if board.turn in locked:
        return None
    moves = board.legal_moves()
    for move in moves:
        if sum(1 for m in moves if (m.start, m.end) == (move.start, move.end)) == 1:
            return board, move
    return None


def check_chapter_03_after_its_run(page, server):
    """Chapter 03 (Tomada) in JupyterLite, once «Run all» ended (test_lite_all runs it): damas came
    from the site, the pictures are SVG, a board widget takes a move by two clicks and the kernel
    agrees, and a matplotlib drawing stops with the Portuguese message."""
    # The install cell ran: damas came from the site's own index, not from anywhere else.
    assert any(p.startswith("/pypi/damas-") for p in server.fetched), server.fetched[-20:]
    assert any(p.startswith("/static/pyodide/pyodide.asm.wasm") for p in server.fetched)
    assert "emscripten" in _kernel(page, "import sys; print(sys.platform)")
    # The SVG pictures: every Board and desenho() output is drawn as an SVG.
    # (Lab draws only the cells near the screen: count them in the model, look at those drawn.)
    assert page.evaluate(SVG_OUTPUTS) >= 10
    assert page.evaluate(SVG_DRAWN) >= 1
    # The board widget: a move by two clicks, the page and the kernel agree.  (Lab keeps only
    # the cells near the screen in the page: bring the widget's cell there first.)
    page.evaluate(SCROLL_TO, "chapter_stage(")
    page.wait_for_selector(f"{WIDGET} svg.damas-board")
    boards = json.loads(_kernel(page, KERNEL_BOARDS).strip().splitlines()[-1])
    widgets = page.locator(WIDGET)
    target = None
    for i in range(widgets.count()):
        fen = widgets.nth(i).get_attribute("data-fen")
        for k_fen, variant, locked, mode, result, _moves in boards:
            if k_fen == fen and mode == "jogo" and not result and _clickable(fen, variant, locked):
                target = (i, *_clickable(fen, variant, locked))
                break
        if target:
            break
    assert target, f"no board in chapter 03 that a click may move: {boards}"
    i, board, move = target
    root = widgets.nth(i)
    root.scroll_into_view_if_needed()
    root.locator(f'g.damas-square[data-square="{move.start}"]').click()
    _wait_nth_attr(page, i, "data-selected", str(move.start))
    root.locator(f'g.damas-square[data-square="{move.end}"]').click()
    # The position after the move: the board's own (a task board keeps its side to move, the
    # opponent standing still), so wait for the page to leave the position, then compare.
    page.wait_for_function(
        "([sel, i, fen]) => { const e = document.querySelectorAll(sel)[i];"
        " return !!e && e.getAttribute('data-fen') !== fen; }",
        arg=[WIDGET, i, board.fen()], timeout=STEP_TIMEOUT)
    shown = widgets.nth(i).get_attribute("data-fen")
    moved = Board(shown, variant=board.variant.name)
    assert moved.piece_at(move.end) == board.piece_at(move.start) and moved.piece_at(move.start) is None, shown
    boards = json.loads(_kernel(page, KERNEL_BOARDS).strip().splitlines()[-1])
    text = board.move_text(move)
    assert any(k_fen == shown and moves and moves[-1] == text
               for k_fen, _v, _l, _m, _r, moves in boards), (text, shown, boards)
    root.screenshot(path=str(SHOTS / "lite_04_tomada.png"))

    # A chapter that draws with matplotlib: the Portuguese message, not a traceback.
    out = _kernel(page, "from damas import Board, DamasError\nfrom damas.display.plot import sequence_figure\n"
                        "try:\n    sequence_figure(Board(), [])\nexcept DamasError as e:\n    print('MSG', e)")
    assert out.startswith("MSG ") and "matplotlib" in out and "não" in out, out


def check_chapter_09_after_its_run(page, server):
    """Chapter 09 (the endgames) in JupyterLite, once «Run all» ended (test_lite_all runs it), with
    the 8x8 tables the site ships.

    The Brazilian endgame tables travel inside the site's wheel (``damas/engine/tables``); on Pyodide
    ``damas.engine.endgames.cache_dir()`` is that folder (``endgames.SHIPPED_FOLDER``), so the chapter
    reads them instead of building them in the browser, and needs no file of the site (a school
    server on plain HTTP gives the page no drive).  The endgame board (the drill's widget) is drawn,
    and no table was asked of the server."""
    out = _kernel(page, "from damas.engine import endgames\nimport os\n"
                        "print(endgames.cache_dir(), sorted(os.listdir(endgames.cache_dir())))")
    folder, _, names = out.partition(" ")
    assert folder.endswith("/site-packages/damas/engine/tables"), out
    assert "brazilian-KKKvK.egtb" in names, out
    # The tables came with the package: none was asked of the server.
    assert not [p for p in server.fetched if p.endswith(".egtb")], server.fetched[-30:]
    page.evaluate("""async () => {
      const nb = window.jupyterapp.shell.currentWidget.content;
      const i = nb.widgets.findIndex((c) => c.model.type === "code"
        && c.model.sharedModel.getSource().split("\\n").pop() === "drill()");
      nb.activeCellIndex = i;
      await nb.scrollToItem(i);
    }""")
    page.wait_for_selector(f"{WIDGET} svg.damas-board")
    page.locator(WIDGET).first.screenshot(path=str(SHOTS / "lite_09_finais.png"))


def test_lite_puzzle_trainer(lite):
    # The first problem the app shows: its first collection, in the course's order (not the file's).
    from damas.course.chapters.app_treino import app_collections
    collections, _missing = app_collections()
    first = next(iter(collections.values()))[0]
    solution = first.solution_moves()
    board = first.board()
    page = _open_and_run(lite, "notebooks/app_treino.ipynb")
    try:
        page.wait_for_selector(f"{WIDGET} svg.damas-board")
        _wait_nth_attr(page, 0, "data-fen", first.fen)
        assert "Problema 1 de" in page.inner_text("body")
        move = solution[0]
        page.click(f'{WIDGET} g.damas-square[data-square="{move.start}"]')
        _wait_nth_attr(page, 0, "data-selected", str(move.start))
        page.click(f'{WIDGET} g.damas-square[data-square="{move.end}"]')
        choices = page.locator(f"{WIDGET} button.damas-choice")
        if choices.count():
            names = board.variant.square_name if board.variant.notation == "algebraic" else str
            choices.filter(has_text=move.text(full=True, names=names)).first.click()
        board.push(solution[0])
        board.push(solution[1])
        _wait_nth_attr(page, 0, "data-fen", board.fen())
        # The verdict may be drawn a moment after the position: wait for it.
        message = page.locator(f'{WIDGET} .damas-message[data-kind="info"]', has_text="Correto até aqui")
        message.wait_for()
        assert message.inner_text().startswith("Correto até aqui")
        page.screenshot(path=str(SHOTS / "lite_treino.png"))
    finally:
        page.close()


def _matplotlib_chapter():
    """The first chapter whose code draws with matplotlib (its own import or damas.display.plot)."""
    for path in sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb")):
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        # The install cell names matplotlib in every chapter (to explain its absence): not a drawing.
        if any(c["cell_type"] == "code" and "instalar-damas" not in c.get("metadata", {}).get("tags", [])
               and re.search(r"matplotlib|damas\.plot", "".join(c["source"])) for c in cells):
            return path.name
    return None


def test_lite_matplotlib_chapter_stops_with_the_portuguese_message(lite):
    chapter = _matplotlib_chapter()
    if chapter is None:
        pytest.skip("no chapter draws with matplotlib any more")
    page, state = _open_and_run(lite, f"notebooks/{chapter}", expect="error")
    try:
        # Pyodide's kernel names the error by its class, "<class 'damas.display.plot.MatplotlibMissingError'>".
        ename, _, evalue = state[len("error: "):].partition(": ")
        assert ename.rstrip("'>").endswith("MatplotlibMissingError"), state
        assert evalue.startswith("Esta figura é desenhada com o matplotlib"), state
        assert "JupyterLite" in state and "Binder" in state
        # No traceback: the one line of the message, nothing else.
        tracebacks = page.evaluate(ERROR_TRACEBACKS)
        assert len(tracebacks) == 1 and len(tracebacks[0]) == 1, tracebacks
        assert tracebacks[0][0].startswith("MatplotlibMissingError: Esta figura")
        # What the student sees: the message under the cell, no "Traceback".
        page.evaluate("""async () => {
          const nb = window.jupyterapp.shell.currentWidget.content;
          const i = nb.widgets.findIndex((c) => c.model.type === "code"
            && c.model.outputs.toJSON().some((o) => o.output_type === "error"));
          nb.activeCellIndex = i;
          await nb.scrollToItem(i);
        }""")
        shown = page.locator('.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]').first
        shown.wait_for()
        text = shown.inner_text()
        assert text.startswith("MatplotlibMissingError: Esta figura") and "Traceback" not in text, text
        shown.scroll_into_view_if_needed()
        shown.screenshot(path=str(SHOTS / f"lite_{Path(chapter).stem}_matplotlib.png"))
    finally:
        page.close()


def test_the_source_config_pins_the_local_pyodide_and_the_kernel_version_matches():
    """No browser needed: the pins a rebuild must not lose, and the Pyodide the kernel expects."""
    build = _load_build()
    config = json.loads((ROOT / "lite" / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel == {"pyodideUrl": "./static/pyodide/pyodide.mjs", "disablePyPIFallback": True}
    assert config["exposeAppInBrowser"] == "true"
    python = build.venv_dir(build.cache_dir()) / "bin" / "python"
    if not python.exists():
        pytest.skip("no build venv cached: run `python lite/build.py --fetch-only`")
    import subprocess
    expected = subprocess.run([str(python), "-c", "from jupyterlite_pyodide_kernel.constants import "
                               "PYODIDE_VERSION; print(PYODIDE_VERSION)"], capture_output=True, text=True,
                              check=True).stdout.strip()
    assert build.PYODIDE_VERSION == expected


def test_lite_daily_training(lite):
    # «Treino do dia» offline: the session, the line above the board, and the level moving
    # when the problem is solved by clicks (the attempt saved in Pyodide's own files).
    from datetime import datetime
    from damas.course.classroom.daily import load_catalog
    from damas.problems.checker import check
    catalog = load_catalog(ROOT / "puzzles")
    page = _open_and_run(lite, "notebooks/app_treino_do_dia.ipynb")
    try:
        page.wait_for_selector(f"{WIDGET} svg.damas-board")
        note = page.locator(".damas-trainer-note")
        note.filter(has_text="Seu nível: 1500.").wait_for()
        fen = page.get_attribute(WIDGET, "data-fen")
        key = catalog.session([], datetime.now().astimezone(), n=8)[0]
        puzzle = catalog.puzzles[key]
        assert puzzle.fen == fen
        assert f"Coleção: {catalog.titles[key]}." in note.inner_text()
        board, line = puzzle.board(), []
        names = board.variant.square_name if board.variant.notation == "algebraic" else str
        while True:
            move = next(m for m in board.legal_moves() if check(puzzle, line + [m]).status != "wrong")
            verdict = check(puzzle, line + [move])
            page.click(f'{WIDGET} g.damas-square[data-square="{move.start}"]')
            _wait_nth_attr(page, 0, "data-selected", str(move.start))
            page.click(f'{WIDGET} g.damas-square[data-square="{move.end}"]')
            choices = page.locator(f"{WIDGET} button.damas-choice")
            page.wait_for_function(
                "([sel, fen]) => { const e = document.querySelector(sel);"
                " return !!e && (e.getAttribute('data-fen') !== fen || !!e.querySelector('button.damas-choice')); }",
                arg=[WIDGET, board.fen()], timeout=STEP_TIMEOUT)
            if choices.count():
                choices.filter(has_text=move.text(full=True, names=names)).first.click()
            board.push(move)
            line.append(move)
            if verdict.status == "correct":
                break
            board.push(verdict.reply)
            line.append(verdict.reply)
            _wait_nth_attr(page, 0, "data-fen", board.fen())
        note.filter(has_text="subiu").wait_for()
        level = _kernel(page, "print(round(treino.level), treino.progress.attempts[0]['resultado'])")
        assert level.split()[1] == "primeira" and int(level.split()[0]) > 1500
        assert f"Seu nível: {level.split()[0]} (subiu" in note.inner_text()
        page.screenshot(path=str(SHOTS / "lite_treino_do_dia.png"))
    finally:
        page.close()

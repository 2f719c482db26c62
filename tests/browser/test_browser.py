"""The board widget in a real browser: JupyterLab and Voilà, driven by Chromium.

Debian's Chromium (``/usr/bin/chromium``) is driven by the Python
``playwright`` package (never ``playwright install``: it downloads a browser).
Without Chromium these tests are skipped, with a message saying how to get
it; with ``DAMAS_REQUIRE_BROWSER=1`` (set by ``.ci/run``) they fail instead.

One JupyterLab server and one Voilà server for the run, on free localhost
ports, and one Chromium (``tests/browser/conftest.py``); each test gets a
fresh browser context, its own copy of the course in JupyterLab (Lab may
autosave a notebook) and an empty progress folder.

No test waits for a fixed time: each waits for the state it checks (an
attribute or a text of the page, the end of "run all cells", the kernel idle,
the board's cell active and its layout settled), since the kernel's messages
arrive one by one and a loaded machine delays each of them.

* JupyterLab: the test notebook ``tests/browser/tabuleiro.ipynb`` (clicks,
  refused move, two capture routes, setup mode) and a course chapter that
  shows a board (run all cells, play a move by clicks, page and kernel agree);
* Voilà: ``notebooks/app_tabuleiro.ipynb`` (8x8 and 10x10) and the puzzle
  trainer ``notebooks/app_treino.ipynb`` (the key move by clicks, the verdict
  beside the board, hint, progress).

Screenshots go to ``tests/browser_screenshots/`` (gitignored).
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

import damas
from damas import Board

import browser_kit
from browser_kit import NOTEBOOKS, PUZZLES, SHOTS, _env, _require_browser, progress_folder
from lab_page import KERNEL_BOARDS, KERNEL_EXEC, KERNEL_IDLE, WIDGET  # noqa: F401  (other test files import them from here)

APP = NOTEBOOKS / "app_tabuleiro.ipynb"
TRAINER_APP = NOTEBOOKS / "app_treino.ipynb"
PAGE_TIMEOUT = 90_000          # ms: kernel start, run all cells, widget drawn
STEP_TIMEOUT = 20_000          # ms: one click to the new state on the page


def _square(n):
    return f'{WIDGET} g.damas-square[data-square="{n}"]'


def expect(*args, **kwargs):
    """playwright's expect (retries until the state holds), imported only
    when a browser test runs: without playwright the tests skip."""
    from playwright.sync_api import expect as _expect
    return _expect(*args, **kwargs)


# Run all cells of the current notebook; the state waited for is the end of
# the run (the promise of the command), every code cell with its number.
RUN_ALL = """
() => {
  window.__damasRunAll = "running";
  window.jupyterapp.commands.execute("notebook:run-all-cells").then(
    (ok) => { window.__damasRunAll = ok === false ? "failed" : "done"; },
    (error) => { window.__damasRunAll = "error: " + error; });
}
"""

RUN_ALL_OVER = """
() => {
  const state = window.__damasRunAll;
  if (state === "running" || state === undefined) return false;
  if (state !== "done") return state;
  const panel = window.jupyterapp.shell.currentWidget;
  const cells = panel.content.widgets.filter((c) => c.model.type === "code");
  return cells.every((c) => c.model.executionCount !== null) ? "done" : false;
}
"""

# Make the notebook cell holding board number ``i`` the active cell and bring it
# to the middle of the view (JupyterLab keeps the active cell in view: after
# "run all" that is the last cell, and the notebook may scroll back to it).
ACTIVATE_BOARD_CELL = """
async ([sel, i]) => {
  const board = document.querySelectorAll(sel)[i];
  const notebook = window.jupyterapp.shell.currentWidget.content;
  const index = notebook.widgets.findIndex((cell) => cell.node.contains(board));
  if (index < 0) return -1;
  notebook.mode = "command";
  notebook.activeCellIndex = index;
  await notebook.scrollToItem(index, "center");
  board.querySelector("svg").scrollIntoView({ block: "center" });
  return index;
}
"""

# The board's box has kept the same place and size for ``frames`` animation
# frames in a row, inside the window, and its cell is the active one (if any);
# a board settled out of sight is scrolled back into view (and counted again).
BOARD_SETTLED = """
([sel, i, frames]) => {
  const board = document.querySelectorAll(sel)[i];
  if (!board) return false;
  const r = board.querySelector("svg").getBoundingClientRect();
  const key = [r.x, r.y, r.width, r.height].join(",");
  const seen = window.__damasSettle || (window.__damasSettle = { key: "", n: 0 });
  if (seen.key === key) seen.n += 1; else { seen.key = key; seen.n = 0; }
  const cell = board.closest(".jp-Cell");
  const active = !cell || cell.classList.contains("jp-mod-active");
  const visible = r.width > 0 && r.top >= 0 && r.bottom <= window.innerHeight;
  if (!visible && seen.n >= frames) {
    // settled out of sight (the notebook scrolled on): bring the board back
    board.querySelector("svg").scrollIntoView({ block: "center" });
    seen.n = 0;
  }
  return seen.n >= frames && active && visible;
}
"""
SETTLED_FRAMES = 10


BOARD_WHERE = """
([sel, i]) => {
  const board = document.querySelectorAll(sel)[i];
  if (!board) return "no board " + i;
  const r = board.querySelector("svg").getBoundingClientRect();
  const cell = board.closest(".jp-Cell");
  const app = window.jupyterapp;
  const nb = app && app.shell.currentWidget && app.shell.currentWidget.content;
  return JSON.stringify({ rect: [r.x, r.y, r.width, r.height], inner: window.innerHeight,
    active: cell ? cell.classList.contains("jp-mod-active") : null,
    activeIndex: nb ? nb.activeCellIndex : null, settle: window.__damasSettle || null });
}
"""


def _settle_board(page, index=0):
    """Wait until board ``index`` of the page can take a click where it is drawn."""
    page.evaluate("() => { window.__damasSettle = undefined; }")
    try:
        page.wait_for_function(BOARD_SETTLED, arg=[WIDGET, index, SETTLED_FRAMES], timeout=PAGE_TIMEOUT)
    except Exception:
        where = page.evaluate(BOARD_WHERE, [WIDGET, index])
        page.screenshot(path=str(SHOTS / "board_not_settled.png"))
        raise AssertionError(f"board {index} never settled: {where}") from None


def _wait_attr(page, name, value, timeout=STEP_TIMEOUT):
    page.wait_for_function(
        "([sel, name, value]) => { const e = document.querySelector(sel);"
        " return !!e && e.getAttribute(name) === value; }",
        arg=[WIDGET, name, value], timeout=timeout,
    )


def _positions():
    """The FENs the test expects, computed by the rules package here."""
    board = Board()
    start = board.fen()
    board.push_text("c3-d4")           # 22-18
    after_white = board.fen()
    board.push_text("f6-e5")           # 11-15: now White must capture 18x11
    after_black = board.fen()
    return start, after_white, after_black


def _new_page(site):
    page = site.context.new_page()
    page.set_default_timeout(PAGE_TIMEOUT)
    return page


def _open_lab_notebook(lab, path):
    """Open ``path`` (of the test's course copy) in JupyterLab, wait for its kernel and run all
    its cells.  Each page gets its own workspace, so no tab of an earlier page is restored (its
    widgets would be in the page too)."""
    page = _new_page(lab)
    workspace = re.sub(r"[^A-Za-z0-9]", "-", lab.path(path))
    page.goto(f"{lab.server.url}/lab/workspaces/{workspace}/tree/{lab.path(path)}")
    page.wait_for_function(KERNEL_IDLE, timeout=PAGE_TIMEOUT)
    page.evaluate(RUN_ALL)
    state = page.wait_for_function(RUN_ALL_OVER, timeout=PAGE_TIMEOUT).json_value()
    assert state == "done", f"{path}: run all cells ended with {state!r}"
    page.wait_for_function(KERNEL_IDLE, timeout=PAGE_TIMEOUT)
    return page


def test_jupyterlab_board_takes_clicks(lab):
    start, after_white, after_black = _positions()
    page = None
    try:
        page = _open_lab_notebook(lab, "tabuleiro.ipynb")
        page.wait_for_selector(f"{WIDGET} svg.damas-board", timeout=PAGE_TIMEOUT)
        _wait_attr(page, "data-fen", start)
        assert page.locator(f"{WIDGET} g.damas-square").count() == 32
        assert page.locator(f"{WIDGET} svg.damas-board .damas-piece").count() == 24

        # A legal move: c3-d4 (22-18).
        page.click(_square(22))
        _wait_attr(page, "data-selected", "22")
        assert page.get_attribute(WIDGET, "data-targets") == "17,18"
        page.click(_square(18))
        _wait_attr(page, "data-fen", after_white)
        assert page.get_attribute(_square(18), "data-piece") == "w"
        assert page.get_attribute(_square(22), "data-piece") == ""
        kernel = page.evaluate(KERNEL_EXEC, "print(tabuleiro.fen); print(tabuleiro.moves)")
        assert kernel.splitlines() == [after_white, "['c3-d4']"]
        sheet = page.locator(f"{WIDGET} .damas-sheet-table").inner_text()
        assert "c3-d4" in sheet

        # Black replies f6-e5 (11-15); White must now capture.
        page.click(_square(11))
        _wait_attr(page, "data-selected", "11")
        page.click(_square(15))
        _wait_attr(page, "data-fen", after_black)

        # An illegal move: d4-c5 (18-14) while the capture 18x11 is compulsory.
        page.click(_square(18))
        _wait_attr(page, "data-selected", "18")
        page.click(_square(14))
        message = page.locator(f'{WIDGET} .damas-message[data-kind="error"]')
        message.wait_for(timeout=STEP_TIMEOUT)
        # The kernel has handled the click (its answer is queued after it);
        # then the page must come to show what the kernel holds.
        kernel = page.evaluate(KERNEL_EXEC, "print(tabuleiro.fen); print(tabuleiro.message); "
                               "print(tabuleiro.article); print(','.join(map(str, tabuleiro.highlights)))")
        fen, kernel_message, article, kernel_highlights = (kernel.splitlines() + ["", "", "", ""])[:4]
        assert fen == after_black            # nothing changed
        assert page.get_attribute(WIDGET, "data-fen") == after_black
        assert kernel_message.strip()
        expect(page.locator(f"{WIDGET} .damas-message-text")).to_have_text(kernel_message.strip(),
                                                                           timeout=STEP_TIMEOUT)
        _wait_attr(page, "data-highlights", kernel_highlights)
        if article:                          # damas.rules.explain names the rule
            expect(page.locator(f"{WIDGET} .damas-message")).to_contain_text(f"regra {article}",
                                                                            timeout=STEP_TIMEOUT)
            assert kernel_highlights, "the squares the rule demands should be marked"
            expect(page.locator(f"{WIDGET} g.damas-highlight")).to_have_count(
                len(kernel_highlights.split(",")), timeout=STEP_TIMEOUT)
        page.locator(WIDGET).screenshot(path=str(SHOTS / "jupyterlab_lance_recusado.png"))
        page.screenshot(path=str(SHOTS / "jupyterlab_pagina.png"))

        # Two capture routes of a king to the same square: the page lists
        # them and plays the one chosen.
        ambiguous = "W:WK2:B10,11,14,19,24,26"
        page.evaluate(KERNEL_EXEC, f"tabuleiro.set_fen({ambiguous!r})")
        _wait_attr(page, "data-fen", Board(ambiguous).fen())
        assert page.locator(f"{WIDGET} svg.damas-board .damas-crown").count() == 1
        page.click(_square(2))
        _wait_attr(page, "data-selected", "2")
        page.click(_square(5))
        _wait_attr(page, "data-targets", "16,20")
        choices = page.locator(f"{WIDGET} button.damas-choice")
        assert choices.count() == 2
        assert "d8xh4xf2xa7" in choices.nth(1).inner_text()
        page.locator(WIDGET).screenshot(path=str(SHOTS / "jupyterlab_dois_caminhos.png"))
        choices.nth(1).click()
        board = Board(ambiguous)
        board.push_text("d8xh4xf2xa7")
        _wait_attr(page, "data-fen", board.fen())
        kernel = page.evaluate(KERNEL_EXEC, "print(sorted(tabuleiro.game.moves[-1].captured))")
        assert kernel.strip() == "[11, 14, 24]"

        # Setup mode: place a black king from the palette, read the FEN.
        page.click(f'{WIDGET} button[data-action="setup"]')
        _wait_attr(page, "data-mode", "montagem")
        page.click(f'{WIDGET} button.damas-palette-item[data-piece="B"]')
        page.wait_for_selector(f'{WIDGET} button.damas-palette-item.damas-active[data-piece="B"]',
                               timeout=STEP_TIMEOUT)
        page.click(_square(29))
        board.set_piece(29, damas.Piece("B", True))
        _wait_attr(page, "data-fen", board.fen())
        assert page.locator(f"{WIDGET} .damas-fen-input").input_value() == board.fen()
        kernel = page.evaluate(KERNEL_EXEC, "print(tabuleiro.fen)")
        assert kernel.strip() == board.fen()
        page.locator(WIDGET).screenshot(path=str(SHOTS / "jupyterlab_montagem.png"))
    finally:
        if page is not None:
            page.close()


def _chapters_with_a_board():
    """Course chapters (NN_Name.ipynb) whose code makes a board widget, 03 and 00 first."""
    import nbformat
    found = []
    for path in sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb")):
        cells = nbformat.read(path, as_version=4).cells
        if any(c.cell_type == "code" and re.search(r"\b(BoardWidget|PuzzleTrainer)\(", c.source)
               for c in cells):
            found.append(path.name)
    preferred = [n for n in found if n.startswith(("03_", "00_"))]
    return preferred + [n for n in found if n not in preferred]


# Every BoardWidget alive in the kernel: fen, locked colours, mode, result, moves.


def _clickable_move(fen, variant, locked):
    """A legal move of the position, made by two clicks (no other move shares
    its start and end), or None when the side to move is locked or has no move."""
    board = Board(fen, variant=variant)
    if board.turn in locked:
        return None
    moves = board.legal_moves()
    for move in moves:
        if sum(1 for m in moves if (m.start, m.end) == (move.start, move.end)) == 1:
            return board, move
    return None


def test_jupyterlab_course_chapter_board(lab):
    import json
    chapters = _chapters_with_a_board()
    if not chapters:
        pytest.skip("no course chapter shows a BoardWidget yet (00-12 have only pictures)")
    chapter = chapters[0]
    page = _open_lab_notebook(lab, f"notebooks/{chapter}")
    try:
        page.wait_for_selector(f"{WIDGET} svg.damas-board", timeout=PAGE_TIMEOUT)
        page.wait_for_function(KERNEL_IDLE, timeout=PAGE_TIMEOUT)     # every cell has run
        kernel = json.loads(page.evaluate(KERNEL_EXEC, KERNEL_BOARDS).strip().splitlines()[-1])
        assert kernel, f"{chapter}: no BoardWidget in the kernel"
        widgets_on_page = page.locator(WIDGET)
        count = widgets_on_page.count()
        assert count >= 1
        # The first board on the page that a click may move (not locked, not over, play mode).
        target = None
        for i in range(count):
            fen = widgets_on_page.nth(i).get_attribute("data-fen")
            for k_fen, variant, locked, mode, result, _moves in kernel:
                if k_fen == fen and mode == "jogo" and not result:
                    found = _clickable_move(fen, variant, locked)
                    if found is not None:
                        target = (i, fen, *found)
                        break
            if target is not None:
                break
        assert target is not None, f"{chapter}: no board on the page that a click may move"
        i, fen, board, move = target
        text = board.move_text(move)
        after = board.copy(stack=False)
        after.push(move)
        root = widgets_on_page.nth(i)
        assert page.evaluate(ACTIVATE_BOARD_CELL, [WIDGET, i]) >= 0, "the board is in no notebook cell"
        _settle_board(page, i)
        root.locator(f'g.damas-square[data-square="{move.start}"]').click()
        _wait_nth_attr(page, i, "data-selected", str(move.start))
        root.locator(f'g.damas-square[data-square="{move.end}"]').click()
        _wait_nth_attr(page, i, "data-fen", after.fen())
        assert root.locator(f'g.damas-square[data-square="{move.end}"]').get_attribute("data-piece") \
            == after.piece_at(move.end).symbol()
        assert root.locator(f'g.damas-square[data-square="{move.start}"]').get_attribute("data-piece") == ""
        # The kernel agrees: one of its boards is now at that position, with that move last.
        kernel = json.loads(page.evaluate(KERNEL_EXEC, KERNEL_BOARDS).strip().splitlines()[-1])
        assert any(k_fen == after.fen() and moves and moves[-1] == text
                   for k_fen, _v, _l, _m, _r, moves in kernel), (chapter, text, kernel)
        assert text in root.locator(".damas-message-text").inner_text()
        root.screenshot(path=str(SHOTS / f"jupyterlab_{Path(chapter).stem}.png"))
    finally:
        page.close()


def _wait_nth_attr(page, index, name, value, timeout=STEP_TIMEOUT):
    page.wait_for_function(
        "([sel, i, name, value]) => { const e = document.querySelectorAll(sel)[i];"
        " return !!e && e.getAttribute(name) === value; }",
        arg=[WIDGET, index, name, value], timeout=timeout,
    )


def test_voila_app_renders_and_takes_a_click(voila):
    start, after_white, _ = _positions()
    page = None
    try:
        page = _new_page(voila)
        page.goto(voila.server.url + "/voila/render/app_tabuleiro.ipynb")
        page.wait_for_selector(f"{WIDGET} svg.damas-board", timeout=PAGE_TIMEOUT)
        _wait_attr(page, "data-fen", start)
        # No code is shown: no input areas, no editors, no source text.
        assert page.locator(".jp-InputArea-editor, .cm-editor, .CodeMirror").count() == 0
        assert "import ipywidgets" not in page.inner_text("body")
        assert "BoardWidget(" not in page.inner_text("body")
        page.click(_square(22))
        _wait_attr(page, "data-selected", "22")
        page.click(_square(18))
        _wait_attr(page, "data-fen", after_white)
        assert "c3-d4" in page.locator(f"{WIDGET} .damas-sheet-table").inner_text()
        page.screenshot(path=str(SHOTS / "voila_app.png"))
        # The variant buttons start an International game (10x10).
        page.get_by_role("button", name="Damas internacionais (10x10)").click()
        _wait_attr(page, "data-fen", Board("international").fen())
        assert page.locator(f"{WIDGET} g.damas-square").count() == 50
        page.click(_square(32))
        _wait_attr(page, "data-targets", "27,28")
        page.locator(WIDGET).screenshot(path=str(SHOTS / "voila_10x10.png"))
    finally:
        if page is not None:
            page.close()


def _no_code_shown(page, words):
    assert page.locator(".jp-InputArea-editor, .cm-editor, .CodeMirror").count() == 0
    body = page.inner_text("body")
    for word in words:
        assert word not in body, f"code shown by Voilà: {word!r}"


def _click_move(page, board, move, taken_back=False):
    """Play ``move`` on the first board of the page by clicks (route buttons if asked).

    With ``taken_back`` (a wrong move the trainer takes back, whose start and end name one
    move), the position comes back as it was: the caller waits for the state it checks."""
    before = page.get_attribute(WIDGET, "data-fen")
    page.click(_square(move.start))
    _wait_attr(page, "data-selected", str(move.start))
    page.click(_square(move.end))
    if taken_back:
        return
    # The kernel answers the click either by playing the move or by listing routes.
    page.wait_for_function(
        "([sel, fen]) => { const e = document.querySelector(sel);"
        " return !!e && (e.getAttribute('data-fen') !== fen || !!e.querySelector('button.damas-choice')); }",
        arg=[WIDGET, before], timeout=STEP_TIMEOUT)
    choices = page.locator(f"{WIDGET} button.damas-choice")
    if choices.count():
        wanted = move.text(full=True, names=board.variant.square_name
                           if board.variant.notation == "algebraic" else str)
        choices.filter(has_text=wanted).first.click()


def _app_classics():
    """The classics of ``puzzles/classicos.pdn`` in the order the trainer app numbers them (the
    course's order: from the easiest to the hardest, :func:`damas.course.kit.catalogue.numbered`),
    not the file's: «Próximo ▶» goes to the course's problem 2."""
    from damas.course.kit.catalogue import numbered
    from damas.problems.puzzles import load_collection
    return numbered(load_collection(PUZZLES / "classicos.pdn"), "classicos.pdn")


def test_voila_puzzle_trainer(voila):
    from damas.problems.checker import hint
    puzzles = _app_classics()
    first = puzzles[0]
    solution = first.solution_moves()
    assert len(solution) >= 3, "the first golpe should need a reply and a second move"
    board = first.board()
    page = _new_page(voila)
    try:
        page.goto(voila.server.url + "/voila/render/app_treino.ipynb")
        page.wait_for_selector(f"{WIDGET} svg.damas-board", timeout=PAGE_TIMEOUT)
        _wait_attr(page, "data-fen", first.fen)
        _no_code_shown(page, ["load_collection", "PuzzleTrainer(", "import ipywidgets"])
        body = page.inner_text("body")
        assert "Problema 1 de" in body and first.title in body
        assert "Resolvidos: 0 de" in body
        # The board's game buttons (new game, setup) are hidden in the trainer.
        assert not page.locator(f'{WIDGET} button[data-action="new_game"]').is_visible()
        assert not page.locator(f'{WIDGET} button[data-action="setup"]').is_visible()

        # The key move, by clicks: the defender's reply is played, "correto até aqui".
        _click_move(page, board, solution[0])
        board.push(solution[0])
        board.push(solution[1])
        _wait_attr(page, "data-fen", board.fen())
        # The trainer judges after the board has moved: wait for its verdict.
        message = page.locator(f"{WIDGET} .damas-message")
        expect(message).to_have_text(re.compile(r"^\s*Correto até aqui"), timeout=STEP_TIMEOUT)
        expect(message).to_have_attribute("data-kind", "info", timeout=STEP_TIMEOUT)
        page.screenshot(path=str(SHOTS / "voila_treino_lance_chave.png"))

        # A wrong second move is taken back and explained ... (only if there is one)
        # The finishing move: the verdict "Correto!" beside the board, progress counted.
        _click_move(page, board, solution[2])
        board.push(solution[2])
        _wait_attr(page, "data-fen", board.fen())
        # The board's own "played" message is a success too: wait for the verdict's text.
        expect(message).to_have_text(re.compile(r"^\s*Correto!"), timeout=STEP_TIMEOUT)
        expect(message).to_have_attribute("data-kind", "success", timeout=STEP_TIMEOUT)
        page.get_by_text("Resolvidos: 1 de").wait_for(timeout=STEP_TIMEOUT)
        expect(page.locator("body")).to_contain_text("Tentativas neste problema: 1.", timeout=STEP_TIMEOUT)
        page.screenshot(path=str(SHOTS / "voila_treino_correto.png"))

        # Next problem, then a hint: the piece to move is named and marked.
        page.get_by_role("button", name="Próximo ▶").click()
        second = puzzles[1]
        _wait_attr(page, "data-fen", second.fen)
        page.get_by_role("button", name="Dica").click()
        expected = hint(second, 1)
        page.locator(f"{WIDGET} .damas-message-text", has_text=expected.text).wait_for(timeout=STEP_TIMEOUT)
        _wait_attr(page, "data-highlights", ",".join(map(str, expected.squares)))
        page.screenshot(path=str(SHOTS / "voila_treino_dica.png"))

        # The solution button plays the solution on the board.
        page.get_by_role("button", name="Ver solução").click()
        end = second.board()
        for move in second.solution_moves():
            end.push(move)
        _wait_attr(page, "data-fen", end.fen())
        # The solution's text comes after its last move: wait for it.
        expect(page.locator(f"{WIDGET} .damas-message-text")).to_have_text(re.compile(r"^\s*Solução: 1\."),
                                                                           timeout=STEP_TIMEOUT)
        page.screenshot(path=str(SHOTS / "voila_treino_solucao.png"))

        # A reload (a new kernel): the problem solved is still counted, in the page and in the
        # teacher's table (the solution seen does not count).
        page.reload()
        _wait_attr(page, "data-fen", first.fen, timeout=PAGE_TIMEOUT)
        page.get_by_text(f"Resolvidos: 1 de {len(puzzles)}.").wait_for(timeout=STEP_TIMEOUT)
        expect(page.locator("b", has_text="Problema 1 de")).to_contain_text("✓", timeout=STEP_TIMEOUT)
        # ... and so are the attempts made at it (not «Tentativas neste problema: 0» beside a ✓).
        expect(page.locator("body")).to_contain_text("Tentativas neste problema: 1.", timeout=STEP_TIMEOUT)
        page.screenshot(path=str(SHOTS / "voila_treino_recarregado.png"))
        folder = progress_folder(voila.server)
        table = subprocess.run([sys.executable, "-m", "damas", "turma", str(folder), "--grafico",
                                str(folder.parent / "turma.png")], capture_output=True, text=True,
                               env=_env(folder.parent))
        assert table.returncode == 0, table.stderr
        row = next(line for line in table.stdout.splitlines() if line.startswith("aluno-teste"))
        assert re.search(r"\b(\d+) de \d+\s*$", row).group(1) == "1", table.stdout   # problemas: 1 de N
    finally:
        page.close()


def test_without_chromium_the_browser_tests_skip_or_fail(monkeypatch):
    # The guard itself: a skip that says how to get Chromium, or a failure in CI.
    monkeypatch.setattr(browser_kit, "_chromium", lambda: None)
    monkeypatch.delenv("DAMAS_REQUIRE_BROWSER", raising=False)
    with pytest.raises(pytest.skip.Exception, match="apt-get install -y chromium"):
        _require_browser()
    monkeypatch.setenv("DAMAS_REQUIRE_BROWSER", "1")
    with pytest.raises(pytest.fail.Exception, match="apt-get install -y chromium"):
        _require_browser()


# -- issue 17: a board for every hand, a panel that says each thing once -------------------------
#
# Appended section (the tests above are left as they are).  The keyboard
# path plays a move with no mouse at all; the trainer draws its refutation;
# the apps have their own tab titles; headings fit their pictures.

CURSOR = f"{WIDGET} g.damas-square[tabindex='0']"


def _screen_rc(variant, square, flipped=False):
    row, col = Board(variant).variant.square_to_rc(square)
    size = Board(variant).variant.size
    return (size - 1 - row, size - 1 - col) if flipped else (row, col)


def _press_until_cursor(page, target, variant="brazilian", flipped=False, root=None):
    """Arrow keys until the board's cursor is on ``target``; each key waits
    for the cursor to move (no fixed times)."""
    root_sel = WIDGET if root is None else root
    goal = _screen_rc(variant, target, flipped)
    for _ in range(40):
        current = int(page.get_attribute(root_sel, "data-cursor"))
        if current == target:
            return
        row, col = _screen_rc(variant, current, flipped)
        if row != goal[0]:
            key = "ArrowUp" if goal[0] < row else "ArrowDown"
        else:
            key = "ArrowLeft" if goal[1] < col else "ArrowRight"
        page.keyboard.press(key)
        page.wait_for_function(
            "([sel, before]) => document.querySelector(sel).getAttribute('data-cursor') !== before",
            arg=[root_sel, str(current)], timeout=STEP_TIMEOUT)
        # The focus follows the cursor (roving tabindex).
        focused = page.evaluate("() => document.activeElement && document.activeElement.getAttribute('data-square')")
        assert focused == page.get_attribute(root_sel, "data-cursor")
    raise AssertionError(f"the cursor did not reach {target}")


def test_keyboard_alone_plays_a_move_in_jupyterlab(lab):
    start, after_white, after_black = _positions()
    page = _open_lab_notebook(lab, "tabuleiro.ipynb")
    try:
        page.wait_for_selector(f"{WIDGET} svg.damas-board", timeout=PAGE_TIMEOUT)
        _wait_attr(page, "data-fen", start)
        page.wait_for_function(KERNEL_IDLE, timeout=PAGE_TIMEOUT)
        # The panel at the start: the turn once (status line), an instruction in the box.
        assert page.locator(f"{WIDGET} .damas-status").inner_text().strip() == "Jogam as brancas."
        assert "Jogam as brancas" not in page.locator(f"{WIDGET} .damas-message").inner_text()
        page.locator(WIDGET).screenshot(path=str(SHOTS / "issue17_lab_inicio.png"))
        # Squares: one tab stop, each a button with a label a screen reader reads.
        assert page.locator(f"{WIDGET} g.damas-square[role='button']").count() == 32
        assert page.locator(CURSOR).count() == 1
        assert page.locator(f"{WIDGET} g.damas-square[tabindex='-1']").count() == 31
        assert page.get_attribute(_square(22), "aria-label") == "c3, pedra branca"
        assert page.get_attribute(_square(18), "aria-label") == "d4, casa vazia"
        assert page.get_attribute(_square(1), "aria-label") == "b8, pedra preta"

        # Keyboard only: focus the board's tab stop, arrows to c3, Enter, arrows to d4, Enter.
        page.locator(CURSOR).focus()
        _press_until_cursor(page, 22)
        page.keyboard.press("Enter")
        _wait_attr(page, "data-selected", "22")
        assert "selecionada" in page.get_attribute(_square(22), "aria-label")
        assert page.get_attribute(_square(18), "aria-label") == "d4, casa vazia, destino possível"
        # The cursor is drawn while the keyboard is in use.
        assert page.locator(f"{WIDGET} g.damas-square[data-square='22'] .damas-cursor").is_visible()
        page.locator(WIDGET).screenshot(path=str(SHOTS / "issue17_lab_teclado_selecao.png"))
        _press_until_cursor(page, 18)
        page.keyboard.press(" ")                        # Space plays like Enter
        _wait_attr(page, "data-fen", after_white)
        kernel = page.evaluate(KERNEL_EXEC, "print(tabuleiro.fen); print(tabuleiro.moves)")
        assert kernel.splitlines() == [after_white, "['c3-d4']"]
        # The focus stayed on the board after the redraw.
        assert page.evaluate("() => document.activeElement.getAttribute('data-square')") == "18"
        message = page.locator(f"{WIDGET} .damas-message")
        assert message.get_attribute("data-kind") == "move"
        assert message.inner_text().strip() == "As brancas jogaram c3-d4."

        # Black: select f6 with Enter, then Escape cancels; then f6-e5 by keys.
        _press_until_cursor(page, 11)
        page.keyboard.press("Enter")
        _wait_attr(page, "data-selected", "11")
        page.keyboard.press("Escape")
        _wait_attr(page, "data-selected", "0")
        assert page.get_attribute(WIDGET, "data-fen") == after_white
        page.keyboard.press("Enter")
        _wait_attr(page, "data-selected", "11")
        _press_until_cursor(page, 15)
        page.keyboard.press("Enter")
        _wait_attr(page, "data-fen", after_black)
        # JupyterLab kept its own keys out: still one notebook cell selected, no edit mode.
        assert page.locator(".jp-Notebook.jp-mod-editMode").count() == 0
        page.locator(WIDGET).screenshot(path=str(SHOTS / "issue17_lab_teclado_jogou.png"))
    finally:
        page.close()


def test_the_end_of_a_game_is_said_once_in_jupyterlab(lab):
    page = _open_lab_notebook(lab, "tabuleiro.ipynb")
    try:
        page.wait_for_selector(f"{WIDGET} svg.damas-board", timeout=PAGE_TIMEOUT)
        page.wait_for_function(KERNEL_IDLE, timeout=PAGE_TIMEOUT)
        fen = "W:W18:B15"
        page.evaluate(KERNEL_EXEC, f"tabuleiro.set_fen({fen!r})")
        _wait_attr(page, "data-fen", Board(fen).fen())
        page.click(_square(18))
        _wait_attr(page, "data-selected", "18")
        page.click(_square(11))
        _wait_attr(page, "data-result", "2-0")
        end = Board(fen)
        end.push_text("18x11")
        reason = damas.Game(end).result().reason if hasattr(damas, "Game") else None
        status = page.locator(f"{WIDGET} .damas-status").inner_text().strip()
        result = page.locator(f"{WIDGET} .damas-result").inner_text()
        message = page.locator(f"{WIDGET} .damas-message").inner_text()
        panel = page.locator(f"{WIDGET} .damas-panel").inner_text()
        assert status == "Fim da partida."
        assert message.strip() == "As brancas jogaram d4xf6."
        assert panel.count("2-0") == 1 and "Resultado: 2-0" in result
        if reason:
            assert panel.count(reason) == 1
        # The status icon keeps its size (the winner's piece), no shrunk dot.
        box = page.locator(f"{WIDGET} .damas-status svg").first.bounding_box()
        assert box["width"] >= 20 and box["height"] >= 20, box
        page.locator(WIDGET).screenshot(path=str(SHOTS / "issue17_lab_fim.png"))
    finally:
        page.close()


def test_voila_trainer_draws_the_refutation_and_offers_retry_and_next(voila):
    from damas.problems.checker import check
    puzzles = _app_classics()
    first = puzzles[0]
    board = first.board()
    solution = first.solution_moves()
    wrong = next(m for m in board.legal_moves()
                 if check(first, [m]).status == "wrong" and check(first, [m]).refutation is not None
                 and sum(1 for n in board.legal_moves() if (n.start, n.end) == (m.start, m.end)) == 1)
    refutation = check(first, [wrong]).refutation
    page = _new_page(voila)
    try:
        page.goto(voila.server.url + "/voila/render/app_treino.ipynb")
        page.wait_for_selector(f"{WIDGET} svg.damas-board", timeout=PAGE_TIMEOUT)
        _wait_attr(page, "data-fen", first.fen)
        # The tab has a title of its own; the app does not show its own command.
        assert page.title() == "Treino de problemas de damas"
        assert "voila notebooks" not in page.inner_text("body")
        # A wrong move, by clicks: taken back, the student's move and the refuting reply drawn.
        _click_move(page, board, wrong, taken_back=True)
        expected = f"tried:{'-'.join(map(str, wrong.path))},reply:{'-'.join(map(str, refutation.path))}"
        _wait_attr(page, "data-arrows", expected)
        assert page.get_attribute(WIDGET, "data-fen") == first.fen
        reply = page.locator(f"{WIDGET} g.damas-arrow[data-kind='reply']")
        assert reply.count() == 1 and reply.get_attribute("data-path") == ",".join(map(str, refutation.path))
        assert board.move_text(refutation) in page.locator(f"{WIDGET} .damas-message").inner_text()
        page.locator(WIDGET).screenshot(path=str(SHOTS / "issue17_voila_refutacao.png"))
        # Solved: one article on the screen for the end, and Tentar de novo / Próximo, no Nova partida.
        _click_move(page, board, solution[0])
        board.push(solution[0])
        board.push(solution[1])
        _wait_attr(page, "data-fen", board.fen())
        assert page.get_attribute(WIDGET, "data-arrows") == ""
        _click_move(page, board, solution[2])
        page.wait_for_selector(f'{WIDGET} .damas-message[data-kind="success"]', timeout=STEP_TIMEOUT)
        said = page.locator(f"{WIDGET} .damas-result").inner_text() + \
            page.locator(f"{WIDGET} .damas-message").inner_text() + \
            page.locator(f"{WIDGET} .damas-status").inner_text()
        assert len(set(re.findall(r"regra (\d+(?:\.\d+)*)", said))) <= 1, said
        assert page.locator(f'{WIDGET} button[data-action="new_game"]').count() == 0
        retry = page.locator(f'{WIDGET} button[data-action="retry"]')
        following = page.locator(f'{WIDGET} button[data-action="next"]')
        assert retry.inner_text() == "Tentar de novo" and following.inner_text() == "Próximo"
        page.locator(WIDGET).screenshot(path=str(SHOTS / "issue17_voila_correto.png"))
        retry.click()
        _wait_attr(page, "data-fen", first.fen)
        assert page.locator(f'{WIDGET} button[data-action="retry"]').count() == 0
    finally:
        page.close()


def test_voila_board_app_title_numbers_and_colour_blind_palette(voila):
    from damas.widget.board import PALETTES
    page = _new_page(voila)
    try:
        page.goto(voila.server.url + "/voila/render/app_tabuleiro.ipynb")
        page.wait_for_selector(f"{WIDGET} svg.damas-board", timeout=PAGE_TIMEOUT)
        _wait_attr(page, "data-fen", Board().fen())
        assert page.title() == "Tabuleiro de damas"
        page.get_by_role("button", name="Damas internacionais (10x10)").click()
        _wait_attr(page, "data-fen", Board("international").fen())
        # The square numbers: their height on the screen, in CSS pixels.
        heights = page.evaluate(
            "(sel) => [...document.querySelectorAll(sel + ' text.damas-number')]"
            ".map((t) => t.getBoundingClientRect().height)", WIDGET)
        assert len(heights) == 50 and min(heights) >= 11, min(heights)
        page.locator(WIDGET).screenshot(path=str(SHOTS / "issue17_voila_10x10.png"))
        # The colour-blind set: the target marks take its colour.
        page.locator(".widget-checkbox", has_text="Cores para daltônicos").locator("input").check()
        page.click(_square(32))
        _wait_attr(page, "data-targets", "27,28")
        page.wait_for_function(
            "([sel, colour]) => { const e = document.querySelector(sel); return !!e && e.getAttribute('stroke') === colour; }",
            arg=[f"{_square(27)} .damas-target-mark", PALETTES["daltonico"]["target"]], timeout=STEP_TIMEOUT)
        assert PALETTES["daltonico"]["target"] != PALETTES["classico"]["target"]
        page.locator(WIDGET).screenshot(path=str(SHOTS / "issue17_voila_daltonico.png"))
    finally:
        page.close()


def test_long_headings_fit_their_pictures_in_chromium(browser):
    """The estimate of damas.display.svg against Chromium's own measure of the text."""
    from damas.display.svg import board_svg
    titles = ["Exercício 2: Brancas jogam e vencem (em até 3 lances das brancas).",
              "Para a frente (d4xb6) ou para trás (d4xf2): as duas tomadas da pedra",
              "Uma volta completa: sai de c3 e volta a c3"]
    svgs = [board_svg(Board(variant), title=t) for t in titles for variant in ("brazilian", "international")]
    page = browser.new_page()
    try:
        page.set_content("<html><body>" + "".join(svgs) + "</body></html>")
        widths = page.evaluate(
            "() => [...document.querySelectorAll('svg.damas-board')].map((svg) => {"
            " const w = svg.viewBox.baseVal.width;"
            " const boxes = [...svg.querySelectorAll('text.title')].map((t) => t.getBBox());"
            " return [w, Math.min(...boxes.map((b) => b.x)), Math.max(...boxes.map((b) => b.x + b.width))]; })")
        assert len(widths) == len(svgs)
        for width, left, right in widths:
            assert left >= 0 and right <= width, (width, left, right)
    finally:
        page.close()

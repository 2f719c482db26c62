"""Progress offline (issue 29, item 6): in JupyterLite a student's stars survive a page reload and a
closed-and-reopened tab.

Chapter 02's first board task is done by clicks (★★★); chapter 00's progress panel, run in a new
kernel, shows the stars; so does it after the page is reloaded (a new Pyodide, its memory file
system gone) and after the tab is closed and another one opened (the browser's storage of the
site is all that is left).  The site and the browser context (the test's own) are the ``lite``
fixture of ``tests/browser/conftest.py``.
"""

from __future__ import annotations

import pytest

from lab_page import KERNEL_EXEC, KERNEL_IDLE, WIDGET
from test_lite import ALL_RUN, KERNEL_TIMEOUT, RUN_TIMEOUT, SHOTS, STEP_TIMEOUT


def _run_all(page, url):
    page.goto(url)
    page.wait_for_function(KERNEL_IDLE, timeout=KERNEL_TIMEOUT)
    page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
    state = page.wait_for_function(ALL_RUN, timeout=RUN_TIMEOUT, polling=500).json_value()
    assert state == "done", f"{url}: {state}"


def _stars_shown(page, shot):
    """Chapter 00's progress panel, from the live kernel, with chapter 02's three stars."""
    # The panel's cell shows a static twin (for a page whose widgets do not load, hidden by its CSS
    # once the widget shows) and then the live panel: the live one is the last output with the text.
    panel = page.locator(".jp-OutputArea-output", has_text="Seu progresso").filter(has_text="02 — Movimento") \
        .filter(has_text="★★★").last
    panel.wait_for(timeout=STEP_TIMEOUT)
    text = panel.text_content()
    assert "Tarefas feitas" in text, text
    # the student's name in the browser is «aluno», never Emscripten's login name «web_user»
    assert "Seu progresso: aluno" in text and "web_user" not in text, text
    panel.scroll_into_view_if_needed()
    panel.screenshot(path=str(SHOTS / shot))
    return text


def test_lite_stars_survive_a_reload_and_a_closed_tab(lite):
    from damas.course.kit.chapter_texts import TASKS
    server, context, _requests = lite
    task = TASKS["movimento"][0]
    line = task.shortest()
    chapter_02 = f"{server.url}/lab/index.html?path=notebooks/02_Movimento.ipynb"
    chapter_00 = f"{server.url}/lab/index.html?path=notebooks/00_Comece_aqui.ipynb"

    page = context.new_page()
    page.set_default_timeout(STEP_TIMEOUT)
    try:
        _run_all(page, chapter_02)
        # The stored outputs show no stars for this task: the kernel's file holds none yet.
        before = page.evaluate(KERNEL_EXEC, "from damas.course.kit.store import _progress\n"
                                            f"print(_progress().stars({task.key!r}))")
        assert before.strip() == "0", before
        board = page.locator(WIDGET).first
        page.wait_for_function(
            "(fen) => { const e = document.querySelector('.damas-widget'); return !!e && e.getAttribute('data-fen') === fen; }",
            arg=task.fen, timeout=STEP_TIMEOUT)
        expected = task.board()
        board.scroll_into_view_if_needed()
        for move in line:
            board.locator(f'g.damas-square[data-square="{move.start}"]').click()
            board.locator(f'g.damas-square[data-square="{move.end}"]').click()
            expected = task._after(expected, move)
            if move is not line[-1]:
                page.wait_for_function(
                    "(fen) => document.querySelector('.damas-widget').getAttribute('data-fen') === fen",
                    arg=expected.fen(), timeout=STEP_TIMEOUT)
        board.locator(".damas-message-text", has_text="★★★").wait_for(timeout=STEP_TIMEOUT)

        # Another notebook, another kernel: the stars are read from the file.
        _run_all(page, chapter_00)
        _stars_shown(page, "lite_progresso_00.png")
        # The page reloaded: a new Pyodide, nothing of the old one's memory.
        page.reload()
        _run_all(page, chapter_00)
        _stars_shown(page, "lite_progresso_recarregada.png")
    finally:
        page.close()

    # The tab closed and another opened: only the site's storage in the browser is left.
    assert not [p for p in context.pages if p.url.startswith(server.url)]     # (the context keeps about:blank)
    page = context.new_page()
    page.set_default_timeout(STEP_TIMEOUT)
    try:
        _run_all(page, chapter_00)
        _stars_shown(page, "lite_progresso_nova_aba.png")
    finally:
        page.close()

"""Run-all never stops in JupyterLite (issue 29, item 2): every notebook of the course, top to bottom.

The site is the one of ``test_lite.py`` (``lite/build.py --offline`` into a temporary folder, or
``DAMAS_LITE_SITE``), served on localhost and opened in Debian's Chromium; each notebook gets a
fresh browser context (its own storage), as a student opening the site for the first time (the
``lite`` fixture of ``tests/browser/conftest.py``).  For each notebook of
``notebooks/`` (every chapter, the glossary, the history reading and the apps):

* «Run all» reaches the last cell with the kernel idle, and no cell has an error output or a
  Python traceback on stderr;
* every widget output (a board task, a quiz, a trainer) is drawn as a live view, not «Error
  displaying widget» nor «Loading widget...»;
* one widget takes a click: a board selects the piece clicked (the widget's ``data-selected``),
  or else a button changes what its cell shows (a quiz's answer, a trainer's next problem);
* chapters 03 and 09 are checked further on the same page (``AFTER_RUN``, from ``test_lite.py``):
  a move by two clicks that the kernel agrees with, and the endgame tables the wheel ships.

The time from opening the page to the end of the run (Pyodide's start included) is written, per
notebook, to ``tests/browser_screenshots/lite_run_times.json``.  Chapter 09 needs the endgame
tables, which another change brings to the site: until then a run that stops only for their
absence is an expected failure.
"""

from __future__ import annotations

import json
import time

import pytest

from repo_paths import NOTEBOOKS
from lab_page import KERNEL_BOARDS, KERNEL_EXEC, KERNEL_IDLE, WIDGET
from test_lite import (ALL_RUN, KERNEL_TIMEOUT, SHOTS, STEP_TIMEOUT, _clickable, check_chapter_03_after_its_run,
                       check_chapter_09_after_its_run)

NOTEBOOK_NAMES = [p.name for p in sorted(NOTEBOOKS.glob("*.ipynb"))]
FULL_RUN_TIMEOUT = 900_000      # ms: the slowest chapter on a loaded 2-core machine
TIMES = SHOTS / "lite_run_times.json"
WIDGET_MIME = "application/vnd.jupyter.widget-view+json"
# The documents open in the main area, by name.
OPEN_NOTEBOOKS = "() => Array.from(window.jupyterapp.shell.widgets('main')).map(w => w.title.label)"
# What a run of chapter 09 says when the site lacks its endgame tables.
MISSING_TABLES = ("tabela", "FileNotFoundError", "table")
# What a notebook's run is checked for besides the rest (test_lite.py): the page, the site.
AFTER_RUN = {"03_Tomada.ipynb": check_chapter_03_after_its_run,
             "09_Finais.ipynb": check_chapter_09_after_its_run}

# The cells with a widget output, as [cell index among all cells, how many widget outputs].
WIDGET_CELLS = """
() => window.jupyterapp.shell.currentWidget.content.widgets
  .map((c, i) => [i, c.model.type === "code"
    ? c.model.outputs.toJSON().filter((o) => o.data && o.data["%s"]).length : 0])
  .filter(([i, n]) => n > 0)
""" % WIDGET_MIME

# Bring cell i to the screen, its node marked for the test's locators.
SCROLL_TO_CELL = """
async (i) => {
  const nb = window.jupyterapp.shell.currentWidget.content;
  nb.activeCellIndex = i;
  await nb.scrollToItem(i);
  nb.widgets[i].node.setAttribute("data-test-cell", String(i));
  return true;
}
"""

# The state of the widget views of cell i: "drawn" once every widget output has a live view
# (an element inside it), else what it shows.
CELL_WIDGETS = """
(i) => {
  const cell = window.jupyterapp.shell.currentWidget.content.widgets[i];
  if (!cell || !cell.node.isConnected) return "not on the page";
  const outs = Array.from(cell.node.querySelectorAll(".jp-OutputArea-output"))
    .filter((o) => !o.hasAttribute("data-mime-type") || o.getAttribute("data-mime-type") === "%s");
  if (!outs.length) return "no widget output";
  const bad = outs.filter((o) => !o.querySelector("*"));
  if (bad.length) return "text: " + bad.map((o) => o.textContent.trim()).join(" | ");
  return "drawn";
}
""" % WIDGET_MIME

# The error outputs and the stderr tracebacks of the current notebook.
PROBLEMS = """
() => window.jupyterapp.shell.currentWidget.content.widgets
  .filter((c) => c.model.type === "code")
  .flatMap((c) => c.model.outputs.toJSON())
  .filter((o) => o.output_type === "error"
    || (o.output_type === "stream" && o.name === "stderr" && String(o.text).includes("Traceback")))
  .map((o) => o.output_type === "error" ? o.ename + ": " + o.evalue : String(o.text).slice(-400))
"""


def _record_time(name, seconds):
    """Add ``name``'s time to TIMES: one writer at a time (pytest-xdist's workers share the file),
    each writing a whole new file."""
    from filelock import FileLock
    SHOTS.mkdir(exist_ok=True)
    with FileLock(str(TIMES) + ".lock"):
        times = json.loads(TIMES.read_text(encoding="utf-8")) if TIMES.exists() else {}
        times[name] = round(seconds, 1)
        new = TIMES.with_suffix(".new")
        new.write_text(json.dumps(dict(sorted(times.items())), indent=1, ensure_ascii=False) + "\n",
                       encoding="utf-8")
        new.replace(TIMES)


def _click_a_board(page, cell):
    """Click a piece that may move on a board of ``cell``; True once the board selected it."""
    boards = json.loads(page.evaluate(KERNEL_EXEC, KERNEL_BOARDS).strip().splitlines()[-1])
    roots = cell.locator(WIDGET)
    for k in range(roots.count()):
        root = roots.nth(k)
        fen = root.get_attribute("data-fen")
        for k_fen, variant, locked, mode, result, _moves in boards:
            if k_fen != fen or result or mode not in ("jogo", "game"):
                continue
            found = _clickable(fen, variant, locked)
            if not found:
                continue
            _board, move = found
            root.scroll_into_view_if_needed()
            root.locator(f'g.damas-square[data-square="{move.start}"]').click()
            page.wait_for_function(
                "([e, sq]) => e.getAttribute('data-selected') === sq",
                arg=[root.element_handle(), str(move.start)], timeout=STEP_TIMEOUT)
            return True
    return False


def _click_a_button(page, cell):
    """Click the first enabled button of ``cell``; True once what the cell shows has changed."""
    buttons = cell.locator(".jp-OutputArea-output button:not([disabled])")
    if not buttons.count():
        return False
    output = cell.locator(".jp-OutputArea").first
    before = output.inner_text()
    buttons.first.scroll_into_view_if_needed()
    buttons.first.click()
    page.wait_for_function("([e, text]) => e.innerText !== text",
                           arg=[output.element_handle(), before], timeout=STEP_TIMEOUT)
    return True


@pytest.mark.parametrize("name", NOTEBOOK_NAMES)
def test_lite_runs_the_notebook_to_the_end(lite, name):
    server, context, _requests = lite
    page = context.new_page()
    page.set_default_timeout(STEP_TIMEOUT)
    start = time.monotonic()
    try:
        page.goto(f"{server.url}/lab/index.html?path=notebooks/{name}")
        page.wait_for_function(KERNEL_IDLE, timeout=KERNEL_TIMEOUT)
        page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
        state = page.wait_for_function(ALL_RUN, timeout=FULL_RUN_TIMEOUT, polling=500).json_value()
        seconds = time.monotonic() - start
        problems = page.evaluate(PROBLEMS)
        if name.startswith("09_") and state != "done" and any(w in state for w in MISSING_TABLES):
            pytest.xfail(f"chapter 09 needs the endgame tables in the site (issue 29, item 5): {state}")
        assert state == "done" and not problems, f"{name} in JupyterLite: {state}; {problems}"
        _record_time(name, seconds)
        if name in AFTER_RUN:
            AFTER_RUN[name](page, server)

        # Every widget is drawn live; one of them takes a click.
        clicked = False
        widget_cells = page.evaluate(WIDGET_CELLS)
        for index, _count in widget_cells:
            page.evaluate(SCROLL_TO_CELL, index)
            page.wait_for_function(f"() => ({CELL_WIDGETS})({index}) === 'drawn'", timeout=STEP_TIMEOUT)
            if not clicked:
                cell = page.locator(f"[data-test-cell='{index}']")
                clicked = _click_a_board(page, cell) or _click_a_button(page, cell)
        if widget_cells:
            assert clicked, f"{name}: no widget took a click ({len(widget_cells)} cells with widgets)"
        # The page shows this notebook alone: no earlier one was reopened with it.
        assert page.evaluate(OPEN_NOTEBOOKS) == [name]
        page.screenshot(path=str(SHOTS / f"lite_all_{name.removesuffix('.ipynb')}.png"))
    finally:
        page.close()

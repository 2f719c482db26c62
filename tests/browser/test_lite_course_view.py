"""The course's address, a tablet and a phone, one tab, and opening that is not editing (issue 45,
items 2, 3 and 5), in the JupyterLite site of the run (``lite`` of ``conftest.py``).

* **One address**: the site's own address opens chapter 00 in the single-document view (no
  launcher, no file list).
* **A tablet (768×1024) and a phone (390×844), with touch**: the chapter runs as it opens (no
  menu needed), nothing is wider than the screen (the board fits), no file list, and a piece is
  played by taps.
* **One tab**: chapters 00, 01, 02 and 03 followed by their own links, in a row: the same tab each
  time, one kernel (the old page's goes with it), and the browser's memory does not pile up.
* **Opening is not editing**: a chapter opened and run is not modified, so leaving it asks
  nothing; an edited one is (the «Sair do site?» question comes back).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from browser_kit import SHOTS
from english_words import menus_english
from course_view import DIRTY, KERNELS, STEP_TIMEOUT, course_url, kernel, wait_run
from lab_page import KERNEL_BOARDS, WIDGET
from test_lite import _clickable
from test_lite_portuguese import english_at_rest_and_at_the_end

TABLET = {"width": 768, "height": 1024}
PHONE = {"width": 390, "height": 844}
#: A second folder for the screenshots (a reviewer's), if DAMAS_SHOTS_COPY names one.
HELPER_SHOTS = Path(os.environ["DAMAS_SHOTS_COPY"]) if os.environ.get("DAMAS_SHOTS_COPY") else None
#: The four chapters in a row, each reached by a link of the one before.
ROW = [("00_Comece_aqui.ipynb", "01 — Tabuleiro e notação"), ("01_Tabuleiro_e_notacao.ipynb", "02 — Movimento"),
       ("02_Movimento.ipynb", "03 — Tomada"), ("03_Tomada.ipynb", None)]

# JavaScript: what is wider than the screen (the document, the board, any visible element).
OVERFLOW = """
() => {
  const width = document.documentElement.clientWidth;
  const wide = [];
  if (document.documentElement.scrollWidth > width + 1) wide.push("document " + document.documentElement.scrollWidth);
  for (const el of document.querySelectorAll(".damas-widget svg.damas-board, .jp-OutputArea-output img, .damas-widget")) {
    const r = el.getBoundingClientRect();
    if (r.width > 0 && (r.right > width + 1 || r.left < -1)) wide.push(el.className.baseVal || el.className || el.tagName);
  }
  return wide;
}
"""


def _shot(page, name, full=False):
    page.screenshot(path=str(SHOTS / name), full_page=full)
    if HELPER_SHOTS is not None:
        HELPER_SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(HELPER_SHOTS / name), full_page=full)


def test_the_site_address_opens_the_course(lite):
    server, context, _requests = lite
    page = context.new_page()
    page.set_default_timeout(STEP_TIMEOUT)
    try:
        page.goto(server.url + "/")
        page.wait_for_url("**/notebooks/index.html?path=notebooks/00_Comece_aqui.ipynb")
        wait_run(page)
        assert page.locator(".jp-Launcher").count() == 0 and page.locator(".jp-DirListing:visible").count() == 0
        assert page.locator(".jp-RenderedHTMLCommon h1", has_text="Comece aqui").first.is_visible()
        _shot(page, "lite_landing.png")
        # the same from «/index.html», as a static server may be asked
        page.goto(server.url + "/index.html")
        page.wait_for_url("**/notebooks/index.html?path=notebooks/00_Comece_aqui.ipynb")
    finally:
        page.close()


@pytest.mark.parametrize("size", ["tablet", "phone"])
def test_a_tablet_and_a_phone(lite, size):
    server, _context, _requests = lite
    viewport = TABLET if size == "tablet" else PHONE
    context = _context.browser.new_context(viewport=viewport, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.set_default_timeout(STEP_TIMEOUT)
    try:
        page.goto(course_url(server.url, "notebooks/02_Movimento.ipynb"))
        wait_run(page)                      # it ran with no menu touched
        assert page.evaluate("() => document.scrollingElement.scrollTop") < 50      # the chapter's top
        _shot(page, f"lite_{size}_inicio.png")
        assert page.locator(".jp-DirListing:visible").count() == 0          # no file list
        board = page.locator(WIDGET).first
        board.scroll_into_view_if_needed()
        assert page.evaluate(OVERFLOW) == []
        box = board.locator("svg.damas-board").bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"]
        # a move by two taps, the kernel agreeing
        import json
        boards = json.loads(kernel(page, KERNEL_BOARDS).strip().splitlines()[-1])
        fen = board.get_attribute("data-fen")
        found = next((_clickable(fen, variant, locked) for k_fen, variant, locked, mode, result, _m in boards
                      if k_fen == fen and not result and _clickable(fen, variant, locked)), None)
        assert found, boards
        position, move = found
        board.locator(f'g.damas-square[data-square="{move.start}"]').tap()
        page.wait_for_function("([e, sq]) => e.getAttribute('data-selected') === sq",
                               arg=[board.element_handle(), str(move.start)])
        board.locator(f'g.damas-square[data-square="{move.end}"]').tap()
        page.wait_for_function("([e, fen]) => e.getAttribute('data-fen') !== fen",
                               arg=[board.element_handle(), fen])
        _shot(page, f"lite_{size}_tabuleiro.png")
        if size == "phone":
            # no English word on the phone's screen, at the chapter's end and in every menu (the
            # check of test_lite_portuguese.py, whose desktop page does the same)
            allowed = ("commands",)         # the toolbar folds its last buttons under «…»
            found = english_at_rest_and_at_the_end(page, allowed) + menus_english(page, allowed)
            assert not found, found
            page.screenshot(path=str(SHOTS / f"lite_portugues_{viewport['width']}.png"))
    finally:
        context.close()


def _browser_memory(browser) -> int | None:
    """The resident memory of the renderer processes of ``browser`` (the pages and their workers:
    the kernels), in bytes (Linux), or None."""
    if not Path("/proc").is_dir():
        return None
    session = browser.new_browser_cdp_session()
    try:
        processes = session.send("SystemInfo.getProcessInfo")["processInfo"]
    finally:
        session.detach()
    total = 0
    for process in processes:
        if process.get("type") != "renderer":
            continue
        try:
            status = Path(f"/proc/{process['id']}/status").read_text()
        except OSError:
            continue
        total += next(int(line.split()[1]) * 1024 for line in status.splitlines() if line.startswith("VmRSS:"))
    return total


def test_one_tab_one_kernel_four_chapters_in_a_row(lite):
    server, context, _requests = lite
    page = context.new_page()
    page.set_default_timeout(STEP_TIMEOUT)
    dialogs = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.type), dialog.dismiss()))
    memory = []
    try:
        page.goto("about:blank")
        before = _browser_memory(context.browser)
        page.goto(server.url + "/")
        for notebook, link in ROW:
            page.wait_for_url(f"**/notebooks/index.html?path=notebooks/{notebook}")
            wait_run(page)
            kernels, sessions = page.evaluate(KERNELS)
            assert kernels == 1 and sessions == [f"notebooks/{notebook}"], (kernels, sessions)
            assert [p.url for p in context.pages] == [page.url]                 # one tab
            assert page.evaluate(DIRTY) == [False, False]                     # opened, run, not modified
            memory.append(_browser_memory(context.browser))
            if link:
                anchor = page.locator(".jp-RenderedHTMLCommon a", has_text=link).last
                anchor.scroll_into_view_if_needed()
                anchor.click()
        assert dialogs == []                  # leaving a chapter asked nothing
        if before is not None:
            print("memória das páginas (MB): antes", before // 2**20, "e depois de cada capítulo",
                  [m // 2**20 for m in memory])
            # One kernel at a time: three more chapters cost less than the first one did (its page
            # and its Python), where three more kernels would cost about three times as much.
            assert memory[-1] - memory[0] < memory[0] - before, (before, memory)
    finally:
        page.close()


def test_an_edited_chapter_is_modified_and_leaving_asks(lite):
    server, context, _requests = lite
    page = context.new_page()
    page.set_default_timeout(STEP_TIMEOUT)
    dialogs = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.type), dialog.accept()))
    try:
        page.goto(course_url(server.url, "notebooks/00_Comece_aqui.ipynb"))
        wait_run(page)
        assert page.evaluate(DIRTY) == [False, False]
        page.locator(".jp-Notebook").first.click()          # the page has had a gesture (Chromium asks then only)
        page.evaluate("""() => {
          const cell = window.jupyterapp.shell.currentWidget.content.widgets.find((c) => c.model.type === "markdown");
          cell.model.sharedModel.setSource(cell.model.sharedModel.getSource() + "\\n\\nUma linha nova.");
        }""")
        page.wait_for_function(f"() => ({DIRTY})()[0] === true")
        page.goto(course_url(server.url, "notebooks/01_Tabuleiro_e_notacao.ipynb"))
        assert dialogs == ["beforeunload"]
    finally:
        page.close()


def test_the_course_map_opens_a_chapter_in_the_same_tab(lite):
    server, context, _requests = lite
    page = context.new_page()
    page.set_default_timeout(STEP_TIMEOUT)
    try:
        page.goto(course_url(server.url, "notebooks/app_mapa.ipynb"))
        wait_run(page)
        part = page.locator(".damas-picture-live [data-href$='.ipynb']").first
        href = part.get_attribute("data-href")
        part.scroll_into_view_if_needed()
        part.click()
        page.wait_for_url(f"**/notebooks/index.html?path=notebooks/{href}")
        wait_run(page)
        assert [p.url for p in context.pages] == [page.url]
        assert page.evaluate(KERNELS) == [1, [f"notebooks/{href}"]]
    finally:
        page.close()

"""A school server on plain HTTP (issue 45, item 1): the site served under a host name that is
neither HTTPS nor localhost, where the browser gives the page no service worker.

The site of the run (``lite_site``, on 127.0.0.1) is opened as ``http://escola.test:<port>`` by a
Chromium of this module that maps the name to 127.0.0.1 (``--host-resolver-rules``): for the page
it is a non-local host on plain HTTP, not a secure context, so JupyterLite's drive does not exist
in the kernel.  Chapters 00, 06, 09 and História open in the course's view and run to the end with
no error and no traceback: the collections, the chapters' data and the endgame tables come from
the package (``damas.course.kit.lite``), never from the site's files; a star earned on a board
survives a reload (the browser's IndexedDB); chapter 00's panel says where the stars are.
"""

from __future__ import annotations

import re

import pytest

from browser_kit import CHROMIUM_ARGS, SHOTS, VIEWPORT, _chromium
from course_view import STEP_TIMEOUT, course_url, kernel, wait_run
from lab_page import WIDGET

HOST = "escola.test"
PROGRESS = "/home/pyodide/damas-progresso"
# JavaScript: the student's progress file, as IDBFS keeps it in the browser, holds the text given.
STORED = """
(text) => new Promise((resolve) => {
  const open = indexedDB.open("%(folder)s");
  open.onerror = () => resolve(false);
  open.onsuccess = () => {
    const db = open.result;
    if (!db.objectStoreNames.contains("FILE_DATA")) { db.close(); resolve(false); return; }
    const get = db.transaction("FILE_DATA", "readonly").objectStore("FILE_DATA").get("%(folder)s/aluno.json");
    get.onerror = () => { db.close(); resolve(false); };
    get.onsuccess = () => {
      const entry = get.result;
      db.close();
      resolve(!!entry && !!entry.contents && new TextDecoder().decode(entry.contents).includes(text));
    };
  };
})
""" % {"folder": PROGRESS}
HELPER_SHOTS = "/work/helpers/shots/w-web"


@pytest.fixture(scope="module")
def escola(chromium):
    """A Chromium that reaches the local site under the name escola.test (a second browser of the
    same playwright: a launch argument, not a context's)."""
    browser = chromium.browser_type.launch(
        executable_path=_chromium(), headless=True,
        args=CHROMIUM_ARGS + [f"--host-resolver-rules=MAP {HOST} 127.0.0.1"])
    try:
        yield browser
    finally:
        browser.close()


@pytest.fixture
def school(escola, lite_site):
    """(the site's address under escola.test, a fresh context, the paths asked of the server since)."""
    port = lite_site.url.rsplit(":", 1)[1]
    context = escola.new_context(viewport=VIEWPORT)
    start = len(lite_site.fetched)
    try:
        yield f"http://{HOST}:{port}", context, lambda: lite_site.fetched[start:]
    finally:
        context.close()


def _shot(page, name):
    page.screenshot(path=str(SHOTS / name))
    from pathlib import Path
    helper = Path(HELPER_SHOTS)
    if helper.parent.is_dir():
        helper.mkdir(exist_ok=True)
        page.screenshot(path=str(helper / name))


@pytest.mark.parametrize("notebook", ["00_Comece_aqui.ipynb", "06_Golpes_classicos.ipynb", "09_Finais.ipynb",
                                      "Historia.ipynb"])
def test_a_chapter_runs_on_plain_http(school, notebook):
    base, context, fetched = school
    page = context.new_page()
    page.set_default_timeout(STEP_TIMEOUT)
    try:
        page.goto(course_url(base, f"notebooks/{notebook}"))
        # plain HTTP on a host that is not local: no secure context, no service worker
        assert page.evaluate("() => [window.isSecureContext, 'serviceWorker' in navigator]") == [False, False]
        wait_run(page)
        where = kernel(page, "import os\nfrom damas.course.kit import lite\nfrom damas.engine import endgames\n"
                             "print(os.getcwd(), os.path.isdir('/drive'), lite.storage(), endgames.cache_dir())")
        cwd, drive, storage, tables = where.split()
        assert cwd == "/home/pyodide/damas-curso/notebooks" and drive == "False", where
        assert storage == "browser", where
        assert tables.endswith("/site-packages/damas/engine/tables"), where
        # nothing of the course's files was asked of the server: they came with the package
        asked = fetched()
        assert not [p for p in asked if re.match(r"/(files|api/contents)/(puzzles|endgames|notebooks/data)/", p)], asked
        if notebook.startswith("09_"):
            count = kernel(page, "from damas.engine import endgames\nimport os\n"
                                 "print(len([n for n in os.listdir(endgames.cache_dir()) if n.endswith('.egtb')]))")
            assert int(count) >= 7, count
        if notebook.startswith("00_"):
            panel = page.locator(".jp-OutputArea-output", has_text="Seu progresso").last
            panel.wait_for()
            text = panel.inner_text()
            assert "Suas estrelas ficam guardadas neste navegador, nos dados deste site" in text, text
            assert "Traceback" not in page.inner_text("body")
            panel.scroll_into_view_if_needed()
            _shot(page, "lite_http_00_comece_aqui.png")
    finally:
        page.close()


def test_a_star_survives_a_reload_on_plain_http(school):
    from damas.course.kit.chapter_texts import TASKS
    base, context, _fetched = school
    task = TASKS["movimento"][0]
    page = context.new_page()
    page.set_default_timeout(STEP_TIMEOUT)
    try:
        page.goto(course_url(base, "notebooks/02_Movimento.ipynb"))
        wait_run(page)
        assert kernel(page, f"from damas.course.kit.store import _progress\nprint(_progress().stars({task.key!r}))").strip() == "0"
        board = page.locator(WIDGET).first
        page.wait_for_function("(fen) => document.querySelector('.damas-widget').getAttribute('data-fen') === fen",
                               arg=task.fen)
        expected = task.board()
        board.scroll_into_view_if_needed()
        line = task.shortest()
        for move in line:
            board.locator(f'g.damas-square[data-square="{move.start}"]').click()
            board.locator(f'g.damas-square[data-square="{move.end}"]').click()
            expected = task._after(expected, move)
            if move is not line[-1]:
                page.wait_for_function(
                    "(fen) => document.querySelector('.damas-widget').getAttribute('data-fen') === fen",
                    arg=expected.fen())
        board.locator(".damas-message-text", has_text="★★★").wait_for()
        # The browser's IndexedDB has the file the kernel wrote (Emscripten's IDBFS keeps each
        # write at once, after it): wait for it before leaving the page.
        page.wait_for_function(STORED, arg=task.key, polling=250)
        page.goto(course_url(base, "notebooks/00_Comece_aqui.ipynb"))
        wait_run(page)
        stars = kernel(page, f"from damas.course.kit.store import _progress\nprint(_progress().stars({task.key!r}))")
        assert stars.strip() == "3", stars
        page.locator(".jp-OutputArea-output", has_text="02 — Movimento").last.wait_for()
    finally:
        page.close()

"""A student's first visit to the JupyterLite site: bytes downloaded, time to the first board and
to a live board, at desktop and tablet sizes.

Run:  python3 benchmarks/lite_first_visit.py SITE [--notebook notebooks/02_Movimento.ipynb] [--runs 1]

SITE is a folder built by ``lite/build.py`` (this checkout's or an older one's).  For each size
(desktop 1280×900 with a mouse; tablet 768×1024 with touch) and each run, a new Chromium profile
(cache, storage and service worker empty: a first visit) opens the chapter as a student would:

* a site with the course's extension (``extensions/damas-curso``, since issue 45): the course view
  ``notebooks/index.html?path=NOTEBOOK``, which runs the chapter as it opens;
* an older site: JupyterLab's ``lab/index.html?path=NOTEBOOK``, where the student has to choose
  «Executar todas as células»; the script does it (``notebook:run-all-cells``) as soon as the
  notebook is there, i.e. a student who clicks instantly: the older site's figures are a best case.

It measures, from the start of the navigation:

* **first board**: an ``svg.damas-board`` of a board widget drawn in the page (the chapter's
  boards are widgets: nothing is drawn before the kernel runs their cells).  If the first board's
  cell is off-screen the script scrolls the notebook to it, as a student would;
* **live board**: that board answered a tap (a click on desktop) on a piece that can move: the
  page shows the square selected, which only the kernel decides (board.js sends the click to
  Python and draws what comes back);
* **bytes**: what the local server sent (file bodies, uncompressed: Python's ``http.server``
  compresses nothing; a server with gzip sends less) until each moment, the kernel's worker and
  the service worker included.

Wall-clock times on whatever the machine is doing: run it on a quiet machine, under nice, and read
them as orders of magnitude.  Chromium is Debian's (/usr/bin/chromium) driven by playwright, as in
tests/browser/.  A benchmark: it prints figures and asserts no time.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import shlex
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SIZES = {"desktop": ({"width": 1280, "height": 900}, False),
         "tablet": ({"width": 768, "height": 1024}, True)}
TIMEOUT = 900.0      # seconds a first visit may take on a loaded machine

# JavaScript: the first board widget's state: "none" (no widget output yet), "scrolled" (its cell
# was brought into view: not drawn yet), or [fen, selected] of the first drawn board.
FIRST_BOARD = """
() => {
  const drawn = document.querySelector(".damas-widget svg.damas-board");
  if (drawn) {
    const root = drawn.closest(".damas-widget");
    return [root.getAttribute("data-fen"), root.getAttribute("data-selected")];
  }
  const panel = window.jupyterapp && window.jupyterapp.shell && window.jupyterapp.shell.currentWidget;
  const notebook = panel && panel.content;
  if (!notebook || !notebook.widgets) return "none";
  const index = notebook.widgets.findIndex((c) => c.model.type === "code" && c.model.outputs.toJSON()
    .some((o) => o.data && o.data["application/vnd.jupyter.widget-view+json"]));
  if (index < 0) return "none";
  if (notebook.scrollToItem) notebook.scrollToItem(index, "center");
  else notebook.widgets[index].node.scrollIntoView();
  return "scrolled";
}
"""

# JavaScript: the notebook is there with its session (the older site's student may run it now).
NOTEBOOK_READY = """
() => {
  const panel = window.jupyterapp && window.jupyterapp.shell && window.jupyterapp.shell.currentWidget;
  return !!(panel && panel.content && panel.content.widgets && panel.content.widgets.length
            && panel.sessionContext && panel.sessionContext.session);
}
"""

RUN_ALL = "() => window.jupyterapp.commands.execute('notebook:run-all-cells')"


class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
                      ".json": "application/json", ".ipynb": "application/json"}

    def copyfile(self, source, outputfile):
        while True:
            chunk = source.read(64 * 1024)
            if not chunk:
                break
            outputfile.write(chunk)
            with self.server.lock:
                self.server.sent += len(chunk)

    def log_message(self, format, *args):
        pass


class _Server:
    def __init__(self, folder: Path):
        self.httpd = http.server.ThreadingHTTPServer(
            ("127.0.0.1", 0), functools.partial(_Handler, directory=str(folder)))
        self.httpd.daemon_threads = True
        self.httpd.lock = threading.Lock()
        self.httpd.sent = 0
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    @property
    def sent(self) -> int:
        with self.httpd.lock:
            return self.httpd.sent

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def _movable(fen: str) -> int | None:
    """The start square of a move of the side to move in ``fen`` (None if it has none)."""
    from damas.rules.board import Board
    moves = Board(fen).legal_moves()
    return moves[0].start if moves else None


def visit(playwright, server: _Server, notebook: str, size: str, course_view: bool) -> dict:
    """One first visit: {'board': s, 'board_bytes': n, 'live': s, 'live_bytes': n}."""
    viewport, touch = SIZES[size]
    with tempfile.TemporaryDirectory() as profile:
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path="/usr/bin/chromium", headless=True, viewport=viewport,
            has_touch=touch, is_mobile=touch,
            args=["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync"])
        try:
            page = context.pages[0] if context.pages else context.new_page()
            page.set_default_timeout(TIMEOUT * 1000)
            view = "notebooks" if course_view else "lab"
            start_bytes = server.sent
            t0 = time.perf_counter()
            page.goto(f"{server.url}/{view}/index.html?path={notebook}", wait_until="commit")
            if not course_view:
                page.wait_for_function(NOTEBOOK_READY, polling=100)
                page.evaluate(RUN_ALL)          # the student's «Executar todas as células»
            handle = page.wait_for_function(
                f"() => {{ const s = ({FIRST_BOARD})(); return Array.isArray(s) ? s : false; }}", polling=100)
            result = {"board": time.perf_counter() - t0, "board_bytes": server.sent - start_bytes}
            fen, _selected = handle.json_value()
            square = _movable(fen)
            if square is None:
                raise RuntimeError(f"the first board has no move: {fen}")
            target = page.locator(f'.damas-widget g.damas-square[data-square="{square}"]').first
            target.scroll_into_view_if_needed()
            # Tap (or click) until the board answers: a tap made while the kernel is still busy
            # waits in its queue, and one made before the widget's model is synced may be lost,
            # so the tap is repeated until the selection comes back (never a fixed wait).
            answered = ("() => { const r = document.querySelector('.damas-widget');"
                        f" return r && r.getAttribute('data-selected') === '{square}'; }}")
            while True:
                (target.tap if touch else target.click)()
                try:
                    page.wait_for_function(answered, polling=50, timeout=5_000)
                    break
                except Exception:
                    if time.perf_counter() - t0 > TIMEOUT:
                        raise
            result["live"] = time.perf_counter() - t0
            result["live_bytes"] = server.sent - start_bytes
            return result
        finally:
            context.close()


def _mb(n: int) -> str:
    return f"{n / 1e6:,.1f}".replace(",", " ").replace(".", ",")


def _s(t: float) -> str:
    return f"{t:.1f}".replace(".", ",")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", type=Path, help="a folder built by lite/build.py")
    parser.add_argument("--notebook", default="notebooks/02_Movimento.ipynb")
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--sizes", default="desktop,tablet")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright
    site = args.site.resolve()
    course_view = (site / "extensions" / "damas-curso").is_dir()
    server = _Server(site)
    rows = []
    try:
        with sync_playwright() as p:
            for size in args.sizes.split(","):
                for run in range(args.runs):
                    rows.append((size, run + 1, visit(p, server, args.notebook, size, course_view)))
    finally:
        server.stop()
    print("$ python3 " + " ".join(shlex.quote(a) for a in ["benchmarks/lite_first_visit.py", *(argv or sys.argv[1:])]))
    print(f"site {site} ({'course view, runs on opening' if course_view else 'JupyterLab view, run-all at once'}), "
          f"{args.notebook}, empty cache; MB = 10^6 bytes sent by the server, uncompressed")
    print("| size | run | first board (s) | MB until then | live board (s) | MB until then |")
    print("|---|---|---|---|---|---|")
    for size, run, r in rows:
        viewport = SIZES[size][0]
        print(f"| {size} {viewport['width']}×{viewport['height']}{' touch' if SIZES[size][1] else ''} | {run} | "
              f"{_s(r['board'])} | {_mb(r['board_bytes'])} | {_s(r['live'])} | {_mb(r['live_bytes'])} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())

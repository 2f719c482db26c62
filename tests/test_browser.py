"""The board widget in a real browser: JupyterLab and Voilà, driven by Chromium.

Debian's Chromium (``/usr/bin/chromium``) is driven by the Python
``playwright`` package (never ``playwright install``: it downloads a browser).
Without Chromium these tests are skipped, with a message saying how to get
it; with ``DAMAS_REQUIRE_BROWSER=1`` (set by ``.ci/run``) they fail instead.

Each test starts its own server on a free localhost port, serving a
temporary copy of the notebook (Lab may autosave it), and kills it in a
``finally``.  Screenshots go to ``tests/browser_screenshots/`` (gitignored).
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

import damas
from damas import Board

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOK = ROOT / "tests" / "browser" / "tabuleiro.ipynb"
APP = ROOT / "notebooks" / "app_tabuleiro.ipynb"
SHOTS = ROOT / "tests" / "browser_screenshots"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run",
                 "--disable-component-update", "--disable-sync"]
SERVER_START_TIMEOUT = 90      # seconds until the server answers
PAGE_TIMEOUT = 90_000          # ms: kernel start, run all cells, widget drawn
STEP_TIMEOUT = 20_000          # ms: one click to the new state on the page

WIDGET = ".damas-widget"


def _square(n):
    return f'{WIDGET} g.damas-square[data-square="{n}"]'


def _chromium() -> str | None:
    for path in (os.environ.get("DAMAS_CHROMIUM"), "/usr/bin/chromium", "/usr/bin/chromium-browser",
                 shutil.which("chromium"), shutil.which("chromium-browser")):
        if path and os.path.exists(path):
            return path
    return None


def _require_browser():
    """Chromium and playwright, or a skip (a failure under DAMAS_REQUIRE_BROWSER=1)."""
    problems = []
    if _chromium() is None:
        problems.append("Chromium not found: install Debian's package with `apt-get install -y chromium` "
                        "(or set DAMAS_CHROMIUM to its path); never `playwright install`")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        problems.append("the Python package playwright is missing: `pip install playwright`")
    for module in ("jupyterlab", "voila", "anywidget"):
        try:
            __import__(module)
        except ImportError:
            problems.append(f"{module} is missing: `pip install -r requirements.txt`")
    if problems:
        message = "; ".join(problems)
        if os.environ.get("DAMAS_REQUIRE_BROWSER") == "1":
            pytest.fail(f"DAMAS_REQUIRE_BROWSER=1 but the browser test cannot run: {message}")
        pytest.skip(message)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _env(tmp: Path) -> dict:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    env["JUPYTER_RUNTIME_DIR"] = str(tmp / "runtime")
    env["JUPYTERLAB_SETTINGS_DIR"] = str(tmp / "settings")
    env["JUPYTERLAB_WORKSPACES_DIR"] = str(tmp / "workspaces")
    env["PYTHONHASHSEED"] = "0"
    # No "Jupyter news" pop-up over the page (it would cover the screenshots).
    settings = tmp / "settings" / "@jupyterlab" / "apputils-extension"
    settings.mkdir(parents=True, exist_ok=True)
    (settings / "notification.jupyterlab-settings").write_text(
        '{"fetchNews": "false", "checkForUpdates": false}', encoding="utf-8")
    return env


class Server:
    """A server process in its own process group, killed on exit."""

    def __init__(self, args, cwd: Path, url: str, log: Path, env: dict):
        self.url = url
        self.log = log
        self._log_file = open(log, "wb")
        self.proc = subprocess.Popen(args, cwd=cwd, env=env, stdout=self._log_file, stderr=subprocess.STDOUT,
                                     stdin=subprocess.DEVNULL, start_new_session=True)

    def wait_ready(self, path: str):
        deadline = time.monotonic() + SERVER_START_TIMEOUT
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise AssertionError(f"server exited with code {self.proc.returncode}:\n{self.tail()}")
            try:
                with urllib.request.urlopen(self.url + path, timeout=5) as response:
                    if response.status == 200:
                        return
            except OSError:
                pass
            time.sleep(0.5)
        raise AssertionError(f"server did not answer in {SERVER_START_TIMEOUT} s:\n{self.tail()}")

    def tail(self, n=4000) -> str:
        self._log_file.flush()
        return self.log.read_bytes()[-n:].decode("utf-8", "replace")

    def stop(self):
        if self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGTERM)
                self.proc.wait(timeout=15)
            except (ProcessLookupError, subprocess.TimeoutExpired):
                try:
                    os.killpg(self.proc.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
                self.proc.wait(timeout=10)
        self._log_file.close()


def _browser(playwright, profile: Path):
    return playwright.chromium.launch_persistent_context(
        str(profile), executable_path=_chromium(), headless=True, args=CHROMIUM_ARGS,
        viewport={"width": 1280, "height": 900},
    )


# JavaScript run in the JupyterLab page: execute code in the notebook's kernel
# and return what it printed (a query made on the kernel's side).
KERNEL_EXEC = """
async (code) => {
  const panel = window.jupyterapp.shell.currentWidget;
  const kernel = panel.sessionContext.session.kernel;
  const future = kernel.requestExecute({ code, store_history: false });
  let out = "";
  future.onIOPub = (msg) => {
    if (msg.header.msg_type === "stream") out += msg.content.text;
    if (msg.header.msg_type === "error") out += "ERROR " + msg.content.ename + ": " + msg.content.evalue;
  };
  await future.done;
  return out;
}
"""

KERNEL_IDLE = """
() => {
  const app = window.jupyterapp;
  if (!app || !app.shell) return false;
  const panel = app.shell.currentWidget;
  const ctx = panel && panel.sessionContext;
  const kernel = ctx && ctx.session && ctx.session.kernel;
  return !!kernel && kernel.status === "idle";
}
"""


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


def test_jupyterlab_board_takes_clicks(tmp_path):
    _require_browser()
    from playwright.sync_api import sync_playwright

    SHOTS.mkdir(exist_ok=True)
    work = tmp_path / "nb"
    work.mkdir()
    shutil.copy(NOTEBOOK, work / "tabuleiro.ipynb")
    port = _free_port()
    server = Server(
        [sys.executable, "-m", "jupyterlab", "--allow-root", "--no-browser", "--ip=127.0.0.1",
         f"--port={port}", f"--ServerApp.root_dir={work}", "--IdentityProvider.token=",
         "--ServerApp.password=", "--LabApp.expose_app_in_browser=True",
         "--ServerApp.open_browser=False"],
        cwd=work, url=f"http://127.0.0.1:{port}", log=tmp_path / "lab.log", env=_env(tmp_path),
    )
    start, after_white, after_black = _positions()
    try:
        server.wait_ready("/api/status")
        with sync_playwright() as p:
            context = _browser(p, tmp_path / "profile")
            try:
                page = context.pages[0] if context.pages else context.new_page()
                page.set_default_timeout(PAGE_TIMEOUT)
                page.goto(server.url + "/lab/tree/tabuleiro.ipynb")
                page.wait_for_function(KERNEL_IDLE, timeout=PAGE_TIMEOUT)
                page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
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
                shown = page.locator(f"{WIDGET} .damas-message-text").inner_text().strip()
                kernel = page.evaluate(KERNEL_EXEC,
                                       "print(tabuleiro.fen); print(tabuleiro.message); print(tabuleiro.article)")
                fen, kernel_message, article = (kernel.splitlines() + ["", "", ""])[:3]
                assert fen == after_black            # nothing changed
                assert page.get_attribute(WIDGET, "data-fen") == after_black
                assert shown == kernel_message.strip() and shown
                if article:                          # damas.explain names the rule
                    box = page.locator(f"{WIDGET} .damas-message").inner_text()
                    assert f"regra {article}" in box
                    highlights = page.get_attribute(WIDGET, "data-highlights")
                    assert highlights, "the squares the rule demands should be marked"
                    assert page.locator(f"{WIDGET} g.damas-highlight").count() == len(highlights.split(","))
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
                context.close()
    finally:
        server.stop()


def test_voila_app_renders_and_takes_a_click(tmp_path):
    _require_browser()
    from playwright.sync_api import sync_playwright

    SHOTS.mkdir(exist_ok=True)
    work = tmp_path / "app"
    work.mkdir()
    shutil.copy(APP, work / "app_tabuleiro.ipynb")
    port = _free_port()
    server = Server(
        [sys.executable, "-m", "voila", "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
         "app_tabuleiro.ipynb"],
        cwd=work, url=f"http://127.0.0.1:{port}", log=tmp_path / "voila.log", env=_env(tmp_path),
    )
    start, after_white, _ = _positions()
    try:
        server.wait_ready("/")
        with sync_playwright() as p:
            context = _browser(p, tmp_path / "profile")
            try:
                page = context.pages[0] if context.pages else context.new_page()
                page.set_default_timeout(PAGE_TIMEOUT)
                page.goto(server.url + "/")
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
                context.close()
    finally:
        server.stop()


def test_without_chromium_the_browser_tests_skip_or_fail(monkeypatch):
    # The guard itself: a skip that says how to get Chromium, or a failure in CI.
    monkeypatch.setattr(sys.modules[__name__], "_chromium", lambda: None)
    monkeypatch.delenv("DAMAS_REQUIRE_BROWSER", raising=False)
    with pytest.raises(pytest.skip.Exception, match="apt-get install -y chromium"):
        _require_browser()
    monkeypatch.setenv("DAMAS_REQUIRE_BROWSER", "1")
    with pytest.raises(pytest.fail.Exception, match="apt-get install -y chromium"):
        _require_browser()

"""What the browser tests start: Chromium, the JupyterLab and Voilà servers, the JupyterLite site.

The fixtures that hold them are in ``tests/browser/conftest.py``; this module has the pieces
(found, started, stopped) so that a test that needs a server of its own (another environment)
builds it the same way.

Debian's Chromium (``/usr/bin/chromium``) is driven by the Python ``playwright`` package (never
``playwright install``: it downloads a browser).  Without Chromium the browser tests are skipped,
with a message saying how to get it; with ``DAMAS_REQUIRE_BROWSER=1`` (set by ``.ci/run``) they
fail instead.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import importlib.util
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from repo_paths import REPO
from script_files import load_script

ROOT = REPO
NOTEBOOKS = ROOT / "notebooks"
PUZZLES = ROOT / "puzzles"
SHOTS = ROOT / "tests" / "browser_screenshots"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run",
                 "--disable-component-update", "--disable-sync"]
VIEWPORT = {"width": 1280, "height": 900}
SERVER_START_TIMEOUT = 90      # seconds until the server answers
STUDENT = "aluno-teste"        # the student of the servers' kernels (DAMAS_ALUNO)
#: The course's JupyterLab settings as this checkout has them (overrides.d/damas.json,
#: page_config.json), not the copy ``pip install ./jupyter-settings`` made, which may be older.
SETTINGS = ROOT / "jupyter-settings"


def _chromium() -> str | None:
    for path in (os.environ.get("DAMAS_CHROMIUM"), "/usr/bin/chromium", "/usr/bin/chromium-browser",
                 shutil.which("chromium"), shutil.which("chromium-browser")):
        if path and os.path.exists(path):
            return path
    return None


def skip_or_fail(problems: list[str], what: str = "the browser test"):
    """Skip with the problems said, or fail under DAMAS_REQUIRE_BROWSER=1 (CI)."""
    message = "; ".join(problems)
    if os.environ.get("DAMAS_REQUIRE_BROWSER") == "1":
        pytest.fail(f"DAMAS_REQUIRE_BROWSER=1 but {what} cannot run: {message}")
    pytest.skip(message)


def _chromium_problems() -> list[str]:
    problems = []
    if _chromium() is None:
        problems.append("Chromium not found: install Debian's package with `apt-get install -y chromium` "
                        "(or set DAMAS_CHROMIUM to its path); never `playwright install`")
    if importlib.util.find_spec("playwright") is None:
        problems.append("the Python package playwright is missing: `pip install playwright`")
    return problems


def _require_browser():
    """Chromium, playwright and the Jupyter servers, or a skip (a failure under DAMAS_REQUIRE_BROWSER=1)."""
    problems = _chromium_problems()
    for module in ("jupyterlab", "voila", "anywidget"):
        if importlib.util.find_spec(module) is None:
            problems.append(f"{module} is missing: `pip install -r requirements.txt`")
    if problems:
        skip_or_fail(problems)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _env(tmp: Path) -> dict:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), str(SETTINGS), env.get("PYTHONPATH")]))
    # The course's Jupyter settings of this checkout, as `pip install ./jupyter-settings` lays them
    # out: the server extension turned on and Voilà's template chosen (etc/jupyter), the template
    # itself (share/jupyter).
    env["JUPYTER_CONFIG_PATH"] = os.pathsep.join(filter(None, [str(SETTINGS / "etc" / "jupyter"),
                                                               env.get("JUPYTER_CONFIG_PATH")]))
    env["JUPYTER_PATH"] = os.pathsep.join(filter(None, [str(SETTINGS / "share" / "jupyter"), env.get("JUPYTER_PATH")]))
    env["JUPYTER_RUNTIME_DIR"] = str(tmp / "runtime")
    env["JUPYTERLAB_SETTINGS_DIR"] = str(tmp / "settings")
    env["JUPYTERLAB_WORKSPACES_DIR"] = str(tmp / "workspaces")
    env["PYTHONHASHSEED"] = "0"
    # The students' progress of this server, never the real home's (progress_folder(server)).
    env["DAMAS_PROGRESSO"] = str(tmp / "progresso")
    env["DAMAS_ALUNO"] = STUDENT
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
        self.env = env
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


def progress_folder(server) -> Path:
    """The folder where the kernels of ``server`` save the student's progress (see _env)."""
    return Path(server.env["DAMAS_PROGRESSO"])


def empty_progress(server):
    """Forget every student's progress of ``server`` (its kernels read the folder when they start)."""
    folder = progress_folder(server)
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)


def _kernels(server) -> list[dict]:
    with urllib.request.urlopen(server.url + "/api/kernels", timeout=30) as response:
        return json.load(response)


def shut_down_kernels(server):
    """Shut down every kernel ``server`` runs (JupyterLab's REST API; no token on these servers),
    so that none of them still works or saves when the next test starts."""
    kernels = _kernels(server)
    if not kernels:
        return
    # The server refuses a DELETE without its XSRF token: a page of it gives the cookie.
    with urllib.request.urlopen(server.url + "/lab", timeout=30) as response:
        cookies = response.headers.get_all("Set-Cookie") or []
    xsrf = next(c.split(";", 1)[0].split("=", 1)[1] for c in cookies if c.startswith("_xsrf="))
    for kernel in kernels:
        delete = urllib.request.Request(f"{server.url}/api/kernels/{kernel['id']}", method="DELETE",
                                        headers={"X-XSRFToken": xsrf, "Cookie": f"_xsrf={xsrf}"})
        try:
            urllib.request.urlopen(delete, timeout=60).close()
        except urllib.error.HTTPError as error:
            if error.code != 404:          # 404: it had stopped already
                raise
    assert _kernels(server) == [], "a kernel is still running"


class Site:
    """A running server and the browser context that visits it.  ``folder``: the path, from the
    server's root, of the test's own copy of the course ('' when the server serves one copy)."""

    def __init__(self, server, context, folder: str = ""):
        self.server = server
        self.context = context
        self.folder = folder

    def path(self, relative: str) -> str:
        """The server path of ``relative`` (a path in the course copy: notebooks/03_Tomada.ipynb)."""
        return f"{self.folder}/{relative}" if self.folder else relative

    @property
    def progress(self) -> Path:
        return progress_folder(self.server)


def own_site(server, context, request, extra=()) -> Site:
    """``server`` seen by ``context``, with a copy of the course (notebooks/, puzzles/ and the
    files ``extra``) in a new folder under the server's root, named after the test asking."""
    name = re.sub(r"[^A-Za-z0-9]+", "-", request.node.name).strip("-")[:60]
    n = 1
    while (server.root / f"{name}-{n}").exists():
        n += 1
    folder = server.root / f"{name}-{n}"
    shutil.copytree(NOTEBOOKS, folder / "notebooks", ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    shutil.copytree(PUZZLES, folder / "puzzles")
    for path in extra:
        shutil.copy(path, folder / Path(path).name)
    return Site(server, context, folder.name)


def _copy_course(root: Path) -> Path:
    """A temporary copy of notebooks/ and puzzles/ (the apps read ../puzzles)."""
    site = root / "site"
    shutil.copytree(NOTEBOOKS, site / "notebooks", ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    if PUZZLES.exists():
        shutil.copytree(PUZZLES, site / "puzzles")
    return site


@contextlib.contextmanager
def running_lab(site: Path, root: Path, env: dict | None = None):
    """A JupyterLab serving ``site`` on a free port (no token, the app exposed
    to the page), ready when entered and stopped on exit; its log is
    ``root/lab.log``."""
    port = _free_port()
    server = Server(
        [sys.executable, "-m", "jupyterlab", "--allow-root", "--no-browser", "--ip=127.0.0.1",
         f"--port={port}", f"--ServerApp.root_dir={site}", "--IdentityProvider.token=",
         "--ServerApp.password=", "--LabApp.expose_app_in_browser=True",
         "--ServerApp.open_browser=False", f"--LabApp.app_settings_dir={SETTINGS}"],
        cwd=site, url=f"http://127.0.0.1:{port}", log=root / "lab.log", env=env if env is not None else _env(root),
    )
    server.root = site
    try:
        server.wait_ready("/api/status")
        yield server
    finally:
        server.stop()


@contextlib.contextmanager
def running_voila(folder: Path, root: Path, env: dict | None = None):
    """A Voilà serving the notebooks of ``folder`` (each at /voila/render/<name>) on a free port,
    ready when entered and stopped on exit; its log is ``root/voila.log``."""
    port = _free_port()
    server = Server(
        [sys.executable, "-m", "voila", "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1", str(folder)],
        cwd=folder, url=f"http://127.0.0.1:{port}", log=root / "voila.log", env=env if env is not None else _env(root),
    )
    try:
        server.wait_ready("/")
        yield server
    finally:
        server.stop()


# -- the JupyterLite site ----------------------------------------------------------------------

def load_lite_build():
    return load_script("lite/build.py", "damas_lite_build")


def lite_problems(build) -> list[str]:
    """What keeps the JupyterLite tests from running (empty: nothing)."""
    problems = _chromium_problems()
    site = os.environ.get("DAMAS_LITE_SITE")
    if site:
        if not (Path(site) / "jupyter-lite.json").exists():
            problems.append(f"DAMAS_LITE_SITE={site} is not a built site: run `python lite/build.py --output {site}`")
    else:
        missing = build.missing_inputs()
        if missing:
            problems.append("the JupyterLite build inputs are not cached (" + "; ".join(missing)
                            + "): run `python lite/build.py` once with network")
    return problems


def built_site(tmp_path_factory) -> Path:
    """The offline site: built here (once for the whole run, by the first of the pytest-xdist
    workers that asks; the others wait for it), or the one DAMAS_LITE_SITE names.  Skipped or
    failed, as skip_or_fail says, when the build's tools are missing."""
    build = load_lite_build()
    problems = lite_problems(build)
    if problems:
        skip_or_fail(problems, "the JupyterLite test")
    site = os.environ.get("DAMAS_LITE_SITE")
    if site:
        return Path(site)
    if os.environ.get("PYTEST_XDIST_WORKER") is None:
        return build.build(tmp_path_factory.mktemp("lite") / "site", offline=True)
    from filelock import FileLock
    shared = tmp_path_factory.getbasetemp().parent     # the same folder for every worker of this run
    with FileLock(str(shared / "lite-site.lock")):
        done = shared / "lite" / "built"
        if not done.exists():
            shutil.rmtree(shared / "lite", ignore_errors=True)
            build.build(shared / "lite" / "site", offline=True)
            done.write_text("ok", encoding="utf-8")
    return shared / "lite" / "site"


class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
                      ".json": "application/json", ".ipynb": "application/json"}

    def log_message(self, format, *args):
        self.server.fetched.append(self.path)


class StaticSite:
    """The built site on a free localhost port, with the paths it was asked for."""

    def __init__(self, folder: Path):
        self.folder = folder
        handler = functools.partial(_Handler, directory=str(folder))
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.httpd.fetched = []
        self.httpd.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    @property
    def fetched(self):
        return self.httpd.fetched

    def stop(self):
        self.httpd.shutdown()
        self.httpd.server_close()

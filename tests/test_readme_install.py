"""The README's first commands, typed word for word in a fresh copy of the repository.

They create and activate a virtual environment, install the requirements into it and open
the student's copy of the course in JupyterLab.  The test runs them with bash in a copy of
the repository's files (a fresh ``.venv``, a home folder of its own) and waits until
JupyterLab answers, serving the copy in ``~/damas-curso``.

Slow (a full ``pip install``): pip downloads only from the package registries it is set up
for, and reuses its own cache (``PIP_CACHE_DIR`` stays the user's), so a second run installs
from the cache.  No browser opens: ``BROWSER=true`` makes Jupyter's "open a browser" a no-op.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import threading
import time
import urllib.request

import pytest

from repo_paths import REPO

README = (REPO / "README.md").read_text(encoding="utf-8")
INSTALL_TIMEOUT = 1500     # seconds: a pip install of JupyterLab and the rest from an empty cache
LAB_URL = re.compile(r"(http://(?:127\.0\.0\.1|localhost):\d+/)lab\?token=(\w+)")
SERVER_TIMEOUT = 120       # seconds from Lab's address printed to its first answer


def _first_commands() -> str:
    return re.findall(r"```bash\n(.*?)```", README, flags=re.S)[0]


def _copy_of_the_repository(target):
    """The files git tracks (as they are in the working tree): what a clone holds."""
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=REPO, capture_output=True, check=True).stdout
    for name in filter(None, listed.decode().split("\0")):
        source = REPO / name
        if source.is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)


@pytest.mark.slow
def test_the_readme_commands_word_for_word_in_a_fresh_venv(tmp_path):
    if shutil.which("git") is None or not (REPO / ".git").exists():
        pytest.skip("not a git checkout: the test copies the files git tracks")
    checkout, home = tmp_path / "repositorio", tmp_path / "casa"
    checkout.mkdir()
    home.mkdir()
    _copy_of_the_repository(checkout)
    cache = subprocess.run(["python3", "-m", "pip", "cache", "dir"], capture_output=True, text=True).stdout.strip()
    env = {key: value for key, value in os.environ.items()
           if key not in {"PYTHONPATH", "VIRTUAL_ENV", "JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR",
                          "JUPYTER_RUNTIME_DIR", "JUPYTERLAB_DIR", "JUPYTERLAB_SETTINGS_DIR",
                          "JUPYTERLAB_WORKSPACES_DIR", "DAMAS_PROGRESSO"}}
    env.update(HOME=str(home), BROWSER="true", PIP_CACHE_DIR=cache or str(home / ".cache" / "pip"))
    script = "set -e\n" + _first_commands()
    proc = subprocess.Popen(["bash", "-c", script], cwd=checkout, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, text=True, start_new_session=True)
    lines: list[str] = []
    found = threading.Event()
    url: list[str] = []

    def read():
        for line in proc.stdout:
            lines.append(line)
            match = LAB_URL.search(line)
            if match and not url:
                url.extend(match.groups())
                found.set()
        found.set()          # the commands ended without a Lab

    threading.Thread(target=read, daemon=True).start()
    try:
        assert found.wait(INSTALL_TIMEOUT), "".join(lines[-40:])
        assert url, f"the commands ended (code {proc.poll()}) without opening JupyterLab:\n{''.join(lines[-40:])}"
        base, token = url
        # Lab answers, from the fresh venv, serving the student's copy of the course.
        assert (checkout / ".venv" / "bin" / "jupyter-lab").is_file()
        names = None
        deadline = time.monotonic() + SERVER_TIMEOUT
        while names is None:          # poll until the server answers (it prints its address first)
            try:
                with urllib.request.urlopen(f"{base}api/contents?token={token}", timeout=30) as answer:
                    names = {item["name"] for item in json.load(answer)["content"]}
            except OSError:
                assert proc.poll() is None, f"JupyterLab stopped:\n{''.join(lines[-40:])}"
                assert time.monotonic() < deadline, f"JupyterLab never answered at {base}:\n{''.join(lines[-40:])}"
                time.sleep(0.5)
        assert "00_Comece_aqui.ipynb" in names, names
        assert (home / "damas-curso" / "notebooks" / "00_Comece_aqui.ipynb").is_file()
        assert (home / "damas-curso" / "puzzles").is_dir()
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)

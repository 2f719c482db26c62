"""Binder's files (repo2docker): what can be checked without Docker.

repo2docker reads only ``binder/`` when that folder exists: ``binder/requirements.txt`` points to the
project's ``requirements.txt``, ``binder/runtime.txt`` names the Python, ``binder/postBuild`` sets
JupyterLab in Portuguese and trusts the chapters.  Here: the files parse, the script is executable
bash, and it runs (in a throwaway venv that sees this machine's packages) and does what it says.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BINDER = ROOT / "binder"


def _requirement_lines(path: Path, seen=None):
    """(file, line) for every requirement of ``path``, following ``-r`` as pip does."""
    seen = seen or set()
    assert path.exists(), f"{path} is missing"
    assert path not in seen, f"-r loop at {path}"
    seen.add(path)
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.split(" #", 1)[0].strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith(("-r ", "--requirement ")):
            yield from _requirement_lines((path.parent / line.split(None, 1)[1]).resolve(), seen)
        else:
            yield path, line


def test_requirements_parse_and_binder_reads_the_projects_own():
    from packaging.requirements import Requirement
    lines = list(_requirement_lines(BINDER / "requirements.txt"))
    files = {path for path, _ in lines}
    assert files == {ROOT / "requirements.txt"}, "binder/requirements.txt should only point to ../requirements.txt"
    names = set()
    for path, line in lines:
        if line.startswith("-e "):
            target = line.split(None, 1)[1]
            # repo2docker runs pip in the repository's folder: "-e ." is the project.
            assert (ROOT / target / "pyproject.toml").exists(), line
            continue
        if line.startswith("./"):
            # A local folder installed plainly (the course's JupyterLab settings).
            assert (ROOT / line / "pyproject.toml").exists(), line
            continue
        assert not line.startswith("-"), f"{path.name}: option {line!r} is not supported here"
        names.add(Requirement(line).name.lower())
    for needed in ("jupyterlab", "ipywidgets", "anywidget", "matplotlib"):
        assert needed in names, f"{needed} is not in requirements.txt"


def test_runtime_names_a_python():
    text = (BINDER / "runtime.txt").read_text().strip()
    assert re.fullmatch(r"python-3\.1[0-9]", text), text


def test_post_build_is_executable_bash_with_valid_syntax():
    script = BINDER / "postBuild"
    mode = script.stat().st_mode
    assert mode & stat.S_IXUSR, "binder/postBuild must be executable (git update-index --chmod=+x)"
    assert script.read_text().startswith("#!/bin/bash\n")
    result = subprocess.run(["bash", "-n", str(script)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    # Executable in git too, not only in this checkout.
    listed = subprocess.run(["git", "ls-files", "-s", "binder/postBuild"], cwd=ROOT, capture_output=True,
                            text=True).stdout
    if listed:
        assert listed.startswith("100755"), listed


@pytest.mark.slow
def test_post_build_runs_and_sets_portuguese_and_trust(tmp_path):
    """Run postBuild as repo2docker would (in a copy of the repository), in a venv of its own
    that sees this machine's packages, with its own Jupyter data folder."""
    pytest.importorskip("jupyterlab")
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", str(venv)], check=True)
    repo = tmp_path / "repo"
    shutil.copytree(ROOT / "notebooks", repo / "notebooks", ignore=shutil.ignore_patterns("fichas"))
    shutil.copytree(BINDER, repo / "binder")
    env = dict(os.environ, PATH=f"{venv / 'bin'}{os.pathsep}{os.environ['PATH']}",
               JUPYTER_DATA_DIR=str(tmp_path / "data"), HOME=str(tmp_path / "home"))
    env.pop("PYTHONPATH", None)
    result = subprocess.run(["bash", "binder/postBuild"], cwd=repo, env=env, capture_output=True, text=True,
                            timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr
    overrides = json.loads((venv / "share" / "jupyter" / "lab" / "settings" / "overrides.json").read_text())
    assert overrides["@jupyterlab/translation-extension:plugin"]["locale"] == "pt_BR"
    shown = subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "show", "jupyterlab-language-pack-pt-br"],
                           env=env, capture_output=True, text=True)
    assert shown.returncode == 0, "the pt-BR language pack is not installed"
    # Every chapter is trusted for this user: its stored SVG pictures are shown.
    import nbformat
    from nbformat.sign import NotebookNotary
    notary = NotebookNotary(data_dir=str(tmp_path / "data"))
    chapters = sorted((repo / "notebooks").glob("[0-9][0-9]_*.ipynb"))
    assert chapters
    for path in chapters:
        assert notary.check_signature(nbformat.read(path, as_version=4)), f"{path.name} is not trusted"

"""The rules, the engine, the pictures, the problems, the widgets, the classroom, the tournament
and the package's top-level modules are typed: ``mypy --strict`` finds nothing in them (issue 48).

The configuration is ``[tool.mypy]`` of ``pyproject.toml`` (strict; its files are :data:`LAYERS`);
``damas/py.typed`` tells a user's type checker to read the annotations.  The check runs on the package and on a copy into which an
untyped function is slipped (in the rules, the problems, the widgets and the tournament), so that it
can fail.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from repo_paths import REPO


LAYERS = ("damas/rules", "damas/engine", "damas/display", "damas/problems", "damas/widget",
          "damas/course/classroom", "damas/course/tournament", "damas/__init__.py", "damas/errors.py",
          "damas/__main__.py")


# mypy reads a folder named by PYTHONPATH as installed code and keeps its errors to itself: the
# check runs as CI runs it, without one.
_WITHOUT_PYTHONPATH = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}


def _mypy(root: Path, cache: Path) -> subprocess.CompletedProcess:
    pytest.importorskip("mypy", reason="mypy não está instalado (requirements.txt)")
    return subprocess.run([sys.executable, "-m", "mypy", "--config-file", str(root / "pyproject.toml"),
                           "--cache-dir", str(cache), *LAYERS],
                          cwd=root, capture_output=True, text=True, timeout=600, env=_WITHOUT_PYTHONPATH)


def test_the_package_says_it_is_typed():
    assert (REPO / "damas" / "py.typed").is_file()
    config = (REPO / "pyproject.toml").read_text(encoding="utf-8")
    assert '"damas" = ["py.typed"]' in config and "strict = true" in config
    # the layers CI checks with the project's configuration (`python -m mypy` with no path)
    files = re.search(r"^files = \[(.*?)\]", config, re.M | re.S)
    assert files and re.findall(r'"([^"]+)"', files.group(1)) == list(LAYERS)


@pytest.mark.slow
def test_the_typed_layers_are_mypy_strict_clean(tmp_path):
    result = _mypy(REPO, tmp_path / "cache")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Success: no issues found" in result.stdout


#: Where the check slips an untyped function: one module of the rules, the problems, the widgets and
#: the tournament.
SLIPPED_INTO = ("damas/rules/perft.py", "damas/problems/book.py", "damas/widget/sync.py",
                "damas/course/tournament/names.py")


@pytest.mark.slow
def test_mypy_finds_an_untyped_function_slipped_into_each_typed_layer(tmp_path):
    # one mypy run on a copy with the four slipped in (a run costs about 9 s): each is reported
    shutil.copytree(REPO / "damas", tmp_path / "damas", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(REPO / "pyproject.toml", tmp_path / "pyproject.toml")
    for module in SLIPPED_INTO:
        target = tmp_path / module
        target.write_text(target.read_text(encoding="utf-8") + "\n\ndef _untyped(board, depth):\n    return depth\n",
                          encoding="utf-8")
    result = _mypy(tmp_path, tmp_path / "cache")
    assert result.returncode != 0
    reported = {line.split(":", 1)[0] for line in result.stdout.splitlines() if "no-untyped-def" in line}
    assert reported == set(SLIPPED_INTO), result.stdout

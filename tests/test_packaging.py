"""The wheel holds the whole house: every sub-package, the widget's JS and CSS, the course's data.

``lite/build.py`` bundles this wheel for the browser, and a school installs it with pip: a file
left out of ``pyproject.toml``'s packages or package-data would be missing only there.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile

import pytest

from repo_paths import REPO


@pytest.mark.slow
def test_the_wheel_holds_every_file_of_the_package(tmp_path):
    tracked = subprocess.run(["git", "ls-files", "damas", "pyproject.toml", "README.md"], cwd=REPO,
                             capture_output=True, text=True, check=True).stdout.split()
    assert "pyproject.toml" in tracked, "git ls-files found nothing"
    source = tmp_path / "source"                 # a copy: building in the repository leaves build/
    for name in tracked:
        (source / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(REPO / name, source / name)
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path),
                    str(source)], check=True, timeout=300, capture_output=True)
    wheel, = tmp_path.glob("damas-*.whl")
    inside = {name for name in zipfile.ZipFile(wheel).namelist() if name.startswith("damas/")}
    tracked = [name for name in tracked if name.startswith("damas/")]
    missing = sorted(set(tracked) - inside)
    assert missing == [], f"files of damas/ missing from the wheel: {missing}"
    assert "damas/widget/board.js" in inside and "damas/widget/board.css" in inside
    assert "damas/py.typed" in inside          # the annotations are for the users' type checkers (PEP 561)

"""The wheel holds the whole house: every sub-package, the widget's JS and CSS, the course's data.

``lite/build.py`` bundles this wheel for the browser, and a school installs it with pip: a file
left out of ``pyproject.toml``'s packages or package-data would be missing only there.
"""

from __future__ import annotations

import subprocess
import sys
import zipfile

import pytest

from repo_paths import REPO


@pytest.mark.slow
def test_the_wheel_holds_every_file_of_the_package(tmp_path):
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q",
                    "-w", str(tmp_path), str(REPO)], check=True, timeout=300, capture_output=True)
    wheel, = tmp_path.glob("damas-*.whl")
    inside = {name for name in zipfile.ZipFile(wheel).namelist() if name.startswith("damas/")}
    tracked = subprocess.run(["git", "ls-files", "damas"], cwd=REPO, capture_output=True, text=True,
                             check=True).stdout.split()
    assert tracked, "git ls-files found nothing under damas/"
    missing = sorted(set(tracked) - inside)
    assert missing == [], f"files of damas/ missing from the wheel: {missing}"
    assert "damas/widget/board.js" in inside and "damas/widget/board.css" in inside

"""`python -m damas curso`: the student's working copy of the course, made once, opened in Lab.

The repository's notebooks stay as committed (the tests compare them); the student opens,
runs and saves a copy in a folder of their own."""

import subprocess
import sys

import pytest

from damas.course.classroom.workcopy import CourseCopyError, lab_command, make_copy
from repo_paths import NOTEBOOKS, PUZZLES, REPO


def test_the_copy_holds_the_chapters_and_the_puzzles(tmp_path):
    folder = make_copy(tmp_path / "curso")
    assert folder == tmp_path / "curso" / "notebooks"
    for chapter in NOTEBOOKS.glob("*.ipynb"):
        assert (folder / chapter.name).read_bytes() == chapter.read_bytes()
    # the apps and chapters read ../puzzles
    assert sorted(p.name for p in (tmp_path / "curso" / "puzzles").glob("*.pdn")) == \
        sorted(p.name for p in PUZZLES.glob("*.pdn"))


def test_a_second_run_keeps_the_students_work(tmp_path):
    folder = make_copy(tmp_path / "curso")
    chapter = folder / "03_Tomada.ipynb"
    chapter.write_text("{} ", encoding="utf-8")
    assert make_copy(tmp_path / "curso") == folder
    assert chapter.read_text(encoding="utf-8") == "{} "


def test_a_folder_that_is_a_file_is_refused(tmp_path):
    (tmp_path / "curso").write_text("x", encoding="utf-8")
    with pytest.raises(CourseCopyError, match="não é uma pasta"):
        make_copy(tmp_path / "curso")


@pytest.mark.parametrize("root", [True, False])
def test_lab_opens_the_copy_and_handles_root(tmp_path, root):
    command = lab_command(tmp_path / "curso" / "notebooks", as_root=root)
    assert command[:3] == [sys.executable, "-m", "jupyterlab"]
    assert str(tmp_path / "curso" / "notebooks") in command
    assert ("--allow-root" in command) == root


def test_the_command_line_makes_the_copy_without_opening(tmp_path):
    out = subprocess.run([sys.executable, "-m", "damas", "curso", "--pasta", str(tmp_path / "c"), "--sem-abrir"],
                         capture_output=True, text=True, cwd=tmp_path, check=True,
                         env={"PYTHONPATH": str(REPO), "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)})
    assert (tmp_path / "c" / "notebooks" / "00_Comece_aqui.ipynb").is_file()
    assert "Sua cópia do curso" in out.stdout and str(tmp_path / "c" / "notebooks") in out.stdout

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


# -- issue 44: a copy cut in half is repaired; a copy stopped by a full disk has no cut file ----------
def test_a_copy_cut_in_half_is_found_and_repaired_by_the_next_run(tmp_path):
    folder = make_copy(tmp_path / "curso")
    cut = [tmp_path / "curso" / "puzzles" / "tomadas.pdn", folder / "03_Tomada.ipynb"]
    for path in cut:                       # what an earlier version left when the disk filled up
        data = path.read_bytes()
        path.write_bytes(data[:len(data) // 3])
    (tmp_path / "curso" / "puzzles" / "classicos.pdn").write_bytes(b"")
    out = subprocess.run([sys.executable, "-m", "damas", "curso", "--pasta", str(tmp_path / "curso"), "--sem-abrir"],
                         capture_output=True, text=True, cwd=tmp_path, check=True,
                         env={"PYTHONPATH": str(REPO), "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)})
    assert "3 arquivos da cópia estavam cortados" in out.stdout and "tomadas.pdn" in out.stdout
    assert (tmp_path / "curso" / "puzzles" / "tomadas.pdn").read_bytes() == (PUZZLES / "tomadas.pdn").read_bytes()
    assert (folder / "03_Tomada.ipynb").read_bytes() == (NOTEBOOKS / "03_Tomada.ipynb").read_bytes()
    assert (tmp_path / "curso" / "puzzles" / "classicos.pdn").read_bytes() == \
        (PUZZLES / "classicos.pdn").read_bytes()
    again = subprocess.run([sys.executable, "-m", "damas", "curso", "--pasta", str(tmp_path / "curso"),
                            "--sem-abrir"], capture_output=True, text=True, cwd=tmp_path, check=True,
                           env={"PYTHONPATH": str(REPO), "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)})
    assert "cortad" not in again.stdout                     # nothing more to repair


def test_a_copy_stopped_by_a_full_disk_holds_only_whole_files_and_is_finished_later(tmp_path, monkeypatch):
    import errno
    import os
    from damas.rules import files
    real = os.write
    budget = {"bytes": 3_000_000}

    def write(fd, data):                 # the disk fills up after 3 MB
        if budget["bytes"] <= 0:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        n = real(fd, bytes(data)[:budget["bytes"]])
        budget["bytes"] -= n
        return n

    monkeypatch.setattr(os, "write", write)
    with pytest.raises(CourseCopyError) as caught:
        make_copy(tmp_path / "curso")
    assert "o disco está cheio" in str(caught.value) and "No space" not in str(caught.value)
    for path in (tmp_path / "curso").rglob("*"):
        if path.is_file():
            rel = path.relative_to(tmp_path / "curso")
            assert path.read_bytes() == (REPO / rel).read_bytes(), f"{rel} was left cut"
    monkeypatch.setattr(os, "write", real)
    make_copy(tmp_path / "curso")
    for chapter in NOTEBOOKS.glob("*.ipynb"):
        assert (tmp_path / "curso" / "notebooks" / chapter.name).read_bytes() == chapter.read_bytes()
    assert not [p for p in (tmp_path / "curso").rglob("*.tmp")]
    assert files.clean_leftovers(tmp_path / "curso" / "notebooks" / "x") == 0


def test_the_students_own_changes_are_never_repaired(tmp_path):
    folder = make_copy(tmp_path / "curso")
    chapter = folder / "02_Movimento.ipynb"
    original = chapter.read_bytes()
    changed = original.replace(b'"cells"', b'"cells" ', 1)          # saved by Jupyter, longer
    chapter.write_bytes(changed)
    shorter = folder / "04_Lei_da_maioria.ipynb"
    shorter.write_bytes(b'{"cells": []}')                            # the student's, not a prefix
    make_copy(tmp_path / "curso")
    assert chapter.read_bytes() == changed and shorter.read_bytes() == b'{"cells": []}'

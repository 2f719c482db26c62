"""The catalogue finds the course's puzzles where a notebook runs (issue 29, item 2): in
JupyterLite and on Colab the package is installed in site-packages, with no ``puzzles/`` beside
it, and the notebook runs in the course's ``notebooks/`` folder, next to ``puzzles/``."""

from __future__ import annotations

import shutil

from damas.course.kit import catalogue
from repo_paths import PUZZLES


def test_an_installed_package_reads_the_puzzles_beside_the_notebooks(tmp_path, monkeypatch):
    installed = tmp_path / "site-packages" / "damas" / "course"
    installed.mkdir(parents=True)
    monkeypatch.setattr(catalogue, "__file__", str(installed / "catalogue.py"))
    course = tmp_path / "curso"
    (course / "notebooks").mkdir(parents=True)
    (course / "puzzles").mkdir()
    shutil.copy(PUZZLES / "classicos.pdn", course / "puzzles" / "classicos.pdn")
    monkeypatch.chdir(course / "notebooks")
    monkeypatch.setattr(catalogue, "_FILES_CACHE", {})
    assert catalogue.puzzles_dir() == course / "puzzles"
    from damas.problems.puzzles import load_collection
    assert len(catalogue.file_positions("classicos.pdn")) == len(load_collection(PUZZLES / "classicos.pdn"))


def test_a_checkout_reads_its_own_puzzles(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert catalogue.puzzles_dir() == PUZZLES

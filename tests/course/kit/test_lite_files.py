"""The course in the browser without the site's service worker (issue 45, item 1):
``damas.course.kit.lite`` as a normal Python can check it (the real browser, on plain HTTP, is
``tests/browser/test_lite_plain_http.py``).

On Pyodide (``sys.platform == "emscripten"``, simulated here) with no drive, ``prepare`` copies
the course's files from the package into ``~/damas-curso`` and moves into its ``notebooks``
folder, so that a chapter's ``../puzzles/classicos.pdn`` and ``data/historia.csv`` open; where the
site's files are readable it leaves everything as it is; the stars go to the browser's storage,
or one Portuguese sentence says they will not be kept.  Off Pyodide nothing happens.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import sys

import pytest

from damas.course.kit import catalogue, lite
from damas.engine import endgames
from repo_paths import NOTEBOOKS, PUZZLES

DATA = NOTEBOOKS / "data"


def _awaited(coroutine):
    """The coroutine's result, run in a thread of its own: a test of the same worker (playwright's
    sync API) may have left an event loop running in this one, where asyncio.run refuses to start."""
    import concurrent.futures
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


@pytest.fixture
def browser_python(tmp_path, monkeypatch):
    """A simulated Pyodide: the platform, a home folder, the package data of the site's wheel,
    no drive, and prepare()'s memory cleared."""
    monkeypatch.setattr(sys, "platform", "emscripten")
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    packaged = tmp_path / "wheel" / "files"
    shutil.copytree(PUZZLES, packaged / "puzzles", ignore=shutil.ignore_patterns("*.md"))
    shutil.copytree(DATA, packaged / "data")
    monkeypatch.setattr(lite, "PACKAGED", packaged)
    monkeypatch.setattr(lite, "DRIVE", tmp_path / "no-drive")
    monkeypatch.setattr(lite, "_STATE", {"storage": "", "files": ""})
    monkeypatch.delenv("DAMAS_PROGRESSO", raising=False)
    monkeypatch.chdir(home)
    return home


def _prepare(monkeypatch, mounted):
    async def mount(folder):
        if isinstance(mounted, Exception):
            raise mounted
        folder.mkdir(parents=True, exist_ok=True)
        return mounted
    monkeypatch.setattr(lite, "_mount_progress", mount)
    return _awaited(lite.prepare())


def test_without_the_service_worker_the_files_come_from_the_package(browser_python, monkeypatch):
    assert _prepare(monkeypatch, True) == "browser"
    here = browser_python / "damas-curso" / "notebooks"
    assert os.getcwd() == str(here)
    # a chapter's own relative paths
    from damas.problems.puzzles import load_collection
    assert load_collection("../puzzles/classicos.pdn")
    assert (here / "data" / "historia.csv").read_bytes() == (DATA / "historia.csv").read_bytes()
    # the catalogue (chapter 00's panel) finds them from any folder, even outside the copy
    monkeypatch.setattr(catalogue, "__file__", str(browser_python / "site-packages" / "catalogue.py"))
    os.chdir(browser_python)
    assert catalogue.puzzles_dir() == lite.PACKAGED / "puzzles"


def test_where_the_site_files_are_readable_nothing_moves(browser_python, monkeypatch, tmp_path):
    site = tmp_path / "drive"
    (site / "notebooks").mkdir(parents=True)
    (site / "puzzles").mkdir()
    os.chdir(site / "notebooks")
    monkeypatch.setattr(lite, "DRIVE", site)
    assert _prepare(monkeypatch, True) == "drive"
    assert os.getcwd() == str(site / "notebooks")
    assert not (browser_python / "damas-curso").exists()
    assert lite.where_text("aluno.json").startswith("Suas estrelas ficam guardadas neste navegador, no arquivo aluno.json")


def test_stars_kept_by_the_browser_are_said_so(browser_python, monkeypatch, capsys):
    assert _prepare(monkeypatch, True) == "browser"
    assert capsys.readouterr().out == ""
    assert lite.storage() == "browser"
    assert "nos dados deste site" in lite.where_text("aluno.json")


@pytest.mark.parametrize("refusal", [False, RuntimeError("IndexedDB indisponível")])
def test_a_browser_that_keeps_nothing_gets_one_portuguese_sentence(browser_python, monkeypatch, capsys, refusal):
    assert _prepare(monkeypatch, refusal) == "memory"
    out = capsys.readouterr().out.strip()
    assert out == lite.TEXTS["not_kept"]
    assert out.count(".") == 1 and "Traceback" not in out and "IndexedDB" not in out
    assert lite.where_text("aluno.json") == lite.TEXTS["not_kept"]


def test_off_the_browser_nothing_happens(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert _awaited(lite.prepare()) == ""
    assert os.getcwd() == str(tmp_path) and os.listdir(tmp_path) == []
    assert lite.storage() == "" and lite.where_text("aluno.json") == ""


def test_the_browser_reads_the_endgame_tables_from_the_package(monkeypatch):
    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.delenv(endgames.ENV_CACHE, raising=False)
    assert endgames.cache_dir() == endgames.SHIPPED_FOLDER
    assert endgames.SHIPPED_FOLDER == os.path.join(os.path.dirname(endgames.__file__), "tables")

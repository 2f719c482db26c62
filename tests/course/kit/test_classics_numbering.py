"""The classics are numbered one way wherever the course shows them (issue 46, item 4): «clássico 12» is
the same problem in chapter 06's trainer, in the Voilà trainer (``notebooks/app_treino.ipynb``), on the
printed booklet (``fichas/classicos.pdf``) and in its answer key. One function says the order
(:func:`damas.course.kit.catalogue.numbered`): a book from the easiest to the hardest, any other
collection as its file has it. Chapter 06's own trainer is checked in
tests/course/chapters/test_ch06_golpes.py."""

from __future__ import annotations

import pytest

from damas.course.kit.catalogue import BOOKS, numbered, trainer_collection
from damas.errors import DamasError
from damas.problems.book import book_order
from damas.problems.puzzles import load_collection
from repo_paths import PUZZLES


def _titles(puzzles):
    return [p.title for p in puzzles]


def test_a_book_is_numbered_from_the_easiest_and_not_as_its_file():
    in_file = load_collection(PUZZLES / "classicos.pdn")
    assert "classicos" in BOOKS
    assert _titles(trainer_collection("classicos.pdn")) == _titles(book_order(in_file))
    # the false case: a trainer that read the file would number the classics another way
    assert _titles(trainer_collection("classicos.pdn")) != _titles(in_file)
    assert _titles(trainer_collection("classicos")) == _titles(trainer_collection("classicos.pdn"))


def test_a_collection_that_is_not_a_book_keeps_its_files_order():
    for name in ("golpes-do-curso.pdn", "tomadas.pdn"):
        assert _titles(trainer_collection(name)) == _titles(load_collection(PUZZLES / name))
        assert _titles(numbered(load_collection(PUZZLES / name), name)) == _titles(load_collection(PUZZLES / name))


def test_the_voila_trainer_and_the_printed_sheets_number_the_classics_alike():
    from damas.course.chapters.app_treino import APP_FILES, app_collections
    from damas.course.classroom.fichas import sheet_groups
    found, _missing = app_collections()
    label = next(label for label, name in APP_FILES.items() if name == "classicos.pdn")
    app = _titles(found[label])
    (_name, _suffix, sheets), = sheet_groups(load_collection(PUZZLES / "classicos.pdn"), "classicos")
    assert app == [s.title for s in sheets] == _titles(trainer_collection("classicos.pdn"))
    # every other collection of the app is numbered as its file
    for label, name in APP_FILES.items():
        if label in found and name != "classicos.pdn":
            assert _titles(found[label]) == _titles(load_collection(PUZZLES / name)), name


def test_the_app_reads_every_collection_of_puzzles_it_names():
    from damas.course.chapters.app_treino import APP_FILES, app_collections
    found, missing = app_collections()
    assert missing == [] and list(found) == list(APP_FILES)
    assert all((PUZZLES / name).is_file() for name in APP_FILES.values())


def test_a_missing_collection_is_left_out_and_named(monkeypatch):
    from damas.course.chapters import app_treino
    monkeypatch.setitem(app_treino.APP_FILES, "Uma coleção que não existe", "nao-existe.pdn")
    found, missing = app_treino.app_collections()
    assert missing == ["Uma coleção que não existe"] and "Golpes clássicos (8x8)" in found


@pytest.mark.parametrize("name", ["../notebooks/data/partidas", "/etc/passwd", ".oculto", "a\\b"])
def test_a_name_with_folders_is_refused_in_portuguese(name):
    with pytest.raises(DamasError, match="sem pastas"):
        trainer_collection(name)

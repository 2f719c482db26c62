"""No fact tag reaches a student or a teacher (issue 43): every display shows a comment through
damas.rules.pdn_facts.strip_facts, and a chapter's tags sit in an HTML comment no viewer shows.

Checked over what a person reads: the problems as a notebook shows them, the game replay and the
trainer's messages for every problem of every collection, the marked moves of the annotated
games, the printable sheets (their text, read back with pdftotext), the outputs stored in the
notebooks and the chapters as nbconvert (and so Voilà) renders them."""

import re
import shutil
import subprocess

import nbformat
import pytest

from damas.problems.puzzles import load_collection
from damas.rules.pdn import read_games
from repo_paths import NOTEBOOKS, PUZZLES

COLLECTIONS = sorted(PUZZLES.glob("*.pdn"))
GAME_FILES = sorted((NOTEBOOKS / "data").glob("*.pdn"))
TAG = "[%"


def _puzzles():
    return [p for path in COLLECTIONS for p in load_collection(path)]


def test_the_data_has_tags_to_hide():
    """The check below means something: the comments do carry tags."""
    assert sum(TAG in p.comment for p in _puzzles()) >= 100
    assert any(TAG in c for path in GAME_FILES for g in read_games(path) for n in g.line.nodes for c in n.comments)


def test_a_problem_as_a_notebook_shows_it():
    for p in _puzzles():
        assert TAG not in p._repr_html_(), p.title
        assert TAG not in p.prose, p.title


def test_the_replay_of_every_game():
    from damas.widget.replay import GameReplay
    for path in GAME_FILES:
        games = read_games(path)
        r = GameReplay(games)
        for index in range(len(games)):
            r.choose(index)
            while True:
                assert TAG not in r.text() and TAG not in r.comment, (path.name, index, r.ply)
                assert TAG not in r._repr_html_() if hasattr(r, "_repr_html_") else True
                if r.at_end:
                    break
                r.next()


def test_the_marked_moves_of_the_annotated_games():
    from damas.course.kit.annotation import marked_moves_text
    for path in GAME_FILES:
        for g in read_games(path):
            assert TAG not in marked_moves_text(g)


@pytest.mark.slow
@pytest.mark.parametrize("path", COLLECTIONS, ids=lambda p: p.name)
def test_the_trainers_messages(path):
    from damas.widget.trainer import PuzzleTrainer
    puzzles = load_collection(path)
    t = PuzzleTrainer(puzzles)
    for i in range(len(puzzles)):
        t.show_solution()
        assert TAG not in t.widget.message, (path.name, i, t.widget.message)
        t.next()


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext (poppler-utils) não instalado")
def test_the_printable_sheets():
    """The sheets kept in notebooks/fichas/: tests/course/classroom/test_fichas.py proves they are
    the ones the command makes from today's collections (same files, same text), so the fresh ones
    are not made a second time here."""
    kept = sorted((NOTEBOOKS / "fichas").glob("*.pdf"))
    assert len(kept) >= len(COLLECTIONS)
    for pdf in kept:
        text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
        assert text.strip() and TAG not in text, pdf.name


def _output_texts(nb):
    for cell in nb.cells:
        for out in cell.get("outputs", []):
            if "text" in out:
                yield out["text"]
            for value in out.get("data", {}).values():
                yield value if isinstance(value, str) else str(value)


@pytest.mark.parametrize("path", sorted(NOTEBOOKS.glob("*.ipynb")), ids=lambda p: p.name)
def test_the_outputs_stored_in_the_notebooks(path):
    nb = nbformat.read(path, as_version=4)
    for text in _output_texts(nb):
        assert TAG not in text, path.name


def _visible(html):
    html = re.sub(r"<!--.*?-->", " ", html, flags=re.S)
    html = re.sub(r"<(script|style)[^>]*>.*?</\1>", " ", html, flags=re.S | re.I)
    return re.sub(r"<[^>]+>", " ", html)


@pytest.mark.slow
@pytest.mark.parametrize("name", ["06_Golpes_classicos.ipynb", "09_Finais.ipynb", "10_Anotacao_e_relogio.ipynb"])
def test_the_chapters_as_nbconvert_renders_them(name):
    """The chapters whose sentences carry tags: in the HTML of nbconvert (the renderer of
    Voilà and of the course's web page), the tags are inside comments, never in the text."""
    from nbconvert import HTMLExporter
    nb = nbformat.read(NOTEBOOKS / name, as_version=4)
    html, _ = HTMLExporter().from_notebook_node(nb)
    assert TAG not in _visible(html), name

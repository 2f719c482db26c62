"""One label per position, and labels a reader can read (issue 25, item 5).

A position is a documented classic (classicos.pdn, with author and year) or the course's own
problem, never both: no position appears twice in the collections.  What a student or a teacher
reads of a problem (title, Source, comment) names no module, no command line, no «semente», and
cites no file the repository does not have."""

import re

import pytest

from damas.problems.puzzles import load_collection
from damas.rules.pdn import read_games
from repo_paths import REPO

PUZZLES = REPO / "puzzles"
COLLECTIONS = sorted(PUZZLES.glob("*.pdn"))
GAME_FILES = sorted((REPO / "notebooks" / "data").glob("*.pdn"))
INTERNAL = re.compile(r"\bdamas\.\w|python\s+-m|\bsemente\b|\bcompose\b|self_play|find_in_game|\bsolve\b")
FILE = re.compile(r"\b[\w./-]+\.(?:md|py|pdn|ipynb|csv|json)\b")


def _repo_files():
    return {p.name for p in REPO.rglob("*") if p.is_file() and ".git" not in p.parts}


def test_no_position_in_two_collections():
    seen = {}
    twice = []
    for path in COLLECTIONS:
        for i, p in enumerate(load_collection(path), 1):
            board = p.board()
            key = (board.variant.name, board.fen())
            if key in seen:
                twice.append((seen[key], (path.name, i, p.title)))
            seen.setdefault(key, (path.name, i, p.title))
    assert not twice, twice


@pytest.mark.parametrize("path", COLLECTIONS, ids=lambda p: p.name)
def test_what_a_reader_sees_names_no_machinery(path):
    for p in load_collection(path):
        for what, text in (("título", p.title), ("fonte", p.source), ("comentário", p.comment)):
            assert not INTERNAL.search(text), (path.name, p.title, what, INTERNAL.search(text).group(0))


@pytest.mark.parametrize("path", COLLECTIONS + GAME_FILES, ids=lambda p: p.name)
def test_no_citation_of_a_missing_file(path):
    files = _repo_files()
    for game in read_games(path):
        texts = [v for k, v in game.tags.items() if k not in ("Generator", "Url")] + list(game.comments)
        texts += [c for node in game.line.nodes for c in node.comments]
        for text in texts:
            for name in FILE.findall(text):
                external = re.search(r"repositório|GitHub", text)   # a file of another, named repository
                assert external or name.split("/")[-1] in files, (path.name, name)

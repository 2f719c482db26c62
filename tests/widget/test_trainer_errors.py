"""A problem number the collection does not have: a Portuguese package error,
and the trainer keeps the problem it was showing."""

from repo_paths import REPO
from pathlib import Path

import pytest

pytest.importorskip("anywidget")

from damas import DamasError  # noqa: E402
from damas.errors import PuzzleNotFoundError  # noqa: E402
from damas.problems.puzzles import load_collection  # noqa: E402
from damas.widget.trainer import PuzzleTrainer  # noqa: E402

COLLECTION = REPO / "puzzles" / "classicos.pdn"


@pytest.mark.parametrize("index", [-1, "past the end", 10 ** 30, True, "3", 2.0, None])
def test_a_missing_problem_is_refused_and_nothing_changes(index):
    puzzles = load_collection(str(COLLECTION))
    t = PuzzleTrainer(puzzles)
    if index == "past the end":
        index = len(puzzles)
    t.load(2)
    before = (t.index, t.widget.board.fen(), t.widget.message)
    with pytest.raises(PuzzleNotFoundError) as err:
        t.load(index)
    assert isinstance(err.value, DamasError) and isinstance(err.value, IndexError)
    text = str(err.value)
    assert text.startswith("Problema inexistente") and f"há {len(puzzles)} problemas, numerados de 0 a {len(puzzles) - 1}." in text
    assert len(text) < 200
    assert (t.index, t.widget.board.fen(), t.widget.message) == before


def test_a_missing_problem_of_a_one_problem_collection_reads_in_the_singular():
    t = PuzzleTrainer(load_collection(str(COLLECTION))[:1])
    with pytest.raises(PuzzleNotFoundError, match=r"; há 1 problema, o de número 0\.$"):
        t.load(1)

"""damas.problems.book: the order of chapter 06's classics, from the easiest to the hardest,
by a measure read off each stored solution (issue 26, item 4)."""

from repo_paths import REPO
import json

from damas.problems.book import MEASURE_TEXT, book_order, measure
from damas.problems.puzzles import load_collection
from damas.problems.themes import is_sacrifice

CLASSICS = load_collection(REPO / "puzzles" / "classicos.pdn")
CHAPTER = REPO / "notebooks" / "06_Golpes_classicos.ipynb"


def test_the_book_is_the_collection_sorted_by_the_measure():
    book = book_order(CLASSICS)
    assert sorted(p.title for p in book) == sorted(p.title for p in CLASSICS)
    measures = [measure(p) for p in book]
    assert measures == sorted(measures)
    assert measures[0] < measures[-1]


def test_the_measure_counts_plies_sacrifices_and_pieces():
    sokolov, = [p for p in CLASSICS if p.title.startswith("Sokolov x Vorontsov")]
    # a3-b4 and h2-g3 are sacrifices, g1xa7 takes three: five plies, 17 pieces
    assert measure(sokolov) == (5, 2, 17)
    for p in CLASSICS:
        board = p.board()
        pieces = board.count("W") + board.count("B")
        sacrifices = 0
        for move in p.solution_moves():
            sacrifices += (not move.is_capture) and is_sacrifice(board, move)
            board.push(move)
        assert measure(p) == (len(p.solution_moves()), sacrifices, pieces), p.title


def test_chapter_06_shows_the_book_and_says_its_order():
    """Chapter 06's trainer numbers the classics as the book (the course's one numbering,
    damas.course.kit.catalogue.numbered) and its «Para saber mais» says the order in MEASURE_TEXT's words."""
    from damas.course.chapters.ch06_golpes_classicos import classics
    cells = json.loads(CHAPTER.read_text(encoding="utf-8"))["cells"]
    shown = " ".join(" ".join("".join(o.get("data", {}).get("text/plain", "")).split())
                     for c in cells if c["cell_type"] == "code" for o in c.get("outputs", []))
    code = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
    assert " ".join(MEASURE_TEXT.split()) in shown
    assert "classics_trainer()" in code and "order_sentence()" in code
    assert [p.title for p in classics()] == [p.title for p in book_order(CLASSICS)]

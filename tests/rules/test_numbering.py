"""Move numbering as on a score sheet (art. 8), once, in damas.rules.notation: the course's
chapters number their lines with it (issue 48, item 5: the copies in damas/course are gone)."""

from __future__ import annotations

import pytest

from damas import Board, DamasError
from damas.rules.notation import move_number, numbered_line


def _moves(board, texts):
    work, out = board.copy(stack=False), []
    for text in texts:
        out.append(work.parse_move(text))
        work.push(out[-1])
    return out


def test_the_number_of_each_move():
    assert [move_number(i) for i in range(5)] == ["1.", "1...", "2.", "2...", "3."]
    assert [move_number(i, "B") for i in range(3)] == ["1...", "2.", "2..."]
    assert move_number(0, "W", 12) == "12." and move_number(1, "B", 12) == "13."


@pytest.mark.parametrize("args", [(-1,), (True,), ("1",), (0, "white"), (0, "W", 0), (0, "W", 1.0)])
def test_a_bad_argument_is_refused_in_portuguese(args):
    with pytest.raises(DamasError) as caught:
        move_number(*args)
    assert "número" in str(caught.value) or "cor" in str(caught.value)


def test_a_line_from_white_and_from_black():
    start = Board()
    assert numbered_line(start, _moves(start, ["c3-d4", "f6-e5", "d4xf6", "g7xe5"])) == \
        "1. c3-d4 f6-e5 2. d4xf6 g7xe5"
    black = Board("B:W21-32:B1-12")
    assert numbered_line(black, _moves(black, ["f6-e5", "c3-d4", "e5xc3"])) == "1... f6-e5 2. c3-d4 e5xc3"
    assert numbered_line(black, _moves(black, ["f6-e5"]), first_number=7) == "7... f6-e5"
    assert numbered_line(start, _moves(start, ["c3-d4"]), notation="numeric") == "1. 22-18"
    assert numbered_line(start, []) == ""


def test_the_board_is_not_changed():
    start = Board()
    before = start.fen()
    numbered_line(start, _moves(start, ["c3-d4", "f6-e5"]))
    assert start.fen() == before and not start.move_stack


def test_the_course_numbers_its_lines_with_it():
    from damas.course.kit.annotation import annotate
    from damas.course.kit.forcada import line_text
    start = Board()
    texts = ["c3-d4", "f6-e5", "d4xf6"]
    assert annotate(texts) == numbered_line(start, _moves(start, texts)) == "1. c3-d4 f6-e5 2. d4xf6"
    black = Board("B:W21-32:B1-12")
    assert annotate(["f6-e5", "c3-d4"], black) == "1... f6-e5 2. c3-d4"      # it used to say «1. f6-e5»
    assert line_text(black, _moves(black, ["f6-e5", "c3-d4"])) == "1... f6-e5 2. c3-d4"

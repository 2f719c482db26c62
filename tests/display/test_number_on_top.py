"""A square's number stays readable on a marked square (issue 32): on the live board the number
is drawn after the red mark of a refusal, the selection frame and the route frame."""

import re

import pytest

from damas import Board
from damas.display.svg import LiveMarks, live_board_svg


def _group(svg: str, square: int) -> str:
    return re.search(rf'<g class="[^"]*" data-square="{square}".*?damas-cursor"/></g>', svg, re.S).group(0)


@pytest.mark.parametrize("marks, mark_class", [
    (LiveMarks(highlights=(22,)), "damas-highlight-mark"),
    (LiveMarks(selected=22), "damas-selected-mark"),
    (LiveMarks(route=(22,)), "damas-route-mark"),
])
def test_the_number_is_drawn_over_the_marks(marks, mark_class):
    svg = str(live_board_svg(Board(), marks, coordinates="numbers"))
    group = _group(svg, 22)
    assert mark_class in group and "damas-number" in group
    assert group.index("damas-number") > group.index(mark_class), group

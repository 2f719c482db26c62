"""The board widget in the other variants (Russian, Portuguese): a move by clicks on their boards.

(The rules of these variants: tests/rules/test_variants_other.py.)
"""

import pytest

from damas.rules.variants import get_variant


@pytest.mark.parametrize("variant, start, end, fen", [
    ("russian", 22, 18, "B:W18,21,23-32:B1-12"),
    ("portuguese", 10, 14, "B:W1-9,11,12,14:B21-32"),
])
def test_the_widget_takes_a_move_by_click(variant, start, end, fen):
    pytest.importorskip("anywidget")
    from damas.widget.board import BoardWidget
    w = BoardWidget(variant)
    assert w.variant == variant and len(w.layout_squares) == 32
    v = get_variant(variant)
    assert w.layout_squares[0][:3] == [1, *v.square_to_rc(1)]
    w.click(start)
    assert w.selected == start and end in w.targets
    w.click(end)
    assert w.fen == fen and w.turn == "B"

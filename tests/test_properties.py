"""Properties over random play: push/pop, FEN and copies round-trip."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from damas import Board


@settings(max_examples=60, deadline=None)
@given(variant=st.sampled_from(["brazilian", "international"]), seed=st.integers(0, 10**6),
       length=st.integers(1, 120))
def test_push_pop_fen_round_trips(variant, seed, length):
    rng = random.Random(seed)
    b = Board(variant)
    history = []
    for _ in range(length):
        moves = b.legal_moves()
        if not moves:
            break
        history.append((b.fen(), sorted(moves)))
        m = rng.choice(moves)
        b.push(m)
        again = Board(b.fen(), variant=variant)
        assert again == b and again.fen() == b.fen()
        assert sorted(again.legal_moves()) == sorted(b.legal_moves())
    while history:
        fen, moves = history.pop()
        b.pop()
        assert b.fen() == fen and sorted(b.legal_moves()) == moves

"""The raw children of damas.rules.movegen.children: the same moves as legal_moves(),
index for index, on the cross-check positions and on random positions of
every variant; perft through them equals the published counts; the horizon's
helpers (capture_children, can_step) agree with them."""

from repo_paths import REPO
import dataclasses
import json
import random
from pathlib import Path

import pytest

from damas import PUBLISHED, Board, Piece
from damas.rules.board import BLACK, RAW_FIELDS, WHITE, can_step, capture_children, children, generator
from damas.rules.move import _AMBIGUOUS, _PROMOTES
from damas.rules.variants import BRAZILIAN, INTERNATIONAL, PORTUGUESE, RUSSIAN

DATA = (REPO / "tests" / "data")
FREE = {v.name: dataclasses.replace(v, name=v.name + "-livre-teste", majority_rule=False)
        for v in (BRAZILIAN, INTERNATIONAL, PORTUGUESE)}
RUSSIAN_LANDING_FREE = dataclasses.replace(RUSSIAN, name="russian-sem-seguir", king_must_go_on=False)


def check_same(board):
    """The raw children of ``board`` are its legal moves, in the same order,
    and each leads to the position the move leads to."""
    w, b, k, turn = board.white_bits, board.black_bits, board.king_bits, board.turn
    g = generator(board.variant)
    kids = children(g, w, b, k, turn)
    moves = board.legal_moves()
    assert len(kids) == len(moves), board.fen()
    t = board.variant.tables
    for c, m in zip(kids, moves):
        assert len(c) == len(RAW_FIELDS)
        assert (c[6], c[7], c[8], c[9]) == (m.start, m.end, m.captured, m.path), board.fen()
        assert c[3] == t.mask[m.start] | t.mask[m.end]
        cmask = sum(t.mask[s] for s in m.captured)
        assert c[4] == cmask
        assert bool(c[5] & _PROMOTES) == m.promotes and bool(c[5] & _AMBIGUOUS) == m.ambiguous
        after = board.copy(stack=False)
        after.push(m)
        assert (c[0], c[1], c[2]) == (after.white_bits, after.black_bits, after.king_bits), (board.fen(), str(m))
    # the horizon's helpers
    caps = capture_children(g, w, b, k, turn)
    if kids and kids[0][4]:
        assert caps == kids
    else:
        assert caps == [] and can_step(g, w, b, k, turn) == bool(kids)
    return kids


@pytest.mark.parametrize("variant", ["brazilian", "international"])
def test_raw_children_are_the_legal_moves_on_the_crosscheck_positions(variant):
    positions = json.loads((DATA / f"crosscheck_{variant}.json").read_text(encoding="utf-8"))["positions"]
    captures = 0
    for p in positions:
        kids = check_same(Board(p["fen"], variant=variant))
        assert len(kids) == len(p["moves"])
        captures += bool(kids) and bool(kids[0][4])
    assert captures > 500  # the tables are rich in captures: the test saw them


def random_board(variant, rng):
    board = Board(variant)
    board.clear()
    squares = list(variant.square_range)
    rng.shuffle(squares)
    nw, nb = rng.randint(1, 12), rng.randint(1, 12)
    for i, sq in enumerate(squares[:nw + nb]):
        color = WHITE if i < nw else BLACK
        king = rng.random() < 0.3 or variant.square_to_rc(sq)[0] == variant.promotion_row(color)
        board.set_piece(sq, Piece(color, king))
    board.turn = rng.choice([WHITE, BLACK])
    return board


@pytest.mark.parametrize("variant", [BRAZILIAN, INTERNATIONAL, RUSSIAN, PORTUGUESE, RUSSIAN_LANDING_FREE,
                                     *FREE.values()], ids=lambda v: v.name)
def test_raw_children_are_the_legal_moves_on_random_positions(variant):
    rng = random.Random(f"movegen-{variant.name}")
    seen = {"capture": 0, "king capture": 0, "ambiguous": 0, "promotes": 0, "none": 0}
    for _ in range(600):
        board = random_board(variant, rng)
        kids = check_same(board)
        if not kids:
            seen["none"] += 1
            continue
        if kids[0][4]:
            seen["capture"] += 1
            if any(board.piece_at(c[6]).king for c in kids):
                seen["king capture"] += 1
        seen["ambiguous"] += any(c[5] & _AMBIGUOUS for c in kids)
        seen["promotes"] += any(c[5] & _PROMOTES for c in kids)
    # the random positions reached the cases that matter
    assert seen["capture"] > 100 and seen["king capture"] > 30 and seen["promotes"] > 10, seen


def raw_perft(g, w, b, k, turn, depth):
    if depth == 0:
        return 1
    nxt = BLACK if turn == WHITE else WHITE
    return sum(raw_perft(g, c[0], c[1], c[2], nxt, depth - 1) for c in children(g, w, b, k, turn))


@pytest.mark.parametrize("variant, depth", [("brazilian", 6), ("international", 5)])
def test_perft_through_raw_children_matches_the_published_counts(variant, depth):
    board = Board(variant)
    g = generator(board.variant)
    for d in range(1, depth + 1):
        assert raw_perft(g, board.white_bits, board.black_bits, board.king_bits, board.turn, d) == PUBLISHED[variant][d - 1]


def test_perft_through_raw_children_of_the_other_variants_equals_the_board_perft():
    from damas import perft
    for variant in ("russian", "portuguese"):
        board = Board(variant)
        g = generator(board.variant)
        assert raw_perft(g, board.white_bits, board.black_bits, board.king_bits, board.turn, 5) == perft(board, 5)


@pytest.mark.parametrize("variant", ["brazilian", "international"])
def test_has_capture_answers_like_the_generator_for_both_sides(variant):
    # Every cross-check position, asked for the side to move and for the other
    # side (the question the selective search asks at its horizon).
    import json
    from pathlib import Path
    from damas.rules.board import has_capture
    data = json.loads(((REPO / "tests" / "data") / f"crosscheck_{variant}.json").read_text())
    g = None
    seen = {True: 0, False: 0}
    for entry in data["positions"]:
        board = Board(entry["fen"], variant=variant)
        g = g or generator(board.variant)
        for turn in (WHITE, BLACK):
            expected = bool(children(g, board.white_bits, board.black_bits, board.king_bits, turn, None, False))
            assert has_capture(g, board.white_bits, board.black_bits, board.king_bits, turn) is expected, (entry["fen"], turn)
            seen[expected] += 1
    assert seen[True] > 100 and seen[False] > 100


def test_has_capture_of_the_other_variants():
    # Russian and Portuguese men and kings: a man's capture, a king's from
    # afar, a king whose diagonal is blocked by two pieces in a row, none.
    from damas.rules.board import has_capture
    cases = ["W:W22:B18", "W:W22:B26", "W:WK29:B11", "W:WK29:B22,18", "W:WK29:B22,15", "W:W22:B6"]
    answers = []
    for variant in ("russian", "portuguese"):
        for fen in cases:
            board = Board(fen, variant=variant)
            g = generator(board.variant)
            for turn in (WHITE, BLACK):
                expected = bool(children(g, board.white_bits, board.black_bits, board.king_bits, turn, None, False))
                assert has_capture(g, board.white_bits, board.black_bits, board.king_bits, turn) is expected, (variant, fen, turn)
                answers.append(expected)
    assert True in answers and False in answers

"""Cross-check of the move generator against two other libraries.

The tables in tests/data/crosscheck_*.json hold, for 2,300 positions per
variant (positions from random games and dense random placements, many with
multi-captures, flying-king captures and same start/end captures), the legal
moves given by py-draughts and confirmed by pydraughts.  They were made by
tests/data/make_crosscheck.py, with the position after each move (from
py-draughts).  No peer library is needed to run this test.

A move is identified by (start, end, set of captured squares) (rules.md).
"""

from repo_paths import REPO
import json
from pathlib import Path

import pytest

from damas import Board

DATA = (REPO / "tests" / "data")
VARIANTS = ("brazilian", "international")


def load(variant):
    with open(DATA / f"crosscheck_{variant}.json", encoding="utf-8") as f:
        data = json.load(f)
    assert data["variant"] == variant
    return data


def key(move):
    return (move.start, move.end, frozenset(move.captured))


@pytest.mark.parametrize("variant", VARIANTS)
def test_table_is_substantial(variant):
    data = load(variant)
    positions = data["positions"]
    assert len(positions) >= 2000
    assert not data["peer_disagreements"]
    max_caps = [max((len(c) for _, _, c in p["moves"]), default=0) for p in positions]
    assert sum(n >= 2 for n in max_caps) >= 500
    assert sum(n >= 3 for n in max_caps) >= 100
    same_start_end = 0
    for p in positions:
        groups = {}
        for s, e, c in p["moves"]:
            groups.setdefault((s, e), set()).add(tuple(c))
        same_start_end += any(len(g) > 1 for g in groups.values())
    assert same_start_end >= 100


@pytest.mark.parametrize("variant", VARIANTS)
def test_legal_moves_match_peers(variant):
    failures = []
    for pos in load(variant)["positions"]:
        fen = pos["fen"]
        expected = {(s, e, frozenset(c)) for s, e, c in pos["moves"]}
        assert len(expected) == len(pos["moves"]), f"duplicate in table for {fen}"
        board = Board.from_fen(fen, variant=variant)
        moves = board.legal_moves()
        keys = [key(m) for m in moves]
        dups = sorted({k for k in keys if keys.count(k) > 1}, key=lambda k: (k[0], k[1], sorted(k[2])))
        got = set(keys)
        if got != expected or dups:
            def show(ks):
                return sorted((s, e, sorted(c)) for s, e, c in ks)

            failures.append(
                f"{fen}\n  missing (peers have, damas lacks): {show(expected - got)}"
                f"\n  extra (damas has, peers lack):     {show(got - expected)}"
                f"\n  listed twice by damas:             {show(dups)}"
            )
    assert not failures, f"{len(failures)} position(s) differ in {variant}:\n" + "\n".join(failures[:20])


@pytest.mark.slow
@pytest.mark.parametrize("variant", VARIANTS)
def test_push_gives_the_peers_position(variant):
    # What each move does: captured pieces removed, the piece moved, a man
    # crowned only when its move ends on the far row (regra 4.15), turn passed.
    failures = []
    for pos in load(variant)["positions"]:
        board = Board.from_fen(pos["fen"], variant=variant)
        by_key = {key(m): m for m in board.legal_moves()}
        for (s, e, c), after in zip(pos["moves"], pos["after"]):
            move = by_key.get((s, e, frozenset(c)))
            if move is None:
                continue  # reported by test_legal_moves_match_peers
            board.push(move)
            if board != Board.from_fen(after, variant=variant):
                failures.append(f"{pos['fen']} + {move!r}: damas gives {board.fen()}, peers give {after}")
            board.pop()
        if board != Board.from_fen(pos["fen"], variant=variant):
            failures.append(f"{pos['fen']}: push/pop did not restore the position ({board.fen()})")
    assert not failures, f"{len(failures)} difference(s) in {variant}:\n" + "\n".join(failures[:20])


@pytest.mark.parametrize("variant", VARIANTS)
def test_fen_round_trip(variant):
    # The table's FENs are canonical comma lists; our FEN may use ranges, but
    # reading it back must give the same position.
    for pos in load(variant)["positions"][:300]:
        board = Board.from_fen(pos["fen"], variant=variant)
        assert Board.from_fen(board.fen(), variant=variant) == board, pos["fen"]

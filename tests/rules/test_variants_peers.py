"""Russian draughts against pydraughts 0.6.7 (its venv: README.md, section Testes), on random positions.

pydraughts plays Russian draughts with its own numbering of the 8x8 board
(1 = a1, 2 = c1, ... 32 = h8); both sides are compared through algebraic
square names, each move as (start, end, set of captured squares).  Skipped
when the peer's environment is missing, unless DAMAS_REQUIRE_PEERS=1 (CI).
"""

import json
import os
import random
import subprocess

import pytest

from damas import Board
from damas.rules.variants import RUSSIAN

PEER_PYTHON = os.environ.get("DAMAS_PYDRAUGHTS_PYTHON", "/opt/peers/pydraughts/bin/python")

PEER_SCRIPT = r'''
import json, sys
from draughts import Board
out = []
for fen in json.load(sys.stdin):
    board = Board("russian", fen=fen)
    out.append([[m.steps_move[0], m.steps_move[-1], list(m.captures or [])] for m in board.legal_moves()])
print(json.dumps(out))
'''


def peer_name(n):
    rank, k = divmod(n - 1, 4)
    col = 2 * k + (0 if rank % 2 == 0 else 1)
    return "abcdefgh"[col] + str(rank + 1)


def random_fen(rng):
    v = RUSSIAN
    squares = rng.sample(list(v.square_range), rng.randint(3, 14))
    sides = {"W": [], "B": []}
    for i, sq in enumerate(squares):
        colour = "WB"[i % 2] if i < 2 else rng.choice("WB")
        crown = v.square_to_rc(sq)[0] == v.promotion_row(colour)
        king = crown or rng.random() < 0.25
        sides[colour].append(("K" if king else "") + v.square_name(sq))
    return f"{rng.choice('WB')}:W{','.join(sides['W'])}:B{','.join(sides['B'])}"


@pytest.mark.slow
def test_russian_moves_agree_with_pydraughts():
    if not os.path.exists(PEER_PYTHON):
        if os.environ.get("DAMAS_REQUIRE_PEERS") == "1":
            pytest.fail(f"pydraughts não encontrado em {PEER_PYTHON}")
        pytest.skip(f"pydraughts is not installed at {PEER_PYTHON}: README.md, section Testes, says how to make its venv")
    rng = random.Random(25)
    fens = []
    while len(fens) < 1500:
        fen = random_fen(rng)
        if max(fen.split(":")[1].count(","), fen.split(":")[2].count(",")) < 12:
            fens.append(fen)
    out = subprocess.run([PEER_PYTHON, "-c", PEER_SCRIPT], input=json.dumps(fens),
                         capture_output=True, text=True, check=True).stdout
    theirs = json.loads(out)
    name = RUSSIAN.square_name
    captures = promoted_on_the_way = 0
    for fen, peer_moves in zip(fens, theirs):
        board = Board(fen, variant="russian")
        ours = {(name(m.start), name(m.end), frozenset(map(name, m.captured))) for m in board.legal_moves()}
        peer = {(peer_name(s), peer_name(e), frozenset(map(peer_name, c))) for s, e, c in peer_moves}
        assert ours == peer, fen
        moves = board.legal_moves()
        captures += bool(moves) and moves[0].is_capture
        promoted_on_the_way += any(m.promotes and not board.variant.square_to_rc(m.end)[0]
                                   == board.variant.promotion_row(board.turn) for m in moves)
    print(f"{len(fens)} positions, {captures} with captures, {promoted_on_the_way} crowned on the way")
    assert captures > 300 and promoted_on_the_way > 5, (captures, promoted_on_the_way)

"""PDN interoperability with pydraughts (MIT), run in its own virtual environment.

pydraughts is never a dependency of the project: it lives in a separate venv and is
driven through a subprocess.  Create it with

    python3 -m venv /opt/peers/pydraughts
    /opt/peers/pydraughts/bin/pip install "pydraughts==0.6.*"

or point DAMAS_PYDRAUGHTS_PYTHON at another interpreter that has it.  Without it these
tests are skipped, unless DAMAS_REQUIRE_PEERS=1 (CI), where they fail.

Known pydraughts quirks avoided here (see the project's reference notes,
../shared/reference/peers.md, outside this repository):
- its Brazilian board is numbered from a1 inside ``legal_moves()``; the PDN side uses
  algebraic squares, so positions are compared through FEN with algebraic squares;
- its PDN reader doubles the first move of a game that starts with Black to move,
  so such games are not sent to it;
- it reads a numeric FEN tag in a Brazilian game with its own numbering, so the games
  sent to it carry the FEN tag that damas writes for algebraic games (``W:WKb6:B...``);
- it mangles repeated move numbers (``12. 32-28 {comment} 12... 19-23``, as PDN writes a
  Black move after a comment or a variation) once a game reaches move 10: removing the
  second ``2.`` it also cuts ``12.``.  Long games sent to it carry comments only after
  Black's moves and no variations; comments after White's moves and variations are sent
  in games shorter than 10 moves.
"""

from repo_paths import REPO
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from damas import Board
from damas.rules.pdn import PDNGame, PDNLine, PDNNode, read_games, write_games

PEER_PYTHON = os.environ.get("DAMAS_PYDRAUGHTS_PYTHON", "/opt/peers/pydraughts/bin/python")
HOW = ('create it with: python3 -m venv /opt/peers/pydraughts && '
       '/opt/peers/pydraughts/bin/pip install "pydraughts==0.6.*" (or set DAMAS_PYDRAUGHTS_PYTHON)')

PEER_SCRIPT = r'''
import json, random, sys
from draughts import Board, Move
from draughts.PDN import PDNReader, PDNWriter

NAMES = {"brazilian": "brazilian", "international": "standard", "standard": "standard"}

def read(path):
    out = []
    for game in PDNReader(filename=path).games:
        variant = game.variant
        fen = game.tags.get("FEN")
        board = Board(variant, fen) if fen else Board(variant)
        fens = []
        for text in game.moves:
            board.push(Move(board, pdn_move=text))
            fens.append(board.fen)
        out.append({"variant": variant, "moves": game.moves, "fens": fens, "result": game.game_ending,
                    "tags": game.tags})
    return out

def write(variant, seed, plies):
    rng = random.Random(seed)
    board = Board(NAMES[variant])
    fens = []
    for _ in range(plies):
        legal = board.legal_moves()
        if not legal:
            break
        board.push(rng.choice(legal))
        fens.append(board.fen)
    pdn = PDNWriter(None, board=board, tags={"Event": "pydraughts " + str(seed)}, game_ending="*").pdn_text
    return {"pdn": pdn, "fens": fens, "moves": [m.pdn_move for m in board.move_stack]}

if sys.argv[1] == "read":
    print(json.dumps(read(sys.argv[2])))
else:
    print(json.dumps(write(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))))
'''


def _peer_works():
    if not os.path.exists(PEER_PYTHON):
        return False
    probe = subprocess.run([PEER_PYTHON, "-c", "import draughts.PDN"], capture_output=True)
    return probe.returncode == 0


@pytest.fixture(scope="module")
def peer(tmp_path_factory):
    if not _peer_works():
        message = f"pydraughts not found at {PEER_PYTHON}; {HOW}"
        if os.environ.get("DAMAS_REQUIRE_PEERS") == "1":
            pytest.fail(message)
        pytest.skip(message)
    script = tmp_path_factory.mktemp("peer") / "peer_pdn.py"
    script.write_text(PEER_SCRIPT)

    def run(*args):
        done = subprocess.run([PEER_PYTHON, str(script), *map(str, args)], capture_output=True, text=True,
                              timeout=600)
        assert done.returncode == 0, done.stderr
        return json.loads(done.stdout)

    return run


def _random_annotated_game(seed, variant, plies, full=True):
    """A damas game with comments, marks and (if ``full``) variations and comments
    after White's moves; pydraughts must skip them all."""
    rng = random.Random(seed)
    board = Board(variant)
    line = PDNLine(comments=["início"])
    for _ in range(plies):
        legal = board.legal_moves()
        if not legal:
            break
        move = rng.choice(legal)
        node = PDNNode(move)
        if rng.random() < 0.1:
            node.nags = [rng.choice([1, 2, 3, 4, 5, 6, 7])]
        if rng.random() < 0.15 and (full or board.turn == "B"):
            node.comments = ["um comentário (com parênteses)"]
        others = [m for m in legal if m != move]
        if full and others and rng.random() < 0.2:
            alt_board = board.copy()
            alt = PDNLine([PDNNode(rng.choice(others))])
            alt_board.push(alt.nodes[0].move)
            follow = alt_board.legal_moves()
            if follow:
                alt.nodes.append(PDNNode(follow[0]))
            node.variations.append(alt)
        line.nodes.append(node)
        board.push(move)
    game = PDNGame.from_board(Board(variant), [], tags={"Event": f"damas {seed}"}, result="*")
    game.line = line
    return game


def _ambiguous_games():
    out = []
    for fen, variant in (("W:WK9:B7,14,15,19,24,25,27", "brazilian"),
                         ("W:WK16:B8,21,25,29,31,34", "international")):
        board = Board(fen, variant=variant)
        for move in board.legal_moves():
            assert move.ambiguous
            out.append(PDNGame.from_board(board, [move], result="2-0"))
    return out


def _compare(games, peer_games):
    assert len(peer_games) == len(games)
    for game, seen in zip(games, peer_games):
        assert seen["variant"] == {"brazilian": "brazilian", "international": "standard"}[game.variant.name]
        assert len(seen["moves"]) == len(game.mainline)
        board = game.initial_board()
        for move, text, fen in zip(game.mainline, seen["moves"], seen["fens"]):
            assert board.parse_move(text) == move
            board.push(move)
            assert Board(fen, variant=game.variant.name) == board, (text, fen)
        assert seen["result"] == game.result


@pytest.mark.slow
def test_pydraughts_reads_what_damas_writes(peer, tmp_path):
    games = [_random_annotated_game(seed, variant, 80, full=False)
             for variant in ("brazilian", "international") for seed in range(4)]
    games += [_random_annotated_game(seed, variant, 17, full=True)
              for variant in ("brazilian", "international") for seed in range(10, 16)]
    assert any(node.variations for g in games for node in g.line.nodes)
    games += _ambiguous_games()
    # The data files' main lines that pydraughts can take (White to move, no numeric FEN in 8x8).
    for path in sorted((REPO / "tests" / "data").glob("pdn_*.pdn")):
        for g in read_games(path):
            if "FEN" not in g.tags:
                games.append(PDNGame.from_board(g.initial_board(), g.mainline, tags=g.tags, result=g.result))
    path = tmp_path / "damas.rules.pdn"
    path.write_text(write_games(games), encoding="utf-8")
    _compare(games, peer("read", path))


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["brazilian", "international"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_damas_reads_what_pydraughts_writes(peer, variant, seed):
    written = peer("write", variant, seed, 90)
    game, = read_games(written["pdn"])
    assert game.variant.name == variant
    assert game.tags["Event"] == f"pydraughts {seed}"
    assert len(game.mainline) == len(written["fens"]) > 0
    board = game.initial_board()
    for move, fen in zip(game.mainline, written["fens"]):
        board.push(move)
        assert Board(fen, variant=variant) == board
    # And the game survives a damas round trip.
    assert read_games(write_games([game])) == [game]


if __name__ == "__main__":  # pragma: no cover
    sys.exit(pytest.main([__file__, "-v"]))

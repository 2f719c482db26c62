"""The annotated games of chapter 08 (notebooks/data/partidas.pdn) and the openings table.

Checked here: every game replays legally in damas (and, when the peer venv exists, in
pydraughts: required with DAMAS_REQUIRE_PEERS=1); the tags from the source are present;
each game has at least 10 comments; every mechanical claim a comment makes is true on the
board ("Tomada obrigatória" = the move captures, "único lance" = it was the only legal move,
a comment opening with "Entrega" = a quiet move that leaves the opponent a new capture,
"vira dama" = a man ends on the far row); the strength marks agree with the engine at a
fixed depth; the golpes the comments name are proven by the solver; the final positions of
the decisive games are won for the winner by the engine; the openings replay legally and the
games said to open with the «Кол» reach its position.
"""

from repo_paths import REPO
import csv
import json
import os
import subprocess
from pathlib import Path

import pytest

from damas import Board
from damas.course.kit.coach import MISTAKE, gives_capture
from damas.engine.search import analyse
from damas.rules.pdn import read_games
from damas.problems.puzzles import Puzzle
from damas.problems.solver import solve

DATA = REPO / "notebooks" / "data"
PDN = DATA / "partidas.pdn"
OPENINGS = DATA / "aberturas.csv"
TAGS = ("White", "Black", "Event", "Site", "Date", "Source")
PEER_PYTHON = os.environ.get("DAMAS_PYDRAUGHTS_PYTHON", "/opt/peers/pydraughts/bin/python")
# Engine depth for the strength marks: 8 plies on 64 squares, 4 on 100 (pure Python).
DEPTH = {"brazilian": 8, "international": 4}
# Golpes named in comments: (White player, ply of the commented move, 'before'/'after' the move, first move).
GOLPES = [("Weitsman,V.", 86, "after", "16-21"), ("Weitsman,V.", 87, "before", "16-21")]


@pytest.fixture(scope="module")
def games():
    return read_games(PDN)


def _positions(game):
    """(board before, node) for each move of the main line."""
    board = game.initial_board()
    for node in game.line.nodes:
        yield board.copy(), node
        board.push(node.move)


def test_collection_has_the_games_the_issue_asks_for(games):
    variants = [g.variant.name for g in games]
    assert variants.count("brazilian") >= 6
    assert 1 <= variants.count("international") <= 2


@pytest.mark.parametrize("tag", TAGS)
def test_tags_from_the_source(games, tag):
    for g in games:
        assert g.tags.get(tag, "").strip() not in ("", "?"), (g.tags.get("White"), tag)


def test_each_game_has_ten_comments_of_ours(games):
    for g in games:
        commented = [n for n in g.line.nodes if n.comments]
        assert len(commented) >= 10, g.tags["White"]
        assert g.line.comments, "each game opens with a comment"


def test_every_game_is_decided_or_drawn_and_replays_to_its_end(games):
    for g in games:
        assert g.result in ("2-0", "0-2", "1-1")
        board = g.board_at_end()
        assert board.legal_moves(), "the loser resigned in a position with moves left"


def test_mechanical_claims_of_the_comments(games):
    checked = 0
    for g in games:
        for board, node in _positions(g):
            text = " ".join(node.comments)
            if not text:
                continue
            move = node.move
            where = (g.tags["White"], board.move_text(move), text[:40])
            if "Tomada obrigatória" in text:
                assert move.is_capture, where
                checked += 1
            if "único lance" in text:
                assert len(board.legal_moves()) == 1, where
                checked += 1
            if text.startswith("Entrega"):
                assert not move.is_capture and gives_capture(board, move), where
                checked += 1
            if "vira dama" in text:
                after = board.copy()
                after.push(move)
                assert not board.piece_at(move.start).king and after.piece_at(move.end).king, where
                checked += 1
    assert checked >= 80


def _loss(board, move, depth):
    best = analyse(board, depth=depth)
    after = board.copy()
    after.push(move)
    played = -analyse(after, depth=depth - 1).score if after.legal_moves() else 10 ** 6
    return best, best.score - played


def test_strength_marks_agree_with_the_engine(games):
    """'?' and '??' lose at least MISTAKE, '?!' at least 20, '!' is the engine's move or
    within 15; '!?' (an interesting move) makes no claim the engine could check."""
    seen = set()
    for g in games:
        depth = DEPTH[g.variant.name]
        for board, node in _positions(g):
            mark = node.marks
            if not mark:
                continue
            seen.add(mark)
            if mark == "!?":
                continue
            best, loss = _loss(board, node.move, depth)
            where = (g.tags["White"], board.move_text(node.move), mark, loss)
            if mark in ("?", "??"):
                assert loss >= MISTAKE, where
            elif mark == "?!":
                assert loss >= 20, where
            elif mark in ("!", "!!"):
                assert best.best == node.move or loss <= 15, where
    assert {"!", "?", "??", "!?", "?!"} <= seen


@pytest.mark.parametrize("white,ply,when,first", GOLPES)
def test_golpes_named_in_the_comments_are_proven(games, white, ply, when, first):
    game, = [g for g in games if g.tags["White"] == white]
    board = game.initial_board()
    for move in game.mainline[:ply + (1 if when == "after" else 0)]:
        board.push(move)
    assert first in " ".join(game.line.nodes[ply].comments)
    proof = solve(Puzzle(board.fen(), variant=board.variant.name, goal="material", n=1, max_plies=5))
    assert proof and board.move_text(proof.key_move) == first
    assert game.mainline[ply + (1 if when == "after" else 0)] != proof.key_move or when == "after"


def test_the_golpe_was_avoidable(games):
    """The comment on 44. 27-22 says 39-34 or 45-40 would have left Black no golpe."""
    game, = [g for g in games if g.tags["White"] == "Weitsman,V."]
    board = game.initial_board()
    for move in game.mainline[:86]:
        board.push(move)
    assert "39-34 ou 45-40" in " ".join(game.line.nodes[86].comments)
    for text in ("39-34", "45-40"):
        after = board.copy()
        after.push(board.parse_move(text))
        assert not solve(Puzzle(after.fen(), variant="international", goal="material", n=1, max_plies=5))


def test_final_positions_are_won_for_the_winner(games):
    """Where the last comment says the course's computer confirms the win."""
    claimed = 0
    for g in games:
        if "computador do curso confirma" not in " ".join(g.line.nodes[-1].comments):
            continue
        claimed += 1
        board = g.board_at_end()
        score = analyse(board, depth=8 if g.variant.name == "brazilian" else 6).score
        winner = "W" if g.result == "2-0" else "B"
        assert (score if board.turn == winner else -score) >= 100, (g.tags["White"], score)
    assert claimed >= 5


def _opening_rows():
    with open(OPENINGS, encoding="utf-8") as f:
        return list(csv.DictReader(f))


def _play(text):
    board = Board("brazilian")
    for token in text.split():
        if not token[0].isdigit():
            board.push_text(token)
    return board


def test_openings_replay_and_have_sources():
    rows = _opening_rows()
    assert len(rows) >= 6
    for row in rows:
        assert row["nome"] and row["nome_pt"] and row["fonte"]
        _play(row["lances"])  # raises on an illegal move


def test_games_said_to_open_with_the_kol_reach_its_position(games):
    kol, = [r for r in _opening_rows() if r["nome"] == "Кол"]
    target = _play(kol["lances"])
    said = [g for g in games if "«Кол»" in " ".join(g.line.comments)]
    assert len(said) >= 3
    for g in said:
        board = g.initial_board()
        for move in g.mainline[:5]:
            board.push(move)
        assert board == target, g.tags["White"]


# -- pydraughts ---------------------------------------------------------------
PEER_SCRIPT = r'''
import json, sys
from draughts import Board, Move
from draughts.PDN import PDNReader
out = []
for game in PDNReader(filename=sys.argv[1]).games:
    board = Board(game.variant)
    fens = []
    for text in game.moves:
        board.push(Move(board, pdn_move=text))
        fens.append(board.fen)
    out.append({"variant": game.variant, "fens": fens, "result": game.game_ending, "tags": game.tags})
print(json.dumps(out))
'''


def _peer_works():
    if not os.path.exists(PEER_PYTHON):
        return False
    return subprocess.run([PEER_PYTHON, "-c", "import draughts.PDN"], capture_output=True).returncode == 0


@pytest.mark.slow
def test_pydraughts_replays_the_games(games, tmp_path):
    if not _peer_works():
        message = f"pydraughts not found at {PEER_PYTHON} (see tests/rules/test_pdn_pydraughts.py)"
        if os.environ.get("DAMAS_REQUIRE_PEERS") == "1":
            pytest.fail(message)
        pytest.skip(message)
    script = tmp_path / "peer.py"
    script.write_text(PEER_SCRIPT)
    done = subprocess.run([PEER_PYTHON, str(script), str(PDN)], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout)
    assert len(seen) == len(games)
    for game, peer in zip(games, seen):
        assert peer["variant"] == {"brazilian": "brazilian", "international": "standard"}[game.variant.name]
        assert peer["result"] == game.result
        for tag in TAGS:
            assert peer["tags"][tag] == game.tags[tag]
        assert len(peer["fens"]) == len(game.mainline)
        board = game.initial_board()
        for move, fen in zip(game.mainline, peer["fens"]):
            board.push(move)
            assert Board(fen, variant=game.variant.name) == board


def _count(board):
    counts = {"W": 0, "B": 0}
    for square in range(1, board.variant.squares + 1):
        piece = board.piece_at(square)
        if piece is not None:
            counts[piece.color] += 1
    return counts


def test_claims_of_chapter_14_about_the_games(games):
    """Chapter 14, 1.3: three moves after 7... c5-b4? White is a man up (Lissenko - Kukuev);
    1.2: after 17... f6-e5?? (Medkov - Vorontsov) White takes and Black takes nothing back."""
    lisenko, = [g for g in games if g.tags["White"].startswith("В. Лисенко")]
    board = lisenko.initial_board()
    for move in lisenko.mainline[:19]:
        board.push(move)
    assert board.move_text(lisenko.mainline[13]) == "c5-b4"
    counts = _count(board)
    assert counts["W"] == counts["B"] + 1
    b4 = board.variant.parse_square("b4")
    assert "cai no lance 10" in " ".join(lisenko.line.nodes[15].comments)
    assert b4 in lisenko.mainline[18].captured  # 10. a3xc5 takes the man of b4
    medkov, = [g for g in games if g.tags["White"].startswith("В. Медков")]
    b = medkov.initial_board()
    for move in medkov.mainline[:33]:
        b.push(move)
    assert b.move_text(medkov.mainline[33]) == "f6-e5"
    assert medkov.mainline[34].is_capture and not medkov.mainline[35].is_capture

"""benchmarks/match.py: the referee of engine matches (players in their own processes)."""

from repo_paths import REPO
import os
import sys

import pytest

from damas import Board, Game

from script_files import load_script

ROOT = str(REPO)


def _load(name):
    return load_script(f"benchmarks/{name}.py")


match = _load("match")
peer = _load("match_peer")


def _damas(depth=1):
    return match.Player("damas", "brazilian", damas_tree=ROOT, depth=depth)


def _fake(tmp_path, reply):
    """A player process that answers every 'go' with ``reply``."""
    script = tmp_path / "fake_player.py"
    script.write_text(
        "import sys\n"
        "print('ready fake', flush=True)\n"
        "for line in sys.stdin:\n"
        "    word = line.split()[0] if line.split() else ''\n"
        "    if word == 'quit':\n"
        "        break\n"
        "    if word == 'position':\n"
        "        print('ok', flush=True)\n"
        "    elif word == 'go':\n"
        f"        print({reply!r}, flush=True)\n"
        "    elif word == 'die':\n"
        "        sys.exit(3)\n")
    player = _damas()
    player.cmd = [sys.executable, str(script)]
    player.spec = "fake"
    return player


def _replayed(game):
    """The game's moves replayed on a fresh Game from its start: all legal."""
    again = Game(game.start)
    for move in game.moves:
        again.push(move)
    return again


def test_a_depth_one_game_ends_by_the_rules():
    white, black = _damas(), _damas()
    opening = match.openings("brazilian", 5)[0][1]
    out = match.play_game(white, black, "brazilian", opening, 1.0, 160)
    game = out["game"]
    again = _replayed(game)
    assert again.notation_list()[:len(opening)] == opening
    result = again.result()
    if out["unfinished"]:
        assert len(game.moves) == 160 and not result.is_over and out["white"] == 0.5
    else:
        assert result.is_over and out["score"] == result.score and out["reason"] == result.reason
        assert out["white"] == {"2-0": 1.0, "0-2": 0.0, "1-1": 0.5}[result.score]
    # every move after the opening was sent by a player, with its CPU time
    assert len(out["stats"]["W"]) + len(out["stats"]["B"]) == len(game.moves) - len(opening)
    assert all(cpu >= 0 and depth in (0, 1) for cpu, depth, _ in out["stats"]["W"] + out["stats"]["B"])


def test_a_game_stopped_at_the_ply_limit_is_an_unfinished_draw():
    records = match.run_match(_damas(), _damas(), "brazilian", n_openings=1, max_plies=12,
                              log=lambda *a: None)
    assert len(records) == 2
    assert all(r["unfinished"] and r["score_a"] == 0.5 and r["plies"] == 12 for r in records)
    table = match.summary(records, records[0]["white"], records[0]["black"])
    assert "unfinished (scored as draws): 2" in table
    assert "| 0 | 2 | 0 | 50% |" in table


def test_skip_games_plays_the_rest_of_the_schedule():
    # --openings 2 --skip-games 3: only the second opening with Black for the first player
    records = match.run_match(_damas(), _damas(), "brazilian", n_openings=2, max_plies=8,
                              log=lambda *a: None, skip=3)
    second = match.openings("brazilian", 2)[1][0]
    assert [(r["number"], r["opening"], r["a_colour"]) for r in records] == [(4, second, "B")]


def test_an_illegal_move_loses_and_is_reported(tmp_path):
    fake = _fake(tmp_path, "bestmove 1-2 cpu 0 depth 0 nodes 0")
    out = match.play_game(_damas(), fake, "brazilian", ["c3-d4"], 1.0, 160)
    assert out["code"] == "forfeit" and out["forfeit"] == "B" and out["white"] == 1.0
    assert "lance ilegal 1-2" in out["reason"]
    assert len(out["game"].moves) == 1   # the opening only: the illegal move was not played
    records = match.run_match(fake, _damas(), "brazilian", n_openings=1, log=lambda *a: None)
    assert [r["score_a"] for r in records] == [0.0, 0.0]
    table = match.summary(records, records[0]["white"], records[1]["white"])
    assert "forfeits (illegal move, crash or no answer): 2" in table and "lance ilegal" in table


def test_a_capture_must_name_its_pieces(tmp_path):
    opening = ["c3-d4", "f6-e5"]           # White must take: d4xf6
    game = Game("brazilian")
    for text in opening:
        game.push(text)
    (capture,) = game.board.legal_moves()
    right = match.move_token(capture)
    wrong = right.split(":")[0] + ":" + str(min(capture.captured) + 1)
    out = match.play_game(_fake(tmp_path, f"bestmove {wrong} cpu 0 depth 0 nodes 0"), _damas(),
                          "brazilian", opening, 1.0, 160)
    assert out["code"] == "forfeit" and out["forfeit"] == "W" and wrong in out["reason"]
    out = match.play_game(_fake(tmp_path, f"bestmove {right} cpu 0 depth 0 nodes 0"), _damas(),
                          "brazilian", opening, 1.0, 160)
    assert out["game"].moves[2] == capture     # played; the fake's next answer is illegal
    assert out["code"] == "forfeit" and len(out["game"].moves) == 4


def test_an_unreadable_answer_or_a_crash_loses(tmp_path):
    out = match.play_game(_fake(tmp_path, "hello"), _damas(), "brazilian", [], 1.0, 160)
    assert out["code"] == "forfeit" and out["forfeit"] == "W" and "ilegível" in out["reason"]
    out = match.play_game(_fake(tmp_path, "error ValueError: boom"), _damas(), "brazilian", [], 1.0, 160)
    assert out["code"] == "forfeit" and "boom" in out["reason"]


def test_move_tokens_round_trip():
    board = Board("W:W22,25,29:B8,13,15,18")
    for move in board.legal_moves():
        text = match.move_token(move)
        assert match.find_move(board, text) == move
        assert peer.parse_token(text) == (move.start, move.end, frozenset(move.captured))
    assert match.find_move(board, "22-17x") is None
    assert match.find_move(board, "9-14") is None


@pytest.mark.parametrize("variant", ["brazilian", "international"])
def test_openings_are_five_legal_quiet_lines(variant):
    lines = match.openings(variant, 5)
    assert len(lines) == 5 and len({tuple(m) for _, m in lines}) == 5
    assert lines == match.openings(variant, 5)   # the same every run
    for name, moves in lines:
        game = Game(variant)
        for text in moves:
            assert not game.push(text).is_capture
        assert name
    if variant == "brazilian":
        assert lines[0][0].startswith("Partida da cidade")


@pytest.mark.parametrize("variant", ["brazilian", "international"])
def test_twenty_openings_keep_the_first_five_and_draw_the_rest(variant):
    """--openings 20 (40 games): on 8x8 the five sourced lines come first, then
    lines drawn at random, named as such, none starting like a sourced one."""
    five, twenty = match.openings(variant, 5), match.openings(variant, 20)
    assert twenty[:5] == five and twenty == match.openings(variant, 20)
    starts = [tuple(moves[:4]) for _, moves in twenty]
    assert len(set(starts)) == 20
    for name, moves in twenty[5:]:
        assert name.startswith("aleatória ") and f"semente damas-match-{variant}" in name
        game = Game(variant)
        for text in moves:
            assert not game.push(text).is_capture
        assert not game.board.legal_moves()[0].is_capture


@pytest.mark.skipif(not os.path.exists(match.DEFAULT_PEER_PYTHON),
                    reason="py-draughts 1.10 is not installed in its own environment "
                           "(python3 -m venv /opt/peers/pydr && /opt/peers/pydr/bin/pip install "
                           "'py-draughts==1.10.*'; or set DAMAS_PEER_PYTHON)")
@pytest.mark.parametrize("board,opponent", [("brazilian", "simple"), ("international", "turbo")])
def test_the_py_draughts_players_speak_the_protocol(board, opponent):
    """A few plies against each py-draughts engine: every move it sends is legal
    here, and it reports its CPU time."""
    other = match.Player(opponent, board)
    for white, black in ((match.Player("damas", board, damas_tree=ROOT, depth=1), other),
                         (other, match.Player("damas", board, damas_tree=ROOT, depth=1))):
        out = match.play_game(white, black, board, [], 0.05, 10)
        assert out["code"] == "unfinished" and out["plies"] == 10, out["reason"]
        assert _replayed(out["game"]).moves == out["game"].moves
        side = "W" if white is other else "B"
        cpu = [c for c, _, _ in out["stats"][side]]
        assert len(cpu) == 5 and min(cpu) >= 0 and max(cpu) > 0   # (a forced move may take no time)
        assert "py-draughts 1.10" in other.name


def test_the_damas_player_reads_the_engine_of_version_0_1(tmp_path):
    # Before version 0.2 the engine was the module damas.engine (no damas.engine.search):
    # the previous release plays through the same player, on the CPU clock.
    import subprocess
    pkg = tmp_path / "damas"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "engine.py").write_text("import time\n\ndef analyse(board, seconds=1.0, depth=None):\n    pass\n")
    code = ("import sys, time; sys.path.insert(0, sys.argv[1]); import match_peer; "
            "p = match_peer.DamasPlayer('brazilian'); "
            "print(p.engine.__name__, p.engine.time.perf_counter is time.process_time)")
    out = subprocess.run([sys.executable, "-c", code, os.path.join(ROOT, "benchmarks")],
                         env=dict(os.environ, PYTHONPATH=str(tmp_path)), cwd=tmp_path,
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["damas.engine", "True"]

"""benchmarks/endgame_match.py: the database referee (no timed game: the attackers here
are the database itself and a deliberately bad player)."""

import pytest

from damas import Board
from damas.engine import endgames
from script_files import load_script

eg = load_script("benchmarks/endgame_match.py")


@pytest.fixture(scope="module")
def two_pieces():
    return eg.positions("brazilian", pieces=2)


def test_kind_names_the_side_to_move_first():
    assert eg.kind(Board("W:WK22:B9,K1", variant="brazilian")) == "KvKM"
    assert eg.kind(Board("B:WK22:B9,K1", variant="brazilian")) == "KMvK"


def test_positions_are_the_databases_wins_and_draws(two_pieces):
    assert {k for k, _ in two_pieces} == {"KvK", "KvM", "MvK", "MvM"}
    for (k, value), fens in two_pieces.items():
        for fen in fens[:: max(1, len(fens) // 25)]:
            board = Board(fen, variant="brazilian")
            assert eg.kind(board) == k and endgames.probe(board)[0] == value >= 0
            assert board.legal_moves()


def test_the_sample_repeats_and_takes_per_kind(two_pieces):
    a = eg.sample(two_pieces, 3)
    assert a == eg.sample(two_pieces, 3)
    assert a != eg.sample(two_pieces, 3, seed="another")
    assert all(len(f) == min(3, len(two_pieces[k])) and set(f) <= set(two_pieces[k]) for k, f in a.items())
    assert eg.sample(two_pieces, None) == two_pieces


def test_the_database_against_itself_wins_in_the_plies_it_promises(two_pieces):
    checked = 0
    for fen in eg.sample(two_pieces, 4)[("KvM", 1)] + eg.sample(two_pieces, 4)[("MvM", 1)]:
        value, plies = endgames.probe(Board(fen, variant="brazilian"))
        points, code, played = eg.play(fen, eg.database_attacker)
        assert value == 1 and points == 1.0 and played == plies and code in ("no_pieces", "no_moves")
        checked += 1
    assert checked == 8


def test_a_held_draw_is_a_draw_and_a_thrown_one_is_lost(two_pieces):
    for fen in two_pieces[("KvK", 0)][:3]:
        points, code, _ = eg.play(fen, eg.database_attacker, max_plies=60)
        assert points == 0.5 and code != "no_pieces"

    def worst(game):   # the move that loses fastest, when there is one
        vals = endgames.move_values(game.board.copy(stack=False))
        return min(vals, key=lambda t: (t[1], t[2] if t[2] is not None else 10**6))[0]

    thrown = [fen for fen in two_pieces[("KvM", 0)] + two_pieces[("MvK", 0)]
              if any(v < 0 for _, v, _ in endgames.move_values(Board(fen, variant="brazilian")))]
    assert thrown
    for fen in thrown[:3]:
        points, code, _ = eg.play(fen, worst)
        assert points == 0.0 and code in ("no_pieces", "no_moves")


def test_the_report_counts_conversions_holds_and_wins_the_rules_take():
    results = {
        ("KKvK", 1): [("a", 1.0, "no_pieces", 21, 1.0), ("b", 0.5, "king_moves", 40, 1.0),
                      ("c", 0.5, "king_moves", 40, 0.5), ("d", 1.0, "no_moves", 50, 0.5)],
        ("KvK", 0): [("e", 0.5, "repetition", 12, None), ("f", 0.0, "no_pieces", 3, None)],
    }
    text, tot = eg.report(results)
    assert (tot["wins"], tot["converted"], tot["taken"], tot["converted_beyond"]) == (2, 1, 2, 1)
    assert (tot["draws"], tot["held"]) == (2, 1)
    assert "| KKvK | win | 4 | 1 of 2 | 2 | king_moves: 1 |" in text
    assert "| KvK | draw | 2 | 1 of 2 | – | no_pieces: 1 |" in text
    assert "wins converted: 1 of 2 (50.0%); draws held: 1 of 2 (50.0%)" in text


def test_the_shards_split_every_kind_without_overlap_or_loss(two_pieces):
    parts = [eg.shard(two_pieces, f"{i}/3") for i in (1, 2, 3)]
    for key, fens in two_pieces.items():
        joined = [f for part in parts for f in part[key]]
        assert sorted(joined) == sorted(fens) and len(set(joined)) == len(fens)
    assert eg.shard(two_pieces, "1/1") == two_pieces
    for bad in ("0/2", "3/2", "half", "1/0"):
        with pytest.raises(SystemExit):
            eg.shard(two_pieces, bad)


def test_saved_shards_combine_into_the_report_of_one_run(tmp_path):
    a = {("KvK", 0): [("e", 0.5, "repetition", 12, None)], ("KKvK", 1): [("a", 1.0, "no_pieces", 21, 1.0)]}
    b = {("KvK", 0): [("f", 0.0, "no_pieces", 3, None)], ("KKvK", 1): [("b", 0.5, "king_moves", 40, 1.0)]}
    eg.save(a, tmp_path / "a.json", {"cpu_seconds": 2.0})
    eg.save(b, tmp_path / "b.json", {"cpu_seconds": 3.5})
    merged, cpu = eg.combine([tmp_path / "a.json", tmp_path / "b.json"])
    assert cpu == 5.5
    whole = {k: a[k] + b[k] for k in a}
    assert eg.report(merged)[0] == eg.report(whole)[0]
    with pytest.raises(SystemExit, match="two files"):
        eg.combine([tmp_path / "a.json", tmp_path / "a.json"])


def test_a_run_saves_after_each_kind_so_a_stopped_run_keeps_what_it_played(tmp_path, two_pieces, capsys):
    path = str(tmp_path / "run.json")
    chosen = eg.sample(two_pieces, 1)
    calls = []

    def stop_after_two(out):
        calls.append(sorted(out))
        eg.save(out, path, {"complete": False, "kinds": len(chosen), "cpu_seconds": 1.0})
        if len(out) == 2:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        eg.run(chosen, 0.01, 60, log=lambda _: None, on_kind=stop_after_two)
    assert [len(c) for c in calls] == [1, 2] and calls[0][0] in calls[1]
    results, cpu = eg.combine([path])
    assert sorted(results) == calls[1] and cpu == 1.0
    assert f"2 kinds of {len(chosen)} played" in capsys.readouterr().out
    assert not (tmp_path / "run.json.tmp").exists()


@pytest.mark.slow
def test_the_readme_table_of_the_full_run_counts_every_position_of_each_kind():
    from pathlib import Path
    readme = (Path(__file__).resolve().parents[2] / "benchmarks" / "README.md").read_text(encoding="utf-8")
    part = readme[readme.index("**The full run** (6 December 2026, every one"):]
    part = part[:part.index("\n\n", part.index("| kind (side to move v other)"))]
    rows = {}
    for line in part.splitlines():
        cells = [c.strip() for c in line.strip("|").split("|")]
        if len(cells) == 6 and cells[1] in ("win", "draw"):
            n = int(cells[2])
            assert cells[3] == f"{n} of {n}"        # the prose says 100%: every row must say so
            rows[(cells[0], 1 if cells[1] == "win" else 0)] = n
    counts = {key: len(fens) for key, fens in eg.positions("brazilian", pieces=3).items()}
    assert rows == counts
    wins = sum(n for (_, v), n in rows.items() if v == 1)
    draws = sum(n for (_, v), n in rows.items() if v == 0)
    assert f"wins converted {wins:,} of {wins:,} (100%), draws held {draws:,}\nof {draws:,} (100%)" in part

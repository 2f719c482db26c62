"""benchmarks/levels.py: the pairs of the ladder, the timed engine's games and the fit."""

from damas import Game
from script_files import load_script

lv = load_script("benchmarks/levels.py")


def test_the_pairs_form_one_chain_up_to_the_timed_engine():
    pairs = lv.pairs()
    assert pairs[0] == (lv.RANDOM_SAFE, 1)
    assert pairs[-1] == (5, lv.TIMED)
    assert all(a[1] == b[0] for a, b in zip(pairs, pairs[1:]))


def test_the_timed_engine_is_named_with_its_time_per_move():
    assert lv.name(lv.TIMED, 0.2) == "motor a 0,2 s por lance"
    assert lv.name(3) == "nível 3" and lv.name(lv.RANDOM_SAFE) == lv.RANDOM_SAFE


def test_a_game_against_the_timed_engine_is_legal_and_stops_at_the_ply_limit():
    opening = lv.openings("brazilian", 1)[0]
    points, plies, unfinished = lv.play_game("brazilian", opening, lv.TIMED, 5, "seed", 12, seconds=0.01)
    assert plies <= 12 and points in (0.0, 0.5, 1.0)
    assert unfinished == (plies == 12)
    game = Game("brazilian")
    for text in opening:
        game.push(text)
    assert len(game.moves) == 4 < plies


def test_the_ladder_adds_the_timed_engine_above_level_5():
    results = {pair: [1.0] * 6 + [0.0] * 2 for pair in lv.pairs()}       # 75% for every upper player
    rows = lv.ladder(results)
    assert [r[0] for r in rows] == [lv.RANDOM_SAFE, 1, 2, 3, 4, 5, lv.TIMED]
    steps = [b[1] - a[1] for a, b in zip(rows, rows[1:])]
    assert all(abs(s - steps[0]) < 1e-9 and s > 0 for s in steps)
    del results[(4, 5)]
    assert [r[0] for r in lv.ladder(results)] == [lv.RANDOM_SAFE, 1, 2, 3, 4]

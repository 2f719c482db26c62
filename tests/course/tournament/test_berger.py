"""The round robin's tables equal the published Berger tables, for 3 to 16 players.

Source of the tables below: FIDE Handbook, C.05 «General Regulations for Competitions», Annex 1,
«Berger Tables for Round-Robin Tournaments» («where there is an odd number of players, the highest
number counts as a bye»).  They are transcribed here as published (White's number first); the same
tables are printed in many arbiters' manuals (e.g. Chris Fox's «Berger Tables» page,
c.w.fox.tripod.com/chess/berger.html).  :mod:`damas.course.tournament.berger` builds them by a rule,
so this comparison can fail.
"""

from __future__ import annotations

import pytest

from damas import DamasError
from damas.course.tournament import model
from damas.course.tournament.berger import berger_round, berger_rounds, round_count

PUBLISHED = {
    4: """1-4 2-3 / 4-3 1-2 / 2-4 3-1""",
    6: """1-6 2-5 3-4 / 6-4 5-3 1-2 / 2-6 3-1 4-5 / 6-5 1-4 2-3 / 3-6 4-2 5-1""",
    8: """1-8 2-7 3-6 4-5 / 8-5 6-4 7-3 1-2 / 2-8 3-1 4-7 5-6 / 8-6 7-5 1-4 2-3 / 3-8 4-2 5-1 6-7 /
          8-7 1-6 2-5 3-4 / 4-8 5-3 6-2 7-1""",
    10: """1-10 2-9 3-8 4-7 5-6 / 10-6 7-5 8-4 9-3 1-2 / 2-10 3-1 4-9 5-8 6-7 / 10-7 8-6 9-5 1-4 2-3 /
           3-10 4-2 5-1 6-9 7-8 / 10-8 9-7 1-6 2-5 3-4 / 4-10 5-3 6-2 7-1 8-9 / 10-9 1-8 2-7 3-6 4-5 /
           5-10 6-4 7-3 8-2 9-1""",
    12: """1-12 2-11 3-10 4-9 5-8 6-7 / 12-7 8-6 9-5 10-4 11-3 1-2 / 2-12 3-1 4-11 5-10 6-9 7-8 /
           12-8 9-7 10-6 11-5 1-4 2-3 / 3-12 4-2 5-1 6-11 7-10 8-9 / 12-9 10-8 11-7 1-6 2-5 3-4 /
           4-12 5-3 6-2 7-1 8-11 9-10 / 12-10 11-9 1-8 2-7 3-6 4-5 / 5-12 6-4 7-3 8-2 9-1 10-11 /
           12-11 1-10 2-9 3-8 4-7 5-6 / 6-12 7-5 8-4 9-3 10-2 11-1""",
    14: """1-14 2-13 3-12 4-11 5-10 6-9 7-8 / 14-8 9-7 10-6 11-5 12-4 13-3 1-2 /
           2-14 3-1 4-13 5-12 6-11 7-10 8-9 / 14-9 10-8 11-7 12-6 13-5 1-4 2-3 /
           3-14 4-2 5-1 6-13 7-12 8-11 9-10 / 14-10 11-9 12-8 13-7 1-6 2-5 3-4 /
           4-14 5-3 6-2 7-1 8-13 9-12 10-11 / 14-11 12-10 13-9 1-8 2-7 3-6 4-5 /
           5-14 6-4 7-3 8-2 9-1 10-13 11-12 / 14-12 13-11 1-10 2-9 3-8 4-7 5-6 /
           6-14 7-5 8-4 9-3 10-2 11-1 12-13 / 14-13 1-12 2-11 3-10 4-9 5-8 6-7 /
           7-14 8-6 9-5 10-4 11-3 12-2 13-1""",
    16: """1-16 2-15 3-14 4-13 5-12 6-11 7-10 8-9 / 16-9 10-8 11-7 12-6 13-5 14-4 15-3 1-2 /
           2-16 3-1 4-15 5-14 6-13 7-12 8-11 9-10 / 16-10 11-9 12-8 13-7 14-6 15-5 1-4 2-3 /
           3-16 4-2 5-1 6-15 7-14 8-13 9-12 10-11 / 16-11 12-10 13-9 14-8 15-7 1-6 2-5 3-4 /
           4-16 5-3 6-2 7-1 8-15 9-14 10-13 11-12 / 16-12 13-11 14-10 15-9 1-8 2-7 3-6 4-5 /
           5-16 6-4 7-3 8-2 9-1 10-15 11-14 12-13 / 16-13 14-12 15-11 1-10 2-9 3-8 4-7 5-6 /
           6-16 7-5 8-4 9-3 10-2 11-1 12-15 13-14 / 16-14 15-13 1-12 2-11 3-10 4-9 5-8 6-7 /
           7-16 8-6 9-5 10-4 11-3 12-2 13-1 14-15 / 16-15 1-14 2-13 3-12 4-11 5-10 6-9 7-8 /
           8-16 9-7 10-6 11-5 12-4 13-3 14-2 15-1""",
}


def _published(players: int) -> list:
    table = PUBLISHED[players + players % 2]
    return [[tuple(int(x) for x in game.split("-")) for game in rnd.split()] for rnd in table.split("/")]


@pytest.mark.parametrize("players", range(3, 17))
def test_the_tables_equal_the_published_ones(players):
    assert berger_rounds(players) == _published(players)
    assert len(berger_rounds(players)) == round_count(players)


def test_every_pair_meets_once_and_colours_stay_balanced():
    for players in range(3, 17):
        seen = [frozenset(g) for rnd in berger_rounds(players) for g in rnd]
        n = players + players % 2
        assert len(seen) == len(set(seen)) == n * (n - 1) // 2


def test_a_false_table_is_told_apart():
    # the comparison can fail: a table with two games swapped is not the published one
    wrong = berger_rounds(6)
    wrong[1][0], wrong[1][1] = wrong[1][1], wrong[1][0]
    assert wrong != _published(6)
    with pytest.raises(DamasError, match="rodada"):
        berger_round(6, 6)


def test_an_odd_number_gives_each_player_one_round_off():
    data = model.new_data("Turma", [f"J{k}" for k in range(1, 6)], system="todos")
    rests = []
    for r in range(1, data["rodadas"] + 1):
        model.pair_next(data)
        t = model.Tournament(data)
        rests.append(t.rounds[-1].bye)
        for g in t.rounds[-1].games:
            model.record(data, r, g.board, "1-1")
    assert sorted(rests) == [1, 2, 3, 4, 5]          # the highest number (6) is the «ghost»
    assert data["emparelhamentos"][0]["mesas"] == [[2, 5], [3, 4]]   # 1-6 is the round off of 1

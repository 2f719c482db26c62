"""Standings and tie-breaks equal examples worked by hand (the working is in the comments)."""

from __future__ import annotations

from damas.course.tournament import model
from damas.course.tournament.standings import crosstable, number_text, standings_table, tiebreak_legend


def _round_robin(scoring="2-1-0", tiebreaks=None):
    """Four players, Berger table for 4: R1 1-4 2-3 · R2 4-3 1-2 · R3 2-4 3-1."""
    data = model.new_data("Quadrangular", ["Ana", "Beto", "Caio", "Duda"], system="todos", scoring=scoring,
                          tiebreaks=tiebreaks)
    results = {1: ["brancas", "empate"],     # Ana beats Duda; Beto-Caio drawn
               2: ["brancas", "pretas"],     # Duda (White) beats Caio; Beto (Black) beats Ana
               3: ["empate", "brancas"]}     # Beto-Duda drawn; Caio (White) beats Ana
    for r in (1, 2, 3):
        model.pair_next(data)
        for board, code in enumerate(results[r], 1):
            model.record(data, r, board, code)
    return model.Tournament(data)


def test_round_robin_by_hand_2_1_0():
    # Points: Ana 2+0+0 = 2 · Beto 1+2+1 = 4 · Caio 1+0+2 = 3 · Duda 0+2+1 = 3.
    # Caio and Duda tie on 3; they met in round 2 and Duda won: direct encounter Duda 2, Caio 0.
    # SB: Ana beat Duda (3) = 3 · Beto drew Caio (3/2) + beat Ana (2) + drew Duda (3/2) = 5
    #     Caio drew Beto (4/2) + beat Ana (2) = 4 · Duda beat Caio (3) + drew Beto (4/2) = 5.
    # BH: Ana 3+4+3 = 10 · Beto 3+2+3 = 8 · Caio 4+3+2 = 9 · Duda 2+3+4 = 9.  Wins: one each.
    header, rows = standings_table(_round_robin())
    assert header == ["Lugar", "Nº", "Nome", "Pontos", "CD", "SB", "BH", "V"]
    assert rows == [["1º", "2", "Beto", "4", "0", "5", "8", "1"],
                    ["2º", "4", "Duda", "3", "2", "5", "9", "1"],
                    ["3º", "3", "Caio", "3", "0", "4", "9", "1"],
                    ["4º", "1", "Ana", "2", "0", "3", "10", "1"]]


def test_round_robin_by_hand_1_half_0():
    # The same games scored 1-½-0: every number halved (Beto 2, Duda 1,5 ...); SB Beto
    # 1,5×½ + 1 + 1,5×½ = 2,5; BH Caio 2 + 1,5 + 1 = 4,5.
    _header, rows = standings_table(_round_robin("1-meio-0"))
    assert rows == [["1º", "2", "Beto", "2", "0", "2,5", "4", "1"],
                    ["2º", "4", "Duda", "1,5", "1", "2,5", "4,5", "1"],
                    ["3º", "3", "Caio", "1,5", "0", "2", "4,5", "1"],
                    ["4º", "1", "Ana", "1", "0", "1,5", "5", "1"]]
    _h, square = crosstable(_round_robin("1-meio-0"))
    assert square[1] == ["2", "Beto", "1", "×", "½", "½", "2"]


def test_a_tie_no_tie_break_breaks_shares_the_place():
    # Caio and Duda: Buchholz 9 and 9, one win each: they share the 2nd place, the next is 4th.
    _header, rows = standings_table(_round_robin(tiebreaks=["buchholz", "vitorias"]))
    assert [r[:3] for r in rows] == [["1º", "2", "Beto"], ["2º=", "3", "Caio"], ["2º=", "4", "Duda"],
                                     ["4º", "1", "Ana"]]


def _swiss_by_hand():
    """Five players, three rounds, paired by hand (the data as the file holds it)."""
    data = model.new_data("Suíço", ["Ana", "Beto", "Caio", "Duda", "Eli"], rounds=3,
                          tiebreaks=["buchholz", "sonneborn", "vitorias", "confronto"])
    data["emparelhamentos"] = [
        {"rodada": 1, "mesas": [[1, 4], [5, 2]], "folga": 3, "wo": {}},
        {"rodada": 2, "mesas": [[3, 1], [2, 4]], "folga": 5, "wo": {}},
        {"rodada": 3, "mesas": [[1, 5], [4, 3]], "folga": 2, "wo": {}},
    ]
    for r, b, code in [(1, 1, "brancas"), (1, 2, "empate"), (2, 1, "empate"), (2, 2, "brancas"),
                       (3, 1, "pretas"), (3, 2, "brancas")]:
        model.record(data, r, b, code)
    return model.Tournament(data)


def test_swiss_by_hand():
    # Points: Ana 2+1+0 = 3 · Beto 1+2+bye 2 = 5 · Caio bye 2+1+0 = 3 · Duda 0+0+2 = 2 · Eli 1+bye 2+2 = 5.
    # BH (a bye adds nothing): Ana 2+3+5 = 10 · Beto 5+2 = 7 · Caio 3+2 = 5 · Duda 3+5+3 = 11 · Eli 5+3 = 8.
    # SB: Ana beat Duda 2 + drew Caio 3/2 = 3,5 · Beto drew Eli 5/2 + beat Duda 2 = 4,5 · Caio drew
    #     Ana 3/2 = 1,5 · Duda beat Caio 3 · Eli drew Beto 5/2 + beat Ana 3 = 5,5.
    # Wins (the bye counts): Ana 1 · Beto 2 · Caio 1 · Duda 1 · Eli 2.
    t = _swiss_by_hand()
    _header, rows = standings_table(t)
    assert rows == [["1º", "5", "Eli", "5", "8", "5,5", "2", "0"],
                    ["2º", "2", "Beto", "5", "7", "4,5", "2", "0"],
                    ["3º", "1", "Ana", "3", "10", "3,5", "1", "0"],
                    ["4º", "3", "Caio", "3", "5", "1,5", "1", "0"],
                    ["5º", "4", "Duda", "2", "11", "3", "1", "0"]]
    header, table = crosstable(t)
    assert header == ["Nº", "Nome", "1", "2", "3", "Pontos"]
    assert table[0] == ["5", "Eli", "2b 1", "folga 2", "1p 2", "5"]


def test_direct_encounter_needs_everyone_to_have_met():
    # Beto and Eli (5 points each) drew: direct encounter 1 and 1 does not separate them; with
    # Ana, Caio, Duda the group never all met, so it separates nobody.
    data = _swiss_by_hand().data
    data["desempates"] = ["confronto", "vitorias"]
    _h, rows = standings_table(model.Tournament(data))
    assert [r[0] for r in rows] == ["1º=", "1º=", "3º=", "3º=", "5º"]
    assert [r[4] for r in rows[:2]] == ["1", "1"]


def test_numbers_are_written_the_brazilian_way():
    assert [number_text(x) for x in (0, 12, 7.5, 10.25, 107.5)] == ["0", "12", "7,5", "10,25", "107,5"]
    legend = tiebreak_legend(_round_robin())
    assert legend[0].startswith("1. CD — Confronto direto") and "FIDE" in legend[0]
    assert all("." not in line.split(":")[0][3:] or "C.07" in line for line in legend)

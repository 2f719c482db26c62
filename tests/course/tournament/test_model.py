"""Late entries, withdrawals, byes and the guard against pairing a round twice."""

from __future__ import annotations

import pytest

from damas.course.tournament import TournamentError, model
from damas.course.tournament.standings import history, points, standings_table


def _finish(data, code="empate"):
    t = model.Tournament(data)
    for g in t.rounds[-1].games:
        if g.result is None:
            model.record(data, t.rounds[-1].number, g.board, code)


def test_a_late_entry_plays_from_the_next_round_with_no_points_before():
    data = model.new_data("Suíço", ["Ana", "Bia", "Caio", "Duda"], rounds=3)
    model.pair_next(data)
    assert model.add_players(data, ["Eva"]) == [5]
    _finish(data)
    model.pair_next(data)
    t = model.Tournament(data)
    kinds = [i.kind for i in history(t, 5)]
    assert kinds[0] == "fora" and kinds[1] in ("jogo", "pendente", "folga")
    assert 5 in {x for g in t.rounds[1].games for x in (g.white, g.black)} | {t.rounds[1].bye}
    assert t.rounds[1].bye == 5                 # the lowest (0 points, the highest number) takes the bye


def test_a_withdrawn_player_is_not_paired_and_keeps_his_games():
    data = model.new_data("Suíço", ["Ana", "Bia", "Caio", "Duda", "Eva", "Fábio"], rounds=3)
    model.pair_next(data)
    model.record(data, 1, 1, "brancas")
    model.withdraw(data, 1)
    with pytest.raises(TournamentError, match="já saiu"):
        model.withdraw(data, 1)
    _finish(data)
    model.pair_next(data)
    t = model.Tournament(data)
    assert 1 not in {x for g in t.rounds[1].games for x in (g.white, g.black)}
    assert t.rounds[1].bye is not None and points(t)[1] == 2
    assert [r[2] for r in standings_table(t)[1] if r[1] == "1"] == ["Ana (desistiu)"]


def test_in_a_round_robin_the_games_of_a_withdrawn_player_are_wo():
    data = model.new_data("Todos", ["Ana", "Bia", "Caio", "Duda"], system="todos")
    model.pair_next(data)
    with pytest.raises(TournamentError, match="todos contra todos"):
        model.add_players(data, ["Eva"])
    model.withdraw(data, 4)
    _finish(data)
    model.pair_next(data)
    t = model.Tournament(data)
    fixed = [g for g in t.rounds[1].games if g.fixed]
    assert len(fixed) == 1 and 4 in (fixed[0].white, fixed[0].black)
    winner = fixed[0].black if fixed[0].white == 4 else fixed[0].white
    assert t.result_text(fixed[0].result).endswith("W.O.")
    assert history(t, winner)[1].kind == "wo" and history(t, winner)[1].points == 2
    with pytest.raises(TournamentError, match="W.O."):
        model.record(data, 2, fixed[0].board, "1-1")


def test_a_round_is_never_paired_twice():
    data = model.new_data("Suíço", ["Ana", "Bia", "Caio", "Duda"], rounds=2)
    assert model.pair_next(data, expected=1) == 1
    assert model.pair_next(data, expected=1) == 1          # another window already paired it
    assert len(data["emparelhamentos"]) == 1
    with pytest.raises(TournamentError, match="Faltam resultados"):
        model.pair_next(data)


def test_results_are_read_in_both_scorings():
    assert model.result_code("2-1-0", " 2-0 ") == "brancas"
    assert model.result_code("1-meio-0", "1/2-1/2") == "empate"
    assert model.result_code("1-meio-0", "0,5-0,5") == "empate"
    assert model.result_code("2-1-0", "0-2 W.O.") == "pretas-wo"
    for bad in ("1-0", "1-1wo", "", "2:0"):
        with pytest.raises(TournamentError, match="Resultado inválido"):
            model.result_code("2-1-0", bad)

"""Chapter 11's own demonstration (damas/course/chapters/ch11_empate_e_resultado.py): the forçada
defended on a diagonal until rule 6.3 draws it."""

from __future__ import annotations

from damas import Board
from damas.course.chapters.ch11_empate_e_resultado import defend_on_diagonal


def test_defende_na_diagonal_draws_by_rule_6_3():
    diagonal = [Board().variant.parse_square(s) for s in ("a1", "b2", "c3", "d4", "e5", "f6", "g7", "h8")]
    game, refused = defend_on_diagonal(Board("W:WKb8,Kh4,Kg1:BKg7"), diagonal)
    assert game.result().code == "endgame" and game.result().article == "6.3" and len(game.moves) == 40
    replay = game.start
    for move in game.moves:
        replay.push(move)
        assert replay.kings("B")[0] in diagonal and len(replay.kings("W")) == 3
    assert all(isinstance(n, int) and isinstance(t, str) for n, t in refused)

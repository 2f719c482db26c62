"""The capture exercises of chapter 07 (damas/course/capture_exercises.py)."""

from __future__ import annotations
from repo_paths import REPO

from pathlib import Path

import pytest

from damas.course.capture_exercises import (confere_tomada, enunciado, erro_tipico, gabarito, permitidas, por_tema,
                                     tema)
from damas.rules.pdn import read_games

EXERCISES = read_games(REPO / "puzzles" / "tomadas.pdn")


def by_event(name):
    return next(e for e in EXERCISES if e.tags["Event"].startswith(name + ":"))


def test_themes_group_every_exercise_in_first_appearance_order():
    themes = por_tema(EXERCISES)
    assert sum(len(v) for v in themes.values()) == len(EXERCISES) == 32
    assert list(themes)[0] == tema(EXERCISES[0]) == "pedra tomando para trás (regra 4.2)"
    assert len(themes["lei da maioria (regra 4.13)"]) == 5


@pytest.mark.parametrize("exercise", EXERCISES, ids=[e.tags["Event"].split(":")[0] for e in EXERCISES])
def test_stored_answers_are_exactly_the_allowed_captures(exercise):
    board = exercise.initial_board()
    assert set(gabarito(exercise)) == set(board.legal_moves())
    assert confere_tomada(exercise, permitidas(board)[0]).startswith("Certo")
    wrong = erro_tipico(exercise)
    if wrong is not None:
        assert not confere_tomada(exercise, wrong).startswith("Certo")


def test_verdicts_name_the_rule():
    majority = by_event("Tomada 5")
    assert erro_tipico(majority) == "c7xa5"
    verdict = confere_tomada(majority, "c7xa5")
    assert verdict.startswith("Ainda não.") and "regra 4.13" in verdict
    choice = by_event("Tomada 3")
    assert permitidas(choice.initial_board()) == ["f4xh6", "g1xe3"]
    assert confere_tomada(choice, "f4xh6") == "Certo! Também seria permitido: g1xe3 (regra 4.14)."
    assert confere_tomada(by_event("Tomada 1"), "c5xa3") == "Certo! É a única tomada permitida."
    assert erro_tipico(by_event("Tomada 1")) is None
    assert "tabuleiro" in confere_tomada(choice, None)


def test_enunciado_says_who_plays():
    assert "Pretas jogam e tomam" in str(enunciado(by_event("Tomada 5")))
    assert "Brancas jogam e tomam" in str(enunciado(by_event("Tomada 3")))

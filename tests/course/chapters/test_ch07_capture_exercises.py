"""The capture exercises of chapter 07 (damas/course/chapters/ch07_exercicios_de_tomada.py)."""

from __future__ import annotations
from repo_paths import REPO

import pytest

from damas.course.chapters.ch07_exercicios_de_tomada import (allowed_captures, answer_key, by_theme, capture_practice,
                                                             check_capture, statement, theme_of, typical_mistake)
from damas.errors import DamasError
from damas.rules.pdn import read_games

EXERCISES = read_games(REPO / "puzzles" / "tomadas.pdn")


def by_event(name):
    return next(e for e in EXERCISES if e.tags["Event"].startswith(name + ":"))


def test_themes_group_every_exercise_in_first_appearance_order():
    themes = by_theme(EXERCISES)
    assert sum(len(v) for v in themes.values()) == len(EXERCISES) == 32
    assert list(themes)[0] == theme_of(EXERCISES[0]) == "pedra tomando para trás (regra 4.2)"
    assert len(themes["lei da maioria (regra 4.13)"]) == 5


@pytest.mark.parametrize("exercise", EXERCISES, ids=[e.tags["Event"].split(":")[0] for e in EXERCISES])
def test_stored_answers_are_exactly_the_allowed_captures(exercise):
    board = exercise.initial_board()
    assert set(answer_key(exercise)) == set(board.legal_moves())
    assert check_capture(exercise, allowed_captures(board)[0]).startswith("Certo")
    wrong = typical_mistake(exercise)
    if wrong is not None:
        assert not check_capture(exercise, wrong).startswith("Certo")


def test_verdicts_name_the_rule():
    majority = by_event("Tomada 5")
    assert typical_mistake(majority) == "c7xa5"
    verdict = check_capture(majority, "c7xa5")
    assert verdict.startswith("Ainda não.") and "regra 4.13" in verdict
    choice = by_event("Tomada 3")
    assert allowed_captures(choice.initial_board()) == ["f4xh6", "g1xe3"]
    assert check_capture(choice, "f4xh6") == "Certo! Também seria permitido: g1xe3 (regra 4.14)."
    assert check_capture(by_event("Tomada 1"), "c5xa3") == "Certo! É a única tomada permitida."
    assert typical_mistake(by_event("Tomada 1")) is None
    assert "tabuleiro" in check_capture(choice, None)


def test_enunciado_says_who_plays():
    assert "Pretas jogam e tomam" in str(statement(by_event("Tomada 5")))
    assert "Brancas jogam e tomam" in str(statement(by_event("Tomada 3")))


def _click(widget, move):
    widget.click(move.start)
    widget.click(move.end)
    if widget.choices:
        paths = [tuple(c["path"]) for c in widget.choices]
        widget.choose(paths.index(tuple(move.path)))


def test_the_capture_practice_goes_anywhere_and_counts_what_is_done(store):
    pytest.importorskip("anywidget")
    from damas.course.kit.progress import Progress
    from damas.rules.pdn import read_games
    games = read_games(str(REPO / "puzzles" / "tomadas.pdn"))
    practice = capture_practice(games, "exercicios-de-tomada/treino")
    assert len(practice.tasks) == len(games) and practice.free
    practice.box()
    assert not practice._next.disabled and practice._note.value == f"Feitas: 0 de {len(games)}."
    practice.go(4)                                     # free: no need to solve 1 to 4 first
    assert practice.index == 4
    run = practice.run()
    move = games[4].initial_board().legal_moves()[0]   # any capture the rules allow is right
    _click(run.widget, move)
    assert run.verdict.done
    assert practice._note.value == f"Feitas: 1 de {len(games)}."
    assert Progress("teste", folder=store).stars("exercicios-de-tomada/treino/5") > 0
    with pytest.raises(DamasError, match="vazia"):
        capture_practice([], "exercicios-de-tomada/treino")

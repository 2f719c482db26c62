"""Chapter 07 — Exercícios de tomada: what ``notebooks/07_Exercicios_de_tomada.ipynb`` uses.

The capture exercises of ``puzzles/tomadas.pdn``: their themes, the stored answers, the captures
the rules allow, the typical mistake (a capture that ignores the majority law) and the verdict on
an answer, with the rule; each exercise on the board (:func:`exercise_capture_task`) and all of
them in one practice (:func:`capture_practice`). Pure Python; the rules come from the board,
:func:`damas.rules.explain.explain` and :func:`damas.problems.compose.free_captures`.

The notebook imports it whole (``from damas.course.chapters.ch07_exercicios_de_tomada import *``):
``__all__`` is what the notebook calls, its own helpers and the kit's pieces it uses; the other
public names serve the tests.
"""

from __future__ import annotations
from damas.course.kit.chapter_texts import chapter_quiz
from damas.course.kit.exercises import chapter_exercise, check_items
from damas.course.kit.oneliners import judge_attempt
from damas.course.kit.questions import capture_task
from damas.course.kit.sentences import after_verdict
from damas.course.kit.tasks import Stage
from damas.errors import DamasError
from damas.rules.args import PDN_GAME, checked, optional, refuse, text_spec

__all__ = ["exercise_capture_task", "capture_practice", "chapter_exercise", "check_items",
           "judge_attempt", "by_theme", "answer_key", "allowed_captures", "check_capture",
           "typical_mistake", "statement", "chapter_quiz"]


def _exercises(value, name):
    from damas.rules.pdn import PDNGame
    if not isinstance(value, (list, tuple)) or not all(isinstance(e, PDNGame) for e in value):
        raise refuse(name, "uma lista de exercícios (partidas lidas de um PDN)", value)
    return value


@checked(exercise=PDN_GAME)
def theme_of(exercise) -> str:
    """The exercise's first theme (the PDN tag ``Theme``, up to the first ``;``)."""
    return exercise.tags.get("Theme", "").split(";")[0].strip()


@checked(exercises=_exercises)
def by_theme(exercises) -> dict:
    """Theme -> its exercises, in the order the themes first appear."""
    themes = {}
    for exercise in exercises:
        themes.setdefault(theme_of(exercise), []).append(exercise)
    return themes


@checked(exercise=PDN_GAME)
def answer_key(exercise) -> list:
    """The captures stored in the file: the main line's first move and the
    first move of each of its variations."""
    first = exercise.line.nodes[0]
    return [first.move] + [variation.nodes[0].move for variation in first.variations]


@checked()
def allowed_captures(board) -> list:
    """The captures (the legal moves) the board allows, as texts."""
    return [board.move_text(move) for move in board.legal_moves()]


@checked(exercise=PDN_GAME, answer=optional(text_spec()))
def check_capture(exercise, answer) -> str:
    """The verdict on ``answer`` (a move text), with the rule when it is
    refused and the other allowed captures when it is right (regra 4.14)."""
    from damas.rules.explain import explain
    if answer is None:
        return "Ainda sem resposta: faça a tomada no tabuleiro."
    board = exercise.initial_board()
    verdict = explain(board, answer)
    if not verdict.legal:
        return after_verdict("Ainda não. ", verdict.message)
    others = [t for t in allowed_captures(board) if board.parse_move(t) != board.parse_move(answer)]
    if others:
        return f'Certo! Também seria permitido: {", ".join(others)} (regra 4.14).'
    return "Certo! É a única tomada permitida."


@checked(exercise=PDN_GAME)
def typical_mistake(exercise):
    """A capture that would be possible without the majority law but is not
    allowed, as text; None if there is none."""
    from damas.problems.compose import free_captures
    board = exercise.initial_board()
    right = board.legal_moves()
    for move in free_captures(board):
        if move not in right:
            return board.move_text(move)
    return None


@checked(exercise=PDN_GAME)
def statement(exercise):
    """The exercise's picture, titled with its name and who plays."""
    from damas.course.kit.figures import board_figure
    board = exercise.initial_board()
    side = "Brancas" if board.turn == "W" else "Pretas"
    return board_figure(board, title=f'{exercise.tags["Event"]} — {side} jogam e tomam')


def _pdn_games(value, name):
    from damas.rules.pdn import PDNGame
    if not isinstance(value, (list, tuple)) or not all(isinstance(g, PDNGame) for g in value):
        raise refuse(name, "uma coleção de exercícios (uma lista de partidas lidas de um PDN)", value)
    return value


@checked()
def exercise_capture_task(key, pdn_game, title):
    """A capture exercise of a PDN collection, on the board (any allowed capture is right)."""
    board = pdn_game.initial_board()
    return capture_task(key, board.fen(), title, variant=board.variant.name)


@checked(pdn_games=_pdn_games, key=text_spec(False))
def capture_practice(pdn_games, key: str) -> Stage:
    """Every capture exercise of a PDN collection on one board, in order,
    free to go forward and back (``key``/1, ``key``/2, ... keep the stars)."""
    games = list(pdn_games)
    if not games:
        raise DamasError("A coleção de exercícios está vazia: não há tomada para treinar.")
    return Stage([exercise_capture_task(f"{key}/{i}", game, game.tags.get("Event") or f"Exercício {i}")
                  for i, game in enumerate(games, 1)], free=True)

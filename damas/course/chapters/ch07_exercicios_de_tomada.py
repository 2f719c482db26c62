"""The capture exercises of ``puzzles/tomadas.pdn`` (chapter 07): their
themes, the stored answers, the captures the rules allow, the typical
mistake (a capture that ignores the majority law) and the verdict on an
answer, with the rule.  Pure Python; the rules come from the board,
:func:`damas.rules.explain.explain` and :func:`damas.problems.compose.free_captures`.
"""

from __future__ import annotations
from damas.rules.args import PDN_GAME, checked, optional, refuse, text_spec


def _exercises(value, name):
    from damas.rules.pdn import PDNGame
    if not isinstance(value, (list, tuple)) or not all(isinstance(e, PDNGame) for e in value):
        raise refuse(name, "uma lista de exercícios (partidas lidas de um PDN)", value)
    return value

from damas.course.sentences import after_verdict

__all__ = ["theme_of", "by_theme", "answer_key", "allowed_captures", "check_capture", "typical_mistake", "statement"]


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
    from damas.course.figures import board_figure
    board = exercise.initial_board()
    side = "Brancas" if board.turn == "W" else "Pretas"
    return board_figure(board, title=f'{exercise.tags["Event"]} — {side} jogam e tomam')

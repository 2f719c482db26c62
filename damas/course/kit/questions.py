"""Exercise builders that several chapters use: one question (or task) made from a position by
the rules package.  A builder only one chapter uses lives in that chapter's module
(:mod:`damas.course.chapters`); they all shuffle their options with :func:`shuffled`."""

from __future__ import annotations

from damas.errors import ArgumentError

from damas.course.kit.figures import board_figure
from damas.course.kit.oneliners import square_names
from damas.course.kit.quiz import Question, Quiz
from damas.course.kit.tasks import CAPTURE, BoardTask
from damas.course.kit.words import TEXTS
from damas.errors import DamasError
from damas.rules.args import checked, text_spec, whole_spec
from damas.rules.board import BLACK, Board

__all__ = ["choice_question", "count_question", "capture_task", "removed_pieces_question", "shuffled"]


# -- exercises answered by clicking -------------------------------------------------------------
@checked(key=text_spec(False), text=text_spec(), title=text_spec())
def choice_question(key, text, options, answer, why, title="Exercício", figure=None) -> Quiz:
    """One question answered by a click (a one-question :class:`Quiz`,
    saved under ``key``); ``why``: one explanation per option."""
    return Quiz(key, [Question(text, options, answer, why, figure=figure)], title)


@checked(key=text_spec(False), text=text_spec(), right=whole_spec(0, 10_000), why_right=text_spec(), hint=text_spec(), title=text_spec())
def count_question(key, text, right: int, why_right: str, hint: str, title="Exercício", figure=None) -> Quiz:
    """A counting question: the options are the numbers around ``right``
    (computed by the caller from the rules package)."""
    # The right number is not always in the same place (fixed by the key).
    low = max(0, right - sum(map(ord, key)) % 5)
    options = list(range(low, low + 5))
    why = [why_right if n == right else
           f"{n} não é: {hint}" for n in options]
    return choice_question(key, text, [str(n) for n in options], options.index(right), why, title, figure)


def capture_task(key, fen, title, text="", variant=None) -> BoardTask:
    """An exercise on the board: make the capture the rules demand
    (every legal capture counts; a refused one is explained with its rule)."""
    task = BoardTask(key, fen, CAPTURE, 1, title, text, variant=variant)
    if not task.board().legal_moves() or not all(m.captured for m in task.board().legal_moves()):
        raise DamasError(TEXTS["bad_task"].format(why=f"{fen}: não há tomada obrigatória"))
    return task


def shuffled(key, options, right_index, why):
    """``(options, right index, why)`` shuffled deterministically by ``key`` (the right option
    is not always first, and stays where it is from run to run)."""
    if not isinstance(key, str) or not isinstance(options, (list, tuple)) or not options \
            or not isinstance(why, (list, tuple)) or len(why) != len(options) \
            or isinstance(right_index, bool) or not isinstance(right_index, int) \
            or not 0 <= right_index < len(options):
        raise ArgumentError("Valor inválido para a pergunta: esperava uma chave (texto), uma lista de opções, "
                            "o número da opção certa e uma explicação por opção.")
    n = len(options)
    shift = sum(map(ord, key)) % n
    idx = [(i + shift) % n for i in range(n)]
    return [options[i] for i in idx], idx.index(right_index), [why[i] for i in idx]


def removed_pieces_question(key, fen, text):
    """Which pieces leave the board after the capture ``text`` (regra 4.11; 5.4.11 and 5.4.12)."""
    board = Board(fen)
    move = board.parse_move(text)
    taken = square_names(board, move.captured)
    others = [board.variant.square_name(s) for s in board.men(BLACK) + board.kings(BLACK)
              if s not in move.captured]
    options = [", ".join(taken), ", ".join(taken[:-1] + others[:1]), ", ".join(taken[:-1])]
    why = [f"Saem exatamente as peças saltadas: {', '.join(taken)} (regra 4.11).",
           f"{others[0]} não foi saltada: tirá-la é a irregularidade 5.4.12.",
           "Faltou uma peça tomada: tirar menos peças do que as tomadas é a irregularidade 5.4.11."]
    options, right, why = shuffled(key, options, 0, why)
    return choice_question(key, f"As brancas jogam {text}. Quais pedras pretas saem do tabuleiro?", options, right, why,
                           figure=board_figure(board, title=f"As brancas jogam {text}"))



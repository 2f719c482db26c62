"""Chapter 12 — Irregularidades: what ``notebooks/12_Irregularidades.ipynb`` uses.

The irregularities of rule 5.4: what the computer does with a refused move (:func:`try_move`), what
a hand does on a wooden board (:func:`hand_move`), the irregularity a verdict cites
(:func:`irregularity_number`) and the quiz on them (:func:`irregularity_quiz`). The notebook
imports it whole (``from damas.course.chapters.ch12_irregularidades import *``): ``__all__`` is
what the notebook calls, its own helpers and the kit's pieces it uses.
"""

from __future__ import annotations

import re

from damas.course.kit.chapter_texts import chapter_quiz
from damas.course.kit.exercises import check_items
from damas.course.kit.figures import board_figure
from damas.course.kit.oneliners import judge_attempt, move_texts, square_names
from damas.course.kit.questions import capture_task
from damas.course.kit.quiz import Question, Quiz
from damas.course.kit.sentences import moves_sentence
from damas.display.svg import COLORS
from damas.errors import IllegalMoveError
from damas.rules.args import checked, instance_spec
from damas.rules.board import Board

__all__ = ["COLORS", "board_figure", "capture_task", "irregularity_quiz", "check_items", "move_texts",
           "square_names", "judge_attempt", "irregularity_number", "try_move", "hand_move", "BoardWidget",
           "moves_sentence", "chapter_quiz"]


_VERDICT = instance_spec("damas.rules.explain.Explanation", "o veredito de explain(tabuleiro, lance)")


@checked(verdict=_VERDICT)
def irregularity_number(verdict):
    """The irregularity number (``5.4.xx``) quoted in a verdict's message
    (:func:`damas.rules.explain.explain`), or None."""
    found = re.search(r"5\.4\.\d\d", verdict.message)
    return found.group() if found else None


@checked()
def try_move(board, text: str) -> None:
    """Try ``text`` on ``board`` the way the computer does: either the move is
    played, or it is refused and the board does not change.  Prints the line
    shown to the student."""
    try:
        board.push_text(text)
        line = f"{text}: jogado."
    except IllegalMoveError as error:
        line = f"{text}: RECUSADO. {error}"
    print(line)


@checked()
def hand_move(board, start: str, end: str):
    """What a hand does on a wooden board: carry the piece from ``start`` to
    ``end`` with no rule checked, and pass the turn.  Returns a new board;
    ``board`` is not changed."""
    new = board.copy(stack=False)
    square = new.variant.parse_square
    new.set_piece(square(end), new.remove_piece(square(start)))
    new.turn = "B" if board.turn == "W" else "W"
    return new


def irregularity_quiz(key, fen, attempts):
    """For each attempt: which irregularity of rule 5.4 it is (the package's own citation)."""
    from damas.rules.explain import explain
    board = Board(fen)
    found = []
    for attempt in attempts:
        verdict = explain(board, attempt)
        found.append((attempt, irregularity_number(verdict), verdict.message))
    choices = sorted({n for _a, n, _m in found if n})
    questions = []
    for attempt, number, message in found:
        why = [message if c == number else f"Não é {c}. Releia a lista da regra 5.4." for c in choices]
        questions.append(Question(f"As brancas tentam {attempt}. Qual é a irregularidade?", choices,
                                  choices.index(number), why))
    questions[0].figure = board_figure(board, title="As brancas jogam")
    return Quiz(key, questions, "Qual é a irregularidade?")


def __getattr__(name):
    # The widgets are imported when the notebook asks for them: importing this module stays pure Python.
    if name == "BoardWidget":
        from damas.widget.board import BoardWidget
        return BoardWidget
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

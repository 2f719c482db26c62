"""Chapter 12 — Irregularidades: what ``notebooks/12_Irregularidades.ipynb`` uses.

The irregularities of rule 5.4 as a player meets them. Each step of the chapter is one call here
that returns what the student sees: a board and the computer's verdicts (:class:`Panel`), the
board to try them on, the exercises. Its own pieces: what the computer does with a refused move
(:func:`try_move`, :func:`attempt_line`), what a hand does on a wooden board (:func:`hand_move`),
the irregularity a verdict cites (:func:`irregularity_number`) and the quiz on them
(:func:`irregularity_quiz`). The facts the chapter states are checked in
``tests/course/chapters/test_ch12_irregularidades.py``. The notebook imports it whole:
``__all__`` is what the notebook calls; its ``teacher_check`` is what the teacher's answer key reads
(:mod:`damas.course.classroom.teacher_key`).
"""

from __future__ import annotations

import re

from damas.course.kit.chapter_texts import chapter_quiz
from damas.course.kit.classmate import classmate_section
from damas.course.kit.exercises import check_items
from damas.course.kit.figures import board_figure, side_by_side
from damas.course.kit.panels import Panel
from damas.course.kit.questions import capture_task
from damas.course.kit.quiz import Question, Quiz
from damas.display.svg import COLORS
from damas.errors import IllegalMoveError
from damas.rules.args import checked, instance_spec
from damas.rules.board import Board

__all__ = ["board_placement", "out_of_turn", "wrong_moves", "capture_errors", "rectify_or_keep",
           "practice_board", "exercise_1", "exercise_2", "teacher_check", "chapter_quiz", "classmate_section"]

#: The long diagonal of the 64-square board, a1 to h8 (rule 2.3).
LONG_DIAGONAL = ("a1", "b2", "c3", "d4", "e5", "f6", "g7", "h8")
#: Three pieces, three wrong moves (rules 3.4 and 3.9): no capture on the board.
WRONG_MOVES = ("W:Wc3,e3,Ka1:Bh8", ("e3-d2", "e3-g5", "a1-d4"))
#: White must take two with c3 (c3xe5xc7); three wrong tries and their irregularities.
CAPTURE_ERRORS = ("W:Wa3,c3,h2:Bd4,d6,g3", (("a3-b4", "5.4.06"), ("h2xf4", "5.4.08"), ("c3xe5", "5.4.09")))
#: White had to take with c3; the hand played g3-h4 (5.4.06).
HAND = ("W:Wc3,g3:Bd4", "g3", "h4")


_VERDICT = instance_spec("damas.rules.explain.Explanation", "o veredito de explain(tabuleiro, lance)")


@checked(verdict=_VERDICT)
def irregularity_number(verdict):
    """The irregularity number (``5.4.xx``) quoted in a verdict's message
    (:func:`damas.rules.explain.explain`), or None."""
    found = re.search(r"5\.4\.\d\d", verdict.message)
    return found.group() if found else None


@checked()
def attempt_line(board, text: str) -> str:
    """Try ``text`` on ``board`` the way the computer does: the move is played, or it is refused
    and the board does not change.  Returns the line shown to the student."""
    try:
        board.push_text(text)
        return f"**{text}**: jogado."
    except IllegalMoveError as error:
        return f"**{text}**: recusado. {error}"


@checked()
def try_move(board, text: str) -> None:
    """:func:`attempt_line`, printed."""
    print(attempt_line(board, text).replace("**", ""))


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


def _verdict_line(board, attempt) -> str:
    from damas.rules.explain import explain
    return f"**{attempt}**: {explain(board, attempt).message}"


def board_placement():
    """The board well placed, seen from White and from Black (the long diagonal starts at each
    player's left, on a dark square), and turned a quarter: the corner on the left is light."""
    start = Board()
    swapped = {"light": COLORS["dark"], "dark": COLORS["light"]}
    return side_by_side(
        board_figure(start, highlight=list(LONG_DIAGONAL), title="Certo: a1 à esquerda das brancas"),
        board_figure(start, flipped=True, highlight=list(LONG_DIAGONAL), title="Certo: h8 à esquerda das pretas"),
        board_figure(Board("W:W:B"), coordinates=None, colors=swapped, title="Errado: canto esquerdo claro"))


def out_of_turn() -> Panel:
    """White plays c3-d4, then tries d4-e5 at once: the computer refuses the second move."""
    board = Board()
    lines = [attempt_line(board, "c3-d4"), attempt_line(board, "d4-e5")]
    return Panel(text="\n\n".join(lines))


def wrong_moves() -> Panel:
    """A man backwards, a man two squares, a king over its own man: each refused with its rule."""
    fen, attempts = WRONG_MOVES
    board = Board(fen)
    figure = board_figure(board, highlight=["c3", "e3", "a1"], title="Três peças, três movimentos errados")
    return Panel(figure, text="\n\n".join(_verdict_line(board, a) for a in attempts))


def capture_errors() -> Panel:
    """The one legal move (c3 takes two) and three wrong tries, with the irregularity of each."""
    fen, attempts = CAPTURE_ERRORS
    board = Board(fen)
    figure = board_figure(board, arrows=board.legal_moves(), title="O único lance: c3xe5xc7")
    return Panel(figure, text="\n\n".join(_verdict_line(board, a) for a, _n in attempts))


def rectify_or_keep() -> Panel:
    """On a wooden board White played g3-h4 instead of taking: what Black's two choices lead to."""
    fen, start, end = HAND
    before = Board(fen)
    after = hand_move(before, start, end)
    figure = board_figure(after, highlight=[end], title=f"Na mesa: as brancas jogaram {start}-{end}")
    fix = " ou ".join(before.move_text(m) for m in before.legal_moves())
    keep = " ou ".join(after.move_text(m) for m in after.legal_moves())
    return Panel(figure, text=f"**Se as pretas pedem a retificação:** volta a posição de antes, e as brancas "
                              f"têm de tomar: {fix}.\n\n**Se as pretas mantêm o lance:** a partida segue da "
                              f"figura, e agora quem tem de tomar são as pretas: {keep}.")


def practice_board():
    """The position of the capture errors on the interactive board, to try the irregularities."""
    from damas.widget.board import BoardWidget
    return BoardWidget(Board(CAPTURE_ERRORS[0]))


# -- exercises -----------------------------------------------------------------------------------------
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


def exercise_1():
    """Four tries, four irregularities: which is which?"""
    return irregularity_quiz("irregularidades/ex1", "W:WKa1,a3,e1:Bc3,e5,f2,a7", ["e1xg3", "a7-b6", "a1xd4", "a3-b4"])


def exercise_2():
    """The rectification, played on the board: the whole capture."""
    return capture_task("irregularidades/ex2", "W:Wc3,h4:Bd4,d6,b6,g5", "A retificação completa")




def teacher_check():
    """The teacher's check: every answer of the exercises and the quiz judged by the rules."""
    return check_items(exercise_1(), exercise_2(), chapter_quiz("12"))

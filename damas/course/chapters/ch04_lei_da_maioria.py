"""Chapter 04 — Lei da maioria: what ``notebooks/04_Lei_da_maioria.ipynb`` uses.

The majority law.  The chapter's own pieces are its positions (:data:`POSITIONS`), the pictures
drawn from them (:data:`SCENES`, :func:`figure`: a capture the law forbids drawn in red, the ones
it makes compulsory in green, as the chapter's sentence says), what the board answers to the wrong
attempts it shows (:data:`ATTEMPTS`, :func:`refusal`), the golpe turco move by move
(:func:`turkish_line`) and proven by the solver (:func:`turkish_proof`), and the trainer's problem
(:func:`practice`).  Each code cell of the notebook is one call;
``tests/course/chapters/test_ch04_lei_da_maioria.py`` proves what the chapter's prose says.

The notebook imports it whole (``from damas.course.chapters.ch04_lei_da_maioria import *``):
``__all__`` is what the notebook calls, its own helpers and the kit's pieces it uses.
"""

from __future__ import annotations

from damas.course.kit.chapter_texts import chapter_quiz, chapter_stage
from damas.course.kit.classmate import classmate_section
from damas.course.kit.stage_tests import stage_test
from damas.course.kit.exercises import chapter_exercise, check_chapter
from damas.course.kit.figures import board_figure
from damas.course.kit.games import computer_game
from damas.course.kit.practice import trainer
from damas.course.kit.sentences import Sentence, plural, winners_moves
from damas.display.sequence import sequence_svg
from damas.display.svg import COLORS, Arrow
from damas.problems.puzzles import Puzzle
from damas.problems.solver import solve
from damas.rules.args import checked, choice_spec
from damas.rules.board import Board
from damas.rules.explain import explain

__all__ = ["figure", "refusal", "turkish_line", "turkish_proof", "practice", "chapter_stage",
           "chapter_exercise", "check_chapter", "computer_game", "chapter_quiz", "classmate_section", "stage_test"]

#: The colour of a capture the law forbids, and of one it makes compulsory: the chapter says
#: «A seta vermelha é proibida; a verde, obrigatória».
FORBIDDEN = COLORS["capture"]
REQUIRED = COLORS["arrow"]

#: The chapter's positions (the prose speaks of these; the tests prove what it says).
POSITIONS = {
    "majority": "W:Wd4,Kh2:Bc5,e3,f4",      # d4 could take 1; the king of h2 must take 2
    "no_priority": "W:Wa3,e3:Bb4,b6,Kf4",   # two men count more than one king
    "free_choice": "W:WKb2:Bc3,e5,e3",      # 2 and 2: up or down, any landing square
    "no_crown": "W:Wd6:Bc7,e7,g7",          # the longer capture passes f8 and stays a man
    "turkish": "W:W6,14,15,17,27:BK2",      # the golpe turco, White to play f2-e3
}

#: name -> (position, forbidden captures drawn in red as (from, to) squares, title); the
#: compulsory captures (the legal moves) are drawn in green.
SCENES = {
    "majority": ("majority", [("d4", "b6")], "Uma peça não basta: tome duas"),
    "no_priority": ("no_priority", [("e3", "g5")], "Duas pedras valem mais que uma dama"),
    "free_choice": ("free_choice", [], "Duas peças para cima ou para baixo"),
    "no_crown": ("no_crown", [("d6", "b8")], "Passa por f8, mas termina em h6"),
}

#: name -> (position, moves played first, attempt): the wrong attempts the board refuses.
ATTEMPTS = {
    "majority": ("majority", [], "d4xb6"),                        # 4.13
    "no_priority": ("no_priority", [], "e3xg5"),                  # 4.13
    "no_crown": ("no_crown", [], "d6xb8"),                        # 4.13
    "turkish_stop": ("turkish", ["f2-e3"], "d8xa5"),              # 4.6
    "turkish_on": ("turkish", ["f2-e3"], "d8xa5xd2xf4xd6xa3"),    # 4.11: b4, taken, blocks the way
}

#: The golpe turco: White's sacrifice, the king's forced capture of four, the man takes the king.
TURKISH_LINE = ["f2-e3", "d8xd6", "c5xe7"]
TURKISH_PLIES = 3

#: The trainer's problem: White wins in 2 moves of White's (Black's reply is forced).
PRACTICE = Puzzle("W:W22,25,29:B8,13,15", goal="win", max_plies=3, title="Sacrifício e tomada tripla")


@checked(name=choice_spec(tuple(SCENES)))
def figure(name: str):
    """The picture of scene ``name`` of :data:`SCENES`: the forbidden captures in red
    (:data:`FORBIDDEN`), the compulsory ones, every legal move, in green (:data:`REQUIRED`)."""
    key, forbidden, title = SCENES[name]
    board = Board(POSITIONS[key])
    square = board.variant.parse_square
    arrows = [Arrow((square(a), square(b)), FORBIDDEN) for a, b in forbidden]
    arrows += [Arrow(move, REQUIRED) for move in board.legal_moves()]
    return board_figure(board, arrows=arrows, title=title)


def _attempt_board(name):
    key, before, attempt = ATTEMPTS[name]
    board = Board(POSITIONS[key])
    for text in before:
        board.push_text(text)
    return board, attempt


@checked(name=choice_spec(tuple(ATTEMPTS)))
def refusal(name: str) -> Sentence:
    """What the board answers to the attempt ``name`` of :data:`ATTEMPTS`, with the article."""
    board, attempt = _attempt_board(name)
    return Sentence(f"**{attempt}**: {explain(board, attempt).message}")


def turkish_line():
    """The golpe turco in numbered frames: the position, f2-e3, d8xd6 (forced), c5xe7."""
    return sequence_svg(Board(POSITIONS["turkish"]), TURKISH_LINE)


def turkish_proof() -> Sentence:
    """What the solver proves of the golpe turco, in words: White wins in so many of White's
    moves, and which first moves win."""
    board = Board(POSITIONS["turkish"])
    proof = solve(Puzzle(POSITIONS["turkish"], goal="win", max_plies=TURKISH_PLIES, title="Golpe turco"))
    if not proof.proven:
        return Sentence("O computador não achou uma vitória forçada nesta posição.")
    winning = [board.move_text(m) for m in proof.winning_moves]
    first = winning[0] if len(winning) == 1 else None
    moves = plural(winners_moves(1, len(proof.main_line)), "lance", "lances")
    only = (f"e **{first}** é o único primeiro lance que ganha" if first
            else f"e os lances que ganham são {', '.join(winning)}")
    return Sentence(f"Provado: as brancas ganham em {moves} das brancas, {only}.")


def practice():
    """The trainer with the chapter's problem (:data:`PRACTICE`); solving it is saved."""
    return trainer([PRACTICE], "lei-da-maioria/treino")

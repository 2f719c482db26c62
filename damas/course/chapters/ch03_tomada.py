"""Chapter 03 — Tomada: what ``notebooks/03_Tomada.ipynb`` uses.

Capture is compulsory.  The chapter's own pieces are its positions (:data:`POSITIONS`), the
pictures drawn from them (:data:`SCENES`, :func:`figure`), what the board answers to the wrong
attempts the chapter shows (:data:`ATTEMPTS`, :func:`refusal`) and a live board to try the king's
capture (:func:`try_board`); the tasks, exercises, quiz and game come from the kit.  Each code cell
of the notebook is one call; ``tests/course/chapters/test_ch03_tomada.py`` proves what the
chapter's prose says of each position.

The notebook imports it whole (``from damas.course.chapters.ch03_tomada import *``): ``__all__`` is
what the notebook calls, its own helpers and the kit's pieces it uses.
"""

from __future__ import annotations

from damas.course.kit.chapter_texts import chapter_quiz, chapter_stage
from damas.course.kit.classmate import classmate_section
from damas.course.kit.minigames import minigame
from damas.course.kit.exercises import chapter_exercise, check_chapter
from damas.course.kit.figures import board_figure
from damas.course.kit.games import computer_game
from damas.course.kit.sentences import Sentence, path_sentence
from damas.rules.args import checked, choice_spec
from damas.rules.board import Board
from damas.rules.explain import explain

__all__ = ["figure", "refusal", "capture_path", "try_board", "chapter_stage", "chapter_exercise",
           "check_chapter", "computer_game", "chapter_quiz", "classmate_section", "minigame"]

#: The chapter's positions (the prose speaks of these; the tests prove what it says).
POSITIONS = {
    "must_capture": "W:Wc3,g3:Bd4",             # only c3xe5; g3-h4 is refused (4.1)
    "both_ways": "W:Wd4:Bc5,e3",                # d4xb6 forward, d4xf2 backward
    "far_king": "W:WKa1:Bd4",                   # the king takes d4 and stops on e5, f6, g7 or h8
    "chain": "W:Wc3:Bd4,d6,b6",                 # c3xe5xc7xa5: three pieces, the last one backward
    "together": "W:Wc3:Bd4,e5",                 # two pieces together: no capture, c3-b4 only
    "choose_square": "W:WKa1:Bc3,c7",           # the king must stop on e5 to go on: a1xe5xb8
    "king_tour": "W:WKg7:Bf2,d2,b6,e5,e7",      # one move, five pieces
    "own_man_king": "W:WKa1,d4:Bf6",            # the king does not jump its own man (4.7)
    "own_man": "W:Wc3,d4:Be5",                  # nor does a man (4.7)
    "round_trip": "W:Wc3:Bd4,d6,b6,b4",         # c3xc3: back to its own square, four pieces
}

#: name -> (position, arrows: "all" the legal moves or "first" of them, highlighted squares, title)
SCENES = {
    "must_capture": ("must_capture", "all", (), "Só um lance: c3xe5"),
    "both_ways": ("both_ways", "all", (), "Para a frente ou para trás"),
    "far_king": ("far_king", "first", ("e5", "f6", "g7", "h8"), "A dama escolhe onde parar"),
    "chain": ("chain", "all", (), "Três peças num lance só"),
    "together": ("together", None, ("d4", "e5"), "Peças juntas: não há onde cair"),
    "choose_square": ("choose_square", "all", (), "Parar em e5 para continuar"),
    "king_tour": ("king_tour", "all", (), "A dama toma cinco peças"),
    "own_man_king": ("own_man_king", None, ("d4",), "A pedra de d4 protege f6 da dama"),
    "own_man": ("own_man", None, ("d4",), "A pedra de c3 não salta a de d4"),
    "round_trip": ("round_trip", "all", (), "Sai de c3 e volta a c3"),
}

#: name -> (position, attempt): the wrong attempts the chapter shows the board refusing.
ATTEMPTS = {
    "no_capture": ("must_capture", "g3-h4"),            # 4.1, and no sopro
    "stop_half_way": ("chain", "c3xe5"),                # 4.5
    "together": ("together", "c3xf6"),                  # 4.2
    "wrong_square": ("choose_square", "a1xf6"),         # 4.6
    "own_man_king": ("own_man_king", "a1xg7"),          # 4.7
    "own_man": ("own_man", "c3xe5"),                    # 4.7
    "twice": ("far_king", "a1xe5xa1"),                  # 4.8
}


@checked(name=choice_spec(tuple(SCENES)))
def figure(name: str):
    """The picture of scene ``name`` of :data:`SCENES`: its position, its arrows, its marks."""
    key, arrows, highlight, title = SCENES[name]
    board = Board(POSITIONS[key])
    moves = board.legal_moves()
    shown = moves if arrows == "all" else moves[:1] if arrows == "first" else []
    squares = [board.variant.parse_square(s) for s in highlight]
    return board_figure(board, arrows=shown, highlight=squares, title=title)


@checked(name=choice_spec(tuple(ATTEMPTS)))
def refusal(name: str) -> Sentence:
    """What the board answers to the attempt ``name`` of :data:`ATTEMPTS`, with the article."""
    key, attempt = ATTEMPTS[name]
    return Sentence(f"**{attempt}**: {explain(Board(POSITIONS[key]), attempt).message}")


@checked(name=choice_spec(tuple(POSITIONS)))
def capture_path(name: str) -> Sentence:
    """The path of the one capture of position ``name``, in words («c3xa5: passa por ...»)."""
    board = Board(POSITIONS[name])
    return path_sentence(board, board.legal_moves()[0])


def try_board():
    """A live board on the position where the king must choose where to stop (a refused click
    is explained beside the board, with the article)."""
    from damas.widget.board import BoardWidget
    return BoardWidget(Board(POSITIONS["choose_square"]))

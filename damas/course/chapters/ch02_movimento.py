"""Chapter 02 — Movimento: what ``notebooks/02_Movimento.ipynb`` uses.

The moves of a man and a king, the chapter's board tasks and exercises, and a first game against
the computer (before capture is taught: its refusals in a beginner's words).  The chapter's own
pieces are its positions (:data:`POSITIONS`) and the pictures and sentences made of them: each
code cell of the notebook is one call here, and ``tests/course/chapters/test_ch02_movimento.py``
proves what the chapter's prose says of each position.

The notebook imports it whole (``from damas.course.chapters.ch02_movimento import *``): ``__all__``
is what the notebook calls, its own helpers and the kit's pieces it uses.
"""

from __future__ import annotations

from damas.course.kit.chapter_texts import chapter_quiz, chapter_stage
from damas.course.kit.classmate import classmate_section
from damas.course.kit.minigames import minigame
from damas.course.kit.exercises import chapter_exercise, check_chapter
from damas.course.kit.figures import board_figure, side_by_side
from damas.course.kit.games import computer_game
from damas.course.kit.oneliners import moves_figure
from damas.course.kit.sentences import Sentence, path_sentence
from damas.rules.board import Board
from damas.rules.explain import explain

__all__ = ["man_figures", "start_figure", "crowning_figures", "king_figures", "refusals",
           "passing_figure", "chapter_stage", "chapter_exercise", "check_chapter", "computer_game",
           "chapter_quiz", "classmate_section", "minigame"]

#: The chapter's positions, by what they show (the prose speaks of these; the tests prove it).
POSITIONS = {
    "white_man": "W:Wd4:B",            # a white man in the middle: d4-c5, d4-e5
    "black_man": "B:W:Be5",            # a black man goes down: e5-d4, e5-f4
    "start": "W:W21-32:B1-12",         # 7 first moves, all from the front row
    "crowning": "W:Wc7:B",             # c7-b8 and c7-d8 both crown
    "king": "W:WKd4:B",                # the king of d4 reaches 13 squares
    "blocked_king": "W:WKa1,e5:B",     # its own man on e5 stops the king of a1 at d4
    "passing": "W:Wb6:Bc7,e7",         # b6xf6 passes d8 and stays a man (regra 4.15)
}

#: The refused attempts the chapter shows, and what each one shows.
REFUSALS = [
    (POSITIONS["white_man"], "d4-c3"),      # backwards
    (POSITIONS["white_man"], "d4-b6"),      # two squares at once
    (POSITIONS["blocked_king"], "a1-f6"),   # the king cannot jump its own man
]


def man_figures():
    """The white man's two moves beside the black man's two (the black man goes down)."""
    return side_by_side(moves_figure(Board(POSITIONS["white_man"]), "Pedra branca: sobe"),
                        moves_figure(Board(POSITIONS["black_man"]), "Pedra preta: desce"))


def start_figure():
    """The start position with an arrow for each of White's first moves."""
    board = Board(POSITIONS["start"])
    return moves_figure(board, f"Os {len(board.legal_moves())} primeiros lances")


def crowning_figures():
    """The man of c7 before it crowns (both moves crown) and the new king on d8."""
    before = Board(POSITIONS["crowning"])
    after = before.copy(stack=False)
    after.push_text("c7-d8")
    return side_by_side(moves_figure(before, "A pedra chega ao fim"),
                        board_figure(after, lastmove=after.peek(), title="c7-d8: virou dama"))


def king_figures():
    """The king of d4 and all its squares, beside the king of a1 stopped by its own man."""
    king = Board(POSITIONS["king"])
    blocked = Board(POSITIONS["blocked_king"])
    from_a1 = [m for m in blocked.legal_moves() if blocked.variant.square_name(m.start) == "a1"]
    return side_by_side(moves_figure(king, f"A dama alcança {len(king.legal_moves())} casas"),
                        board_figure(blocked, arrows=from_a1, title="A própria pedra fecha o caminho"))


def refusals() -> Sentence:
    """What the board answers to each refused attempt of :data:`REFUSALS`: the rules' words,
    with the article, one line each."""
    lines = []
    for fen, attempt in REFUSALS:
        verdict = explain(Board(fen), attempt)
        lines.append(f"* **{attempt}**: {verdict.message}")
    return Sentence("\n".join(lines))


def passing_figure():
    """The man of b6 that passes d8 in a capture and ends on f6, still a man; with its path."""
    board = Board(POSITIONS["passing"])
    move = board.legal_moves()[0]
    return board_figure(board, arrows=[move], title=path_sentence(board, move).split(":")[0]
                        + ": passa por d8, mas não para lá")

"""Chapter 06 — Golpes clássicos: what ``notebooks/06_Golpes_classicos.ipynb`` uses.

The themes of the golpes, each shown by one proven problem labelled with the theme it shows
(:func:`theme_example`; the themes the solution holds are found by
:func:`damas.problems.themes.themes_in`, never read from a title), the golpe turco's stop in the
rules' own words (:func:`turco_sentence`), the classics numbered as every trainer and sheet of the
course numbers them (:func:`classics`, :func:`damas.course.kit.catalogue.trainer_collection`), the
chapter's trainers (the classics, the golpes of the computer's games and the course's problems;
«o golpe que o mestre não viu», the masters' missed chances) and what «Para saber mais» shows.

The notebook imports it whole (``from damas.course.chapters.ch06_golpes_classicos import *``):
``__all__`` is what the notebook calls, its own helpers and the kit's pieces it uses; the other
public names serve the tests.
"""

from __future__ import annotations

import re

from damas.course.kit.catalogue import trainer_collection
from damas.course.kit.chapter_texts import chapter_quiz, chapter_stage
from damas.course.kit.classmate import classmate_section
from damas.course.kit.sentences import Sentence, listed
from damas.errors import DamasError
from damas.problems.book import MEASURE_TEXT
from damas.problems.compose import replay
from damas.problems.themes import themes_in
from damas.rules.args import checked, choice_spec

__all__ = ["chapter_stage", "theme_example", "missed_trainer", "classics_trainer", "chapter_quiz",
           "classmate_section", "order_sentence", "game_golpe_replay", "game_golpe", "examples_themes"]

#: The collections of ``puzzles/`` the chapter shows: its short name -> the file.
COLLECTIONS = {
    "curso": "golpes-do-curso.pdn",
    "partidas": "golpes-de-partidas.pdn",
    "classicos": "classicos.pdn",
    "nao-vistos": "golpes-nao-vistos.pdn",
}
#: The example of each theme, in the chapter's order: the position (its FEN) of a problem of the
#: chapter's :data:`COLLECTIONS`, looked for in that order (a problem keeps its position when a collection
#: is renumbered or a problem moves to another collection). Each shows its theme
#: (tests/course/chapters/test_ch06_golpes.py checks it with themes_in).
EXAMPLES = {
    "três por um": "W:W6,10,15:B8,22,23",
    "dois por um": "B:W9,19,22,27:B3,7,10,20",
    "golpe turco": "W:W6,14,15,17,27:BK2",
    "captura da dama": "W:WK1,11,26:B3,K27",
    "tomada para trás": "W:W13,18,32:B10,K25",
    "atração": "W:W7,24,26,28:BK15,20",
    "abertura de linha": "W:W21,26,28,31:B18,19,24",
    "passagem à dama": "W:W9-11:B4,8",
    "lei da maioria": "W:W7,14,15,26,30:B3,16,27",
    "bloqueio": "W:W9,16,18,K20,21:B1,K3",
    "golpe Napoleão": "W:W19-21,23-26,28-30,32:B2-4,6,9-12,14",
    "golpe da bomba": "W:W16,19,23,24,30,32:B8,14,22,26",
}
#: The trainers' collections, as the student chooses them.
TRAINER_LABELS = {
    "Golpes clássicos": "classicos",
    "Golpes de partidas": "partidas",
    "Problemas do curso": "curso",
}
MISSED_LABEL = "O golpe que o mestre não viu"

TEXTS = {
    "no_example": "O capítulo não tem exemplo do tema «{theme}».",
    "label": "{theme}: {task}",
    "open": "<b>Ver a solução</b> (clique para abrir)",
    "turco": "Depois de {move}, a dama preta não pode continuar. {why}",
    "no_turco": "{move}: nenhuma tomada maior recusada pela regra 4.11",
    "themes_line": "{theme}: {found}.",
    "none": "nenhum tema reconhecido",
    "order": "Os golpes clássicos vêm {order}.",
}


def collection(name: str) -> list:
    """The problems of one of the chapter's :data:`COLLECTIONS`, numbered as the course numbers them."""
    if not isinstance(name, str) or name not in COLLECTIONS:
        raise DamasError(f"O capítulo não tem a coleção «{name}»: as coleções são {listed(list(COLLECTIONS))}.")
    return trainer_collection(COLLECTIONS[name])


@checked(theme=choice_spec(EXAMPLES))
def example(theme: str):
    """The problem that shows ``theme`` in the chapter: the first of the chapter's collections (in the
    order of :data:`COLLECTIONS`) that holds the position :data:`EXAMPLES` gives."""
    from damas.rules.board import Board
    board = Board(EXAMPLES[theme])
    for name in COLLECTIONS:
        for puzzle in collection(name):
            if puzzle.board() == board:
                return puzzle
    raise DamasError(TEXTS["no_example"].format(theme=theme))


def examples() -> list:
    """Every theme's example, in the chapter's order."""
    return [example(theme) for theme in EXAMPLES]


class ThemeExample:
    """A theme's example as a child reads it: the theme's name and the task over the board; the
    solution and the problem's comment (its fact tags stripped) hidden until opened, with the
    rules' own words where the chapter adds them (the golpe turco). No title from the file and no
    source line: the sources live in the collection's file and in the teacher's key."""

    def __init__(self, theme: str, puzzle, why: str = ""):
        self.theme, self.puzzle, self.why = theme, puzzle, why

    def label(self) -> str:
        return TEXTS["label"].format(theme=self.theme[0].upper() + self.theme[1:], task=self.puzzle.task())

    def _repr_html_(self) -> str:
        import html
        from damas.display.output import img_tag
        from damas.display.svg import board_svg
        notes = [self.why, _prose(self.puzzle)]
        shown = "".join(f"<p>{html.escape(n)}</p>" for n in notes if n)
        return ('<div class="damas-problema">'
                f"<p><b>{html.escape(self.label())}</b></p>"
                + img_tag(board_svg(self.puzzle.board(), size=280))
                + f"<details><summary>{TEXTS['open']}</summary>"
                f"<p><b>{html.escape(self.puzzle.solution_text())}</b></p>{shown}</details></div>")

    def __repr__(self) -> str:
        return self.label()


def _prose(puzzle) -> str:
    """The problem's comment as a person reads it (the fact tags stripped)."""
    return getattr(puzzle, "prose", puzzle.comment)   # TEMP until tags lands: Puzzle.prose


@checked(theme=choice_spec(EXAMPLES))
def theme_example(theme: str) -> ThemeExample:
    """The example of ``theme``, labelled with the theme itself (not the title in its file); the
    golpe turco's solution says, in the rules' words, which taken piece stops the king."""
    return ThemeExample(theme, example(theme), turco_sentence() if theme == "golpe turco" else "")


def turco_stop():
    """``(board, move, verdict)`` of the golpe turco's example: the position where the king must
    capture, its capture, and the rules' verdict on the longer capture they refuse because a piece it
    has already taken still stands (:func:`damas.rules.explain.explain`, «É o golpe turco»)."""
    from damas.rules.explain import explain
    puzzle = example("golpe turco")
    board = puzzle.board()
    line = puzzle.solution_moves()
    board.push(line[0])
    move = line[1]
    probe = board.copy(stack=False)
    piece = board.piece_at(move.start)
    probe.remove_piece(move.start)
    for square in move.captured:
        probe.remove_piece(square)
    probe.set_piece(move.end, piece)
    probe.turn = board.turn
    for more in probe.legal_moves():
        if more.start != move.end or not more.is_capture:
            continue
        longer = _full_path(board, move) + "x" + probe.move_text(more).split("x")[-1]
        verdict = explain(board, longer)
        if not verdict.legal and "golpe turco" in verdict.message:
            return board, move, verdict
    raise DamasError(TEXTS["no_turco"].format(move=board.move_text(move)))


def turco_blocker() -> str:
    """The square of the taken piece that stops the king in the golpe turco's example, as the
    rules name it (``"b4"``)."""
    board, move, verdict = turco_stop()
    found = re.search(r"pela peça em ([a-h][1-8])", verdict.message)
    if not found:
        raise DamasError(TEXTS["no_turco"].format(move=board.move_text(move)))
    return found.group(1)


def _full_path(board, move) -> str:
    """A capture written with every square where the piece lands (``d8xa5xd2xf4xd6``)."""
    return "x".join(board.variant.square_name(square) for square in move.path)


def turco_sentence() -> Sentence:
    """Why the king stops in the golpe turco's example, in the rules' own words: the taken piece that
    blocks it is the one the rules name."""
    board, move, verdict = turco_stop()
    return Sentence(TEXTS["turco"].format(move=board.move_text(move), why=verdict.message))


def classics() -> list:
    """The classic golpes numbered as every trainer and sheet of the course numbers them: from the
    easiest to the hardest (:func:`damas.course.kit.catalogue.numbered`)."""
    return collection("classicos")


def classics_trainer():
    """The chapter's trainer: the classics, the golpes of the computer's games and the course's
    problems, each numbered as the Voilà trainer numbers them."""
    from damas.course.kit.practice import PuzzleTrainer
    return PuzzleTrainer({label: collection(name) for label, name in TRAINER_LABELS.items()})


def missed_trainer():
    """«O golpe que o mestre não viu»: the masters' missed chances (``puzzles/golpes-nao-vistos.pdn``)
    as a game, in the trainer that keeps what the student finds."""
    from damas.course.kit.practice import PuzzleTrainer
    return PuzzleTrainer({MISSED_LABEL: collection("nao-vistos")})


def order_sentence() -> Sentence:
    """How the classics are numbered, in the words of :data:`damas.problems.book.MEASURE_TEXT`."""
    return Sentence(TEXTS["order"].format(order=MEASURE_TEXT))


@checked()
def themes_sentence(puzzles) -> Sentence:
    """One line per problem: its title and the themes found in its solution."""
    return Sentence("\n".join(TEXTS["themes_line"].format(theme=p.title, found=listed(themes_in(p)) or TEXTS["none"])
                              for p in puzzles))


def examples_themes() -> Sentence:
    """For the teacher: each theme of the chapter and every theme its example's solution holds (a
    golpe usually has several)."""
    return Sentence("\n".join(TEXTS["themes_line"].format(theme=theme[0].upper() + theme[1:],
                                                          found=listed(themes_in(p)) or TEXTS["none"])
                              for theme, p in zip(EXAMPLES, examples())))


def game_golpe():
    """The golpe of a game the computer played against itself (the fifth of its collection)."""
    return collection("partidas")[4]


def game_golpe_replay():
    """That game replayed by the rules from the start: it reaches the problem's position exactly."""
    return replay(game_golpe().reached)


def __getattr__(name):
    # The widgets are imported when the notebook asks for them: importing this module stays pure Python.
    if name == "PuzzleTrainer":
        from damas.course.kit import practice
        return practice.PuzzleTrainer
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

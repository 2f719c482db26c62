"""Chapter 14 — Damas internacionais: what ``notebooks/14_Damas_internacionais.ipynb`` uses.

The 100-square game, where the official rules were written: the board and its numbers, what
changes from the Brazilian game (a table made from the two games' rules, in Brazilian numbers),
why rule 6.3 exists (the 10x10 endgame table of three kings against one, counted by the kit's
``forcada`` and kept in :data:`THREE_KINGS_100`), and the classic combinations of the collection
``puzzles/internacional.pdn``: studying a proven problem (its solution in the game's notation, the
solving side's moves, a typical wrong first move, the solution drawn move by move) and the trainer. Each step of the
chapter is one call here; the facts it states are checked in
``tests/course/chapters/test_ch14_internacionais.py``. The notebook imports it whole: ``__all__`` is
what the notebook calls; IPython
is imported only by the functions that show.
"""

from __future__ import annotations

import functools
from collections import Counter

from damas.course.kit.chapter_texts import chapter_quiz, chapter_stage
from damas.course.kit.classmate import classmate_section
from damas.course.kit.coordinates import coordinates_trainer
from damas.course.kit.exercises import check_items
from damas.course.kit.figures import board_figure
from damas.course.kit.panels import Panel
from damas.course.kit.questions import count_question
from damas.course.kit.sentences import Sentence
from damas.display.numbers import integer_text
from damas.problems.puzzles import load_collection
from damas.errors import DamasError
from damas.rules.args import NAME, checked
from damas.rules.board import Board

__all__ = ["start_position", "coordinates_trainer", "chapter_stage", "what_changes", "king_on_28", "majority_100", "three_kings_100",
           "three_kings_table", "napoleon_study", "classics_trainer", "all_studies", "exercise_1", "exercise_2", "teacher_check",
           "chapter_quiz", "classmate_section"]

#: The file of the chapter's combinations, in the course's puzzles/ folder (beside the package in a
#: checkout, or the copy JupyterLite's wheel carries: :func:`damas.course.kit.catalogue.puzzles_dir`).
COLLECTION_FILE = "internacional.pdn"


@functools.lru_cache(maxsize=1)
def classics() -> tuple:
    """The combinations of the chapter, in the collection's order."""
    from damas.course.kit.catalogue import puzzles_dir
    return tuple(load_collection(puzzles_dir() / COLLECTION_FILE))


@checked(theme=NAME)
def classic(theme: str):
    """The first problem of the collection with ``theme`` (e.g. 'golpe Napoleão')."""
    found = [p for p in classics() if p.theme.lower() == theme.lower()]
    if not found:
        raise DamasError(f"Nenhuma combinação da coleção tem o tema {theme!r}; os temas são: "
                         + ", ".join(sorted({p.theme for p in classics()})) + ".")
    return found[0]


def diagonals(variant: str = "international") -> list:
    """The lengths of the board's diagonals of two squares or more (rule 2.3 counts 17 on 10x10)."""
    v = Board(variant).variant
    rcs = [v.square_to_rc(s) for s in v.square_range]
    runs = list(Counter(r + c for r, c in rcs).values()) + list(Counter(r - c for r, c in rcs).values())
    return sorted(n for n in runs if n >= 2)


def long_diagonal(variant: str = "international") -> list:
    """The squares of the long diagonal, from White's left corner (46 on 10x10) to the far corner."""
    v = Board(variant).variant
    return sorted((s for s in v.square_range if sum(v.square_to_rc(s)) == v.size - 1), reverse=True)


def start_position():
    """The starting position of the 100-square game, with the square numbers."""
    return board_figure(Board("international"), coordinates="numbers", highlight=long_diagonal(),
                        title="Damas internacionais: posição inicial")


def _row(name, brazilian, international) -> str:
    return f"| {name} | {brazilian} | {international} |"


def what_changes() -> Sentence:
    """The two games side by side, every number asked of the rules (Brazilian form)."""
    from damas.rules.game import Game
    rows = ["| | damas brasileiras | damas internacionais |", "|---|---|---|"]
    games = {name: Game(name) for name in ("brazilian", "international")}
    boards = {name: Board(name) for name in games}

    def each(function):
        return [function(name) for name in ("brazilian", "international")]

    rows.append(_row("tabuleiro", *each(lambda n: f"{boards[n].variant.size} × {boards[n].variant.size}, "
                                                  f"{integer_text(len(boards[n].variant.square_range))} casas escuras")))
    rows.append(_row("pedras de cada lado", *each(lambda n: integer_text(len(boards[n].men('W'))))))
    rows.append(_row("primeiros lances possíveis das brancas",
                     *each(lambda n: integer_text(len(boards[n].legal_moves())))))
    rows.append(_row("notação usual", "pelos nomes das casas (c3-d4)", "pelos números (32-28)"))
    rows.append(_row("só damas se movem, sem tomada: empate depois de",
                     *each(lambda n: f"{games[n].draw_rules['king_moves']} lances de cada lado")))
    three = {n: next(r for r in boards[n].variant.draw_rules["endgames"] if (3, 0) in r["stronger"])
             for n in games}
    rows.append(_row("três damas contra uma: empate depois de",
                     *each(lambda n: f"{three[n]['moves']} lances de cada lado")))
    return Sentence("\n".join(rows))


def king_on_28() -> Panel:
    """A king on square 28 of the empty 100-square board: how far it reaches."""
    board = Board("W:WK28:B", variant="international")
    n = len(board.legal_moves())
    return Panel(board_figure(board, arrows=board.legal_moves(), coordinates="numbers",
                              title=f"Dama na casa 28: {n} lances"),
                 text=f"A dama da casa 28 chega a {n} casas, pelas duas diagonais livres (regra 3.9).")


def majority_100() -> Panel:
    """Two captures for the man on 32: the majority law allows only the bigger one (rule 4.13)."""
    from damas.course.kit.sentences import moves_sentence
    board = Board("W:W32:B27,17,28", variant="international")
    return Panel(board_figure(board, arrows=board.legal_moves(), coordinates="numbers",
                              title="A lei da maioria no 100 casas"), text=str(moves_sentence(board)))


#: The 10x10 table of three kings against one, the lone king to move, as
#: ``forcada.international_three_kings()`` counts it: kept here because the count needs the table,
#: which a browser (JupyterLite) would build first, more than a minute of a student's wait (CPython
#: takes 5 s).  ``tests/course/chapters/test_ch14_internacionais.py`` counts it again and compares.
THREE_KINGS_100 = {
    "all": {"positions": 921200, "wins": 16812, "draws": 863802, "losses": 40586, "max_win": 3, "max_loss": 16,
            "longest_win": "B:WK5,K7,K28:BK1", "longest_loss": "B:WK13,K19,K37:BK8", "win_moves": 2, "loss_moves": 8},
    "long_diagonal": {"positions": 184240, "wins": 2096, "draws": 170782, "losses": 11362, "max_win": 3,
                      "max_loss": 12, "longest_win": "B:WK5,K14,K23:BK10", "longest_loss": "B:WK32,K37,K41:BK10",
                      "win_moves": 2, "loss_moves": 6},
}


def three_kings_figures() -> dict:
    """The endgame table of three kings against one on 10x10 (the lone king to move), in numbers
    (:data:`THREE_KINGS_100`, a copy)."""
    return {"all": dict(THREE_KINGS_100["all"]), "long_diagonal": dict(THREE_KINGS_100["long_diagonal"]),
            "limit": three_kings_limit()}


def three_kings_limit() -> int:
    """Moves of each side in rule 6.3 (three kings against one, 10x10), as the rules apply it."""
    rules = Board("international").variant.draw_rules["endgames"]
    return next(r["moves"] for r in rules if (3, 0) in r["stronger"])


def three_kings_100() -> Sentence:
    """What the 10x10 table says, in a child's sentence and Brazilian numbers."""
    f = three_kings_figures()
    a = f["all"]
    share = round(100 * a["draws"] / a["positions"])
    return Sentence(f"O computador analisou todas as {integer_text(a['positions'])} posições de três damas contra uma "
                    f"no 10x10, com a dama sozinha para jogar. Em {share} de cada 100, é empate: a dama sozinha "
                    f"escapa. E quando as três ganham, ganham depressa: a vitória mais longa leva "
                    f"{a['loss_moves']} lances das brancas.")


def three_kings_table() -> Sentence:
    """The 10x10 table of three kings against one, the lone king to move: all positions and those
    with the lone king on the long diagonal (46–5), in Brazilian numbers."""
    f = three_kings_figures()
    rows = ["| a dama sozinha | posições | empates | as três ganham | a dama sozinha ganha |", "|---|---|---|---|---|"]
    for label, key in (("em qualquer casa", "all"), ("na grande diagonal", "long_diagonal")):
        c = f[key]
        rows.append(f"| {label} | {integer_text(c['positions'])} | {integer_text(c['draws'])} | "
                    f"{integer_text(c['losses'])} | {integer_text(c['wins'])} |")
    return Sentence("\n".join(rows) + f"\n\nA vitória mais longa das três damas leva {f['all']['loss_moves']} "
                    f"lances das brancas; a regra 6.3 dá {f['limit']} lances de cada lado.")


def napoleon_study() -> None:
    """The golpe Napoleão, studied: its story, the solution folded away, the frames."""
    study(classic("golpe Napoleão"))


def classics_trainer():
    """All the combinations of the collection on the trainer (it answers for Black)."""
    from damas.course.kit import practice
    return practice.PuzzleTrainer({"Damas internacionais": list(classics())})


def all_studies() -> None:
    """Every combination of the collection, studied one after the other."""
    for puzzle in classics():
        study(puzzle)


# -- exercises -----------------------------------------------------------------------------------------
def exercise_1():
    """How many men each side has at the start of a 100-square game."""
    return count_question("internacionais/ex1", "Quantas pedras tem cada jogador no começo de uma partida de "
                          "damas internacionais?", len(Board("international").men("W")),
                          "São 20 de cada lado, em quatro travessas de cinco: as pretas nas casas 1 a 20, as "
                          "brancas de 31 a 50 (regras 2.7 e 2.8).", "leia a regra 2.7: são quatro travessas de cinco.")


def exercise_2():
    """The golpe normando, on the board."""
    from damas.course.kit.practice import trainer
    return trainer([classic("golpe normando")], "internacionais/ex2")




def teacher_check():
    """The teacher's check: the exercises and the quiz by the rules, and exercise 2's typical
    mistake judged wrong."""
    from damas.problems.checker import check
    normando = classic("golpe normando")
    assert check(normando, right_answer(normando)).status == "correct"
    assert check(normando, typical_mistake(normando)).status == "wrong"
    return check_items(exercise_1(), exercise_2(), chapter_quiz("14"))


@checked()
def solution_texts(puzzle) -> list:
    """The moves of the stored solution, in the game's notation (algebraic on
    64 squares, numeric on 100)."""
    board = puzzle.board()
    texts = []
    for move in puzzle.solution_moves():
        texts.append(board.move_text(move))
        board.push(move)
    return texts


@checked()
def right_answer(puzzle) -> list:
    """The solving side's moves of the solution, as texts."""
    return solution_texts(puzzle)[::2]


@checked()
def typical_mistake(puzzle):
    """A legal first move that does not solve the problem (the first in the
    board's order), as a one-move list; None if every move solves it."""
    from damas.problems.solver import solve
    board = puzzle.board()
    good = solve(puzzle).winning_moves
    for move in board.legal_moves():
        if move not in good:
            return [board.move_text(move)]
    return None


@checked()
def step_by_step(puzzle, per_row: int = 4, size: int = 200) -> None:
    """Show the solution in one SVG picture: the position and then each move,
    ``per_row`` frames a row, captioned as on the score sheet."""
    from damas.display.output import show_picture
    from damas.display.sequence import sequence_svg
    picture = sequence_svg(puzzle.board(), puzzle.solution_moves(), per_row=per_row, size=size)
    show_picture(picture, repr(picture))


def study(puzzle) -> None:
    """Show a problem to study: its title and comment, the solution folded
    away, and the solution move by move.  The solver proves it first; an
    unproven problem raises :class:`damas.errors.DamasError`."""
    from html import escape
    from IPython.display import HTML, display
    from damas.errors import DamasError
    from damas.course.kit.oneliners import folded_solution
    from damas.problems.solver import solve
    if not solve(puzzle).proven:
        raise DamasError(f"O problema {puzzle.title!r} não foi provado pelo solucionador.")
    display(HTML(f"<h3>{escape(puzzle.title, quote=False)}</h3><p>{escape(puzzle.prose, quote=False)}</p>"))
    display(folded_solution("Solução: " + " ".join(solution_texts(puzzle))))
    step_by_step(puzzle, per_row=4, size=220)


def __getattr__(name):
    # The trainer's class is made when first asked for: importing this module stays pure Python.
    if name == "PuzzleTrainer":
        from damas.course.kit import practice
        return practice.PuzzleTrainer
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

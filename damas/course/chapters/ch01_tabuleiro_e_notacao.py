"""Chapter 01 — Tabuleiro e notação: what ``notebooks/01_Tabuleiro_e_notacao.ipynb`` uses.

The child's path comes first: the 64-square board the children play on, how it is placed (the
grande diagonal), the name of each square (column letter, row number), the start position and how a
move is written; then, under «Para saber mais», the 100-square board, its 17 diagonals and named
parts, the square numbers, the numeric notation, the signs and FEN.  So this module has the
chapter's pictures and sentences (each code cell of the notebook is one call), the parts of the
board that the chapter names (diagonals, the grande diagonal, the corners, rows (travessas),
columns, bases, tabelas and ângulos: each function takes a variant, ``damas.BRAZILIAN`` or
``damas.INTERNATIONAL``, and answers in its square numbers, from the variant's own geometry) and
the chapter's exercises on the names and numbers of the squares, on numeric notation and on FEN.
Pure Python.  ``tests/course/chapters/test_ch01_tabuleiro.py`` proves what the prose says.

The notebook imports it whole (``from damas.course.chapters.ch01_tabuleiro_e_notacao import *``):
``__all__`` is what the notebook calls; the other public names serve the tests.
"""

from __future__ import annotations

from collections import Counter

from damas.course.kit.annotation import annotate
from damas.course.kit.chapter_texts import chapter_quiz, chapter_stage
from damas.course.kit.coordinates import coordinates_trainer
from damas.course.kit.exercises import check_items
from damas.course.kit.figures import FIGURE_SIZE, board_figure, side_by_side
from damas.course.kit.questions import choice_question, count_question, shuffled
from damas.course.kit.quiz import Quiz
from damas.course.kit.sentences import Sentence, listed
from damas.display.svg import board_svg
from damas.rules.args import checked, text_spec, whole_spec
from damas.rules.board import BLACK, WHITE, Board
from damas.rules.variants import BRAZILIAN, INTERNATIONAL, get_variant

__all__ = ["start_figure", "diagonal_figure", "name_figure", "notation_figures", "exercise",
           "coordinates_trainer", "chapter_stage",
           "board_100_figure", "diagonals_sentence", "parts_figure", "parts_sentence", "numbers_figure",
           "names_and_numbers", "start_100_figure", "numeric_sentence", "game_line", "signs_table",
           "fen_sentence", "teacher_check", "chapter_quiz"]

#: The chapter's positions (the prose speaks of these; the tests prove what it says).
POSITIONS = {
    "empty": "W:W:B",
    "start": "W:W21-32:B1-12",
    "capture": "W:Wc3:Bd4",            # c3xe5 (22x15)
}
#: The square the chapter names first, and the first move it writes down.
FIRST_SQUARE = "c3"
FIRST_MOVE = "c3-d4"
#: A short game the chapter writes down as a score sheet does (White's d4 must capture).
GAME = ["c3-d4", "f6-e5", "d4xf6", "g7xe5"]
#: The signs of regra 9 and what they say.
SIGNS = [("-", "movimento simples"), ("x", "tomada"), ("!", "lance bom, forte"), ("!!", "lance ótimo, muito forte"),
         ("?", "lance fraco, mau"), ("??", "lance muito fraco, péssimo")]


# -- the child's path ---------------------------------------------------------------------------
def start_figure():
    """The start position of the Brazilian game, with the letters and numbers around the board
    (the package's own ``Board``, shown as its picture)."""
    return Board(POSITIONS["start"])


def diagonal_figure():
    """The empty 64-square board with the grande diagonal coloured, a1 to h8."""
    return board_figure(Board(POSITIONS["empty"]), highlight=long_diagonal(BRAZILIAN),
                        title="A grande diagonal: de a1 a h8")


@checked(square=text_spec(False))
def name_figure(square: str = FIRST_SQUARE):
    """The empty board with one square coloured and its name, column and row in the title."""
    board = Board(POSITIONS["empty"])
    if board.variant.parse_square(square) is None:
        from damas.errors import SquareError
        raise SquareError(f"Casa inexistente no tabuleiro de 64 casas: {square!r}; dê o nome de uma casa "
                          f"escura, como 'c3'.")
    return board_figure(board, highlight=[square],
                        title=f"A casa {square}: coluna {square[0]}, travessa {square[1:]}")


def notation_figures():
    """A move (c3-d4 from the start) beside a capture (c3xe5), each with its arrow and its text."""
    start = Board(POSITIONS["start"])
    capture = Board(POSITIONS["capture"])
    (taking,) = capture.legal_moves()
    return side_by_side(board_figure(start, arrows=[start.parse_move(FIRST_MOVE)], title=FIRST_MOVE),
                        board_figure(capture, arrows=[taking], title=capture.move_text(taking)))


# -- «Para saber mais» -------------------------------------------------------------------------
def board_100_figure():
    """The empty 100-square board of the official rules (regra 2.1), with its square numbers."""
    return Board(POSITIONS["empty"], variant="international")


def diagonals_sentence() -> Sentence:
    """How many diagonals each board has and how long the longest is, counted from the geometry."""
    parts = []
    for variant in (INTERNATIONAL, BRAZILIAN):
        lengths = diagonal_lengths(variant)
        parts.append(f"o de {variant.size * variant.size} casas tem {len(lengths)} diagonais, e a maior, "
                     f"a grande diagonal, tem {max(lengths)} casas")
    return Sentence("Contando: " + "; ".join(parts) + ".")


def parts_figure():
    """The 100-square board with its bases (yellow), tabelas (blue) and ângulos (red)."""
    return board_figure(Board(POSITIONS["empty"], variant="international"),
                        highlight=part_highlights(INTERNATIONAL), title="Bases, tabelas e ângulos")


def parts_sentence() -> Sentence:
    """The square numbers of the parts of the 100-square board (regras 2.6.1 to 2.6.3)."""
    p = board_parts(INTERNATIONAL)
    left, right = column_squares(INTERNATIONAL, 0), column_squares(INTERNATIONAL, INTERNATIONAL.size - 1)
    bases = p["bases"]
    half = len(bases) // 2
    return Sentence(f"No tabuleiro de 100 casas, as bases são as casas {bases[0]} a {bases[half - 1]} e "
                    f"{bases[half]} a {bases[-1]}; a tabela da esquerda tem as casas {listed(map(str, left))}, e a "
                    f"da direita, {listed(map(str, right))}; os ângulos são {listed(map(str, sorted(p['ângulos'])))}.")


@checked()
def numbers_figure(variant="brazilian"):
    """The empty board of ``variant`` with the number of each dark square."""
    v = get_variant(variant)
    return board_figure(Board(POSITIONS["empty"], variant=v.name), coordinates="numbers",
                        title=f"{v.title}: casas 1 a {v.squares}")


def names_and_numbers() -> Sentence:
    """Some squares of the 64-square board by number and by name."""
    return Sentence(", ".join(f"{n} = {BRAZILIAN.square_name(n)}" for n in (1, 4, 22, 29, 32)) + ".")


def start_100_figure():
    """The start position of the 100-square game (regra 2.8)."""
    return Board("international")


def numeric_sentence() -> Sentence:
    """The chapter's move and capture, in both notations."""
    start, capture = Board(POSITIONS["start"]), Board(POSITIONS["capture"])
    move, (taking,) = start.parse_move(FIRST_MOVE), capture.legal_moves()
    return Sentence(f"{start.move_text(move)} = {start.move_text(move, notation='numeric')}; "
                    f"{capture.move_text(taking)} = {capture.move_text(taking, notation='numeric')}.")


def game_line() -> Sentence:
    """The chapter's short game, numbered as on a score sheet."""
    return Sentence(annotate(GAME))


def signs_table() -> Sentence:
    """The signs of regra 9 as a table."""
    rows = [f"| `{sign}` | {meaning} |" for sign, meaning in SIGNS]
    return Sentence("\n".join(["| sinal | quer dizer |", "|---|---|", *rows]))


def fen_sentence() -> Sentence:
    """The FEN of the start position of each game."""
    return Sentence(f"Damas brasileiras: `{Board().fen()}`; damas internacionais: "
                    f"`{Board('international').fen()}`.")


# -- the exercises ------------------------------------------------------------------------------
_EXERCISES: dict = {}


@checked(n=whole_spec(1, 5))
def exercise(n: int):
    """Exercise ``n`` of the chapter (made once per kernel): 1, the name of a square; then, under
    «Para saber mais», 2 its number, 3 a move in numbers, 4 the right-hand tabela, 5 a FEN."""
    makers = {
        1: lambda: square_name_question("tabuleiro/nome", "e5"),
        2: lambda: square_number_question("tabuleiro/ex1", "e5"),
        3: lambda: numeric_move_question("tabuleiro/ex2", Board(), "e3-f4"),
        4: lambda: side_squares_question("tabuleiro/ex3", "direita"),
        5: lambda: fen_question("tabuleiro/ex4", Board("B:Wc3,Ka1:Bf6,h8")),
    }
    if n not in _EXERCISES:
        _EXERCISES[n] = makers[n]()
    return _EXERCISES[n]


def teacher_check() -> str:
    """The teacher's check of the chapter's exercises and quiz (no answer shown)."""
    return check_items(*(exercise(n) for n in range(1, 6)), chapter_quiz("01"))


@checked()
def diagonal_lengths(variant) -> list:
    """The length of every diagonal of two squares or more, sorted."""
    variant = get_variant(variant)
    rcs = [variant.square_to_rc(square) for square in variant.square_range]
    sums = Counter(r + c for r, c in rcs)
    differences = Counter(r - c for r, c in rcs)
    return sorted(n for n in list(sums.values()) + list(differences.values()) if n >= 2)


@checked()
def long_diagonal(variant) -> list:
    """The squares of the diagonal from White's bottom-left corner to the top
    right, in square-number order."""
    variant = get_variant(variant)
    return [square for square in variant.square_range if sum(variant.square_to_rc(square)) == variant.size - 1]


@checked()
def white_left_corner(variant) -> int:
    """The square in White's left-hand corner (last row, first column)."""
    variant = get_variant(variant)
    return variant.rc_to_square(variant.size - 1, 0)


@checked()
def black_left_corner(variant) -> int:
    """The square in Black's left-hand corner (first row, last column, as
    White sees the board)."""
    variant = get_variant(variant)
    return variant.rc_to_square(0, variant.size - 1)


@checked()
def row_squares(variant, row: int) -> list:
    """The squares of a row (0 = Black's back row)."""
    variant = get_variant(variant)
    return [square for square in variant.square_range if variant.square_to_rc(square)[0] == row]


@checked()
def column_squares(variant, column: int) -> list:
    """The squares of a column (0 = the left, as White sees the board)."""
    variant = get_variant(variant)
    return [square for square in variant.square_range if variant.square_to_rc(square)[1] == column]


@checked()
def board_parts(variant) -> dict:
    """``bases`` (the two back rows), ``tabelas`` (the two side columns) and
    ``ângulos`` (the two corners of the grande diagonal)."""
    variant = get_variant(variant)
    last = variant.size - 1
    diagonal = long_diagonal(variant)
    return {
        "bases": row_squares(variant, 0) + row_squares(variant, last),
        "tabelas": column_squares(variant, 0) + column_squares(variant, last),
        "ângulos": [diagonal[0], diagonal[-1]],
    }


PART_COLORS = {"bases": "#f2d16b", "tabelas": "#7fb3e6", "ângulos": "#e0605a"}


@checked()
def part_highlights(variant) -> dict:
    """Square -> colour of its part (:data:`PART_COLORS`); the ângulos come last
    and keep their own colour."""
    variant = get_variant(variant)
    return {square: PART_COLORS[name] for name, squares in board_parts(variant).items() for square in squares}


@checked()
def fen_question(key, board, title="Exercício") -> Quiz:
    """Which FEN describes ``board``?  The wrong options swap the side to
    move, or the colours (W = white = brancas, B = black = pretas)."""
    right = board.fen()
    swapped_turn = board.copy(stack=False)
    swapped_turn.turn = BLACK if board.turn == WHITE else WHITE
    # The colours swapped: a text only (it may not even be a position).
    colors = f"{board.turn}:W{_squares(board, BLACK)}:B{_squares(board, WHITE)}"
    options = [right, swapped_turn.fen(), colors]
    why = ["A primeira letra diz quem joga; depois W (white, brancas) e B (black, pretas) com as casas de "
           "cada lado, e K antes de cada dama.",
           "Confira a primeira letra: ela diz de quem é a vez.",
           "As cores estão trocadas: W é white, as brancas; B é black, as pretas."]
    order = sorted(range(3), key=lambda i: options[i])
    return choice_question(key, "Qual FEN descreve esta posição?", [options[i] for i in order],
                           order.index(0), [why[i] for i in order], title,
                           figure=board_svg(board, size=FIGURE_SIZE))


def _squares(board, color):
    parts = [str(s) for s in board.men(color)] + [f"K{s}" for s in board.kings(color)]
    return ",".join(parts)


@checked(key=text_spec(False), name=text_spec(False))
def square_number_question(key, name, variant="brazilian"):
    """"What is the number of square ``name``?" on the empty board."""
    board = Board("W:W:B", variant=variant)
    v = board.variant
    n = v.parse_square(name)
    if n is None:
        from damas.errors import SquareError
        raise SquareError(f"Casa inexistente no tabuleiro de {v.size * v.size} casas: {name!r}; "
                          f"dê o nome de uma casa escura, como 'c3', ou o seu número.")
    row = v.square_to_rc(n)[0]
    same_row = [s for s in v.square_range if v.square_to_rc(s)[0] == row]
    why = (f"{name} é a casa {n}: a travessa dela tem as casas {same_row[0]} a {same_row[-1]} "
           f"({', '.join(v.square_name(s) for s in same_row)}), numeradas da esquerda para a direita, "
           f"de cima para baixo (regra 2.6).")
    return count_question(key, f"Qual é o número da casa {name} no tabuleiro de {v.size * v.size} casas?", n, why,
                          "conte as casas escuras de cima para baixo e, em cada travessa, da esquerda para a direita.",
                          figure=board_figure(board, coordinates="algebraic", title="Os nomes das casas"))


@checked()
def numeric_move_question(key, board, text):
    """"Write ``text`` in numeric notation": pick it among near misses."""
    move = board.parse_move(text)
    numeric = board.move_text(move, notation="numeric")
    sep = "x" if move.captured else "-"
    other = "-" if sep == "x" else "x"
    a, b = numeric.split(sep)[0], numeric.split(sep)[-1]
    options = [numeric, f"{b}{sep}{a}", f"{a}{other}{b}"]
    why = [f"{text} = {numeric}: cada nome vira o número da casa, e o sinal fica (regra 8.2).",
           "A ordem está trocada: primeiro a casa de partida, depois a de chegada (regra 8.2.1).",
           f"O sinal está errado: '-' é movimento simples, 'x' é tomada (regras 8.2.2 e 8.2.3)."]
    options, right, why = shuffled(key, options, 0, why)
    return choice_question(key, f"Como se escreve {text} em notação numérica?", options, right, why,
                           figure=board_figure(board, arrows=[move], coordinates="both", title=text))


@checked()
def side_squares_question(key, side="direita"):
    board = Board("W:W:B")
    v = board.variant
    col = v.size - 1 if side == "direita" else 0
    table = [s for s in v.square_range if v.square_to_rc(s)[1] == col]
    other = [s for s in v.square_range if v.square_to_rc(s)[1] == (v.size - 1 - col)]
    top = [s for s in v.square_range if v.square_to_rc(s)[0] == 0]
    fmt = lambda xs: ", ".join(map(str, xs))
    options = [fmt(table), fmt(other), fmt(top)]
    why = [f"A tabela {side} é a coluna {'h' if col else 'a'}: casas {fmt(table)} "
           f"({', '.join(v.square_name(s) for s in table)}) (regra 2.5.2).",
           f"Essa é a tabela do outro lado ({', '.join(v.square_name(s) for s in other)}).",
           "Essa é a base das pretas, a travessa de cima (regra 2.5.1), não uma tabela."]
    options, right, why = shuffled(key, options, 0, why)
    return choice_question(key, f"Quais são as casas da tabela {side} no tabuleiro de 64 casas?", options, right, why,
                           figure=board_figure(board, coordinates="numbers", title="Casas 1 a 32"))


@checked(key=text_spec(False), name=text_spec(False))
def square_name_question(key, name):
    """"What is the name of the coloured square?" on the empty 64-square board: the wrong options
    are the name read from Black's side and the name one row off (the usual slips)."""
    board = Board("W:W:B")
    v = board.variant
    n = v.parse_square(name)
    if n is None:
        from damas.errors import SquareError
        raise SquareError(f"Casa inexistente no tabuleiro de 64 casas: {name!r}; dê o nome de uma casa "
                          f"escura, como 'c3'.")
    row, col = v.square_to_rc(n)
    from_black = v.square_name(v.rc_to_square(v.size - 1 - row, v.size - 1 - col))
    off = f"{name[0]}{int(name[1:]) + (1 if int(name[1:]) < v.size else -1)}"
    options = [name, from_black, off]
    why = [f"Isso: coluna {name[0]}, travessa {name[1:]}. Primeiro a letra, depois o número.",
           f"{from_black} é o nome lido do lado das pretas. Os nomes se leem sempre do lado das brancas: "
           f"a coluna a fica à esquerda delas, e a travessa 1 perto delas.",
           f"Conte as travessas de novo, a partir das brancas: a casa marcada está na travessa {name[1:]}."]
    options, right, why = shuffled(key, options, 0, why)
    return choice_question(key, "Qual é o nome da casa marcada?", options, right, why,
                           figure=board_figure(board, highlight=[name], title="Que casa é esta?"))

"""Chapter 01 — Tabuleiro e notação: what ``notebooks/01_Tabuleiro_e_notacao.ipynb`` uses.

The parts of the board that the chapter names: diagonals, the grande diagonal, the corners, rows
(travessas), columns, bases, tabelas and ângulos. Each function takes a variant
(``damas.BRAZILIAN``, ``damas.INTERNATIONAL``) and answers in its square numbers, from the
variant's own geometry. Then the chapter's exercises on the names and numbers of the squares, on
numeric notation and on FEN. Pure Python.

The notebook imports it whole (``from damas.course.chapters.ch01_tabuleiro_e_notacao import *``):
``__all__`` is what the notebook calls, its own helpers and the kit's pieces it uses; the other
public names serve the tests.
"""

from __future__ import annotations

from collections import Counter

from damas.course.kit.annotation import annotate
from damas.course.kit.chapter_texts import chapter_quiz
from damas.course.kit.exercises import check_items
from damas.course.kit.figures import FIGURE_SIZE, board_figure
from damas.course.kit.questions import choice_question, count_question, shuffled
from damas.course.kit.quiz import Quiz
from damas.display.svg import board_svg
from damas.rules.args import checked, text_spec
from damas.rules.board import BLACK, WHITE, Board
from damas.rules.variants import get_variant

__all__ = ["board_figure", "square_number_question", "numeric_move_question", "side_squares_question",
           "fen_question", "check_items", "diagonal_lengths", "long_diagonal", "white_left_corner",
           "black_left_corner", "row_squares", "column_squares", "board_parts", "part_highlights",
           "annotate", "chapter_quiz"]


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

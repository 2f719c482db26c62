"""An evaluation learned from damas' own games: local patterns of men.

>>> from damas import Board
>>> from damas.engine.patterns import patterns
>>> ev = patterns("international")
>>> board = Board("international")
>>> ev(*board.bitboards[:3], True) == ev(*board.bitboards[:3], False)
True

The score of a position (hundredths of a man, for the side to move, with the
call of :mod:`damas.engine.evaluation`: ``ev(w, b, k, white_to_move)``) is

* a *base*: material (a man 100, a king 300, fixed: they set the scale of
  the fit), a share of the material added when few pieces are left
  (``material_endgame``, in percent of the material, times (P - pieces) / P,
  ``P`` the pieces at the start: trading down when ahead), the kings on the
  long diagonal, a bonus when only one side has kings (``sole_kings``) and
  one for the side to move (``to_move``);
* plus the learned weights of **patterns**: the board is covered by
  overlapping blocks (:data:`GEOMETRIES`: 4 rows by 4 columns, 8 playing
  squares each, their corners on the even rows and columns: 16 blocks on
  10x10, 9 on 8x8; each square lies in 1 to 4 of them).  A block's
  configuration is its squares, each empty, a white man or a black man (a
  king counts as empty: kings have the scalar terms), read in base 3; each
  block has one table of 3**8 weights, read from White's side.  Colour-flip
  symmetry shares them: Black's view of the block turned half round (180
  degrees, which maps the set of blocks onto itself) reads the same table
  with the colours exchanged, and its weight counts for Black.  So the
  position turned round with the colours exchanged and the other side to
  move scores exactly the same.

The tables come from :mod:`damas.engine.weights.patterns`, which
``scripts/tune_patterns.py`` writes (a logistic fit on the positions of
self-play games, each set to the scores of a depth-6 selective search of
each position); they are read on the first use of :func:`patterns`, not on
``import damas``.

The fast path (:meth:`PatternEvaluator.__call__`) joins the white and black
men into one integer (``white | black << S``, ``S`` the width of the board's
bitboard), and each look-up block (:data:`LOOKUP`, 4x4) is one dictionary
look-up of that integer masked to its squares: the dictionary holds, for
each of its 3**8 configurations, the sum over the pattern blocks given to it
(every pattern block lies in a look-up block: smaller patterns would cost no
more) of White's weight minus Black's.  :meth:`score_white_slow`
computes the same score square by square (the reference of the tests).
"""

from __future__ import annotations

import base64
import zlib
from array import array
from collections.abc import Sequence
from typing import Any

from damas.engine.evaluation import _numbers, one_per_variant
from damas.errors import ArgumentError, VariantError
from damas.rules.args import refuse, whole
from damas.rules.variants import Variant, get_variant

__all__ = ["PatternEvaluator", "patterns", "blocks", "pattern_blocks", "GEOMETRIES", "SCALARS",
           "decode_table", "encode_table"]

#: The learned scalar terms of the base, in the order of the weights file.
SCALARS = ("material_endgame", "to_move", "long_diagonal", "sole_kings")
#: The blocks of the patterns, one kind per entry: (rows, columns, step
#: between the first rows, step between the first columns) of the board.
GEOMETRIES = ((4, 4, 2, 2),)
#: The blocks of the look-ups: each pattern block lies in one of them, whose
#: dictionary holds the sum of the weights of the pattern blocks given to it.
LOOKUP = (4, 4, 2, 2)
MAN, KING = 100, 300


#: A block shape: (rows, columns, step between the first rows, step between the first columns).
Geometry = tuple[int, int, int, int]
#: Blocks: the squares of each (ordered by row, then column), and for each block the index of
#: the block turned half round.
Blocks = tuple[list[tuple[int, ...]], list[int]]


def weight_set_name(variant: Variant | str) -> str:
    """The weight set a variant uses: '8x8' or '10x10'."""
    return "10x10" if get_variant(variant).size == 10 else "8x8"


def blocks(variant: Variant | str, geometry: Geometry = LOOKUP) -> Blocks:
    """The blocks of ``variant``: a list of tuples of squares (ordered by
    row, then column), and the list giving, for each block, the index of the
    block turned half round."""
    variant = variant if isinstance(variant, Variant) else get_variant(variant)
    _check_geometry(variant, geometry, "geometry")
    t = variant.tables
    size = variant.size
    at = {t.rc[sq]: sq for sq in variant.square_range}
    out: list[tuple[int, ...]] = []
    rows, cols, row_step, col_step = geometry
    for r0 in range(0, size - rows + 1, row_step):
        for c0 in range(0, size - cols + 1, col_step):
            squares = tuple(at[(r, c)] for r in range(r0, r0 + rows) for c in range(c0, c0 + cols)
                            if (r, c) in at)
            assert len(squares) == rows * cols // 2
            out.append(squares)
    turned = []
    for squares in out:
        rot = sorted(at[(size - 1 - t.rc[sq][0], size - 1 - t.rc[sq][1])] for sq in squares)
        key = tuple(sorted(rot, key=lambda s: t.rc[s]))
        if key not in out:
            raise refuse("geometry", "uma forma de bloco que, com o tabuleiro virado, cai sobre outro bloco "
                                     "(passos que dividem o tabuleiro por igual), como (4, 4, 2, 2)", geometry)
        turned.append(out.index(key))
    return out, turned


def pattern_blocks(variant: Variant | str, geometries: Sequence[Geometry] = GEOMETRIES) -> Blocks:
    """The blocks of the patterns (:data:`GEOMETRIES`, one kind after the
    other), with the index of each one's block turned half round."""
    variant = get_variant(variant)
    if not isinstance(geometries, (list, tuple)) or not geometries:
        raise refuse("geometries", "uma lista de formas de bloco, como ((4, 4, 2, 2),)", geometries)
    for geometry in geometries:
        _check_geometry(variant, geometry, "geometries (um dos itens)")
    out: list[tuple[int, ...]] = []
    turned: list[int] = []
    for geometry in geometries:
        squares, turn = blocks(variant, geometry)
        turned += [len(out) + j for j in turn]
        out += squares
    return out, turned


def rotate_square(variant: Variant | str, square: int) -> int:
    """The square of ``square`` on the board turned half round."""
    variant = get_variant(variant)
    whole(square, "square", 1, len(variant.square_range))
    t = variant.tables
    r, c = t.rc[square]
    size = variant.size
    for sq in variant.square_range:
        if t.rc[sq] == (size - 1 - r, size - 1 - c):
            return sq
    raise AssertionError(square)


def _check_geometry(variant: Variant, geometry: object, name: str) -> None:
    """A block shape: (rows, columns, row step, column step), whole numbers that fit the board
    and make blocks of whole pairs of dark squares."""
    if not isinstance(geometry, tuple) or len(geometry) != 4 or not all(
            type(x) is int and 1 <= x <= variant.size for x in geometry) or geometry[0] * geometry[1] % 2:
        raise refuse(name, f"uma forma de bloco (linhas, colunas, passo nas linhas, passo nas colunas), "
                           f"números de 1 a {variant.size}, como (4, 4, 2, 2)", geometry)
    rows, cols, _, _ = geometry
    if rows % 2 and cols % 2:
        raise refuse(name, "um bloco com um número par de linhas ou de colunas", geometry)


def encode_table(values: Sequence[int] | array[int]) -> str:
    """A table of small integers as base64 text (zlib of int16, little-endian)."""
    if isinstance(values, (str, bytes)) or not isinstance(values, (list, tuple, array)) or not all(
            type(x) is int and -32768 <= x <= 32767 for x in values):
        raise refuse("values", "uma lista de números inteiros de -32768 a 32767", values)
    a = array("h", values)
    if a.itemsize != 2:
        raise AssertionError("int16 expected")
    raw = a.tobytes() if _LITTLE else _swapped(a).tobytes()
    return base64.b64encode(zlib.compress(raw, 9)).decode("ascii")


def decode_table(text: str) -> list[int]:
    """The list of integers of :func:`encode_table`."""
    if not isinstance(text, str):
        raise refuse("text", "o texto de uma tabela (o que encode_table dá)", text)
    a = array("h")
    try:
        raw = zlib.decompress(base64.b64decode(text, validate=True))
    except (ValueError, zlib.error):        # binascii.Error is a ValueError
        raise ArgumentError("O texto não é uma tabela de pesos (o que encode_table dá): "
                            "está incompleto ou foi alterado.") from None
    if len(raw) % 2:
        raise ArgumentError("O texto não é uma tabela de pesos (o que encode_table dá): "
                            "tem um número ímpar de bytes.")
    a.frombytes(raw)
    if not _LITTLE:
        a.byteswap()
    return a.tolist()


_LITTLE = array("h", [1]).tobytes()[0] == 1


def _swapped(a: array[int]) -> array[int]:
    b = array("h", a)
    b.byteswap()
    return b


class PatternEvaluator:
    """The pattern evaluation of one variant; ``weights``: a dict like an
    entry of :data:`damas.engine.weights.patterns.WEIGHTS` (``scalars``: the learned
    scalar terms by name; ``tables``: one list of 3**8 integers per block),
    by default the entry of the variant's board."""

    def __init__(self, variant: Variant | str, weights: dict[str, Any] | None = None) -> None:
        variant = variant if isinstance(variant, Variant) else get_variant(variant)
        self.variant = variant
        t = variant.tables
        self.size = variant.size
        self.blocks, self.turned = pattern_blocks(variant)
        self.entries = [3 ** len(squares) for squares in self.blocks]
        # each pattern block is read in the first look-up block holding it
        self.lookup_blocks = blocks(variant)[0]
        self.assigned: list[list[int]] = [[] for _ in self.lookup_blocks]
        for j, squares in enumerate(self.blocks):
            home = next(i for i, big in enumerate(self.lookup_blocks) if set(squares) <= set(big))
            self.assigned[home].append(j)
        self.pieces_at_start = 2 * variant.rows_of_men * t.half
        self.shift = t.board_mask.bit_length()
        diag_a = diag_b = 0
        size = variant.size
        for sq in variant.square_range:
            r, c = t.rc[sq]
            if r + c == size - 1:
                diag_a |= t.mask[sq]
            if r == c:
                diag_b |= t.mask[sq]
        self.long_diagonal = diag_a if diag_a.bit_count() == size else diag_b
        if weights is None:
            from damas.engine.weights.patterns import WEIGHTS  # generated, large: read when first needed
            entry: Any = WEIGHTS.get(weight_set_name(variant))
            if entry is None:
                raise VariantError(f"A avaliação por padrões ainda não tem pesos para o tabuleiro "
                                   f"{weight_set_name(variant)}: use a avaliação 'classic' ou 'tuned'.")
            if [tuple(g) for g in entry["geometries"]] != list(GEOMETRIES):
                raise ArgumentError("damas/engine/weights/patterns.py foi feito para outros blocos: "
                                 "refaça-o com scripts/tune_patterns.py.")
            weights = {"scalars": entry["scalars"], "tables": [decode_table(x) for x in entry["tables"]]}
        if not isinstance(weights, dict) or not {"scalars", "tables"} <= set(weights):
            raise refuse("weights", "um dicionário com 'scalars' e 'tables'", weights)
        self.set_weights(weights["scalars"], weights["tables"])

    def set_weights(self, scalars: dict[str, int], tables: Sequence[Sequence[int]]) -> None:
        """Replace the weights: ``scalars`` a dict of :data:`SCALARS`,
        ``tables`` one sequence of 3**n integers per block of n squares."""
        if not isinstance(scalars, dict) or set(scalars) != set(SCALARS):
            raise ArgumentError("Pesos escalares esperados: " + ", ".join(SCALARS) + ".")
        if not isinstance(tables, (list, tuple)):
            raise refuse("tables", "uma lista de tabelas de pesos", tables)
        whole_tables = [_numbers(table, "tables (um dos itens)") for table in tables]
        _numbers([scalars[name] for name in SCALARS], "scalars")
        if len(whole_tables) != len(self.blocks) or [len(x) for x in whole_tables] != self.entries:
            raise ArgumentError(f"São precisas {len(self.blocks)} tabelas de pesos, de tamanhos {self.entries}.")
        self.scalars = {name: int(scalars[name]) for name in SCALARS}
        self.tables = whole_tables
        self._build()

    def _build(self) -> None:
        """Per look-up block, the dictionary from (white men | black men << S)
        masked to the block to the sum, over the pattern blocks given to it,
        of White's weight minus Black's (the block turned round)."""
        t = self.variant.tables
        shift = self.shift
        lookups: list[tuple[int, dict[int, int]]] = []
        for big, assigned in zip(self.lookup_blocks, self.assigned):
            # Every configuration of the look-up block, square after square
            # (empty, white man, black man): its key, and per pattern block
            # given to it White's index and Black's.  Black reads a block
            # from its side: its i-th square is the block's (n-1-i)-th, a
            # black man 1 and a white man 2.
            keys = [0]
            for sq in big:
                m = t.mask[sq]
                keys = [key | o for key in keys for o in (0, m, m << shift)]
            values = [0] * len(keys)
            for j in assigned:
                squares = self.blocks[j]
                n = len(squares)
                iw = [0]
                ib = [0]
                for sq in big:
                    if sq in squares:
                        i = squares.index(sq)
                        ow = (0, 3 ** i, 2 * 3 ** i)
                        ob = (0, 2 * 3 ** (n - 1 - i), 3 ** (n - 1 - i))
                    else:
                        ow = ob = (0, 0, 0)
                    iw = [x + o for x in iw for o in ow]
                    ib = [x + o for x in ib for o in ob]
                own, other = self.tables[j], self.tables[self.turned[j]]
                values = [v + own[x] - other[y] for v, x, y in zip(values, iw, ib)]
            mask = 0
            for sq in big:
                mask |= t.mask[sq] | (t.mask[sq] << shift)
            lookups.append((mask, dict(zip(keys, values))))
        self._lookups = tuple(lookups)
        s = self.scalars
        total = self.pieces_at_start
        self._material_endgame = [s["material_endgame"] * (total - p) for p in range(total + 1)]
        self._divisor = 100 * total
        self._to_move = s["to_move"]
        self._diag = s["long_diagonal"]
        self._sole = s["sole_kings"]

    # -- the fast path ---------------------------------------------------------
    def __call__(self, w: int, b: int, k: int, white_to_move: bool) -> int:
        """The score of the position for the side to move (hundredths of a man)."""
        total = self.pieces_at_start
        if k:
            wm = w & ~k
            bm = b & ~k
            wk = w & k
            bk = b & k
            diag = self.long_diagonal
            material = MAN * (wm.bit_count() - bm.bit_count()) + KING * (wk.bit_count() - bk.bit_count())
            n = material + self._diag * ((wk & diag).bit_count() - (bk & diag).bit_count())
            if not bk:
                n += self._sole
            elif not wk:
                n -= self._sole
        else:
            wm, bm = w, b
            n = material = MAN * (w.bit_count() - b.bit_count())
        phase = (w | b).bit_count()
        if phase > total:
            phase = total
        if material:
            e = self._material_endgame[phase] * material
            n += e // self._divisor if e >= 0 else -((-e) // self._divisor)
        key = wm | (bm << self.shift)
        for mask, table in self._lookups:
            n += table[key & mask]
        return self._to_move + (n if white_to_move else -n)

    # -- the slow reference ------------------------------------------------------
    def indices(self, w: int, b: int, k: int) -> list[tuple[int, int]]:
        """Per pattern block, (White's index, Black's index) of its
        configuration, square by square; Black's index is of the block turned
        round, read from Black's side (the table of ``turned[j]``)."""
        t = self.variant.tables
        wm, bm = w & ~k, b & ~k
        out = []
        for squares in self.blocks:
            iw = ib = 0
            for i, sq in enumerate(squares):
                m = t.mask[sq]
                v = 1 if wm & m else (2 if bm & m else 0)
                iw += v * 3 ** i
                ib += (0, 2, 1)[v] * 3 ** (len(squares) - 1 - i)
            out.append((iw, ib))
        return out

    def score_white_slow(self, w: int, b: int, k: int) -> int:
        """The score for White, square by square (the reference of
        :meth:`__call__`, without the side-to-move term)."""
        s = self.scalars
        wm, bm, wk, bk = w & ~k, b & ~k, w & k, b & k
        total = self.pieces_at_start
        phase = min((w | b).bit_count(), total)
        material = MAN * (wm.bit_count() - bm.bit_count()) + KING * (wk.bit_count() - bk.bit_count())
        e = s["material_endgame"] * (total - phase) * material
        n = (material + (e // (100 * total) if e >= 0 else -((-e) // (100 * total)))
             + s["long_diagonal"] * ((wk & self.long_diagonal).bit_count()
                                     - (bk & self.long_diagonal).bit_count()))
        if wk and not bk:
            n += s["sole_kings"]
        if bk and not wk:
            n -= s["sole_kings"]
        for j, (iw, ib) in enumerate(self.indices(w, b, k)):
            n += self.tables[j][iw] - self.tables[self.turned[j]][ib]
        return n


_PATTERNS: dict[str, PatternEvaluator] = {}


def patterns(variant: Variant | str) -> PatternEvaluator:
    """The pattern evaluator of ``variant`` (one per variant, built on first use)."""
    return one_per_variant(_PATTERNS, PatternEvaluator, variant)

"""The static evaluation of the engine: features of a position and their weights.

>>> from damas import Board
>>> from damas.engine.evaluation import evaluator
>>> ev = evaluator("brazilian")
>>> board = Board("brazilian")
>>> ev(board.white_bits, board.black_bits, board.king_bits, True)   # the start: equal for both sides
0
>>> features = ev.features_of(Board("W:WK29:B1"))   # a white king on a1, a black man on b8
>>> features["king"], features["man"], features["long_diagonal"], features["back_row"]
(1, -1, 1, -1)

An :class:`Evaluator` is built once per variant (:func:`evaluator` keeps one
per variant) and scores the three bitboards of a position (white pieces,
black pieces, kings) for the side to move, in hundredths of a man, as an
integer.  It reads only whole-board masks and shifts of the bitboards (the
"ghost square" layout of :mod:`damas.rules.variants`: the diagonal neighbours of a
square are always ``h`` and ``h + 1`` bits away, ``h`` half the board width),
never the move generator, so it costs a few microseconds.

Every feature is counted for White minus Black (:data:`FEATURES`):

* ``man``, ``king``: material;
* ``advance``: the rows the men have advanced, summed (the tempo count);
* ``centre``: men on the central squares (the middle four rows and columns);
* ``back_row``: men still on their own back row, guarding the crowning squares;
* ``mobility_men``: free squares in front of the men (one per man and free
  forward square: no move is generated);
* ``mobility_kings``: free squares next to the kings (the four directions);
* ``frozen``: men with no free square in front (locked wings, blocked men);
* ``supported``: men with both squares behind them held by their own side or
  off the board (no piece can jump them from the front);
* ``outpost``: supported men in the opponent's half;
* ``edge``: men on the side columns;
* ``crown_ready``: men one row from crowning with a free crowning square ahead;
* ``wing_imbalance``: the difference between the men on the left and the
  right half of the board (a lopsided side is easier to lock);
* ``long_diagonal``: kings on the long diagonal (the "grande diagonal");
* ``sole_kings``: 1 when only White has kings, -1 when only Black has.

The score is tapered: each feature has an opening weight and an endgame
weight, blended by the number of pieces left (all pieces: opening weights;
none: endgame weights).  The weights come from :mod:`damas.engine.weights.classic`,
which ``scripts/tune_evaluation.py`` writes (one set for 8x8, one for 10x10);
they can be replaced for a while with :func:`weights_in_use`.

The same code serves the four variants of :mod:`damas.rules.variants` (the
Portuguese board is mirrored: its long diagonal runs the other way).

:class:`ClassicEvaluator` (:func:`classic`) is the engine's first evaluation,
with the same call: the course's stored figures (the levels' games, the game
review, the marks of the annotated games) were made with it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Protocol, TypeVar

from damas.errors import ArgumentError
from damas.rules.args import refuse
from damas.rules.board import Board
from damas.rules.variants import DOWN_LEFT, DOWN_RIGHT, UP_LEFT, UP_RIGHT, Variant, get_variant

#: A static evaluation: ``evaluate(white bits, black bits, king bits, white to move)``, the score
#: for the side to move in hundredths of a man (Evaluator, ClassicEvaluator, damas.engine.patterns).
Evaluation = Callable[[int, int, int, bool], int]

__all__ = ["FEATURES", "Evaluator", "ClassicEvaluator", "evaluator", "classic", "weights_in_use",
           "weight_set_name"]

FEATURES = (
    "man", "king", "advance", "centre", "back_row", "mobility_men", "mobility_kings",
    "frozen", "supported", "outpost", "edge", "crown_ready", "wing_imbalance",
    "long_diagonal", "sole_kings",
)
N_FEATURES = len(FEATURES)


def weight_set_name(variant: Variant | str) -> str:
    """The weight set a variant uses: '8x8' or '10x10'."""
    return "10x10" if get_variant(variant).size == 10 else "8x8"


def _default_weights(variant: Variant) -> tuple[list[int], list[int]]:
    from damas.engine.weights.classic import WEIGHTS  # generated: read when first needed
    entry = WEIGHTS[weight_set_name(variant)]
    return _numbers(entry["opening"], "opening"), _numbers(entry["endgame"], "endgame")


def advance_bits(variant: Variant | str) -> tuple[tuple[int, int, int], ...]:
    """The rows the men have advanced from their own back row, as binary
    digits: ``((j, white mask, black mask), ...)``, where the white (black)
    mask holds the rows whose advance for White (Black) has bit ``j``, so
    that the advance of the men summed is ``sum(count(men & mask) << j)``
    (a few popcounts instead of one per row)."""
    variant = get_variant(variant)
    t, size = variant.tables, variant.size
    return tuple(
        (j, sum(t.row_mask[r] for r in range(size) if ((size - 1 - r) >> j) & 1),
         sum(t.row_mask[r] for r in range(size) if (r >> j) & 1))
        for j in range((size - 1).bit_length()))


def _numbers(values: object, name: str) -> list[int]:
    """``values`` (a list of numbers) as whole numbers; refused if it is anything else."""
    if not isinstance(values, (list, tuple)) or not all(
            type(x) in (int, float) and math.isfinite(x) for x in values):
        raise refuse(name, "uma lista de números", values)
    return [int(x) for x in values]


class Evaluator:
    """Static evaluation for one variant.

    ``ev(w, b, k, white_to_move)`` is the score for the side to move;
    :meth:`features` the feature values (White minus Black) and the phase,
    from which ``score = (opening·f * phase + endgame·f * (P - phase)) / P``
    (``P`` the number of pieces at the start), rounded towards zero.
    """

    def __init__(self, variant: Variant | str,
                 weights: tuple[Sequence[int], Sequence[int]] | list[Sequence[int]] | None = None) -> None:
        variant = get_variant(variant) if not isinstance(variant, Variant) else variant
        self.variant = variant
        t = variant.tables
        size = variant.size
        self.size = size
        h = t.half
        self.h = h
        full = t.board_mask
        self.full = full
        mask = t.mask
        rows = t.row_mask
        self.pieces_at_start = 2 * variant.rows_of_men * h
        bits = advance_bits(variant)
        nbits = len(bits)
        self.white_adv = [(1 << j, wmask) for j, wmask, _ in bits]
        self.black_adv = [(1 << j, bmask) for j, _, bmask in bits]
        assert nbits <= 4   # boards up to 16x16
        pad = [0] * (4 - nbits)
        a0, a1, a2, a3 = [m for _, m in self.white_adv] + pad
        d0, d1, d2, d3 = [m for _, m in self.black_adv] + pad
        self._adv = (a0, a1, a2, a3, d0, d1, d2, d3)
        lo, hi = size // 2 - 2, size // 2 + 1
        centre = edge = left = diag_a = diag_b = 0
        for sq in variant.square_range:
            r, c = t.rc[sq]
            if lo <= r <= hi and lo <= c <= hi:
                centre |= mask[sq]
            if c in (0, size - 1):
                edge |= mask[sq]
            if c < size // 2:
                left |= mask[sq]
            if r + c == size - 1:
                diag_a |= mask[sq]
            if r == c:
                diag_b |= mask[sq]
        self.centre = centre
        self.edge = edge
        self.left = left
        self.right = full & ~left
        # The long diagonal: the one of the two corner-to-corner diagonals
        # made of playing squares.
        self.long_diagonal = diag_a if diag_a.bit_count() == size else diag_b
        self.white_back = rows[size - 1]
        self.black_back = rows[0]
        # White men move towards row 0 (lower bits), Black men towards row size-1.
        self.white_pre = rows[1]          # one row from White's crowning row
        self.black_pre = rows[size - 2]
        far_w = far_b = 0
        for r in range(1, size // 2):
            far_w |= rows[r]
        for r in range(size // 2, size - 1):
            far_b |= rows[r]
        self.white_far, self.black_far = far_w, far_b
        # Squares with no neighbour h or h+1 bits above / below (an edge).
        no_up_h = no_up_h1 = no_dn_h = no_dn_h1 = 0
        for sq in variant.square_range:
            m = mask[sq]
            if not (m << h) & full:
                no_up_h |= m
            if not (m << (h + 1)) & full:
                no_up_h1 |= m
            if not (m >> h) & full:
                no_dn_h |= m
            if not (m >> (h + 1)) & full:
                no_dn_h1 |= m
        # "Behind" a white man: the bits h and h+1 above (towards its back row).
        self.w_nb1, self.w_nb2 = no_up_h, no_up_h1
        self.b_nb1, self.b_nb2 = no_dn_h, no_dn_h1
        # the shifts are those of the tables (checked: every neighbour is h or h+1 away)
        assert {t.shift[d] for d in (UP_LEFT, UP_RIGHT, DOWN_LEFT, DOWN_RIGHT)} == {h, h + 1}
        if weights is None:
            weights = _default_weights(variant)
        elif not isinstance(weights, (list, tuple)) or len(weights) != 2:
            raise refuse("weights", "um par de listas de pesos (abertura, final)", weights)
        self.set_weights(*weights)

    # -- weights ------------------------------------------------------------
    def set_weights(self, opening: Sequence[int], endgame: Sequence[int]) -> None:
        """Replace the weights (two sequences of integers, one per feature)."""
        opening, endgame = _numbers(opening, "opening"), _numbers(endgame, "endgame")
        if len(opening) != N_FEATURES or len(endgame) != N_FEATURES:
            raise ArgumentError(f"São precisos {N_FEATURES} pesos de abertura e {N_FEATURES} de final.")
        self.opening, self.endgame = tuple(opening), tuple(endgame)
        self._build_blend()

    @property
    def weights(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """(opening weights, endgame weights)."""
        return self.opening, self.endgame

    # -- features -------------------------------------------------------------
    def features(self, w: int, b: int, k: int) -> tuple[list[int], int]:
        """(feature values, White minus Black, in :data:`FEATURES` order; phase),
        the phase being the number of pieces, at most the number at the start."""
        h, h1, full = self.h, self.h + 1, self.full
        wm, bm, wk, bk = w & ~k, b & ~k, w & k, b & k
        emp = full & ~(w | b)
        f = [0] * N_FEATURES
        f[0] = wm.bit_count() - bm.bit_count()
        f[1] = wk.bit_count() - bk.bit_count()
        adv = 0
        for weight, m in self.white_adv:
            adv += weight * (wm & m).bit_count()
        for weight, m in self.black_adv:
            adv -= weight * (bm & m).bit_count()
        f[2] = adv
        f[3] = (wm & self.centre).bit_count() - (bm & self.centre).bit_count()
        f[4] = (wm & self.white_back).bit_count() - (bm & self.black_back).bit_count()
        f[5] = (((wm >> h) & emp).bit_count() + ((wm >> h1) & emp).bit_count()
                - ((bm << h) & emp).bit_count() - ((bm << h1) & emp).bit_count())
        f[6] = (((wk >> h) & emp).bit_count() + ((wk >> h1) & emp).bit_count()
                + ((wk << h) & emp).bit_count() + ((wk << h1) & emp).bit_count()
                - ((bk >> h) & emp).bit_count() - ((bk >> h1) & emp).bit_count()
                - ((bk << h) & emp).bit_count() - ((bk << h1) & emp).bit_count())
        w_free = (emp << h) | (emp << h1)     # a white man with a free square in front
        b_free = (emp >> h) | (emp >> h1)
        f[7] = (wm & ~w_free).bit_count() - (bm & ~b_free).bit_count()
        w_sup = wm & ((w >> h) | self.w_nb1) & ((w >> h1) | self.w_nb2)
        b_sup = bm & ((b << h) | self.b_nb1) & ((b << h1) | self.b_nb2)
        f[8] = w_sup.bit_count() - b_sup.bit_count()
        f[9] = (w_sup & self.white_far).bit_count() - (b_sup & self.black_far).bit_count()
        f[10] = (wm & self.edge).bit_count() - (bm & self.edge).bit_count()
        f[11] = (wm & self.white_pre & w_free).bit_count() - (bm & self.black_pre & b_free).bit_count()
        f[12] = (abs((wm & self.left).bit_count() - (wm & self.right).bit_count())
                 - abs((bm & self.left).bit_count() - (bm & self.right).bit_count()))
        f[13] = (wk & self.long_diagonal).bit_count() - (bk & self.long_diagonal).bit_count()
        f[14] = (1 if wk and not bk else 0) - (1 if bk and not wk else 0)
        phase = min((w | b).bit_count(), self.pieces_at_start)
        return f, phase

    def features_of(self, board: Board) -> dict[str, int]:
        """The features of a :class:`damas.Board` as a dict (name: value)."""
        f, _ = self.features(board.white_bits, board.black_bits, board.king_bits)
        return dict(zip(FEATURES, f))

    def score_white(self, w: int, b: int, k: int) -> int:
        """The score for White, from :meth:`features` (the slow reference of
        :meth:`__call__`)."""
        f, phase = self.features(w, b, k)
        total = self.pieces_at_start
        n = (sum(x * y for x, y in zip(self.opening, f)) * phase
             + sum(x * y for x, y in zip(self.endgame, f)) * (total - phase))
        return n // total if n >= 0 else -((-n) // total)

    # -- the fast path ---------------------------------------------------------
    def _build_blend(self) -> None:
        """Per phase p (0..P): the weights o*p + e*(P-p) of each feature, so a
        call multiplies once per feature and divides once by P."""
        total = self.pieces_at_start
        self._blend = [tuple(o * p + e * (total - p) for o, e in zip(self.opening, self.endgame))
                       for p in range(total + 1)]

    def __call__(self, w: int, b: int, k: int, white_to_move: bool) -> int:
        """The score of the position for the side to move (hundredths of a man)."""
        h = self.h
        h1 = h + 1
        total = self.pieces_at_start
        phase = (w | b).bit_count()
        if phase > total:
            phase = total
        (c_man, c_king, c_adv, c_cen, c_back, c_mm, c_mk, c_frz, c_sup, c_out, c_edge, c_crown,
         c_wing, c_diag, c_sole) = self._blend[phase]
        wm = w & ~k
        bm = b & ~k
        emp = self.full & ~(w | b)
        nwm = wm.bit_count()
        nbm = bm.bit_count()
        n = c_man * (nwm - nbm)
        if k:
            wk = w & k
            bk = b & k
            diag = self.long_diagonal
            n += (c_king * (wk.bit_count() - bk.bit_count())
                  + c_mk * (((wk >> h) & emp).bit_count() + ((wk >> h1) & emp).bit_count()
                            + ((wk << h) & emp).bit_count() + ((wk << h1) & emp).bit_count()
                            - ((bk >> h) & emp).bit_count() - ((bk >> h1) & emp).bit_count()
                            - ((bk << h) & emp).bit_count() - ((bk << h1) & emp).bit_count())
                  + c_diag * ((wk & diag).bit_count() - (bk & diag).bit_count()))
            if not bk:
                n += c_sole
            elif not wk:
                n -= c_sole
        a0, a1, a2, a3, d0, d1, d2, d3 = self._adv
        x = ((wm & a0).bit_count() - (bm & d0).bit_count()
             + 2 * ((wm & a1).bit_count() - (bm & d1).bit_count())
             + 4 * ((wm & a2).bit_count() - (bm & d2).bit_count())
             + 8 * ((wm & a3).bit_count() - (bm & d3).bit_count()))
        w_free = (emp << h) | (emp << h1)
        b_free = (emp >> h) | (emp >> h1)
        w_sup = wm & ((w >> h) | self.w_nb1) & ((w >> h1) | self.w_nb2)
        b_sup = bm & ((b << h) | self.b_nb1) & ((b << h1) | self.b_nb2)
        m = self.centre
        edge = self.edge
        left = self.left
        n += (c_adv * x
              + c_cen * ((wm & m).bit_count() - (bm & m).bit_count())
              + c_back * ((wm & self.white_back).bit_count() - (bm & self.black_back).bit_count())
              + c_mm * (((wm >> h) & emp).bit_count() + ((wm >> h1) & emp).bit_count()
                        - ((bm << h) & emp).bit_count() - ((bm << h1) & emp).bit_count())
              + c_frz * ((wm & ~w_free).bit_count() - (bm & ~b_free).bit_count())
              + c_sup * (w_sup.bit_count() - b_sup.bit_count())
              + c_out * ((w_sup & self.white_far).bit_count() - (b_sup & self.black_far).bit_count())
              + c_edge * ((wm & edge).bit_count() - (bm & edge).bit_count())
              + c_crown * ((wm & self.white_pre & w_free).bit_count()
                           - (bm & self.black_pre & b_free).bit_count())
              + c_wing * (abs(2 * (wm & left).bit_count() - nwm) - abs(2 * (bm & left).bit_count() - nbm)))
        s = n // total if n >= 0 else -((-n) // total)
        return s if white_to_move else -s


class ClassicEvaluator:
    """The engine's first evaluation (damas.engine.search up to commit 529f6a3), with the
    same call as :class:`Evaluator`: material (a man 100, a king 300), 3 per row
    a man has advanced, 6 for a piece on the central squares, 8 for a man on its
    back row while the opponent has no king, and the material balance raised by
    8/(pieces + 8) (trading down when ahead).  The course's stored facts (the
    levels' games, the review's figures, the marks of the annotated games) were
    made with it."""

    def __init__(self, variant: Variant | str) -> None:
        variant = get_variant(variant) if not isinstance(variant, Variant) else variant
        self.variant = variant
        t = variant.tables
        size = variant.size
        self.advance_bits = advance_bits(variant)
        self.white_back, self.black_back = t.row_mask[size - 1], t.row_mask[0]
        centre = 0
        lo, hi = size // 2 - 2, size // 2 + 1
        for sq in variant.square_range:
            r, c = t.rc[sq]
            if lo <= r <= hi and lo <= c <= hi:
                centre |= t.mask[sq]
        self.centre = centre

    def __call__(self, w: int, b: int, k: int, white_to_move: bool) -> int:
        wm, bm = w & ~k, b & ~k
        wk, bk = w & k, b & k
        nwm, nbm, nwk, nbk = wm.bit_count(), bm.bit_count(), wk.bit_count(), bk.bit_count()
        material = 100 * (nwm - nbm) + 300 * (nwk - nbk)
        score = material
        adv = 0
        for j, white_rows, black_rows in self.advance_bits:
            adv += ((wm & white_rows).bit_count() - (bm & black_rows).bit_count()) << j
        score += 3 * adv
        centre = self.centre
        score += 6 * ((w & centre).bit_count() - (b & centre).bit_count())
        if not bk:
            score += 8 * (wm & self.white_back).bit_count()
        if not wk:
            score -= 8 * (bm & self.black_back).bit_count()
        total = nwm + nbm + 3 * (nwk + nbk)
        if total:
            score += material * 8 // (total + 8)
        return score if white_to_move else -score


class _OfVariant(Protocol):
    variant: Variant


E = TypeVar("E", bound=_OfVariant)

_EVALUATORS: dict[str, Evaluator] = {}
_CLASSIC: dict[str, ClassicEvaluator] = {}


def one_per_variant(cache: dict[str, E], make: Callable[[Variant], E], variant: Variant | str) -> E:
    """The evaluator ``make(variant)`` kept in ``cache`` under the variant's
    name (built on first use, again if the name now means another variant)."""
    variant = variant if isinstance(variant, Variant) else get_variant(variant)
    ev = cache.get(variant.name)
    if ev is None or ev.variant != variant:
        ev = cache[variant.name] = make(variant)
    return ev


def classic(variant: Variant | str) -> ClassicEvaluator:
    """The first evaluation of ``variant`` (:class:`ClassicEvaluator`), one per variant."""
    return one_per_variant(_CLASSIC, ClassicEvaluator, variant)


def evaluator(variant: Variant | str) -> Evaluator:
    """The evaluator of ``variant`` (one per variant, built on first use)."""
    return one_per_variant(_EVALUATORS, Evaluator, variant)


@contextmanager
def weights_in_use(variant: Variant | str, opening: Sequence[int], endgame: Sequence[int]) -> Iterator[Evaluator]:
    """Within the block, :func:`evaluator` of ``variant`` scores with these
    weights (the same object, so a search that holds it sees them too)."""
    ev = evaluator(variant)
    before = ev.weights
    ev.set_weights(opening, endgame)
    try:
        yield ev
    finally:
        ev.set_weights(*before)

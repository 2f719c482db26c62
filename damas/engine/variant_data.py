"""The per-variant constants of the search: Zobrist keys, evaluation masks, endgame limits.

One :class:`_VariantData` per variant, built once (:func:`_data`) and shared by every search of
that variant (:mod:`damas.engine.search`): the random keys whose XOR hashes a position, the
masks the classic evaluation reads (rows, back rows, centre), how many pieces the endgame
database answers for, and the endgame draw limits of the variant's rules.
"""

from __future__ import annotations

import random

from damas.rules.colors import WHITE, Color
from damas.rules.variants import Variant

__all__: list[str] = []


class _VariantData:
    """Per-variant constants: Zobrist keys per bit, and evaluation masks."""

    # The Zobrist keys by single-bit mask (z?1) and XORed for every mask of at most two bits (z?2),
    # per bitboard: set below by name.
    zw1: dict[int, int]
    zw2: dict[int, int]
    zb1: dict[int, int]
    zb2: dict[int, int]
    zk1: dict[int, int]
    zk2: dict[int, int]

    def __init__(self, variant: Variant) -> None:
        t = variant.tables
        rng = random.Random(f"damas-zobrist-{variant.name}")
        nbits = max(t.bit[1:]) + 1
        # One random key per (bitboard, bit): the position's hash is the XOR of
        # the keys of the set bits of w, b and k, and of SIDE when Black moves.
        self.zw = [rng.getrandbits(64) for _ in range(nbits)]
        self.zb = [rng.getrandbits(64) for _ in range(nbits)]
        self.zk = [rng.getrandbits(64) for _ in range(nbits)]
        self.side = rng.getrandbits(64)
        size = variant.size
        self.size = size
        self.king_limit_plies = 2 * variant.king_move_limit
        # Positions with at most this many pieces are looked up in the endgame
        # database (damas.engine.endgames): every covered table on 8x8; on 10x10 the
        # tables of up to 3 pieces (the 4-piece ones take minutes to build).
        self.endgame_pieces = 4 if variant.size == 8 else 3
        # The endgame limits against a lone king: (rule number, plies) by the
        # stronger side's (kings, men), from the variant's draw rules.
        self.endgames: dict[tuple[int, int], tuple[int, int]] = {}
        for number, rule in enumerate(variant.draw_rules.get("endgames", ())):
            for material in rule["stronger"]:
                self.endgames.setdefault(tuple(material), (number, 2 * rule["moves"]))
        self.row_mask = list(t.row_mask)
        # Advancement: a man's row counted from its own back row, from 0 to size-2.
        # White's back row is row size-1; Black's is row 0.
        self.white_rows = [(t.row_mask[r], size - 1 - r) for r in range(size)]
        self.black_rows = [(t.row_mask[r], r) for r in range(size)]
        self.white_back = t.row_mask[size - 1]
        self.black_back = t.row_mask[0]
        centre = 0
        lo, hi = size // 2 - 2, size // 2 + 1  # the four central columns and rows
        for sq in variant.square_range:
            r, c = t.rc[sq]
            if lo <= r <= hi and lo <= c <= hi:
                centre |= t.mask[sq]
        self.centre = centre
        self.all_mask = t.board_mask
        self.nbits = nbits
        # The same keys by single-bit mask, and XORed for every mask of at
        # most two bits (a move changes at most two bits of the mover's
        # pieces): the incremental hash is a few dictionary look-ups.
        masks = [t.mask[sq] for sq in variant.square_range]
        for name, keys in (("w", self.zw), ("b", self.zb), ("k", self.zk)):
            singles = {m: keys[m.bit_length() - 1] for m in masks}
            pairs = {0: 0}
            pairs.update(singles)
            for i, m in enumerate(masks):
                for m2 in masks[i + 1:]:
                    pairs[m | m2] = singles[m] ^ singles[m2]
            setattr(self, f"z{name}1", singles)
            setattr(self, f"z{name}2", pairs)

    def endgame(self, w: int, b: int, k: int) -> tuple[int, int] | None:
        """(rule number, plies allowed) of the endgame rule that the material
        of (w, b, k) falls under, or None."""
        if not self.endgames:
            return None
        white = ((w & k).bit_count(), (w & ~k).bit_count())
        black = ((b & k).bit_count(), (b & ~k).bit_count())
        if black == (1, 0):
            return self.endgames.get(white)
        if white == (1, 0):
            return self.endgames.get(black)
        return None

    def child_endgame_rule(self, left: int | None, w: int, b: int, k: int, w2: int, b2: int, k2: int
                           ) -> int | None:
        """Plies left before the endgame draw after a move that changed the
        material, from (w, b, k) to (w2, b2, k2), given ``left`` before it."""
        if w2 & (w2 - 1) and b2 & (b2 - 1):
            return None  # no lone piece: no endgame rule (they are all against a lone king)
        rule = self.endgame(w2, b2, k2)
        if rule is None:
            return None
        if left is not None and self.endgame(w, b, k) == rule:
            return left - 1   # the same rule goes on counting
        return rule[1] - 1    # a new rule starts with this position

    @staticmethod
    def zdiff(pairs: dict[int, int], singles: dict[int, int], bits: int) -> int:
        """The XOR of the keys of the set bits of ``bits``: ``pairs`` holds it
        for every mask of at most two bits, ``singles`` the key of each bit."""
        z = pairs.get(bits)
        if z is None:
            z = 0
            while bits:
                low = bits & -bits
                z ^= singles[low]
                bits ^= low
        return z

    def hash(self, w: int, b: int, k: int, turn: Color) -> int:
        h = 0 if turn == WHITE else self.side
        for bits, keys in ((w, self.zw), (b, self.zb), (k, self.zk)):
            while bits:
                low = bits & -bits
                h ^= keys[low.bit_length() - 1]
                bits ^= low
        return h


_DATA: dict[str, _VariantData] = {}


def _data(variant: Variant) -> _VariantData:
    d = _DATA.get(variant.name)
    if d is None:
        d = _DATA[variant.name] = _VariantData(variant)
    return d

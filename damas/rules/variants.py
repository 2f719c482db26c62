"""The games and their rule parameters.

Besides the two games of the course, Russian draughts (:data:`RUSSIAN`) and
the Portuguese "damas clássicas" (:data:`PORTUGUESE`, on the board placed
the other way: :attr:`Variant.layout` "mirrored") run on the same generator.

A :class:`Variant` holds everything that differs between the Brazilian game
(8x8, 12 men a side) and the International game (10x10, 20 men a side): the
board geometry, the starting rows, the draw limits and the usual notation.
The move generator in :mod:`damas.rules.board` is the same for both; it only reads
these parameters and the precomputed tables built here.

Geometry
--------
Squares are numbered 1..N along the rows, from the top-left dark square seen
from White (regra 2.6): on 8x8, 1 = b8, 4 = h8, 29 = a1, 32 = g1; on 10x10,
1..5 is Black's back row and 46..50 White's.  Rows are counted from the top
(row 0 is Black's back row) and columns from White's left.

Internally each square also has a *bit*: the "ghost square" layout adds one
unused bit after every pair of rows, so that the four diagonal neighbours of
any square are always at bit offsets ``-(h+1), -h, +h, +h+1`` where ``h`` is
half the board width.  Men move and capture with whole-board shifts.
"""

from __future__ import annotations

import copy
import dataclasses
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, SupportsIndex

from damas.errors import VariantError
from damas.rules.values import choice, flag, instance_of, read_number, refuse, text, whole
from damas.rules.values import shown as _shown

__all__ = ["Variant", "BRAZILIAN", "INTERNATIONAL", "RUSSIAN", "PORTUGUESE", "VARIANTS", "get_variant",
           "square_reading", "VARIANT", "VARIANT_OBJECT"]

_ALGEBRAIC = re.compile(r"([a-z])([0-9]+)")

# Direction indices: the two directions towards Black's side (up the board,
# White's forward) first, then the two towards White's side.
UP_LEFT, UP_RIGHT, DOWN_LEFT, DOWN_RIGHT = range(4)
DIRECTIONS = (UP_LEFT, UP_RIGHT, DOWN_LEFT, DOWN_RIGHT)
_DELTAS = {UP_LEFT: (-1, -1), UP_RIGHT: (-1, 1), DOWN_LEFT: (1, -1), DOWN_RIGHT: (1, 1)}


@dataclass(frozen=True)
class Variant:
    """Rule parameters of one game of draughts.

    ``king_move_limit`` is the number of successive moves by each player with
    kings only (no man moved, nothing captured) after which the game is drawn.
    ``draw_rules`` holds the draw limits of art. 6 as :mod:`damas.rules.game`
    applies them: the king-move rule and the endgame limits, each with its
    number of moves (per player), its article and, for an endgame, the
    material ((kings, men) of the stronger side) against a lone king.  The
    Brazilian numbers come from the rules of the 64-square game (seed 003),
    the International ones from articles 6.2 to 6.4.

    Variants are compared by value (their name and rule parameters), and a
    registered variant (in :data:`VARIANTS`) pickles and copies as itself:
    a pickled or deep-copied board has the same variant as the original.
    """

    name: str
    title: str  # Portuguese name shown to students
    size: int
    rows_of_men: int
    notation: str  # "algebraic" or "numeric": the usual notation of the game
    gametype: int  # PDN GameType
    king_move_limit: int
    draw_rules: dict[str, Any] = field(default_factory=dict, compare=False)
    men_capture_backward: bool = True
    flying_kings: bool = True
    majority_rule: bool = True
    # A man that reaches the far row in the middle of a capture is crowned
    # there and goes on capturing as a king (Russian draughts).
    promote_in_capture: bool = False
    # Without the majority law, a king's capture that can go on must go on: it
    # lands only on the squares it continues from (Russian draughts).  Off, a
    # generator without the majority law lists every landing square (the
    # "free" captures that damas.problems.themes compares with the majority law's).
    king_must_go_on: bool = False
    # Among captures of equal count, the one taking the most kings is
    # compulsory (Portuguese "qualidade"); read only with majority_rule.
    quality_rule: bool = False
    # "standard": a dark square at each player's lower left, numbered from
    # the top-left dark square seen from White (Brazil, FMJD).  "mirrored":
    # the board placed the other way (Portugal): a dark square at each
    # player's lower right, numbered from White's lower right, right to left
    # and bottom to top, so White starts on 1..12.
    layout: str = "standard"
    rules_source: str = ""  # the rule text the variant follows, for explain
    tables: "_Tables" = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        text(self.name, "name", empty=False)
        text(self.title, "title")
        whole(self.size, "size", 4, 16)
        if self.size % 2:
            raise VariantError(f"Tamanho de tabuleiro inválido: {_shown(self.size)}; use um número par de casas "
                               "de lado (8 ou 10).")
        whole(self.rows_of_men, "rows_of_men", 1, self.size // 2 - 1)
        choice(self.notation, "notation", {"algebraic": "algébrica", "numeric": "numérica"})
        whole(self.gametype, "gametype", 0, 10 ** 4)
        whole(self.king_move_limit, "king_move_limit", 1, 10 ** 4)
        if not isinstance(self.draw_rules, dict):
            raise refuse("draw_rules", "um dicionário de regras de empate", self.draw_rules)
        for name in ("men_capture_backward", "flying_kings", "majority_rule", "promote_in_capture",
                     "king_must_go_on", "quality_rule"):
            flag(getattr(self, name), name)
        text(self.rules_source, "rules_source")
        if self.layout not in ("standard", "mirrored"):
            raise VariantError(f"Disposição do tabuleiro desconhecida: {_shown(self.layout)}; "
                               "use 'standard' ou 'mirrored'.")
        object.__setattr__(self, "tables", _Tables(self.size, self.layout == "mirrored"))

    # -- squares ---------------------------------------------------------
    @property
    def squares(self) -> int:
        """Number of playing squares (32 or 50)."""
        return self.size * self.size // 2

    @property
    def square_range(self) -> range:
        return range(1, self.squares + 1)

    def square_to_rc(self, square: int) -> tuple[int, int]:
        """(row, column) of a square: row 0 at the top (Black's back row),
        column 0 at White's left."""
        return self.tables.rc[square]

    def rc_to_square(self, row: int, col: int) -> int | None:
        """The square number at (row, column), or None for a light square or
        a point off the board."""
        if not (0 <= row < self.size and 0 <= col < self.size):
            return None
        return self.tables.square_at(row, col)

    def square_name(self, square: int) -> str:
        """Algebraic name of a square ('b8'); on 10x10 the number as text."""
        if self.size != 8:
            return str(square)
        row, col = self.square_to_rc(square)
        return "abcdefgh"[col] + str(self.size - row)

    def parse_square(self, text: str) -> int | None:
        """Square number from '22' or (on 8x8) 'c3'; None if not a square.
        Read by :func:`square_reading`, the one reader of
        squares (ASCII digits only)."""
        return square_reading(self, text)[0]

    def promotion_row(self, color: str) -> int:
        """The row where a man of this colour is crowned (0 for White)."""
        return 0 if color == "W" else self.size - 1

    def initial_fen(self) -> str:
        n = self.rows_of_men * self.size // 2
        if self.layout == "mirrored":  # numbered from White's side
            return f"W:W1-{n}:B{self.squares - n + 1}-{self.squares}"
        return f"W:W{self.squares - n + 1}-{self.squares}:B1-{n}"

    def __repr__(self) -> str:
        return self.name.upper() if self.name in VARIANTS else f"Variant({self.name!r})"

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._compared() == other._compared()

    def _compared(self) -> tuple[object, ...]:
        return tuple(getattr(self, f.name) for f in dataclasses.fields(self) if f.compare)

    def _registered(self) -> bool:
        return VARIANTS.get(self.name) is self

    def __reduce_ex__(self, protocol: SupportsIndex) -> str | tuple[Any, ...]:
        if self._registered():
            return (get_variant, (self.name,))
        return super().__reduce_ex__(protocol)

    def __copy__(self) -> Variant:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Variant:
        return self if self._registered() else _deep_copy_variant(self, memo)


def _deep_copy_variant(variant: Variant, memo: dict[int, Any]) -> Variant:
    return dataclasses.replace(variant, draw_rules=copy.deepcopy(variant.draw_rules, memo))


class _Tables:
    """Precomputed geometry for one board size (shared by every position)."""

    def __init__(self, size: int, mirrored: bool = False) -> None:
        half = size // 2
        n = size * half
        self.size = size
        self.half = half
        self.squares = n
        self.mirrored = mirrored
        # square -> (row, column); square 0 is none: (-1, -1), off the board
        self.rc: list[tuple[int, int]] = [(-1, -1)] * (n + 1)
        self.bit = [0] * (n + 1)       # square -> bit index
        self.sq_of_bit: dict[int, int] = {}            # bit index -> square
        self.mask = [0] * (n + 1)      # square -> 1 << bit
        self._square_at: dict[tuple[int, int], int] = {}
        for sq in range(1, n + 1):
            # slot: the square's number on the standard board seen in a
            # mirror (left and right exchanged); the bits follow the slots.
            if mirrored:
                up_row, k = divmod(sq - 1, half)  # rows from White's side, squares from the right
                slot = (size - 1 - up_row) * half + k + 1
            else:
                slot = sq
            row, k = divmod(slot - 1, half)
            col = 2 * k + (1 if row % 2 == 0 else 0)
            if mirrored:
                col = size - 1 - col
            self.rc[sq] = (row, col)
            self._square_at[(row, col)] = sq
            b = (slot - 1) + (slot - 1) // size  # one ghost bit after every two rows
            self.bit[sq] = b
            self.sq_of_bit[b] = sq
            self.mask[sq] = 1 << b
        self.board_mask = sum(self.mask[1:])
        #: Sorted square numbers of the set bits of a bitboard (in the mirror the bits are not
        #: in square order: sorted).
        self.squares_of: Callable[[int], list[int]] = \
            self._sorted_squares_of if mirrored else self._squares_in_order
        # Bit offsets of the four directions (up = towards row 0); in the
        # mirror, left and right exchange their offsets.
        self.shift = {UP_LEFT: half + 1, UP_RIGHT: half, DOWN_LEFT: half, DOWN_RIGHT: half + 1}
        if mirrored:
            self.shift = {UP_LEFT: half, UP_RIGHT: half + 1, DOWN_LEFT: half + 1, DOWN_RIGHT: half}
        # neighbour[d][sq] and ray[d][sq]: squares along direction d.
        self.neighbour = [[0] * (n + 1) for _ in DIRECTIONS]
        self.ray: list[list[tuple[int, ...]]] = [[()] * (n + 1) for _ in DIRECTIONS]
        self.ray_masks: list[list[tuple[int, ...]]] = [[()] * (n + 1) for _ in DIRECTIONS]
        for d in DIRECTIONS:
            dr, dc = _DELTAS[d]
            for sq in range(1, n + 1):
                r, c = self.rc[sq]
                ray: list[int] = []
                r, c = r + dr, c + dc
                while 0 <= r < size and 0 <= c < size:
                    ray.append(self._square_at[(r, c)])
                    r, c = r + dr, c + dc
                self.ray[d][sq] = tuple(ray)
                self.ray_masks[d][sq] = tuple(self.mask[s] for s in ray)
                self.neighbour[d][sq] = ray[0] if ray else 0
        # Row masks (for promotion).
        self.row_mask = [0] * size
        for sq in range(1, n + 1):
            self.row_mask[self.rc[sq][0]] |= self.mask[sq]

    def square_at(self, row: int, col: int) -> int | None:
        """The square at (row, column), or None for a light square."""
        return self._square_at.get((row, col))

    def _squares_in_order(self, bits: int) -> list[int]:
        out = []
        sq_of_bit = self.sq_of_bit
        while bits:
            low = bits & -bits
            out.append(sq_of_bit[low.bit_length() - 1])
            bits ^= low
        return out

    def _sorted_squares_of(self, bits: int) -> list[int]:
        # the mirror's bits are not in square order: sort
        return sorted(self._squares_in_order(bits))


BRAZILIAN = Variant(
    name="brazilian",
    title="Damas brasileiras",
    size=8,
    rows_of_men=3,
    notation="algebraic",
    gametype=26,
    king_move_limit=20,
    draw_rules={
        "king_moves": {"moves": 20, "article": "6.2", "source": "regras do jogo de 64 casas"},
        "endgames": (
            {"article": "6.3", "moves": 20, "stronger": ((3, 0),),
             "source": "regras do jogo de 64 casas", "what": "três damas contra uma dama"},
        ),
    },
)

INTERNATIONAL = Variant(
    name="international",
    title="Damas internacionais",
    size=10,
    rows_of_men=4,
    notation="numeric",
    gametype=20,
    king_move_limit=25,
    draw_rules={
        "king_moves": {"moves": 25, "article": "6.2", "source": "regra 6.2"},
        "endgames": (
            {"article": "6.3", "moves": 10, "stronger": ((3, 0), (2, 1), (1, 2)),
             "source": "regra 6.3",
             "what": "três damas, duas damas e uma pedra ou uma dama e duas pedras contra uma dama"},
            {"article": "6.4", "moves": 5, "stronger": ((2, 0), (1, 1), (1, 0)),
             "source": "regra 6.4",
             "what": "duas damas, uma dama e uma pedra ou uma dama contra uma dama"},
        ),
    },
)

# Russian draughts: the Brazilian board, men and start; a man crowned in the
# middle of a capture goes on as a king; free choice of capture.  The draw
# limits applied are the Brazilian ones (no Russian text cited here).
RUSSIAN = Variant(
    name="russian",
    title="Damas russas",
    size=8,
    rows_of_men=3,
    notation="algebraic",
    gametype=25,  # PDN 3.0: [GameType "25,W,8,8,A0,0"]
    king_move_limit=BRAZILIAN.king_move_limit,
    draw_rules=BRAZILIAN.draw_rules,
    majority_rule=False,
    promote_in_capture=True,
    king_must_go_on=True,
    rules_source="regras das damas russas",
)

# Portuguese "damas clássicas" (Federação Portuguesa de Damas, 2013): the
# board placed the other way, men move and capture forward only, flying
# kings, the most pieces and, among equal counts, the most kings.  The draw
# limits applied are the Brazilian ones (the FPD articles are not cited here).
PORTUGUESE = Variant(
    name="portuguese",
    title="Damas clássicas portuguesas",
    size=8,
    rows_of_men=3,
    notation="numeric",
    gametype=28,  # PDN 3.0: [GameType "28,W,8,8,N1,1"]
    king_move_limit=BRAZILIAN.king_move_limit,
    draw_rules=BRAZILIAN.draw_rules,
    men_capture_backward=False,
    quality_rule=True,
    layout="mirrored",
    rules_source="regras da Federação Portuguesa de Damas, 2013",
)

VARIANTS = {"brazilian": BRAZILIAN, "international": INTERNATIONAL, "russian": RUSSIAN,
            "portuguese": PORTUGUESE}
_ALIASES = {
    "brazilian": "brazilian", "brasileira": "brazilian", "brasileiras": "brazilian",
    "damas brasileiras": "brazilian", "8x8": "brazilian", "64": "brazilian", "26": "brazilian",
    "international": "international", "internacional": "international",
    "internacionais": "international", "damas internacionais": "international",
    "10x10": "international", "100": "international", "20": "international",
    "russian": "russian", "russa": "russian", "russas": "russian", "damas russas": "russian",
    "25": "russian",
    "portuguese": "portuguese", "portuguesa": "portuguese", "portuguesas": "portuguese",
    "damas clássicas": "portuguese", "damas classicas": "portuguese",
    "damas clássicas portuguesas": "portuguese", "28": "portuguese",
}


def get_variant(name: object) -> Variant:
    """The variant named ``name`` ('brazilian', 'international', or a
    Portuguese alias); a :class:`Variant` is returned as it is."""
    if isinstance(name, Variant):
        return name
    if isinstance(name, int) and not isinstance(name, bool):
        name = str(name)  # a PDN GameType: 26, 20
    key = _ALIASES.get(name.strip().lower()) if isinstance(name, str) else None
    if key is None:
        raise VariantError(
            f"Variante desconhecida: {_shown(name)}. Use 'brazilian' (damas brasileiras, 8x8), "
            "'international' (damas internacionais, 10x10), 'russian' (damas russas, 8x8) "
            "ou 'portuguese' (damas clássicas portuguesas, 8x8)."
        )
    return VARIANTS[key]


def square_reading(variant: Variant | str, text: object) -> tuple[int | None, bool, str | None]:
    """How ``text`` reads as a square of ``variant``: ``(square, algebraic,
    None)``, or ``(None, algebraic, problem)`` where problem is
    'unreadable_square' (not a square at all), 'off_board', 'light_square'
    or 'no_algebraic' (a name like 'c3' on the 10x10 board)."""
    variant = get_variant(variant)       # a Variant as it is; a name looked up; else VariantError
    if not isinstance(text, str):
        return None, False, "unreadable_square"
    low = text.strip().lower()
    n = read_number(low, variant.squares)
    if n is not None:
        if not 1 <= n <= variant.squares:
            return None, False, "off_board"
        return n, False, None
    match = _ALGEBRAIC.fullmatch(low)
    if match is None:
        return None, False, "unreadable_square"
    if variant.size != 8:
        return None, True, "no_algebraic"
    col = ord(match.group(1)) - ord("a")
    row_number = read_number(match.group(2), 99)
    if row_number is None or col >= 8 or not 1 <= row_number <= 8:
        return None, True, "off_board"
    sq = variant.rc_to_square(8 - row_number, col)
    if sq is None:
        return None, True, "light_square"
    return sq, True, None


# -- the checks of a caller's variant (damas.rules.args gathers them) ---------------------------

def VARIANT(value: Any, name: str) -> Any:  # noqa: N802 - a constant-like spec
    """The name of a variant ('brazilian'...) or a :class:`Variant`."""
    if not isinstance(value, (str, Variant)):
        raise refuse(name, "o nome de uma variante, como 'brazilian'", value)
    get_variant(value)          # VariantError, with the list of variants, for an unknown name
    return value


#: A variant object (``damas.BRAZILIAN``...), where a name is not enough.
VARIANT_OBJECT = instance_of(Variant, "uma variante (Variant), como damas.BRAZILIAN")

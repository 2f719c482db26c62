"""The position and its legal moves: the one move generator of both games.

A :class:`Board` holds three bitboards (white pieces, black pieces, kings),
the side to move and a stack of the moves pushed.  The rules, as the seeds
state them, are applied here and nowhere else:

* a man moves one square diagonally forward (regra 3.4) and is crowned only
  when its move *ends* on the far row (3.5, 4.15);
* a king flies along a free diagonal (3.9);
* capturing is compulsory, forward and backward, for men too (4.1, 4.2); a
  king captures at a distance and lands on any free square beyond (4.3);
* a capture goes on while it can (4.5, 4.6); own pieces are never jumped
  (4.7); a square may be crossed twice but a piece is jumped only once
  (4.8); captured pieces stay on the board, blocking, until the move ends
  (4.11);
* the capture of the most pieces is compulsory, kings and men counting
  alike (4.13), with free choice between equal counts (4.14).

Two captures with the same start, end and set of captured pieces are one
move.  Russian draughts switch the majority law off (a free choice, but a
capture that can go on must go on, a king landing only where it goes on) and
crown a man in the middle of a capture, which goes on as a king; the
Portuguese game has men that capture forward only and weighs equal counts by
the kings taken (the "qualidade").  Each switch above that differs between families of draughts is a
parameter of the :class:`~damas.rules.variants.Variant`, never a second generator.
"""

from __future__ import annotations

import operator
from collections import namedtuple

from damas.errors import (ArgumentError, FenError, HistoryError, IllegalMoveError, PositionError,
                     SquareError)
from damas.rules.notation import read_number, shown
from damas.rules.variants import (BRAZILIAN, DOWN_LEFT, DOWN_RIGHT, UP_LEFT, UP_RIGHT,
                       Variant, get_variant)

__all__ = ["Board", "Move", "Piece", "WHITE", "BLACK"]

WHITE = "W"
BLACK = "B"
COLOR_NAMES = {WHITE: "brancas", BLACK: "pretas"}


def _check_color(color):
    if not isinstance(color, str) or color not in (WHITE, BLACK):
        raise ArgumentError(f"Cor inválida: {shown(color)}; use 'W' (brancas) ou 'B' (pretas).")
    return color


class Piece(namedtuple("Piece", "color king")):
    """A piece: its colour ('W' or 'B') and whether it is a king."""

    __slots__ = ()

    def __new__(cls, color, king=False):
        _check_color(color)
        return super().__new__(cls, color, bool(king))

    def symbol(self) -> str:
        """'w'/'b' for men, 'W'/'B' for kings."""
        return self.color if self.king else self.color.lower()

    @property
    def name(self) -> str:
        """Portuguese name: 'pedra branca', 'dama preta', ..."""
        kind = "dama" if self.king else "pedra"
        return f"{kind} {'branca' if self.color == WHITE else 'preta'}"

    def __repr__(self) -> str:
        return f"Piece({self.color!r}, king={self.king})"


class Move(tuple):
    """A move: ``start`` and ``end`` squares, the ``captured`` squares in the
    order they were taken and the ``path`` of squares landed on (start
    first, end last).

    Two moves are equal when they have the same start, end and *set* of
    captured squares (the order of a capture does not make another move).
    Moves are made by :meth:`Board.legal_moves` or :meth:`Board.parse_move`;
    ``Move(22, 17)`` or ``Move(28, 19, captured=(23,))`` also builds one,
    which :meth:`Board.push` accepts only if it is legal there.  Squares
    are whole numbers (a truth value or a text is not a square: that is an
    IllegalMoveError); a move made by :meth:`Board.legal_moves` remembers the
    position and the variant it was made for, and is played there without a
    second look.
    """

    __slots__ = ()

    # tuple layout: start, end, captured, path, position key, captured mask, flags
    def __new__(cls, start, end, captured=(), path=None):
        try:
            start, end = _whole(start), _whole(end)
            captured = tuple(_whole(c) for c in captured)
            path = (start, end) if path is None else tuple(_whole(p) for p in path)
        except (TypeError, ValueError):
            raise IllegalMoveError(
                f"Lance mal formado: Move({shown(start)}, {shown(end)}, captured={shown(captured)}, "
                f"path={shown(path)}). As casas de um lance são números inteiros, por exemplo "
                "Move(22, 17).") from None
        return tuple.__new__(cls, (start, end, captured, path, None, 0, 0))

    start = property(lambda self: tuple.__getitem__(self, 0), doc="Square where the move starts.")
    end = property(lambda self: tuple.__getitem__(self, 1), doc="Square where the move ends.")
    captured = property(lambda self: tuple.__getitem__(self, 2),
                        doc="Squares of the captured pieces, in the order taken.")
    path = property(lambda self: tuple.__getitem__(self, 3),
                    doc="Squares landed on, from start to end.")

    @property
    def is_capture(self) -> bool:
        return bool(tuple.__getitem__(self, 2))

    @property
    def promotes(self) -> bool:
        """True when a man ends this move on the far row and is crowned."""
        return bool(tuple.__getitem__(self, 6) & _PROMOTES)

    @property
    def ambiguous(self) -> bool:
        """True when another legal move has the same start and end, so the
        short notation is not enough and the full path must be written."""
        return bool(tuple.__getitem__(self, 6) & _AMBIGUOUS)

    def key(self):
        """(start, end, frozenset of captured squares): the move's identity."""
        return (self[0], self[1], frozenset(self[2]))

    def __eq__(self, other):
        if not isinstance(other, Move):
            return NotImplemented
        return (self[0] == other[0] and self[1] == other[1]
                and (self[2] == other[2] or frozenset(self[2]) == frozenset(other[2])))

    def __ne__(self, other):
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    def __hash__(self):
        return hash((self[0], self[1], frozenset(self[2])))

    def __len__(self):  # a move is not a container of squares
        return 1

    def __iter__(self):
        raise TypeError("Um lance (Move) não é uma sequência; use move.path ou move.captured.")

    def __lt__(self, other):
        return (self[0], self[1], self[2]) < (other[0], other[1], other[2])

    def text(self, separator=None, full=None, names=None) -> str:
        """The move in numeric notation ('22-17', '28x19'); the full path
        when ``full`` is true or, by default, when the move is ambiguous.
        ``names`` maps a square number to its written name."""
        sep = separator or ("x" if self[2] else "-")
        squares = self[3] if (self.ambiguous if full is None else full) else (self[0], self[1])
        name = names or str
        return sep.join(name(s) for s in squares)

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        args = [shown(self[0]), shown(self[1])]
        if self[2]:
            args.append(f"captured={shown(self[2], 200)}")
        if len(self[3]) > 2:
            args.append(f"path={shown(self[3], 200)}")
        return f"Move({', '.join(args)})"

    def __reduce__(self):
        return (Move, (self[0], self[1], self[2], self[3]))


_PROMOTES = 1
_AMBIGUOUS = 2
_new_move = tuple.__new__


def _whole(value) -> int:
    """A whole number (an int, or a number type with __index__), never a bool."""
    if isinstance(value, bool):
        raise TypeError("bool")
    return operator.index(value)


def _parse_squares(variant, spec, fen):
    """Squares of one side of a FEN: '21-32', 'K10', 'c3', 'K1-3'."""
    men, kings = [], []
    for token in spec.split(","):
        token = token.strip()
        if not token:
            continue
        king = token[:1].upper() == "K"
        if king:
            token = token[1:].strip()
        if "-" in token:
            lo_text, _, hi_text = token.partition("-")
            lo, hi = variant.parse_square(lo_text), variant.parse_square(hi_text)
            if lo is None or hi is None or lo > hi:
                raise FenError(f"Intervalo de casas inválido {shown(token)} na FEN {shown(fen, 200)}: use, por exemplo, "
                               f"'21-32' com números de 1 a {variant.squares}.")
            squares = range(lo, hi + 1)
        else:
            sq = variant.parse_square(token)
            if sq is None:
                raise FenError(f"Casa inválida {shown(token)} na FEN {shown(fen, 200)}: as casas vão de 1 a "
                               f"{variant.squares}" + (" (ou de a1 a h8)" if variant.size == 8 else "") + ".")
            squares = (sq,)
        (kings if king else men).extend(squares)
    return men, kings


def _format_squares(men, kings):
    """Canonical text of one side: sorted, runs of three or more men as ranges."""
    items = sorted([(s, False) for s in men] + [(s, True) for s in kings])
    out, i = [], 0
    while i < len(items):
        sq, king = items[i]
        if king:
            out.append(f"K{sq}")
            i += 1
            continue
        j = i
        while j + 1 < len(items) and not items[j + 1][1] and items[j + 1][0] == items[j][0] + 1:
            j += 1
        if j - i >= 2:
            out.append(f"{sq}-{items[j][0]}")
        else:
            out.extend(str(items[k][0]) for k in range(i, j + 1))
        i = j + 1
    return ",".join(out)


def _is_variant_name(text) -> bool:
    if not isinstance(text, str):
        return False
    try:
        get_variant(text)
    except ValueError:
        return False
    return True


# ---------------------------------------------------------------------------
# The move generator
# ---------------------------------------------------------------------------
# One generator with two outputs.  :func:`children` lists the legal moves of
# a position given as bitboards, as *raw children*, tuples
#
#     (w, b, k, ft, cmask, flags, start, end, captured, path)
#
# the position after the move (white pieces, black pieces, kings), the bits
# of the start and end squares (``ft``), the captured pieces' bits, the
# flags (_PROMOTES, _AMBIGUOUS), then the start and end squares, the captured
# squares in the order taken and the path.  :meth:`Board.legal_moves` makes
# its Move objects with the same code (``children(..., key=...)``), in the
# same order: index i of one is index i of the other.  The search of
# damas.engine.search walks the raw children.
#
# Bits: in the "ghost square" layout of damas.rules.variants the four diagonal
# steps are shifts of the whole board by h or h+1 bits (h: half the board
# width), up (towards row 0) to lower bits; a step off the board lands on a
# bit outside the board's mask.

RAW_FIELDS = ("w", "b", "k", "ft", "cmask", "flags", "start", "end", "captured", "path")  # a raw child's fields


class _Gen:
    """The generation tables of one variant, made once from its geometry and
    its rule switches (see :class:`damas.rules.variants.Variant`)."""

    def __init__(self, v: Variant):
        t = v.tables
        self.variant = v
        self.board_mask = board = t.board_mask
        h = self.h = t.half
        self.h1 = h + 1
        self.backward = v.men_capture_backward
        self.flying = v.flying_kings
        self.majority = v.majority_rule
        self.quality = v.majority_rule and v.quality_rule
        # Without the majority law, a flying king's capture that can go on
        # must go on (king_must_go_on): it lands only where it continues.
        self.must_go_on = (not v.majority_rule) and v.flying_kings and v.king_must_go_on
        self.in_square_order = not t.mirrored  # the bits run in the order of the squares
        mask = t.mask
        self.mask = mask
        sq = self.sq = {mask[s]: s for s in v.square_range}  # bit -> square
        self.promo = {WHITE: t.row_mask[0], BLACK: t.row_mask[t.size - 1]}
        self.promo_squares = {c: frozenset(s for s in v.square_range if mask[s] & self.promo[c])
                              for c in (WHITE, BLACK)}
        # crowned in the middle of a capture (Russian): the row, else 0
        self.crown_row = {c: (self.promo[c] if v.promote_in_capture else 0) for c in (WHITE, BLACK)}
        # A man's steps, the lower-numbered destination first on the standard
        # board: bit -> ((destination bit, ft, start, end, path, flags), ...)
        self.steps = {WHITE: {}, BLACK: {}}
        # A man's jumps: bit -> ((jumped bit, landing bit, direction, landing
        # square, (landing square,), (jumped square,), (start, landing
        # square)), ...), directions in the order 0..3.
        self.jumps = {WHITE: {}, BLACK: {}}
        # A king's diagonals: bit -> ((direction, up, shift, ray mask, first
        # bit of the ray), ...), and its quiet moves along each of them:
        # bit -> (((bit, ft, end, path), ...) per direction).
        self.krays = {}
        self.kquiet = {}
        # The men's and kings' steps again for Move objects: (destination bit,
        # (start, end, (), path): the first four fields of the Move's tuple),
        # a man's step with whether it crowns him.
        self.kquiet_heads = {}
        self.step_heads = {WHITE: {}, BLACK: {}}
        self.kcap = {}
        up_dirs = (UP_LEFT, UP_RIGHT)
        for s in v.square_range:
            m = mask[s]
            for color, shifts in ((WHITE, (h + 1, h)), (BLACK, (-h, -h - 1))):
                out = []
                for st in shifts:
                    dm = m >> st if st > 0 else m << -st
                    if dm & board:
                        e = sq[dm]
                        out.append((dm, m | dm, s, e, (s, e), _PROMOTES if dm & self.promo[color] else 0))
                self.steps[color][m] = tuple(out)
                self.step_heads[color][m] = tuple((x[0], (x[2], x[3], (), x[4]), x[5]) for x in out)
            for color in (WHITE, BLACK):
                if v.men_capture_backward:
                    dirs = (UP_LEFT, UP_RIGHT, DOWN_LEFT, DOWN_RIGHT)
                else:
                    dirs = up_dirs if color == WHITE else (DOWN_LEFT, DOWN_RIGHT)
                out = []
                for d in dirs:
                    n1 = t.neighbour[d][s]
                    n2 = t.neighbour[d][n1] if n1 else 0
                    if n2:
                        out.append((mask[n1], mask[n2], d, n2, (n2,), (n1,), (s, n2)))
                self.jumps[color][m] = tuple(out)
            rays, quiet = [], []
            for d in (UP_LEFT, UP_RIGHT, DOWN_LEFT, DOWN_RIGHT):
                ray = t.ray[d][s]
                if not ray:
                    continue
                rays.append((d, d in up_dirs, t.shift[d], sum(mask[x] for x in ray), mask[ray[0]]))
                reach = ray if v.flying_kings else ray[:1]
                quiet.append(tuple((mask[x], m | mask[x], x, (s, x)) for x in reach))
            self.krays[m] = tuple(rays)
            self.kquiet[m] = tuple(quiet)
            self.kquiet_heads[m] = tuple(tuple((x[0], (s, x[2], (), x[3])) for x in ray) for ray in quiet)
            # for captures: (direction, up, shift, ray mask); a king that
            # does not fly sees only its neighbour
            self.kcap[m] = tuple((d, up, sh, ray if v.flying_kings else first)
                                 for d, up, sh, ray, first in rays)
        self.shifts = tuple(t.shift[d] for d in (UP_LEFT, UP_RIGHT, DOWN_LEFT, DOWN_RIGHT))
        # Quick tests that a piece has no capture from a square: a king's four
        # diagonals (0: none that way), by direction, and the squares a man
        # may jump, by colour.
        self.rays_of = rays_of = {m: tuple(sum(r[3] for r in rays if r[0] == d) for d in range(4))
                                  for m, rays in self.kcap.items()}
        # A king taking the piece on a square along direction d: per direction,
        # bit of the piece -> ((its square,), the squares it may land on
        # beyond, nearest first), each landing square as (bit, square,
        # (square,), then the masks of the three diagonals the capture may go
        # on along from there, ahead and the two across, as in rays_of).
        self.kland = []
        for d in range(4):
            p1, p2 = _ACROSS[d]
            table = {}
            for s in v.square_range:
                beyond = t.ray[d][s] if v.flying_kings else t.ray[d][s][:1]
                table[mask[s]] = ((s,), tuple((mask[x], x, (x,), rays_of[mask[x]][d], rays_of[mask[x]][p1],
                                                rays_of[mask[x]][p2]) for x in beyond))
            self.kland.append(table)
        # The king's capture diagonals without the one it does not go back
        # along (index 4: all): (direction, up, shift, ray mask, its kland
        # table, the two directions across)
        self.kcap_but = {m: tuple(tuple(r + (self.kland[r[0]],) + _ACROSS[r[0]] for r in rays if r[0] != back)
                                  for back in range(5))
                         for m, rays in self.kcap.items()}
        self.jumpable = {c: {m: sum(j[0] for j in js) for m, js in self.jumps[c].items()}
                         for c in (WHITE, BLACK)}


_GENS = {}


def generator(variant) -> _Gen:
    """The generation tables of ``variant`` (a Variant or a name)."""
    g = _GENS.get(id(variant))
    if g is None or g.variant is not variant:
        g = _GENS[id(variant)] = _Gen(get_variant(variant))
    return g


# The two directions across each direction.
_ACROSS = {UP_LEFT: (UP_RIGHT, DOWN_LEFT), UP_RIGHT: (UP_LEFT, DOWN_RIGHT),
           DOWN_LEFT: (UP_LEFT, DOWN_RIGHT), DOWN_RIGHT: (UP_RIGHT, DOWN_LEFT)}


def _bits_in_order(g, bits):
    """The single bits of ``bits``, in the order of their squares."""
    out = []
    while bits:
        low = bits & -bits
        out.append(low)
        bits ^= low
    if not g.in_square_order:
        out.sort(key=g.sq.__getitem__)
    return out


def _man_jumps(g, cur, free, rem, cmask, path, caps, out, jumps, crown_row, occ, beyond, jumpable):
    """Capture on from ``cur`` with a man: ``free`` holds the squares it may
    land on (its start and the empty ones: the pieces taken still block,
    4.11), ``rem`` the opposing pieces not taken yet (a piece is taken once,
    4.8).  Appends each complete capture to ``out`` as (start, end, captured
    mask, captured squares, path); returns True when there was a jump from
    ``cur``.  Directions in the order 0..3."""
    more = False
    for mm, lm, d, lsq, lsq1, msq1, _ in jumps[cur]:
        if mm & rem and lm & free:
            more = True
            r2, c2, p2, k2 = rem ^ mm, cmask | mm, path + lsq1, caps + msq1
            if lm & crown_row:  # crowned on the far row, it goes on as a king
                if not _king_jumps(g, lm, free, r2, c2, p2, k2, out, 3 - d, occ, beyond):
                    out.append((path[0], lsq, c2, k2, p2))
            elif not (jumpable[lm] & r2) or not _man_jumps(g, lm, free, r2, c2, p2, k2, out, jumps, crown_row,
                                                          occ, beyond, jumpable):
                out.append((path[0], lsq, c2, k2, p2))
    return more


def _king_jumps(g, cur, free, rem, cmask, path, caps, out, back, occ, beyond, ahead=-1):
    """Like :func:`_man_jumps` for a king on ``cur`` (flying or not; landing
    squares nearest first); it does not go straight back along ``back``, over
    the piece it has just taken.  ``occ``: the squares not in ``free``;
    ``beyond[d]``: the opposing pieces with a square of ``free`` just beyond
    them along direction d.  ``ahead``: the direction it came along when
    ``cur`` is not its first landing square: the captures going on along it
    are those found from the first one (the same piece, the same landing
    squares, the same end and pieces taken), so they are counted, not
    followed."""
    more = False
    for d, up, sh, ray, kland, p1, p2 in g.kcap_but[cur][back]:
        x = ray & rem & beyond[d]
        if not x:
            continue
        bl = ray & occ
        if up:
            tm = 1 << (bl.bit_length() - 1)  # the nearest piece along the ray
            if not tm & x:
                continue
        else:
            tm = bl & -bl
            if not tm & x:
                continue
        more = True
        if d == ahead:
            continue
        t1, lands = kland[tm]
        r2, c2, k2, b2 = rem ^ tm, cmask | tm, caps + t1, 3 - d
        if g.must_go_on:
            land = tm >> sh if up else tm << sh
            lands = []
            while land & free:
                lands.append(land)
                land = land >> sh if up else land << sh
            going = [y for y in lands if _king_goes_on(g, y, r2, b2, occ, beyond)]
            a2 = -1
            for y in going or lands:
                p2 = path + (g.sq[y],)
                if not _king_jumps(g, y, free, r2, c2, p2, k2, out, b2, occ, beyond, a2):
                    out.append((path[0], g.sq[y], c2, k2, p2))
                a2 = d
            continue
        # a quick test that the capture cannot go on from a landing square:
        # no piece left to take, with a free square beyond it, on the three
        # diagonals it may go on along (ahead and the two across)
        start = path[0]
        ahead_x, x1, x2 = r2 & beyond[d], r2 & beyond[p1], r2 & beyond[p2]
        a2 = -1
        for land, s2, t2, ra, rb, rc in lands:
            if not land & free:
                break
            p3 = path + t2
            if not (ra & ahead_x or rb & x1 or rc & x2) or not _king_jumps(
                    g, land, free, r2, c2, p3, k2, out, b2, occ, beyond, a2):
                out.append((start, s2, c2, k2, p3))
            a2 = d
    return more


def _king_goes_on(g, cur, rem, back, occ, beyond) -> bool:
    """Can a flying king on ``cur`` take one more piece, not going back along
    ``back``? (Russian: a capture that can go on must go on.)"""
    for d, up, sh, ray in g.kcap[cur]:
        x = ray & rem & beyond[d]
        if x and d != back:
            bl = ray & occ
            if (1 << (bl.bit_length() - 1) if up else bl & -bl) & x:
                return True
    return False


def _beyond(g, opp, free):
    """Per direction, the pieces of ``opp`` with a square of ``free`` just beyond them."""
    s0, s1, s2, s3 = g.shifts
    return opp & (free << s0), opp & (free << s1), opp & (free >> s2), opp & (free >> s3)


def _finish_captures(g, w, b, k, turn, raw, key):
    """The complete captures found (``raw``: (start, end, captured mask,
    captured squares, path)) made legal moves: the majority law, one move
    per start, end and set taken, the order, the flags; raw children or,
    with ``key``, Move objects."""
    ambiguous = ()
    n = len(raw)
    if n > 1:
        if g.majority:  # the most pieces (4.13); Portuguese: then the most kings
            if g.quality:
                score = [len(r[3]) * 64 + (r[2] & k).bit_count() for r in raw]
                top = max(score)
                raw = [r for r, x in zip(raw, score) if x == top]
                n = len(raw)
            else:
                top = low = len(raw[0][3])
                for r in raw:
                    x = len(r[3])
                    if x > top:
                        top = x
                    elif x < low:
                        low = x
                if low < top:
                    raw = [r for r in raw if len(r[3]) == top]
                    n = len(raw)
        if n > 1:
            # sorted, the tuples go by start and end; when no two have the
            # same start and end, that is the order
            ordered = sorted(raw)
            prev = 0
            for r in ordered:
                x = r[0] << 8 | r[1]
                if x == prev:
                    break
                prev = x
            else:
                raw = ordered
            if raw is not ordered:
                # one move per (start, end, set taken), the first route found,
                # sorted by start, end and path
                moves = {}
                for r in raw:
                    if r[:3] not in moves:
                        moves[r[:3]] = r
                raw = sorted(moves.values(), key=_by_path)
                pairs = [r[:2] for r in raw]
                ambiguous = {p for p in pairs if pairs.count(p) > 1}
    mask = g.mask
    promo = g.promo[turn]
    crown = g.crown_row[turn]
    white = turn == WHITE
    out = []
    if key is not None:  # Move objects
        if not (crown or ambiguous):
            # a man ending on the far row is crowned, a king never is
            promo_sq = g.promo_squares[turn]
            return [_new_move(Move, (s, e, caps, path, key, c,
                                     _PROMOTES if e in promo_sq and not mask[s] & k else 0))
                    for s, e, c, caps, path in raw]
        for s, e, c, caps, path in raw:
            if mask[s] & k:
                flags = 0
            elif mask[e] & promo or (crown and any(mask[x] & crown for x in path)):
                flags = _PROMOTES  # crowned at the end, or on the way and the king went on
            else:
                flags = 0
            if ambiguous and (s, e) in ambiguous:
                flags |= _AMBIGUOUS  # another move has the same start and end
            out.append(_new_move(Move, (s, e, caps, path, key, c, flags)))
        return out
    for s, e, c, caps, path in raw:
        fm, tm = mask[s], mask[e]
        k2 = k & ~c
        flags = 0
        if fm & k:
            k2 = k2 ^ fm | tm
        elif tm & promo or (crown and any(mask[x] & crown for x in path)):
            flags = _PROMOTES
            k2 |= tm
        if ambiguous and (s, e) in ambiguous:
            flags |= _AMBIGUOUS
        if white:
            out.append((w ^ fm | tm, b & ~c, k2, fm | tm, c, flags, s, e, caps, path))
        else:
            out.append((w & ~c, b ^ fm | tm, k2, fm | tm, c, flags, s, e, caps, path))
    return out


def _by_path(r):
    return (r[0], r[1], r[4])


def capture_children(g: _Gen, w: int, b: int, k: int, turn: str) -> list:
    """The captures of the position as raw children (see :func:`children`):
    the whole list of legal moves when it is not empty (capturing is
    compulsory, 4.1), an empty list when the side to move has no capture."""
    return children(g, w, b, k, turn, None, False)


def can_step(g: _Gen, w: int, b: int, k: int, turn: str) -> bool:
    """True when the side to move has a move that is not a capture: a man
    with a free square diagonally ahead, or a king with a free square next
    to it (read from the same tables as :func:`children`)."""
    if turn == WHITE:
        own = w
    else:
        own = b
    empty = g.board_mask & ~(w | b)
    h, h1 = g.h, g.h1
    men = own & ~k
    if men:
        if turn == WHITE:
            if ((empty << h1) | (empty << h)) & men:
                return True
        elif ((empty >> h) | (empty >> h1)) & men:
            return True
    kings = own & k
    return bool(kings and ((empty << h1) | (empty << h) | (empty >> h) | (empty >> h1)) & kings)


def _men_jumpers(g, men, opp, empty, turn):
    """The men of ``men`` (of the side ``turn``) next to a piece of ``opp``
    with an empty square just beyond it: the men that have a capture."""
    h, h1 = g.h, g.h1
    if g.backward:
        return ((((empty << h1) & opp) << h1) | (((empty << h) & opp) << h)
                | (((empty >> h) & opp) >> h) | (((empty >> h1) & opp) >> h1)) & men
    if turn == WHITE:
        return ((((empty << h1) & opp) << h1) | (((empty << h) & opp) << h)) & men
    return ((((empty >> h) & opp) >> h) | (((empty >> h1) & opp) >> h1)) & men


def has_capture(g: _Gen, w: int, b: int, k: int, turn: str) -> bool:
    """True when the side ``turn`` has a capture in the position (whoever is
    to move in it): the question a search asks of the side that is *not* to
    move, "does it threaten to take?".  Men are answered from the bitboards
    alone; with a king, :func:`children` lists the captures (it first tests
    whether a king sees an opposing piece with a free square beyond it)."""
    if turn == WHITE:
        own, opp = w, b
    else:
        own, opp = b, w
    empty = g.board_mask & ~(w | b)
    men = own & ~k
    if men and _men_jumpers(g, men, opp, empty, turn):
        return True
    # a king: the generator's own quick test, then its captures if any
    return bool(own & k) and bool(children(g, w, b, k, turn, None, False))


def children(g: _Gen, w: int, b: int, k: int, turn: str, key=None, quiet=True) -> list:
    """The legal moves of the position (``w``, ``b``, ``k``: bitboards of the
    white pieces, black pieces and kings; ``turn`` 'W' or 'B') as raw
    children (see above), in the order of :meth:`Board.legal_moves`:
    captures sorted by start, end and path, then men's steps (men in the
    order of their bits, the lower-numbered destination first), then kings'
    moves (kings by square, directions 0..3, nearest square first).

    With ``key`` (the position's key, as :meth:`Board.legal_moves` gives
    it) the same moves come as Move objects instead, in the same order.
    With ``quiet`` false, only the captures (an empty list when there is
    none: see :func:`capture_children`)."""
    if turn == WHITE:
        own, opp = w, b
    else:
        own, opp = b, w
    empty = g.board_mask & ~(w | b)
    # The captures, followed square by square: each complete one goes to
    # ``raw`` as (start, end, captured mask, captured squares, path).
    men = own & ~k
    kings = own & k
    jumpers = _men_jumpers(g, men, opp, empty, turn) if men else 0
    raw = []
    sq = g.sq
    if jumpers:
        jumps = g.jumps[turn]
        jumpable = g.jumpable[turn]
        crown_row = g.crown_row[turn]
        board = g.board_mask
        while jumpers:
            low = jumpers & -jumpers
            jumpers ^= low
            free = empty | low
            if crown_row:
                _man_jumps(g, low, free, opp, 0, (sq[low],), (), raw, jumps, crown_row, board ^ free,
                           _beyond(g, opp, free), jumpable)
                continue
            # the first jump here, the rest in _man_jumps
            for mm, lm, d, lsq, lsq1, msq1, p2 in jumps[low]:
                if mm & opp and lm & empty:
                    r2 = opp ^ mm
                    if not jumpable[lm] & r2 or not _man_jumps(g, lm, free, r2, mm, p2, msq1, raw, jumps, 0, 0,
                                                               None, jumpable):
                        raw.append((p2[0], lsq, mm, msq1, p2))
    if kings:
        s0, s1, s2, s3 = g.shifts
        # per direction, the opposing pieces with an empty square just beyond
        # them; a king that sees none of them along its diagonals has no capture
        b0, b1, b2, b3 = opp & (empty << s0), opp & (empty << s1), opp & (empty >> s2), opp & (empty >> s3)
        rays_of = g.rays_of
        while kings:
            low = kings & -kings
            kings ^= low
            r0, r1, r2, r3 = rays_of[low]
            if r0 & b0 or r1 & b1 or r2 & b2 or r3 & b3:
                # its own square is free too (it may come back to it)
                x0, x1, x2, x3 = (b0 | opp & (low << s0), b1 | opp & (low << s1), b2 | opp & (low >> s2),
                                  b3 | opp & (low >> s3))
                _king_jumps(g, low, empty | low, opp, 0, (sq[low],), (), raw, 4, g.board_mask ^ (empty | low),
                            (x0, x1, x2, x3))
    if raw:
        if len(raw) == 1 and key is not None and not g.crown_row[turn]:
            # one capture: no law to apply; a man ending on the far row is crowned
            s, e, c, caps, path = raw[0]
            return [_new_move(Move, (s, e, caps, path, key, c, _PROMOTES if e in g.promo_squares[turn]
                                     and not g.mask[s] & k else 0))]
        return _finish_captures(g, w, b, k, turn, raw, key)
    if not quiet:
        return raw
    out = raw
    append = out.append
    white = turn == WHITE
    men = own & ~k
    if men:
        h, h1 = g.h, g.h1
        steps = g.steps[turn]
        if white:
            movable = ((empty << h1) | (empty << h)) & men
        else:
            movable = ((empty >> h) | (empty >> h1)) & men
        if key is not None:  # Move objects: the head of each tuple from the table
            heads = g.step_heads[turn]
            tail, crowned = (key, 0, 0), (key, 0, _PROMOTES)
            while movable:
                low = movable & -movable
                movable ^= low
                for dm, head, promotes in heads[low]:
                    if dm & empty:
                        append(_new_move(Move, head + (crowned if promotes else tail)))
        while movable:
            low = movable & -movable
            movable ^= low
            for dm, ft, s, e, path, flags in steps[low]:
                if not dm & empty:
                    continue
                if white:
                    append((w ^ ft, b, k | dm if flags else k, ft, 0, flags, s, e, (), path))
                else:
                    append((w, b ^ ft, k | dm if flags else k, ft, 0, flags, s, e, (), path))
    kings = own & k
    if kings:
        kquiet = g.kquiet
        if g.in_square_order:
            order = []
            while kings:
                low = kings & -kings
                order.append(low)
                kings ^= low
        else:
            order = _bits_in_order(g, kings)
        if key is not None:
            tail = (key, 0, 0)
            heads = g.kquiet_heads
            for low in order:
                for ray in heads[low]:
                    for m, head in ray:
                        if not m & empty:
                            break
                        append(_new_move(Move, head + tail))
            return out
        for low in order:
            s = g.sq[low]
            for ray in kquiet[low]:
                for m, ft, e, path in ray:
                    if not m & empty:
                        break
                    if white:
                        append((w ^ ft, b, k ^ ft, ft, 0, 0, s, e, (), path))
                    else:
                        append((w, b ^ ft, k ^ ft, ft, 0, 0, s, e, (), path))
    return out


class Board:
    """A position of Brazilian (8x8) or International (10x10) draughts, or
    of the Russian or Portuguese game (``Board('russian')``,
    ``Board('portuguese')``).

    ``Board()`` or ``Board('brazilian')`` is the Brazilian starting position,
    ``Board('international')`` the International one, and
    ``Board('W:W21-32:B1-12', variant='brazilian')`` any position given as FEN.
    """

    def __init__(self, fen_or_variant: str | Variant = "brazilian", variant=None):
        if variant is None and (isinstance(fen_or_variant, Variant) or _is_variant_name(fen_or_variant)):
            self._variant = get_variant(fen_or_variant)
            self._set_fen(self._variant.initial_fen())
        else:
            self._variant = get_variant(variant if variant is not None else BRAZILIAN)
            self._set_fen(fen_or_variant)

    @classmethod
    def from_fen(cls, fen: str, variant="brazilian") -> "Board":
        """The position given by ``fen`` in ``variant``."""
        return cls(fen, variant=variant)

    # -- state --------------------------------------------------------------
    def _reset_state(self):
        self._stack = []

    @property
    def variant(self) -> Variant:
        return self._variant

    @property
    def turn(self) -> str:
        """The side to move: 'W' (brancas) or 'B' (pretas)."""
        return self._turn

    @turn.setter
    def turn(self, color):
        self._turn = _check_color(color)
        self._reset_state()

    @property
    def move_stack(self) -> list:
        """The moves pushed on this board, oldest first."""
        return [m for m, _ in self._stack]

    def _key(self):
        return (self._w, self._b, self._k, self._turn)

    def copy(self, stack: bool = True) -> "Board":
        """A copy of the board (with its move stack unless ``stack`` is False)."""
        new = Board.__new__(Board)
        new._variant = self._variant
        new._w, new._b, new._k, new._turn = self._w, self._b, self._k, self._turn
        new._stack = list(self._stack) if stack else []
        return new

    def __eq__(self, other):
        if not isinstance(other, Board):
            return NotImplemented
        return self._key() == other._key() and (self._variant is other._variant
                                                or self._variant == other._variant)

    def __hash__(self):
        return hash((self._variant.name,) + self._key())

    # -- pieces -------------------------------------------------------------
    def _check_square(self, square):
        if isinstance(square, bool) or not isinstance(square, int) or not 1 <= square <= self._variant.squares:
            what = " (um valor lógico não é uma casa)" if isinstance(square, bool) else ""
            raise SquareError(f"Casa inválida: {shown(square)}{what}; as casas vão de 1 a "
                              f"{self._variant.squares}.")
        return self._variant.tables.mask[square]

    def piece_at(self, square: int) -> Piece | None:
        """The piece on ``square``, or None if it is empty."""
        m = self._check_square(square)
        if self._w & m:
            return Piece(WHITE, bool(self._k & m))
        if self._b & m:
            return Piece(BLACK, bool(self._k & m))
        return None

    def men(self, color: str) -> list[int]:
        """Squares of the men of ``color``, sorted."""
        own = self._w if color == WHITE else self._b if _check_color(color) else 0
        return self._variant.tables.squares_of(own & ~self._k)

    def kings(self, color: str) -> list[int]:
        """Squares of the kings of ``color``, sorted."""
        own = self._w if color == WHITE else self._b if _check_color(color) else 0
        return self._variant.tables.squares_of(own & self._k)

    def count(self, color: str) -> int:
        """Number of pieces of ``color`` on the board."""
        return bin(self._w if color == WHITE else self._b if _check_color(color) else 0).count("1")

    def pieces(self) -> dict:
        """{square: Piece} for every occupied square."""
        return {sq: self.piece_at(sq) for sq in self._variant.square_range if self.piece_at(sq)}

    def set_piece(self, square: int, piece: Piece | None) -> None:
        """Put ``piece`` on ``square`` (None empties it). Clears the move stack.

        A man may not stand on the row where it would have been crowned."""
        m = self._check_square(square)
        if piece is not None:
            if not isinstance(piece, Piece):
                try:
                    piece = Piece(*piece)
                except TypeError:
                    raise ArgumentError(f"Peça inválida: {shown(piece)}; use, por exemplo, "
                                        "Piece('W') ou Piece('B', king=True).") from None
            row = self._variant.square_to_rc(square)[0]
            if not piece.king and row == self._variant.promotion_row(piece.color):
                raise PositionError(f"Uma {piece.name} não pode ficar na casa {square}: ela chegou à última "
                                 "fileira e já seria dama (regra 3.5).")
        self._w &= ~m
        self._b &= ~m
        self._k &= ~m
        if piece is not None:
            if piece.color == WHITE:
                self._w |= m
            else:
                self._b |= m
            if piece.king:
                self._k |= m
        self._reset_state()

    def remove_piece(self, square: int) -> Piece | None:
        """Empty ``square``; returns the piece that was there."""
        piece = self.piece_at(square)
        self.set_piece(square, None)
        return piece

    def clear(self) -> None:
        """Remove every piece."""
        self._w = self._b = self._k = 0
        self._reset_state()

    # -- FEN ----------------------------------------------------------------
    def _set_fen(self, fen: str) -> None:
        v = self._variant
        if not isinstance(fen, str):
            raise FenError(f"A FEN deve ser um texto, não {type(fen).__name__}.")
        text = fen.strip()
        if text.startswith("["):
            # [FEN "W:W21-32:B1-12"]
            inner = text.strip("[] \t\r\n")
            if inner[:3].upper() != "FEN":
                raise FenError(f"Etiqueta desconhecida em {shown(fen, 200)}: esperava [FEN \"...\"].")
            text = inner[3:].strip().strip('"').strip()
        text = text.strip('"').strip().rstrip(".")
        if not text:
            raise FenError("FEN vazia: escreva, por exemplo, 'W:W21-32:B1-12'.")
        fields = [f.strip() for f in text.split(":")]
        side = fields[0].upper()
        if side not in (WHITE, BLACK):
            raise FenError(f"FEN {shown(fen, 200)}: o primeiro campo deve ser W (brancas jogam) ou B (pretas jogam), "
                           f"não {shown(fields[0])}.")
        white = black = None
        for field in fields[1:]:
            if not field:
                continue
            tag = field[0].upper()
            if tag in "HF" and (read_number(field[1:].strip()) is not None or not field[1:].strip()):
                continue  # draw counter / move number written by some programs
            if tag == "W" and white is None:
                white = _parse_squares(v, field[1:], fen)
            elif tag == "B" and black is None:
                black = _parse_squares(v, field[1:], fen)
            elif tag in "WB":
                raise FenError(f"FEN {shown(fen, 200)}: o campo das {COLOR_NAMES[tag]} aparece duas vezes.")
            else:
                raise FenError(f"FEN {shown(fen, 200)}: campo {shown(field)} desconhecido; esperava W... (brancas) e B... (pretas).")
        if white is None or black is None:
            missing = "brancas (W...)" if white is None else "pretas (B...)"
            raise FenError(f"FEN {shown(fen, 200)}: falta o campo das {missing}.")
        t = v.tables
        w = b = k = 0
        seen = {}
        limit = v.rows_of_men * v.size // 2
        for color, (men, kings) in ((WHITE, white), (BLACK, black)):
            if len(men) + len(kings) > limit:
                raise FenError(f"FEN {shown(fen, 200)}: as {COLOR_NAMES[color]} têm {len(men) + len(kings)} peças; "
                               f"no máximo {limit} numa partida de {v.title.lower()} (regra 2.8).")
            promo = v.promotion_row(color)
            for sq in men + kings:
                if sq in seen:
                    raise FenError(f"FEN {shown(fen, 200)}: a casa {sq} aparece duas vezes.")
                seen[sq] = color
            for sq in men:
                if t.rc[sq][0] == promo:
                    raise FenError(f"FEN {shown(fen, 200)}: uma pedra {'branca' if color == WHITE else 'preta'} na casa {sq} "
                                   "estaria na travessa de coroação e já seria dama (regra 3.5). Escreva K" + str(sq)
                                   + " para uma dama.")
            bits = 0
            for sq in men + kings:
                bits |= t.mask[sq]
            for sq in kings:
                k |= t.mask[sq]
            if color == WHITE:
                w = bits
            else:
                b = bits
        self._w, self._b, self._k, self._turn = w, b, k, side
        self._reset_state()

    def set_fen(self, fen: str) -> None:
        """Set the position from FEN text; on an error nothing changes."""
        saved = (self._w, self._b, self._k, self._turn, self._stack)
        try:
            self._set_fen(fen)
        except FenError:
            (self._w, self._b, self._k, self._turn, self._stack) = saved
            raise

    def fen(self) -> str:
        """Canonical FEN: side to move, then each side's squares, sorted and
        numeric, kings as K10, runs of three or more men as ranges."""
        return (f"{self._turn}:W{_format_squares(self.men(WHITE), self.kings(WHITE))}"
                f":B{_format_squares(self.men(BLACK), self.kings(BLACK))}")

    def __repr__(self) -> str:
        if self._variant == BRAZILIAN:
            return f"Board({self.fen()!r})"
        return f"Board({self.fen()!r}, variant={self._variant.name!r})"

    def __str__(self) -> str:
        v = self._variant
        lines = []
        letters = "abcdefghij"[: v.size]
        for row in range(v.size):
            cells = []
            for col in range(v.size):
                sq = v.rc_to_square(row, col)
                if sq is None:
                    cells.append(" ")
                else:
                    p = self.piece_at(sq)
                    cells.append(p.symbol() if p else ".")
            label = str(v.size - row) if v.size == 8 else f"{row * v.size // 2 + 1:>2}"
            lines.append(f"{label:>2} " + " ".join(cells))
        if v.size == 8:
            lines.append("   " + " ".join(letters))
        lines.append(f"{'Brancas' if self._turn == WHITE else 'Pretas'} jogam.")
        return "\n".join(lines)

    def _repr_svg_(self):
        from damas.display.svg import board_svg
        return board_svg(self, lastmove=self.peek())

    def _repr_mimebundle_(self, include=None, exclude=None):
        # The picture with its safe twin (damas/display/output.py): reads untrusted.
        from damas.display.output import picture_bundle
        return picture_bundle(self._repr_svg_(), repr(self))

    def _ipython_display_(self):
        # Stored once: IPython would add the SVG again from _repr_svg_.
        from damas.display.output import show_picture
        show_picture(self._repr_svg_(), repr(self))

    # -- move generation ------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        """Every legal move of the side to move (majority law applied), in a
        fixed order: captures sorted by start, end and path, then men's
        moves by start and end, then kings' moves.  They are made from the
        raw children of :func:`children`, index for index."""
        v = self._variant
        g = _GENS.get(id(v))
        if g is None or g.variant is not v:
            g = generator(v)
        w, b, k, turn = self._w, self._b, self._k, self._turn
        return children(g, w, b, k, turn, (w, b, k, turn, v))

    def has_captures(self) -> bool:
        """True when the side to move must capture (regra 4.1)."""
        moves = self.legal_moves()
        return bool(moves) and moves[0].is_capture

    def is_game_over(self) -> bool:
        """True when the side to move cannot play: it has lost (regra 7.2)."""
        return not self.legal_moves()

    # -- making moves -----------------------------------------------------------
    def _find_legal(self, move) -> Move:
        """The legal move of this position equal to ``move``; raises
        IllegalMoveError (in Portuguese) when there is none."""
        if not isinstance(move, Move):
            raise IllegalMoveError(f"Esperava um lance (Move), não {type(move).__name__}; "
                                   "para um texto como '22-17', use board.push_text.")
        self._check_move_squares(move)
        legal_moves = self.legal_moves()
        for legal in legal_moves:
            if legal == move:
                return legal
        if not move.captured:
            # Move(28, 19) names a capture by its two squares: accept it when
            # exactly one legal move joins them.
            same = [m for m in legal_moves if m.start == move.start and m.end == move.end]
            if len(same) == 1:
                return same[0]
        from damas.rules.explain import explain
        # written as the variant writes its moves (algebraic on 8x8)
        notation = self.variant.notation
        on_board = all(s in self.variant.square_range for s in move.path)  # a foreign move may not be
        names = self.variant.square_name if notation == "algebraic" and on_board else str
        why = explain(self, move, notation=notation)
        raise IllegalMoveError(f"Lance ilegal nesta posição: {move.text(names=names)}. {why.message}")

    def _check_move_squares(self, move):
        """Refuse (IllegalMoveError) a Move whose squares are not whole
        numbers, or lie off this board; a Move made up by other means than
        its constructor may hold anything."""
        n = self._variant.squares
        try:
            squares = [tuple.__getitem__(move, 0), tuple.__getitem__(move, 1)]
            squares += list(tuple.__getitem__(move, 2)) + list(tuple.__getitem__(move, 3))
        except (IndexError, TypeError):
            raise IllegalMoveError("Lance mal formado: faltam a casa de partida, a de chegada, as peças "
                                   "tomadas ou o caminho.") from None
        for sq in squares:
            if isinstance(sq, bool) or not isinstance(sq, int):
                raise IllegalMoveError(f"Lance mal formado: {shown(sq)} não é o número de uma casa; as casas "
                                       f"vão de 1 a {n}.")
        off = [sq for sq in squares if not 1 <= sq <= n]
        if off:
            raise IllegalMoveError(f"Lance ilegal neste tabuleiro: a casa {shown(off[0])} não existe, as casas "
                                   f"vão de 1 a {n}.")
        if len(tuple.__getitem__(move, 3)) < 2:
            raise IllegalMoveError("Lance mal formado: o caminho de um lance tem a casa de partida e a de chegada.")

    def is_legal(self, move) -> bool:
        """True when ``move`` is a legal move of this position."""
        if not isinstance(move, Move):
            return False
        try:
            self._check_move_squares(move)
        except IllegalMoveError:
            return False
        return move in self.legal_moves()

    def push(self, move: Move) -> Move:
        """Play ``move``.  A move that is not legal here (made up, stale, from
        another board) is refused with IllegalMoveError and nothing changes.
        Returns the move as played (with its full path)."""
        # The fast path: a move made by legal_moves() of this very position
        # and variant (its key says so); anything else is looked up.
        key = (self._w, self._b, self._k, self._turn, self._variant)
        if tuple.__getitem__(move, 4) != key if isinstance(move, Move) else True:
            move = self._find_legal(move)
        t = self._variant.tables
        f = t.mask[move[0]]
        to = t.mask[move[1]]
        c = move[5]
        k = self._k
        if self._turn == WHITE:
            self._w = self._w ^ f | to
            if c:
                self._b &= ~c
                k &= ~c
            self._turn = BLACK
        else:
            self._b = self._b ^ f | to
            if c:
                self._w &= ~c
                k &= ~c
            self._turn = WHITE
        if k & f:
            k = k ^ f | to
        elif move[6] & _PROMOTES:
            k |= to
        self._k = k
        self._stack.append((move, key))
        return move

    def pop(self) -> Move:
        """Take back the last move and return it."""
        if not self._stack:
            raise HistoryError("Não há lance para desfazer: nenhum lance foi jogado neste tabuleiro.")
        move, key = self._stack.pop()
        self._w, self._b, self._k, self._turn = key[:4]
        return move

    def peek(self) -> Move | None:
        """The last move pushed, or None."""
        return self._stack[-1][0] if self._stack else None

    # -- notation (see damas.rules.notation) -------------------------------------------
    def parse_move(self, text: str) -> Move:
        """The legal move written as ``text`` ('22-17', 'c3-d4', '28x19',
        '47x38x24x13x36', '15:24')."""
        from damas.rules.notation import parse_move
        return parse_move(self, text)

    def push_text(self, text: str) -> Move:
        """Parse ``text`` and play it."""
        return self.push(self.parse_move(text))

    def move_text(self, move: Move, notation: str | None = None) -> str:
        """``move`` written in ``notation`` ('numeric' or 'algebraic'; by
        default the usual one of the variant)."""
        from damas.rules.notation import move_text
        return move_text(self, move, notation)

"""The move generator: the legal moves of a position given as bitboards.

One generator for every variant (the rule switches are parameters of the
:class:`~damas.rules.variants.Variant`), used by :class:`damas.rules.board.Board`
for its Move objects and by the search of :mod:`damas.engine.search` for its
raw children (see the comment below).
"""

from __future__ import annotations

from typing import Any

from damas.rules.colors import BLACK, COLORS, WHITE, Color
from damas.rules.move import _AMBIGUOUS, _PROMOTES, Move, PositionKey, _new_move
from damas.rules.values import flag, refuse
from damas.rules.variants import DOWN_LEFT, DOWN_RIGHT, UP_LEFT, UP_RIGHT, Variant, get_variant

__all__ = ["children", "capture_children", "can_step", "has_capture", "generator", "RAW_FIELDS"]

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
# its Move objects with the same code (``_children(..., key=...)``), in the
# same order: index i of one is index i of the other.  The search of
# damas.engine.search walks the raw children.
#
# Bits: in the "ghost square" layout of damas.rules.variants the four diagonal
# steps are shifts of the whole board by h or h+1 bits (h: half the board
# width), up (towards row 0) to lower bits; a step off the board lands on a
# bit outside the board's mask.

RAW_FIELDS = ("w", "b", "k", "ft", "cmask", "flags", "start", "end", "captured", "path")  # a raw child's fields

#: A raw child: the position after the move, the bits of its start and end, the captured bits,
#: the flags, then the start and end squares, the captured squares and the path (RAW_FIELDS).
RawChild = tuple[int, int, int, int, int, int, int, int, tuple[int, ...], tuple[int, ...]]
#: A complete capture as the search for captures finds it: (start, end, captured bits, captured
#: squares, path).
_Capture = tuple[int, int, int, tuple[int, ...], tuple[int, ...]]
#: The opposing pieces with a free square just beyond them, per direction 0..3.
_Beyond = tuple[int, int, int, int]


class _Gen:
    """The generation tables of one variant, made once from its geometry and
    its rule switches (see :class:`damas.rules.variants.Variant`)."""

    # The tables below are tuples of mixed fields, described where they are made.
    steps: dict[Color, dict[int, tuple[tuple[int, int, int, int, tuple[int, int], int], ...]]]
    jumps: dict[Color, dict[int, tuple[tuple[Any, ...], ...]]]
    krays: dict[int, tuple[tuple[Any, ...], ...]]
    kquiet: dict[int, tuple[tuple[tuple[int, int, int, tuple[int, int]], ...], ...]]
    kquiet_heads: dict[int, tuple[tuple[tuple[int, int, int, tuple[int, int]], ...], ...]]
    step_heads: dict[Color, dict[int, tuple[tuple[int, int, int, tuple[int, int], int], ...]]]
    kcap: dict[int, tuple[tuple[Any, ...], ...]]
    kland: list[dict[int, tuple[tuple[int], tuple[tuple[Any, ...], ...]]]]

    def __init__(self, v: Variant) -> None:
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
        self.promo: dict[Color, int] = {WHITE: t.row_mask[0], BLACK: t.row_mask[t.size - 1]}
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
        # start, end, path), a man's step with its flags (_PROMOTES when it crowns him).
        self.kquiet_heads = {}
        self.step_heads = {WHITE: {}, BLACK: {}}
        self.kcap = {}
        up_dirs = (UP_LEFT, UP_RIGHT)
        color: Color
        for s in v.square_range:
            m = mask[s]
            for color, shifts in zip(COLORS, ((h + 1, h), (-h, -h - 1))):
                out: list[Any] = []
                for st in shifts:
                    dm = m >> st if st > 0 else m << -st
                    if dm & board:
                        e = sq[dm]
                        out.append((dm, m | dm, s, e, (s, e), _PROMOTES if dm & self.promo[color] else 0))
                self.steps[color][m] = tuple(out)
                self.step_heads[color][m] = tuple((x[0], x[2], x[3], x[4], x[5]) for x in out)
            for color in COLORS:
                if v.men_capture_backward:
                    dirs: tuple[int, ...] = (UP_LEFT, UP_RIGHT, DOWN_LEFT, DOWN_RIGHT)
                else:
                    dirs = up_dirs if color == WHITE else (DOWN_LEFT, DOWN_RIGHT)
                out = []
                for d in dirs:
                    n1 = t.neighbour[d][s]
                    n2 = t.neighbour[d][n1] if n1 else 0
                    if n2:
                        out.append((mask[n1], mask[n2], d, n2, (n2,), (n1,), (s, n2)))
                self.jumps[color][m] = tuple(out)
            rays: list[tuple[int, bool, int, int, int]] = []
            quiet: list[tuple[tuple[int, int, int, tuple[int, int]], ...]] = []
            for d in (UP_LEFT, UP_RIGHT, DOWN_LEFT, DOWN_RIGHT):
                ray = t.ray[d][s]
                if not ray:
                    continue
                rays.append((d, d in up_dirs, t.shift[d], sum(mask[x] for x in ray), mask[ray[0]]))
                reach = ray if v.flying_kings else ray[:1]
                quiet.append(tuple((mask[x], m | mask[x], x, (s, x)) for x in reach))
            self.krays[m] = tuple(rays)
            self.kquiet[m] = tuple(quiet)
            self.kquiet_heads[m] = tuple(tuple((x[0], s, x[2], x[3]) for x in ray) for ray in quiet)
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
            table: dict[int, tuple[tuple[int], tuple[tuple[Any, ...], ...]]] = {}
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


_GENS: dict[int, _Gen] = {}


def generator(variant: Variant | str) -> _Gen:
    """The generation tables of ``variant`` (a Variant or a name)."""
    g = _GENS.get(id(variant))
    if g is None or g.variant is not variant:
        g = _GENS[id(variant)] = _Gen(get_variant(variant))
    return g


# The two directions across each direction.
_ACROSS = {UP_LEFT: (UP_RIGHT, DOWN_LEFT), UP_RIGHT: (UP_LEFT, DOWN_RIGHT),
           DOWN_LEFT: (UP_LEFT, DOWN_RIGHT), DOWN_RIGHT: (UP_RIGHT, DOWN_LEFT)}


def _bits_in_order(g: _Gen, bits: int) -> list[int]:
    """The single bits of ``bits``, in the order of their squares."""
    out = []
    while bits:
        low = bits & -bits
        out.append(low)
        bits ^= low
    if not g.in_square_order:
        out.sort(key=g.sq.__getitem__)
    return out


def _man_jumps(g: _Gen, cur: int, free: int, rem: int, cmask: int, path: tuple[int, ...], caps: tuple[int, ...],
               out: list[_Capture], jumps: dict[int, tuple[tuple[Any, ...], ...]], crown_row: int, occ: int,
               beyond: _Beyond | None, jumpable: dict[int, int]) -> bool:
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
                if not _king_jumps(g, lm, free, r2, c2, p2, k2, out, 3 - d, occ, beyond):  # type: ignore[arg-type]
                    out.append((path[0], lsq, c2, k2, p2))
            elif not (jumpable[lm] & r2) or not _man_jumps(g, lm, free, r2, c2, p2, k2, out, jumps, crown_row,
                                                          occ, beyond, jumpable):
                out.append((path[0], lsq, c2, k2, p2))
    return more


def _king_jumps(g: _Gen, cur: int, free: int, rem: int, cmask: int, path: tuple[int, ...], caps: tuple[int, ...],
                out: list[_Capture], back: int, occ: int, beyond: _Beyond, ahead: int = -1) -> bool:
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
            landings: list[int] = []
            while land & free:
                landings.append(land)
                land = land >> sh if up else land << sh
            going = [y for y in landings if _king_goes_on(g, y, r2, b2, occ, beyond)]
            a2 = -1
            for y in going or landings:
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


def _king_goes_on(g: _Gen, cur: int, rem: int, back: int, occ: int, beyond: _Beyond) -> bool:
    """Can a flying king on ``cur`` take one more piece, not going back along
    ``back``? (Russian: a capture that can go on must go on.)"""
    for d, up, sh, ray in g.kcap[cur]:
        x = ray & rem & beyond[d]
        if x and d != back:
            bl = ray & occ
            if (1 << (bl.bit_length() - 1) if up else bl & -bl) & x:
                return True
    return False


def _beyond(g: _Gen, opp: int, free: int) -> _Beyond:
    """Per direction, the pieces of ``opp`` with a square of ``free`` just beyond them."""
    s0, s1, s2, s3 = g.shifts
    return opp & (free << s0), opp & (free << s1), opp & (free >> s2), opp & (free >> s3)


def _finish_captures(g: _Gen, w: int, b: int, k: int, turn: Color, raw: list[_Capture],
                     key: PositionKey | None) -> list[Any]:
    """The complete captures found (``raw``: (start, end, captured mask,
    captured squares, path)) made legal moves: the majority law, one move
    per start, end and set taken, the order, the flags; raw children or,
    with ``key``, Move objects."""
    ambiguous: set[tuple[int, int]] | tuple[()] = ()
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
                moves: dict[tuple[int, int, int], _Capture] = {}
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
    out: list[Any] = []
    if key is not None:  # Move objects
        if not (crown or ambiguous):
            # a man ending on the far row is crowned, a king never is
            promo_sq = g.promo_squares[turn]
            return [_new_move(s, e, caps, path, key, c, _PROMOTES if e in promo_sq and not mask[s] & k else 0)
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
            out.append(_new_move(s, e, caps, path, key, c, flags))
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


def _by_path(r: _Capture) -> tuple[int, int, tuple[int, ...]]:
    return (r[0], r[1], r[4])


def _capture_children(g: _Gen, w: int, b: int, k: int, turn: Color) -> list[RawChild]:
    """The captures of the position as raw children (see :func:`children`):
    the whole list of legal moves when it is not empty (capturing is
    compulsory, 4.1), an empty list when the side to move has no capture."""
    return _children(g, w, b, k, turn, None, False)


def _can_step(g: _Gen, w: int, b: int, k: int, turn: Color) -> bool:
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


def _men_jumpers(g: _Gen, men: int, opp: int, empty: int, turn: Color) -> int:
    """The men of ``men`` (of the side ``turn``) next to a piece of ``opp``
    with an empty square just beyond it: the men that have a capture."""
    h, h1 = g.h, g.h1
    if g.backward:
        return ((((empty << h1) & opp) << h1) | (((empty << h) & opp) << h)
                | (((empty >> h) & opp) >> h) | (((empty >> h1) & opp) >> h1)) & men
    if turn == WHITE:
        return ((((empty << h1) & opp) << h1) | (((empty << h) & opp) << h)) & men
    return ((((empty >> h) & opp) >> h) | (((empty >> h1) & opp) >> h1)) & men


def _has_capture(g: _Gen, w: int, b: int, k: int, turn: Color) -> bool:
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
    return bool(own & k) and bool(_children(g, w, b, k, turn, None, False))


def _children(g: _Gen, w: int, b: int, k: int, turn: Color, key: PositionKey | None = None,
              quiet: bool = True) -> list[Any]:
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
    raw: list[_Capture] = []
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
            return [_new_move(s, e, caps, path, key, c, _PROMOTES if e in g.promo_squares[turn]
                              and not g.mask[s] & k else 0)]
        return _finish_captures(g, w, b, k, turn, raw, key)
    if not quiet:
        return raw
    out: list[Any] = raw
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
            step_heads = g.step_heads[turn]
            while movable:
                low = movable & -movable
                movable ^= low
                for dm, s, e, path, flags in step_heads[low]:
                    if dm & empty:
                        append(_new_move(s, e, (), path, key, 0, flags))
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
            order: list[int] = []
            while kings:
                low = kings & -kings
                order.append(low)
                kings ^= low
        else:
            order = _bits_in_order(g, kings)
        if key is not None:
            kquiet_heads = g.kquiet_heads
            for low in order:
                for head_ray in kquiet_heads[low]:
                    for m, s, e, path in head_ray:
                        if not m & empty:
                            break
                        append(_new_move(s, e, (), path, key, 0, 0))
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


# -- the public doors: the same functions, with their arguments checked ---------------------------
# The search and the Board call the private ones above (a check at every node would slow them).

def _check_raw(g: object, w: int, b: int, k: int, turn: object, name: str) -> None:
    if not isinstance(g, _Gen):
        raise refuse("g", f"as tabelas de um tabuleiro (damas.rules.movegen.generator(variante)), em {name}", g)
    for label, bits in (("w", w), ("b", b), ("k", k)):
        if isinstance(bits, bool) or not isinstance(bits, int) or bits < 0 or bits & ~g.board_mask:
            raise refuse(label, "as casas de um tabuleiro em bits (um número inteiro de casas do tabuleiro)", bits)
    if w & b or k & ~(w | b):
        raise refuse("w, b, k", "peças brancas e pretas em casas diferentes, e damas só onde há peça", (w, b, k))
    if turn not in (WHITE, BLACK) or not isinstance(turn, str):
        raise refuse("turn", "'W' (brancas) ou 'B' (pretas)", turn)


def capture_children(g: _Gen, w: int, b: int, k: int, turn: Color) -> list[RawChild]:
    """The captures of the position as raw children (see :func:`children`):
    the whole list of legal moves when it is not empty (capturing is
    compulsory, 4.1), an empty list when the side to move has no capture."""
    _check_raw(g, w, b, k, turn, "capture_children")
    return _capture_children(g, w, b, k, turn)


def can_step(g: _Gen, w: int, b: int, k: int, turn: Color) -> bool:
    """True when the side to move has a move that is not a capture (see :func:`children`)."""
    _check_raw(g, w, b, k, turn, "can_step")
    return _can_step(g, w, b, k, turn)


def has_capture(g: _Gen, w: int, b: int, k: int, turn: Color) -> bool:
    """True when the side ``turn`` has a capture in the position (whoever is to move in it)."""
    _check_raw(g, w, b, k, turn, "has_capture")
    return _has_capture(g, w, b, k, turn)


def children(g: _Gen, w: int, b: int, k: int, turn: Color, key: PositionKey | None = None,
             quiet: bool = True) -> list[Any]:
    """The legal moves of the position as raw children (as Move objects with ``key``; the
    captures only when ``quiet`` is false): see :func:`_children`."""
    _check_raw(g, w, b, k, turn, "children")
    flag(quiet, "quiet")
    if key is not None and not isinstance(key, tuple):
        raise refuse("key", "a chave da posição (uma tupla, como Board.legal_moves a dá)", key)
    return _children(g, w, b, k, turn, key, quiet)

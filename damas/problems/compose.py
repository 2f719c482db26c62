"""The composer: a seeded search for positions that show a classic theme.

A problem of combination ("golpe") is a position where the side to move
(White, in every problem made here) forces a decisive result by a line in
which the opponent's replies are forced by the compulsory capture (regra
4.1) and the majority law (4.13).  The composer finds such positions in
three steps:

1. **Placement.**  A seeded random generator puts a few pieces on the
   board, shaped by the theme (a lone black king against several men for the
   golpe turco, men close to the crowning row for the passagem à dama, ...).
   Positions the rules refuse (a man on the row where it would already be a
   king, more pieces than a game starts with) are never built: the Board
   refuses them.
2. **Proof.**  An AND-OR search on :class:`damas.Board` proves that White
   wins (Black is left without pieces or without a move, regra 7.2) within
   ``n`` white moves, for the smallest such ``n``, and that exactly one first
   move does so even when White is given two more moves: the *key* is
   unique.  Every move comes from ``Board.legal_moves``; the composer knows
   no rule of its own.
3. **Themes and dedupe.**  Detectors read the main line (Black always plays
   the reply that holds out longest) and name the themes it shows (turco,
   bomba, Napoleão, tomada para trás, ...).  Two positions whose pieces form the
   same pattern shifted or mirrored on the board, or whose lines have the
   same shape, are the same idea: only the first is kept.

The final word on each problem that ships belongs to the project's solver
(``damas.problems.solver.solve``), which the collection tests run on every problem.

Combinations in play: :func:`self_play` lets the engine play itself from the
initial position (seeded openings, varied levels) and :func:`find_in_game`
proves, with the project's solver, the positions of such a game where the
side to move opens with a sacrifice and wins two pieces by force; the
problem keeps the game's moves, so anyone can replay them to its position.

Command line::

    python -m damas.problems.compose --partidas 1 50
    python -m damas.problems.compose --theme turco --count 5 --seed 1
    python -m damas.problems.compose --theme any --variant international --count 3 --max-moves 4
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from damas.rules.args import (BOARD, COLOR, MOVE, MOVES, RNG, VARIANT_OBJECT, checked, choice_spec, flag, instance_spec,
                              number_spec, optional, refuse, whole_spec)
from damas.rules.board import BLACK, WHITE, Board, Move, Piece
from damas.rules.colors import Color
from damas.rules.variants import Variant, get_variant
from damas.problems import themes as _themes
from damas.problems.selfplay import (GAME_LEVELS, PlayedProblem, _main_games, find_in_game,  # noqa: F401
                                     game_settings, replay, score_text, self_play)
from damas.problems.themes import free_captures, line_facts, stopped_by_captured as _stopped_by_captured

__all__ = [
    "THEMES", "Candidate", "Prover", "prove", "main_line", "detect_themes", "pattern_key",
    "line_shape", "compose", "free_captures", "main", "self_play", "find_in_game", "PlayedProblem",
    "score_text", "replay",
]

# Theme keys (used by --theme) and their Portuguese names (the PDN "Theme" tag):
# each theme is defined once, by its mechanism, in damas.problems.themes.
THEMES = {key: t.name for key, t in _themes.THEMES.items()}

# The order in which a detected theme is chosen as the main one.
PRIORITY = list(THEMES)

#: a position's pattern with its place forgotten (:func:`pattern_key`): the side to move and the pieces
PatternKey = tuple[Color, tuple[tuple[int, int, str], ...]]
#: the shape of a line (:func:`line_shape`): each move's displacement, pieces taken and path length
LineShape = tuple[tuple[int, int, int, int], ...]


# ---------------------------------------------------------------------------
# Proof: an AND-OR search over Board.legal_moves
# ---------------------------------------------------------------------------
class Prover:
    """Proves "White to move wins within n white moves" by AND-OR search.

    A win is a position where Black, to move, has no legal move (no piece or
    every piece blocked: regra 7.2).  Results are cached per position.
    """

    def __init__(self, node_limit: int = 400_000) -> None:
        self.win_at: dict[tuple[int, int, int, Color], int] = {}    # key -> smallest n known to win
        self.fail_at: dict[tuple[int, int, int, Color], int] = {}   # key -> largest n known not to win
        self.nodes = 0
        self.node_limit = node_limit

    class Exhausted(Exception):
        """The search went past its node limit."""

    def white_wins(self, board: Board, n: int) -> bool:
        """True if the side to move (White) wins within ``n`` of its moves."""
        if n <= 0:
            return False
        k = board.bitboards
        w = self.win_at.get(k)
        if w is not None and w <= n:
            return True
        f = self.fail_at.get(k)
        if f is not None and f >= n:
            return False
        self.nodes += 1
        if self.nodes > self.node_limit:
            raise Prover.Exhausted
        result = False
        for m in board.legal_moves():
            board.push(m)
            try:
                ok = self.black_loses(board, n)
            finally:
                board.pop()
            if ok:
                result = True
                break
        if result:
            self.win_at[k] = min(n, self.win_at.get(k, n))
        else:
            self.fail_at[k] = max(n, self.fail_at.get(k, n))
        return result

    def black_loses(self, board: Board, n: int) -> bool:
        """Black to move: every reply leaves White a win within n-1 more moves."""
        moves = board.legal_moves()
        if not moves:
            return True
        if n <= 1:
            return False
        for m in moves:
            board.push(m)
            try:
                ok = self.white_wins(board, n - 1)
            finally:
                board.pop()
            if not ok:
                return False
        return True

    def winning_moves(self, board: Board, n: int) -> list[Move]:
        """The first moves that win within ``n`` white moves."""
        out = []
        for m in board.legal_moves():
            board.push(m)
            try:
                if self.black_loses(board, n):
                    out.append(m)
            finally:
                board.pop()
        return out

    def depth_to_win(self, board: Board, limit: int) -> int | None:
        """Smallest n <= limit with a win in n white moves (White to move)."""
        for n in range(1, limit + 1):
            if self.white_wins(board, n):
                return n
        return None


_PROVER = instance_spec("damas.problems.compose.Prover", "um provador (Prover)")


def _seen(value: Any, name: str) -> Any:  # a spec, as damas.rules.args's
    if not isinstance(value, set):
        raise refuse(name, "um conjunto (set) das posições já vistas", value)
    return value


@dataclass
class Proof:
    """What :func:`prove` found: the key move(s), the number of white moves
    of the win, and the main line."""

    board: Board
    moves: int
    keys: list[Move]
    line: list[Move] = field(default_factory=list)

    @property
    def unique(self) -> bool:
        return len(self.keys) == 1


@checked(board=BOARD, max_moves=whole_spec(1, 8), margin=whole_spec(0, 5), prover=optional(_PROVER))
def prove(board: Board, max_moves: int = 5, margin: int = 2, prover: Prover | None = None) -> Proof | None:
    """Prove a win for the side to move within ``max_moves`` of its moves;
    the keys are every first move that wins within the shortest win plus
    ``margin`` moves.  None when there is no such win (or the search is too
    big)."""
    prover = prover or Prover()
    b = board.copy(stack=False)
    try:
        n = prover.depth_to_win(b, max_moves)
        if n is None:
            return None
        keys = prover.winning_moves(b, n + margin)
        fast = prover.winning_moves(b, n)
    except Prover.Exhausted:
        return None
    # keys sorted: fastest first
    keys = fast + [m for m in keys if m not in fast]
    proof = Proof(board.copy(stack=False), n, keys)
    if len(keys) == 1:
        proof.line = main_line(board, prover, n, first=keys[0])
    return proof


@checked(board=BOARD, goal=choice_spec(('win', 'material', 'promote', 'reduce', 'capture')), n=whole_spec(0, 20), max_moves=whole_spec(1, 8), margin=whole_spec(0, 5))
def prove_goal(board: Board, goal: str = "material", n: int = 2, max_moves: int = 4,
               margin: int = 1) -> Proof | None:
    """Prove another goal of :mod:`damas.problems.puzzles` ("material": win ``n``
    pieces; "promote"; "reduce") with the project's solver: the shortest
    forced line within ``max_moves`` white moves, and the first moves that
    still force the goal with ``margin`` more white moves."""
    from damas.problems.puzzles import Puzzle
    from damas.problems.solver import solve

    fen, variant = board.fen(), board.variant.name
    first = solve(Puzzle(fen, variant, goal=goal, n=n, max_plies=2 * max_moves - 1), all_moves=False)
    if not first.proven or first.plies is None:  # a proven goal has its number of plies
        return None
    wide = solve(Puzzle(fen, variant, goal=goal, n=n, max_plies=first.plies + 2 * margin))
    key = first.main_line[0]
    keys = [key] + [m for m in wide.winning_moves if m != key]
    return Proof(board.copy(stack=False), (first.plies + 1) // 2, keys, list(first.main_line))


@checked(board=BOARD, prover=_PROVER, n=whole_spec(1, 20), first=optional(MOVE))
def main_line(board: Board, prover: Prover, n: int, first: Move | None = None) -> list[Move]:
    """The main line of a win in ``n`` moves: White's fastest win (the first
    in move order when several), Black's reply that holds out longest (the
    first in move order when several)."""
    b = board.copy(stack=False)
    line: list[Move] = []
    while True:
        if b.turn == board.turn:
            if first is not None and not line:
                move = first
            else:
                wins = prover.winning_moves(b, n)
                if not wins:
                    break
                move = wins[0]
            b.push(move)
            line.append(move)
        else:
            moves = b.legal_moves()
            if not moves:
                break
            n -= 1
            best: Move | None = None
            best_d = -1
            for m in moves:
                b.push(m)
                d = prover.depth_to_win(b, n)
                b.pop()
                d = n + 1 if d is None else d
                if d > best_d:
                    best, best_d = m, d
            assert best is not None  # a distance is never below 0: the first reply is taken
            b.push(best)
            line.append(best)
            n = best_d
    return line


# ---------------------------------------------------------------------------
# Themes: read off the line by damas.problems.themes (one definition per theme)
# ---------------------------------------------------------------------------
def _rc(board: Board, sq: int) -> tuple[int, int]:
    return board.variant.square_to_rc(sq)


def _turn_count(path: Sequence[int], board: Board) -> int:
    return _themes.turn_count(board, path)


@checked(board=BOARD, line=MOVES)
def detect_themes(board: Board, line: Sequence[Move]) -> list[str]:
    """The keys of the themes whose mechanism is in the line
    (:mod:`damas.problems.themes`), in :data:`PRIORITY` order."""
    return _themes.themes_of(line_facts(board, line), keys=True)


# ---------------------------------------------------------------------------
# Dedupe: the same idea shifted or mirrored on the board
# ---------------------------------------------------------------------------
@checked(board=BOARD)
def pattern_key(board: Board) -> PatternKey:
    """The position's pattern with its place on the board forgotten: the
    pieces' coordinates shifted to the top-left corner, the smaller of the
    pattern and its mirror image."""
    items = []
    for sq, p in board.pieces().items():
        r, c = _rc(board, sq)
        items.append((r, c, p.symbol()))
    keys = []
    for mirror in (False, True):
        pts = [(r, (-c if mirror else c), s) for r, c, s in items]
        r0 = min(p[0] for p in pts)
        c0 = min(p[1] for p in pts)
        keys.append(tuple(sorted((r - r0, c - c0, s) for r, c, s in pts)))
    return (board.turn, min(keys))  # the smaller of the pattern and its mirror (the first on a tie)


@checked(board=BOARD, line=MOVES)
def line_shape(board: Board, line: Sequence[Move]) -> LineShape:
    """The shape of a line: each move as its displacement and number of
    pieces taken, up to a mirror image."""
    shapes: list[LineShape] = []
    for mirror in (1, -1):
        out = []
        for m in line:
            (r1, c1), (r2, c2) = _rc(board, m.start), _rc(board, m.end)
            out.append((r2 - r1, mirror * (c2 - c1), len(m.captured), len(m.path)))
        shapes.append(tuple(out))
    return min(shapes)


# ---------------------------------------------------------------------------
# Placements
# ---------------------------------------------------------------------------
def _row_squares(variant: Variant, rows: range) -> list[int]:
    return [sq for sq in variant.square_range if variant.square_to_rc(sq)[0] in rows]


def _picker(rng: random.Random) -> Callable[[Iterable[int], int], list[int] | None]:
    """``pick(pool, n)``: n squares drawn from ``pool`` by ``rng``, never a
    square drawn before by the same picker (None when too few are left)."""
    taken: set[int] = set()

    def pick(pool: Iterable[int], n: int) -> list[int] | None:
        free = [s for s in pool if s not in taken]
        if len(free) < n:
            return None
        out = rng.sample(free, n)
        taken.update(out)
        return out

    return pick


@checked(rng=RNG, variant=VARIANT_OBJECT, theme=choice_spec(['any'] + list(THEMES)))
def random_position(rng: random.Random, variant: Variant, theme: str = "any") -> Board | None:
    """A random White-to-move position shaped for ``theme``; None if the
    placement was not usable."""
    size = variant.size
    all_sqs = list(variant.square_range)
    white_rows = range(1, size)          # a white man never stands on row 0
    black_rows = range(0, size - 1)      # a black man never stands on the last row
    if theme == "turco":
        nw, nbm, nbk, nwk = rng.randint(4, 7), rng.choice((0, 0, 1)), 1, 0
    elif theme == "captura-de-dama":
        nw, nbm, nbk, nwk = rng.randint(2, 5), rng.randint(1, 3), 1, rng.randint(0, 1)
    elif theme == "passagem-a-dama":
        nw, nbm, nbk, nwk = rng.randint(2, 4), rng.randint(2, 5), 0, 0
        white_rows = range(1, size // 2)
    elif theme == "bloqueio":
        nw, nbm, nbk, nwk = rng.randint(2, 5), rng.randint(2, 5), 0, 0
    elif theme == "denso":
        nw, nbm, nbk, nwk = rng.randint(6, 9), rng.randint(6, 9), 0, 0
        if size == 10:
            nw, nbm = rng.randint(9, 14), rng.randint(9, 14)
    elif theme == "dama":
        nw, nbm, nbk, nwk = rng.randint(1, 4), rng.randint(2, 5), 0, 1
    else:
        nw, nbm, nbk, nwk = rng.randint(3, 6), rng.randint(3, 6), 0, 0
        if size == 10:
            nw, nbm = rng.randint(4, 8), rng.randint(4, 8)
    wm = [s for s in _row_squares(variant, white_rows)]
    bm = [s for s in _row_squares(variant, black_rows)]
    pick = _picker(rng)

    w_men = pick(wm, nw)
    b_men = pick(bm, nbm)
    b_kings = pick(all_sqs, nbk)
    w_kings = pick(all_sqs, nwk)
    if w_men is None or b_men is None or b_kings is None or w_kings is None:
        return None
    fen = "W:W" + ",".join([str(s) for s in w_men] + [f"K{s}" for s in w_kings]) \
        + ":B" + ",".join([str(s) for s in b_men] + [f"K{s}" for s in b_kings])
    try:
        return Board(fen, variant=variant)
    except ValueError:
        return None


def _material(board: Board, color: Color) -> int:
    return len(board.men(color)) + 3 * len(board.kings(color))


@dataclass
class Candidate:
    """A proven position: its board, key, win length, main line and themes."""

    board: Board
    key: Move
    moves: int
    line: list[Move]
    themes: list[str]
    goal: str = "win"
    n: int = 1

    def text(self) -> str:
        b = self.board.copy(stack=False)
        words = []
        for m in self.line:
            words.append(b.move_text(m))
            b.push(m)
        return f"{self.board.fen()}  [{', '.join(self.themes)}]  " + " ".join(words)


def _plausible(board: Board, proof: Proof) -> bool:
    """Filters that make a problem and not an exercise of counting: White
    does not start with a capture, the key is not already a capture, and
    White is not simply far ahead in material."""
    if board.has_captures():
        return False
    if not proof.line or proof.line[0].is_capture or proof.line[0].promotes:
        return False
    if _material(board, WHITE) > _material(board, BLACK) + 4:
        return False
    if len(board.legal_moves()) < 3:
        return False
    # the key must give something away (a combination, not a quiet walk)
    after = board.copy(stack=False)
    after.push(proof.line[0])
    return after.has_captures()


def _piece_on(board: Board, square: int) -> Piece:
    """The piece on ``square``, where a legal move starts or a capture takes one (always there)."""
    piece = board.piece_at(square)
    assert piece is not None, f"no piece on {square}"
    return piece


def _sacrifices(board: Board) -> list[Move]:
    """The quiet moves of the side to move after which the opponent must capture."""
    out = []
    for m in board.legal_moves():
        if m.is_capture:
            continue
        board.push(m)
        if board.has_captures():
            out.append(m)
        board.pop()
    return out


def _turco_possible(board: Board) -> bool:
    """Some sacrifice makes the opponent's king stop against a piece it has
    taken (regra 4.11), and the king is then taken."""
    for m in _sacrifices(board):
        board.push(m)
        try:
            for r in board.legal_moves():
                piece = _piece_on(board, r.start)
                if piece.king and _stopped_by_captured(board, r):
                    board.push(r)
                    hit = any(r.end in x.captured for x in board.legal_moves())
                    board.pop()
                    if hit:
                        return True
        finally:
            board.pop()
    return False


def _king_capturable(board: Board) -> bool:
    """Some sacrifice is followed, after any reply, by a capture of a king."""
    if not board.kings(BLACK):
        return False
    for m in _sacrifices(board):
        board.push(m)
        try:
            for r in board.legal_moves():
                board.push(r)
                hit = any(any(_piece_on(board, c).king for c in x.captured) for x in board.legal_moves())
                board.pop()
                if hit:
                    return True
        finally:
            board.pop()
    return False


def _promotion_near(board: Board) -> bool:
    """A white man is within three rows of the crowning row."""
    return any(board.variant.square_to_rc(s)[0] <= 3 for s in board.men(WHITE))


def _bomba_possible(board: Board) -> bool:
    """A sacrifice, a reply, then a man's capture that stops where Black
    could take it, but the majority law sends Black elsewhere, and the man
    captures again."""
    white = board.turn
    promo = board.variant.promotion_row(white)
    for s in _sacrifices(board):
        board.push(s)
        try:
            for r in board.legal_moves():
                board.push(r)
                try:
                    for w in board.legal_moves():
                        x = w.end
                        if (not w.is_capture or _piece_on(board, w.start).king
                                or board.variant.square_to_rc(x)[0] == promo):
                            continue
                        board.push(w)
                        try:
                            replies = board.legal_moves()
                            if not replies or any(x in m.captured for m in replies):
                                continue
                            if not any(x in f.captured for f in free_captures(board)):
                                continue
                            for b2 in replies:
                                board.push(b2)
                                hit = any(m.start == x and m.is_capture for m in board.legal_moves())
                                board.pop()
                                if hit:
                                    return True
                        finally:
                            board.pop()
                finally:
                    board.pop()
        finally:
            board.pop()
    return False


def _napoleao_possible(board: Board) -> bool:
    """Two sacrifices, then a man's capture of three or more pieces that
    changes direction at least twice."""
    for s1 in _sacrifices(board):
        board.push(s1)
        try:
            for r1 in board.legal_moves():
                board.push(r1)
                try:
                    for s2 in _sacrifices(board):
                        board.push(s2)
                        try:
                            for r2 in board.legal_moves():
                                board.push(r2)
                                try:
                                    for w in board.legal_moves():
                                        if (w.is_capture and len(w.captured) >= 3
                                                and not _piece_on(board, w.start).king
                                                and _turn_count(w.path, board) >= 2):
                                            return True
                                finally:
                                    board.pop()
                        finally:
                            board.pop()
                finally:
                    board.pop()
        finally:
            board.pop()
    return False


PREFILTERS = {
    "bomba": _bomba_possible,
    "napoleao": _napoleao_possible,
    "turco": _turco_possible,
    "captura-de-dama": _king_capturable,
    "passagem-a-dama": _promotion_near,
}


@checked(theme=choice_spec(['any'] + list(THEMES)), count=whole_spec(1, 100), seed=whole_spec(0, 999_999), max_moves=whole_spec(1, 8), tries=whole_spec(1, 500_000), seconds=optional(number_spec(0, 24 * 3600)), placement=optional(choice_spec(['any'] + list(THEMES))), seen=optional(_seen), verbose=flag, margin=whole_spec(0, 5), node_limit=whole_spec(1, 400_000), goal=choice_spec(('win', 'material', 'promote', 'reduce', 'capture')), n=whole_spec(0, 20))
def compose(theme: str = "any", variant: str | Variant = "brazilian", count: int = 5, seed: int = 1,
            max_moves: int = 4, tries: int = 200_000, seconds: float | None = None,
            placement: str | None = None, seen: set[PatternKey] | None = None, verbose: bool = False, margin: int = 1,
            node_limit: int = 8_000, goal: str = "win", n: int = 1) -> list[Candidate]:
    """Search for ``count`` positions showing ``theme`` ('any' for any
    detected theme); seeded and reproducible (with ``seconds=None``).
    ``goal`` "win" is proven by the composer's own search (:func:`prove`);
    the other goals of :mod:`damas.problems.puzzles` ("material" with ``n`` pieces,
    "promote", "reduce") by the project's solver (:func:`prove_goal`)."""
    rules = get_variant(variant)
    rng = random.Random(f"damas-compose-{rules.name}-{theme}-{seed}")
    placement = placement or theme
    found: list[Candidate] = []
    seen_patterns: set[PatternKey] = set() if seen is None else seen
    seen_shapes: set[LineShape] = set()
    deadline = None if seconds is None else time.perf_counter() + seconds
    for _ in range(tries):
        if deadline is not None and time.perf_counter() > deadline:
            break
        board = random_position(rng, rules, placement)
        if board is None or board.has_captures() or not board.legal_moves():
            continue
        if len(board.legal_moves()) < 3:
            continue
        pk = pattern_key(board)
        if pk in seen_patterns:
            continue
        if not _sacrifices(board):
            continue
        pre = PREFILTERS.get(theme)
        if pre is not None and not pre(board):
            continue
        if goal == "win":
            proof = prove(board, max_moves=max_moves, margin=margin, prover=Prover(node_limit=node_limit))
        else:
            proof = prove_goal(board, goal, n, max_moves=max_moves, margin=margin)
        if proof is None or not proof.unique or not _plausible(board, proof):
            continue
        themes = detect_themes(board, proof.line)
        if theme != "any" and theme not in themes:
            continue
        if not themes:
            continue
        shape = line_shape(board, proof.line)
        if shape in seen_shapes:
            continue
        seen_patterns.add(pk)
        seen_shapes.add(shape)
        cand = Candidate(board, proof.keys[0], proof.moves, proof.line, themes, goal, n)
        found.append(cand)
        if verbose:
            print(cand.text(), flush=True)
        if len(found) >= count:
            break
    return found


# ---------------------------------------------------------------------------
# Capture drills ("qual é a tomada obrigatória?")
# ---------------------------------------------------------------------------
DRILL_THEMES = {
    "pedra-para-tras": "pedra tomando para trás (regra 4.2)",
    "dama-a-distancia": "dama tomando à distância (regra 4.3)",
    "casa-de-parada": "escolha da casa onde a dama para (regra 4.3)",
    "cadeia": "tomada em cadeia (regras 4.5 e 4.6)",
    "lei-da-maioria": "lei da maioria (regra 4.13)",
    "bloqueio-turco": "peça tomada que ainda bloqueia: golpe turco (regra 4.11)",
    "passa-pela-coroacao": "pedra que passa pela travessa de coroação sem virar dama (regra 4.15)",
    "dois-caminhos": "dois caminhos até a mesma casa (notação completa)",
    "nao-obvia": "a tomada que não é a óbvia",
    "escolha-livre": "capturas iguais: livre escolha (regra 4.14)",
}


@checked(board=BOARD)
def drill_themes(board: Board) -> list[str]:
    """What a capture position teaches: the keys of :data:`DRILL_THEMES`
    found in its legal (maximal) captures."""
    legal = board.legal_moves()
    if not legal or not legal[0].is_capture:
        return []
    found: set[str] = set()
    v = board.variant
    turn = board.turn
    free = free_captures(board)
    best = len(legal[0].captured)
    if any(len(f.captured) < best for f in free):
        found.add("lei-da-maioria")
    legal_starts = {m.start for m in legal}
    if any(f.start not in legal_starts for f in free):
        found.add("nao-obvia")
    pairs: dict[tuple[int, int], set[frozenset[int]]] = {}
    for m in legal:
        pairs.setdefault((m.start, m.end), set()).add(frozenset(m.captured))
        piece = _piece_on(board, m.start)
        if len(m.captured) >= 3:
            found.add("cadeia")
        if not piece.king:
            rows = [v.square_to_rc(s)[0] for s in m.path]
            back = any((r2 > r1) if turn == WHITE else (r2 < r1) for r1, r2 in zip(rows, rows[1:]))
            if back:
                found.add("pedra-para-tras")
            promo = v.promotion_row(turn)
            if any(r == promo for r in rows[1:-1]) and not m.promotes:
                found.add("passa-pela-coroacao")
        else:
            (r0, c0), (r1, c1) = v.square_to_rc(m.start), v.square_to_rc(m.captured[0])
            if abs(r1 - r0) > 1:
                found.add("dama-a-distancia")
            if _stopped_by_captured(board, m):
                found.add("bloqueio-turco")
    # landing choice: a king's capture could land on more squares after its
    # first piece than the maximal captures use
    for m in legal:
        piece = _piece_on(board, m.start)
        if not piece.king:
            continue
        free_same = {f.path[1] for f in free if f.start == m.start and f.captured[:1] == m.captured[:1]}
        used = {x.path[1] for x in legal if x.start == m.start and x.captured[:1] == m.captured[:1]}
        if len(free_same) > len(used):
            found.add("casa-de-parada")
    if any(len(sets) > 1 for sets in pairs.values()):
        found.add("dois-caminhos")
    if len(legal) > 1 and "dois-caminhos" not in found:
        found.add("escolha-livre")
    return [t for t in DRILL_THEMES if t in found]


@checked(rng=RNG, variant=VARIANT_OBJECT, kings=whole_spec(0, 5), turn=COLOR)
def drill_position(rng: random.Random, variant: Variant, kings: int = 0, turn: Color = WHITE) -> Board | None:
    """A random position where the side to move must capture."""
    size = variant.size
    n_own = rng.randint(2, 5 if size == 8 else 7)
    n_opp = rng.randint(3, 7 if size == 8 else 10)
    own_rows = range(1, size) if turn == WHITE else range(0, size - 1)
    opp_rows = range(0, size - 1) if turn == WHITE else range(1, size)
    pick = _picker(rng)

    own_k = pick(list(variant.square_range), kings)
    own = pick(_row_squares(variant, own_rows), n_own - kings if n_own > kings else 1)
    opp = pick(_row_squares(variant, opp_rows), n_opp)
    if own_k is None or own is None or opp is None:
        return None
    mine = ",".join([str(s) for s in own] + [f"K{s}" for s in own_k])
    theirs = ",".join(str(s) for s in opp)
    w, b = (mine, theirs) if turn == WHITE else (theirs, mine)
    try:
        board = Board(f"{turn}:W{w}:B{b}", variant=variant)
    except ValueError:
        return None
    return board if board.has_captures() else None


@checked(theme=choice_spec(DRILL_THEMES), count=whole_spec(1, 100), seed=whole_spec(0, 999_999), tries=whole_spec(1, 500_000), seen=optional(_seen), single=flag)
def compose_drills(theme: str, variant: str | Variant = "brazilian", count: int = 3, seed: int = 1, tries: int = 20_000,
                   seen: set[PatternKey] | None = None, single: bool = False) -> list[tuple[Board, list[str]]]:
    """Seeded search for capture drills that show ``theme`` (a key of
    :data:`DRILL_THEMES`): returns [(board, themes)].  With ``single`` only
    positions with exactly one legal capture are kept."""
    rules = get_variant(variant)
    rng = random.Random(f"damas-drill-{rules.name}-{theme}-{seed}")
    seen = set() if seen is None else seen
    out: list[tuple[Board, list[str]]] = []
    for i in range(tries):
        kings = rng.choice((0, 0, 1)) if theme not in ("dama-a-distancia", "casa-de-parada", "bloqueio-turco") else 1
        turn: Color = WHITE if rng.random() < 0.75 else BLACK
        board = drill_position(rng, rules, kings, turn)
        if board is None:
            continue
        themes = drill_themes(board)
        if theme not in themes:
            continue
        if single and len(board.legal_moves()) != 1:
            continue
        pk = pattern_key(board)
        if pk in seen:
            continue
        seen.add(pk)
        out.append((board, themes))
        if len(out) >= count:
            break
    return out


PLACEMENTS = ("turco", "captura-de-dama", "passagem-a-dama", "bloqueio", "dama", "denso", "any")


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m damas.problems.compose``: a bad argument is one Portuguese line, exit status 2."""
    from damas.errors import DamasError
    from damas.rules.commandline import Parser, int_in, usage_error

    prog = "python -m damas.problems.compose"
    parser = Parser(prog=prog, description="Procura posições que mostram um tema clássico e as prova.")
    parser.add_argument("--theme", default="any", help="tema: " + ", ".join(["any"] + list(THEMES)))
    parser.add_argument("--variant", default="brazilian", help="brazilian (8x8) ou international (10x10)")
    parser.add_argument("--count", type=int_in(1), default=5, help="quantas posições procurar")
    parser.add_argument("--seed", type=int_in(0), default=1, help="semente (a mesma semente dá as mesmas posições)")
    parser.add_argument("--max-moves", type=int_in(1), default=4, help="lances brancos no máximo até a vitória")
    parser.add_argument("--tries", type=int_in(1), default=200_000, help="posições sorteadas no máximo")
    parser.add_argument("--placement", default=None, choices=PLACEMENTS,
                        help="forma do sorteio (" + ", ".join(PLACEMENTS) + ")")
    parser.add_argument("--goal", default="win", choices=("win", "material", "promote", "reduce"),
                        help="win (vencer), material, promote ou reduce")
    parser.add_argument("--n", type=int_in(1), default=1, help="peças do objetivo material/reduce")
    parser.add_argument("--margin", type=int_in(0), default=1,
                        help="lances brancos a mais em que o lance-chave ainda deve ser o único a vencer")
    parser.add_argument("--seconds", type=_positive_seconds, default=None,
                        help="tempo máximo (torna o resultado dependente do relógio)")
    parser.add_argument("--partidas", type=int_in(0), nargs=2, metavar=("DE", "ATE"), default=None,
                        help="procura golpes em partidas do motor contra ele mesmo, sementes DE a ATE-1")
    args = parser.parse_args(argv)
    if args.partidas:
        return _main_games(*args.partidas)
    if args.theme != "any" and args.theme not in THEMES:
        return usage_error(prog, f"Tema desconhecido: {args.theme!r}. Temas: {', '.join(THEMES)}.")
    try:
        get_variant(args.variant)
        start = time.perf_counter()
        found = compose(args.theme, args.variant, args.count, args.seed, args.max_moves, args.tries,
                        args.seconds, args.placement, verbose=True, margin=args.margin, goal=args.goal,
                        n=args.n)
    except DamasError as error:
        return usage_error(prog, error)
    except KeyboardInterrupt:
        print("Interrompido.", file=sys.stderr)
        return 130
    print(f"{len(found)} posição(ões) em {time.perf_counter() - start:.1f} s", file=sys.stderr)
    return 0


def _positive_seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = None
    if value is None or not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"precisa de um número de segundos maior que 0, não {text!r}")
    return value


if __name__ == "__main__":
    sys.exit(main())

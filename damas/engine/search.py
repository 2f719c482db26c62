"""A small draughts engine: alpha-beta search for both games.

>>> from damas import Board
>>> from damas.engine.search import best_move, analyse
>>> board = Board("W:W22,25,29:B8,13,15")
>>> str(best_move(board, depth=4))
'22-17'
>>> analyse(board, depth=4).pv[:3]
[Move(22, 17), Move(13, 22, captured=(17,)), Move(25, 4, captured=(22, 15, 8), path=(25, 18, 11, 4))]

The search is a negamax alpha-beta with

* iterative deepening and an optional time limit (``seconds``); when a
  ``depth`` or a ``level`` is given the result never depends on the clock, so
  a notebook shows the same thing on every run;
* a quiescence search: captures are compulsory (regra 4.1), so while the side
  to move must capture, the search goes on without counting depth;
* a transposition table indexed by a Zobrist hash of the three bitboards of
  the position (white pieces, black pieces, kings) and the side to move;
* move ordering: the table's move, then killer moves and the history
  heuristic;
* the draw rules inside the search line, as :class:`damas.Game` declares
  them: a position repeated (since the last man move or capture) scores as a
  draw, and so does a line that reaches the variant's limit of king moves (20
  moves each on 8x8, 25 on 10x10) or the limit of its endgame against a lone
  king (8x8: three kings, 20 moves; 10x10: 10 moves by art. 6.3, 5 by art.
  6.4), counted from the position where that material first appeared.  A
  side that cannot move has lost even when a limit is reached on that ply
  (7.2 before art. 6, as in the Game).  The moves already pushed on the board
  count as history.

The evaluation (:mod:`damas.engine.evaluation`), from the side to move, is chosen
per search (``evaluation=``, one of :data:`EVALUATIONS`).  "classic", the
default of fixed-depth searches, counts material (a man 100, a king 300: "a
king is worth about three men"), the advancement of the men, the centre and
the guard of the back row; the levels always use it, and so do the course's
analyses.  "tuned" weighs fifteen features fitted by
``scripts/tune_evaluation.py`` on self-play games; "patterns"
(:mod:`damas.engine.patterns`) adds to material the learned weights of local
patterns of men, fitted by ``scripts/tune_patterns.py`` on the positions of
self-play games; on the International and Brazilian boards it is the
default of timed searches (:data:`TIMED_EVALUATION`).  Scores are in
hundredths of a man; a won position scores ``WIN - plies`` (see
:func:`is_win_score`).

Positions with few pieces are looked up in the endgame database
(:mod:`damas.engine.endgames`: on 8x8 every table, on 10x10 up to 3 pieces) and
scored exactly, unless a draw limit of the line could come first; the
principal variation goes on with the database's best line.  Tables not built
yet are built (silently) the first time the search meets them.
``USE_ENDGAME_DATABASE = False`` turns this off.

Every move comes from the one move generator, :func:`damas.rules.movegen.children`
(the list behind :meth:`damas.Board.legal_moves`): the engine knows no rule
of its own.  Inside the tree a position is its bitboards (white pieces, black
pieces, kings) and the side to move; a move is a raw child, the position it
leads to, made by copy and hashed incrementally; Move objects are made only
for the root and the principal variation, the i-th child being the i-th
legal move.  At the horizon only the captures are listed
(:func:`damas.rules.movegen.capture_children`; :func:`damas.rules.movegen.can_step` tells
whether a quiet move exists).

A search *with a clock* (``seconds``, no ``depth`` nor ``level``) is
selective, and keeps its transposition table for the next timed search of
the same kind (the positions of a game recur from one move to the next).  It
does not count the depth of a single reply, searches late quiet moves one ply
shallower (again at full depth when they beat the best so far), cuts a quiet
node when a shallow search already scores it far above beta, narrows the
window of each iteration around the last score.  It can also, once in a
line, give the side to move one more ply at the horizon when the opponent
threatens a capture (:func:`damas.rules.movegen.has_capture`; off by default).
:data:`SELECTIVE_FEATURES` lists what it uses; ``selective=`` of :func:`analyse` and :func:`best_move`
chooses either search explicitly.  A fixed-depth search is full-width by
default and never reads the kept tables, so the course's analyses and the
levels give the same moves on every run.  When the clock stops an
iteration, a root move whose exact score that iteration has already proved
(the move searched first, or one that beat it) is played, not the last
complete iteration's move.  :data:`KEPT_TABLE_SIZE` bounds the kept tables
(entries per table) and :func:`free_tables` empties them (a browser kernel,
Pyodide, may want the memory back).
"""

from __future__ import annotations

import random
import time
import zlib
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, NamedTuple

from damas.errors import ArgumentError, IllegalMoveError
from damas.rules.args import board_of, checked, described, flag, number, optional, refuse, whole_spec
from damas.rules.board import Board, Move
from damas.rules.colors import OPPONENT, WHITE, Color
from damas.rules.move import _PROMOTES
from damas.rules.movegen import RawChild, generator
from damas.rules.movegen import _can_step, _children, _has_capture  # unchecked: called at every node
from damas.rules.notation import line_texts, shown
from damas.rules.variants import Variant, get_variant
from damas.engine.variant_data import _DATA, _VariantData, _data  # noqa: F401 - engine._data, as before

if TYPE_CHECKING:
    from damas.engine.evaluation import Evaluation

__all__ = ["best_move", "analyse", "Analysis", "evaluate", "EVALUATIONS", "LEVELS", "Level", "SELECTIVE_FEATURES", "WIN",
           "VARIANT_LEVELS", "level_settings", "level_move", "is_careless",
           "KEPT_TABLE_SIZE", "free_tables", "TIMED_EVALUATION", "default_evaluation",
           "is_win_score"]

# The search looks positions of the endgame database up (damas.engine.endgames) and
# scores them exactly; False searches them like any other position.
USE_ENDGAME_DATABASE = True

WIN = 100_000
_WIN_THRESHOLD = WIN - 1000
MAN, KING = 100, 300
INF = 10 ** 9

# The selective search of timed play (``_Search(selective=True)``): what it
# uses ("threat": the capture-threat extension at the horizon; "single": a
# single reply costs no depth; "probcut": the shallow search that cuts a
# quiet node far above beta; "lmr": late-move reductions; "aspiration": the
# narrow window), no extension beyond _EXTENSION_PLIES, the margin per ply of
# depth of the cut, and the half-width of the window around the previous
# iteration's score.  The threat extension is left out: it makes the
# horizon more careful for the side under attack, and in the matches of
# December 2026 (benchmarks/README.md) it missed more shots than it saved.
SELECTIVE_FEATURES = frozenset({"single", "probcut", "lmr", "aspiration"})
_EXTENSION_PLIES = 48
_PROBCUT_MARGIN = 10
_ASPIRATION = 20


def is_win_score(score: int) -> bool:
    """True when ``score`` means a forced win (or loss, if negative)."""
    if type(score) is not int:          # not isinstance: a truth value is refused too
        raise ArgumentError(f"is_win_score espera uma avaliação (um número inteiro), não {described(score)}.")
    return abs(score) >= _WIN_THRESHOLD


#: The evaluations a search may use (see :mod:`damas.engine.evaluation`): "classic",
#: the engine's first one, by default (the levels, the course's analyses and
#: its stored outputs rest on it); "tuned", the evaluation fitted by
#: scripts/tune_evaluation.py, for timed play and matches; "patterns", the
#: local men patterns of damas.engine.patterns, fitted by scripts/tune_patterns.py.
EVALUATIONS = ("classic", "tuned", "patterns")

#: The evaluation of a timed search that asks for none, per variant.
#: "patterns" where its weights are fitted to the scores of a deeper search
#: and won the match at 1 s of CPU per move: International (against
#: TurboEngine, where "classic" lost) and Brazilian (against "classic");
#: see benchmarks/README.md, "An evaluation fitted to search scores".  The
#: other 8x8 variants read the Brazilian weights, played on no match, so
#: they keep "classic".  A fixed-depth search that asks for none, and the
#: levels, use "classic".
TIMED_EVALUATION = {"international": "patterns", "brazilian": "patterns"}


def default_evaluation(variant: Variant | str, timed: bool) -> str:
    """The evaluation a search of ``variant`` uses when none is asked: see
    :data:`TIMED_EVALUATION`."""
    if not timed:
        return "classic"
    variant = variant if isinstance(variant, Variant) else get_variant(variant)
    return TIMED_EVALUATION.get(variant.name, "classic")


def _evaluator(variant: Variant, evaluation: object = "classic") -> Evaluation:
    from damas.engine import evaluation as module
    if evaluation == "classic":
        return module.classic(variant)
    if evaluation == "tuned":
        return module.evaluator(variant)
    if evaluation == "patterns":
        from damas.engine.patterns import patterns
        return patterns(variant)
    raise ArgumentError(f"Avaliação desconhecida: {shown(evaluation)}; use "
                        + " ou ".join(f"'{e}'" for e in EVALUATIONS) + ".")


def evaluate(board: Board, evaluation: str = "classic") -> int:
    """Static evaluation of ``board`` from the side to move, in hundredths of a man
    (no search: a capture pending is not seen); ``evaluation``: one of
    :data:`EVALUATIONS`."""
    board = board_of(board, "evaluate")
    return _evaluator(board.variant, evaluation)(board.white_bits, board.black_bits, board.king_bits, board.turn == WHITE)


# ---------------------------------------------------------------------------
# Results
# ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Analysis:
    """Result of :func:`analyse`: ``score`` for the side to move (hundredths of
    a man; ``WIN - n`` = win in n plies), the principal variation ``pv``
    (Move objects), the ``depth`` completed and the ``nodes`` searched (in a
    timed search, those of the iteration the clock stopped too)."""

    score: int
    pv: list[Move] = field(default_factory=list)
    depth: int = 0
    nodes: int = 0

    @property
    def best(self) -> Move | None:
        """The first move of the principal variation (None if there is none)."""
        return self.pv[0] if self.pv else None

    def text(self, board: Board | None = None) -> str:
        """A one-line summary in Portuguese; with ``board`` (the analysed
        position) the moves are written in the variant's usual notation."""
        if is_win_score(self.score):
            plies = WIN - abs(self.score)
            what = (f"vitória em {plies} lances (contando os dois lados)" if self.score > 0
                    else f"derrota em {plies} lances (contando os dois lados)")
        else:
            what = f"avaliação {self.score / 100:+.2f} pedra"
        line = " ".join(line_texts(board, self.pv)) if board is not None else " ".join(str(m) for m in self.pv)
        return f"Profundidade {self.depth}: {what}; linha principal: {line or '(nenhuma)'}"


class _Timeout(Exception):
    pass


# ---------------------------------------------------------------------------
# The search
# ---------------------------------------------------------------------------
EXACT, LOWER, UPPER = 0, 1, 2


# (variant name, evaluation, selective) -> (transposition table, static
# scores) of the timed searches.  Full, the two tables of one kind hold about
# 260 MB; each is emptied when a timed search starts with more than
# KEPT_TABLE_SIZE entries in it.  Only timed searches fill them (the course
# runs none); free_tables() frees them.
#: A transposition table: hash -> (depth, score, bound, index of the best child or None).
_Table = dict[int, tuple[int, int, int, "int | None"]]
_KEPT_TABLES: dict[tuple[str, str, bool], tuple[_Table, dict[int, int]]] = {}
#: The most entries a kept table of the timed searches may hold when a timed
#: search starts (a full pair of tables takes about 260 MB at 1,000,000):
#: lower it where memory is short.
KEPT_TABLE_SIZE = 1_000_000
# variant name -> {(w, b, k, turn): lookup's answer}
_ENDGAME_CACHE: dict[str, dict[tuple[int, int, int, Color], tuple[int, int | None] | None]] = {}
_ENDGAME_CACHE_SIZE = 200_000


def free_tables() -> int:
    """Empty the tables the timed searches keep from one search to the next
    (and the cache of the endgame database's answers); the number of entries
    freed.  The next timed search starts from empty tables, as the first
    one of a session does."""
    freed = sum(len(t) for pair in _KEPT_TABLES.values() for t in pair)
    freed += sum(len(c) for c in _ENDGAME_CACHE.values())
    _KEPT_TABLES.clear()
    _ENDGAME_CACHE.clear()
    return freed


class _Search:
    """One search of one position.  Inside the tree a position is four
    values, (w, b, k, turn), and its Zobrist hash; its moves are the raw
    children of :func:`damas.rules.movegen.children` (the one generator), made by
    taking the child's bitboards (copy-make: nothing to undo but the line
    of hashes) and hashed incrementally.  Move objects are made only at the
    root and along the principal variation, by index: the i-th raw child is
    the i-th of ``legal_moves()``."""

    def __init__(self, board: Board, deadline: float | None = None, evaluation: str = "classic",
                 selective: bool = False, keep_tables: bool = False) -> None:
        self.evaluate = _evaluator(board.variant, evaluation)
        # The selective search of timed play (see _search); the fixed-depth
        # searches of the levels and the course never use it.
        self.selective = selective
        on = SELECTIVE_FEATURES if selective else ()
        self.threat, self.single, self.probcut, self.lmr, self.aspiration = (
            name in on for name in ("threat", "single", "probcut", "lmr", "aspiration"))
        self.board = board.copy(stack=True)
        self.data = data = _data(board.variant)
        self.gen = generator(board.variant)
        self.deadline = deadline
        self.nodes = 0
        self.partial: tuple[int, int] | None = None  # (root move index, exact score) of the iteration under way
        self.tt: _Table
        self.static: dict[int, int]
        if keep_tables:
            # A timed search starts from the tables of the last timed search
            # of the same kind (the positions of a game recur from one move
            # to the next); they are emptied when they grow too large.
            kept = _KEPT_TABLES.setdefault((board.variant.name, evaluation, selective), ({}, {}))
            for table in kept:
                if len(table) > KEPT_TABLE_SIZE:
                    table.clear()
            self.tt, self.static = kept
        else:
            self.tt, self.static = {}, {}  # static: hash -> evaluation (it depends on the position only)
        self.killers: dict[int, list[int]] = {}
        self.history: dict[int, int] = {}
        # the database's answers, kept from one search to the next (they
        # depend on the position only)
        self.endgame_cache = _ENDGAME_CACHE.setdefault(board.variant.name, {})
        self.scratch = board.copy(stack=False)  # a Board for damas.engine.endgames.lookup
        b = self.board
        self.root = b.bitboards
        self.hash = data.hash(*self.root)
        # History of the game for the draw rules: the hashes of the positions
        # since the last irreversible move (a man move or a capture), and the
        # number of plies of that reversible run.
        # A move is reversible when a king moves without capturing.
        reversible = 0
        probe = b.copy()
        hashes: list[int] = []
        while probe.move_stack:
            move = probe.pop()
            if move.is_capture or not (probe.king_bits & probe.variant.tables.mask[move.start]):
                break
            reversible += 1
            hashes.append(data.hash(*probe.bitboards))
        self.path = list(reversed(hashes))
        self.reversible = reversible
        # Plies left before the endgame limit, counted like damas.Game: from
        # the first position of the game's run under the same endgame rule.
        rule = data.endgame(b.white_bits, b.black_bits, b.king_bits)
        self.endgame_left: int | None = None
        if rule is not None:
            run = 0
            probe = b.copy()
            while probe.move_stack:
                probe.pop()
                if data.endgame(probe.white_bits, probe.black_bits, probe.king_bits) != rule:
                    break
                run += 1
            self.endgame_left = rule[1] - run

    # -- helpers ---------------------------------------------------------
    def _check_time(self) -> None:
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise _Timeout

    def _order(self, kids: list[RawChild], tt_i: int | None, ply: int) -> list[int]:
        """The indices of ``kids`` in the order to search them: the table's
        move, crowning moves, the killer moves of this ply, then by the
        history heuristic (generator order among equals)."""
        n = len(kids)
        hist = self.history.get
        score = [hist(c[6] << 8 | c[7], 0) for c in kids]
        killers = self.killers.get(ply)
        if killers:
            for i in range(n):
                c = kids[i]
                if c[6] << 8 | c[7] in killers and not c[4]:
                    score[i] += 100_000
        for i in range(n):
            if kids[i][5] & _PROMOTES:
                score[i] += 1_000_000
        if tt_i is not None and tt_i < n:
            score[tt_i] += 1_000_000_000
        return sorted(range(n), key=score.__getitem__, reverse=True)

    def _endgame_score(self, w: int, b: int, k: int, turn: Color, ply: int, reversible: int,
                       endgame_left: int | None) -> int | None:
        """The exact score from the endgame database, or None when the
        position is not in it or when a draw limit of the line (king moves,
        6.3/6.4) could come before the database's result."""
        key = (w, b, k, turn)
        cache = self.endgame_cache
        found: tuple[int, int | None] | None | bool = cache.get(key, False)
        if found is False:
            from damas.engine.endgames import lookup
            s = self.scratch
            s.set_bitboards(*key, check=False)
            answer = lookup(s, self.data.endgame_pieces)
            if len(cache) >= _ENDGAME_CACHE_SIZE:
                cache.clear()
            cache[key] = found = answer
        if found is None or isinstance(found, bool):
            return None
        value, plies = found
        if value == 0:
            # A draw without the limits stays a draw with them.  The side with
            # more pieces scores it +1 (the other -1), a hair above a
            # repetition (0): it keeps playing for the opponent's mistake.
            own, opp = (w, b) if turn == WHITE else (b, w)
            diff = own.bit_count() - opp.bit_count()
            return (diff > 0) - (diff < 0)
        limit = self.data.king_limit_plies - reversible
        if endgame_left is not None and endgame_left < limit:
            limit = endgame_left
        if plies is None or plies > limit:
            return None
        return WIN - ply - plies if value > 0 else -WIN + ply + plies

    def _child(self, w: int, b: int, k: int, h: int, c: RawChild, capture: bool, reversible: int,
               endgame_left: int | None) -> tuple[int, int, int | None]:
        """(hash, reversible run, endgame plies left) after the raw child ``c``."""
        data = self.data
        h2 = h ^ data.side ^ data.zdiff(data.zw2, data.zw1, w ^ c[0]) ^ data.zdiff(data.zb2, data.zb1, b ^ c[1]) \
            ^ data.zdiff(data.zk2, data.zk1, k ^ c[2])
        # reversible run: a king move that captures nothing
        rev = reversible + 1 if (not capture and k & c[3]) else 0
        if capture or c[5] & _PROMOTES:  # the material changed
            eg = data.child_endgame_rule(endgame_left, w, b, k, c[0], c[1], c[2])
        else:
            eg = None if endgame_left is None else endgame_left - 1
        return h2, rev, eg

    # -- negamax ---------------------------------------------------------
    def negamax(self, w: int, b: int, k: int, turn: Color, h: int, depth: int, alpha: int, beta: int, ply: int,
                reversible: int, endgame_left: int | None = None) -> int:
        self.nodes += 1
        if not self.nodes & 1023:
            self._check_time()
        threatened = False
        data = self.data
        tt = self.tt
        entry = tt.get(h)
        kids: list[RawChild] | None
        if depth > 0:
            if entry is not None:
                kids = None  # in the table, so it has moves: listed below if the table does not answer
            else:
                kids = _children(self.gen, w, b, k, turn)
                if not kids:
                    return -WIN + ply  # lost (7.2), even on the ply a draw limit is reached
        else:
            # At the horizon only the captures are searched: the other moves
            # need not be listed, only known to exist.
            kids = _children(self.gen, w, b, k, turn, None, False)  # the captures only
            if not kids and entry is None and not _can_step(self.gen, w, b, k, turn):
                return -WIN + ply
        # Draw rules in the line: repetition since the last irreversible move,
        # the limit of king moves and the endgame limits.
        path = self.path
        if ply > 0:
            if reversible >= data.king_limit_plies:
                return 0
            if endgame_left is not None and endgame_left <= 0:
                return 0
            if reversible >= 4:
                n = len(path)
                # positions with the same side to move are 2, 4, ... plies back
                i = n - 2
                lo = n - reversible
                if lo < 0:
                    lo = 0
                while i >= lo:
                    if path[i] == h:
                        return 0
                    i -= 2
            if USE_ENDGAME_DATABASE and (w | b).bit_count() <= data.endgame_pieces:
                score = self._endgame_score(w, b, k, turn, ply, reversible, endgame_left)
                if score is not None:
                    return score
        if kids is not None and not kids:  # the horizon, and no capture: a quiet position
            if (self.threat and depth == 0 and ply < _EXTENSION_PLIES
                    and _has_capture(self.gen, w, b, k, OPPONENT[turn])):
                # The opponent threatens to take: one more ply, so that the
                # side to move may save (or trade) the piece it leaves hanging;
                # once in a line (below it the depth is -1: no more of them).
                depth = 1
                kids = None
                threatened = True
            else:
                score = self.static.get(h)
                if score is None:
                    score = self.static[h] = self.evaluate(w, b, k, turn == WHITE)
                return score
        tt_i = None
        if entry is not None:
            e_depth, e_score, e_flag, tt_i = entry
            if e_depth >= depth and ply > 0:
                score = e_score
                if score >= _WIN_THRESHOLD:
                    score -= ply
                elif score <= -_WIN_THRESHOLD:
                    score += ply
                if e_flag == EXACT:
                    return score
                if e_flag == LOWER and score >= beta:
                    return score
                if e_flag == UPPER and score <= alpha:
                    return score
        if kids is None:
            kids = _children(self.gen, w, b, k, turn)
            if not kids:  # cannot happen (a position of the table has moves), but never search no move
                return -WIN + ply
        capture = kids[0][4] != 0
        n = len(kids)
        stored_depth = depth
        lmr = False
        if self.selective and depth > 0:
            if n == 1:
                if self.single and ply < _EXTENSION_PLIES:
                    depth += 1  # a single reply costs no depth
            elif not capture:
                if self.probcut and depth >= 3 and beta == alpha + 1 and -_WIN_THRESHOLD < beta < _WIN_THRESHOLD:
                    # A quiet position far above beta: a shallow search with a
                    # raised bound confirms it, and the node is cut.
                    margin = _PROBCUT_MARGIN * depth
                    raised = beta + margin
                    score = self.negamax(w, b, k, turn, h, depth * 2 // 5, raised - 1, raised, ply,
                                         reversible, endgame_left)
                    if score >= raised:
                        return score - margin
                lmr = self.lmr and depth >= 3
        order: Sequence[int] = self._order(kids, tt_i, ply) if n > 1 else (0,)
        orig_alpha = alpha
        best = -INF
        best_i = None
        next_depth = depth - 1 if depth > 0 else depth
        if threatened:
            next_depth = -1
        nturn = OPPONENT[turn]
        negamax = self.negamax
        path.append(h)
        first = True
        side = data.side
        zw2, zb2, zk2 = data.zw2, data.zb2, data.zk2
        for count, i in enumerate(order):
            c = kids[i]
            # the child's hash: the mover's pieces change in at most two bits,
            # the kings and the captured side in a few
            z = zb2.get(b ^ c[1]) if turn == WHITE else zw2.get(w ^ c[0])
            if z is None:
                z = data.zdiff(zb2, data.zb1, b ^ c[1]) if turn == WHITE else data.zdiff(zw2, data.zw1, w ^ c[0])
            z2 = zk2.get(k ^ c[2])
            if z2 is None:
                z2 = data.zdiff(zk2, data.zk1, k ^ c[2])
            h2 = h ^ side ^ z ^ z2 ^ (zw2[w ^ c[0]] if turn == WHITE else zb2[b ^ c[1]])
            # reversible run: a king move that captures nothing
            rev = reversible + 1 if (not capture and k & c[3]) else 0
            if capture or c[5] & _PROMOTES:  # the material changed
                eg = data.child_endgame_rule(endgame_left, w, b, k, c[0], c[1], c[2])
            else:
                eg = None if endgame_left is None else endgame_left - 1
            if first:
                score = -negamax(c[0], c[1], c[2], nturn, h2, next_depth, -beta, -alpha, ply + 1, rev, eg)
                first = False
            elif lmr and count >= 3:
                # a late quiet move: searched one ply shallower, again at full
                # depth only when it beats alpha
                score = -negamax(c[0], c[1], c[2], nturn, h2, next_depth - 1, -alpha - 1, -alpha, ply + 1, rev, eg)
                if score > alpha:
                    score = -negamax(c[0], c[1], c[2], nturn, h2, next_depth, -alpha - 1, -alpha, ply + 1, rev, eg)
                    if alpha < score < beta:
                        score = -negamax(c[0], c[1], c[2], nturn, h2, next_depth, -beta, -alpha, ply + 1, rev, eg)
            else:
                score = -negamax(c[0], c[1], c[2], nturn, h2, next_depth, -alpha - 1, -alpha, ply + 1, rev, eg)
                if alpha < score < beta:
                    score = -negamax(c[0], c[1], c[2], nturn, h2, next_depth, -beta, -alpha, ply + 1, rev, eg)
            if score > best:
                best = score
                best_i = i
                if score > alpha:
                    if ply == 0 and score < beta:
                        # an exact score of a root move: kept in case the
                        # clock stops this iteration (see _search)
                        self.partial = (i, score)
                    alpha = score
                    if alpha >= beta:
                        if not capture:
                            key = c[6] << 8 | c[7]
                            ks = self.killers.setdefault(ply, [])
                            if key not in ks:
                                ks.insert(0, key)
                                del ks[2:]
                            self.history[key] = self.history.get(key, 0) + depth * depth
                        break
        path.pop()
        flag = EXACT if orig_alpha < best < beta else (LOWER if best >= beta else UPPER)
        stored = best
        if stored >= _WIN_THRESHOLD:
            stored += ply
        elif stored <= -_WIN_THRESHOLD:
            stored -= ply
        old = tt.get(h)
        if old is None or old[0] <= stored_depth:
            tt[h] = (stored_depth, stored, flag, best_i)
        return best

    def search_root(self, depth: int, alpha: int = -INF, beta: int = INF) -> int:
        self.partial = None
        w, b, k, turn = self.root
        return self.negamax(w, b, k, turn, self.hash, depth, alpha, beta, 0, self.reversible, self.endgame_left)

    def pv(self, max_len: int = 40, first: int | None = None) -> list[Move]:
        """The principal variation read from the transposition table, as
        Move objects (the raw child's index in legal_moves()); with
        ``first`` (an index in legal_moves()) the line that starts with
        that root move."""
        board = self.board.copy(stack=False)
        data = self.data
        line: list[Move] = []
        seen = set()
        h = self.hash
        while len(line) < max_len:
            entry = self.tt.get(h)
            if first is not None and not line:
                entry = (0, 0, EXACT, first)  # the root move asked for, not the table's
            if entry is None or entry[3] is None or h in seen:
                # a position the search scored from the endgame database: its best line
                if (h not in seen and USE_ENDGAME_DATABASE
                        and (board.white_bits | board.black_bits).bit_count() <= data.endgame_pieces):
                    from damas.engine.endgames import best_line, lookup
                    found = lookup(board, data.endgame_pieces)
                    if found is not None and found[0] != 0:
                        line.extend(best_line(board, max_len - len(line)))
                break
            seen.add(h)
            legal = board.legal_moves()
            i = entry[3]
            if i >= len(legal):
                break
            w, b, k = board.white_bits, board.black_bits, board.king_bits
            move = board.push(legal[i])
            h = h ^ data.side ^ data.zdiff(data.zw2, data.zw1, w ^ board.white_bits) \
                ^ data.zdiff(data.zb2, data.zb1, b ^ board.black_bits) ^ data.zdiff(data.zk2, data.zk1, k ^ board.king_bits)
            line.append(move)
        return line

    def root_scores(self, depth: int) -> list[tuple[Move, int]]:
        """Score of every root move at ``depth`` (full window), in the order
        of legal_moves()."""
        w, b, k, turn = self.root
        h = self.hash
        kids = _children(self.gen, w, b, k, turn)
        moves = self.board.legal_moves()
        capture = bool(kids) and kids[0][4] != 0
        nturn = OPPONENT[turn]
        out: list[tuple[Move, int]] = []
        self.path.append(h)
        for m, c in zip(moves, kids):
            h2, rev, eg = self._child(w, b, k, h, c, capture, self.reversible, self.endgame_left)
            score = -self.negamax(c[0], c[1], c[2], nturn, h2, depth - 1, -INF, INF, 1, rev, eg)
            out.append((m, score))
        self.path.pop()
        return out


def _search(board: Board, seconds: float | None = None, depth: int | None = None, evaluation: str | None = None,
            selective: bool | None = None) -> tuple[_Search, Analysis]:
    if depth is not None:
        deadline, max_depth = None, depth
    else:       # seconds and depth were checked by _check_search
        deadline, max_depth = time.perf_counter() + (1.0 if seconds is None else seconds), MAX_DEPTH
    if selective is None:
        selective = deadline is not None
    if evaluation is None:
        evaluation = default_evaluation(board.variant, timed=deadline is not None)
    s = _Search(board, deadline, evaluation, selective=bool(selective), keep_tables=deadline is not None)
    moves = s.board.legal_moves()
    if not moves:
        return s, Analysis(score=-WIN, pv=[], depth=0, nodes=0)
    result: Analysis | None = None
    for d in range(1, max_depth + 1):
        try:
            if s.aspiration and result is not None and d >= 4 and not is_win_score(result.score):
                # Aspiration: a narrow window around the last score, widened
                # on the side it fails until the score falls inside.
                lo, hi = result.score - _ASPIRATION, result.score + _ASPIRATION
                while True:
                    score = s.search_root(d, lo, hi)
                    if score <= lo:
                        lo = -INF if is_win_score(score) else lo - 2 * (hi - lo)
                    elif score >= hi:
                        hi = INF if is_win_score(score) else hi + 2 * (hi - lo)
                    else:
                        break
            else:
                score = s.search_root(d)
        except _Timeout:
            # The clock stopped iteration d.  A root move whose exact score
            # at depth d is known (inside the window: the first move searched,
            # or one that beat it) is the better choice than the last
            # complete iteration's move, which depth d may have refuted.
            if s.partial is not None and result is not None:
                i, score = s.partial
                result = Analysis(score=score, pv=s.pv(first=i), depth=d - 1, nodes=s.nodes)
            break
        pv = s.pv()
        if not pv:  # cannot happen after a full iteration, but never return no move
            pv = [moves[0]]
        result = Analysis(score=score, pv=pv, depth=d, nodes=s.nodes)
        if is_win_score(score) and WIN - abs(score) <= d:
            break  # a forced result found within the horizon: deeper search adds nothing
        if deadline is not None and len(moves) == 1 and d >= 2:
            break
    if result is None:  # not even depth 1 in time
        result = Analysis(score=0, pv=[moves[0]], depth=0, nodes=s.nodes)
    elif result.nodes != s.nodes:  # the nodes of the iteration the clock stopped count too
        result = replace(result, nodes=s.nodes)
    return s, result


MAX_DEPTH, MAX_SECONDS = 64, 24 * 3600       # the deepest search, timed or fixed; the longest


def _check_search(board: Board, seconds: object, depth: object, selective: object, evaluation: object,
                  level: object = None, seed: object = None) -> None:
    """Refuse a bad time, depth, search, evaluation, level or seed before searching (ArgumentError)."""
    if depth is not None and (isinstance(depth, bool) or not isinstance(depth, int) or not 1 <= depth <= MAX_DEPTH):
        raise ArgumentError(f"Profundidade inválida: {shown(depth)}; use um inteiro de 1 a {MAX_DEPTH}.")
    if seconds is not None and (number(seconds, "seconds", 0, MAX_SECONDS) <= 0):
        raise refuse("seconds", "um número de segundos maior que zero", seconds)
    if selective is not None:
        flag(selective, "selective")
    if evaluation is not None:
        _evaluator(board.variant, evaluation)
    if level is not None and (isinstance(level, bool) or not isinstance(level, int) or level not in LEVELS):
        raise ArgumentError(f"Nível inválido: {shown(level)}; os níveis vão de 1 (iniciante) a 5 (mais forte).")
    if seed is not None and not isinstance(seed, (int, str)):
        raise refuse("seed", "um número inteiro ou um texto", seed)


def analyse(board: Board, seconds: float | None = 1.0, depth: int | None = None,
            evaluation: str | None = None, selective: bool | None = None) -> Analysis:
    """Search ``board`` (a Board or a damas.Game): to ``depth`` plies
    (deterministic) or, without a depth, for about ``seconds`` seconds
    (iterative deepening), scoring the quiet positions with ``evaluation``
    (:data:`EVALUATIONS`; by default :func:`default_evaluation`: "classic"
    for a fixed depth, and for a timed search the variant's
    :data:`TIMED_EVALUATION`).  Returns an :class:`Analysis` (score for the
    side to move, principal variation, depth reached, nodes).

    ``selective`` chooses the search: the full-width one (every move to the
    depth, captures beyond it) or the selective one (a capture threat at the
    horizon searched one ply more, a single reply not counted, late quiet
    moves reduced, quiet nodes far above beta cut by a shallow search, an
    aspiration window).  By default a timed search is selective and a
    fixed-depth one is full-width, so that the course's analyses and the
    levels keep their moves."""
    board = board_of(board, "analyse")
    _check_search(board, seconds, depth, selective, evaluation)
    return _search(board, seconds=seconds, depth=depth, evaluation=evaluation, selective=selective)[1]


class Level(NamedTuple):
    """A strength level for students (:func:`level_move`):
    the depth of its search, the margin in hundredths of a man within which
    a move counts as near-best and may be chosen at random, and the share
    (in %) of positions where it is careless: it looks only at the position
    after its own move, not at the replies."""
    depth: int
    margin: int
    careless: int


# Calibrated by matches on the Brazilian board (benchmarks/levels.py; the ladder in
# benchmarks/README.md); VARIANT_LEVELS has other boards' settings.
LEVELS = {
    1: Level(1, 60, 35),
    2: Level(1, 50, 15),
    3: Level(2, 40, 5),
    4: Level(4, 20, 0),
    5: Level(5, 0, 0),
}


#: The boards whose ladder needs other settings than :data:`LEVELS`
#: (calibrated on the Brazilian board; every board not named here uses it).  On the
#: International board a search of the same depth wins more often over a shallower one
#: (a longer game, more pieces to lose), so levels 3 to 5 search shallower there
#: (benchmarks/levels.py).
VARIANT_LEVELS = {
    "international": {**LEVELS, 3: Level(1, 40, 0), 4: Level(2, 30, 0), 5: Level(3, 10, 0)},
}


#: A level of the ladder, 1 (iniciante) to 5 (mais forte).
_LEVEL = whole_spec(1, max(LEVELS))


def _variant_name(value: Any, name: str) -> Any:
    if not isinstance(value, str):
        raise refuse(name, "o nome de uma variante, como 'brazilian'", value)
    get_variant(value)          # VariantError, with the list of variants, for an unknown name
    return value


@checked(level=_LEVEL, variant=_variant_name)
def level_settings(level: int, variant: str = "brazilian") -> Level:
    """The :class:`Level` of ``level`` on the board of ``variant``."""
    return VARIANT_LEVELS.get(variant, LEVELS)[level]


def _child(board: Board, move: Move) -> Board:
    child = board.copy(stack=False)
    child.push(move)
    return child


@checked(level=_LEVEL)
def is_careless(board: Board, level: int) -> bool:
    """True when ``level`` plays ``board`` without looking at the replies
    (a fixed share of positions, chosen by the position itself)."""
    share = level_settings(level, board.variant.name).careless
    return share > 0 and _careless_position(board, level, share)


def _careless_position(board: Board, level: int, share: int) -> bool:
    return zlib.crc32(f"careless|{board.variant.name}|{board.fen()}|{level}".encode()) % 100 < share


def _settings(value: Any, name: str) -> Any:
    if not isinstance(value, Level) or not all(isinstance(x, int) and not isinstance(x, bool) for x in value):
        raise refuse(name, "os ajustes de um nível (Level(profundidade, margem, descuido))", value)
    return value


@checked(level=_LEVEL, settings=optional(_settings))
def level_move(board: Board, level: int, seed: int | str | None = None, settings: Level | None = None) -> Move:
    """The move of ``level`` (1 to 5) in ``board``; see the module docstring.  ``settings``
    (a :class:`Level`) plays other settings than the level's own
    (the self-play games of the collections keep the settings they were played with)."""
    moves = board.legal_moves()
    if not moves:
        raise IllegalMoveError("Não há lance possível: o lado que joga perdeu (regra 7.2).")
    if len(moves) == 1:
        return moves[0]
    depth, margin, share = settings if settings is not None else level_settings(level, board.variant.name)
    careless = share > 0 and _careless_position(board, level, share)
    if margin == 0 and not careless:
        return _search(board, depth=depth)[1].pv[0]
    scores: list[tuple[Move, int]] = []
    if careless:
        # the position after the move, seen from the mover: no reply looked at
        for m in moves:
            child = _child(board, m)
            scores.append((m, -evaluate(child) if child.legal_moves() else 10 ** 6))
    else:
        scores = _Search(board).root_scores(depth)
    top = max(sc for _, sc in scores)
    if is_win_score(top) or top >= 10 ** 6:
        near = [m for m, sc in scores if sc == top]
    else:
        near = [m for m, sc in scores if sc >= top - margin]
    if seed is None:
        seed = zlib.crc32(f"{board.variant.name}|{board.fen()}|{level}".encode())
    return near[random.Random(seed).randrange(len(near))]


def best_move(board: Board, seconds: float | None = 1.0, level: int | None = None,
              depth: int | None = None, seed: int | str | None = None, evaluation: str | None = None,
              selective: bool | None = None) -> Move:
    """The move the engine plays in ``board`` (a Board or a damas.Game).

    * ``depth`` given: a fixed-depth search (the same move on every run);
    * ``level`` 1 to 5: a student opponent; low levels search shallowly and
      choose at random (seeded: ``seed``, by default the position itself)
      among the moves whose score is close to the best, so they play
      plausible, not random, moves (:mod:`damas.engine.players`); the
      strongest level plays the best move of its fixed-depth search;
    * otherwise the best move found in ``seconds`` seconds.

    ``evaluation`` (:data:`EVALUATIONS`; by default as in :func:`analyse`)
    scores the quiet positions of a timed or fixed-depth search, and
    ``selective`` chooses its search as in :func:`analyse`; the levels always
    use the classic evaluation and the full-width search, so a beginner's
    opponent stays the same.
    """
    board = board_of(board, "best_move")
    _check_search(board, seconds, depth, selective, evaluation, level, seed)
    moves = board.legal_moves()
    if not moves:
        raise IllegalMoveError("Não há lance possível: o lado que joga perdeu (regra 7.2).")
    if level is not None:
        return level_move(board, level, seed)
    if len(moves) == 1:
        return moves[0]
    return _search(board, seconds=seconds, depth=depth, evaluation=evaluation, selective=selective)[1].pv[0]

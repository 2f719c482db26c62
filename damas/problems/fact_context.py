"""The position a comment talks about, and the board facts its tags are checked with.

A :class:`Context` is a line of moves (a problem's stored solution, or a game's moves with the
move a note follows) and what the comment may refer to; the functions below answer the questions
the checks of :mod:`damas.problems.fact_checks` ask: does a move give a piece to a new capture
(:func:`gives_piece`), can a side force the gain of a man (the solver), is a position level (the
engine at two depths and the solver).  Every move comes from :meth:`damas.Board.legal_moves`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from damas.rules.args import BOARD as _board, MOVE, PDN_GAME, checked, instance_spec, items_spec, optional, refuse, whole_spec
from damas.rules.board import BLACK, WHITE, Board, Move
from damas.rules.colors import Color

if TYPE_CHECKING:
    from damas.problems.puzzles import Puzzle
    from damas.problems.solver import Proof
    from damas.rules.pdn import PDNGame
    from damas.rules.pdn_tree import PDNNode

__all__ = ["Step", "Context", "line_steps", "puzzle_context", "game_contexts", "gives_piece", "level", "DEPTH", "LEVEL"]

DEPTH = 8        # the depth the course's verdicts rest on (the coach's and the chapters' default)
LEVEL = 60       # |score| below this (hundredths of a man) is "level"


def _other(color: str) -> Color:
    return BLACK if color == WHITE else WHITE


# ---------------------------------------------------------------------------
# The position a comment talks about
# ---------------------------------------------------------------------------
@dataclass
class Step:
    """One move of the line: the position before it, the move, its text, the position after."""

    before: Board
    move: Move
    text: str
    after: Board

    @property
    def color(self) -> Color:
        return self.before.turn


@dataclass
class Context:
    """A line of moves and what a comment on it refers to.

    ``focus`` is the index of the step a game note follows (None for a
    problem's comment, which talks about the whole line); ``puzzle`` and
    ``proof`` are the problem's (None in a game); ``alternatives`` maps the
    text of a move the comment may name as "instead" to the position it is
    played in (a game's variation, a trap's safe move)."""

    start: Board
    steps: list[Step]
    focus: int | None = None
    puzzle: Puzzle | None = None
    proof: Proof | None = None
    before_start: Board | None = None      # a trap: the position before the victim's last move
    alternatives: dict[str, Board] = field(default_factory=dict)
    history: list[tuple[Board, Move]] = field(default_factory=list)  # (position, move) of the game that reached the start
    first_number: int = 1                           # a game: the number of its first move
    free: bool = False                              # a chapter's position: a tag may name any legal move

    @property
    def size(self) -> int:
        """8 or 10: the board the squares of the comment are on."""
        return self.start.variant.size

    @property
    def solver(self) -> Color:
        return self.start.turn

    @property
    def end(self) -> Board:
        if self.focus is not None:
            return self.steps[self.focus].after
        return self.steps[-1].after if self.steps else self.start

    def find(self, text: str, start: int = 0) -> int | None:
        """The index of the first step at or after ``start`` whose move is ``text`` (or None)."""
        for i in range(start, len(self.steps)):
            if self.steps[i].text == text:
                return i
        for i in range(0, min(start, len(self.steps))):
            if self.steps[i].text == text:
                return i
        return None


#: A proof of the solver (:func:`damas.problems.solver.solve`).
PROOF = instance_spec("damas.problems.solver.Proof", "a prova de um problema (solve(problema))")


def _square(value: Any, name: str) -> Any:  # a spec, as damas.rules.args's
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 50:
        raise refuse(name, "uma casa (um número de 1 a 50)", value)
    return value


@checked(moves=items_spec(MOVE, "uma lista de lances (Move)"))
def line_steps(board: Board, moves: Iterable[Move]) -> list[Step]:
    """The :class:`Step` of each move of ``moves`` (Move objects), played from ``board``."""
    out = []
    b = board.copy(stack=False)
    for m in moves:
        before = b.copy(stack=False)
        text = before.move_text(m)
        b.push(m)
        out.append(Step(before, m, text, b.copy(stack=False)))
    return out


@checked(proof=optional(PROOF))
def puzzle_context(puzzle: Puzzle, proof: Proof | None = None) -> Context:
    """The context of a problem's comment: its stored line, its proof, and
    (a trap with a ``Reached`` line) the position before the victim's mistake."""
    from damas.problems.solver import solve
    board = puzzle.board()
    proof = proof if proof is not None else solve(puzzle)
    ctx = Context(board, line_steps(board, puzzle.solution_moves()), puzzle=puzzle, proof=proof)
    if getattr(puzzle, "reached", ""):
        from damas.problems.puzzles import _tokens
        g = Board(board.variant.initial_fen(), variant=board.variant)
        toks = _tokens(puzzle.reached)
        for tok in toks:
            if len(ctx.history) == len(toks) - 1:
                ctx.before_start = g.copy(stack=False)
            mv = g.parse_move(tok)
            ctx.history.append((g.copy(stack=False), mv))
            g.push(mv)
        before = ctx.before_start
        if before is not None:  # None when the Reached line has no move ("*")
            for m in before.legal_moves():
                ctx.alternatives.setdefault(before.move_text(m), before)
    return ctx


@checked(game=PDN_GAME)
def game_contexts(game: PDNGame) -> list[tuple[Context, str]]:
    """(context, comment) for the game's opening note (no focus: the whole game), for every
    commented move of its main line, and
    for the notes of its variations (the variation's first move in the
    position where it replaces the game's move)."""
    board = game.initial_board()
    nodes = list(game.line.nodes)
    moves = [_move_of(n) for n in nodes]
    steps = line_steps(board, moves)
    out: list[tuple[Context, str]] = []
    if game.line.comments:                  # the note before the first move talks about the whole game
        out.append((Context(board, steps, first_number=game.first_move_number), " ".join(game.line.comments)))
    for i, node in enumerate(nodes):
        ctx = Context(board, steps, focus=i, first_number=game.first_move_number)
        for var in getattr(node, "variations", []) or []:
            vnodes = list(var.nodes)
            if not vnodes:
                continue
            vsteps = line_steps(steps[i].before, [_move_of(n) for n in vnodes])
            for j, vn in enumerate(vnodes):
                if vn.comments:
                    vctx = Context(steps[i].before, vsteps, focus=j)
                    vctx.alternatives[vsteps[0].text] = steps[i].before
                    out.append((vctx, " ".join(vn.comments)))
        if node.comments:
            out.append((ctx, " ".join(node.comments)))
    return out


def _move_of(node: PDNNode) -> Move:
    """The move of a node of a game read from a PDN (read_games replays every move)."""
    assert node.move is not None, "a game read from a PDN has every move replayed"
    return node.move


# ---------------------------------------------------------------------------
# Board facts
# ---------------------------------------------------------------------------
def _captures(board: Board, color: Color) -> list[Move]:
    probe = board.copy(stack=False)
    probe.turn = color
    return [m for m in probe.legal_moves() if m.is_capture]


def _existed(before_captures: Iterable[Move], reply: Move) -> bool:
    """Did ``reply`` exist before, in that form or longer: a capture by the
    same piece whose route begins with the reply's route?"""
    n = len(reply.path)
    return any(m.start == reply.start and tuple(m.path[:n]) == tuple(reply.path) for m in before_captures)


@checked(before=_board, move=MOVE, reply=optional(MOVE),
         target=optional(_square))
def gives_piece(before: Board, move: Move, reply: Move | None, target: int | None = None) -> str:
    """'' when ``move`` (played in ``before``) gives the piece standing on
    ``target`` (by default the square the move goes to) and ``reply``, the
    opponent's next move, is a capture that takes it and did not exist
    before the move in that form or longer; else the reason, in Portuguese."""
    target = move.end if target is None else target
    v = before.variant
    name = v.square_name(target) if v.size == 8 else str(target)
    if move.is_capture:
        return "é uma tomada, não uma entrega"
    if reply is None or not reply.is_capture:
        return "o lance seguinte do adversário não é uma tomada"
    if target not in reply.captured:
        return f"a tomada seguinte do adversário não leva a peça de {name}"
    if _existed(_captures(before, _other(before.turn)), reply):
        return "essa tomada (ou uma mais longa pelo mesmo caminho) já existia antes do lance"
    return ""


def _free_text(board: Board, move: Move) -> str:
    v = board.variant
    return move.text(names=v.square_name if v.size == 8 else str)


# ---------------------------------------------------------------------------
# What the solver and the engine say
# ---------------------------------------------------------------------------
def _forced_gain(board: Board, side: Color, n: int, puzzle: Puzzle | None = None) -> str:
    from damas.problems.puzzles import Puzzle
    from damas.problems.solver import solve
    if puzzle is not None and board.turn == side and puzzle.goal == "material" and n == puzzle.n:
        return "" if solve(puzzle, all_moves=False).proven else "o solucionador não acha o ganho"
    plies = puzzle.max_plies if puzzle is not None else 9
    if board.turn != side:
        # the opponent moves first: every reply must leave the gain
        for m in board.legal_moves():
            b = board.copy(stack=False)
            b.push(m)
            p = Puzzle(b.fen(), variant=b.variant.name, goal="material", n=n, max_plies=plies)
            if not solve(p, all_moves=False).proven:
                return f"depois de {board.move_text(m)} o solucionador não acha o ganho de {n} {'peça' if n == 1 else 'peças'}"
        return ""
    p = Puzzle(board.fen(), variant=board.variant.name, goal="material", n=n, max_plies=plies)
    return "" if solve(p, all_moves=False).proven else f"o solucionador não acha o ganho de {n} {'peça' if n == 1 else 'peças'}"


def _safe(board: Board, text: str, puzzle: Puzzle | None) -> str:
    """'' when the move ``text`` in ``board`` leaves the opponent no forced
    gain of material within the problem's limit."""
    from damas.problems.puzzles import Puzzle
    from damas.problems.solver import solve
    b = board.copy(stack=False)
    b.push(b.parse_move(text))
    p = Puzzle(b.fen(), variant=b.variant.name, goal="material", n=puzzle.n if puzzle else 1,
               max_plies=puzzle.max_plies if puzzle else 5)
    return f"depois de {text} o adversário ganha material à força" if solve(p, all_moves=False).proven else ""


@checked(depth=whole_spec(1, 30), plies=whole_spec(1, 30))
def level(board: Board, depth: int = DEPTH, plies: int = 7) -> str:
    """'' when ``board`` is level: the engine's score at ``depth`` and at
    ``depth + 4`` both within :data:`LEVEL`, and the side to move cannot be
    forced to lose a man within ``plies`` (nor force a gain)."""
    from damas.engine.search import analyse
    from damas.problems.puzzles import Puzzle
    from damas.problems.solver import solve
    for d in (depth, depth + 4):
        a = analyse(board, depth=d)
        if abs(a.score) >= LEVEL:
            return f"a avaliação do motor, a {d} lances de profundidade, é {a.score / 100:+.2f} pedra"
    mover = board.turn
    loses = _forced_gain(board, _other(mover), 1)
    if not loses:
        return "o solucionador acha uma perda de pedra à força"
    p = Puzzle(board.fen(), variant=board.variant.name, goal="material", n=1, max_plies=plies)
    if solve(p, all_moves=False).proven:
        return "o solucionador acha um ganho de pedra à força"
    return ""

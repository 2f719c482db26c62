"""The puzzle solver: an AND-OR search that proves a puzzle's goal.

At the solving side's turn one move must work, at the defender's every reply
must; the ply limit grows one ply at a time, so the main line found is a
shortest one (see :mod:`damas.problems.puzzles` for the goals).

>>> from damas.problems.puzzles import Puzzle
>>> from damas.problems.solver import solve
>>> proof = solve(Puzzle("W:W6,14,15,17,27:BK2", goal="win", max_plies=3))
>>> proof.proven, [str(m) for m in proof.main_line]
(True, ['27-23', '2x10', '14x7'])
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from damas.errors import ArgumentError, DamasError
from damas.rules.args import described, flag
from damas.problems.puzzles import Puzzle, _tokens
from damas.rules.board import Board, Move
from damas.rules.colors import BLACK, WHITE, Color, opponent
from damas.rules.notation import line_texts, number_prefix

__all__ = ["solve", "Proof", "ProofNode"]

# ---------------------------------------------------------------------------
# The AND-OR search
# ---------------------------------------------------------------------------
class _Solver:
    """Proves a puzzle's goal; shared by solve, check and hint (one per puzzle)."""

    def __init__(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        self.board = puzzle.board()
        b = self.board
        self.solver = b.turn
        self.goal = puzzle.goal
        self.n = puzzle.n
        s_bits, d_bits = (b.white_bits, b.black_bits) if self.solver == WHITE else (b.black_bits, b.white_bits)
        self.balance0 = s_bits.bit_count() - d_bits.bit_count()
        self.kings0 = (s_bits & b.king_bits).bit_count()
        self.defenders0 = d_bits.bit_count()
        self.tt: dict[tuple[int, int, int, Color], tuple[int, int]] = {}  # position -> (smallest depth proven, largest depth disproven)
        self.nodes = 0

    def goal_met(self, board: Board | None = None) -> bool:
        """Is the goal reached in ``board`` (by default the solver's own board)?"""
        b = board or self.board
        moves = b.legal_moves()
        if not moves:
            return b.turn != self.solver  # the defender cannot move: a win
        goal = self.goal
        if goal == "win":
            return False
        s_bits, d_bits = (b.white_bits, b.black_bits) if self.solver == WHITE else (b.black_bits, b.white_bits)
        if goal == "capture":
            # the capture is made: the move generator only offers the
            # captures the majority law allows (4.1, 4.13)
            return d_bits.bit_count() < self.defenders0
        if moves[0].is_capture:
            return False  # not quiet
        if goal == "material":
            return s_bits.bit_count() - d_bits.bit_count() - self.balance0 >= self.n
        if goal == "promote":
            return (s_bits & b.king_bits).bit_count() > self.kings0
        return d_bits.bit_count() <= self.n  # reduce

    def reach(self, depth: int) -> bool:
        """Can the solving side force the goal within ``depth`` plies from the
        solver's board?"""
        self.nodes += 1
        b = self.board
        if self.goal_met(b):
            return True
        if depth <= 0:
            return False
        moves = b.legal_moves()
        if not moves:
            return False
        key = b.bitboards
        entry = self.tt.get(key)
        if entry is not None:
            proven, disproven = entry
            if proven <= depth:
                return True
            if disproven >= depth:
                return False
        push, pop = b.push, b.pop
        if b.turn == self.solver:
            result = False
            for m in moves:
                push(m)
                ok = self.reach(depth - 1)
                pop()
                if ok:
                    result = True
                    break
        else:
            result = True
            for m in moves:
                push(m)
                ok = self.reach(depth - 1)
                pop()
                if not ok:
                    result = False
                    break
        entry = self.tt.get(key, (10 ** 6, -1))
        if result:
            self.tt[key] = (min(entry[0], depth), entry[1])
        else:
            self.tt[key] = (entry[0], max(entry[1], depth))
        return result

    def distance(self, limit: int) -> int | None:
        """Smallest number of plies (<= limit) within which the goal is forced
        from the current board, or None."""
        for d in range(0, limit + 1):
            if self.reach(d):
                return d
        return None

    def child_distances(self, limit: int) -> list[tuple[Move, int | None]]:
        """[(move, distance or None)] for every legal move of the current board,
        with ``limit`` plies left before the move."""
        b = self.board
        out: list[tuple[Move, int | None]] = []
        for m in b.legal_moves():
            b.push(m)
            out.append((m, self.distance(limit - 1)))
            b.pop()
        return out

    def best_attack(self, limit: int) -> tuple[Move | None, int | None]:
        """The solving side's move that reaches the goal soonest (ties: move
        order), with its distance; (None, None) if none works."""
        best: tuple[Move | None, int | None] = (None, None)
        for m, d in self.child_distances(limit):
            if d is not None and (best[1] is None or d < best[1]):
                best = (m, d)
        return best

    def best_defence(self, limit: int) -> tuple[Move | None, int | None]:
        """The defender's reply that resists longest (a reply after which the
        goal cannot be forced at all comes first; ties: move order), with its
        distance (None when it refutes)."""
        best: tuple[Move, int] | None = None
        for m, d in self.child_distances(limit):
            if d is None:
                return m, None
            if best is None or d > best[1]:
                best = (m, d)
        return best if best is not None else (None, None)

    def refutation(self, limit: int) -> Move | None:
        """A defender's reply after which the goal cannot be forced within
        ``limit - 1`` plies (first in move order), or None."""
        b = self.board
        for m in b.legal_moves():
            b.push(m)
            ok = self.reach(limit - 1)
            b.pop()
            if not ok:
                return m
        return None

    def root_reach(self, depth: int) -> bool:
        """Can the solving side, to move, force the goal with a move and
        within ``depth`` plies?  (The goal is not looked for before the move.)"""
        b = self.board
        for m in b.legal_moves():
            b.push(m)
            ok = self.reach(depth - 1)
            b.pop()
            if ok:
                return True
        return False

    def tree(self, limit: int, move: Move | None = None, root: bool = False) -> ProofNode:
        """The proof tree below the current board (goal forced within ``limit``)."""
        b = self.board
        node = ProofNode(move=move, color=None if move is None else opponent(b.turn), children=[],
                         goal=False if root else self.goal_met(b))
        if node.goal or limit <= 0:
            return node
        if b.turn == self.solver:
            m, d = self.best_attack(limit)
            if m is None or d is None:  # both None, or neither
                return node
            b.push(m)
            node.children.append(self.tree(d, m))
            b.pop()
        else:
            scored = self.child_distances(limit)
            # the longest resistance first (the main line), then the others in move order
            order = sorted(range(len(scored)), key=lambda i: (-(scored[i][1] or 0), i))
            for i in order:
                m, d = scored[i]
                b.push(m)
                node.children.append(self.tree(d if d is not None else 0, m))
                b.pop()
        return node


#: a puzzle's key (:meth:`Puzzle.key`)
_Key = tuple[str, str, str, int, int]
_SOLVERS: dict[_Key, _Solver] = {}
_PROOFS: dict[_Key, Proof] = {}


def _proof(puzzle: Puzzle) -> Proof:
    """solve(puzzle), remembered (a puzzle's proof never changes)."""
    key = puzzle.key()
    p = _PROOFS.get(key)
    if p is None:
        if len(_PROOFS) > 256:
            _PROOFS.clear()
        p = _PROOFS[key] = solve(puzzle)
    return p


def _solver(puzzle: Puzzle) -> _Solver:
    key = puzzle.key()
    s = _SOLVERS.get(key)
    if s is None:
        if len(_SOLVERS) > 64:
            _SOLVERS.clear()
        s = _SOLVERS[key] = _Solver(puzzle)
    return s


# ---------------------------------------------------------------------------
# Proofs
# ---------------------------------------------------------------------------
@dataclass
class ProofNode:
    """A node of a proof tree: the ``move`` that led here (None at the root),
    the ``color`` that played it, whether the ``goal`` is reached here, and the
    ``children``: one move of the solving side, or every reply of the defender
    (the longest resistance first)."""

    move: Move | None
    color: Color | None
    children: list[ProofNode] = field(default_factory=list)
    goal: bool = False

    def lines(self, board: Board, indent: int = 0, number: int = 1, out: list[str] | None = None) -> list[str]:
        """Text lines of this subtree (moves in the variant's notation)."""
        out = [] if out is None else out
        for child in self.children:
            assert child.move is not None and child.color is not None  # only the root has neither
            text = board.move_text(child.move)
            prefix = number_prefix(number, child.color, opens=True)
            mark = "  ✓" if child.goal else ""
            out.append("  " * indent + prefix + text + mark)
            board.push(child.move)
            nxt = number + 1 if child.color == BLACK else number
            child.lines(board, indent + (1 if len(self.children) > 1 else 0), nxt, out)
            board.pop()
        return out


@dataclass
class Proof:
    """The result of :func:`solve`.

    ``proven``: the goal can be forced within the puzzle's ply limit;
    ``main_line``: the key move, the longest defence, and so on to the goal;
    ``winning_moves``: every first move that forces the goal within the limit
    (the key move is unique when there is one); ``plies``: the length of the
    shortest forced win; ``tree``: the key move with the refutation of every
    defence (``print(proof)`` shows it); ``nodes``: positions searched."""

    puzzle: Puzzle
    proven: bool
    main_line: list[Move]
    winning_moves: list[Move]
    plies: int | None
    tree: ProofNode | None
    nodes: int

    def __bool__(self) -> bool:
        return self.proven

    @property
    def key_move(self) -> Move | None:
        return self.main_line[0] if self.main_line else None

    @property
    def unique(self) -> bool:
        """True when exactly one first move forces the goal."""
        return len(self.winning_moves) == 1

    def accepts(self, moves: str | Iterable[Move | str]) -> bool:
        """True when ``moves`` (a whole line, both sides, as Move objects or
        text) is a correct solution: each move is legal, every move of the
        solving side keeps the goal forced within the limit, and the line ends
        with the goal reached."""
        s = _Solver(self.puzzle)
        b = s.board
        left = self.puzzle.max_plies
        try:
            for item in (_tokens(moves) if isinstance(moves, str) else moves):
                m = b.parse_move(item) if isinstance(item, str) else item
                if b.turn == s.solver:
                    b.push(m)
                    left -= 1
                    if not s.reach(left):
                        return False
                else:
                    b.push(m)
                    left -= 1
        except DamasError:
            return False
        return s.goal_met(b)

    def text(self) -> str:
        """The proof as text, in Portuguese."""
        p = self.puzzle
        board = p.board()
        lines = [p.task()]
        if not self.proven:
            lines.append(f"Não há solução em até {p.max_plies} lances, contando os dois lados.")
            return "\n".join(lines)
        names = ", ".join(board.move_text(m) for m in self.winning_moves)
        lines.append(f"Resolvido em {self.plies} lances, contando os dois lados. "
                     + ("Lance-chave único: " if self.unique else "Primeiros lances que resolvem: ") + names + ".")
        lines.append("Linha principal: " + " ".join(line_texts(board, self.main_line)))
        lines.append("Árvore (✓ = objetivo atingido):")
        lines.extend(self.tree.lines(board.copy(stack=False), indent=1,
                                     number=1) if self.tree is not None else [])
        return "\n".join(lines)

    __str__ = text

    def __repr__(self) -> str:
        board = self.puzzle.board()
        return (f"Proof(proven={self.proven}, main_line={line_texts(board, self.main_line)!r}, "
                f"winning_moves={[board.move_text(m) for m in self.winning_moves]!r}, plies={self.plies})")


def solve(puzzle: Puzzle, all_moves: bool = True) -> Proof:
    """Prove ``puzzle``: a :class:`Proof` with the main line, the refutation
    of every defence and (unless ``all_moves`` is False) every first move that
    also forces the goal."""
    if not isinstance(puzzle, Puzzle):
        raise ArgumentError(f"solve espera um problema (Puzzle), não {described(puzzle)}.")
    flag(all_moves, "all_moves")
    s = _Solver(puzzle)
    limit = puzzle.max_plies
    plies = None
    for d in range(1, limit + 1):  # iterative deepening on plies: the shortest win first
        if s.root_reach(d):        # (the goal counts only after a move, even if met at the start)
            plies = d
            break
    if plies is None:
        return Proof(puzzle, False, [], [], None, None, s.nodes)
    tree = s.tree(plies, root=True)
    main: list[Move] = []
    node = tree
    while node.children:
        node = node.children[0]
        assert node.move is not None  # only the root has no move
        main.append(node.move)
    winning: list[Move] = []
    if all_moves:
        b = s.board
        for m in b.legal_moves():
            b.push(m)
            if s.reach(limit - 1):
                winning.append(m)
            b.pop()
    else:
        winning = [main[0]]
    return Proof(puzzle, True, main, winning, plies, tree, s.nodes)

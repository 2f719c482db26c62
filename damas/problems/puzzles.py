"""Puzzles (problemas, golpes): a solver that proves them and a checker that
judges a student's answer.

>>> from damas.problems.puzzles import Puzzle, solve, check, hint
>>> turco = Puzzle("W:W6,14,15,17,27:BK2", goal="win", max_plies=3, title="Golpe turco")
>>> proof = solve(turco)
>>> proof.proven, [str(m) for m in proof.main_line], [str(m) for m in proof.winning_moves]
(True, ['27-23', '2x10', '14x7'], ['27-23'])
>>> check(turco, ["f2-e3"])
Verdict(status='partial', message='Correto até aqui. As pretas respondem d8xd6. Continue: as brancas jogam.')
>>> check(turco, ["f2-e3", "c5xe7"]).status
'correct'

**Goals.**  The side to move at the start is the *solving* side; the other is
the *defender*.  A puzzle is proven when the solving side has a first move
such that, whatever the defender replies (every legal reply is searched), the
goal is reached within ``max_plies`` plies (half-moves, both sides counted):

* ``"win"``: the defender, to move, has no piece or no legal move (regra 7.2);
* ``"material"``: the solving side is ``n`` pieces better off than at the
  start (its pieces minus the defender's), in a quiet position (the side to
  move has no capture pending);
* ``"promote"``: the solving side has more kings than at the start (a man was
  crowned and its king is still there) in a quiet position;
* ``"reduce"``: the defender is left with at most ``n`` pieces, in a quiet
  position (for the shots that end "3 against 1" after an even exchange);
* ``"capture"``: the capture drill ("qual é a tomada obrigatória?"): the
  solving side has taken at least one piece.  The move generator only offers
  the captures the majority law allows (4.1, 4.13), so any legal first move
  solves it and every move that is not one of them is refused with the
  rule's explanation; use ``max_plies=1``.

A win (the defender cannot move) meets every goal.

**Search.**  An AND-OR search over the legal moves with a transposition
table: at the solving side's turn one move must work, at the defender's every
reply must.  The ply limit grows one ply at a time, so the main line found is
a shortest one.  Captures are compulsory, so the defender's replies are few
and a typical 8x8 combination is proven in milliseconds.

**PDN.**  A collection is a PDN file, one puzzle per game::

    [Event "Golpe turco"]
    [GameType "26"]
    [FEN "W:W6,14,15,17,27:BK2"]
    [Goal "win"]
    [MaxPlies "3"]
    [Theme "golpe turco"]
    [Difficulty "2"]
    [Source "posição reconstruída"]
    {A dama preta para na casa 10 diante da pedra que já tomou.}
    1. f2-e3 d8xd6 2. c5xe7 *

Tags: ``Goal`` (``win``, ``material``, ``promote``, ``reduce``, ``capture``; the number of
pieces in ``[Material "2"]``, or written ``"material 2"``), ``MaxPlies``
(default: the length of the solution), ``Theme`` (several separated by ``;``),
``Difficulty``, ``Source``, ``Title`` (default ``Event``), ``Accept``
(accepted alternative first moves, separated by ``;``; a variation on the
first move of the solution is also an accepted alternative), ``Reached`` (for a
position from play: the game's moves from the initial position, "1. c3-d4
f6-g5 2. ...", which replay to the FEN).  The move text
is the solution, the comment before the first move is the puzzle's comment.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from damas.rules.board import BLACK, WHITE, Board, Move
from damas.rules.notation import line_texts
from damas.errors import DamasError
from damas.rules.variants import get_variant

__all__ = ["Puzzle", "Proof", "ProofNode", "Verdict", "Hint", "solve", "check", "hint",
           "load_collection", "write_collection", "numbered_line", "GOALS", "PuzzleError"]

GOALS = ("win", "material", "promote", "reduce", "capture")
GOAL_NAMES = {"win": "vencer", "material": "ganhar material", "promote": "fazer dama",
              "reduce": "reduzir o adversário", "capture": "fazer a tomada obrigatória"}
_GOAL_ALIASES = {
    "win": "win", "vitória": "win", "vitoria": "win", "vencer": "win", "ganhar": "win",
    "material": "material", "ganho": "material",
    "promote": "promote", "promotion": "promote", "dama": "promote", "promoção": "promote",
    "promocao": "promote", "coroar": "promote",
    "reduce": "reduce", "reduzir": "reduce",
    "capture": "capture", "tomada": "capture", "captura": "capture", "tomar": "capture",
}
_COLOR = {WHITE: "brancas", BLACK: "pretas"}


class PuzzleError(DamasError):
    """A puzzle that cannot be built (bad goal, bad position, bad solution)."""


def _plural(n, one, many):
    return f"{n} {one if n == 1 else many}"


# ---------------------------------------------------------------------------
# The puzzle
# ---------------------------------------------------------------------------
@dataclass
class Puzzle:
    """A position to solve.

    ``fen`` and ``variant`` give the position (the side to move solves);
    ``goal`` is one of :data:`GOALS`, ``n`` the number of pieces for
    "material" and "reduce"; ``max_plies`` the number of plies (both sides
    counted) within which the goal must be reached.  ``solution`` is the text
    of the main line, ``alternatives`` the accepted first moves other than the
    key move; ``reached`` the moves of a game that reach the position from
    the initial one ("1. c3-d4 f6-g5 2. ..."), when it comes from play; the
    rest describes the puzzle for people.
    """

    fen: str
    variant: str = "brazilian"
    goal: str = "win"
    n: int = 1
    max_plies: int = 7
    title: str = ""
    themes: tuple = ()
    difficulty: int | None = None
    solution: str = ""
    comment: str = ""
    source: str = ""
    alternatives: tuple = ()
    reached: str = ""

    def __post_init__(self):
        goal = _GOAL_ALIASES.get(str(self.goal).strip().lower())
        if goal is None:
            raise PuzzleError(f"Objetivo desconhecido: {self.goal!r}. Use 'win' (vencer), 'material' "
                              "(ganhar material), 'promote' (fazer dama), 'reduce' (reduzir o adversário) "
                              "ou 'capture' (fazer a tomada obrigatória).")
        self.goal = goal
        self.variant = get_variant(self.variant).name
        if not isinstance(self.max_plies, int) or self.max_plies < 1:
            raise PuzzleError(f"Limite de lances inválido: {self.max_plies!r}; use um inteiro de 1 em diante.")
        if not isinstance(self.n, int) or self.n < (0 if self.goal == "reduce" else 1):
            raise PuzzleError(f"Número de peças inválido: {self.n!r}.")
        if isinstance(self.themes, str):
            self.themes = (self.themes,) if self.themes else ()
        self.themes = tuple(self.themes)
        if isinstance(self.alternatives, str):
            self.alternatives = tuple(a.strip() for a in self.alternatives.split(";") if a.strip())
        self.alternatives = tuple(self.alternatives)
        board = Board(self.fen, variant=self.variant)  # raises FenError (Portuguese) on a bad FEN
        self.fen = board.fen()

    # -- convenience --------------------------------------------------------
    @property
    def theme(self) -> str:
        """The first theme ('' if none)."""
        return self.themes[0] if self.themes else ""

    @property
    def solver_color(self) -> str:
        """'W' or 'B': the side that solves (the side to move)."""
        return self.fen[0]

    def board(self) -> Board:
        """A new Board with the puzzle's position."""
        return Board(self.fen, variant=self.variant)

    def solution_moves(self) -> list:
        """The moves of ``solution`` (Move objects), read on the puzzle's board."""
        board = self.board()
        out = []
        for token in _tokens(self.solution):
            out.append(board.push_text(token))
        return out

    def accepted_moves(self) -> list:
        """The accepted alternative first moves (Move objects)."""
        board = self.board()
        return [board.parse_move(text) for text in self.alternatives]

    def task(self) -> str:
        """What the student must do, in Portuguese: "As brancas jogam e ganham
        em 2 lances." (a lance is one move of the solving side, rule 3.2)."""
        side = "As " + _COLOR[self.solver_color]
        other = _COLOR[_other(self.solver_color)]
        limit = f"em {_plural((self.max_plies + 1) // 2, 'lance', 'lances')}"
        if self.goal == "win":
            what = "ganham"
        elif self.goal == "material":
            what = f"ganham {_plural(self.n, 'peça', 'peças')}"
        elif self.goal == "promote":
            what = "fazem dama"
        elif self.goal == "capture":
            return f"{side} jogam: qual é a tomada obrigatória? Faça-a no tabuleiro."
        else:
            what = f"deixam as {other} com no máximo {_plural(self.n, 'peça', 'peças')}"
        return f"{side} jogam e {what} {limit}."

    def key(self):
        return (self.fen, self.variant, self.goal, self.n, self.max_plies)

    def solution_text(self) -> str:
        """The solution with move numbers, as chapter 10 teaches: "1. c3-b4
        a5xc3 2. b2xh8" ("1... b6-c5 2. d4xb6 ..." when Black solves)."""
        return numbered_line(self.board(), self.solution_moves())

    def _repr_pretty_(self, printer, cycle):
        # what a notebook keeps as plain text: the problem, not its solution
        printer.text(f"{self.title or 'Problema'}: {self.task()}")

    def _repr_html_(self):
        """The problem as a notebook shows it: title, position, task; the
        solution and the comment hidden until the student opens them; the
        source in small print."""
        import html
        from damas.display.output import img_tag
        from damas.display.svg import board_svg
        # an <img> (damas/display/output.py): an inline <svg> is dropped in an untrusted notebook
        parts = [f'<div class="damas-problema"><p><b>{html.escape(self.title or "Problema")}</b></p>',
                 img_tag(board_svg(self.board(), size=300)),
                 f"<p>{html.escape(self.task())}</p>",
                 "<details><summary><b>Ver a solução</b> (clique para abrir)</summary>"
                 f"<p><b>{html.escape(self.solution_text())}</b></p><p>{html.escape(self.comment)}</p></details>"]
        if self.reached:
            parts.append("<details><summary>Ver a partida até esta posição</summary>"
                         f"<p>{html.escape(self.reached)}</p></details>")
        if self.source:
            parts.append(f"<p><small>Fonte: {html.escape(self.source)}</small></p>")
        parts.append("</div>")
        return "".join(parts)

    # -- PDN ----------------------------------------------------------------
    @classmethod
    def from_pdn(cls, game) -> "Puzzle":
        """A puzzle from a :class:`damas.rules.pdn.PDNGame` (see the module doc for the tags)."""
        tags = {k.lower(): v for k, v in game.tags.items()}
        board = game.initial_board()
        goal_text = tags.get("goal", "win").strip()
        parts = goal_text.replace(":", " ").split()
        goal = parts[0] if parts else "win"
        n = 1
        if len(parts) > 1 and parts[1].isdigit():
            n = int(parts[1])
        for name in ("material", "gain", "pieces", "n"):
            if tags.get(name, "").strip().isdigit():
                n = int(tags[name].strip())
        moves = list(game.mainline)
        replay = board.copy(stack=False)
        texts = []
        for m in moves:
            texts.append(replay.move_text(m))
            replay.push(m)
        max_plies = tags.get("maxplies", "").strip()
        max_plies = int(max_plies) if max_plies.isdigit() else max(len(moves), 1)
        themes = tuple(t.strip() for t in re.split(r"[;|]", tags.get("theme", tags.get("themes", "")))
                       if t.strip())
        difficulty = tags.get("difficulty", "").strip()
        difficulty = int(difficulty) if difficulty.isdigit() else None
        alternatives = [a.strip() for a in tags.get("accept", "").split(";") if a.strip()]
        if game.line.nodes:
            for variation in game.line.nodes[0].variations:
                if variation.nodes and variation.nodes[0].move is not None:
                    alternatives.append(board.move_text(variation.nodes[0].move))
        return cls(fen=board.fen(), variant=board.variant.name, goal=goal, n=n, max_plies=max_plies,
                   title=tags.get("title", tags.get("event", "")).strip(), themes=themes,
                   difficulty=difficulty, solution=" ".join(texts),
                   comment=" ".join(game.comments).strip(), source=tags.get("source", "").strip(),
                   alternatives=tuple(alternatives), reached=tags.get("reached", "").strip())

    def to_pdn_game(self):
        """This puzzle as a :class:`damas.rules.pdn.PDNGame` (tags as in the module doc)."""
        from damas.rules.pdn import PDNGame, PDNLine
        tags = {"Event": self.title or "Problema", "GameType": str(get_variant(self.variant).gametype),
                "FEN": self.fen, "Goal": self.goal}
        if self.goal in ("material", "reduce"):
            tags["Material"] = str(self.n)
        tags["MaxPlies"] = str(self.max_plies)
        if self.themes:
            tags["Theme"] = "; ".join(self.themes)
        if self.difficulty is not None:
            tags["Difficulty"] = str(self.difficulty)
        if self.source:
            tags["Source"] = self.source
        if self.alternatives:
            tags["Accept"] = "; ".join(self.alternatives)
        if self.reached:
            tags["Reached"] = self.reached
        game = PDNGame.from_board(self.board(), self.solution_moves(), tags=tags)
        if self.comment:
            game.line = PDNLine(game.line.nodes, [self.comment])
        return game

    def to_pdn(self) -> str:
        """This puzzle as PDN text."""
        return self.to_pdn_game().to_pdn()


def numbered_line(board, moves) -> str:
    """``moves`` played from ``board`` as a numbered line: "1. c3-d4 f6-g5 2. ..."
    (a line that starts with Black begins "1... "); the move numbers count
    from 1, as on a score sheet that starts at this position."""
    texts = line_texts(board, moves)
    out = []
    number = 1
    white_first = board.turn == WHITE
    for i, t in enumerate(texts):
        if (i % 2 == 0) == white_first:
            out.append(f"{number}. {t}")
        else:
            out.append(f"{number}... {t}" if i == 0 else t)
            number += 1
    return " ".join(out)


def _tokens(text):
    """Move texts of a line: move numbers, marks and results dropped."""
    out = []
    for tok in re.split(r"[\s,;]+", text.strip()):
        tok = re.sub(r"^\d+\.(\.\.)?", "", tok).rstrip("!?*")
        if not tok or tok in ("*", "2-0", "0-2", "1-1", "1-0", "0-1") or re.fullmatch(r"\d+\.*", tok):
            continue
        out.append(tok)
    return out


def load_collection(path) -> list:
    """The puzzles of a PDN file (one puzzle per game)."""
    from damas.rules.pdn import read_games
    return [Puzzle.from_pdn(game) for game in read_games(path)]


def write_collection(puzzles) -> str:
    """PDN text of a list of puzzles."""
    from damas.rules.pdn import write_games
    return write_games([p.to_pdn_game() for p in puzzles])


# ---------------------------------------------------------------------------
# The AND-OR search
# ---------------------------------------------------------------------------
class _Solver:
    """Proves a puzzle's goal; shared by solve, check and hint (one per puzzle)."""

    def __init__(self, puzzle: Puzzle):
        self.puzzle = puzzle
        self.board = puzzle.board()
        b = self.board
        self.solver = b.turn
        self.goal = puzzle.goal
        self.n = puzzle.n
        s_bits, d_bits = (b._w, b._b) if self.solver == WHITE else (b._b, b._w)
        self.balance0 = s_bits.bit_count() - d_bits.bit_count()
        self.kings0 = (s_bits & b._k).bit_count()
        self.defenders0 = d_bits.bit_count()
        self.tt = {}      # position -> (smallest depth proven, largest depth disproven)
        self.nodes = 0

    def goal_met(self, board=None) -> bool:
        """Is the goal reached in ``board`` (by default the solver's own board)?"""
        b = board or self.board
        moves = b.legal_moves()
        if not moves:
            return b.turn != self.solver  # the defender cannot move: a win
        goal = self.goal
        if goal == "win":
            return False
        s_bits, d_bits = (b._w, b._b) if self.solver == WHITE else (b._b, b._w)
        if goal == "capture":
            # the capture is made: the move generator only offers the
            # captures the majority law allows (4.1, 4.13)
            return d_bits.bit_count() < self.defenders0
        if moves[0].is_capture:
            return False  # not quiet
        if goal == "material":
            return s_bits.bit_count() - d_bits.bit_count() - self.balance0 >= self.n
        if goal == "promote":
            return (s_bits & b._k).bit_count() > self.kings0
        return d_bits.bit_count() <= self.n  # reduce

    def reach(self, depth) -> bool:
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
        key = (b._w, b._b, b._k, b._turn)
        entry = self.tt.get(key)
        if entry is not None:
            proven, disproven = entry
            if proven <= depth:
                return True
            if disproven >= depth:
                return False
        push, pop = b.push, b.pop
        if b._turn == self.solver:
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

    def distance(self, limit):
        """Smallest number of plies (<= limit) within which the goal is forced
        from the current board, or None."""
        for d in range(0, limit + 1):
            if self.reach(d):
                return d
        return None

    def child_distances(self, limit):
        """[(move, distance or None)] for every legal move of the current board,
        with ``limit`` plies left before the move."""
        b = self.board
        out = []
        for m in b.legal_moves():
            b.push(m)
            out.append((m, self.distance(limit - 1)))
            b.pop()
        return out

    def best_attack(self, limit):
        """The solving side's move that reaches the goal soonest (ties: move
        order), with its distance; (None, None) if none works."""
        best = (None, None)
        for m, d in self.child_distances(limit):
            if d is not None and (best[1] is None or d < best[1]):
                best = (m, d)
        return best

    def best_defence(self, limit):
        """The defender's reply that resists longest (a reply after which the
        goal cannot be forced at all comes first; ties: move order), with its
        distance (None when it refutes)."""
        best = None
        for m, d in self.child_distances(limit):
            if d is None:
                return m, None
            if best is None or d > best[1]:
                best = (m, d)
        return best if best is not None else (None, None)

    def refutation(self, limit):
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

    def root_reach(self, depth) -> bool:
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

    def tree(self, limit, move=None, root=False):
        """The proof tree below the current board (goal forced within ``limit``)."""
        b = self.board
        node = ProofNode(move=move, color=None if move is None else _other(b.turn), children=[],
                         goal=False if root else self.goal_met(b))
        if node.goal or limit <= 0:
            return node
        if b.turn == self.solver:
            m, d = self.best_attack(limit)
            if m is None:
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


def _other(color):
    return BLACK if color == WHITE else WHITE


_SOLVERS = {}
_PROOFS = {}


def _proof(puzzle):
    """solve(puzzle), remembered (a puzzle's proof never changes)."""
    key = puzzle.key()
    p = _PROOFS.get(key)
    if p is None:
        if len(_PROOFS) > 256:
            _PROOFS.clear()
        p = _PROOFS[key] = solve(puzzle)
    return p


def _solver(puzzle) -> _Solver:
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
    color: str | None
    children: list = field(default_factory=list)
    goal: bool = False

    def lines(self, board, indent=0, number=1, out=None):
        """Text lines of this subtree (moves in the variant's notation)."""
        out = [] if out is None else out
        for child in self.children:
            text = board.move_text(child.move)
            prefix = f"{number}. " if child.color == WHITE else f"{number}... "
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
    main_line: list
    winning_moves: list
    plies: int | None
    tree: ProofNode | None
    nodes: int

    def __bool__(self):
        return self.proven

    @property
    def key_move(self):
        return self.main_line[0] if self.main_line else None

    @property
    def unique(self) -> bool:
        """True when exactly one first move forces the goal."""
        return len(self.winning_moves) == 1

    def accepts(self, moves) -> bool:
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

    def __repr__(self):
        board = self.puzzle.board()
        return (f"Proof(proven={self.proven}, main_line={line_texts(board, self.main_line)!r}, "
                f"winning_moves={[board.move_text(m) for m in self.winning_moves]!r}, plies={self.plies})")


def solve(puzzle: Puzzle, all_moves: bool = True) -> Proof:
    """Prove ``puzzle``: a :class:`Proof` with the main line, the refutation
    of every defence and (unless ``all_moves`` is False) every first move that
    also forces the goal."""
    if not isinstance(puzzle, Puzzle):
        raise TypeError("solve espera um Puzzle (damas.problems.puzzles.Puzzle).")
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
    main = []
    node = tree
    while node.children:
        node = node.children[0]
        main.append(node.move)
    winning = []
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


# ---------------------------------------------------------------------------
# The checker
# ---------------------------------------------------------------------------
_STATUS_LABEL = {"correct": "correto", "partial": "correto até aqui", "wrong": "errado"}


@dataclass(frozen=True, repr=False)
class Verdict:
    """The judgement of a student's answer.

    ``status``: 'correct' (goal reached), 'partial' (correct so far: the
    defender's ``reply`` has been played) or 'wrong'; ``message``: what to tell
    the student (Portuguese); ``moves``: the line played (the student's moves
    and the replies); ``alternative``: the first move is not the key move but
    also solves; ``illegal``/``explanation``: an illegal move and why;
    ``refutation``: the reply that refutes a legal but losing move;
    ``fen``: the position reached."""

    status: str
    message: str
    moves: tuple = ()
    reply: Move | None = None
    alternative: bool = False
    illegal: bool = False
    explanation: object = None
    refutation: Move | None = None
    fen: str = ""

    @property
    def correct(self) -> bool:
        return self.status == "correct"

    @property
    def label(self) -> str:
        """'correto', 'correto até aqui' or 'errado'."""
        return _STATUS_LABEL[self.status]

    def __repr__(self):
        return f"Verdict(status={self.status!r}, message={self.message!r})"

    def __str__(self):
        return self.message


def _as_move(board, item):
    """A legal move of ``board`` from a Move, a (from, to) pair or text;
    raises DamasError (Portuguese) otherwise."""
    from damas.errors import AmbiguousMoveError, IllegalMoveError, NotationError
    if isinstance(item, Move):
        legal = board.legal_moves()
        if item in legal:
            return legal[legal.index(item)]
        same = [m for m in legal if m.start == item.start and m.end == item.end]
        if not item.captured and len(same) == 1:
            return same[0]
        raise IllegalMoveError(f"Lance ilegal nesta posição: {item}.")
    if isinstance(item, (tuple, list)) and len(item) == 2:
        v = board.variant
        try:
            a, b = (v.parse_square(str(x)) if isinstance(x, str) else int(x) for x in item)
        except (TypeError, ValueError):
            raise NotationError(f"Não entendi o lance {item!r}: use (casa de saída, casa de chegada).") from None
        if a is None or b is None:
            raise NotationError(f"Não entendi o lance {item!r}: use (casa de saída, casa de chegada).")
        same = [m for m in board.legal_moves() if m.start == a and m.end == b]
        if len(same) == 1:
            return same[0]
        if len(same) > 1:
            raise AmbiguousMoveError(
                f"Há {len(same)} tomadas de {v.square_name(a)} a {v.square_name(b)}: escreva o caminho completo.",
                same)
        raise IllegalMoveError(f"Lance ilegal nesta posição: {v.square_name(a)}-{v.square_name(b)}.")
    if isinstance(item, str):
        return board.parse_move(item)
    raise NotationError(f"Não entendi o lance {item!r}: use um texto como 'c3-d4', um par (22, 17) ou um Move.")


def _explain(board, item):
    try:
        from damas.rules.explain import explain
    except ImportError:  # pragma: no cover - explain.py is written by another module's author
        return None
    try:
        attempted = item
        if isinstance(item, list):
            attempted = tuple(item)
        return explain(board, attempted)
    except Exception:  # an explanation must never break the verdict
        return None


def _split_answer(moves):
    if isinstance(moves, str):
        return _tokens(moves)
    if isinstance(moves, Move) or (isinstance(moves, tuple) and len(moves) == 2
                                   and all(isinstance(x, int) for x in moves)):
        return [moves]
    return list(moves)


def check(puzzle: Puzzle, moves) -> Verdict:
    """Judge a student's answer to ``puzzle``.

    ``moves``: the solving side's moves (Move objects, (from, to) pairs or
    text, or one text with several moves).  After each move the defender
    replies with the defence that resists longest (ties: move order).  The
    student may also write the defender's replies: a reply written and legal
    is played instead of the checker's own choice.
    """
    if not isinstance(puzzle, Puzzle):
        raise TypeError("check espera um Puzzle (damas.problems.puzzles.Puzzle).")
    items = _split_answer(moves)
    s = _solver(puzzle)
    b = puzzle.board()
    defender = _other(s.solver)
    left = puzzle.max_plies
    played = []
    key_moves = None
    alternative = False
    i = 0
    last_reply = None

    def done(status, message, **kw):
        return Verdict(status, message, tuple(played), fen=b.fen(), alternative=alternative, **kw)

    def on_solver_board(fn, *args):
        # run the solver's search (and its table) from the current position
        saved = s.board
        s.board = b.copy(stack=False)
        try:
            return fn(*args)
        finally:
            s.board = saved

    if not items:
        return done("partial", f"{puzzle.task()} Faça o primeiro lance.")
    while i < len(items):
        item = items[i]
        i += 1
        # the solving side's move
        try:
            move = _as_move(b, item)
        except DamasError as err:
            why = _explain(b, item)
            text = why.message if why is not None and getattr(why, "message", None) else str(err)
            return done("wrong", f"Lance não aceito: {text}", illegal=True, explanation=why)
        text = b.move_text(move)
        if left <= 0:
            return done("wrong", f"{text}: o limite de {puzzle.max_plies} lances (contando os dois lados) já acabou.")
        if not played:
            key_moves = _proof(puzzle)
            if (key_moves.proven and move in key_moves.winning_moves and move != key_moves.main_line[0]
                    and puzzle.goal != "capture"):  # in a capture drill every allowed capture is an answer
                alternative = True
        b.push(move)
        played.append(move)
        left -= 1
        if on_solver_board(s.goal_met):
            msg = "Correto! " + _goal_reached(puzzle, b)
            if alternative:
                msg += _alternative_note(puzzle, key_moves, move)
            return done("correct", msg)
        if not on_solver_board(s.reach, left):
            refute = on_solver_board(s.refutation, left) if left > 0 else None
            if refute is not None:
                why = (f"{text} não resolve: as {_COLOR[defender]} respondem {b.move_text(refute)} e o objetivo "
                       f"não pode mais ser forçado em {_plural(left, 'lance', 'lances')} (contando os dois lados).")
            else:
                why = f"{text} não resolve: o objetivo não é atingido dentro do limite de lances."
            return done("wrong", why, refutation=refute)
        # the defender's reply: written by the student, or the longest resistance
        reply = None
        if i < len(items):
            try:
                reply = _as_move(b, items[i])
                i += 1
            except DamasError:
                reply = None
        if reply is None:
            reply, _ = on_solver_board(s.best_defence, left)
        rtext = b.move_text(reply)
        b.push(reply)
        played.append(reply)
        last_reply = reply
        left -= 1
        if on_solver_board(s.goal_met):
            msg = f"Correto! As {_COLOR[defender]} respondem {rtext}. " + _goal_reached(puzzle, b)
            if alternative:
                msg += _alternative_note(puzzle, key_moves, played[0])
            return done("correct", msg, reply=reply)
    note = _alternative_note(puzzle, key_moves, played[0]) if alternative else ""
    return done("partial", f"Correto até aqui. As {_COLOR[defender]} respondem {rtext}. "
                f"Continue: as {_COLOR[s.solver]} jogam.{note}", reply=last_reply)


def _alternative_note(puzzle, proof, move):
    b = puzzle.board()
    text = b.move_text(move)
    key = b.move_text(proof.main_line[0])
    accepted = [m for m in puzzle.accepted_moves()] if puzzle.alternatives else []
    if move in accepted:
        return f" ({text} é uma alternativa aceita; o lance-chave do problema é {key}.)"
    return f" ({text} também resolve; o lance-chave do problema é {key}.)"


def _goal_reached(puzzle, board):
    if not board.legal_moves():
        loser = _COLOR[board.turn]
        return f"As {loser} não têm mais lance: as {_COLOR[_other(board.turn)]} vencem (regra 7.2)."
    if puzzle.goal == "material":
        return f"As {_COLOR[puzzle.solver_color]} ganharam {_plural(puzzle.n, 'peça', 'peças')} ou mais."
    if puzzle.goal == "promote":
        return f"As {_COLOR[puzzle.solver_color]} fizeram dama."
    if puzzle.goal == "reduce":
        return (f"As {_COLOR[_other(puzzle.solver_color)]} ficaram com no máximo "
                f"{_plural(puzzle.n, 'peça', 'peças')}.")
    if puzzle.goal == "capture":
        text = f"As {_COLOR[puzzle.solver_color]} fizeram a tomada obrigatória (regras 4.1 e 4.13)."
        allowed = len(puzzle.board().legal_moves())
        if allowed > 1:
            text += (f" Havia {allowed} tomadas permitidas, todas com o mesmo número de peças: qualquer "
                     "uma serve (regra 4.14).")
        return text
    return "Objetivo atingido."


# ---------------------------------------------------------------------------
# Hints
# ---------------------------------------------------------------------------
@dataclass(frozen=True, repr=False)
class Hint:
    """A hint: the ``text`` (Portuguese) and the ``squares`` to highlight."""

    text: str
    squares: tuple = ()

    def __repr__(self):
        return f"Hint({self.text!r})"

    def __str__(self):
        return self.text


def hint(puzzle: Puzzle, step: int = 1, moves=()) -> Hint:
    """A hint for the next move of the solving side after ``moves`` (the
    student's moves so far, as for :func:`check`): ``step`` 1 names the piece
    to move, ``step`` 2 (or more) the square it goes to."""
    if not isinstance(puzzle, Puzzle):
        raise TypeError("hint espera um Puzzle (damas.problems.puzzles.Puzzle).")
    if step not in (1, 2) and not (isinstance(step, int) and step > 2):
        raise ValueError("A dica vai do passo 1 (a peça) ao passo 2 (a casa).")
    b = puzzle.board()
    left = puzzle.max_plies
    if moves:
        verdict = check(puzzle, moves)
        if verdict.status != "partial":
            return Hint(verdict.message)
        for m in verdict.moves:
            b.push(m)
        left -= len(verdict.moves)
    s = _Solver(puzzle)
    s.board = b
    move, _ = s.best_attack(left)
    if move is None:
        return Hint("Não há mais como forçar o objetivo a partir daqui.")
    v = b.variant
    piece = b.piece_at(move.start)
    start = v.square_name(move.start) if v.size == 8 else str(move.start)
    end = v.square_name(move.end) if v.size == 8 else str(move.end)
    if step == 1:
        return Hint(f"Jogue com a {piece.name.split()[0]} de {start}.", (move.start,))
    kind = piece.name.split()[0]
    if move.is_capture:
        return Hint(f"Tome com a {kind} de {start}, chegando a {end}.", (move.start, move.end))
    return Hint(f"Leve a {kind} de {start} para {end}.", (move.start, move.end))

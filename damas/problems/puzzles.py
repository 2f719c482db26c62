"""Puzzles (problemas, golpes): the position, its goal and its solution, and
collections of them in PDN; the solver is :mod:`damas.problems.solver`, the
checker of a student's answer :mod:`damas.problems.checker`.

>>> from damas.problems.puzzles import Puzzle
>>> from damas.problems.solver import solve
>>> from damas.problems.checker import check
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
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from os import PathLike
from typing import TYPE_CHECKING, Any

from damas.errors import DamasError
from damas.rules.board import Board, Move
from damas.rules.colors import BLACK, NAMES, WHITE, Color, opponent
from damas.rules.notation import numbered_line as _numbered_line
from damas.rules.variants import get_variant
from damas.rules.args import checked, described

if TYPE_CHECKING:
    from damas.rules.pdn import PDNGame

__all__ = ["Puzzle", "load_collection", "write_collection", "numbered_line", "GOALS", "PuzzleError"]

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


class PuzzleError(DamasError):
    """A puzzle that cannot be built (bad goal, bad position, bad solution)."""


def _plural(n: int, one: str, many: str) -> str:
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
    themes: tuple[str, ...] = ()
    difficulty: int | None = None
    solution: str = ""
    comment: str = ""
    source: str = ""
    alternatives: tuple[str, ...] = ()
    reached: str = ""

    def __post_init__(self) -> None:
        goal = _GOAL_ALIASES.get(str(self.goal).strip().lower())
        if goal is None:
            raise PuzzleError(f"Objetivo desconhecido: {self.goal!r}. Use 'win' (vencer), 'material' "
                              "(ganhar material), 'promote' (fazer dama), 'reduce' (reduzir o adversário) "
                              "ou 'capture' (fazer a tomada obrigatória).")
        self.goal = goal
        self.variant = get_variant(self.variant).name
        if isinstance(self.max_plies, bool) or not isinstance(self.max_plies, int) or not 1 <= self.max_plies <= 1000:
            raise PuzzleError(f"Limite de lances inválido: {self.max_plies!r}; use um inteiro de 1 em diante.")
        if not isinstance(self.n, int) or self.n < (0 if self.goal == "reduce" else 1):
            raise PuzzleError(f"Número de peças inválido: {self.n!r}.")
        if isinstance(self.themes, str):
            self.themes = (self.themes,) if self.themes else ()
        for name in ("title", "solution", "comment", "source", "reached"):
            if not isinstance(getattr(self, name), str):
                raise PuzzleError(f"Valor inválido para {name}: esperava um texto, não {described(getattr(self, name))}.")
        if self.difficulty is not None and (isinstance(self.difficulty, bool) or not isinstance(self.difficulty, int)):
            raise PuzzleError(f"Dificuldade inválida: {described(self.difficulty)}; use um número inteiro.")
        for name in ("themes", "alternatives"):
            value = getattr(self, name)
            if not isinstance(value, (str, list, tuple)) or not all(isinstance(v, str) for v in value):
                raise PuzzleError(f"Valor inválido para {name}: esperava um texto ou uma lista de textos, "
                                  f"não {described(value)}.")
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
    def prose(self) -> str:
        """The comment as a person reads it: its fact tags taken out
        (:func:`damas.rules.pdn_facts.strip_facts`); every display shows this, never ``comment``."""
        from damas.rules.pdn_facts import strip_facts
        return strip_facts(self.comment)

    @property
    def solver_color(self) -> Color:
        """'W' or 'B': the side that solves (the side to move)."""
        return WHITE if self.fen[0] == WHITE else BLACK

    def board(self) -> Board:
        """A new Board with the puzzle's position."""
        return Board(self.fen, variant=self.variant)

    def solution_moves(self) -> list[Move]:
        """The moves of ``solution`` (Move objects), read on the puzzle's board."""
        board = self.board()
        out = []
        for token in _tokens(self.solution):
            out.append(board.push_text(token))
        return out

    def accepted_moves(self) -> list[Move]:
        """The accepted alternative first moves (Move objects)."""
        board = self.board()
        return [board.parse_move(text) for text in self.alternatives]

    def task(self) -> str:
        """What the student must do, in Portuguese: "As brancas jogam e ganham
        em 2 lances." (a lance is one move of the solving side, rule 3.2)."""
        side = "As " + NAMES[self.solver_color]
        other = NAMES[opponent(self.solver_color)]
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

    def key(self) -> tuple[str, str, str, int, int]:
        return (self.fen, self.variant, self.goal, self.n, self.max_plies)

    def solution_text(self) -> str:
        """The solution with move numbers, as chapter 10 teaches: "1. c3-b4
        a5xc3 2. b2xh8" ("1... b6-c5 2. d4xb6 ..." when Black solves)."""
        return numbered_line(self.board(), self.solution_moves())

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        # what a notebook keeps as plain text: the problem, not its solution
        printer.text(f"{self.title or 'Problema'}: {self.task()}")

    def _repr_html_(self) -> str:
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
                 f"<p><b>{html.escape(self.solution_text())}</b></p><p>{html.escape(self.prose)}</p></details>"]
        if self.reached:
            parts.append("<details><summary>Ver a partida até esta posição</summary>"
                         f"<p>{html.escape(self.reached)}</p></details>")
        if self.source:
            from damas.problems.sources import readable_source
            parts.append(f"<p><small>Fonte: {html.escape(readable_source(self.source))}</small></p>")
        parts.append("</div>")
        return "".join(parts)

    # -- PDN ----------------------------------------------------------------
    @classmethod
    def from_pdn(cls, game: PDNGame) -> "Puzzle":
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
        max_plies_text = tags.get("maxplies", "").strip()
        max_plies = int(max_plies_text) if max_plies_text.isdigit() else max(len(moves), 1)
        themes = tuple(t.strip() for t in re.split(r"[;|]", tags.get("theme", tags.get("themes", "")))
                       if t.strip())
        difficulty_text = tags.get("difficulty", "").strip()
        difficulty = int(difficulty_text) if difficulty_text.isdigit() else None
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

    def to_pdn_game(self) -> PDNGame:
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


@checked()
def numbered_line(board: Board, moves: Sequence[Move]) -> str:
    """``moves`` played from ``board`` as a numbered line: "1. c3-d4 f6-g5 2. ..."
    (a line that starts with Black begins "1... "); the move numbers count
    from 1, as on a score sheet that starts at this position (:func:`damas.rules.notation.numbered_line`)."""
    return _numbered_line(board, moves)


def _tokens(text: str) -> list[str]:
    """Move texts of a line: move numbers, marks and results dropped."""
    out = []
    for tok in re.split(r"[\s,;]+", text.strip()):
        tok = re.sub(r"^\d+\.(\.\.)?", "", tok).rstrip("!?*")
        if not tok or tok in ("*", "2-0", "0-2", "1-1", "1-0", "0-1") or re.fullmatch(r"\d+\.*", tok):
            continue
        out.append(tok)
    return out


def load_collection(path: str | bytes | PathLike[str]) -> list[Puzzle]:
    """The puzzles of a PDN file (one puzzle per game)."""
    from damas.rules.pdn import read_games
    return [Puzzle.from_pdn(game) for game in read_games(path)]


@checked()
def write_collection(puzzles: Iterable[Puzzle]) -> str:
    """PDN text of a list of puzzles."""
    from damas.rules.pdn import write_games
    return write_games([p.to_pdn_game() for p in puzzles])

"""The golpe themes, each defined once by its mechanism, read off a proven line.

A combination's line (the solver's main line: the solving side's moves and
the defender's forced replies, :func:`damas.problems.solver.solve`) is replayed on
the board once, and :func:`line_facts` records what happens on every ply:
which move is a sacrifice, who captures what, where each piece lands, how
many pieces each side gives and takes.  Every theme is a predicate over those
facts; nothing here knows a rule of its own, every move comes from
:meth:`damas.Board.legal_moves`.

>>> from damas import Board
>>> from damas.problems.puzzles import Puzzle
>>> from damas.problems.solver import solve
>>> proof = solve(Puzzle("W:W6,14,15,17,27:BK2", max_plies=3))
>>> facts = line_facts(proof.puzzle.board(), proof.main_line)
>>> themes_of(facts)
['golpe turco', 'atração', 'captura da dama', 'lei da maioria']
>>> facts.given, facts.taken, [p.text for p in facts.sacrifices]
(4, 1, ['f2-e3'])

The definitions (the course's reference, ``teaching.md``):

* **entrega** (sacrifice): a move of the solving side after which the
  defender has a capture that did not exist before it (the defender's
  captures in the position before the move, as if it were the defender's
  turn, compared with its captures after the move);
* **golpe turco** (4.11): a king's capture of the defender stops against a
  piece it has already taken and that is still on the board (with the taken
  pieces lifted, the same king could go on capturing), and the solving side
  then takes the king where it stopped;
* **golpe da bomba** (4.13): a capturing man of the solving side stops on a
  square where the defender could take it, but the defender must make a
  larger capture elsewhere first (the majority law leaves that man alone),
  and then the same man captures again;
* **golpe Napoleão**: after at least two sacrifices, a man of the solving
  side captures three or more pieces in a zig-zag (its capture changes
  direction at least twice);
* **tomada para trás** (backward capture): the decisive capture (the solving
  side's capture that takes the most pieces, the last one on a tie) is made by
  a man whose first jump goes backward (4.2).  The course called it «golpe de
  calcanhar» before issue 43; the combination that name stands for in the
  sources (the French *coup de talon*, the Dutch *hielslag*: a man of the back
  row moves away and opens a trap) is another one, so the theme is named by
  what it checks;
* **dois por um**, **três por um**: the solving side gives one piece and
  takes two (three), counted over the whole line or from one of its
  sacrifices to the end (the shot that ends a longer combination);
* **abertura de linha**: material given opens a line: a sacrifice, or a
  capture of one of the solving side's pieces, empties a square (the
  sacrificed piece's start, the capturing piece's start or the square of a
  piece it takes) that a later capture of the solving side, by another
  piece, crosses or stops on;
* **atração**: a sacrifice forces the defender to capture with a piece that
  lands on a square where the solving side's next capture takes it;
* **envio à dama**: the solving side gives the defender a king in order to
  take it: a man of the defender is crowned (3.5) on a ply where every
  legal move of the defender crowns, and a later capture of the solving
  side takes that king (wherever it has gone);
* **passagem à dama** («ir à dama»): after the solving side has given
  material (the defender has taken at least one of its pieces in the
  line), a man of the solving side is crowned (3.5);
* **captura da dama**: a capture of the solving side takes a king of the
  defender;
* **bloqueio** (7.2): at the end of the line the defender still has pieces
  but no legal move;
* **lei da maioria** (4.13): a capture in the line (either side's) is
  forced onto its route by the majority law (without the law it could take
  fewer pieces).

The name "entrega" is accepted as a theme too: it holds when the line has a
sacrifice.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from damas.errors import DamasError
from damas.rules.args import BOARD, MOVE, MOVES, checked, flag, instance_spec, refuse, squares_spec, text_spec
from damas.rules.board import Board, Move
from damas.rules.colors import WHITE, Color, opponent
from damas.rules.variants import Variant

if TYPE_CHECKING:
    from damas.problems.puzzles import Puzzle

_FACTS = instance_spec("damas.problems.themes.LineFacts", "os fatos de uma linha (line_facts(tabuleiro, lances))")


class ThemeNotFoundError(DamasError, KeyError):
    """A theme name the package does not know (a ``KeyError`` too)."""

    __str__ = DamasError.__str__

__all__ = ["Ply", "LineFacts", "Theme", "THEMES", "line_facts", "themes_of", "theme_holds",
           "is_sacrifice", "new_captures", "free_captures", "stopped_by_captured", "turn_count",
           "theme_by_name", "THEME_KEYS", "themes_in", "ENTREGA"]



# ---------------------------------------------------------------------------
# Board facts the themes are made of
# ---------------------------------------------------------------------------
#: a capture as the themes compare them: (start, path, captured squares sorted)
CaptureKey = tuple[int, tuple[int, ...], tuple[int, ...]]


def _capture_key(m: Move) -> CaptureKey:
    return (m.start, m.path, tuple(sorted(m.captured)))


def _captures_of(board: Board, color: Color) -> set[CaptureKey]:
    """The legal captures ``color`` would have in ``board`` if it were its turn."""
    probe = board.copy(stack=False)
    probe.turn = color
    return {_capture_key(m) for m in probe.legal_moves() if m.is_capture}


@checked(before=BOARD, move=MOVE)
def new_captures(before: Board, move: Move) -> list[Move]:
    """The opponent's captures after ``move`` (played in ``before`` by the side
    to move) that it did not have before the move."""
    mover = before.turn
    other = opponent(mover)
    old = _captures_of(before, other)
    after = before.copy(stack=False)
    after.push(move)
    return [m for m in after.legal_moves() if m.is_capture and _capture_key(m) not in old]


@checked(before=BOARD, move=MOVE)
def is_sacrifice(before: Board, move: Move) -> bool:
    """A sacrifice ("entrega"): after ``move`` the opponent has a capture that
    did not exist before it."""
    return bool(new_captures(before, move))


_FREE: dict[str, Variant] = {}


@checked(board=BOARD)
def free_captures(board: Board) -> list[Move]:
    """Every complete capture of the side to move with the majority law
    switched off (the same generator, the variant's ``majority_rule`` off):
    used to see whether the law of the majority chose the route (4.13)."""
    v = board.variant
    free = _FREE.get(v.name)
    if free is None:
        free = _FREE[v.name] = dataclasses.replace(v, name=v.name + "-livre", majority_rule=False)
    probe = Board(board.fen(), variant=free)
    return [m for m in probe.legal_moves() if m.is_capture]


@checked(before=BOARD, move=MOVE)
def stopped_by_captured(before: Board, move: Move) -> bool:
    """True when the capturing king of ``move`` stops only because a piece it
    has already taken still stands (4.11): with the taken pieces lifted, the
    same king could capture again from its landing square."""
    piece = before.piece_at(move.start)
    if piece is None or not piece.king or not move.is_capture:
        return False
    probe = before.copy(stack=False)
    probe.remove_piece(move.start)
    for sq in move.captured:
        probe.remove_piece(sq)
    probe.set_piece(move.end, piece)
    probe.turn = before.turn
    return any(m.start == move.end and m.is_capture for m in probe.legal_moves())


def _rc(board: Board, sq: int) -> tuple[int, int]:
    return board.variant.square_to_rc(sq)


def _directions(board: Board, path: Sequence[int]) -> list[tuple[int, int]]:
    out = []
    for a, b in zip(path, path[1:]):
        (r1, c1), (r2, c2) = _rc(board, a), _rc(board, b)
        out.append(((r2 > r1) - (r2 < r1), (c2 > c1) - (c2 < c1)))
    return out


@checked(board=BOARD, path=squares_spec())
def turn_count(board: Board, path: Sequence[int]) -> int:
    """How many times a capture path changes direction."""
    dirs = _directions(board, path)
    return sum(1 for x, y in zip(dirs, dirs[1:]) if x != y)


def _crossed(board: Board, move: Move) -> set[int]:
    """Every square a move passes over or lands on (not its start)."""
    v = board.variant
    out = set()
    for a, b in zip(move.path, move.path[1:]):
        (r1, c1), (r2, c2) = _rc(board, a), _rc(board, b)
        dr, dc = (r2 > r1) - (r2 < r1), (c2 > c1) - (c2 < c1)
        r, c = r1, c1
        while (r, c) != (r2, c2):
            r, c = r + dr, c + dc
            sq = v.rc_to_square(r, c)
            if sq is not None:
                out.add(sq)
    return out


# ---------------------------------------------------------------------------
# The facts of a line
# ---------------------------------------------------------------------------
@dataclass
class Ply:
    """One ply of the line and what it does."""

    index: int
    move: Move
    text: str
    color: Color               # who plays it: 'W' or 'B'
    solver: bool               # played by the solving side
    before: Board
    after: Board
    king: bool                 # the moving piece is a king
    sacrifice: bool            # a sacrifice (entrega), by the definition above
    captured_kings: tuple[int, ...]  # squares of the kings it takes
    free: list[Move] = field(default_factory=list)  # captures without the majority law (captures only)
    new: tuple[CaptureKey, ...] = ()  # a sacrifice: the opponent's captures it creates (start, path, captured)

    @property
    def capture(self) -> bool:
        return self.move.is_capture

    @property
    def taken(self) -> int:
        return len(self.move.captured)


@dataclass
class LineFacts:
    """What a line does, ply by ply, and the totals a comment may claim."""

    board: Board
    line: list[Move]
    plies: list[Ply]
    solver: Color

    @property
    def defender(self) -> Color:
        return opponent(self.solver)

    @property
    def end(self) -> Board:
        return self.plies[-1].after if self.plies else self.board

    @property
    def given(self) -> int:
        """Pieces the solving side loses along the line."""
        return sum(p.taken for p in self.plies if not p.solver)

    @property
    def taken(self) -> int:
        """Pieces the defender loses along the line."""
        return sum(p.taken for p in self.plies if p.solver)

    @property
    def sacrifices(self) -> list[Ply]:
        return [p for p in self.plies if p.sacrifice]

    def counts(self) -> set[tuple[int, int]]:
        """The (taken, given) pairs a comment may claim as "N por M": over the
        whole line, or from one of its sacrifices to the end (a shot that ends
        a longer combination)."""
        out = {(self.taken, self.given)}
        for s in self.sacrifices:
            rest = self.plies[s.index:]
            out.add((sum(p.taken for p in rest if p.solver), sum(p.taken for p in rest if not p.solver)))
        return out

    def solver_captures(self) -> list[Ply]:
        return [p for p in self.plies if p.solver and p.capture]

    def decisive_capture(self) -> Ply | None:
        """The solving side's capture that takes the most pieces (the last one on a tie)."""
        best: Ply | None = None
        for p in self.solver_captures():
            if best is None or p.taken >= best.taken:
                best = p
        return best

    def blocked_at_end(self) -> bool:
        end = self.end
        return end.turn == self.defender and not end.legal_moves() and end.count(self.defender) > 0

    def defender_wiped_out(self) -> bool:
        return self.end.count(self.defender) == 0

    def texts(self) -> list[str]:
        return [p.text for p in self.plies]

    def pieces_on(self, square: int) -> list[tuple[Color, bool]]:
        """The pieces that stand on ``square`` in some position of the line:
        (color, king) pairs."""
        out: list[tuple[Color, bool]] = []
        for b in [self.board] + [p.after for p in self.plies]:
            piece = b.piece_at(square)
            if piece is not None and (piece.color, piece.king) not in out:
                out.append((piece.color, piece.king))
        return out

    def king_landings(self, color: str | None = None) -> set[int]:
        """Squares where a king of ``color`` (either, if None) ends a move, or
        where a man of that color is crowned."""
        out = set()
        for p in self.plies:
            if color is not None and p.color != color:
                continue
            if p.king or p.move.promotes:
                out.add(p.move.end)
        return out


@checked(board=BOARD, line=MOVES)
def line_facts(board: Board, line: Sequence[Move]) -> LineFacts:
    """Replay ``line`` (Move objects, the solving side to move in ``board``)
    and record every ply."""
    b = board.copy(stack=False)
    solver = board.turn
    plies: list[Ply] = []
    for i, m in enumerate(line):
        before = b.copy(stack=False)
        piece = before.piece_at(m.start)
        new = tuple(_capture_key(x) for x in new_captures(before, m)) \
            if (not m.is_capture and before.turn == solver) else ()
        sac = bool(new)
        kings = tuple(c for c in m.captured if (taken := before.piece_at(c)) is not None and taken.king)
        text = before.move_text(m)
        b.push(m)
        plies.append(Ply(i, m, text, before.turn, before.turn == solver, before, b.copy(stack=False),
                         bool(piece and piece.king), sac, kings,
                         free_captures(before) if m.is_capture else [], new))
    return LineFacts(board.copy(stack=False), list(line), plies, solver)


# ---------------------------------------------------------------------------
# The themes
# ---------------------------------------------------------------------------
def _turco(f: LineFacts) -> bool:
    for i, p in enumerate(f.plies):
        if not p.solver and p.capture and p.king and stopped_by_captured(p.before, p.move):
            nxt = f.plies[i + 1] if i + 1 < len(f.plies) else None
            if nxt is not None and nxt.solver and p.move.end in nxt.move.captured:
                return True
    return False


def _bomba(f: LineFacts) -> bool:
    ps = f.plies
    for i, p in enumerate(ps):
        if not (p.solver and p.capture and not p.king and not p.move.promotes):
            continue
        x = p.move.end
        if i + 2 >= len(ps):
            continue
        reply, again = ps[i + 1], ps[i + 2]
        if not reply.capture or x in reply.move.captured:
            continue
        could = any(x in c.captured for c in reply.free)
        allowed = any(x in m.captured for m in reply.before.legal_moves())
        if could and not allowed and again.solver and again.capture and again.move.start == x:
            return True
    return False


def _napoleao(f: LineFacts) -> bool:
    seen = 0
    for p in f.plies:
        if p.sacrifice:
            seen += 1
        if (p.solver and p.capture and not p.king and p.taken >= 3 and seen >= 2
                and turn_count(p.before, p.move.path) >= 2):
            return True
    return False


def _para_tras(f: LineFacts) -> bool:
    p = f.decisive_capture()
    if p is None or p.king:
        return False
    d = _directions(p.before, p.move.path)[0]
    forward = -1 if f.solver == WHITE else 1   # rows grow downward: White moves to row 0
    if p.before.variant.promotion_row(WHITE) != 0:
        forward = -forward
    return d[0] == -forward


def _dois_por_um(f: LineFacts) -> bool:
    return (2, 1) in f.counts()


def _tres_por_um(f: LineFacts) -> bool:
    return (3, 1) in f.counts()


def _abertura(f: LineFacts) -> bool:
    for i, p in enumerate(f.plies):
        if p.sacrifice:
            opened = {p.move.start}
        elif not p.solver and p.capture:       # a piece given: the capture that takes it
            opened = {p.move.start, *p.move.captured}
        else:
            continue
        reply = f.plies[i + 1] if p.sacrifice and i + 1 < len(f.plies) else None
        if reply is not None and reply.capture:
            opened |= {reply.move.start, *reply.move.captured}
        for q in f.plies[i + 1:]:
            if q.solver and q.capture and q.move.start != p.move.end:
                crossed = _crossed(q.before, q.move) - set(q.move.captured)
                if opened & crossed:
                    return True
    return False


def _atracao(f: LineFacts) -> bool:
    ps = f.plies
    for i, p in enumerate(ps):
        if not p.sacrifice or i + 1 >= len(ps) or not ps[i + 1].capture:
            continue
        landing = ps[i + 1].move.end
        for q in ps[i + 2:]:
            if q.solver and q.capture:
                if landing in q.move.captured:
                    return True
                break
    return False


def _envio(f: LineFacts) -> bool:
    """The solving side gives the defender a king to take it: a man of the
    defender is crowned (3.5) on a ply where every legal move of the
    defender crowns (the crowning is forced), and a later capture of the
    solving side takes that king (followed as it moves)."""
    for i, p in enumerate(f.plies):
        if p.solver or not p.move.promotes or not all(m.promotes for m in p.before.legal_moves()):
            continue
        square = p.move.end
        for q in f.plies[i + 1:]:
            if q.solver and square in q.move.captured:
                return True
            if not q.solver and q.move.start == square:
                square = q.move.end
    return False


def _passagem(f: LineFacts) -> bool:
    """One's own man goes to dama: after the solving side has given material
    (the defender has taken at least one of its pieces), a man of the
    solving side is crowned (3.5)."""
    given = 0
    for p in f.plies:
        if not p.solver:
            given += p.taken
        elif given and p.move.promotes:
            return True
    return False


def _captura_dama(f: LineFacts) -> bool:
    return any(p.solver and p.captured_kings for p in f.plies)


def _bloqueio(f: LineFacts) -> bool:
    return f.blocked_at_end()


def _maioria(f: LineFacts) -> bool:
    for p in f.plies:
        if not p.capture:
            continue
        if any(len(c.captured) < p.taken for c in p.free):
            return True
    return False


@dataclass(frozen=True)
class Theme:
    """A theme: its key (the PDN/compose key), its Portuguese name, the words
    that name it in a comment, the rule it rests on and its predicate."""

    key: str
    name: str
    words: tuple[str, ...]
    rule: str
    holds: Callable[[LineFacts], bool]
    definition: str

    def __call__(self, facts: LineFacts) -> bool:
        if not isinstance(facts, LineFacts):
            raise refuse("facts", "os fatos de uma linha (line_facts(tabuleiro, lances))", facts)
        return bool(self.holds(facts))


THEMES = {t.key: t for t in (
    Theme("turco", "golpe turco", ("golpe turco", "turco"), "4.11", _turco,
          "a dama do defensor para diante de uma peça que já tomou (regra 4.11) e é tomada ali"),
    Theme("bomba", "golpe da bomba", ("golpe da bomba", "bomba"), "4.13", _bomba,
          "a pedra que toma para onde poderia ser tomada, o adversário tem de tomar mais em outro lugar "
          "(regra 4.13) e a pedra continua"),
    Theme("napoleao", "golpe Napoleão", ("napoleão",), "4.5", _napoleao,
          "depois de duas entregas, uma pedra toma três ou mais peças em zigue-zague"),
    Theme("para-tras", "tomada para trás", ("tomada para trás",), "4.2", _para_tras,
          "a tomada decisiva é de uma pedra que toma para trás (regra 4.2)"),
    Theme("tres-por-um", "três por um", ("três por um",), "4.5", _tres_por_um,
          "na linha inteira, uma peça entregue e três tomadas"),
    Theme("dois-por-um", "dois por um", ("dois por um",), "4.5", _dois_por_um,
          "na linha inteira, uma peça entregue e duas tomadas"),
    Theme("abertura-de-linha", "abertura de linha", ("abertura de linha", "abre a linha", "abrir a linha"),
          "4.1", _abertura, "uma entrega, ou a tomada de uma peça sua, esvazia uma casa por onde passa "
          "uma tomada seguinte"),
    Theme("atracao", "atração", ("atração", "atrai"), "4.1", _atracao,
          "a entrega obriga uma peça a tomar e parar numa casa onde a tomada seguinte a leva"),
    Theme("envio-a-dama", "envio à dama", ("envio à dama", "envia à dama", "enviar à dama"), "3.5", _envio,
          "o adversário é obrigado a fazer dama (regra 3.5), e o lado que resolve toma essa dama"),
    Theme("passagem-a-dama", "passagem à dama", ("passagem à dama", "vai à dama", "ir à dama", "chega à dama"),
          "3.5", _passagem,
          "depois de dar material (o adversário já tomou alguma peça), uma pedra do lado que resolve vira dama"),
    Theme("captura-de-dama", "captura da dama", ("captura da dama",), "4.1", _captura_dama,
          "uma tomada do lado que resolve leva uma dama do adversário"),
    Theme("bloqueio", "bloqueio", ("bloqueio", "bloqueada", "bloqueadas"), "7.2", _bloqueio,
          "no fim o adversário ainda tem peças, mas nenhum lance"),
    Theme("lei-da-maioria", "lei da maioria", ("lei da maioria", "maioria"), "4.13", _maioria,
          "sem a lei da maioria, a tomada poderia levar menos peças"),
)}

THEME_KEYS = list(THEMES)


ENTREGA = Theme("entrega", "entrega", ("entrega",), "4.1", lambda f: bool(f.sacrifices),
                "um lance depois do qual o adversário tem uma tomada que não existia antes")


@checked(name=text_spec())
def theme_by_name(name: str) -> Theme | None:
    """The theme called ``name`` (its Portuguese name or its key), or None."""
    low = name.strip().lower()
    for t in list(THEMES.values()) + [ENTREGA]:
        if low in (t.key, t.name.lower()):
            return t
    return None


@checked(facts=_FACTS, keys=flag)
def themes_of(facts: LineFacts, keys: bool = False) -> list[str]:
    """The themes whose mechanism is in the line (names, or keys)."""
    out = [t for t in THEMES.values() if t(facts)]
    return [t.key if keys else t.name for t in out]


@checked(puzzle=instance_spec('damas.problems.puzzles.Puzzle', 'um problema (Puzzle)'), keys=flag)
def themes_in(puzzle: Puzzle, keys: bool = False) -> list[str]:
    """The themes whose mechanism is in a puzzle's stored solution."""
    return themes_of(line_facts(puzzle.board(), puzzle.solution_moves()), keys=keys)


@checked(name=text_spec(), facts=_FACTS)
def theme_holds(name: str, facts: LineFacts) -> bool:
    """Does the theme called ``name`` hold in the line?  (KeyError for an unknown name.)"""
    t = theme_by_name(name)
    if t is None:
        raise ThemeNotFoundError(f"Tema desconhecido: {name!r}. Os temas são: "
                                 + ", ".join([t.name for t in THEMES.values()] + [ENTREGA.name]) + ".")
    return t(facts)

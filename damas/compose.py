"""The composer: a seeded search for positions that show a classic theme.

A problem of combination ("golpe") is a position where the side to move
(White, in every problem made here) forces a decisive result by a line in
which the opponent's replies are forced by the compulsory capture (regra
4.1) and the majority law (4.13).  The composer finds such positions in
three steps:

1. **Placement.**  A seeded random generator puts a few pieces on the
   board, shaped by the theme (a lone black king against several men for the
   golpe turco, men close to the crowning row for the envio à dama, ...).
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
   bomba, Napoleão, calcanhar, ...).  Two positions whose pieces form the
   same pattern shifted or mirrored on the board, or whose lines have the
   same shape, are the same idea: only the first is kept.

The final word on each problem that ships belongs to the project's solver
(``damas.puzzles.solve``), which the collection tests run on every problem.

Command line::

    python -m damas.compose --theme turco --count 5 --seed 1
    python -m damas.compose --theme any --variant international --count 3 --max-moves 4
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from dataclasses import dataclass, field

from .board import BLACK, WHITE, Board, Move, Piece
from .variants import Variant, get_variant

__all__ = [
    "THEMES", "Candidate", "Prover", "prove", "main_line", "detect_themes", "pattern_key",
    "line_shape", "compose", "free_captures", "main",
]

# Theme keys (used in the PDN "Theme" tag) and their Portuguese names.
THEMES = {
    "turco": "golpe turco",
    "napoleao": "golpe Napoleão",
    "bomba": "golpe da bomba",
    "calcanhar": "golpe de calcanhar",
    "bloqueio": "bloqueio",
    "captura-de-dama": "captura da dama",
    "envio-a-dama": "envio à dama",
    "tres-por-um": "três por um",
    "dois-por-um": "dois por um",
    "lei-da-maioria": "lei da maioria",
    "abertura-de-linha": "abertura de linha",
    "atracao": "atração",
    "retorno": "retorno",
}

# The order in which a detected theme is chosen as the main one.
PRIORITY = list(THEMES)


# ---------------------------------------------------------------------------
# Proof: an AND-OR search over Board.legal_moves
# ---------------------------------------------------------------------------
class Prover:
    """Proves "White to move wins within n white moves" by AND-OR search.

    A win is a position where Black, to move, has no legal move (no piece or
    every piece blocked: regra 7.2).  Results are cached per position.
    """

    def __init__(self, node_limit: int = 400_000):
        self.win_at = {}    # key -> smallest n known to win
        self.fail_at = {}   # key -> largest n known not to win
        self.nodes = 0
        self.node_limit = node_limit

    class Exhausted(Exception):
        """The search went past its node limit."""

    def _k(self, board):
        return board._key()

    def white_wins(self, board: Board, n: int) -> bool:
        """True if the side to move (White) wins within ``n`` of its moves."""
        if n <= 0:
            return False
        k = self._k(board)
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

    def winning_moves(self, board: Board, n: int) -> list:
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

    def black_holds(self, board: Board, limit: int) -> int:
        """Black to move: the number of white moves White still needs against
        Black's most stubborn reply (0 when Black has no move)."""
        moves = board.legal_moves()
        if not moves:
            return 0
        worst = 0
        for m in moves:
            board.push(m)
            try:
                d = self.depth_to_win(board, limit)
            finally:
                board.pop()
            if d is None:
                return limit + 1
            worst = max(worst, d)
        return worst


@dataclass
class Proof:
    """What :func:`prove` found: the key move(s), the number of white moves
    of the win, and the main line."""

    board: Board
    moves: int
    keys: list
    line: list = field(default_factory=list)

    @property
    def unique(self) -> bool:
        return len(self.keys) == 1


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


def prove_goal(board: Board, goal: str = "material", n: int = 2, max_moves: int = 4,
               margin: int = 1) -> Proof | None:
    """Prove another goal of :mod:`damas.puzzles` ("material": win ``n``
    pieces; "promote"; "reduce") with the project's solver: the shortest
    forced line within ``max_moves`` white moves, and the first moves that
    still force the goal with ``margin`` more white moves."""
    from .puzzles import Puzzle, solve

    fen, variant = board.fen(), board.variant.name
    first = solve(Puzzle(fen, variant, goal=goal, n=n, max_plies=2 * max_moves - 1), all_moves=False)
    if not first.proven:
        return None
    wide = solve(Puzzle(fen, variant, goal=goal, n=n, max_plies=first.plies + 2 * margin))
    key = first.main_line[0]
    keys = [key] + [m for m in wide.winning_moves if m != key]
    return Proof(board.copy(stack=False), (first.plies + 1) // 2, keys, list(first.main_line))


def main_line(board: Board, prover: Prover, n: int, first: Move | None = None) -> list:
    """The main line of a win in ``n`` moves: White's fastest win (the first
    in move order when several), Black's reply that holds out longest (the
    first in move order when several)."""
    b = board.copy(stack=False)
    line = []
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
            best, best_d = None, -1
            for m in moves:
                b.push(m)
                d = prover.depth_to_win(b, n)
                b.pop()
                d = n + 1 if d is None else d
                if d > best_d:
                    best, best_d = m, d
            b.push(best)
            line.append(best)
            n = best_d
    return line


# ---------------------------------------------------------------------------
# Theme detectors (they read a line; rules come from the Board)
# ---------------------------------------------------------------------------
_FREE = {}


def free_captures(board: Board) -> list:
    """Every complete capture of the side to move, the majority law switched
    off (the same generator, with the variant's ``majority_rule`` off): used to
    see whether the law of the majority chose the route."""
    import dataclasses

    v = board.variant
    free = _FREE.get(v.name)
    if free is None:
        free = _FREE[v.name] = dataclasses.replace(v, name=v.name + "-livre", majority_rule=False)
    probe = Board(board.fen(), variant=free)
    return [m for m in probe.legal_moves() if m.is_capture]


def _rc(board, sq):
    return board.variant.square_to_rc(sq)


def _turn_count(path, board):
    """Number of changes of direction along a capture path."""
    dirs = []
    for a, b in zip(path, path[1:]):
        (r1, c1), (r2, c2) = _rc(board, a), _rc(board, b)
        dirs.append(((r2 > r1) - (r2 < r1), (c2 > c1) - (c2 < c1)))
    return sum(1 for x, y in zip(dirs, dirs[1:]) if x != y)


def _stopped_by_captured(before: Board, move: Move) -> bool:
    """True when the capturing king of ``move`` stops only because a piece it
    has already taken still stands (regra 4.11): with the taken pieces lifted,
    the same king could capture again from its landing square."""
    probe = before.copy(stack=False)
    piece = probe.piece_at(move.start)
    if piece is None or not piece.king:
        return False
    probe.remove_piece(move.start)
    for sq in move.captured:
        probe.remove_piece(sq)
    probe.set_piece(move.end, piece)
    probe.turn = before.turn
    return any(m.start == move.end and m.is_capture for m in probe.legal_moves())


def detect_themes(board: Board, line: list) -> list:
    """The themes the line shows, in :data:`PRIORITY` order."""
    found = set()
    b = board.copy(stack=False)
    white = board.turn
    boards = []
    for m in line:
        boards.append(b.copy(stack=False))
        b.push(m)
    end = b
    lost_white = 0
    prev_black_capture = None
    black_captures = 0
    white_capture_piece_end = None  # where the last white capture ended
    first_start = line[0].start if line else None
    for i, (m, before) in enumerate(zip(line, boards)):
        mover = before.turn
        if mover != white:
            if m.is_capture:
                black_captures += 1
                lost_white += len(m.captured)
                piece = before.piece_at(m.start)
                if piece.king and _stopped_by_captured(before, m):
                    nxt = line[i + 1] if i + 1 < len(line) else None
                    if nxt is not None and m.end in nxt.captured:
                        found.add("turco")
                free = free_captures(before)
                if free and min(len(x.captured) for x in free) < len(m.captured):
                    found.add("lei-da-maioria")
                # bomba: a white man's capture stopped mid-board; Black could
                # take it, but the majority law sends Black's capture elsewhere;
                # then the same man goes on capturing
                wend = white_capture_piece_end
                if (wend is not None and wend not in m.captured
                        and _rc(before, wend)[0] != before.variant.promotion_row(white)
                        and not before.piece_at(wend).king
                        and any(wend in f.captured for f in free)
                        and i + 1 < len(line) and line[i + 1].start == wend and line[i + 1].is_capture):
                    found.add("bomba")
                prev_black_capture = m
            white_capture_piece_end = None
            continue
        if m.is_capture:
            n = len(m.captured)
            piece = before.piece_at(m.start)
            if prev_black_capture is not None:
                if prev_black_capture.end in m.captured:
                    found.add("retorno")
                    if lost_white >= 1:
                        found.add("atracao")
            if n >= 3 and lost_white >= 1:
                found.add("tres-por-um")
            elif n == 2 and lost_white >= 1:
                found.add("dois-por-um")
            if piece is not None and not piece.king:
                r0 = _rc(before, m.path[0])[0]
                r1 = _rc(before, m.path[1])[0]
                backward = (r1 > r0) if white == WHITE else (r1 < r0)
                if backward and lost_white >= 1 and n >= 2:
                    found.add("calcanhar")
            if (black_captures >= 2 and _turn_count(m.path, before) >= 2 and n >= 3
                    and piece is not None and not piece.king):
                found.add("napoleao")
            if first_start is not None and i > 0 and first_start in m.path[1:-1] + (m.path[-1],) \
                    and lost_white >= 1 and m.start != line[0].end:
                found.add("abertura-de-linha")
            if any(before.piece_at(c) is not None and before.piece_at(c).king for c in m.captured):
                found.add("captura-de-dama")
            white_capture_piece_end = m.end
        else:
            white_capture_piece_end = None
        if m.promotes and lost_white >= 1:
            found.add("envio-a-dama")
    if end.turn != white and not end.legal_moves() and end.count(end.turn) > 0:
        found.add("bloqueio")
    if "turco" in found:
        found.discard("captura-de-dama")
    return [t for t in PRIORITY if t in found]


# ---------------------------------------------------------------------------
# Describing a problem in Portuguese
# ---------------------------------------------------------------------------
TEXTS = {
    "turco": ("A dama {king} é obrigada a tomar o máximo de peças (lei da maioria, regra 4.13) e para em "
              "{stop}: a pedra que ela já tomou continua no tabuleiro até o fim da tomada (regra 4.11) e "
              "fecha o caminho. Parada ali, a dama é tomada. É o golpe turco."),
    "napoleao": ("Dois sacrifícios seguidos arrumam as pretas para uma tomada em zigue-zague, no formato do "
                 "chapéu de Napoleão: a pedra branca vai e volta pelas diagonais (regras 4.5 e 4.6)."),
    "bomba": ("A primeira tomada branca para no meio do tabuleiro; as pretas são obrigadas a tomar em "
              "outro lugar, onde levam mais (regra 4.13), e a mesma peça branca continua tomando depois: "
              "a forma em 64 casas do golpe da bomba."),
    "calcanhar": ("O golpe decisivo é de calcanhar: a pedra branca toma para trás, o que a regra 4.2 permite "
                  "às pedras, e as pretas não contavam com esse recuo."),
    "bloqueio": ("No fim as pretas ainda têm peças, mas nenhuma pode se mover: quem não tem lance perde "
                 "(regra 7.2)."),
    "captura-de-dama": ("A dama preta não tem escolha: a tomada obrigatória (regra 4.1) a deixa em "
                        "{kingsq}, onde as brancas a capturam."),
    "envio-a-dama": ("Os sacrifícios abrem caminho e a pedra branca chega à última fileira, onde vira dama "
                     "(regra 3.5)."),
    "tres-por-um": ("As brancas entregam pouco e recebem muito: a tomada em cadeia leva {taken} peças de uma "
                    "vez (regras 4.5 e 4.6)."),
    "dois-por-um": ("Um por dois: a pedra entregue obriga a tomada (regra 4.1) e a resposta leva duas peças "
                    "(regra 4.5)."),
    "lei-da-maioria": ("As pretas prefeririam outra tomada, mas a lei da maioria (regra 4.13) obriga a que "
                       "leva mais peças, e é essa que as brancas prepararam."),
    "abertura-de-linha": ("O sacrifício tira a pedra branca do caminho: a casa {opened} fica livre e a "
                          "diagonal se abre para a tomada final."),
    "atracao": ("A tomada obrigatória (regra 4.1) atrai a peça preta para {attracted}, a casa onde ela "
                "será tomada."),
    "retorno": ("A peça preta que tomou é tomada de volta logo em seguida: é o retorno, e a conta de "
                "peças fica a favor das brancas."),
}

TITLES = {
    "turco": "Golpe turco",
    "napoleao": "Golpe Napoleão",
    "bomba": "Golpe da bomba",
    "calcanhar": "Golpe de calcanhar",
    "bloqueio": "Bloqueio",
    "captura-de-dama": "A dama capturada",
    "envio-a-dama": "Envio à dama",
    "tres-por-um": "Três por um",
    "dois-por-um": "Dois por um",
    "lei-da-maioria": "A lei da maioria manda",
    "abertura-de-linha": "Abertura de linha",
    "atracao": "Atração",
    "retorno": "Retorno",
}


def describe(board: Board, line: list, themes: list) -> str:
    """A Portuguese comment on the line: the moves of the combination, then
    one sentence per theme naming the rule that makes it work."""
    v = board.variant
    name = (lambda s: v.square_name(s)) if v.size == 8 else str
    b = board.copy(stack=False)
    facts = {}
    last_black = None
    for i, m in enumerate(line):
        piece = b.piece_at(m.start)
        if b.turn != board.turn and m.is_capture:
            if piece.king and "stop" not in facts:
                facts["stop"] = name(m.end)
                facts["king"] = "preta"
            last_black = m
        elif b.turn == board.turn and m.is_capture:
            if last_black is not None and last_black.end in m.captured and "attracted" not in facts:
                facts["attracted"] = name(last_black.end)
            facts["taken"] = max(facts.get("taken", 0), len(m.captured))
            for c in m.captured:
                taken_piece = b.piece_at(c)
                if taken_piece is not None and taken_piece.king and "kingsq" not in facts:
                    facts["kingsq"] = name(c)
        b.push(m)
    if line:
        facts["opened"] = name(line[0].start)
    facts.setdefault("stop", "?")
    facts.setdefault("kingsq", "?")
    facts.setdefault("king", "preta")
    facts.setdefault("attracted", "?")
    facts.setdefault("taken", 0)
    words = []
    b = board.copy(stack=False)
    for m in line:
        words.append(b.move_text(m))
        b.push(m)
    sentences = []
    if len(line) >= 2 and line[1].is_capture:
        sentences.append(f"{words[0]} entrega material e as pretas são obrigadas a tomar com {words[1]} "
                         "(regra 4.1).")
    if not b.legal_moves():
        if b.count(b.turn):
            sentences.append(f"Depois de {words[-1]} as pretas não têm lance e perdem (regra 7.2).")
        else:
            sentences.append(f"Depois de {words[-1]} as pretas ficam sem peças (regra 7.2).")
    else:
        me, other = board.turn, (BLACK if board.turn == WHITE else WHITE)
        gain = (b.count(me) - b.count(other)) - (board.count(me) - board.count(other))
        if gain > 0:
            sentences.append(f"Depois de {words[-1]} as brancas estão {_pieces(gain)} à frente do que "
                             "estavam no começo, sem tomada pendente.")
    for t in themes:
        sentences.append(TEXTS[t].format(**facts))
    return " ".join(sentences)


# ---------------------------------------------------------------------------
# Dedupe: the same idea shifted or mirrored on the board
# ---------------------------------------------------------------------------
def pattern_key(board: Board) -> tuple:
    """The position's pattern with its place on the board forgotten: the
    pieces' coordinates shifted to the top-left corner, the smaller of the
    pattern and its mirror image."""
    items = []
    for sq, p in board.pieces().items():
        r, c = _rc(board, sq)
        items.append((r, c, p.symbol()))
    best = None
    for mirror in (False, True):
        pts = [(r, (-c if mirror else c), s) for r, c, s in items]
        r0 = min(p[0] for p in pts)
        c0 = min(p[1] for p in pts)
        key = tuple(sorted((r - r0, c - c0, s) for r, c, s in pts))
        best = key if best is None or key < best else best
    return (board.turn, best)


def line_shape(board: Board, line: list) -> tuple:
    """The shape of a line: each move as its displacement and number of
    pieces taken, up to a mirror image."""
    shapes = []
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
def _row_squares(variant: Variant, rows):
    return [sq for sq in variant.square_range if variant.square_to_rc(sq)[0] in rows]


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
    elif theme == "envio-a-dama":
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
    taken = set()

    def pick(pool, n):
        pool = [s for s in pool if s not in taken]
        if len(pool) < n:
            return None
        out = rng.sample(pool, n)
        taken.update(out)
        return out

    w_men = pick(wm, nw)
    b_men = pick(bm, nbm)
    b_kings = pick(all_sqs, nbk)
    w_kings = pick(all_sqs, nwk)
    if None in (w_men, b_men, b_kings, w_kings):
        return None
    fen = "W:W" + ",".join([str(s) for s in w_men] + [f"K{s}" for s in w_kings]) \
        + ":B" + ",".join([str(s) for s in b_men] + [f"K{s}" for s in b_kings])
    try:
        return Board(fen, variant=variant)
    except ValueError:
        return None


def _material(board, color):
    return len(board.men(color)) + 3 * len(board.kings(color))


@dataclass
class Candidate:
    """A proven position: its board, key, win length, main line and themes."""

    board: Board
    key: Move
    moves: int
    line: list
    themes: list
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


def _sacrifices(board: Board) -> list:
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
                piece = board.piece_at(r.start)
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
                hit = any(any(board.piece_at(c).king for c in x.captured) for x in board.legal_moves())
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
                        if (not w.is_capture or board.piece_at(w.start).king
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
                                                and not board.piece_at(w.start).king
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
    "envio-a-dama": _promotion_near,
}


def compose(theme: str = "any", variant="brazilian", count: int = 5, seed: int = 1,
            max_moves: int = 4, tries: int = 200_000, seconds: float | None = None,
            placement: str | None = None, seen=None, verbose: bool = False, margin: int = 1,
            node_limit: int = 8_000, goal: str = "win", n: int = 1) -> list:
    """Search for ``count`` positions showing ``theme`` ('any' for any
    detected theme); seeded and reproducible (with ``seconds=None``).
    ``goal`` "win" is proven by the composer's own search (:func:`prove`);
    the other goals of :mod:`damas.puzzles` ("material" with ``n`` pieces,
    "promote", "reduce") by the project's solver (:func:`prove_goal`)."""
    variant = get_variant(variant)
    rng = random.Random(f"damas-compose-{variant.name}-{theme}-{seed}")
    placement = placement or theme
    found = []
    seen_patterns = set() if seen is None else seen
    seen_shapes = set()
    deadline = None if seconds is None else time.perf_counter() + seconds
    for _ in range(tries):
        if deadline is not None and time.perf_counter() > deadline:
            break
        board = random_position(rng, variant, placement)
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
    "passa-pela-coroacao": "pedra que passa pela última fileira sem virar dama (regra 4.15)",
    "dois-caminhos": "dois caminhos até a mesma casa (notação completa)",
    "nao-obvia": "a tomada que não é a óbvia",
    "escolha-livre": "capturas iguais: livre escolha (regra 4.14)",
}


def drill_themes(board: Board) -> list:
    """What a capture position teaches: the keys of :data:`DRILL_THEMES`
    found in its legal (maximal) captures."""
    legal = board.legal_moves()
    if not legal or not legal[0].is_capture:
        return []
    found = set()
    v = board.variant
    turn = board.turn
    free = free_captures(board)
    best = len(legal[0].captured)
    if any(len(f.captured) < best for f in free):
        found.add("lei-da-maioria")
    legal_starts = {m.start for m in legal}
    if any(f.start not in legal_starts for f in free):
        found.add("nao-obvia")
    pairs = {}
    for m in legal:
        pairs.setdefault((m.start, m.end), set()).add(frozenset(m.captured))
        piece = board.piece_at(m.start)
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
        piece = board.piece_at(m.start)
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


DRILL_TEXTS = {
    "pedra-para-tras": "A pedra também toma para trás (regra 4.2): olhe as duas direções.",
    "dama-a-distancia": "A dama toma de longe, a qualquer distância numa diagonal livre (regra 4.3).",
    "casa-de-parada": ("Depois de saltar, a dama pode parar em qualquer casa livre além da peça tomada "
                       "(regra 4.3), mas só as casas de onde a tomada continua levam o máximo: as outras "
                       "paradas não são permitidas (regra 4.13)."),
    "cadeia": "A tomada continua enquanto houver peça para tomar (regras 4.5 e 4.6).",
    "lei-da-maioria": ("Há tomadas menores, mas a lei da maioria (regra 4.13) obriga a que leva mais "
                       "peças; dama e pedra contam igual."),
    "bloqueio-turco": ("As peças tomadas só saem do tabuleiro no fim do lance (regra 4.11): uma peça já "
                       "tomada fecha o caminho e não pode ser saltada de novo (regra 4.8)."),
    "passa-pela-coroacao": ("A pedra passa pela última fileira no meio da tomada, mas não para lá: "
                            "continua pedra (regra 4.15)."),
    "dois-caminhos": ("Duas tomadas vão da mesma casa à mesma casa por caminhos diferentes: para "
                      "escrevê-las é preciso o caminho completo."),
    "nao-obvia": ("A tomada que salta aos olhos não é a obrigatória: outra peça leva mais (regra 4.13)."),
    "escolha-livre": "Com tomadas de mesmo número de peças, a escolha é livre (regra 4.14).",
}


def describe_drill(board: Board, themes: list) -> str:
    """A Portuguese comment on a capture drill: the answer, then one sentence
    per theme."""
    legal = board.legal_moves()
    v = board.variant
    n = len(legal[0].captured)
    written = [board.move_text(m) for m in legal]
    if len(legal) == 1:
        head = f"A única tomada permitida é {written[0]}, que leva {_pieces(n)}."
    else:
        head = (f"Há {len(legal)} tomadas permitidas, todas de {_pieces(n)}: " + ", ".join(written) + ".")
    free = free_captures(board)
    if len(free) > len(legal):
        head += (f" Sem a lei da maioria haveria {len(free)} tomadas possíveis; as que faltam na lista "
                 "levam menos peças.")
    return " ".join([head] + [DRILL_TEXTS[t] for t in themes])


def _pieces(n):
    return "1 peça" if n == 1 else f"{n} peças"


def drill_position(rng: random.Random, variant: Variant, kings: int = 0, turn: str = WHITE) -> Board | None:
    """A random position where the side to move must capture."""
    size = variant.size
    n_own = rng.randint(2, 5 if size == 8 else 7)
    n_opp = rng.randint(3, 7 if size == 8 else 10)
    own_rows = range(1, size) if turn == WHITE else range(0, size - 1)
    opp_rows = range(0, size - 1) if turn == WHITE else range(1, size)
    taken = set()

    def pick(pool, n):
        pool = [s for s in pool if s not in taken]
        if len(pool) < n:
            return None
        out = rng.sample(pool, n)
        taken.update(out)
        return out

    own_k = pick(list(variant.square_range), kings)
    own = pick(_row_squares(variant, own_rows), n_own - kings if n_own > kings else 1)
    opp = pick(_row_squares(variant, opp_rows), n_opp)
    if None in (own_k, own, opp):
        return None
    mine = ",".join([str(s) for s in own] + [f"K{s}" for s in own_k])
    theirs = ",".join(str(s) for s in opp)
    w, b = (mine, theirs) if turn == WHITE else (theirs, mine)
    try:
        board = Board(f"{turn}:W{w}:B{b}", variant=variant)
    except ValueError:
        return None
    return board if board.has_captures() else None


def compose_drills(theme: str, variant="brazilian", count: int = 3, seed: int = 1, tries: int = 20_000,
                   seen=None, single: bool = False) -> list:
    """Seeded search for capture drills that show ``theme`` (a key of
    :data:`DRILL_THEMES`): returns [(board, themes)].  With ``single`` only
    positions with exactly one legal capture are kept."""
    variant = get_variant(variant)
    rng = random.Random(f"damas-drill-{variant.name}-{theme}-{seed}")
    seen = set() if seen is None else seen
    out = []
    for i in range(tries):
        kings = rng.choice((0, 0, 1)) if theme not in ("dama-a-distancia", "casa-de-parada", "bloqueio-turco") else 1
        turn = WHITE if rng.random() < 0.75 else BLACK
        board = drill_position(rng, variant, kings, turn)
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


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m damas.compose",
                                     description="Procura posições que mostram um tema clássico e as prova.")
    parser.add_argument("--theme", default="any", help="tema: " + ", ".join(["any"] + list(THEMES)))
    parser.add_argument("--variant", default="brazilian", help="brazilian (8x8) ou international (10x10)")
    parser.add_argument("--count", type=int, default=5, help="quantas posições procurar")
    parser.add_argument("--seed", type=int, default=1, help="semente (a mesma semente dá as mesmas posições)")
    parser.add_argument("--max-moves", type=int, default=4, help="lances brancos no máximo até a vitória")
    parser.add_argument("--tries", type=int, default=200_000, help="posições sorteadas no máximo")
    parser.add_argument("--placement", default=None,
                        help="forma do sorteio (turco, captura-de-dama, envio-a-dama, bloqueio, dama, denso, any)")
    parser.add_argument("--goal", default="win", help="win (vencer), material, promote ou reduce")
    parser.add_argument("--n", type=int, default=1, help="peças do objetivo material/reduce")
    parser.add_argument("--margin", type=int, default=1,
                        help="lances brancos a mais em que o lance-chave ainda deve ser o único a vencer")
    parser.add_argument("--seconds", type=float, default=None, help="tempo máximo (torna o resultado dependente do relógio)")
    args = parser.parse_args(argv)
    if args.theme != "any" and args.theme not in THEMES:
        print(f"Tema desconhecido: {args.theme!r}. Temas: {', '.join(THEMES)}.", file=sys.stderr)
        return 2
    start = time.perf_counter()
    found = compose(args.theme, args.variant, args.count, args.seed, args.max_moves, args.tries,
                    args.seconds, args.placement, verbose=True, margin=args.margin, goal=args.goal,
                    n=args.n)
    print(f"{len(found)} posição(ões) em {time.perf_counter() - start:.1f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())

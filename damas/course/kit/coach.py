"""The computer that teaches: a review of a finished game, in a child's words.

>>> from damas import Game
>>> from damas.course.kit.coach import review
>>> game = Game("brazilian")
>>> for text in ["c3-d4", "f6-g5", "b2-c3", "g7-f6", "d4-e5"]:   # 3. d4-e5? gives a man away
...     _ = game.push(game.board.parse_move(text))
>>> r = review(game, student="W", depth=4)
>>> r.turning_point.text, r.turning_point.principle
('d4-e5', 'entrega')

After a game against the computer, :func:`review` replays it and, for every
move of the student, asks the engine (:func:`damas.engine.search.analyse`, at a
fixed depth, so the review is the same on every run) how good the position
was before the move and after it.  From that it names

* **the moment the game was lost**: the first move after which the student's
  position is judged lost (the evaluation falls below :data:`LOST`, more than
  a man and a half down) while it was not lost before; if no move crosses
  that line, the move that lost the most;
* **the missed capture or golpe**: before a bad move, the solver
  (:func:`damas.problems.solver.solve`) looks for a combination that wins material by
  force for the student; after it, for one the move allowed the opponent;
* **the principle that was broken**, from what the move did on the board:
  it gave a piece away for nothing (a sacrifice without return, see
  ``entrega``), left the back row open (``fundo``), left a man alone
  (``isolada``), went to the edge when the centre was free (``centro``);
  see :data:`PRINCIPLES`.

:func:`move_notes` gives the same facts for any list of moves (both sides);
the annotated games of the course were checked with it.  Every score comes
from the engine and every golpe from the solver: this module knows no rule
of its own.  All student texts are in :data:`PRINCIPLES` and :data:`TEXTS`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from damas.engine.search import MAX_DEPTH, WIN, analyse, is_win_score
from damas.errors import DamasError
from damas.problems.puzzles import Puzzle
from damas.problems.solver import solve
from damas.rules.args import board as check_board, checked, whole
from damas.rules.board import BLACK, WHITE, Board, Move
from damas.rules.notation import line_texts, move_text

__all__ = ["MoveNote", "Review", "review", "move_notes", "gives_capture", "CoachGame", "MoveChoice", "PRINCIPLES", "TEXTS", "MISTAKE", "BLUNDER",
           "LOST", "CoachError"]

#: Loss (hundredths of a man) from which a move is a mistake ("?") and a blunder ("??").
MISTAKE = 80
BLUNDER = 180
#: A position scored below -LOST for a side is judged lost for it (about a man down);
#: within EVEN of zero it is called balanced.
LOST = 90
EVEN = 60
_CAP = 3000  # scores of forced wins are capped when losses are computed

_COLOR = {WHITE: "brancas", BLACK: "pretas"}

#: principle key -> (name, what to remember), in words a child understands.
PRINCIPLES = {
    "golpe": ("Olhe as tomadas e os golpes antes de jogar",
              "Antes de cada lance, procure as tomadas que você pode forçar: às vezes entregar uma "
              "pedra obriga o adversário a tomar (regra 4.1) e abre caminho para você tomar mais."),
    "defesa": ("Pense no lance do adversário",
               "Antes de jogar, pergunte: depois do meu lance, o adversário pode me obrigar a tomar e "
               "depois tomar mais? Se pode, procure outro lance."),
    "entrega": ("Não entregue pedras sem troco",
                "Uma troca é boa quando você recebe de volta o que deu. Entregar uma pedra sem pegar "
                "nada em troca deixa você com menos peças."),
    "fundo": ("Guarde a base",
              "As pedras da sua base impedem o adversário de fazer dama. Tire-as de lá só "
              "quando for preciso."),
    "isolada": ("Mantenha as pedras juntas",
                "Uma pedra sozinha, sem companheira ao lado ou atrás, é fácil de atacar. Pedras juntas "
                "se protegem."),
    "centro": ("Ocupe o centro",
               "As pedras do centro controlam mais casas e ajudam os dois lados do tabuleiro; na "
               "beirada, uma pedra vigia metade."),
    "calcular": ("Conte as peças até o fim da jogada",
                 "Antes de decidir, imagine os próximos lances dos dois lados e conte as peças no fim."),
}

TEXTS = {
    "no_moves": "A partida não tem lances do aluno para analisar.",
    "bad_student": "Lado do aluno inválido: {value!r}. Use 'W' (brancas) ou 'B' (pretas).",
    "bad_game": "review espera uma partida (damas.Game) ou um tabuleiro inicial com a lista de lances.",
    "good_game": "Muito bem! O computador não achou nenhum erro grave nos seus lances.",
    "moment": "O momento em que a partida escapou foi o lance {number}{dots} {text}.",
    "before_after": "Antes dele, {before}; depois dele, {after}.",
    "better": "Melhor era {best}.",
    "missed": "Você tinha um golpe: {line}, e ganhava peças à força.",
    "missed_capture": "Você tinha uma tomada melhor: {line}, e ganhava peças à força.",
    "allowed": "Depois do seu lance, o adversário tinha um golpe: {line}.",
    "principle": "Princípio: {name}. {advice}",
    "other": "Outros lances para rever: {moves}.",
    "as_good": "O lance {text} é o melhor lance, ou quase, para o computador do curso.",
    "worse": "O lance {text} vale cerca de {n} a menos que {best}, para o computador do curso.",
    "even": "a partida estava equilibrada",
    "ahead": "você estava na frente (cerca de {n} de vantagem)",
    "behind": "você estava atrás (cerca de {n} a menos)",
    "winning": "você tinha a vitória nas mãos",
    "losing": "o computador já ganhava",
}


class CoachError(DamasError):
    """Input the coach cannot review."""


def _men(score: int) -> str:
    n = max(1, round(abs(score) / 100))
    return "1 pedra" if n == 1 else f"{n} pedras"


def _situation(score: int) -> str:
    if is_win_score(score) or score >= _CAP:
        return TEXTS["winning"]
    if is_win_score(-score) or score <= -_CAP:
        return TEXTS["losing"]
    if score <= -EVEN:
        return TEXTS["behind"].format(n=_men(score))
    if score >= EVEN:
        return TEXTS["ahead"].format(n=_men(score))
    return TEXTS["even"]


def _cap(score: int) -> int:
    return max(-_CAP, min(_CAP, score))


@dataclass(frozen=True)
class MoveNote:
    """What the engine and the solver say about one move.

    ``before`` is the score (for the side that moved, hundredths of a man)
    of the position before the move with the best play, ``after`` the score
    of the position the move reached (same side's view), ``loss`` their
    difference (never negative, capped).  ``best`` is the engine's move.
    ``forced``: it was the only legal move; ``capture``: it took pieces;
    ``sacrifice``: a quiet move that left the opponent a capture that was not
    there before (:func:`gives_capture`).
    ``missed`` / ``allowed``: the text of a golpe proven by the solver that
    the mover had before the move and did not play / gave the opponent by
    the move ('' when none or not searched).  ``principle``: a key of
    :data:`PRINCIPLES` (or '' for a move that lost nothing).
    """

    ply: int
    number: int
    color: str
    move: Move
    text: str
    best: Move | None
    best_text: str
    before: int
    after: int
    loss: int
    forced: bool
    capture: bool
    sacrifice: bool
    missed: str = ""
    allowed: str = ""
    principle: str = ""

    @property
    def mark(self) -> str:
        """'??' for a blunder, '?' for a mistake, '' otherwise (art. 9)."""
        if self.loss >= BLUNDER:
            return "??"
        if self.loss >= MISTAKE:
            return "?"
        return ""

    @property
    def dots(self) -> str:
        return "." if self.color == WHITE else "..."

    def describe(self) -> str:
        """One sentence in Portuguese: how the move compares with the engine's."""
        if self.best is None or self.best == self.move or self.loss < 20:
            return TEXTS["as_good"].format(text=self.text)
        return TEXTS["worse"].format(text=self.text, n=_men(self.loss), best=self.best_text)


def _captures(board: Board) -> set:
    return {frozenset(m.captured) for m in board.legal_moves() if m.is_capture}


@checked()
def gives_capture(board: Board, move: Move) -> bool:
    """True if ``move`` (legal in ``board``) leaves the opponent a capture
    that was not there before it: a sacrifice ("entrega"), or a piece left
    hanging.  "Before" is the position with the opponent to move."""
    passed = board.copy(stack=False)
    passed.turn = BLACK if board.turn == WHITE else WHITE
    before = _captures(passed)
    after_board = board.copy(stack=False)
    after_board.push(move)
    return bool(_captures(after_board) - before)


def _golpe(board: Board, plies: int) -> str:
    """The main line of a forced material gain for the side to move, '' if none."""
    puzzle = Puzzle(board.fen(), variant=board.variant.name, goal="material", n=1, max_plies=plies)
    proof = solve(puzzle, all_moves=False)
    if not proof:
        return ""
    return " ".join(line_texts(board, proof.main_line))


def _neighbours(board: Board, square: int) -> list:
    t = board.variant.tables
    r, c = t.rc[square]
    out = []
    for dr in (-1, 1):
        for dc in (-1, 1):
            rr, cc = r + dr, c + dc
            if 0 <= rr < t.size and 0 <= cc < t.size:
                out.append(board.variant.rc_to_square(rr, cc))
    return out


def _principle(board: Board, move: Move, after: Board, best: Move | None, missed: str, allowed: str,
               sacrifice: bool) -> str:
    """The principle a losing move broke, judged on the board (see PRINCIPLES)."""
    if missed:
        return "golpe"
    if allowed:
        return "defesa"
    if sacrifice and not move.is_capture:
        return "entrega"
    mover = board.turn
    size = board.variant.size
    rows = board.variant.tables.rc
    start_row, end_row = rows[move.start][0], rows[move.end][0]
    home = size - 1 if mover == WHITE else 0
    piece = board.piece_at(move.start)
    is_man = piece is not None and not piece.king
    if is_man and start_row == home:
        return "fundo"
    if is_man and not move.is_capture:
        friends = [sq for sq in _neighbours(after, move.end) if _owner(after, sq) == mover]
        if not friends:
            return "isolada"
    end_col = rows[move.end][1]
    if best is not None and end_col in (0, size - 1) and rows[best.end][1] not in (0, size - 1):
        return "centro"
    return "calcular"


def _owner(board: Board, square: int):
    piece = board.piece_at(square)
    return None if piece is None else piece.color


@checked()
def move_notes(board: Board, moves, depth: int = 4, colors=(WHITE, BLACK), golpe_plies: int = 5) -> list:
    """A :class:`MoveNote` for each of ``moves`` (Move objects or texts)
    played from ``board`` (not changed) by a side in ``colors``; the golpe
    search runs only for moves that lose at least :data:`MISTAKE`."""
    b = board.copy()
    out = []
    number = 1
    for ply, item in enumerate(moves):
        move = b.parse_move(item) if isinstance(item, str) else item
        if move not in b.legal_moves():
            raise CoachError(f"O lance {item} não é legal nesta posição.")
        color = b.turn
        if color in colors:
            legal = b.legal_moves()
            had_capture = any(m.is_capture for m in legal)
            before_a = analyse(b, depth=depth)
            before = _cap(before_a.score)
            text = move_text(b, move)
            best = before_a.best
            after_board = b.copy()
            after_board.push(move)
            if after_board.legal_moves():
                after = _cap(-analyse(after_board, depth=max(1, depth - 1)).score)
            else:
                after = _CAP
            loss = max(0, before - after)
            sacrifice = not had_capture and gives_capture(b, move)
            missed = allowed = principle = ""
            if loss >= MISTAKE:
                missed = _golpe(b, golpe_plies)
                if missed and missed.split()[0] == text:
                    missed = ""  # the move played was the golpe's first move
                allowed = _golpe(after_board, golpe_plies) if after_board.legal_moves() else ""
                if allowed and sacrifice:
                    allowed = ""  # not a golpe: the piece was simply given away (see 'entrega')
                principle = _principle(b, move, after_board, best, missed, allowed, sacrifice)
            out.append(MoveNote(ply=ply, number=number, color=color, move=move, text=text, best=best,
                                best_text=move_text(b, best) if best is not None else "", before=before,
                                after=after, loss=loss, forced=len(legal) == 1,
                                capture=move.is_capture, sacrifice=sacrifice, missed=missed,
                                allowed=allowed, principle=principle))
        b.push(move)
        if color == BLACK:
            number += 1
    return out


@dataclass
class Review:
    """The review of a game for the ``student`` ('W' or 'B')."""

    student: str
    notes: list = field(default_factory=list)

    @property
    def mistakes(self) -> list:
        """The student's moves that lost at least :data:`MISTAKE`."""
        return [n for n in self.notes if n.loss >= MISTAKE]

    @property
    def turning_point(self) -> MoveNote | None:
        """The move after which the game was lost (see the module docstring), or None."""
        for n in self.notes:
            if n.after <= -LOST < n.before and n.loss >= MISTAKE:
                return n
        worst = max(self.notes, key=lambda n: n.loss, default=None)
        return worst if worst is not None and worst.loss >= MISTAKE else None

    def text(self) -> str:
        """The review in Portuguese, in a few sentences."""
        tp = self.turning_point
        if tp is None:
            return TEXTS["good_game"]
        parts = [TEXTS["moment"].format(number=tp.number, dots=tp.dots, text=tp.text),
                 TEXTS["before_after"].format(before=_situation(tp.before), after=_situation(tp.after))]
        if tp.best_text and tp.best_text != tp.text:
            parts.append(TEXTS["better"].format(best=tp.best_text))
        if tp.missed:
            key = "missed_capture" if "x" in tp.missed.split()[0] else "missed"
            parts.append(TEXTS[key].format(line=tp.missed))
        if tp.allowed:
            parts.append(TEXTS["allowed"].format(line=tp.allowed))
        if tp.principle:
            name, advice = PRINCIPLES[tp.principle]
            parts.append(TEXTS["principle"].format(name=name, advice=advice))
        others = [n for n in self.mistakes if n is not tp]
        if others:
            parts.append(TEXTS["other"].format(moves=", ".join(f"{n.number}{n.dots} {n.text}" for n in others)))
        return " ".join(parts)

    def __str__(self) -> str:
        return self.text()


def review(game, student=None, depth: int = 4, moves=None) -> Review:
    """Review ``game`` (a :class:`damas.Game`, or a starting Board with
    ``moves``) for ``student`` ('W' or 'B'; by default the side that moved
    first).  ``depth`` is the engine's fixed depth."""
    if isinstance(game, Board):
        start = game
        if not isinstance(moves, (list, tuple)):
            raise CoachError(TEXTS["bad_game"])
        played = list(moves)
    elif hasattr(game, "start") and hasattr(game, "moves"):
        start, played = game.start, list(game.moves)
    else:
        raise CoachError(TEXTS["bad_game"])
    if student is None:
        student = start.turn
    if student not in (WHITE, BLACK):
        raise CoachError(TEXTS["bad_student"].format(value=student))
    whole(depth, "depth (a profundidade, em lances)", 1, MAX_DEPTH)
    notes = move_notes(start, played, depth=depth, colors=(student,))
    if not notes:
        raise CoachError(TEXTS["no_moves"])
    return Review(student=student, notes=notes)


COACH_TEXTS = {
    "button": "Rever a partida",
    "tip": "O computador revê os seus lances e diz onde a partida escapou.",
    "start": "Jogue com as {color}: clique na pedra e depois na casa. O computador responde. "
             "Quando quiser, clique em «Rever a partida».",
    "waiting": "Revendo os lances... (o computador pensa em cada um)",
    "bad_level": "Nível inválido: {value!r}; os níveis vão de 1 (iniciante) a 5 (mais forte).",
}


class CoachGame:
    """A game against the computer on the board widget, with a button that
    reviews it (:func:`review`).  The student plays ``student`` ('W' by
    default) by clicks; the computer answers at ``level`` (see
    :data:`damas.engine.search.LEVELS`).  ``student_move`` plays a move for the
    student as a click would (and the computer's reply); ``review()`` returns
    the :class:`Review` the button shows.  The widget modules are imported
    when the object is built, never by ``import damas``."""

    def __init__(self, level: int = 2, student: str = WHITE, depth: int = 4):
        from damas.engine.search import LEVELS
        from damas.rules.game import Game
        from damas.widget.board import BoardWidget
        if isinstance(level, bool) or not isinstance(level, int) or level not in LEVELS:
            raise CoachError(COACH_TEXTS["bad_level"].format(value=level))
        if student not in (WHITE, BLACK):
            raise CoachError(TEXTS["bad_student"].format(value=student))
        self.student, self.depth = student, depth
        computer = BLACK if student == WHITE else WHITE
        # The widget plays the computer's side itself (and offers the level
        # chooser beside the board); it moves first when it is its turn.
        self.board = BoardWidget(Game(), computer=computer, level=level, flipped=student == BLACK)
        self._box = None
        self._out = None

    @property
    def level(self) -> int:
        """The computer's level: the one chosen beside the board."""
        return self.board.level

    def student_move(self, move):
        """Play ``move`` (text or Move) for the student; the computer replies."""
        self.board.play(move)

    def review(self) -> Review:
        return review(self.board.game, student=self.student, depth=self.depth)

    def box(self):
        if self._box is None:
            import ipywidgets as widgets
            self._out = widgets.HTML(COACH_TEXTS["start"].format(color=_COLOR[self.student]))
            button = widgets.Button(description=COACH_TEXTS["button"], tooltip=COACH_TEXTS["tip"],
                                    layout=widgets.Layout(width="200px"))
            button.on_click(lambda _b: self._show())
            self._box = widgets.VBox([self.board, button, self._out])
        return self._box

    def _show(self):
        import html
        self._out.value = COACH_TEXTS["waiting"]
        try:
            text = self.review().text()
        except CoachError as error:
            text = str(error)
        self._out.value = f"<p style='font-size:15px;max-width:700px'>{html.escape(text)}</p>"

    def _ipython_display_(self):  # pragma: no cover - needs a notebook front end
        # The box, plus a static picture of the board for a page with no kernel
        # or an untrusted notebook (damas/display/output.py).
        from damas.display.output import show_widget
        from damas.display.svg import board_svg
        show_widget(self.box(), board_svg(self.board.board, flipped=self.board.flipped), None, text=repr(self))

    def __repr__(self):
        return f"CoachGame(level={self.level}, student={self.student!r})"


CHOICE_TEXTS = {
    "task": "Jogam as {color}. Escolha um lance no tabuleiro (clique na pedra e depois na casa).",
    "good": "Boa escolha! {describe}",
    "bad": "Ainda não. {describe} O lance foi desfeito: tente outro. {advice}",
}


class MoveChoice:
    """A board task for a principle: the student plays one move in ``board``
    by clicks; the engine (fixed ``depth``) judges it with
    :meth:`MoveNote.describe`.  A move that loses at least :data:`MISTAKE`
    is taken back, with the advice of ``principle`` (a key of
    :data:`PRINCIPLES`), so the student tries again.  ``choose(move)`` does
    in Python what the clicks do and returns the :class:`MoveNote`."""

    def __init__(self, board: Board, principle: str = "calcular", depth: int = 8):
        from damas.rules.game import Game
        from damas.widget.board import BoardWidget
        check_board(board)
        whole(depth, "depth", 1, MAX_DEPTH)
        if not isinstance(principle, str) or principle not in PRINCIPLES:
            raise CoachError(f"Princípio desconhecido: {principle!r}. Use um de: {', '.join(PRINCIPLES)}.")
        self.start = board.copy(stack=False)
        self.principle, self.depth = principle, depth
        other = BLACK if board.turn == WHITE else WHITE
        self.board = BoardWidget(Game(self.start), locked=(other,), flipped=board.turn == BLACK)
        self.board.on_move(self._on_move)
        self.verdict = CHOICE_TEXTS["task"].format(color=_COLOR[board.turn])
        self.solved = False
        self._out = None

    def _judge(self, move) -> MoveNote:
        note, = move_notes(self.start, [move], depth=self.depth)
        if note.loss >= MISTAKE:
            self.verdict = CHOICE_TEXTS["bad"].format(describe=note.describe(), advice=PRINCIPLES[self.principle][1])
            self.board.undo()
        else:
            self.solved = True
            self.verdict = CHOICE_TEXTS["good"].format(describe=note.describe())
        if self._out is not None:
            self._out.value = f"<p style='font-size:15px;max-width:700px'>{self.verdict}</p>"
        return note

    def _on_move(self, event):
        if event.by == "click" and len(self.board.game.moves) == 1:
            self._judge(event.move)

    def choose(self, move) -> MoveNote:
        """Play ``move`` (text or Move) as the student's choice and judge it."""
        if self.board.game.moves:
            self.board.undo()
        played = self.board.play(move)
        return self._judge(played)

    def box(self):
        import ipywidgets as widgets
        if self._out is None:
            self._out = widgets.HTML(f"<p style='font-size:15px;max-width:700px'>{self.verdict}</p>")
        return widgets.VBox([self.board, self._out])

    def _ipython_display_(self):  # pragma: no cover - needs a notebook front end
        # The box, plus a static picture of the board for a page with no kernel
        # or an untrusted notebook (damas/display/output.py).
        from damas.display.output import show_widget
        from damas.display.svg import board_svg
        show_widget(self.box(), board_svg(self.board.board, flipped=self.board.flipped), None, text=repr(self))

    def __repr__(self):
        return f"MoveChoice({self.start.fen()!r}, {self.principle!r})"

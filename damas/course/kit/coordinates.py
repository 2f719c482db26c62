"""«Treino de coordenadas»: a square is named, the student clicks it; 30 seconds a round.

A chapter places it with one call (chapter 01 with the 64-square board, chapter 14 with the
100-square one)::

    coordinates_trainer()                          # 8x8, the squares' names a1 ... h8
    coordinates_trainer(variant="international")   # 10x10, the numbers 1 to 50

The student picks the side seen at the bottom (White's or Black's: the board turns round) and
clicks «Começar»; the trainer names a dark square (the squares the pieces use), the student clicks
it, and the next is named, for 30 seconds.  A click on another square says which square it was (a
mistake: it costs nothing but time).  The score is the squares found; the best score of each board
and side is saved in the progress file (:mod:`damas.course.kit.coordinate_scores`) and shown on
the course's map (:mod:`damas.course.kit.course_map`).

The clock: the page's own timer counts the 30 seconds down and ends the round (the widget sends
«timeout»); every click carries the time the page measured since the round began, and the trainer
checks both against its own clock (``clock``, injected by the tests): a click later than
:data:`ROUND_SECONDS` by the page, or later than :data:`ROUND_SECONDS` plus :data:`GRACE_SECONDS` by
the trainer's clock, is not counted and ends the round; an end the page asks for before the
trainer's clock has run :data:`ROUND_SECONDS` less :data:`EARLY_SECONDS` is not taken.

Every action is a method too (:meth:`CoordinatesTrainer.start`, :meth:`~CoordinatesTrainer.click`,
:meth:`~CoordinatesTrainer.timeout`), so tests play a round without a browser.  Bad input (a square
that does not exist, a message the trainer does not know, a click outside a round) is said in
Portuguese beside the board and changes nothing.  Keyboard: the arrow keys move a cursor over the
dark squares, Enter or Space clicks; a screen reader hears the named square, the time left and
each verdict (the squares' own labels do not give their names away).

Pure Python: ipywidgets/anywidget are imported only when the board is shown
(:class:`damas.widget.coordinates.CoordinatesBoard`).
"""

from __future__ import annotations

import random
import time

from damas.errors import DamasError
from damas.rules.args import choice, checked, refuse
from damas.rules.board import BLACK, WHITE, Board
from damas.course.kit import store as _store
from damas.course.kit.coordinate_scores import SIDES, VARIANTS

__all__ = ["coordinates_trainer", "CoordinatesTrainer", "ROUND_SECONDS", "TEXTS"]

ROUND_SECONDS = 30
#: how late (by the trainer's clock) a click the page timed within the round may arrive
GRACE_SECONDS = 3.0
#: how much earlier than the trainer's clock the page's timer may end the round
EARLY_SECONDS = 1.0

TEXTS = {
    "title": "Treino de coordenadas",
    "title_international": "Treino de coordenadas (100 casas)",
    "ready": "Escolha de que lado você vê o tabuleiro e clique em «Começar». Você tem {seconds} "
             "segundos para achar o maior número de casas.",
    "ready_international": "Escolha de que lado você vê o tabuleiro e clique em «Começar». As casas "
                           "escuras têm números de 1 a 50: ache o maior número delas em {seconds} segundos.",
    "find": "Clique na casa {name}.",
    "go": "Valendo! Você tem {seconds} segundos.",
    "right": "Certo: {name}!",
    "wrong": "Essa é a casa {clicked}. Procure a casa {name}.",
    "light": "Essa casa é clara: as peças só usam as casas escuras. Procure a casa {name}.",
    "not_running": "Clique em «Começar» para começar uma rodada.",
    "late": "O tempo tinha acabado: esse clique não contou.",
    "over": "Fim da rodada: {score} em {seconds} segundos ({mistakes}).",
    "record": " Novo recorde!",
    "best": "Seu recorde {side}: {best}.",
    "best_none": "Seu recorde {side}: ainda nenhum.",
    "side_W": "com as brancas embaixo",
    "side_B": "com as pretas embaixo",
    "start_W": "Começar (brancas embaixo)",
    "start_B": "Começar (pretas embaixo)",
    "time": "Tempo",
    "score": "Casas achadas",
    "board": "Tabuleiro do treino de coordenadas",
    "help": "Setas movem o cursor pelas casas escuras; Enter ou Espaço clica. O cursor começa no "
            "canto de baixo, à esquerda.",
    "dark": "casa escura",
    "bad_square": "Casa inválida: {value}. As casas escuras vão de 1 a {n}.",
    "bad_message": "Mensagem desconhecida do tabuleiro: {value}.",
    "not_saved": "(O recorde não foi gravado: {error})",
    "bad_variant": "Tabuleiro desconhecido: {value!r}. Use {known}.",
}


def _plural(n, one, many):
    return f"{n} {one if n == 1 else many}"


class CoordinatesTrainer:
    """The rounds of «Treino de coordenadas» on the board of ``variant``.

    ``clock``: a function that gives the time in seconds (by default :func:`time.monotonic`;
    the tests pass their own); ``seed``: the order of the squares named (by default a new one
    each time)."""

    def __init__(self, variant: str = "brazilian", clock=None, seed=None):
        if variant not in VARIANTS:
            raise DamasError(TEXTS["bad_variant"].format(value=variant, known=" ou ".join(map(repr, VARIANTS))))
        if clock is not None and not callable(clock):
            raise DamasError("O relógio do treino deve ser uma função que dá o tempo em segundos.")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, (int, str))):
            raise refuse("seed", "um número inteiro ou um texto", seed)
        self.variant = variant
        self.board = Board("W:W:B", variant=variant)
        self.clock = clock or time.monotonic
        self._random = random.Random(seed)
        self.side = WHITE
        self.running = False
        self.round = 0            # rounds started (the page sends the number back with «timeout»)
        self.started = None       # the trainer's clock when the round began
        self.score = 0
        self.mistakes = 0
        self.target = None        # the square named now (a number)
        self.message = self._ready_text()
        self.message_kind = "info"
        self.last_score = None
        self._widget = None

    # -- names ---------------------------------------------------------------------------
    def name(self, square: int) -> str:
        """The square as the student reads it: ``e5`` on 8x8, ``28`` on 10x10."""
        v = self.board.variant
        return v.square_name(square) if v.notation == "algebraic" else str(square)

    def _ready_text(self) -> str:
        key = "ready" if self.variant == "brazilian" else "ready_international"
        return TEXTS[key].format(seconds=ROUND_SECONDS)

    def prompt(self) -> str:
        """What the student reads above the board now."""
        if self.running:
            return TEXTS["find"].format(name=self.name(self.target))
        return ""

    def best(self, side=None) -> int:
        """The best score saved for this board seen from ``side`` (default: the side chosen)."""
        store = _store._progress()
        if isinstance(store, Exception):
            return 0
        return store.best_coordinates(self.variant, side or self.side)

    def best_text(self, side=None) -> str:
        side = side or self.side
        best = self.best(side)
        words = TEXTS["side_" + side]
        return TEXTS["best"].format(side=words, best=best) if best else TEXTS["best_none"].format(side=words)

    # -- the round -----------------------------------------------------------------------
    def start(self, side: str = WHITE) -> None:
        """A new round seen from ``side`` ('W' or 'B'): the clock starts, the first square is named."""
        choice(side, "side", SIDES)
        self.side = side
        self.running = True
        self.round += 1
        self.started = self.clock()
        self.score = 0
        self.mistakes = 0
        self.last_score = None
        self.target = None
        self._next_target()
        self._say(TEXTS["go"].format(seconds=ROUND_SECONDS))

    def _next_target(self):
        squares = [s for s in self.board.variant.square_range if s != self.target]
        self.target = self._random.choice(squares)

    def elapsed(self) -> float:
        """Seconds since the round began, by the trainer's clock (0 outside a round)."""
        return self.clock() - self.started if self.running else 0.0

    def click(self, square, elapsed_ms=None) -> None:
        """The student clicked ``square`` (its number; 0 for a light square), ``elapsed_ms``
        milliseconds after the round began by the page's timer (None: a click from Python)."""
        n = self.board.variant.squares
        if isinstance(square, bool) or not isinstance(square, int) or not 0 <= square <= n:
            self._say(TEXTS["bad_square"].format(value=square, n=n), "error")
            return
        if elapsed_ms is not None and (isinstance(elapsed_ms, bool) or not isinstance(elapsed_ms, (int, float))
                                       or elapsed_ms != elapsed_ms or elapsed_ms < 0):
            self._say(TEXTS["bad_message"].format(value={"elapsed": elapsed_ms}), "error")
            return
        if not self.running:
            self._say(TEXTS["not_running"], "error")
            return
        late_by_page = elapsed_ms is not None and elapsed_ms > ROUND_SECONDS * 1000
        allowed = ROUND_SECONDS + (GRACE_SECONDS if elapsed_ms is not None else 0)
        if late_by_page or self.elapsed() > allowed:
            self._finish(late=True)
            return
        name = self.name(self.target)
        if square == self.target:
            self.score += 1
            self._next_target()
            self._say(TEXTS["right"].format(name=name) + " " + TEXTS["find"].format(name=self.name(self.target)),
                      "success")
        elif square == 0:
            self.mistakes += 1
            self._say(TEXTS["light"].format(name=name), "error")
        else:
            self.mistakes += 1
            self._say(TEXTS["wrong"].format(clicked=self.name(square), name=name), "error")

    def timeout(self, round_number=None) -> None:
        """The page's timer ran out (for round ``round_number``): the round ends, unless the
        trainer's clock has not run nearly the whole round (then nothing changes)."""
        if not self.running or (round_number is not None and round_number != self.round):
            return
        if self.elapsed() < ROUND_SECONDS - EARLY_SECONDS:
            return
        self._finish()

    def _finish(self, late: bool = False) -> None:
        self.running = False
        self.last_score = self.score
        before = self.best()
        note = ""
        store = _store._progress()
        if isinstance(store, Exception):
            note = " " + TEXTS["not_saved"].format(error=store)
        else:
            try:
                store.record_coordinates(self.score, self.variant, self.side)
            except DamasError as error:
                note = " " + TEXTS["not_saved"].format(error=error)
        text = TEXTS["over"].format(score=_plural(self.score, "casa achada", "casas achadas"),
                                    seconds=ROUND_SECONDS,
                                    mistakes=_plural(self.mistakes, "erro", "erros"))
        if self.score > before and not note:
            text += TEXTS["record"]
        self.target = None
        self._say((TEXTS["late"] + " " if late else "") + text + note, "end")

    def _say(self, text, kind="info"):
        self.message, self.message_kind = text, kind
        self._sync()

    # -- the page ------------------------------------------------------------------------
    def handle_message(self, content) -> None:
        """Do what a message of the page asks: ``{"type": "start", "side": "B"}``,
        ``{"type": "click", "square": 14, "elapsed": 5230}``, ``{"type": "timeout", "round": 2}``.
        Anything else is said as an error and changes nothing."""
        kind = content.get("type") if isinstance(content, dict) else None
        try:
            if kind == "start" and content.get("side") in SIDES:
                self.start(content["side"])
            elif kind == "click":
                self.click(content.get("square"), content.get("elapsed"))
            elif kind == "timeout":
                self.timeout(content.get("round"))
            else:
                raise DamasError(TEXTS["bad_message"].format(value=str(content)[:80]))
        except DamasError as error:
            self._say(str(error), "error")

    @property
    def widget(self):
        """The board the student clicks (:class:`damas.widget.coordinates.CoordinatesBoard`)."""
        if self._widget is None:
            from damas.widget.coordinates import CoordinatesBoard   # anywidget only when shown
            self._widget = CoordinatesBoard(self.board, self.handle_message, labels=self._labels())
            self._sync()
        return self._widget

    def _labels(self) -> dict:
        title = TEXTS["title"] if self.variant == "brazilian" else TEXTS["title_international"]
        return {"title": title, "start_W": TEXTS["start_W"], "start_B": TEXTS["start_B"],
                "time": TEXTS["time"], "score": TEXTS["score"], "board": TEXTS["board"],
                "help": TEXTS["help"], "dark": TEXTS["dark"]}

    def _sync(self):
        w = self._widget
        if w is None:
            return
        with w.hold_sync():
            w.flipped = self.side == BLACK
            w.prompt = self.prompt()
            w.message = self.message
            w.message_kind = self.message_kind
            w.score = self.score
            w.seconds = ROUND_SECONDS
            w.best = self.best_text()
            w.round = self.round
            w.running = self.running

    def picture(self):
        """The board of the trainer as a still picture (for a page without a kernel)."""
        from damas.display.svg import board_svg
        coordinates = "algebraic" if self.variant == "brazilian" else None
        return board_svg(self.board, size=320, coordinates=coordinates, title=self._labels()["title"])

    def _ipython_display_(self):  # pragma: no cover - needs a notebook front end
        from damas.display.output import show_widget
        show_widget(self.widget, self.picture(), self.message, text=self.summary())

    def summary(self) -> str:
        """The trainer in one Portuguese line (what a page without the live board shows)."""
        title = self._labels()["title"]
        return f"{title}: {self.best_text(WHITE)} {self.best_text(BLACK)}"

    def __repr__(self):
        return f"CoordinatesTrainer({self.variant!r}: recorde {self.best(WHITE)} e {self.best(BLACK)})"


@checked()
def coordinates_trainer(variant: str = "brazilian") -> CoordinatesTrainer:
    """«Treino de coordenadas» on the board of ``variant`` ("brazilian": 8x8, the names a1 ... h8;
    "international": 10x10, the numbers 1 to 50).  A chapter shows it with one call
    (``coordinates_trainer()``; chapter 14: ``coordinates_trainer(variant="international")``)."""
    return CoordinatesTrainer(variant)

"""The interactive board: an anywidget for Jupyter, JupyterLab and Voilà.

``BoardWidget`` shows a position (a :class:`~damas.Board` or a
:class:`~damas.Game`) and lets people play on it with the mouse:

- click a piece: its legal destinations light up; click a destination: the
  move is played.  When several captures lead to the same square (or a king
  may land on several squares along the way), the player clicks the next
  square of the route or picks one of the routes listed beside the board;
  the widget never guesses.
- a refused click shows, beside the board, why (from :func:`damas.rules.explain`,
  with the article of the rules) and marks what the rule demands.
- undo, redo, flip, new game, the score sheet (regra 8), whose turn it is
  and the result with its reason.
- two modes: ``"jogo"`` (two people on one screen) and ``"montagem"`` (a
  teacher places and removes men and kings, picks the side to move and
  reads the FEN).
- ``two_players=True``: two classmates at one computer.  Each side moves by
  clicks, the side to move is said in big letters above the panel («Vez das
  brancas», «Vez das pretas»; at the end, who won), and the score sheet is
  filled as they play, numbered as in chapter 10 (regra 8), in algebraic or
  numeric notation (``notation``, :meth:`set_notation`).
- hooks for programs (the puzzle trainer, the computer opponent):
  :meth:`BoardWidget.on_move`, :meth:`BoardWidget.play`, ``locked``; or
  ``computer="B"`` (with ``level``), which makes the widget play that
  colour itself.  "Desfazer" takes back the player's move together with the
  reply of a locked colour, so the player is always the one to move.
- ``exercise=True`` (the trainer, a lesson's board task): no "Nova
  partida", undo or setup buttons; when the task is over the board offers
  "Tentar de novo" and "Próximo" (:meth:`BoardWidget.on_action`).
- every hand: the squares are focusable (one at a time, a roving
  tabindex); the arrow keys move a cursor, Enter or Space selects and
  plays, Escape cancels.  Each square carries a label a screen reader
  reads ("c3, pedra branca"; "casa vazia").  ``palette="daltonico"`` uses
  highlight colours told apart by colour-blind readers (Okabe-Ito).

Every rule is asked of the board; this module only keeps the state of the
clicks.  Every action also exists as a Python method (:meth:`click`,
:meth:`choose`, :meth:`undo`, :meth:`redo`, :meth:`flip`,
:meth:`new_game`, :meth:`handle_message` ...), and every piece of state the
page draws is a synced traitlet, so tests drive the widget without a
browser.  The board itself is drawn in Python, by the same code as the
static pictures (:func:`damas.display.svg.live_board_svg`, the ``svg``
trait): the page side (``board.js``) only places that picture, makes its
squares clickable and focusable, draws the panel and sends clicks back with
``model.send``.  The widget is one class, in this file: its sections are the
game, play mode's clicks, setup mode and the syncing of the traits.  Beside it:
the clicks' helpers in :mod:`damas.widget.clicks`, the two modes' names in
:mod:`damas.widget.setup`, the score sheet's rows in :mod:`damas.widget.sync`,
the texts in :mod:`damas.widget.texts` and the one-side game of a lesson's task
(``solo=``) in :mod:`damas.widget.solo`.

This module imports ipywidgets and anywidget; ``import damas`` does not
import it.
"""

from __future__ import annotations

import pathlib
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypedDict, TypeGuard, TypeVar, cast

import anywidget
import traitlets

from damas.rules.board import BLACK, WHITE, Board, Piece
from damas.rules.colors import Color
from damas.errors import ArgumentError, DamasError, IllegalMoveError, SquareError
from damas.rules.args import choice, flag, refuse, text as text_arg
from damas.rules.game import Game, Result
from damas.rules.move import Move
from damas.rules.notation import shown
from damas.rules.refusals import Explanation
from damas.rules.variants import Variant, get_variant
from damas.widget.clicks import MoveEvent, _explain, _follows, _next_square
from damas.widget.setup import MODES, PLAY, SETUP
from damas.widget.solo import SoloGame
from damas.widget.sync import sheet_rows
from damas.widget.texts import (  # noqa: F401  (re-exported: the public names of 0.1)
    COLOR, LABELS, LEVEL_NAMES, PALETTE_NAMES, level_about, level_label, PALETTES, PIECE_WORDS, TEXTS, _palette,  # noqa: F401
)

if TYPE_CHECKING:
    from damas.display.output import Bundle
    from damas.display.svg import SVG

__all__ = ["BoardWidget", "MoveEvent", "PLAY", "SETUP", "LEVEL_NAMES"]


MESSAGE_KINDS = {"info": "aviso", "error": "erro", "success": "acerto", "end": "fim"}

#: A callback given to on_move, on_refused or on_action, handed back as it came (they are decorators too).
_OnMove = TypeVar("_OnMove", bound=Callable[[MoveEvent], object])
_OnRefused = TypeVar("_OnRefused", bound=Callable[[str], object])
_OnAction = TypeVar("_OnAction", bound="Callable[[], object] | None")


class _Arrow(TypedDict):
    """An arrow drawn on the board (the ``arrows`` trait): its squares and its kind ("tried" or "reply")."""

    path: list[int]
    kind: str


class _Choice(TypedDict):
    """A route offered when a click is ambiguous (the ``choices`` trait)."""

    text: str
    path: list[int]
    captured: list[int]


def _check_options(locked: object, level: object, **flags: object) -> None:
    """Refuse bad options of the constructor before anything is built (ArgumentError, DamasError)."""
    for name, value in flags.items():
        flag(value, name)
    if not _is_level(level):
        from damas.engine.search import LEVELS
        raise DamasError(TEXTS["bad_level"].format(value=shown(level), n=max(LEVELS)))
    if not isinstance(locked, (str, list, tuple, set, frozenset)):
        raise refuse("locked", "uma lista de cores ('W', 'B')", locked)


def _is_level(level: object) -> TypeGuard[int]:
    """One of the engine's levels, as an int (not True, not 2.0)."""
    from damas.engine.search import LEVELS
    return isinstance(level, int) and not isinstance(level, bool) and level in LEVELS



class BoardValueError(DamasError, traitlets.TraitError):
    """A value the board's traits refuse (a colour, a mode, a piece): the package's error, in
    Portuguese, and traitlets' TraitError too, so that a page's update that carries it is rolled
    back whole (traitlets undoes an update only for a TraitError)."""

class BoardWidget(anywidget.AnyWidget):
    """An interactive draughts board.

    ``BoardWidget()`` or ``BoardWidget("international")`` starts a new game;
    ``BoardWidget(board)`` plays from a :class:`~damas.Board` (the widget
    plays on a copy; read ``widget.board``); ``BoardWidget(game)`` plays on
    that :class:`~damas.Game` itself.

    Options: ``mode`` ("jogo" or "montagem"), ``flipped`` (Black at the
    bottom), ``locked`` (colours whose pieces clicks may not move, e.g.
    ``["B"]`` when the computer plays Black), ``show_numbers`` (square
    numbers on the dark squares), ``computer`` ('W' or 'B': the widget
    plays that colour with :func:`damas.engine.search.best_move` at ``level``),
    ``exercise`` (a board task: "Tentar de novo"/"Próximo" instead of the
    game buttons), ``palette`` ("classico" or "daltonico"), ``solo`` ('W'
    or 'B': only that colour plays, and after each of its moves the turn
    comes back to it; the widget keeps its own :class:`~damas.widget.solo.SoloGame`,
    as a lesson's board task wants), ``two_players`` (two classmates at one
    computer: the turn in big letters, the score sheet filled as they play; not
    with a computer, a lone side or an exercise) and ``notation`` (the score
    sheet's: "algebraic" or "numeric"; by default the variant's own).

    Against the computer the panel offers a level chooser («Nível 1
    (iniciante)» to «Nível 5 (mais forte)»; :meth:`set_level`): a new level
    applies from the computer's next move, and the game goes on.
    """

    _esm = pathlib.Path(__file__).with_name("board.js")
    _css = pathlib.Path(__file__).with_name("board.css")

    # -- synced state: the page draws exactly this --------------------------------
    variant = traitlets.Unicode("brazilian").tag(sync=True)
    title = traitlets.Unicode("").tag(sync=True)
    size = traitlets.Int(8).tag(sync=True)
    layout_squares: traitlets.List[list[int | str]] = traitlets.List().tag(sync=True)  # [[square, row, col, name], ...]
    pieces: traitlets.List[str] = traitlets.List().tag(sync=True)  # symbol per square ('' empty), index square-1
    fen = traitlets.Unicode("").tag(sync=True)
    turn = traitlets.Unicode(WHITE).tag(sync=True)
    status = traitlets.Unicode("").tag(sync=True)
    selected = traitlets.Int(0).tag(sync=True)           # 0: nothing selected
    route: traitlets.List[int] = traitlets.List().tag(sync=True)  # squares clicked so far, start first
    targets: traitlets.List[int] = traitlets.List().tag(sync=True)  # squares that may be clicked next
    choices: traitlets.List[_Choice] = traitlets.List().tag(sync=True)  # [{text, path, captured}] when ambiguous
    highlights: traitlets.List[int] = traitlets.List().tag(sync=True)  # squares a refused click points to
    last_path: traitlets.List[int] = traitlets.List().tag(sync=True)  # squares of the last move
    last_captured: traitlets.List[int] = traitlets.List().tag(sync=True)
    last_move = traitlets.Unicode("").tag(sync=True)     # text of the last move played
    message = traitlets.Unicode("").tag(sync=True)
    message_kind = traitlets.Unicode("info").tag(sync=True)  # info, error, success, end
    article = traitlets.Unicode("").tag(sync=True)
    hint = traitlets.Unicode("").tag(sync=True)
    moves: traitlets.List[str] = traitlets.List().tag(sync=True)  # texts of the moves played
    first_turn = traitlets.Unicode(WHITE).tag(sync=True)
    # score sheet rows: [number, white, black], or [number, move] when one side plays alone
    sheet: traitlets.List[list[str]] = traitlets.List().tag(sync=True)
    result = traitlets.Unicode("").tag(sync=True)        # '2-0', '0-2', '1-1' or ''
    result_reason = traitlets.Unicode("").tag(sync=True)
    result_article = traitlets.Unicode("").tag(sync=True)
    can_undo = traitlets.Bool(False).tag(sync=True)
    can_redo = traitlets.Bool(False).tag(sync=True)
    flipped = traitlets.Bool(False).tag(sync=True)
    show_numbers = traitlets.Bool(True).tag(sync=True)
    mode = traitlets.Unicode(PLAY).tag(sync=True)
    setup_piece = traitlets.Unicode("w").tag(sync=True)
    locked: traitlets.List[Color] = traitlets.List().tag(sync=True)
    labels: traitlets.Dict[str, str] = traitlets.Dict().tag(sync=True)
    colors: traitlets.Dict[str, str] = traitlets.Dict().tag(sync=True)  # the palette the svg trait is drawn with
    palette = traitlets.Unicode("classico").tag(sync=True)
    exercise = traitlets.Bool(False).tag(sync=True)      # a board task: no game buttons
    actions: traitlets.List[str] = traitlets.List().tag(sync=True)  # extra buttons offered now: names of LABELS
    arrows: traitlets.List[_Arrow] = traitlets.List().tag(sync=True)  # [{path, kind}] drawn as arrows (a refutation)
    square_labels: traitlets.List[str] = traitlets.List().tag(sync=True)  # what a screen reader says, index square-1
    level = traitlets.Int(0).tag(sync=True)              # the computer's level; 0: no computer
    levels: traitlets.List[int] = traitlets.List().tag(sync=True)  # the levels the chooser offers ([] : no chooser)
    svg = traitlets.Unicode("").tag(sync=True)           # the board as damas.display.svg draws it, marks included
    # symbol -> small SVG of the piece (the panel's icons)
    piece_icons: traitlets.Dict[str, str] = traitlets.Dict().tag(sync=True)
    two_players = traitlets.Bool(False).tag(sync=True)   # two classmates at one computer
    banner = traitlets.Unicode("").tag(sync=True)        # the big line of a two-player game («Vez das brancas»)
    notation = traitlets.Unicode("").tag(sync=True)      # the score sheet's notation ('': the variant's own)
    #: ``(why, board) -> text or None``: a refusal said in other words (a beginner's game), else None
    refusal_words: Callable[[Explanation, Board], str | None] | None = None
    #: What a click on a finished board (every colour locked: a task done, a puzzle solved) adds to
    #: the verdict shown; the board's owner may set its own (a lesson's task says how to start again).
    closed_note = ""

    def __init__(self, position: Board | Game | str | None = None, variant: str | Variant | None = None, *,
                 mode: str = PLAY, flipped: bool = False, locked: Color | Iterable[Color] = (),
                 show_numbers: bool = True, computer: Color | None = None, level: int = 1, exercise: bool = False,
                 palette: str = "classico", solo: Color | None = None, two_players: bool = False,
                 notation: str | None = "", **kwargs: Any) -> None:
        _check_options(flipped=flipped, show_numbers=show_numbers, exercise=exercise, level=level,
                       locked=locked, two_players=two_players)
        if two_players and (computer is not None or solo is not None or exercise or locked):
            raise DamasError(TEXTS["two_players_alone"])
        super().__init__(**kwargs)
        self._callbacks: list[Callable[[MoveEvent], object]] = []
        self._refused_callbacks: list[Callable[[str], object]] = []
        self._action_callbacks: dict[str, Callable[[], object]] = {}
        self._arrows: list[_Arrow] = []
        self._computer: tuple[Color, int] | None = None        # (colour, level)
        self._setup_board: Board | None = None
        self._text_cache: tuple[list[Move], list[str]] = ([], [])  # (moves, texts)
        self._clear_selection()
        self.labels = dict(LABELS)
        self.set_palette(palette)
        self.exercise = bool(exercise)
        self.flipped = bool(flipped)
        self.show_numbers = bool(show_numbers)
        self.locked = self._check_colors(locked)
        self.two_players = bool(two_players)
        self.notation = self._check_notation(notation)
        self._solo: Color | None = self._check_colors([solo])[0] if solo is not None else None
        self._game: Game | SoloGame
        self._start: Board
        self._game, self._start = self._make_game(position, variant)
        if self._solo is not None:
            self._game = SoloGame(self._game.board, self._solo)
            self._start = self._game.start
        if computer is not None:
            self._set_computer(computer, level)
        self.on_msg(self._on_page_message)
        self.observe(self._on_mode, names="mode")
        self.observe(self._on_look, names=["flipped", "show_numbers", "colors"])
        self._check_mode(mode)
        if mode == SETUP:
            self.setup_mode()
        else:
            self._say("start", color=COLOR[self.board.turn])
            self._sync()
            self._computer_turn()

    # -- construction ----------------------------------------------------------------
    @staticmethod
    def _make_game(position: object, variant: str | Variant | None) -> tuple[Game, Board]:
        """(game, start board) for what the constructor was given."""
        if isinstance(position, Game):
            return position, position.start
        if position is None:
            board = Board(variant or "brazilian")
        elif isinstance(position, Board):
            board = position
        elif isinstance(position, str):
            try:
                get_variant(position)
            except ValueError:
                board = Board(position, variant=variant or "brazilian")
            else:
                board = Board(position)
        else:
            raise ArgumentError(TEXTS["bad_position"].format(value=position))
        game = Game(board)          # a copy: the moves already pushed are kept
        return game, game.start

    # -- public state ------------------------------------------------------------
    @property
    def game(self) -> Game | SoloGame:
        """The game being played (a damas.Game; with ``solo=``, the widget's SoloGame)."""
        return self._game

    @property
    def board(self) -> Board:
        """The position on the screen (in setup mode, the one being set up)."""
        return self._setup_board if self._setup_board is not None else self._game.board

    def __repr__(self) -> str:
        return f"BoardWidget({self.board!r})"

    def _picture(self) -> SVG:
        """The stored twin of the live board: the same picture (the ``svg``
        trait's), with the last move and no mark of a click in progress."""
        from damas.display.svg import SVG, LiveMarks, live_board_svg
        moves = self._game.moves if self.mode == PLAY else []
        last = moves[-1] if moves else None
        marks = LiveMarks(last_path=tuple(last.path) if last else (),
                          last_captured=tuple(last.captured) if last else ())
        return SVG(live_board_svg(self.board, marks, flipped=self.flipped,
                                  coordinates=self._coordinates(), colors=self.colors))

    def _repr_mimebundle_(self, **kwargs: Any) -> Bundle | tuple[Bundle, Bundle] | None:  # type: ignore[override]
        # The live board, plus a static picture of its position for a page
        # with no kernel or an untrusted notebook (damas/display/output.py).
        # (anywidget says a pair; widget_bundle gives a dict when the pair has no metadata.)
        from damas.display.output import widget_bundle
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:      # anywidget's case of a widget with no view: nothing to add a picture to
            return None
        return widget_bundle(bundle, self._picture())

    def _ipython_display_(self) -> None:
        # In Jupyter: the picture and the board as two outputs, so that a
        # trusted notebook with no kernel shows the picture (damas/display/output.py).
        from damas.display.output import show_widget
        show_widget(self, self._picture(), text=repr(self))

    # -- hooks for programs ----------------------------------------------------------
    def on_move(self, callback: _OnMove, remove: bool = False) -> _OnMove:
        """Call ``callback(event)`` after every move played (a MoveEvent:
        move, text, fen, by).  ``remove=True`` unregisters it."""
        if remove:
            self._callbacks = [c for c in self._callbacks if c != callback]
        elif callback not in self._callbacks:
            self._callbacks.append(callback)
        return callback

    def on_refused(self, callback: _OnRefused, remove: bool = False) -> _OnRefused:
        """Call ``callback(message)`` when the student tries a move the rules refuse (a piece
        of the side to move that cannot move, a destination or route it cannot take); not for a
        click on an empty square or on the other side's piece.  ``remove=True`` unregisters it."""
        if remove:
            self._refused_callbacks = [c for c in self._refused_callbacks if c != callback]
        elif callback not in self._refused_callbacks:
            self._refused_callbacks.append(callback)
        return callback

    def _refused(self) -> None:
        for callback in tuple(self._refused_callbacks):
            callback(self.message)

    def play(self, move: Move | str) -> Move:
        """Play ``move`` (a Move or a text like 'c3-d4') for a program: the
        computer's reply or a puzzle's answer.  Locked colours may be moved
        this way.  An illegal move raises damas.IllegalMoveError (in
        Portuguese), is shown beside the board and changes nothing."""
        if self.mode != PLAY:
            raise DamasError(TEXTS["play_only"])
        board = self.board
        try:
            if self._over():
                raise IllegalMoveError(TEXTS["game_over"].format(score=self.result))
            if isinstance(move, str):
                move = board.parse_move(move)
            # The board says whether it is legal (and why not), on a copy.
            move = board.copy(stack=False).push(move)
        except DamasError as error:
            self._say_text(str(error), "error")
            self._sync()
            raise
        return self._play(move, by="play")

    def set_game(self, game: Game) -> None:
        """Play on ``game`` (a :class:`~damas.Game`, or a game of the same kind that judges its
        own end, such as a mini-game's) from now on: the board shows its position and its
        moves, the selection is dropped and nothing else changes (the locks, the computer, the
        buttons).  A program's "new game" with rules of its own."""
        if not isinstance(game, Game):
            raise refuse("game", "uma partida (Game)", game)
        self._game, self._start = game, game.start
        self._text_cache = ([], [])
        self._setup_board = None
        self.mode = PLAY
        self._clear_selection()
        self._say("start", color=COLOR[self.board.turn])
        self._sync()
        self._computer_turn()

    def on_action(self, name: str, callback: _OnAction) -> _OnAction:
        """Offer the button ``name`` ("retry" or "next") when an exercise is
        over; ``callback()`` runs when it is clicked.  ``callback=None``
        withdraws it.  ("retry" works without a callback: the position
        the exercise started from comes back.)"""
        if name not in ("retry", "next"):
            raise DamasError(TEXTS["bad_action"].format(value=name))
        if callback is None:
            self._action_callbacks.pop(name, None)
        else:
            self._action_callbacks[name] = callback
        self._sync()
        return callback

    def set_notation(self, notation: str | None) -> None:
        """The score sheet's notation: "algebraic" (c3-d4, the Brazilian habit on 64 squares; a
        board of 100 squares has only numbers) or "numeric" (22-18, regra 8.2); "" for the
        variant's own.  A bad name is said beside the board and changes nothing."""
        try:
            notation = self._check_notation(notation)
        except DamasError as error:
            self._say_text(str(error), "error")
            self._sync()
            return
        self.notation = notation
        self._text_cache = ([], [])
        self._sync()

    @staticmethod
    def _check_notation(notation: object) -> str:
        if notation in ("", None):
            return ""
        if notation not in ("algebraic", "numeric"):
            raise DamasError(TEXTS["bad_notation"].format(value=shown(notation)))
        return notation

    def set_palette(self, name: str) -> None:
        """The highlight colours: "classico" or "daltonico" (colour-blind safe)."""
        self.colors = _palette(name)
        self.palette = PALETTE_NAMES[name]

    def set_computer(self, color: Color | None, level: int = 1) -> None:
        """The widget plays ``color`` ('W' or 'B') itself, with the engine at
        ``level`` (1 to 5); ``color=None`` stops it.  Clicks may not move
        that colour; after each move of the player (and after "Desfazer")
        the computer plays when it is its turn."""
        if color is not None and self.two_players:
            raise DamasError(TEXTS["two_players_alone"])
        if color is None:
            if self._computer is not None:
                self.unlock(self._computer[0])
            self._computer = None
            self.level = 0
            self.levels = []
            return
        self._set_computer(color, level)
        self._sync()
        self._computer_turn()

    def set_level(self, level: int) -> None:
        """The level chooser: the computer plays at ``level`` (1 to 5) from
        its next move on; the game goes on ("Nova partida" starts again).
        A bad level, or a board with no computer, is said beside the board
        and changes nothing."""
        from damas.engine.search import LEVELS
        if self._computer is None:
            self._say("no_computer", kind="error")
        elif not _is_level(level):
            self._say("bad_level", kind="error", value=shown(level), n=max(LEVELS))
        else:
            self._computer = (self._computer[0], level)
            self.level = level
            self._say("level_set", label=self.labels[f"level_{level}"], about=level_about(level, self._game.board.variant.name))
        self._sync()

    def _set_computer(self, color: object, level: object) -> None:
        from damas.engine.search import LEVELS
        color = self._check_colors([color])[0]
        if not _is_level(level):
            raise DamasError(TEXTS["bad_level"].format(value=shown(level), n=max(LEVELS)))
        self._computer = (color, level)
        variant = self._game.board.variant.name
        self.labels = {**self.labels, **{f"level_{n}": level_label(n, variant) for n in LEVELS}}
        self.level = level
        self.levels = [] if self.exercise else sorted(LEVELS)   # a board task keeps its level
        self.lock(color)

    def _computer_turn(self) -> None:
        """The computer plays while it is its turn (once: then the player moves)."""
        if self._computer is None or self.mode != PLAY or self._over():
            return
        color, level = self._computer
        board = self._game.board
        if board.turn != color or not board.legal_moves():
            return
        from damas.engine.search import best_move
        self._play(best_move(self._game.board, level=level), by="computer")

    def lock(self, *colors: Color) -> None:
        """Clicks may no longer move the pieces of ``colors`` ('W', 'B')."""
        self.locked = sorted(set(self.locked) | set(self._check_colors(colors)))
        self.actions = self._offered_actions(bool(self.result))  # a task whose board is locked is over

    def unlock(self, *colors: Color) -> None:
        """Clicks may move the pieces of ``colors`` again (all if none given)."""
        freed = self._check_colors(colors) if colors else [WHITE, BLACK]
        self.locked = [c for c in self.locked if c not in freed]
        self.actions = self._offered_actions(bool(self.result))

    def refresh(self) -> None:
        """Redraw after the game was changed from outside (``widget.game.push(...)``)."""
        self._clear_selection()
        self._sync()

    def show_message(self, text: str, kind: str = "info", highlight: Collection[int] = (), article: str | None = "",
                     arrows: Collection[Move | str | Sequence[int]] = (), arrow_kinds: Collection[str] = ()) -> None:
        """Show ``text`` beside the board (for the puzzle trainer), mark the
        squares ``highlight`` and draw ``arrows`` (moves, or sequences of
        squares).  ``arrow_kinds`` names each arrow: "tried" (a move taken
        back, drawn dashed and grey) or "reply" (the default: the move that
        answers it).  The arrows stay until the next move or message."""
        text_arg(text, "text")
        choice(kind, "kind", MESSAGE_KINDS)
        text_arg(article or "", "article")
        for name, value in (("highlight", highlight), ("arrows", arrows), ("arrow_kinds", arrow_kinds)):
            if isinstance(value, (str, bytes, dict)) or not isinstance(value, (list, tuple, set, frozenset)):
                raise refuse(name, "uma lista", value)
        paths = [self._arrow_path(a) for a in arrows]
        kinds = list(arrow_kinds) + ["reply"] * (len(paths) - len(arrow_kinds))
        if any(k not in ("tried", "reply") for k in kinds):
            raise DamasError(TEXTS["bad_arrow_kind"].format(value=tuple(arrow_kinds)))
        squares = sorted(self._check_square(s) for s in highlight)
        self._say_text(text, kind)
        self.article = article or ""
        with self.hold_sync():
            self._highlight = squares      # kept by the redraw that ends a click
            self.highlights = squares
            self._arrows = [_Arrow(path=list(p), kind=k) for p, k in zip(paths, kinds)]
            self.arrows = [a.copy() for a in self._arrows]
            self._draw()

    def _arrow_path(self, arrow: Move | str | Sequence[int]) -> list[int]:
        path = getattr(arrow, "path", None)     # a Move (or anything with a path)
        if path is None:
            if isinstance(arrow, str):
                path = self.board.parse_move(arrow).path
            else:
                path = list(cast("Sequence[int]", arrow))   # not a Move: a Move has a path
        if len(path) < 2:
            raise DamasError(TEXTS["bad_arrow"].format(value=arrow))
        return [self._check_square(s) for s in path]

    # -- actions (the buttons and clicks of the page) --------------------------------
    def click(self, square: int) -> None:
        """A click on ``square`` (its number), as if made on the page."""
        square = self._check_square(square)
        with self.hold_sync():   # one message to the page, whatever the move's callbacks change
            if self.mode == SETUP:
                self._setup_click(square)
            else:
                self._play_click(square)
            self._sync()

    def choose(self, index: int) -> None:
        """Pick route number ``index`` (0-based) of the ``choices`` listed
        when a click was ambiguous."""
        if not self._candidates or not self.choices:
            self._say("no_choice", kind="error")
        elif not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(self._candidates):
            self._say("bad_choice", kind="error", value=index, n=len(self._candidates))
        else:
            self._play(self._candidates[index], by="click")
            return
        self._sync()

    def _waits_for_a_program(self) -> bool:
        """The side to move may not be moved by clicks, while the other may:
        a computer's or a program's turn (not a finished puzzle, where both
        colours are locked)."""
        locked = set(self.locked)
        return self._game.board.turn in locked and locked != {WHITE, BLACK}

    def undo(self) -> None:
        """Take back the last move.  Against a program (the side to move
        would be a locked colour), the player's move goes with its reply, so
        that the player moves next."""
        if self.mode != PLAY:
            self._say("play_only", kind="error")
        elif not self._game.moves:
            self._clear_selection()
            self._say("nothing_to_undo", kind="error")
        else:
            texts = self._texts()
            taken = [texts[-1]]
            self._game.undo()
            while self._game.moves and self._waits_for_a_program():
                taken.append(texts[-len(taken) - 1])
                self._game.undo()
            self._clear_selection()
            if len(taken) == 1:
                self._say("undone", text=taken[0])
            else:
                self._say("undone_two", text=" e ".join(reversed(taken)))
        self._sync()
        self._computer_turn()

    def redo(self) -> None:
        """Play again the last move taken back (with the program's reply that
        was taken back with it)."""
        if self.mode != PLAY:
            self._say("play_only", kind="error")
        elif not self._can_redo():
            self._clear_selection()
            self._say("nothing_to_redo", kind="error")
        else:
            self._game.redo()
            count = 1
            while self._can_redo() and self._waits_for_a_program():
                self._game.redo()
                count += 1
            self._clear_selection()
            texts = self._texts()
            if count == 1:
                self._say("redone", text=texts[-1])
            else:
                self._say("redone_two", text=" e ".join(texts[-count:]))
        self._sync()
        self._computer_turn()

    def cancel(self) -> None:
        """Escape: drop the selection (nothing else changes)."""
        if self._route:
            self._clear_selection()
            self._say("deselect")
        self._sync()

    def retry(self) -> None:
        """"Tentar de novo": the exercise's callback, else the start position."""
        callback = self._action_callbacks.get("retry")
        if callback is not None:
            callback()
            return
        self._restart(self._start)
        self._say("start", color=COLOR[self.board.turn])
        self._sync()
        self._computer_turn()

    def next_exercise(self) -> None:
        """"Próximo": the exercise's callback (the page shows the button only then)."""
        callback = self._action_callbacks.get("next")
        if callback is None:
            self._say("bad_action", kind="error", value="next")
            self._sync()
            return
        callback()

    def flip(self) -> None:
        """Turn the board round."""
        self.flipped = not self.flipped

    def new_game(self, variant: str | Variant | None = None) -> None:
        """A new game from the initial position (of ``variant`` if given,
        else of the current one)."""
        board = Board(get_variant(variant or self.variant))
        self._restart(board)
        self._say("new_game", title=board.variant.title)
        self._sync()
        self._computer_turn()

    def set_fen(self, fen: str) -> None:
        """Put the position ``fen`` on the board: in setup mode as the
        position being set up, in play mode as a new game."""
        try:
            board = Board(fen, variant=self.variant)
        except DamasError as error:
            self._say_text(str(error), "error")
            self._sync()
            return
        if self.mode == SETUP:
            self._setup_board = board
            self._say("fen_set")
        else:
            self._restart(board)
            self._say("from_setup")
        self._sync()
        self._computer_turn()

    # -- messages from the page ---------------------------------------------------------
    def handle_message(self, content: object) -> None:
        """Do what a message from the page asks: {'type': 'click', 'square': 22},
        {'type': 'choose', 'index': 0}, {'type': 'action', 'name': 'undo'},
        {'type': 'setup_piece', 'piece': 'W'}, {'type': 'set_turn', 'color': 'B'},
        {'type': 'set_fen', 'fen': '...'}, {'type': 'set_level', 'level': 3}.  Bad input is shown as a message
        and changes nothing."""
        with self.hold_sync():   # one sync message per message of the page
            self._handle_message(content)

    def _handle_message(self, content: object) -> None:
        actions: dict[str, Callable[[], None]] = {
            "undo": self.undo, "redo": self.redo, "flip": self.flip,
            "new_game": self.new_game, "setup": self.setup_mode, "play": self.play_mode,
            "clear": self.clear_board, "initial": self.initial_position,
            "retry": self.retry, "next": self.next_exercise,
        }
        try:
            message: Any = content if isinstance(content, dict) else {}   # the page's JSON, as json.loads gives it
            kind = message.get("type")
            if kind == "click":
                self.click(message.get("square"))
            elif kind == "choose":
                self.choose(message.get("index"))
            elif kind == "cancel":
                self.cancel()
            elif kind == "action" and message.get("name") in actions:
                actions[message["name"]]()
            elif kind == "setup_piece":
                self.set_setup_piece(message.get("piece"))
            elif kind == "set_turn":
                self.set_turn(message.get("color"))
            elif kind == "set_fen":
                self.set_fen(message.get("fen"))
            elif kind == "set_level":
                self.set_level(message.get("level"))
            elif kind == "set_notation":
                self.set_notation(message.get("notation"))
            else:
                raise DamasError(TEXTS["bad_message"].format(value=shown(content)))
        except (ValueError, TypeError) as error:
            self._say_text(str(error), "error")
            self._sync()

    def _on_page_message(self, widget: object, content: object, buffers: object) -> None:
        self.handle_message(content)

    # -- helpers -------------------------------------------------------------------------------
    def _restart(self, board: Board) -> None:
        self._game = Game(board.copy(stack=False)) if self._solo is None else SoloGame(board, self._solo)
        self._start = self._game.start
        self._text_cache = ([], [])
        self._setup_board = None
        self.mode = PLAY
        self._clear_selection()

    def _over(self) -> bool:
        return bool(self.result)

    def _can_redo(self) -> bool:
        return bool(self._game.can_redo)

    def _check_square(self, square: object) -> int:
        n = self.board.variant.squares
        if isinstance(square, bool) or not isinstance(square, int) or not 1 <= square <= n:
            raise SquareError(TEXTS["bad_square"].format(value=shown(square), n=n))
        return square

    @staticmethod
    def _check_colors(colors: str | Iterable[object]) -> list[Color]:
        if isinstance(colors, str):
            colors = [colors]
        out: list[Color] = []
        for color in colors:
            if color not in (WHITE, BLACK):
                raise BoardValueError(TEXTS["bad_color"].format(value=shown(color)))
            out.append(color)
        return sorted(set(out))

    @staticmethod
    def _check_mode(mode: object) -> None:
        if mode not in MODES:
            raise BoardValueError(TEXTS["bad_mode"].format(value=shown(mode)))

    @traitlets.validate("locked")
    def _valid_locked(self, proposal: Mapping[str, Any]) -> list[Color]:
        return self._check_colors(proposal["value"])

    @traitlets.validate("setup_piece")
    def _valid_setup_piece(self, proposal: Mapping[str, Any]) -> str:
        value: str = proposal["value"]      # a text: the Unicode trait has checked it
        if value not in ("w", "W", "b", "B", ""):
            raise BoardValueError(TEXTS["bad_piece"].format(value=shown(value)))
        return value

    @traitlets.validate("mode")
    def _valid_mode(self, proposal: Mapping[str, Any]) -> str:
        value: str = proposal["value"]      # a text: the Unicode trait has checked it
        self._check_mode(value)
        return value

    def _on_mode(self, change: Mapping[str, Any]) -> None:
        # ``widget.mode = "montagem"`` works like setup_mode() and back.
        if change["new"] == SETUP and self._setup_board is None:
            self.setup_mode()
        elif change["new"] == PLAY and self._setup_board is not None:
            self.play_mode()

    def _name(self, square: int) -> str:
        """A square as a reader of this variant names it ('c3' or '22')."""
        variant = self.board.variant
        if variant.notation == "algebraic":
            return f"{variant.square_name(square)} ({square})"
        return str(square)

    def _say(self, key: str, kind: str = "info", **values: object) -> None:
        self._say_text(TEXTS[key].format(**values), kind)

    def _say_text(self, text: str, kind: str = "info") -> None:
        with self.hold_sync():  # the page sees the message and its kind together
            self.message = text
            self.message_kind = kind
            self.article = ""
            self.hint = ""
            self._arrows = []

    # -- play mode: the clicks (select a piece, follow a route, refuse a click with the rule's reason)
    def _clear_selection(self) -> None:
        self._candidates: list[Move] = []   # legal moves still fitting the clicks
        self._route: list[int] = []         # squares clicked, start first
        self._goal = 0                      # a destination clicked that several routes reach
        self._highlight = []

    def _closed_click(self) -> None:
        """A click on a board whose colours are all locked: the verdict stays in sight, as it was,
        with a note on how to go on (added once), never a «wait for the other side»."""
        note = self.closed_note or TEXTS["closed"]
        if not self.message.endswith(note):
            self.message = f"{self.message} {note}".strip()

    def _play_click(self, square: int) -> None:
        board = self.board
        self._highlight = []
        if set(self.locked) == {WHITE, BLACK}:
            self._closed_click()
            return
        if self._over():
            if self.exercise:
                self._say("exercise_over", kind="error")
            else:
                self._say("game_over", kind="error", score=self.result)
            return
        if board.turn in self.locked:
            self._say("locked", kind="error", color=COLOR[board.turn])
            return
        if not self._route:
            self._select(square)
            return
        start = self._route[0]
        piece = board.piece_at(square)
        on_a_path = any(square in m.path[1:] for m in self._candidates)
        if square == start and not on_a_path and len(self._route) == 1 and not self._goal:
            self._clear_selection()
            self._say("deselect", color=COLOR[board.turn])
            return
        if piece is not None and piece.color == board.turn and square != start and not on_a_path:
            self._clear_selection()
            self._select(square)
            return
        self._extend(square)

    def _movable(self, board: Board) -> list[int]:
        return sorted({m.start for m in board.legal_moves()})

    def _select(self, square: int) -> None:
        board = self.board
        piece = board.piece_at(square)
        color = COLOR[board.turn]
        if piece is None:
            self._highlight = self._movable(board)
            self._say("empty", kind="error", square=self._name(square), color=color)
            return
        if piece.color != board.turn:
            # the rules say why (3.3; moving an opponent's piece is 5.4.05)
            from damas.rules.explain import explain_piece
            why = explain_piece(board, square, notation=board.variant.notation)
            if why.article:
                self._show_explanation(why)
                if not self._highlight:
                    self._highlight = self._movable(board)
            else:
                self._highlight = self._movable(board)
                self._say("opponent", kind="error", piece=piece.name, color=color)
            return
        moves = [m for m in board.legal_moves() if m.start == square]
        if not moves:
            self._refuse_piece(square, piece)
            return
        self._route = [square]
        self._candidates = moves
        self._say("select", piece=piece.name.capitalize(), square=self._name(square))

    def _refuse_piece(self, square: int, piece: Piece) -> None:
        """A piece of the side to move that has no legal move: the rules say
        why (a capture elsewhere, a capture of too few pieces, blocked)."""
        from damas.rules.explain import explain_piece
        board = self.board
        self._highlight = self._movable(board)
        why = explain_piece(board, square, notation=board.variant.notation)
        if not why.legal and why.article:
            self._show_explanation(why)
            if set(self._highlight) <= {square}:
                self._highlight = self._movable(board)   # the pieces that can move instead
        elif board.has_captures():
            self._say("must_capture", kind="error", piece=piece.name, square=self._name(square))
        else:
            self._say("blocked", kind="error", piece=piece.name, square=self._name(square))
        self._refused()

    def _extend(self, square: int) -> None:
        board = self.board
        route = self._route + [square]
        fitting = [m for m in self._candidates if _follows(m.path, route)]
        if not fitting:
            if len(self._route) == 1 and not self._goal:
                why = _explain(board, (self._route[0], square))
                if why is not None:
                    self._show_explanation(why)
                else:
                    self._say("illegal", kind="error", start=self._name(self._route[0]),
                              end=self._name(square))
            else:
                self._say("off_route", kind="error", square=self._name(square))
            self._refused()
            return
        exact = [m for m in fitting if list(m.path) == route]
        if len(fitting) == 1 or len(exact) == 1:
            self._play((fitting if len(fitting) == 1 else exact)[0], by="click")
            return
        self._candidates = fitting
        if all(m.end == square for m in fitting) and not self._goal:
            self._goal = square          # the destination is known, not the route
        else:
            self._route = route
        self._say("ambiguous", n=len(fitting))

    def _show_explanation(self, why: Explanation) -> None:
        """A refusal of damas.rules.explain: its message and article, and the
        squares the rule points to.  The widget adds no move of its own to
        it: a move chosen only to illustrate a rule (the first legal one)
        can be a bad move, so when the rule marks nothing, the pieces that
        may move are marked instead (neutral: no move is recommended).  ``refusal_words``, when
        the board has one, may say the refusal in other words: ``(why, board) -> text or None``."""
        words = self.refusal_words(why, self.board) if self.refusal_words is not None else None
        self._say_text(words or why.message, "error")
        self.article = why.article or ""
        self._highlight = sorted(set(why.highlight or ())) or self._movable(self.board)

    def _play(self, move: Move, by: str) -> Move:
        board = self.board
        text = board.move_text(move)
        color = COLOR[board.turn]
        self._game.push(move)
        self._clear_selection()
        event = MoveEvent(move, text, self._game.board.fen(), by)
        # A move is news, neither praise nor blame: the neutral "move" style.
        # The result, if any, is shown once, in the result box.
        self._say("played", kind="move", color=color, text=text)
        self._sync()
        for callback in list(self._callbacks):
            callback(event)
        if by != "computer":
            self._computer_turn()
        return move

    # -- setup mode ("montagem"): place and remove pieces, choose the side to move ---------------
    def setup_mode(self) -> None:
        """Enter setup mode ("montagem") on a copy of the current position."""
        if self._setup_board is None:
            self._setup_board = self._game.board.copy(stack=False)
        self.mode = SETUP
        self._clear_selection()
        self._say("setup")
        self._sync()

    def play_mode(self) -> None:
        """Leave setup mode: a new game starts from the position set up."""
        if self._setup_board is not None:
            board = self._setup_board
            self._setup_board = None
            self.mode = PLAY
            self._restart(board)
            self._say("from_setup")
        self._sync()
        self._computer_turn()

    def set_setup_piece(self, symbol: str) -> None:
        """What setup clicks place: 'w', 'W', 'b', 'B' or '' (erase)."""
        if symbol not in ("w", "W", "b", "B", ""):
            raise DamasError(TEXTS["bad_piece"].format(value=shown(symbol)))
        self.setup_piece = symbol

    def set_turn(self, color: Color) -> None:
        """Setup mode: choose the side to move."""
        color = self._check_colors([color])[0]
        board = self._setup_board
        if self.mode != SETUP or board is None:     # (setup mode always has a board being set up)
            self._say("setup_only", kind="error")
        else:
            board.turn = color
            self._say("to_move", color=COLOR[color])
        self._sync()

    def clear_board(self) -> None:
        """Setup mode: remove every piece."""
        board = self._setup_board
        if self.mode != SETUP or board is None:     # (setup mode always has a board being set up)
            self._say("setup_only", kind="error")
        else:
            board.clear()
            self._say("cleared")
        self._sync()

    def initial_position(self) -> None:
        """Setup mode: put the initial position of the variant."""
        if self.mode != SETUP:
            self._say("setup_only", kind="error")
        else:
            self._setup_board = Board(get_variant(self.variant))
            self._say("initial")
        self._sync()


    # -- setup mode: the clicks --------------------------------------------------------------
    def _setup_click(self, square: int) -> None:
        board = self._setup_board
        assert board is not None, "a click of setup mode without the board being set up"
        symbol = self.setup_piece
        current = board.piece_at(square)
        try:
            if symbol == "" or (current is not None and current.symbol() == symbol):
                board.remove_piece(square)
                self._say("removed", square=self._name(square))
            else:
                piece = Piece(symbol.upper(), symbol.isupper())
                board.set_piece(square, piece)
                self._say("placed", piece=piece.name.capitalize(), square=self._name(square))
        except ValueError as error:
            self._say_text(str(error), "error")

    # -- syncing: the game and the clicks copied into the synced traits the page draws -----------
    def _texts(self) -> list[str]:
        """Texts of the moves of the game (cached: usually only the last is new)."""
        texts: list[str] | None = getattr(self._game, "texts", None)   # a SoloGame writes its own
        if texts is not None:
            return texts
        moves = list(self._game.moves)
        notation = self.notation or None
        if notation == "algebraic" and self._start.variant.size != 8:
            notation = None                         # 100 squares: only the numbers
        cached_moves, cached_texts = self._text_cache
        same = 0
        while same < min(len(moves), len(cached_moves)) and moves[same] == cached_moves[same] \
                and moves[same].path == cached_moves[same].path:
            same += 1
        if same == len(moves) == len(cached_moves):
            return cached_texts
        board = self._start.copy(stack=False)
        for move in moves[:same]:
            board.push(move)
        texts = list(cached_texts[:same])
        for move in moves[same:]:
            texts.append(board.move_text(move, notation))
            board.push(move)
        self._text_cache = (moves, texts)
        return texts

    def _sync(self) -> None:
        """Copy the state of the game and the clicks into the synced traits."""
        board = self.board
        variant = board.variant
        with self.hold_sync():
            if self.variant != variant.name or not self.layout_squares:
                self.variant = variant.name
                self.title = variant.title
                self.size = variant.size
                self.layout_squares = [
                    [sq, *variant.square_to_rc(sq), variant.square_name(sq)] for sq in variant.square_range
                ]
            pieces = [""] * variant.squares
            for square, piece in board.pieces().items():
                pieces[square - 1] = piece.symbol()
            self.pieces = pieces
            self.fen = board.fen()
            self.turn = board.turn
            if self.mode == SETUP:
                self.selected = 0
                self.route = []
                self.targets = []
                self.choices = []
                self.moves = []
                self.sheet = []
                self.last_path = []
                self.last_captured = []
                self.last_move = ""
                self.result = self.result_reason = self.result_article = ""
                self.can_undo = self.can_redo = False
                self.highlights = []
                self.arrows = []
                self.actions = []
                self.status = TEXTS["to_move"].format(color=COLOR[board.turn])
                self.banner = ""
                self.square_labels = self._square_labels(board)
                self._draw()
                return
            self.selected = self._route[0] if self._route else 0
            self.route = list(self._route)
            if self._candidates:
                if len(self._route) > 1 or self._goal:   # ambiguous: show the routes
                    self.targets = sorted({s for m in self._candidates
                                           if (s := _next_square(m.path, self._route)) is not None})
                    names = self._namer()
                    self.choices = [
                        {"text": m.text(full=True, names=names), "path": list(m.path),
                         "captured": list(m.captured)}
                        for m in self._candidates
                    ]
                else:
                    self.targets = sorted({m.end for m in self._candidates})
                    self.choices = []
            else:
                self.targets = []
                self.choices = []
            self.highlights = list(self._highlight)
            texts = self._texts()
            self.moves = list(texts)
            self.first_turn = self._start.turn
            self.sheet = sheet_rows(texts, self._start.turn, one_side=self._solo is not None)
            moves = self._game.moves
            last = moves[-1] if moves else None
            self.last_path = list(last.path) if last else []
            self.last_captured = list(last.captured) if last else []
            self.last_move = texts[-1] if texts else ""
            result = self._game.result()
            score = getattr(result, "score", None) if result is not None else None
            self.result = score or ""
            self.result_reason = (getattr(result, "reason", "") or "") if score else ""
            self.result_article = (getattr(result, "article", "") or "") if score else ""
            # Against the computer that opens the game, its first move alone
            # is not taken back (it would only be played again).
            self.can_undo = bool(moves) and not (
                self._computer is not None and len(moves) == 1 and self._start.turn == self._computer[0])
            self.can_redo = self._can_redo()
            if score:
                self.status = TEXTS["over"]
            else:
                self.status = TEXTS["turn"].format(color=COLOR[board.turn])
            self.banner = self._banner(result if score else None, board)
            self.arrows = [a.copy() for a in self._arrows]
            self.actions = self._offered_actions(bool(score))
            self.square_labels = self._square_labels(board)
            self._draw()

    def _banner(self, result: Result | None, board: Board) -> str:
        """The big line of a two-player game: whose turn it is, or who won («Empate!»)."""
        if not self.two_players:
            return ""
        if result is None:
            return TEXTS["big_turn"].format(color=COLOR[board.turn])
        winner = getattr(result, "winner", None)
        return TEXTS["big_win"].format(color=COLOR[winner]) if winner else TEXTS["big_draw"]

    def _draw(self) -> None:
        """The ``svg`` trait: the picture of :func:`damas.display.svg.live_board_svg`
        with the marks of the synced traits (the page only places it)."""
        from damas.display.svg import LiveMarks, live_board_svg, piece_icon_svg
        marks = LiveMarks(selected=self.selected, route=tuple(self.route), targets=tuple(self.targets),
                          highlights=tuple(self.highlights), last_path=tuple(self.last_path),
                          last_captured=tuple(self.last_captured),
                          arrows=tuple(dict(a) for a in self.arrows))
        self.svg = live_board_svg(self.board, marks, flipped=self.flipped,
                                  coordinates=self._coordinates(), colors=self.colors)
        icons = {s: piece_icon_svg(s, self.colors) for s in ("w", "W", "b", "B")}
        if icons != self.piece_icons:
            self.piece_icons = icons

    def _coordinates(self) -> str | None:
        """The coordinates of the picture: letters around an 8x8 board, and
        the square numbers inside when ``show_numbers``."""
        letters = self.board.variant.size == 8
        if self.show_numbers:
            return "both" if letters else "numbers"
        return "algebraic" if letters else None

    def _on_look(self, change: Mapping[str, Any]) -> None:
        if self.layout_squares:      # drawn once the game is there
            self._draw()

    def _offered_actions(self, over: bool) -> list[str]:
        """The end-of-exercise buttons: shown when an exercise is over (a
        result, or every colour locked: the task was solved or its solution
        shown)."""
        if not self.exercise:
            return []
        if not (over or set(self.locked) == {WHITE, BLACK}):
            return []
        return ["retry"] + (["next"] if "next" in self._action_callbacks else [])

    def _square_labels(self, board: Board) -> list[str]:
        """What a screen reader says of each square: its name, what stands
        on it, and its state ("c3, pedra branca, selecionada")."""
        variant = board.variant
        pieces = board.pieces()
        targets = set(self.targets)
        highlights = set(self.highlights)
        last = set(self.last_path) | set(self.last_captured)
        out: list[str] = []
        for square in variant.square_range:
            name = variant.square_name(square) if variant.notation == "algebraic" else str(square)
            piece = pieces.get(square)
            words = [name, PIECE_WORDS[piece.symbol()] if piece is not None else LABELS["empty_square"]]
            if square == self.selected:
                words.append(LABELS["selected"])
            if square in targets:
                words.append(LABELS["target"])
            if square in highlights:
                words.append(LABELS["marked"])
            if square in last:
                words.append(LABELS["last_move"])
            out.append(", ".join(words))
        return out

    def _namer(self) -> Callable[[int], str]:
        variant = self.board.variant
        if variant.notation == "algebraic":
            return variant.square_name
        return str


"""Mini-games against the computer: a few men, one goal, the computer playing for that goal.

The Steps Method's «playing formats»: small games on the real board, each with one idea.
A mini-game (:class:`MiniGame`) is a start position (or several), a goal judged by the
package after every move, and the sentence that says it; the rules decide every move
(compulsory capture, the majority law), and a side left with no move loses (regra 7.2).

- ``"so-pedras"`` («Só pedras»): men only; whoever makes a king first wins.
- ``"tres-contra-tres"`` («Três contra três»): three men a side; the first capture wins (and
  a king made first wins too).  Nobody wants to give a man: the side that runs out of safe
  moves must give one.
- ``"tome-todas"`` («Tome todas»): White takes every black man before one of them reaches
  its king row; Black wins by crowning a man.

The student plays White; the computer answers with Black, playing **for the goal**, not for
material: :func:`computer_move` asks :mod:`damas.course.kit.goal_search` (a search whose
only knowledge is the goal and the mini-game's count of how near each side is to it: rows
left to crowning, spare moves, men still running).  :data:`LEVELS` says how deep it looks:
level 1 looks only at its own move and picks at random (seeded by the position: the same
position, the same move) among the moves almost as good as the best, so a child who takes
what is offered and leaves nothing to be taken beats it; level 3 looks four moves ahead.
``python benchmarks/minigames.py`` plays level 1 against :func:`sensible_move`, a simple
sensible player, over seeded games and prints the results.

A win earns stars by the course's one rule (:mod:`damas.course.kit.stars`: each move the
rules refused is a mistake), saved in the progress file's ``"minijogos"`` section
(:mod:`damas.course.kit.play_progress`).

A chapter places one with a hidden cell: ``minigame("so-pedras")`` (or ``level=2``); the
object shows the live board in JupyterLab, Voilà and JupyterLite and a picture of the
start where no kernel runs.
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Callable
from html import escape

from damas.course.kit.figures import FIGURE_SIZE
from damas.course.kit.goal_search import goal_scores, is_win
from damas.course.kit.stars import stars_for, stars_text
from damas.display.output import show_widget
from damas.display.svg import board_svg
from damas.errors import DamasError
from damas.rules.args import checked, whole_spec
from damas.rules.board import BLACK, WHITE, Board, Move
from damas.rules.colors import NAMES, OPPONENT, Color
from damas.rules.game import Game, Result

__all__ = ["MiniGame", "MINIGAMES", "LEVELS", "GoalGame", "MiniGameBoard", "minigame", "computer_move",
           "sensible_move", "play_out", "TEXTS"]

#: Every word a student reads of the mini-games.
TEXTS = {
    "so-pedras_title": "Só pedras",
    "so-pedras_rule": "Só pedras no tabuleiro: quem fizer dama primeiro ganha.",
    "so-pedras_computer": ("O computador corre para a dama: conta quantas travessas faltam para a pedra mais "
                           "adiantada de cada lado chegar ao fim do tabuleiro."),
    "tres-contra-tres_title": "Três contra três",
    "tres-contra-tres_rule": "Três pedras de cada lado: quem tomar a primeira peça ganha (ou quem fizer dama).",
    "tres-contra-tres_computer": ("O computador conta os lances que cada lado ainda pode fazer sem entregar "
                                  "peça: quem ficar sem lance bom tem de entregar uma."),
    "tome-todas_title": "Tome todas",
    "tome-todas_rule": ("Tome todas as pedras pretas antes que uma delas chegue à dama. As pretas ganham se "
                        "fizerem dama."),
    "tome-todas_computer": ("O computador tenta levar uma pedra preta até a dama: conta quantas travessas "
                            "faltam e quantas pedras ainda correm."),
    "win_crown": "As {winner} fizeram dama primeiro.",
    "win_capture": "As {winner} tomaram a primeira peça.",
    "win_all": "As brancas tomaram todas as pedras pretas.",
    "win_escape": "Uma pedra preta chegou à dama.",
    "you_won": "Você venceu! {stars}",
    "you_lost": "O computador venceu desta vez. Clique em «Tentar de novo».",
    "your_turn": "Sua vez: você joga com as brancas.",
    "level": "Nível do computador",
    "level_name": "Nível {n} ({name})",
    "level_changed": "Nível {n}: uma partida nova começou.",
    "record": "Seu recorde neste minijogo (nível {n}): {stars}.",
    "record_none": "Vença o computador para ganhar estrelas (até ★★★, sem lance recusado).",
    "not_saved": "(As estrelas não foram gravadas: {error})",
    "game_of": "Partida {i} de {n} posições",
    "new": "Nova partida",
    "unknown": "Minijogo desconhecido: {value}. Os minijogos são: {known}.",
    "static": "{rule}",
}

LEVEL_NAMES = {1: "iniciante", 2: "fácil", 3: "médio"}


class Level:
    """How the computer plays a mini-game at one level: ``depth`` (plies searched: 1 scores
    only the position after its own move), ``margin`` (moves whose score is within it of
    the best are chosen among at random, seeded by the position) and ``careless`` (the share,
    in %, of positions where it looks at no reply at all: a man it leaves to be taken is not
    seen; chosen by the position, so the same position is always played the same way)."""

    def __init__(self, depth: int, margin: int, careless: int):
        self.depth, self.margin, self.careless = depth, margin, careless

    def __repr__(self) -> str:
        return f"Level(depth={self.depth}, margin={self.margin}, careless={self.careless})"


#: The levels of the mini-games (benchmarks/minigames.py prints how each fares).
LEVELS = {1: Level(1, 60, 60), 2: Level(2, 30, 10), 3: Level(4, 0, 0)}


# -- what each mini-game counts -----------------------------------------------------------
def _rows_left(board: Board, color: Color) -> int:
    """Rows the most advanced man of ``color`` still has to go to crown (99: no man)."""
    variant = board.variant
    last = variant.size - 1
    rows = [variant.square_to_rc(s)[0] if color == WHITE else last - variant.square_to_rc(s)[0]
            for s in board.men(color)]
    return min(rows, default=99)


def _quiet_moves(board: Board, color: Color) -> int:
    """How many moves ``color`` would have if it were its turn (0 when it must capture: a
    capture there ends the game, which the search sees itself)."""
    if board.turn == color:
        return len(board.legal_moves())
    other = board.copy(stack=False)     # the turn is set on a copy: the search's board keeps its moves
    other.turn = color
    return len(other.legal_moves())


def _crown_judge(board: Board, start: Board) -> Color | None:
    if board.kings(WHITE):
        return WHITE
    if board.kings(BLACK):
        return BLACK
    return None


def _race(board: Board, color: Color) -> int:
    """Só pedras: a row of the race is 100; a man more to run is 20."""
    white = 100 * (_rows_left(board, BLACK) - _rows_left(board, WHITE)) \
        + 20 * (len(board.men(WHITE)) - len(board.men(BLACK)))
    return white if color == WHITE else -white


def _first_capture_judge(board: Board, start: Board) -> Color | None:
    if board.count(BLACK) < start.count(BLACK):
        return WHITE
    if board.count(WHITE) < start.count(WHITE):
        return BLACK
    return _crown_judge(board, start)


def _spare_moves(board: Board, color: Color) -> int:
    """Três contra três: a move in hand is 30, a row of the race to the king 40."""
    white = 30 * (_quiet_moves(board, WHITE) - _quiet_moves(board, BLACK)) \
        + 40 * (_rows_left(board, BLACK) - _rows_left(board, WHITE))
    return white if color == WHITE else -white


def _hunt_judge(board: Board, start: Board) -> Color | None:
    if board.kings(BLACK):
        return BLACK
    if not board.men(BLACK):
        return WHITE
    return None


def _runners(board: Board, color: Color) -> int:
    """Tome todas, for Black: a row nearer the king row is 100, a man still running 60."""
    black = -100 * _rows_left(board, BLACK) + 60 * len(board.men(BLACK))
    return black if color == BLACK else -black


class MiniGame:
    """A mini-game: ``key``, its ``starts`` (FENs, White to move), ``judge(board, start)``
    (the winner when the goal is reached, else None) and ``score(board, color)`` (how near
    ``color`` is to its goal: what the computer counts).  ``title``, ``rule`` and
    ``computer`` are what the student reads."""

    def __init__(self, key: str, starts: tuple[str, ...], judge: Callable[[Board, Board], Color | None],
                 score: Callable[[Board, Color], int], reason: Callable[[Board, Board, Color], str]):
        from damas.rules.args import refuse
        if not isinstance(key, str) or f"{key}_title" not in TEXTS:
            raise refuse("key", "o nome de um minijogo com textos (TEXTS)", key)
        if isinstance(starts, (str, bytes)) or not isinstance(starts, (list, tuple)) or not starts \
                or not all(isinstance(fen, str) for fen in starts):
            raise refuse("starts", "uma lista de posições (FEN)", starts)
        for name, value in (("judge", judge), ("score", score), ("reason", reason)):
            if not callable(value) or isinstance(value, type):
                raise refuse(name, "uma função", value)
        self.key = key
        self.starts = tuple(Board(fen).fen() for fen in starts)
        self.judge = judge
        self.score = score
        self._reason = reason
        self.title = TEXTS[f"{key}_title"]
        self.rule = TEXTS[f"{key}_rule"]
        self.computer = TEXTS[f"{key}_computer"]

    def start(self, index: int = 0) -> Board:
        """Start position number ``index`` (taken round: any whole number is one)."""
        return Board(self.starts[index % len(self.starts)])

    def winner(self, board: Board, start: Board) -> Color | None:
        """Who has won in ``board`` (the goal, then regra 7.2: no move loses), or None."""
        winner = self.judge(board, start)
        if winner is None and not board.legal_moves():
            winner = OPPONENT[board.turn]
        return winner

    def reason(self, board: Board, start: Board, winner: Color) -> str:
        return self._reason(board, start, winner)

    def __repr__(self) -> str:
        return f"MiniGame({self.key!r}, {len(self.starts)} posições)"


def _why_crown(board, start, winner):
    if board.kings(winner):
        return TEXTS["win_crown"].format(winner=NAMES[winner])
    return ""


def _why_capture(board, start, winner):
    if board.count(OPPONENT[winner]) < start.count(OPPONENT[winner]):
        return TEXTS["win_capture"].format(winner=NAMES[winner])
    return _why_crown(board, start, winner)


def _why_hunt(board, start, winner):
    if board.kings(BLACK):
        return TEXTS["win_escape"]
    if not board.men(BLACK):
        return TEXTS["win_all"]
    return ""


#: The mini-games by key.
MINIGAMES = {
    "so-pedras": MiniGame("so-pedras", (
        "W:Wa3,c3,e3,g3:Bb6,d6,f6,h6",
        "W:Wb2,d2,f2,h2,c3,e3:Ba7,c7,e7,g7,d6,f6",
        "W:Wa1,c1,e1,g1,b2,d2,f2,h2:Bb8,d8,f8,h8,a7,c7,e7,g7",
    ), _crown_judge, _race, _why_crown),
    "tres-contra-tres": MiniGame("tres-contra-tres", (
        "W:Wa3,c3,e3:Bd6,f6,h6",
        "W:Wb2,d2,f2:Bc7,e7,g7",
        "W:Wc3,e3,g3:Bb6,d6,f6",
    ), _first_capture_judge, _spare_moves, _why_capture),
    "tome-todas": MiniGame("tome-todas", (
        "W:Wa3,e3,g3:Bd6,h6",
        "W:Wb2,d2,f2:Bb6,f6",
        "W:Wc3,e3:Bb6,g7",
    ), _hunt_judge, _runners, _why_hunt),
}


def _minigame(key) -> MiniGame:
    if not isinstance(key, str) or key not in MINIGAMES:
        raise DamasError(TEXTS["unknown"].format(value=repr(key), known=", ".join(f"«{k}»" for k in MINIGAMES)))
    return MINIGAMES[key]


# -- the computer and the sensible player -----------------------------------------------------
@checked(level=whole_spec(1, max(LEVELS)))
def computer_move(key: str, board: Board, level: int = 1, start: Board | None = None) -> Move:
    """The computer's move in ``board`` for mini-game ``key`` at ``level``: the goal search
    at the level's depth, then a choice among the moves within the level's margin of the
    best, seeded by the position (the same position gives the same move).  ``start``: the
    game's start (the first-capture goal compares with it; by default ``board``)."""
    game = _minigame(key)
    moves = board.legal_moves()
    if not moves:
        raise DamasError("Não há lance possível: o lado que joga perdeu (regra 7.2).")
    if len(moves) == 1:
        return moves[0]
    first = start if start is not None else board
    settings = LEVELS[level]
    careless = zlib.crc32(f"careless|{key}|{board.fen()}|{level}".encode()) % 100 < settings.careless
    scores = goal_scores(board, settings.depth, lambda b: game.judge(b, first), game.score, follow=not careless)
    top = max(s for _, s in scores)
    near = [m for m, s in scores if s == top] if is_win(top) else \
        [m for m, s in scores if s >= top - settings.margin]
    seed = zlib.crc32(f"{key}|{board.fen()}|{level}".encode())
    return near[random.Random(seed).randrange(len(near))]


def _gives(board: Board, move: Move, game: MiniGame, start: Board) -> tuple[bool, bool]:
    """(the move wins at once, the other side can then win at once or take a piece)."""
    after = board.copy(stack=False)
    after.push(move)
    me = board.turn
    if game.winner(after, start) == me:
        return True, False
    for reply in after.legal_moves():
        if reply.is_capture:
            return False, True
        after.push(reply)
        lost = game.winner(after, start) == OPPONENT[me]
        after.pop()
        if lost:
            return False, True
    return False, False


def sensible_move(key: str, board: Board, seed: int = 0, start: Board | None = None) -> Move:
    """A simple sensible player's move (the benchmark's child): a move that wins at once if
    there is one; else one after which the other side can neither win at once nor take a
    piece, if there is one; among those, the one that brings its man nearest to crowning
    (tome-todas, for White: any), at random (``seed``) among equals."""
    game = _minigame(key)
    first = start if start is not None else board
    moves = board.legal_moves()
    rng = random.Random(zlib.crc32(f"{seed}|{board.fen()}".encode()))
    safe = []
    for move in moves:
        wins, gives = _gives(board, move, game, first)
        if wins:
            return move
        if not gives:
            safe.append(move)
    pool = safe or moves
    if key != "tome-todas" or board.turn == BLACK:
        variant = board.variant

        def ahead(move):
            row = variant.square_to_rc(move.end)[0]
            return -row if board.turn == WHITE else row
        best = max(ahead(m) for m in pool)
        pool = [m for m in pool if ahead(m) == best]
    return pool[rng.randrange(len(pool))]


def play_out(key: str, start: int, white, black, limit: int = 200) -> tuple[Color | None, list[Move]]:
    """A whole mini-game from start position ``start``: ``white(board, first)`` and
    ``black(board, first)`` give the moves.  Returns (the winner, the moves); the winner is
    None if ``limit`` plies pass (a mini-game always ends sooner: men only go forward)."""
    game = _minigame(key)
    first = game.start(start)
    board = first.copy(stack=False)
    moves = []
    for _ in range(limit):
        winner = game.winner(board, first)
        if winner is not None:
            return winner, moves
        player = white if board.turn == WHITE else black
        move = player(board, first)
        board.push(move)
        moves.append(move)
    return None, moves


# -- the game the board plays: the rules, and the goal's end -----------------------------------
class GoalGame(Game):
    """A :class:`~damas.Game` of a mini-game: the rules decide the moves, and the game is over
    as soon as the mini-game's goal is reached (its :meth:`result` says who won and why;
    otherwise the rules' own result, regra 7.2: no move, the game is lost)."""

    def __init__(self, minigame: MiniGame, board: Board):
        super().__init__(board)
        self.minigame = minigame
        self._first = board.copy(stack=False)

    def result(self) -> Result:
        board = self.board
        winner = self.minigame.judge(board, self._first)
        if winner is None:
            return super().result()
        score = "2-0" if winner == WHITE else "0-2"
        return Result(score, winner, self.minigame.reason(board, self._first, winner), None, "goal")


class MiniGameBoard:
    """A mini-game on the live board: the student plays White by clicks, the computer
    answers with Black at ``level`` (:func:`computer_move`), the package judges the goal.
    «Tentar de novo» and «Nova partida» start the next start position; the level chooser
    starts a new game at the level chosen.  A win saves its stars (each move the rules
    refused is a mistake, :func:`damas.course.kit.stars.stars_for`).  Every action is also a
    method (``widget.click``, :meth:`new_game`, :meth:`set_level`), for tests."""

    def __init__(self, key: str, level: int = 1):
        from damas.widget.board import BoardWidget   # ipywidgets/anywidget only when shown
        self.game = _minigame(key)
        self.key = key
        self.level = level
        self.index = 0
        self.refused = 0
        self.winner = None
        self.stars = 0
        self.note = ""
        self.widget = BoardWidget(self._new_game(), locked=[BLACK], exercise=True)
        self.widget.add_class("damas-minigame")
        self.widget.on_move(self._moved)
        self.widget.on_refused(self._refused)
        self.widget.on_action("retry", self.new_game)
        self._box = None
        self._status = None
        self._say_rule()

    def _new_game(self) -> GoalGame:
        self.refused = 0
        self.winner = None
        self.stars = 0
        self.note = ""
        return GoalGame(self.game, self.game.start(self.index))

    def _say_rule(self):
        self.widget.show_message(f"{self.game.rule} {TEXTS['your_turn']}")
        self._refresh()

    def new_game(self):
        """The next start position, a new game at the same level."""
        self.index += 1
        self.widget.set_game(self._new_game())
        self._say_rule()

    @checked(level=whole_spec(1, max(LEVELS)))
    def set_level(self, level: int):
        """A new game against the computer at ``level`` (1 to 3)."""
        self.level = level
        self.widget.set_game(self._new_game())
        self.widget.show_message(TEXTS["level_changed"].format(n=level) + " " + self.game.rule)
        self._refresh()

    def _refused(self, _message):
        if self.winner is None:
            self.refused += 1

    def _moved(self, event):
        widget = self.widget
        if event.by == "click" and not widget.result:
            first = self.game.start(self.index)
            widget.play(computer_move(self.key, widget.board, self.level, start=first))
            return
        if widget.result and self.winner is None:
            self._finish()

    def _finish(self):
        result = self.widget.game.result()
        self.winner = result.winner
        if self.winner == WHITE:
            self.stars = stars_for(self.refused)
            self.note = self._save()
            text = TEXTS["you_won"].format(stars=stars_text(self.stars))
            self.widget.show_message(" ".join(t for t in (text, self.note) if t), "success")
        else:
            self.widget.show_message(TEXTS["you_lost"], "end")
        self._refresh()

    def _save(self) -> str:
        from damas.course.kit.progress import ProgressError
        from damas.course.kit.store import _progress
        store = _progress()
        try:
            if isinstance(store, ProgressError):
                raise store
            store.record_minigame_win(self.key, self.level, self.stars)
        except ProgressError as error:
            return TEXTS["not_saved"].format(error=error)
        return ""

    def best(self) -> int:
        """The best stars saved for this mini-game at this level (0: none, or no progress file)."""
        from damas.course.kit.store import _progress
        store = _progress()
        return 0 if isinstance(store, Exception) else store.minigame_stars(self.key, self.level)

    def record_text(self) -> str:
        best = max(self.best(), self.stars)
        if not best:
            return TEXTS["record_none"]
        return TEXTS["record"].format(n=self.level, stars=stars_text(best))

    def _refresh(self):
        if self._status is not None:
            self._status.value = escape(self.record_text())

    def box(self):
        """The mini-game's block: its name and rule, the board, «Nova partida», the level
        chooser and the record."""
        if self._box is None:
            import ipywidgets as widgets
            head = widgets.HTML(f"<b>{escape(self.game.title)}</b><br>{escape(self.game.rule)}"
                                f"<br><small>{escape(self.game.computer)}</small>")
            again = widgets.Button(description=TEXTS["new"], tooltip="Começa outra partida.")
            again.on_click(lambda _b: self.new_game())
            level = widgets.Dropdown(
                options=[(TEXTS["level_name"].format(n=n, name=LEVEL_NAMES[n]), n) for n in LEVELS],
                value=self.level, description=TEXTS["level"] + ":",
                style={"description_width": "initial"})
            level.observe(lambda change: self.set_level(change["new"]), names="value")
            self._status = widgets.HTML()
            self._box = widgets.VBox([head, self.widget, widgets.HBox([again, level]), self._status])
            self._box.add_class("damas-minigame-box")
            self._refresh()
        return self._box

    def picture(self):
        return board_svg(self.game.start(self.index), size=FIGURE_SIZE, title=self.game.title)

    def _ipython_display_(self):  # pragma: no cover - needs a notebook front end
        show_widget(self.box(), self.picture(), TEXTS["static"].format(title=self.game.title, rule=self.game.rule),
                    text=repr(self))

    def __repr__(self) -> str:
        return f"MiniGameBoard({self.key!r}, nível {self.level})"


@checked(level=whole_spec(1, max(LEVELS)))
def minigame(key: str, level: int = 1) -> MiniGameBoard:
    """The mini-game ``key`` («so-pedras», «tres-contra-tres», «tome-todas») against the
    computer at ``level`` (1 iniciante, 2 fácil, 3 médio), on the live board.  A chapter shows
    it with a hidden cell whose last line is ``minigame("so-pedras")``."""
    _minigame(key)
    return MiniGameBoard(key, level)

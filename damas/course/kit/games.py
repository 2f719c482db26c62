"""Whole games on the board: against the computer, and an annotated game to replay."""

from __future__ import annotations

from damas.rules.board import BLACK
from damas.display.output import show_widget
from damas.display.svg import board_svg
from damas.errors import DamasError
from damas.course.kit.figures import FIGURE_SIZE
from damas.rules.args import checked, flag_spec, instance_spec

# -- a game against the computer (from chapter 03 on) ---------------------------------------------------
class ComputerGame:
    """A whole game on the board against the computer: the student has
    White, the computer answers with Black, starting at ``level`` (1 is the
    easiest; see :data:`damas.engine.search.LEVELS`).  The student changes the level
    with the chooser beside the board (:meth:`damas.widget.board.BoardWidget.set_level`):
    it applies from the computer's next move.  :attr:`widget` is the board.  ``beginner``: a
    game played before capture is taught (chapter 02) says a capture refusal in
    :func:`beginner_words`.

    A game the student wins is saved in their progress
    (:meth:`damas.course.kit.progress.Progress.record_level_beaten`) as a win over the
    lowest level the computer played at in that game (so raising the level just
    before the last move counts the level the game was played at); a progress
    file that cannot be used leaves the game working, and
    :attr:`progress_error` says why nothing was saved."""

    def __init__(self, level: int = 1, position=None, beginner: bool = False):
        from damas.engine.search import LEVELS
        from damas.rules.game import Game
        from damas.widget.board import BoardWidget
        if isinstance(level, bool) or not isinstance(level, int) or level not in LEVELS:
            raise DamasError(f"Nível inválido: {level!r}; os níveis vão de 1 a {max(LEVELS)}.")
        self.widget = BoardWidget(Game(position) if position is not None else Game(),
                                  computer=BLACK, level=level)
        if beginner:
            self.widget.refusal_words = beginner_words
        self._levels = {}          # ply of each of the computer's moves -> the level it played at
        self.progress_error = None
        self.widget.on_move(self._moved)

    def _moved(self, event):
        from damas.course.kit.progress import ProgressError
        from damas.course.kit.store import _progress
        w = self.widget
        plies = len(w.moves)
        if event.by == "computer":
            self._levels[plies - 1] = w.level
            return
        if w.result != "2-0":      # the student has White: only a win counts
            return
        beaten = min([lv for ply, lv in self._levels.items() if ply < plies] + [w.level])
        store = _progress()
        try:
            if isinstance(store, ProgressError):
                raise store
            store.record_level_beaten(beaten, w.board.variant.name)
        except ProgressError as error:
            self.progress_error = error

    @property
    def level(self) -> int:
        """The level the computer plays at now (the chooser's)."""
        return self.widget.level

    def _ipython_display_(self):  # pragma: no cover - needs a notebook front end
        show_widget(self.widget, board_svg(self.widget.board, size=FIGURE_SIZE),
                    f"Jogue com as brancas; o computador responde com as pretas, no nível escolhido "
                    f"ao lado do tabuleiro (começa no nível {self.level}).",
                    text=repr(self))

    def __repr__(self):
        return f"ComputerGame(nível {self.level})"


@checked(why=instance_spec("damas.rules.explain.Explanation", "uma explicação de lance recusado (Explanation)"))
def beginner_words(why, board):
    """A capture refusal (articles 4.x) said to someone who has not learned captures yet: what to
    play and where it is taught; no irregularity number.  None for any other refusal."""
    if not (why.article or "").startswith("4.") or why.suggestion is None:
        return None
    move = board.move_text(why.suggestion)
    return (f"Aqui as brancas têm de tomar uma peça preta: nas damas, quem pode tomar é obrigado a "
            f"tomar. O lance é {move}: a peça que toma salta por cima da peça preta. Como se toma, "
            f"você aprende no capítulo 03.")


@checked(beginner=flag_spec())
def computer_game(nivel: int = 1, beginner: bool = False) -> ComputerGame:
    """A game against the computer, starting at ``nivel`` (1 = iniciante);
    the level chooser beside the board changes it during the game.  ``beginner``: the game of
    chapter 02, before captures are taught."""
    return ComputerGame(nivel, beginner=beginner)


# -- an annotated game to replay (chapter 12) -----------------------------------------------------------
class AnnotatedGame:
    """A game of a PDN file to replay move by move with its comments
    (:class:`damas.widget.replay.GameReplay`), shown with a static picture of its
    start and its first comment, so it reads in a notebook never run."""

    def __init__(self, games, index: int = 0):
        from damas.widget.replay import GameReplay
        self.replay = GameReplay(games, index=index)

    def caption(self) -> str:
        """The players and the event, then the first comment."""
        first = self.replay.comment
        return self.replay.title() + (f" — {first}" if first else "")

    def _ipython_display_(self):  # pragma: no cover - needs a notebook front end
        show_widget(self.replay.box(), self.replay.svg(), self.caption(), text=repr(self))

    def __repr__(self):
        return repr(self.replay)


def annotated_game(games, index: int = 0) -> AnnotatedGame:
    """The game ``index`` of ``games`` (PDN games) to replay, with its comments."""
    return AnnotatedGame(games, index)


# -- the ladder of the computer's levels (chapter 05, the teacher's guide) -------------------------------

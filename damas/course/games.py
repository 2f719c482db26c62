"""Whole games on the board: against the computer, and an annotated game to replay."""

from __future__ import annotations

from damas.rules.board import BLACK
from damas.display.output import show_widget
from damas.display.svg import board_svg
from damas.errors import DamasError
from damas.course.figures import FIGURE_SIZE
from damas.rules.args import checked

# -- a game against the computer (from chapter 03 on) ---------------------------------------------------
class ComputerGame:
    """A whole game on the board against the computer: the student has
    White, the computer answers with Black, starting at ``level`` (1 is the
    easiest; see :data:`damas.engine.search.LEVELS`).  The student changes the level
    with the chooser beside the board (:meth:`damas.widget.board.BoardWidget.set_level`):
    it applies from the computer's next move.  :attr:`widget` is the board."""

    def __init__(self, level: int = 1, position=None):
        from damas.engine.search import LEVELS
        from damas.rules.game import Game
        from damas.widget.board import BoardWidget
        if isinstance(level, bool) or not isinstance(level, int) or level not in LEVELS:
            raise DamasError(f"Nível inválido: {level!r}; os níveis vão de 1 a {max(LEVELS)}.")
        self.widget = BoardWidget(Game(position) if position is not None else Game(),
                                  computer=BLACK, level=level)

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


@checked()
def computer_game(nivel: int = 1) -> ComputerGame:
    """A game against the computer, starting at ``nivel`` (1 = iniciante);
    the level chooser beside the board changes it during the game."""
    return ComputerGame(nivel)


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

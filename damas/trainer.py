"""The puzzle trainer: the checker of :mod:`damas.puzzles` on the interactive board.

>>> from damas.puzzles import Puzzle
>>> from damas.trainer import PuzzleTrainer
>>> trainer = PuzzleTrainer([Puzzle("W:W6,14,15,17,27:BK2", goal="win", max_plies=3)])  # doctest: +SKIP
>>> trainer            # in a notebook: the board, the task, and the buttons  # doctest: +SKIP

The student moves the solving side's pieces on the board (the defender's
pieces are locked); after each move the trainer asks :func:`damas.puzzles.check`
for a verdict and

* plays the defender's reply (the one that resists longest) when the move is
  correct so far,
* congratulates when the goal is reached,
* takes a wrong move back and says why (the rule broken, or the defence that
  refutes it), so the student can try again.

``hint()`` shows the piece to move, then the square.  Everything is also a
Python method (``play``, ``hint``, ``restart``, ``next``, ``previous``), so
tests drive the trainer without a browser.  This module imports the widget
(ipywidgets, anywidget); ``import damas`` does not import it.
"""

from __future__ import annotations

from .board import BLACK, WHITE
from .puzzles import Puzzle, check
from .puzzles import hint as puzzle_hint

__all__ = ["PuzzleTrainer"]

_COLOR = {WHITE: "brancas", BLACK: "pretas"}


class PuzzleTrainer:
    """Trains a list of puzzles on a :class:`damas.widget.BoardWidget`."""

    def __init__(self, puzzles, index: int = 0):
        if isinstance(puzzles, Puzzle):
            puzzles = [puzzles]
        self.puzzles = list(puzzles)
        if not self.puzzles or not all(isinstance(p, Puzzle) for p in self.puzzles):
            raise TypeError("PuzzleTrainer espera um Puzzle ou uma lista de Puzzle.")
        from .widget import BoardWidget  # ipywidgets/anywidget only when a trainer is made
        self.widget = BoardWidget(self.puzzles[0].board())
        self.widget.on_move(self._on_move)
        self.verdict = None
        self.hint_step = 0
        self.solved = set()
        self._box = None
        self._header = None
        self.load(index)

    # -- the current puzzle ----------------------------------------------------
    @property
    def puzzle(self) -> Puzzle:
        return self.puzzles[self.index]

    def load(self, index: int) -> None:
        """Show puzzle number ``index`` (0-based) from its start."""
        if not isinstance(index, int) or not 0 <= index < len(self.puzzles):
            raise IndexError(f"Problema inexistente: {index!r}; há {len(self.puzzles)} problema(s), "
                             f"numerados de 0 a {len(self.puzzles) - 1}.")
        self.index = index
        self.restart()

    def restart(self) -> None:
        """Put the current puzzle back at its start."""
        p = self.puzzle
        w = self.widget
        w.unlock()
        if w.board.variant.name != p.variant:
            w.new_game(p.variant)
        w.set_fen(p.fen)
        defender = BLACK if p.solver_color == WHITE else WHITE
        w.lock(defender)
        self.verdict = None
        self.hint_step = 0
        w.show_message(self.task_text())
        self._refresh_header()

    def next(self) -> None:
        """The next puzzle (stays on the last one)."""
        self.load(min(self.index + 1, len(self.puzzles) - 1))

    def previous(self) -> None:
        """The previous puzzle (stays on the first one)."""
        self.load(max(self.index - 1, 0))

    def task_text(self) -> str:
        p = self.puzzle
        title = f"Problema {self.index + 1} de {len(self.puzzles)}"
        if p.title:
            title += f": {p.title}"
        return f"{title}. {p.task()}"

    # -- moves -------------------------------------------------------------------
    def line(self) -> list:
        """The moves played on the board since the puzzle's start."""
        return list(self.widget.board.move_stack)

    def play(self, move):
        """Play the student's ``move`` (Move or text) as if made on the board;
        returns the verdict."""
        before = len(self.line())
        self.widget.play(move)
        # widget.play reports by="play", which _on_move ignores: judge it here
        if len(self.line()) == before + 1:
            self._judge()
        return self.verdict

    def _on_move(self, event):
        if event.by != "click":
            return  # the trainer's own replies
        self._judge()

    def _judge(self):
        p = self.puzzle
        w = self.widget
        line = self.line()
        verdict = check(p, line)
        self.verdict = verdict
        self.hint_step = 0
        if verdict.status == "wrong":
            w.undo()
            highlight = ()
            if verdict.explanation is not None and getattr(verdict.explanation, "highlight", None):
                highlight = tuple(verdict.explanation.highlight)
            elif verdict.refutation is not None:
                highlight = (verdict.refutation.start, verdict.refutation.end)
            article = getattr(verdict.explanation, "article", "") or ""
            w.show_message(verdict.message + " Tente de novo.", "error", highlight=highlight, article=article)
            return
        # play the checker's reply, if any, on the board
        if verdict.reply is not None and len(verdict.moves) > len(line):
            w.play(verdict.reply)
        if verdict.status == "correct":
            self.solved.add(self.index)
            w.lock(WHITE, BLACK)
            w.show_message(verdict.message, "success")
        else:
            w.show_message(verdict.message, "info")
        self._refresh_header()

    def hint(self):
        """Show the next hint (the piece, then the square); returns it."""
        if self.verdict is not None and self.verdict.status == "correct":
            self.widget.show_message("Problema resolvido! Passe ao próximo.", "success")
            return None
        self.hint_step = min(self.hint_step + 1, 2)
        h = puzzle_hint(self.puzzle, self.hint_step, self.line())
        self.widget.show_message(f"Dica: {h.text}", "info", highlight=h.squares)
        return h

    # -- display -----------------------------------------------------------------
    def _refresh_header(self):
        if self._header is not None:
            done = " ✓" if self.index in self.solved else ""
            self._header.value = f"<b>{_escape(self.task_text())}{done}</b>"

    def box(self):
        """The trainer as an ipywidgets box: task, board and buttons."""
        if self._box is None:
            import ipywidgets as widgets
            self._header = widgets.HTML()
            buttons = []
            for label, action in (("Dica", self.hint), ("Recomeçar", self.restart),
                                  ("◀ Anterior", self.previous), ("Próximo ▶", self.next)):
                b = widgets.Button(description=label)
                b.on_click(lambda _b, action=action: action())
                buttons.append(b)
            self._box = widgets.VBox([self._header, self.widget, widgets.HBox(buttons)])
            self._refresh_header()
        return self._box

    def _ipython_display_(self):  # pragma: no cover - needs a notebook front end
        from IPython.display import display
        display(self.box())

    def __repr__(self):
        return f"PuzzleTrainer(problema {self.index + 1} de {len(self.puzzles)}: {self.puzzle.fen!r})"


def _escape(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")

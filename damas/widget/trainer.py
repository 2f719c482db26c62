"""The puzzle trainer: the checker of :mod:`damas.problems.puzzles` on the interactive board.

>>> from damas.problems.puzzles import Puzzle
>>> from damas.widget.trainer import PuzzleTrainer
>>> trainer = PuzzleTrainer([Puzzle("W:W6,14,15,17,27:BK2", goal="win", max_plies=3)])  # doctest: +SKIP
>>> trainer            # in a notebook: the board, the task, and the buttons  # doctest: +SKIP

The student moves the solving side's pieces on the board (the defender's
pieces are locked); after each move the trainer asks :func:`damas.problems.checker.check`
for a verdict and

* plays the defender's reply (the one that resists longest) when the move is
  correct so far,
* congratulates when the goal is reached,
* takes a wrong move back and says why (the rule broken, or the defence that
  refutes it, drawn on the board as an arrow after the student's move), so
  the student can try again.

The board is in exercise mode: it offers no "Nova partida" (which would
throw the problem away) but, once the problem is over, "Tentar de novo"
and "Próximo".

``hint()`` shows the piece to move, then the square; ``show_solution()``
plays the solution on the board.  Several collections may be given as a
dict ``{name: puzzles}`` (``choose_collection(name)`` switches); the trainer
counts, per collection, the problems solved and the attempts at each
(``progress_text()``).  The trainer saves nothing itself: ``on_solved(callback)`` is told of
each problem solved on the board, ``restore_solved`` marks problems solved before; the course's
trainer (:class:`damas.course.kit.practice.PuzzleTrainer`, a subclass) does both when it is made,
so that what a student solves is kept in the course's progress file (``key`` names where).  In
the same way ``on_attempt(callback)`` is told of each attempt started and ``restore_attempts``
gives back the attempts made before, so that «Tentativas neste problema» survives a reload.  Everything is also a Python method (``play``,
``hint``, ``restart``, ``show_solution``, ``next``, ``previous``,
``choose_collection``), so tests drive the trainer without a browser.

A program that adapts the training (:mod:`damas.course.classroom.daily`, «Treino do dia») listens to
``on_result(callback)``: once per showing of a problem, ``callback(TrainerResult)`` says how
it went, one of :data:`OUTCOMES`: ``"first_try"`` (solved with no wrong move and no hint),
``"after_mistake"`` (solved after a wrong move), ``"hint"`` (solved after a hint),
``"gave_up"`` (the solution shown, or another problem chosen after trying this one).  It may
set ``describe``, a function of the problem's index giving a line of text shown above the
task (and call ``refresh()`` when that line changes).  This module imports the widget
(ipywidgets, anywidget); ``import damas`` does not import it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypedDict, Union

from damas.rules.board import Board
from damas.rules.colors import BLACK, NAMES, WHITE, Color, opponent
from damas.errors import ArgumentError, DamasError, PuzzleNotFoundError
from damas.rules.args import refuse
from damas.rules.notation import line_texts, numbered
from damas.rules.notation import shown as shown_value
from damas.problems.puzzles import Puzzle
from damas.problems.checker import Hint, Verdict, _goal_reached, check
from damas.problems.checker import hint as puzzle_hint
from damas.problems.solver import solve
from damas.rules.move import Move

if TYPE_CHECKING:
    from damas.widget.clicks import MoveEvent

__all__ = ["PuzzleTrainer", "TrainerResult", "OUTCOMES"]

OUTCOMES = ("first_try", "after_mistake", "hint", "gave_up")

#: One collection as given: a Puzzle or a list (or tuple) of them.
PuzzleList = Union[Puzzle, list[Puzzle], tuple[Puzzle, ...]]


class _Progress(TypedDict):
    """The progress through one collection: problems solved, attempts per problem, solutions shown."""

    solved: set[int]
    attempts: dict[int, int]
    shown: set[int]


@dataclass(frozen=True)
class TrainerResult:
    """How a showing of a problem went: the collection, the problem's index, the puzzle and
    the outcome (one of :data:`OUTCOMES`)."""

    collection: str
    index: int
    puzzle: Puzzle
    outcome: str



class PuzzleTrainer:
    """Trains a list of puzzles on a :class:`damas.widget.board.BoardWidget`."""

    def __init__(self, puzzles: PuzzleList | dict[str, PuzzleList], index: int = 0, collection: str | None = None,
                 key: str | None = None) -> None:
        if isinstance(puzzles, dict):
            collections = {str(name): _puzzle_list(items) for name, items in puzzles.items()}
            if not collections:
                raise ArgumentError("PuzzleTrainer espera ao menos uma coleção de problemas.")
        else:
            collections = {"": _puzzle_list(puzzles)}
        self.collections = collections
        self.key = key            # where the course keeps what is solved (None: its default)
        self.notice = ""          # a line shown under the progress (the course's, e.g. not saved)
        self._solved_callbacks: list[Callable[[str, int], object]] = []
        self._attempt_callbacks: list[Callable[[str, int, int], object]] = []
        # progress per collection: problems solved, attempts per problem, solutions shown
        self._progress: dict[str, _Progress] = {name: {"solved": set(), "attempts": {}, "shown": set()} for name in collections}
        self.collection = next(iter(collections)) if collection is None else collection
        if not isinstance(self.collection, str) or self.collection not in collections:
            raise CollectionNotFoundError(_unknown_collection(self.collection, collections))
        self.puzzles = collections[self.collection]
        from damas.widget.board import BoardWidget  # ipywidgets/anywidget only when a trainer is made
        self.widget = BoardWidget(self.puzzles[0].board(), exercise=True)
        self.widget.on_move(self._on_move)
        self.widget.on_action("retry", self.restart)
        self.widget.on_action("next", self.next)
        self.verdict: Verdict | None = None
        self.hint_step = 0
        self._trying = False      # an attempt is under way (a move played, no verdict yet)
        self._showing = False     # the solution is on the board
        # ipywidgets ships no types: the box and its parts are Any to mypy (None until box())
        self._box: Any = None
        self._header: Any = None
        self._progress_line: Any = None
        self._chooser: Any = None
        self._picker: Any = None
        self._updating = False
        self._result_callbacks: list[Callable[[TrainerResult], object]] = []
        self.describe: Callable[[int], str] | None = None      # index -> a line shown above the task (see the module's doc)
        self._note: Any = None
        self._reset_showing()
        self.load(index)

    # -- progress ----------------------------------------------------------------
    @property
    def solved(self) -> set[int]:
        """Indices of the problems of the current collection solved on the board."""
        return self._progress[self.collection]["solved"]

    @property
    def attempts(self) -> dict[int, int]:
        """{index: attempts} for the current collection.  An attempt starts with
        the student's first move and ends with a verdict of right or wrong (a
        wrong move ends it; the next move starts another)."""
        return self._progress[self.collection]["attempts"]

    @property
    def shown(self) -> set[int]:
        """Indices of the problems whose solution was shown."""
        return self._progress[self.collection]["shown"]

    def progress_text(self) -> str:
        """The progress through the current collection, in Portuguese."""
        n = len(self.puzzles)
        tries = self.attempts.get(self.index, 0)
        text = (f"Resolvidos: {len(self.solved)} de {n}. "
                f"Tentativas neste problema: {tries}.")
        if self.index in self.shown:
            text += " Solução vista."
        if self.notice:
            text += " " + self.notice
        return text

    def on_solved(self, callback: Callable[[str, int], object]) -> None:
        """Call ``callback(collection, index)`` when a problem is solved on the board."""
        self._solved_callbacks.append(callback)

    def on_attempt(self, callback: Callable[[str, int, int], object]) -> None:
        """Call ``callback(collection, index, attempts)`` when an attempt at a problem starts on
        the board (``attempts``: the count at that problem, this one and the restored ones included)."""
        if not callable(callback):
            raise refuse("callback", "uma função", callback)
        self._attempt_callbacks.append(callback)

    def restore_attempts(self, collection: str, counts: dict[int, int]) -> None:
        """Give back the attempts made before (saved): ``counts`` is ``{index: attempts}`` for
        problems of ``collection``; a count lower than this trainer's own is left out, and so are
        indices the collection does not have."""
        if not isinstance(collection, str) or collection not in self.collections:
            raise CollectionNotFoundError(_unknown_collection(collection, self.collections))
        if not isinstance(counts, dict) or not all(
                isinstance(i, int) and not isinstance(i, bool) and isinstance(n, int)
                and not isinstance(n, bool) and n >= 0 for i, n in counts.items()):
            raise refuse("counts", "um dicionário {número do problema: tentativas}", counts)
        n = len(self.collections[collection])
        attempts = self._progress[collection]["attempts"]
        for i, count in counts.items():
            if 0 <= i < n and count > attempts.get(i, 0):
                attempts[i] = count
        self._refresh_header()

    def restore_solved(self, collection: str, indices: Sequence[int] | set[int] | frozenset[int] | range) -> None:
        """Mark the problems ``indices`` of ``collection`` as solved (solved before, saved);
        indices that the collection does not have are left out."""
        if not isinstance(collection, str) or collection not in self.collections:
            raise CollectionNotFoundError(_unknown_collection(collection, self.collections))
        if isinstance(indices, (str, bytes, dict)) or not isinstance(indices, (list, tuple, set, frozenset, range)) \
                or not all(isinstance(i, int) and not isinstance(i, bool) for i in indices):
            raise refuse("indices", "uma lista (ou um conjunto) de números de problema", indices)
        n = len(self.collections[collection])
        self._progress[collection]["solved"].update(i for i in indices if 0 <= i < n)
        self._refresh_header()

    def choose_collection(self, name: str, index: int = 0) -> None:
        """Switch to the collection ``name`` (progress of each is kept)."""
        if not isinstance(name, str) or name not in self.collections:
            raise CollectionNotFoundError(_unknown_collection(name, self.collections))
        self.collection = name
        self.puzzles = self.collections[name]
        self.load(index)

    # -- the current puzzle ----------------------------------------------------
    @property
    def puzzle(self) -> Puzzle:
        return self.puzzles[self.index]

    def load(self, index: int) -> None:
        """Show puzzle number ``index`` (0-based) from its start."""
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(self.puzzles):
            n = len(self.puzzles)
            there = "há 1 problema, o de número 0" if n == 1 else f"há {n} problemas, numerados de 0 a {n - 1}"
            raise PuzzleNotFoundError(f"Problema inexistente: {shown_value(index)}; {there}.")
        if self._touched and not self._reported:     # left unsolved after trying it
            self._report("gave_up")
        self.index = index
        self._reset_showing()
        self.restart()

    # -- results (for a program that adapts the training) -----------------------------
    def on_result(self, callback: Callable[[TrainerResult], object]) -> None:
        """Call ``callback(TrainerResult)`` once per showing of a problem (see the module's doc)."""
        self._result_callbacks.append(callback)

    def _reset_showing(self) -> None:
        self._mistakes = 0
        self._hinted = False
        self._touched = False     # a move or a hint was made in this showing
        self._reported = False

    def _report(self, outcome: str) -> None:
        self._reported = True
        result = TrainerResult(self.collection, self.index, self.puzzle, outcome)
        for callback in list(self._result_callbacks):
            callback(result)

    def refresh(self) -> None:
        """Show again the lines above and below the board (after ``describe`` changed)."""
        self._refresh_header()

    def restart(self) -> None:
        """Put the current puzzle back at its start."""
        p = self.puzzle
        w = self.widget
        w.unlock()
        if w.board.variant.name != p.variant:
            w.new_game(p.variant)
        w.set_fen(p.fen)
        defender = opponent(p.solver_color)
        w.lock(defender)
        w.flipped = p.solver_color == BLACK     # the solving side at the bottom
        self.verdict = None
        self.hint_step = 0
        self._trying = False
        self._showing = False
        w.show_message(self.task_text())
        self._refresh_header()

    def show_solution(self) -> list[Move]:
        """Play the solution on the board (from the start) and show it with
        the puzzle's comment; returns the moves.  The problem does not count
        as solved."""
        p = self.puzzle
        self.restart()
        moves = p.solution_moves() if p.solution else solve(p, all_moves=False).main_line
        w = self.widget
        for move in moves:
            w.play(move)
        w.lock(WHITE, BLACK)
        self._showing = True
        self.shown.add(self.index)
        if not self._reported:
            self._report("gave_up")
        text = f"Solução: {_numbered(p.board(), moves)}."
        if p.prose:
            text += f" Comentário: {p.prose}"
        text += " Clique em «Recomeçar» para jogar você mesmo."
        w.show_message(text, "info")
        self._refresh_header()
        return moves

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
    def line(self) -> list[Move]:
        """The moves played on the board since the puzzle's start."""
        return list(self.widget.board.move_stack)

    def play(self, move: Move | str) -> Verdict | None:
        """Play the student's ``move`` (Move or text) as if made on the board;
        returns the verdict."""
        before = len(self.line())
        self.widget.play(move)
        # widget.play reports by="play", which _on_move ignores: judge it here
        if len(self.line()) == before + 1:
            self._judge()
        return self.verdict

    def _on_move(self, event: MoveEvent) -> None:
        if event.by != "click":
            return  # the trainer's own replies
        self._judge()

    def _judge(self) -> None:
        p = self.puzzle
        w = self.widget
        line = self.line()
        verdict = check(p, line)
        self.verdict = verdict
        self.hint_step = 0
        if not self._trying:
            self.attempts[self.index] = self.attempts.get(self.index, 0) + 1
            for callback in tuple(self._attempt_callbacks):
                callback(self.collection, self.index, self.attempts[self.index])
        self._touched = True
        self._trying = verdict.status == "partial"
        if verdict.status == "wrong":
            self._mistakes += 1
            tried = line[-1]
            w.undo()
            highlight: tuple[int, ...] = ()
            arrows: tuple[Move, ...] = ()
            marked = getattr(verdict.explanation, "highlight", None)    # None when there is no explanation
            if marked:
                highlight = tuple(marked)
            elif verdict.refutation is not None:
                highlight = (verdict.refutation.start, verdict.refutation.end)
                # The story on the board: the student's move, then the reply that refutes it.
                arrows = (tried, verdict.refutation)
            article = getattr(verdict.explanation, "article", "") or ""
            w.show_message(verdict.message + " Tente de novo.", "error", highlight=highlight,
                           article=article, arrows=arrows, arrow_kinds=("tried", "reply")[:len(arrows)])
            self._refresh_header()
            return
        # play the checker's reply, if any, on the board
        if verdict.reply is not None and len(verdict.moves) > len(line):
            w.play(verdict.reply)
        if verdict.status == "correct":
            self.solved.add(self.index)
            for solved_callback in tuple(self._solved_callbacks):
                solved_callback(self.collection, self.index)
            w.lock(WHITE, BLACK)
            w.show_message(self._correct_text(verdict), "success")
            if not self._reported:
                self._report("hint" if self._hinted else "after_mistake" if self._mistakes else "first_try")
        else:
            w.show_message(verdict.message, "info")
        self._refresh_header()

    def _correct_text(self, verdict: Verdict) -> str:
        """The verdict "Correto!", without the end of the game when the board
        already shows it in its result box (with the article of the result:
        one reason and one article on the screen, not two)."""
        text = verdict.message
        if self.widget.result:
            ending = _goal_reached(self.puzzle, self.widget.board)
            if text.endswith(ending):
                winners: dict[str, Color] = {"2-0": WHITE, "0-2": BLACK}
                winner = winners.get(self.widget.result)
                text = text[:-len(ending)] + (f"As {NAMES[winner]} vencem." if winner
                                              else "Problema resolvido.")
        return text

    def hint(self) -> Hint | None:
        """Show the next hint (the piece, then the square); returns it."""
        if self.verdict is not None and self.verdict.status == "correct":
            self.widget.show_message("Problema resolvido! Passe ao próximo.", "success")
            return None
        if self._showing:   # the solution is on the board
            self.widget.show_message("A solução está no tabuleiro. Clique em «Recomeçar» para "
                                     "jogar você mesmo.", "info")
            return None
        self.hint_step = min(self.hint_step + 1, 2)
        self._hinted = self._touched = True
        h = puzzle_hint(self.puzzle, self.hint_step, self.line())
        self.widget.show_message(f"Dica: {h.text}", "info", highlight=h.squares)
        return h

    # -- display -----------------------------------------------------------------
    def _refresh_header(self) -> None:
        if self._header is None:
            return
        done = " ✓" if self.index in self.solved else ""
        self._header.value = f"<b>{_escape(self.task_text())}{done}</b>"
        self._note.value = _escape(self.describe(self.index)) if self.describe else ""
        self._progress_line.value = _escape(self.progress_text())
        self._updating = True
        try:
            if self._chooser is not None:
                self._chooser.value = self.collection
            options = [(self._problem_label(i), i) for i in range(len(self.puzzles))]
            if list(self._picker.options) != options:
                self._picker.options = options
            self._picker.value = self.index
        finally:
            self._updating = False

    def _problem_label(self, i: int) -> str:
        p = self.puzzles[i]
        mark = " ✓" if i in self.solved else ""
        return f"{i + 1}. {p.title or 'Problema'}{mark}"

    def box(self) -> Any:
        """The trainer as an ipywidgets box: the collection and problem
        choosers, the task, the board (the verdict appears beside it), the
        buttons and the progress."""
        if self._box is None:
            import ipywidgets as widgets  # type: ignore[import-untyped]  # ships no types (8.1)
            rows: list[Any] = []
            choosers: list[Any] = []
            if len(self.collections) > 1:
                self._chooser = widgets.Dropdown(
                    options=list(self.collections), value=self.collection, description="Coleção:",
                    layout=widgets.Layout(width="auto", flex="1 1 360px", max_width="400px"))
                self._chooser.observe(self._on_chooser, names="value")
                choosers.append(self._chooser)
            self._picker = widgets.Dropdown(
                options=[(self._problem_label(i), i) for i in range(len(self.puzzles))],
                value=self.index, description="Problema:",
                layout=widgets.Layout(width="auto", flex="1 1 540px", max_width="600px"))
            self._picker.observe(self._on_picker, names="value")
            choosers.append(self._picker)
            # Wide enough for a whole name (a problem's title reaches 60 characters); on a
            # narrow page the problem chooser goes under the collection's, with the whole width.
            rows.append(widgets.HBox(choosers, layout=widgets.Layout(flex_flow="row wrap")))
            self._note = widgets.HTML()
            self._note.add_class("damas-trainer-note")
            rows.append(self._note)
            self._header = widgets.HTML()
            rows.append(self._header)
            # The board is in exercise mode: no game buttons (undo, new game,
            # setup) that would leave the problem; "Recomeçar" replaces them.
            self.widget.add_class("damas-trainer-board")
            rows.append(self.widget)
            buttons = []
            for label, action, tip in (
                    ("Dica", self.hint, "Mostra a peça a jogar; clique de novo para ver a casa."),
                    ("Recomeçar", self.restart, "Volta à posição do problema."),
                    ("Ver solução", self.show_solution, "Joga a solução no tabuleiro."),
                    ("◀ Anterior", self.previous, "Problema anterior."),
                    ("Próximo ▶", self.next, "Próximo problema.")):
                b = widgets.Button(description=label, tooltip=tip)
                b.on_click(lambda _b, action=action: action())
                buttons.append(b)
            rows.append(widgets.HBox(buttons))
            self._progress_line = widgets.HTML()
            rows.append(self._progress_line)
            self._box = widgets.VBox(rows)
            self._refresh_header()
        return self._box

    def _on_chooser(self, change: Mapping[str, Any]) -> None:
        if not self._updating:
            self.choose_collection(change["new"])

    def _on_picker(self, change: Mapping[str, Any]) -> None:
        if not self._updating and change["new"] is not None and change["new"] != self.index:
            self.load(change["new"])

    def _ipython_display_(self) -> None:  # pragma: no cover - needs a notebook front end
        # The trainer, plus a static picture of the board for a page with no
        # kernel or an untrusted notebook (damas/display/output.py).
        from damas.display.output import show_widget
        from damas.display.svg import board_svg
        show_widget(self.box(), board_svg(self.widget.board, flipped=self.widget.flipped),
                    self.task_text(), text=repr(self))

    def __repr__(self) -> str:
        return f"PuzzleTrainer(problema {self.index + 1} de {len(self.puzzles)}: {self.puzzle.fen!r})"


def _puzzle_list(puzzles: object) -> list[Puzzle]:
    if isinstance(puzzles, Puzzle):
        puzzles = [puzzles]
    puzzles = list(puzzles) if isinstance(puzzles, (list, tuple)) else []
    if not puzzles or not all(isinstance(p, Puzzle) for p in puzzles):
        raise ArgumentError("PuzzleTrainer espera um Puzzle, uma lista de Puzzle ou um dicionário "
                        "{nome da coleção: lista de Puzzle}.")
    return puzzles


def _unknown_collection(name: object, collections: dict[str, list[Puzzle]]) -> str:
    names = ", ".join(repr(n) for n in collections)
    return f"Coleção inexistente: {shown_value(name)}. As coleções são: {names}."


class CollectionNotFoundError(DamasError, KeyError):
    """A collection name the trainer does not have (a ``KeyError`` too, as a missing name is)."""

    __str__ = DamasError.__str__


def _numbered(board: Board, moves: Sequence[Move]) -> str:
    """'1. f2-e3 d8xd6 2. c5xe7' (or '1... e3xh6' when Black starts)."""
    return numbered(line_texts(board, moves), board.turn)


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")

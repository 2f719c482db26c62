"""Board tasks with stars: a task, its live board, a stage of tasks, a set-up task.

- :class:`BoardTask`: a short task on the board, lidraughts-style ("tome
  todas as pretas", "faça uma dama", "tome o máximo").  Only the student's
  side moves; stars by the number of moves (3 at the par).  The rules
  decide every move (a refused click is explained beside the board, with
  the article) and the task's end.
- :class:`TaskBoard`: a task on the live board.
- :class:`Stage`: a run of tasks, one at a time; the next opens when the
  one before is done.
- :class:`SetupTask`: set up a position, then the computer checks it.

Stars follow the course's one rule (:mod:`damas.course.kit.stars`): a move the rules refuse
and a move more than the fewest that do the task are mistakes.  They are saved with
:mod:`damas.course.kit.progress` when a task is done by clicks on the board (never by the pure-Python checks that the teacher's hidden
cells run).  ipywidgets is imported only when a task is shown.
"""

from __future__ import annotations

from collections import deque
from html import escape

from damas.rules.board import BLACK, WHITE, Board
from damas.display.output import show_widget
from damas.display.svg import board_svg
from damas.errors import DamasError
from damas.course.kit.figures import FIGURE_SIZE
from damas.course.kit.stars import MAX_STARS, stars_for, stars_text
from damas.course.kit.words import COLOR, TEXTS
from damas.course.kit.sentences import after_verdict, plural
from damas.course.kit import store as _store
from damas.rules.args import checked, flag, refuse, whole_spec


@checked(best=whole_spec(0, MAX_STARS))
def record_text(best: int) -> str:
    """The line under a task: the student's record, or that nothing is won yet."""
    if best <= 0:
        return TEXTS["best_none"]
    return TEXTS["best"].format(stars=stars_text(best))


__all__ = ["BoardTask", "TaskBoard", "Stage", "SetupTask", "TaskVerdict", "stars_text",
           "CAPTURE_ALL", "PROMOTE", "CAPTURE", "GOALS"]

CAPTURE_ALL = "capture_all"   # tome todas as peças do adversário
PROMOTE = "promote"           # faça uma dama
CAPTURE = "capture"           # faça a tomada certa (a lei da maioria decide qual)
GOALS = (CAPTURE_ALL, PROMOTE, CAPTURE)

_TASK_CSS = ("<style>.damas-task-board .damas-button[data-action=undo],"
             ".damas-task-board .damas-button[data-action=redo],"
             ".damas-task-board .damas-button[data-action=new_game],"
             ".damas-task-board .damas-button[data-action=setup]{display:none}</style>")


# -- board tasks --------------------------------------------------------------------------
class TaskVerdict:
    """The judgement of a run of moves: ``done``, ``moves`` (count),
    ``stars`` (0 until done), ``message`` (Portuguese), ``article`` of a
    refused move (or '')."""

    def __init__(self, done, moves, stars, message, article="", legal=True):
        self.done, self.moves, self.stars = done, moves, stars
        self.message, self.article, self.legal = message, article, legal

    def __repr__(self):
        return f"TaskVerdict(done={self.done}, moves={self.moves}, stars={self.stars})"


class BoardTask:
    """A short task on the board.

    ``key``: where its stars are saved (``"tomada/tome-todas-1"``: chapter, then
    a name).  ``fen``: the position (the side to move is the student's).
    ``goal``: :data:`CAPTURE_ALL`, :data:`PROMOTE` or :data:`CAPTURE`.
    ``par``: the fewest moves that do it (★★★); the tests prove it with
    :meth:`shortest`.  ``title``, ``text``: what the student reads.

    Only the student's side moves: after each move the turn comes back to
    it (the other side's pieces stand still), as in lidraughts' learning
    stages.  Compulsory capture and the majority law apply to every move."""

    def __init__(self, key, fen, goal, par, title, text="", variant=None):
        if goal not in GOALS:
            raise DamasError(TEXTS["bad_goal"].format(value=goal, goals=", ".join(GOALS)))
        self.key = key
        self.board0 = Board(fen, variant=variant) if variant else Board(fen)
        self.fen = self.board0.fen()
        self.goal = goal
        self.par = int(par)
        self.title = title
        self.text = text
        self.side = self.board0.turn
        self.other = BLACK if self.side == WHITE else WHITE
        self.limit = 4 * self.par + 4

    # what the student reads
    def task_text(self) -> str:
        goal = TEXTS["goal_" + self.goal].format(other=COLOR[self.other])
        parts = [goal, self.text]
        if self.goal != CAPTURE:   # a capture is one move: no par to beat
            parts.append(TEXTS["par"].format(par=plural(self.par, "lance", "lances")))
            parts.append(TEXTS["only_side"].format(color=COLOR[self.side], other=COLOR[self.other]))
        return " ".join(p for p in parts if p)

    def board(self) -> Board:
        return self.board0.copy(stack=False)

    # the rules of the task
    def _after(self, board: Board, move) -> Board:
        """The position after the student's ``move``, with the turn given back."""
        after = board.copy(stack=False)
        after.push(move)
        after.turn = self.side
        return after

    def _reached(self, start: Board, board: Board, moves: int) -> bool:
        if self.goal == CAPTURE_ALL:
            return not board.men(self.other) and not board.kings(self.other)
        if self.goal == PROMOTE:
            return len(board.kings(self.side)) > len(start.kings(self.side))
        return moves >= 1

    def stars(self, moves: int, refused: int = 0) -> int:
        """The course's rule (:func:`damas.course.kit.stars.stars_for`), each move more than the
        par and each move the rules refused counted as a mistake."""
        return stars_for(max(0, moves - self.par) + refused)

    def judge(self, moves) -> TaskVerdict:
        """Judge the student's ``moves`` (texts or Moves) from the start,
        without saving anything: the teacher's cells and the tests use it."""
        board = self.board()
        for n, move in enumerate(moves, 1):
            if isinstance(move, str):
                from damas.rules.explain import explain
                verdict = explain(board, move)
                if not verdict.legal:
                    return TaskVerdict(False, n - 1, 0, verdict.message, verdict.article or "", legal=False)
                move = board.parse_move(move)
            board = self._after(board, move)
            if self._reached(self.board0, board, n):
                return self._done(n)
        return TaskVerdict(False, len(moves), 0, self._open_message(board, len(moves)))

    def _done(self, n, refused: int = 0) -> TaskVerdict:
        stars = self.stars(n, refused)
        text = TEXTS["done"].format(n=plural(n, "lance", "lances"), stars=stars_text(stars))
        if n > self.par:
            text += TEXTS["done_more"].format(par=plural(self.par, "lance", "lances"))
        elif stars < 3:
            text += TEXTS["done_refused"]
        return TaskVerdict(True, n, stars, text)

    def _open_message(self, board, n) -> str:
        if not board.legal_moves():
            return TEXTS["stuck"].format(color=COLOR[self.side])
        if n >= self.limit:
            return TEXTS["too_long"].format(n=n)
        return self.task_text()

    def shortest(self, max_moves: int = 12):
        """The fewest moves that do the task (a list of Moves), by a search
        over the student's moves; None if none within ``max_moves``."""
        start = self.board()
        seen = {start.fen()}
        queue = deque([(start, [])])
        while queue:
            board, line = queue.popleft()
            if len(line) >= max_moves:
                continue
            for move in board.legal_moves():
                after = self._after(board, move)
                if self._reached(self.board0, after, len(line) + 1):
                    return line + [move]
                if after.fen() not in seen:
                    seen.add(after.fen())
                    queue.append((after, line + [move]))
        return None

    def picture(self):
        return board_svg(self.board0, size=FIGURE_SIZE, title=self.title,
                         flipped=self.side == BLACK)

    def play(self):
        """The task on a live board (a :class:`TaskBoard`)."""
        return TaskBoard(self)

    def _ipython_display_(self):  # pragma: no cover - needs a notebook front end
        self.play()._ipython_display_()

    def __repr__(self):
        return f"BoardTask({self.key!r}, {self.fen!r}, {self.goal!r}, par={self.par})"


class TaskBoard:
    """A :class:`BoardTask` on a live board widget: clicks play, the rules
    judge, the stars are saved when it is done.  Every action is also a
    method (``widget.click``, :meth:`restart`), for tests."""

    def __init__(self, task: BoardTask, on_done=None):
        if not isinstance(task, BoardTask):
            raise refuse("task", "uma tarefa de tabuleiro (BoardTask)", task)
        if on_done is not None and not callable(on_done):
            raise refuse("on_done", "uma função (chamada quando a tarefa termina) ou None", on_done)
        from damas.widget.board import BoardWidget  # ipywidgets/anywidget only when shown
        self.task = task
        self.on_done = on_done
        # solo: the widget gives the turn back to the student after each move itself
        self.widget = BoardWidget(task.board(), flipped=task.side == BLACK, solo=task.side)
        self.widget.add_class("damas-task-board")
        self.widget.on_move(self._on_move)
        self.widget.on_refused(self._on_refused)
        self.verdict = None
        self.moves = 0
        self.refused = 0      # moves the rules refused in this attempt (mistakes)
        self.best = 0
        self._box = None
        self._status = None
        self.restart()

    def restart(self):
        """Back to the task's position."""
        self.moves = 0
        self.refused = 0
        self.verdict = None
        with self.widget.hold_sync():
            self.widget.unlock()
            self.widget.set_fen(self.task.fen)
            self.widget.show_message(self.task.task_text())
        self._refresh()

    def _on_refused(self, _message):
        if self.verdict is None or not self.verdict.done:
            self.refused += 1

    def _on_move(self, event):
        if event.by != "click" or self.verdict is not None and self.verdict.done:
            return
        task = self.task
        self.moves += 1
        board = self.widget.board   # the turn is the student's again (solo)
        if task._reached(task.board0, board, self.moves):
            self.verdict = task._done(self.moves, self.refused)
            best, note = _store._record(task.key, self.verdict.stars)
            self.best = max(self.best, best)
            self.widget.lock(WHITE, BLACK)
            self.widget.show_message(self.verdict.message + (" " + note if note else ""), "success")
            if self.on_done is not None:
                self.on_done(self)
        else:
            self.verdict = TaskVerdict(False, self.moves, 0, "")
            message = task._open_message(board, self.moves)
            if message == task.task_text():
                message = TEXTS["going"].format(n=self.moves, text=event.text)
                self.widget.show_message(message, "info")
            else:
                self.widget.lock(WHITE, BLACK)
                self.widget.show_message(message, "error")
        self._refresh()

    def _refresh(self):
        if self._status is not None:
            best = self.best
            store = _store._progress()
            if not isinstance(store, Exception):
                best = max(best, store.stars(self.task.key))
            self._status.value = escape(record_text(best))

    def box(self):
        if self._box is None:
            import ipywidgets as widgets
            head = widgets.HTML(f"<b>{escape(self.task.title)}</b><br>{escape(self.task.task_text())}")
            restart = widgets.Button(description=TEXTS["restart"], tooltip="Volta à posição da tarefa.")
            restart.on_click(lambda _b: self.restart())
            self._status = widgets.HTML()
            self._box = widgets.VBox([head, widgets.HTML(_TASK_CSS), self.widget,
                                      widgets.HBox([restart, self._status])])
            self._refresh()
        return self._box

    def _ipython_display_(self):  # pragma: no cover - needs a notebook front end
        show_widget(self.box(), self.task.picture(), self.task.task_text(), text=repr(self.task))

    def __repr__(self):
        return f"TaskBoard({self.task.key!r})"


class Stage:
    """Board tasks one at a time: the next opens when one is done, or, with
    ``free=True`` (a practice set), any task can be opened at any time."""

    def __init__(self, tasks, free: bool = False):
        if not isinstance(tasks, (list, tuple)) or not tasks or not all(isinstance(t, BoardTask) for t in tasks):
            raise refuse("tasks", "uma lista de tarefas de tabuleiro (BoardTask)", tasks)
        flag(free, "free")
        self.tasks = list(tasks)
        self.free = free
        self.index = 0
        self._runs = {}
        self._box = None

    def run(self, i=None) -> TaskBoard:
        i = self.index if i is None else i
        if i not in self._runs:
            self._runs[i] = TaskBoard(self.tasks[i], on_done=self._done)
        return self._runs[i]

    def _done(self, _run):
        self._refresh()

    def done(self, i) -> bool:
        run = self._runs.get(i)
        if run is not None and run.verdict is not None and run.verdict.done:
            return True
        store = _store._progress()
        return not isinstance(store, Exception) and store.stars(self.tasks[i].key) > 0

    def go(self, i):
        """Show task ``i`` (0-based): only a task done before it opens the next."""
        if 0 <= i < len(self.tasks) and (self.free or i <= self.index or self.done(i - 1)):
            self.index = i
        self._refresh()

    def _refresh(self):
        if self._box is None:
            return
        run = self.run()
        i, n = self.index, len(self.tasks)
        self._head.value = f"<b>{escape(TEXTS['stage_head'].format(i=i + 1, n=n, title=self.tasks[i].title))}</b>"
        self._holder.children = [run.box()]
        self._prev.disabled = i == 0
        self._next.disabled = i == n - 1 or not (self.free or self.done(i))
        if self.free:
            done = sum(self.done(j) for j in range(n))
            self._note.value = escape(TEXTS["practice_count"].format(done=done, n=n))
        elif self.done(i):
            self._note.value = escape(TEXTS["stage_done"]) if i == n - 1 else ""
        else:
            self._note.value = escape(TEXTS["locked_next"]) if i < n - 1 else ""

    def box(self):
        if self._box is None:
            import ipywidgets as widgets
            self._head = widgets.HTML()
            self._holder = widgets.VBox()
            self._prev = widgets.Button(description=TEXTS["previous"])
            self._next = widgets.Button(description=TEXTS["next"])
            self._prev.on_click(lambda _b: self.go(self.index - 1))
            self._next.on_click(lambda _b: self.go(self.index + 1))
            self._note = widgets.HTML()
            self._box = widgets.VBox([self._head, self._holder,
                                      widgets.HBox([self._prev, self._next, self._note])])
            self._refresh()
        return self._box

    def _ipython_display_(self):  # pragma: no cover - needs a notebook front end
        first = self.tasks[self.index]
        show_widget(self.box(), first.picture(),
                    TEXTS["stage_head"].format(i=self.index + 1, n=len(self.tasks), title=first.title)
                    + " — " + first.task_text(), text=repr(self))

    def __repr__(self):
        return f"Stage({len(self.tasks)} tarefas)"


class SetupTask:
    """Set up a position on the board (setup mode: place and remove men and
    kings, choose who moves), then click «Conferir»: ``check(board)`` says
    whether it fits, and why (a (bool, text) pair).  Saved under ``key``."""

    def __init__(self, key, title, text, check, variant="brazilian"):
        self.key, self.title, self.text, self.check_fn = key, title, text, check
        self.variant = variant
        self.verdict = None
        self.mistakes = 0     # positions checked wrong in this attempt
        self.stars = 0        # the stars of the last right check
        self._box = None
        self._status = None

    def widget_board(self):
        if not hasattr(self, "widget"):
            from damas.widget.board import BoardWidget, SETUP
            self.widget = BoardWidget(Board(f"W:W:B", variant=self.variant), mode=SETUP)
        return self.widget

    def check(self):
        """Judge the position on the board now: (right?, explanation)."""
        board = self.widget_board().board
        right, text = self.check_fn(board)
        message = after_verdict(TEXTS["right"] if right else TEXTS["wrong"], text)
        if right:
            # the course's rule: each position checked wrong before is a mistake
            self.stars = stars_for(self.mistakes)
            _, note = _store._record(self.key, self.stars)
            message += TEXTS["setup_stars"].format(stars=stars_text(self.stars)) + (" " + note if note else "")
            self.mistakes = 0     # a new attempt starts
        else:
            self.mistakes += 1
        self.verdict = (right, message)
        self.widget.show_message(message, "success" if right else "error")
        self._refresh()
        return self.verdict

    def _refresh(self):
        if self._status is not None:
            store = _store._progress()
            best = 0 if isinstance(store, Exception) else store.stars(self.key)
            self._status.value = escape(record_text(max(best, self.stars)))

    def box(self):
        if self._box is None:
            import ipywidgets as widgets
            button = widgets.Button(description="Conferir", tooltip="O computador confere a posição.")
            button.on_click(lambda _b: self.check())
            self._status = widgets.HTML()
            self._box = widgets.VBox([widgets.HTML(f"<b>{escape(self.title)}</b><br>{escape(self.text)}"),
                                      self.widget_board(), widgets.HBox([button, self._status])])
            self._refresh()
        return self._box

    def _ipython_display_(self):  # pragma: no cover - needs a notebook front end
        show_widget(self.box(), board_svg(Board("W:W:B", variant=self.variant), size=FIGURE_SIZE),
                    f"{self.title}: {self.text}", text=repr(self))

    def __repr__(self):
        return f"SetupTask({self.key!r})"

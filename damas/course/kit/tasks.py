"""Board tasks with stars: a task, its live board, a stage of tasks, a set-up task.

- :class:`BoardTask`: a short task on the board, lidraughts-style: one idea, one sentence
  («leve a pedra até a casa e5», «tome todas as pretas», «ache a única tomada», «não deixe a pedra
  passar»).  In most tasks only the student's side moves (the other side's pieces stand still);
  in the tasks of goals ``win``, ``material`` and ``stop`` the other side answers each move with
  its best defence, found by the search of :mod:`damas.course.kit.task_search` (deterministic).
  The rules decide every move (a refused click is explained beside the board, with the article)
  and the task's end.
- :class:`TaskBoard`: a task on the live board.
- :class:`Stage`: a run of tasks, one at a time; the next opens when the one before is done.
- :class:`SetupTask`: set up a position, then the computer checks it.

Stars follow the course's one rule (:mod:`damas.course.kit.stars`): a move the rules refuse
and a move more than the fewest that do the task are mistakes; the task says so where the stars
are won.  They are saved with :mod:`damas.course.kit.progress` when a task is done by clicks on the
board (never by the pure-Python checks that the teacher's hidden cells run).  A finished board
keeps its verdict in sight: a click on it only adds how to play again.  ipywidgets is imported only
when a task is shown.
"""

from __future__ import annotations

from html import escape

from damas.rules.board import BLACK, WHITE, Board
from damas.display.output import show_widget
from damas.display.svg import board_svg
from damas.errors import DamasError
from damas.course.kit.figures import FIGURE_SIZE
from damas.course.kit.stars import MAX_STARS, stars_for, stars_text
from damas.course.kit.task_search import ALL_GOALS, DONE, FAILED, ONE_MOVE_GOALS, TaskGoal
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
           "CAPTURE_ALL", "PROMOTE", "CAPTURE", "REACH", "ONLY_CAPTURE", "WIN", "MATERIAL", "STOP",
           "GOALS"]

CAPTURE_ALL = "capture_all"     # tome todas as peças do adversário (paradas)
PROMOTE = "promote"             # faça uma dama
CAPTURE = "capture"             # faça a tomada certa (a lei da maioria decide qual)
REACH = "reach"                 # leve uma peça até uma casa
ONLY_CAPTURE = "only_capture"   # ache a única tomada
WIN = "win"                     # vença: o adversário joga e perde todas as peças ou os lances
MATERIAL = "material"           # ganhe peças: o adversário joga e se defende
STOP = "stop"                   # não deixe a pedra passar: o adversário joga e não pode fazer dama
GOALS = ALL_GOALS

_TASK_CSS = ("<style>.damas-task-board .damas-button[data-action=undo],"
             ".damas-task-board .damas-button[data-action=redo],"
             ".damas-task-board .damas-button[data-action=new_game],"
             ".damas-task-board .damas-button[data-action=setup]{display:none}</style>")


# -- board tasks --------------------------------------------------------------------------
class TaskVerdict:
    """The judgement of a run of moves: ``done``, ``moves`` (count),
    ``stars`` (0 until done), ``message`` (Portuguese), ``article`` of a
    refused move (or ''), ``failed`` (the task can no longer be done: start again)."""

    def __init__(self, done, moves, stars, message, article="", legal=True, failed=False):
        self.done, self.moves, self.stars = done, moves, stars
        self.message, self.article, self.legal = message, article, legal
        self.failed = failed

    def __repr__(self):
        return f"TaskVerdict(done={self.done}, moves={self.moves}, stars={self.stars})"


class BoardTask:
    """A short task on the board.

    ``key``: where its stars are saved (``"tomada/tome-todas-1"``: chapter, then
    a name).  ``fen``: the position (the side to move is the student's).
    ``goal``: one of :data:`GOALS` (see :mod:`damas.course.kit.task_search`).
    ``par``: the fewest moves of the student that do it (★★★), against the best defence when the
    other side moves; the tests prove it with :meth:`shortest`.  ``title``, ``text``: what the
    student reads: with ``instruction=True`` (the course's tasks) ``text`` is the task's
    one-sentence instruction, else a note after the goal's own sentence.  ``target``: the square of a
    ``reach`` task, written as the variant writes it (``"e5"``, ``"28"``); ``gain``: the pieces a
    ``material`` task asks for.

    Compulsory capture and the majority law apply to every move."""

    def __init__(self, key, fen, goal, par, title, text="", variant=None, target=None, gain=1,
                 instruction=False):
        if goal not in GOALS:
            raise DamasError(TEXTS["bad_goal"].format(value=goal, goals=", ".join(GOALS)))
        self.key = key
        self.board0 = Board(fen, variant=variant) if variant else Board(fen)
        self.fen = self.board0.fen()
        self.goal = goal
        self.par = int(par)
        self.title = title
        self.text = text
        self.instruction = bool(instruction)
        self.side = self.board0.turn
        self.other = BLACK if self.side == WHITE else WHITE
        self.target = None
        if goal == REACH:
            if target is None:
                raise DamasError(TEXTS["bad_task"].format(why=f"{key}: falta a casa de destino"))
            self.target = self.board0.variant.parse_square(str(target))
        self.gain = int(gain)
        self.rules = TaskGoal(self.board0, goal, target=self.target, gain=self.gain)
        self.versus = self.rules.versus
        self.limit = 4 * self.par + 4

    # what the student reads
    def goal_text(self) -> str:
        """The goal in one sentence (what the task says when it has no instruction of its own)."""
        target = self.board0.variant.square_name(self.target) if self.target else ""
        return TEXTS["goal_" + self.goal].format(other=COLOR[self.other], target=target,
                                                  gain=plural(self.gain, "peça", "peças"))

    def stars_text(self) -> str:
        """The star rule, said on the task: the par and that a refused move costs a star."""
        if self.goal in ONE_MOVE_GOALS:
            return TEXTS["par_one"]
        return TEXTS["par"].format(par=plural(self.par, "lance", "lances"))

    def side_text(self) -> str:
        if self.goal in ONE_MOVE_GOALS:
            return ""
        if self.versus:
            return TEXTS["versus_side"].format(other=COLOR[self.other])
        return TEXTS["only_side"].format(color=COLOR[self.side], other=COLOR[self.other])

    def task_text(self) -> str:
        said = [self.text] if self.instruction and self.text else [self.goal_text(), self.text]
        parts = said + [self.stars_text(), self.side_text()]
        return " ".join(p for p in parts if p)

    def board(self) -> Board:
        return self.board0.copy(stack=False)

    # the rules of the task
    def _after(self, board: Board, move) -> Board:
        """The position after the student's ``move`` (solo: the turn given back)."""
        return self.rules.after(board, move)

    def _reached(self, start: Board, board: Board, moves: int) -> bool:
        return self.rules.status(board, moves) == DONE

    def stars(self, moves: int, refused: int = 0) -> int:
        """The course's rule (:func:`damas.course.kit.stars.stars_for`), each move more than the
        par and each move the rules refused counted as a mistake."""
        return stars_for(max(0, moves - self.par) + refused)

    def reply(self, board: Board, moves: int):
        """The other side's answer on ``board`` (a versus task, after the student's ``moves``
        moves): its best defence, or None when it has no move."""
        # a look ahead of one move more than the par: enough to rank the replies after any
        # move of the student (the proven line needs at most the par), and quick on any computer
        return self.rules.defence(board, min(self.limit - moves, self.par + 1))

    def judge(self, moves) -> TaskVerdict:
        """Judge the student's ``moves`` (texts or Moves) from the start, the other side
        answering each with its defence in a versus task, without saving anything: the
        teacher's cells and the tests use it."""
        board = self.board()
        for n, move in enumerate(moves, 1):
            if isinstance(move, str):
                from damas.rules.explain import explain
                verdict = explain(board, move)
                if not verdict.legal:
                    return TaskVerdict(False, n - 1, 0, verdict.message, verdict.article or "", legal=False)
                move = board.parse_move(move)
            board = self._after(board, move)
            state = self.rules.status(board, n)
            if state == DONE:
                return self._done(n)
            if state == FAILED:
                return TaskVerdict(False, n, 0, self._failed_message(board), failed=True)
            if self.versus:
                board.push(self.reply(board, n))
                state = self.rules.status(board, n)
                if state == DONE:
                    return self._done(n)
                if state == FAILED:
                    return TaskVerdict(False, n, 0, self._failed_message(board), failed=True)
        return TaskVerdict(False, len(moves), 0, self._open_message(board, len(moves)))

    def _done(self, n, refused: int = 0) -> TaskVerdict:
        stars = self.stars(n, refused)
        text = TEXTS["done"].format(n=plural(n, "lance", "lances"), stars=stars_text(stars))
        if n > self.par:
            text += TEXTS["done_more"].format(par=plural(self.par, "lance", "lances"))
        elif stars < 3:
            text += TEXTS["done_refused"]
        return TaskVerdict(True, n, stars, text)

    def _failed_message(self, board) -> str:
        if self.goal == STOP and board.kings(self.other):
            return TEXTS["crowned"].format(other=COLOR[self.other])
        if self.versus:
            return TEXTS["lost"].format(color=COLOR[self.side])
        return TEXTS["stuck"].format(color=COLOR[self.side])

    def _open_message(self, board, n) -> str:
        if n >= self.limit:
            return TEXTS["too_long"].format(n=n)
        return self.task_text()

    def shortest(self, max_moves: int = 12):
        """The fewest moves that do the task, as a line of Moves (in a versus task the other
        side's best defence between them); None if not within ``max_moves`` moves of the student."""
        return self.rules.shortest(max_moves)

    def student_moves(self, line) -> list:
        """The student's moves of a line of :meth:`shortest` (every other move in a versus task)."""
        return list(line[::2]) if self.versus else list(line)

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
    judge, the other side answers in a versus task, the stars are saved when it is done.  Every
    action is also a method (``widget.click``, :meth:`restart`), for tests."""

    def __init__(self, task: BoardTask, on_done=None):
        if not isinstance(task, BoardTask):
            raise refuse("task", "uma tarefa de tabuleiro (BoardTask)", task)
        if on_done is not None and not callable(on_done):
            raise refuse("on_done", "uma função (chamada quando a tarefa termina) ou None", on_done)
        from damas.widget.board import BoardWidget  # ipywidgets/anywidget only when shown
        self.task = task
        self.on_done = on_done
        if task.versus:
            # the other side moves too: its pieces are played by the task (its defence)
            self.widget = BoardWidget(task.board(), flipped=task.side == BLACK, locked=[task.other])
        else:
            # solo: the widget gives the turn back to the student after each move itself
            self.widget = BoardWidget(task.board(), flipped=task.side == BLACK, solo=task.side)
        self.widget.add_class("damas-task-board")
        self.widget.closed_note = TEXTS["closed"]
        self.widget.on_move(self._on_move)
        self.widget.on_refused(self._on_refused)
        self.verdict = None
        self.moves = 0
        self.refused = 0      # moves the rules refused in this attempt (mistakes)
        self.best = 0
        self._box = None
        self._status = None
        self.restart()

    @property
    def over(self) -> bool:
        """The task is done or failed: the board takes no more moves until :meth:`restart`."""
        return self.verdict is not None and (self.verdict.done or self.verdict.failed)

    def restart(self):
        """Back to the task's position."""
        self.moves = 0
        self.refused = 0
        self.verdict = None
        with self.widget.hold_sync():
            self.widget.unlock()
            self.widget.set_fen(self.task.fen)
            if self.task.versus:
                self.widget.lock(self.task.other)
            self.widget.show_message(self.task.task_text())
        self._refresh()

    def _on_refused(self, _message):
        if not self.over:
            self.refused += 1

    def _on_move(self, event):
        if event.by != "click" or self.over:
            return
        task = self.task
        self.moves += 1
        board = self.widget.board   # solo: the turn is the student's again
        state = task.rules.status(board, self.moves)
        reply_text = ""
        if state not in (DONE, FAILED) and task.versus and self.moves < task.limit:
            reply = task.reply(board, self.moves)
            if reply is not None:
                reply_text = board.move_text(reply)
                self.widget.play(reply)
                board = self.widget.board
                state = task.rules.status(board, self.moves)
        if state == DONE:
            self._finish()
        elif state == FAILED:
            self.verdict = TaskVerdict(False, self.moves, 0, task._failed_message(board), failed=True)
            self.widget.lock(WHITE, BLACK)
            self.widget.show_message(self.verdict.message, "error")
        elif self.moves >= task.limit:
            self.verdict = TaskVerdict(False, self.moves, 0, TEXTS["too_long"].format(n=self.moves), failed=True)
            self.widget.lock(WHITE, BLACK)
            self.widget.show_message(self.verdict.message, "error")
        else:
            self.verdict = TaskVerdict(False, self.moves, 0, "")
            if reply_text:
                message = TEXTS["replied"].format(n=self.moves, text=event.text, other=COLOR[task.other],
                                                  reply=reply_text)
            else:
                message = TEXTS["going"].format(n=self.moves, text=event.text)
            self.widget.show_message(message, "info")
        self._refresh()

    def _finish(self):
        self.verdict = self.task._done(self.moves, self.refused)
        best, note = _store._record(self.task.key, self.verdict.stars)
        self.best = max(self.best, best)
        self.widget.lock(WHITE, BLACK)
        self.widget.show_message(self.verdict.message + (" " + note if note else ""), "success")
        if self.on_done is not None:
            self.on_done(self)

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
            restart.add_class("damas-task-restart")
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

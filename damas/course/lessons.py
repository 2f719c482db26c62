"""What a chapter shows and asks: figures, board tasks with stars, quizzes.

A chapter of the course is prose, pictures and one-line calls into this
module; no notebook defines code of its own.  Everything here asks the rules
package (board, explain, puzzles) and words its answers in Portuguese.

- :func:`desenho`, :func:`lado_a_lado`: figures.  They are SVG with a safe
  twin (damas/display/output.py), so they read in a notebook never run or trusted.
- :class:`BoardTask`: a short task on the board, lidraughts-style ("tome
  todas as pretas", "faça uma dama", "tome o máximo").  Only the student's
  side moves; stars by the number of moves (3 at the par).  The rules
  decide every move (a refused click is explained beside the board, with
  the article) and the task's end.
- :class:`Stage`: a run of tasks, one at a time; the next opens when the
  one before is done.
- :class:`Quiz`: multiple choice by clicking; each answer, right or wrong,
  is explained.
- :func:`trainer`: the puzzle trainer (damas/widget/trainer.py) with its solved
  problems saved and restored (damas/course/progress.py).
- :func:`progress_panel`: the student's stars, chapter by chapter.

The stars are saved with :mod:`damas.course.progress` when a task is done by clicks
on the board (never by the pure-Python checks that the teacher's hidden
cells run).  ipywidgets is imported only when a task or quiz is shown.
"""

from __future__ import annotations

import zlib

from collections import deque
from html import escape

from damas.rules.board import BLACK, WHITE, Board
from damas.display.output import Row, img_tag, show_widget
from damas.errors import DamasError
from damas.display.svg import board_svg

__all__ = ["desenho", "lado_a_lado", "BoardTask", "Stage", "Question", "Quiz", "TaskVerdict",
           "trainer", "progress_panel", "CAPTURE_ALL", "PROMOTE", "CAPTURE"]

#: The width of a chapter's figures, in pixels.
FIGURE_SIZE = 320

CAPTURE_ALL = "capture_all"   # tome todas as peças do adversário
PROMOTE = "promote"           # faça uma dama
CAPTURE = "capture"           # faça a tomada certa (a lei da maioria decide qual)
GOALS = (CAPTURE_ALL, PROMOTE, CAPTURE)

COLOR = {WHITE: "brancas", BLACK: "pretas"}

# Every word a student reads.
TEXTS = {
    "goal_capture_all": "Tome todas as {other}.",
    "goal_promote": "Faça uma dama.",
    "goal_capture": "Faça a tomada que as regras mandam.",
    "par": "Com {par} lance(s) você ganha ★★★.",
    "only_side": "Só as {color} jogam nesta tarefa: as {other} ficam paradas.",
    "done": "Muito bem! Tarefa cumprida em {n} lance(s): {stars}.",
    "done_more": " Dá para fazer em {par} lance(s): tente de novo para ganhar ★★★.",
    "going": "Lance {n}: {text}. Continue.",
    "stuck": "As {color} não têm mais lance e a tarefa não foi cumprida. Clique em «Recomeçar».",
    "too_long": "Já foram {n} lances. Clique em «Recomeçar» e tente um caminho mais curto.",
    "not_saved": "(As estrelas não foram gravadas: {error})",
    "best": "Seu recorde nesta tarefa: {stars}.",
    "restart": "Recomeçar",
    "next": "Próxima tarefa ▶",
    "previous": "◀ Tarefa anterior",
    "stage_head": "Tarefa {i} de {n}: {title}",
    "locked_next": "Cumpra esta tarefa para abrir a próxima.",
    "stage_done": "Você cumpriu todas as tarefas desta etapa!",
    "practice_count": "Feitas: {done} de {n}.",
    "right": "Certo! ",
    "wrong": "Ainda não. ",
    "quiz_score": "Acertos na primeira tentativa: {right} de {n}.",
    "quiz_stars": " Estrelas: {stars}.",
    "quiz_static": "Perguntas (rode a célula para responder clicando):",
    "bad_goal": "Objetivo de tarefa desconhecido: {value!r}; use um destes: {goals}.",
    "bad_answer": "Resposta inexistente: pergunta {q}, opção {o}.",
    "bad_task": "Tarefa impossível: {why}",
    "panel_head": "Seu progresso",
    "panel_none": "Ainda sem estrelas. Cada tarefa cumprida no tabuleiro e cada questionário "
                  "respondido aparecem aqui.",
    "panel_chapter": "Capítulo",
    "panel_stars": "Estrelas",
    "panel_tasks": "Tarefas feitas",
    "panel_problems": "Problemas resolvidos no treino: {n}.",
}

_TASK_CSS = ("<style>.damas-task-board .damas-button[data-action=undo],"
             ".damas-task-board .damas-button[data-action=redo],"
             ".damas-task-board .damas-button[data-action=new_game],"
             ".damas-task-board .damas-button[data-action=setup]{display:none}</style>")


# -- figures ---------------------------------------------------------------------------
def desenho(board, **options):
    """``board`` as a figure of the chapter's size: the options of
    :func:`damas.display.svg.board_svg` (``highlight``, ``arrows``, ``lastmove``,
    ``marked``, ``title``, ``coordinates``, ``flipped``, ``size``)."""
    options.setdefault("size", FIGURE_SIZE)
    return board_svg(board, **options)


def lado_a_lado(*figures):
    """Several figures in one row (they read without running, too)."""
    return Row(*figures)


def stars_text(n: int) -> str:
    return "★" * n + "☆" * (3 - n)


# -- progress (one store per kernel, made when first needed) --------------------------
_STORE = {}


def _progress():
    """The student's Progress, or the ProgressError that keeps it from being used."""
    from damas.course.progress import Progress, ProgressError
    if "store" not in _STORE:
        try:
            _STORE["store"] = Progress()
        except ProgressError as error:
            return error
    return _STORE["store"]


def _reset_progress_cache():
    """Forget the cached store (tests change DAMAS_PROGRESSO)."""
    _STORE.clear()


def _record(key, stars):
    """Save the stars; returns (best stars, message about saving or '')."""
    from damas.course.progress import ProgressError
    store = _progress()
    if isinstance(store, ProgressError):
        return stars, TEXTS["not_saved"].format(error=store)
    try:
        return store.record_stars(key, stars), ""
    except ProgressError as error:
        return stars, TEXTS["not_saved"].format(error=error)


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
            parts.append(TEXTS["par"].format(par=self.par))
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

    def stars(self, moves: int) -> int:
        """★★★ at the par, ★★ up to two moves more, ★ otherwise."""
        extra = moves - self.par
        return 3 if extra <= 0 else 2 if extra <= 2 else 1

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

    def _done(self, n) -> TaskVerdict:
        stars = self.stars(n)
        text = TEXTS["done"].format(n=n, stars=stars_text(stars))
        if stars < 3:
            text += TEXTS["done_more"].format(par=self.par)
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
        from damas.widget.board import BoardWidget  # ipywidgets/anywidget only when shown
        self.task = task
        self.on_done = on_done
        # solo: the widget gives the turn back to the student after each move itself
        self.widget = BoardWidget(task.board(), flipped=task.side == BLACK, solo=task.side)
        self.widget.add_class("damas-task-board")
        self.widget.on_move(self._on_move)
        self.verdict = None
        self.moves = 0
        self.best = 0
        self._box = None
        self._status = None
        self.restart()

    def restart(self):
        """Back to the task's position."""
        self.moves = 0
        self.verdict = None
        with self.widget.hold_sync():
            self.widget.unlock()
            self.widget.set_fen(self.task.fen)
            self.widget.show_message(self.task.task_text())
        self._refresh()

    def _on_move(self, event):
        if event.by != "click" or self.verdict is not None and self.verdict.done:
            return
        task = self.task
        self.moves += 1
        board = self.widget.board   # the turn is the student's again (solo)
        if task._reached(task.board0, board, self.moves):
            self.verdict = task._done(self.moves)
            best, note = _record(task.key, self.verdict.stars)
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
            store = _progress()
            if not isinstance(store, Exception):
                best = max(best, store.stars(self.task.key))
            self._status.value = escape(TEXTS["best"].format(stars=stars_text(best)))

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
        store = _progress()
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


# -- quizzes -----------------------------------------------------------------------------
class Question:
    """One question: ``text``, ``options`` (texts), ``answer`` (index of
    the right one) and ``why`` (one explanation per option, citing the rule)."""

    def __init__(self, text, options, answer, why, figure=None):
        answers = (answer,) if isinstance(answer, int) else tuple(answer)
        if not answers or not all(0 <= a < len(options) for a in answers) or len(why) != len(options):
            raise DamasError(TEXTS["bad_answer"].format(q=text, o=answer))
        options, why = list(options), list(why)
        # The right option is not always in the same place (a reader would learn to click the first
        # one): the options turn by an amount fixed by the question's text, so every run shows the
        # same order.  Numbers keep their order (``quantos`` already places the right one).
        turn = 0 if all(str(o).isdigit() for o in options) else zlib.crc32(str(text).encode("utf-8")) % len(options)
        order = options[turn:] + options[:turn]
        self.why = why[turn:] + why[:turn]
        self.options = order
        self.text = text
        answers = tuple((a - turn) % len(options) for a in answers)
        self.answers = answers
        self.answer = answers[0]
        self.figure = figure

    def is_right(self, option: int) -> bool:
        return option in self.answers

    def __repr__(self):
        return f"Question({self.text!r})"


class Quiz:
    """Questions answered by clicking; each answer is explained.

    ``key`` saves the stars (by the answers right at the first try: 5 of 5
    ★★★, 4 ★★, 3 ★).  :meth:`answer` is the pure-Python path."""

    def __init__(self, key, questions, title="Questionário"):
        self.key = key
        self.questions = list(questions)
        self.title = title
        self.first = {}      # question -> right at the first try?
        self.right = set()   # questions answered right (at some try)
        self.feedback = {}   # question -> last explanation shown
        self._box = None
        self._lines = {}
        self._score = None
        self.saved = None

    def judge(self, q: int, option: int) -> tuple[bool, str]:
        """What :meth:`answer` would say, changing and saving nothing (for
        the teacher's hidden cells and the tests)."""
        if not 0 <= q < len(self.questions) or not 0 <= option < len(self.questions[q].options):
            raise DamasError(TEXTS["bad_answer"].format(q=q, o=option))
        question = self.questions[q]
        right = question.is_right(option)
        return right, (TEXTS["right"] if right else TEXTS["wrong"]) + question.why[option]

    def answer(self, q: int, option: int) -> tuple[bool, str]:
        """Choose ``option`` for question ``q`` (0-based): (right?, explanation)."""
        if not 0 <= q < len(self.questions) or not 0 <= option < len(self.questions[q].options):
            raise DamasError(TEXTS["bad_answer"].format(q=q, o=option))
        question = self.questions[q]
        right = question.is_right(option)
        self.first.setdefault(q, right)
        if right:
            self.right.add(q)
        text = (TEXTS["right"] if right else TEXTS["wrong"]) + question.why[option]
        self.feedback[q] = (right, text)
        if len(self.right) == len(self.questions) and self.saved is None:
            self.saved = _record(self.key, self.stars())
        self._refresh()
        return right, text

    def stars(self) -> int:
        n = sum(1 for v in self.first.values() if v)
        total = len(self.questions)
        return 3 if n == total else 2 if n == total - 1 else 1 if n >= total - 2 else 0

    def score_text(self) -> str:
        n = sum(1 for v in self.first.values() if v)
        text = TEXTS["quiz_score"].format(right=n, n=len(self.first))
        if len(self.right) == len(self.questions):
            text += TEXTS["quiz_stars"].format(stars=stars_text(self.stars()))
            if self.saved and self.saved[1]:
                text += " " + self.saved[1]
        return text

    def static_html(self) -> str:
        """The questions and options, without the answers (for a page with no kernel)."""
        items = []
        for i, q in enumerate(self.questions, 1):
            options = "".join(f"<li>{escape(o)}</li>" for o in q.options)
            items.append(f"<li><p>{escape(q.text)}</p><ol type='a'>{options}</ol></li>")
        return f"<p><b>{escape(self.title)}</b></p><ol>{''.join(items)}</ol>"

    def _refresh(self):
        if self._box is None:
            return
        for q, line in self._lines.items():
            if q in self.feedback:
                right, text = self.feedback[q]
                color = "#1a7f37" if right else "#b42318"
                line.value = f'<span style="color:{color}">{escape(text)}</span>'
        self._score.value = escape(self.score_text())

    def box(self):
        if self._box is None:
            import ipywidgets as widgets
            rows = [widgets.HTML(f"<h3>{escape(self.title)}</h3>")]
            for q, question in enumerate(self.questions):
                rows.append(widgets.HTML(f"<p><b>{q + 1}.</b> {escape(question.text)}</p>"))
                if question.figure is not None:
                    rows.append(widgets.HTML(img_tag(question.figure)))
                buttons = []
                for o, option in enumerate(question.options):
                    b = widgets.Button(description=option, tooltip=option,
                                       layout=widgets.Layout(width="auto"))
                    b.on_click(lambda _b, q=q, o=o: self.answer(q, o))
                    buttons.append(b)
                rows.append(widgets.HBox(buttons, layout=widgets.Layout(flex_flow="row wrap")))
                self._lines[q] = widgets.HTML()
                rows.append(self._lines[q])
            self._score = widgets.HTML()
            rows.append(self._score)
            self._box = widgets.VBox(rows)
            self._refresh()
        return self._box

    def _ipython_display_(self):  # pragma: no cover - needs a notebook front end
        show_widget(self.box(), html=self.static_html(), text=repr(self))

    def __repr__(self):
        return f"Quiz({self.key!r}, {len(self.questions)} perguntas)"


# -- the trainer, with its progress saved ---------------------------------------------------
def trainer(puzzles, key: str, **options):
    """A :class:`damas.widget.trainer.PuzzleTrainer` whose solved problems are
    saved under ``key`` (one entry per collection, ``key/collection``) and
    restored when it is made again (after a kernel restart, say)."""
    from damas.course.progress import ProgressError
    from damas.widget.trainer import PuzzleTrainer
    t = PuzzleTrainer(puzzles, **options)
    store = _progress()
    names = list(t.collections)
    current = t.collection

    def name_of(collection):
        return f"{key}/{collection}" if collection else key

    if not isinstance(store, ProgressError):
        for name in names:
            saved = store.solved(name_of(name))
            if saved:
                t.choose_collection(name)
                t.solved.update(i for i in saved if i < len(t.puzzles))
        t.choose_collection(current, t.index)
    t.progress_error = store if isinstance(store, ProgressError) else None

    def save(_event):
        s = _progress()
        if isinstance(s, ProgressError):
            t.progress_error = s
            return
        done = s.solved(name_of(t.collection))
        for i in sorted(t.solved - done):
            try:
                s.record_solved(name_of(t.collection), i)
            except ProgressError as error:
                t.progress_error = error
                return

    t.widget.on_move(save)   # after the trainer's own judge (registered first)
    return t


# -- the student's progress, for chapter 00 ---------------------------------------------------
class ProgressPanel:
    """The student's stars per chapter, as an HTML table (or the message of
    a progress file that cannot be used)."""

    def __init__(self):
        _reset_progress_cache()
        self.store = _progress()

    def _repr_html_(self) -> str:
        from damas.course.progress import ProgressError
        store = self.store
        if isinstance(store, ProgressError):
            return f'<p style="color:#b42318">{escape(str(store))}</p>'
        stars = store.all_stars
        head = f"<h4>{escape(TEXTS['panel_head'])}: {escape(store.student)}</h4>"
        where = f"<p><small>{escape(store.where())}</small></p>"
        if not stars and not store.all_solved:
            return head + f"<p>{escape(TEXTS['panel_none'])}</p>" + where
        chapters = {}
        for key, n in stars.items():
            chapter = key.split("/", 1)[0]
            total, done = chapters.get(chapter, (0, 0))
            chapters[chapter] = (total + n, done + (1 if n else 0))
        from damas.course.chapters import label, order
        rows = "".join(f"<tr><td>{escape(label(c))}</td><td>{stars_text(min(3, s // max(1, d)))} ({s})</td>"
                       f"<td>{d}</td></tr>" for c, (s, d) in sorted(chapters.items(), key=lambda e: order(e[0])))
        table = (f"<table><tr><th>{TEXTS['panel_chapter']}</th><th>{TEXTS['panel_stars']}</th>"
                 f"<th>{TEXTS['panel_tasks']}</th></tr>{rows}</table>")
        solved = sum(len(v) for v in store.all_solved.values())
        return (head + table + f"<p>{escape(TEXTS['panel_problems'].format(n=solved))}</p>"
                + f"<p>{escape(store.summary())}</p>" + where)

    def __repr__(self) -> str:
        from damas.course.progress import ProgressError
        if isinstance(self.store, ProgressError):
            return str(self.store)
        return self.store.summary()


def progress_panel():
    """The student's progress (read again from the file)."""
    return ProgressPanel()


# -- the course's board tasks, chapter by chapter -----------------------------------------------
# Each par is the fewest moves, proven by BoardTask.shortest in tests/test_lessons.py.
TASKS = {
    "movimento": [
        BoardTask("movimento/dama-1", "W:Wc5:Bh2", PROMOTE, 3, "Até a última fileira",
                  "A pedra anda uma casa para a frente, na diagonal (regra 3.4), e vira dama ao "
                  "parar na última fileira (regra 3.5)."),
        BoardTask("movimento/dama-2", "W:Wc3,e3,g3:Bb8,d8,f8", PROMOTE, 5, "Ache a casa livre",
                  "As pedras pretas ocupam três casas da última fileira: procure a que está livre."),
        BoardTask("movimento/dama-3", "W:Wb2,d2:Bh6,a5", PROMOTE, 6, "O caminho longo",
                  "Escolha a pedra e o caminho: a pedra não volta para trás."),
    ],
    "tomada": [
        BoardTask("tomada/todas-1", "W:Wc3:Bd4,f6", CAPTURE_ALL, 1, "Tomada em cadeia",
                  "Depois de tomar, a pedra continua tomando enquanto puder (regra 4.5)."),
        BoardTask("tomada/todas-2", "W:We1:Bd2,d4,b6", CAPTURE_ALL, 4, "Tomar para trás",
                  "A pedra também toma para trás (regra 4.2)."),
        BoardTask("tomada/todas-3", "W:Wa1,g1:Bb2,f2,d6", CAPTURE_ALL, 5, "Duas pedras, três presas",
                  "A tomada é obrigatória (regra 4.1): primeiro as tomadas, depois o caminho até a última."),
        BoardTask("tomada/todas-4", "W:WKa1:Bc3,e5,g5,c7", CAPTURE_ALL, 3, "A dama toma de longe",
                  "A dama toma a qualquer distância numa diagonal livre e escolhe onde parar depois "
                  "da peça tomada (regra 4.3)."),
    ],
    "lei-da-maioria": [
        BoardTask("lei-da-maioria/maximo-1", "W:Wa3,c3:Bb4,d4,f6", CAPTURE, 1, "A tomada maior",
                  "Duas pedras podem tomar: a lei da maioria manda tomar o maior número de peças "
                  "(regra 4.13)."),
        BoardTask("lei-da-maioria/maximo-2", "W:Wc1,g3:Bd2,b4,f4,f6,d6", CAPTURE, 1, "Cinco de uma vez",
                  "A tomada que salta aos olhos não é a maior: conte as peças de cada caminho "
                  "(regra 4.13)."),
        BoardTask("lei-da-maioria/maximo-3", "W:WKa1,e3:Bd4,b6,f4,h6", CAPTURE, 1, "Dama e pedra valem o mesmo",
                  "Para a lei da maioria, uma dama conta como uma peça, e uma pedra também (regra 4.13)."),
    ],
}


def _slug(chapter: str) -> str:
    """The stable name of ``chapter``, given as its number today ("03") or its name
    ("tomada"); the tables below are keyed by name (:mod:`damas.course.chapters`)."""
    from damas.course.chapters import slug_of
    try:
        return slug_of(chapter)
    except KeyError:
        raise DamasError(f"Capítulo desconhecido: {chapter!r}.") from None


def etapa(chapter: str) -> Stage:
    """The board tasks of ``chapter`` ("03" or "tomada", ...), one at a time."""
    return Stage(TASKS[_slug(chapter)])


# -- the quizzes at the end of each chapter ------------------------------------------------------
def _q(text, options, answer, why):
    return Question(text, options, answer, why)


QUIZZES = {
    "comece-aqui": Quiz("comece-aqui/quiz", [
        _q("Para fazer este curso, é preciso saber programar?", ["Sim", "Não"], 1,
           ["Não é preciso: as respostas são dadas com o mouse, no tabuleiro ou nos botões.",
            "As células de código só preparam as figuras e os tabuleiros; você responde clicando."]),
        _q("Em que casas se joga damas?", ["Nas casas escuras", "Nas casas claras", "Em todas"], 0,
           ["Joga-se só nas casas escuras, as casas ativas (regra 2.2).",
            "As casas claras não entram no jogo (regra 2.2).",
            "Só metade das casas conta: as escuras (regra 2.2)."]),
        _q("Quem faz o primeiro lance da partida?", ["As brancas", "As pretas", "Quem ganhar no sorteio"], 0,
           ["O primeiro lance é sempre das brancas (regra 3.3).",
            "As pretas jogam depois: o primeiro lance é das brancas (regra 3.3).",
            "O sorteio decide quem fica com as brancas; o primeiro lance é sempre delas (regra 3.3)."]),
        _q("Onde ficam gravadas as suas estrelas?", ["Num arquivo da sua pasta", "Em lugar nenhum",
                                                      "No computador do professor"], 0,
           ["Ficam num arquivo JSON da sua pasta (damas-progresso), e voltam quando você abre o curso de novo.",
            "Elas ficam gravadas: reinicie o kernel e veja o seu progresso no capítulo 00.",
            "Ficam na sua pasta; o professor junta os arquivos da turma para vê-los."]),
        _q("Como se chama, no curso, o deslocamento de uma peça de uma casa para outra?",
           ["Lance", "Rodada", "Meio-lance"], 0,
           ["É o lance, de um só jogador (regra 3.2).",
            "Rodada é uma volta de um torneio, não um lance.",
            "Não existe meio-lance: cada jogador faz o seu lance (regra 3.2)."]),
    ], "Questionário do capítulo 00"),
    "historia": Quiz("historia/quiz", [
        _q("Quem foi campeão do mundo de 1895 (aproximadamente) a 1912?",
           ["Isidore Weiss", "Marcel Deslauriers", "Iser Kuperman"], 0,
           ["Isidore Weiss, jogador francês, dominou o jogo dessa época.",
            "Não: nessa época o campeão reconhecido era Isidore Weiss.",
            "Não: nessa época o campeão reconhecido era Isidore Weiss."]),
        _q("Em que ano foi fundada a FMJD, a federação mundial?", ["1947", "1895", "1988"], 0,
           ["Em 1947, em Paris (o texto da semente diz 1948; o site da FMJD diz 1947).",
            "1895 é a época de Weiss, antes da FMJD: havia campeões antes dela.",
            "1988 é o ano da volta das damas a esporte no Brasil, não da FMJD."]),
        _q("Quais são os livros mais antigos de damas que chegaram até nós?",
           ["Os de Ruiz Montero (1591) e Valls (1597)", "O de Torquemada (1547)", "O 40 Golpes Clássicos (1940)"], 0,
           ["Esses dois livros espanhóis existem ainda hoje.",
            "O livro de 1547 só é conhecido por uma menção bibliográfica (Nicolás Antonio, 1696); há quem o atribua a Timoneda.",
            "Esse é de 1940, no Brasil."]),
        _q("Qual livro foi o primeiro de damas publicado no Brasil?",
           ["As fontes não concordam", "Com certeza o 40 Golpes Clássicos", "Com certeza o de Izidoro e Cardoso"], 0,
           ["Landin cita Ciência e Técnica do Jogo de Damas (Izidoro e Cardoso, 1940); a semente cita 40 Golpes Clássicos (1940).",
            "É o que diz a semente, mas Landin cita outro livro do mesmo ano: as fontes discordam.",
            "É o que diz Landin, mas a semente cita outro livro do mesmo ano: as fontes discordam."]),
        _q("Que entidades cuidam das damas no Brasil hoje?",
           ["A Confederação Brasileira de Damas e as federações, como a Paulista",
            "A Confederação Brasileira de Desportos", "Nenhuma"], 0,
           ["A CBD de hoje é a Confederação Brasileira de Damas; há federações estaduais, como a Federação Paulista de Damas.",
            "Em 1967 a sigla CBD queria dizer Confederação Brasileira de Desportos; hoje é a Confederação Brasileira de Damas.",
            "Há a Confederação Brasileira de Damas e as federações estaduais."]),
    ], "Questionário da História"),
    "tabuleiro": Quiz("tabuleiro/quiz", [
        _q("Quantas casas escuras tem o tabuleiro de 64 casas?", ["32", "64", "50"], 0,
           ["Metade das 64: 32 casas escuras, numeradas de 1 a 32.", "64 é o total; joga-se só nas escuras, que são 32.",
            "50 é o número de casas escuras do tabuleiro de 100 casas."]),
        _q("Qual é a grande diagonal do tabuleiro de 64 casas?", ["a1–h8", "a7–g1", "c1–a3"], 0,
           ["A grande diagonal vai de a1 a h8, de canto a canto (regra 2.3).",
            "Essa é uma das duas linhas da bi-diagonal (diagonal dupla).", "Essa é uma ponta da tri-diagonal."]),
        _q("Na notação numérica do 64 casas, que casa é a 29?", ["a1", "h8", "b8"], 0,
           ["29 é a1, o canto das brancas à esquerda.", "h8 é a casa 4.", "b8 é a casa 1."]),
        _q("Numa FEN como W:W21-32:B1-12, o que quer dizer o primeiro W?",
           ["Jogam as brancas (white)", "Jogam as pretas", "Há uma dama"], 0,
           ["W = white = brancas; B = black = pretas. A primeira letra diz quem joga.",
            "Cuidado: B é black, as pretas; W é white, as brancas.", "Dama se marca com K (king), antes da casa."]),
        _q("Como se escreve uma tomada na notação?", ["Com x entre as casas", "Com - entre as casas", "Com ! no fim"], 0,
           ["Tomada: c3xe5 ou 22x15 (regra 8.2.3).", "O hífen é para o movimento simples (regra 8.2.2).",
            "! classifica um lance bom (regra 9.1.3)."]),
    ], "Questionário do capítulo 01"),
    "movimento": Quiz("movimento/quiz", [
        _q("Para onde anda a pedra?", ["Uma casa para a frente, na diagonal", "Uma casa em qualquer direção",
                                       "Várias casas na diagonal"], 0,
           ["Isso: para a frente, na diagonal, para uma casa livre (regra 3.4).",
            "Não: a pedra não anda para trás nem para o lado (regra 3.4); para trás ela só toma (regra 4.2).",
            "Quem anda várias casas é a dama (regra 3.9)."]),
        _q("Quando a pedra vira dama?", ["Quando termina o lance na última fileira", "Quando passa pela última fileira",
                                         "Quando toma três peças"], 0,
           ["Ela precisa parar na travessa de coroação no fim do lance (regra 3.5).",
            "Passar no meio de uma tomada e sair não basta (regras 3.5 e 4.15).",
            "Tomar não coroa: coroa chegar e ficar na última fileira (regra 3.5)."]),
        _q("A dama pode pular uma pedra da própria cor?", ["Não", "Sim"], 0,
           ["Nunca: as próprias peças bloqueiam o caminho (regras 3.9 e 4.7).",
            "Não pode: a diagonal precisa estar livre (regra 3.9)."]),
        _q("Uma pedra branca em h2, sozinha: quantos lances ela tem?", ["1", "2", "0"], 0,
           ["h2 fica na tabela da direita: só há a casa g3 à frente.",
            "Na beira do tabuleiro só sobra uma diagonal para a frente.", "g3 está livre: ela tem um lance."]),
        _q("Quem joga depois de um lance das brancas?", ["As pretas", "As brancas de novo", "Quem quiser"], 0,
           ["Os jogadores jogam alternadamente, um lance de cada vez (regra 3.3).",
            "Jogar dois lances seguidos é uma irregularidade (5.4.01).", "Os lances se alternam (regra 3.3)."]),
    ], "Questionário do capítulo 02"),
    "tomada": Quiz("tomada/quiz", [
        _q("A tomada é obrigatória?", ["Sim", "Não, é uma escolha"], 0,
           ["Sim: quem pode tomar, deve tomar (regra 4.1).", "É obrigatória (regra 4.1)."]),
        _q("Se você não tomar quando podia, o adversário tira a sua pedra (o sopro)?",
           ["Não: não existe sopro", "Sim: é o sopro"], 0,
           ["Não existe sopro. Jogar sem tomar é a irregularidade 5.4.06: o adversário escolhe se o lance é corrigido ou fica.",
            "O sopro é um costume de rua, não é regra: as regras oficiais não têm sopro (5.4.06)."]),
        _q("A pedra pode tomar para trás?", ["Sim", "Não"], 0,
           ["Sim: a pedra toma para a frente e para trás (regras 4.1 e 4.2).",
            "Pode: andar para trás não, mas tomar sim (regra 4.2)."]),
        _q("Depois de tomar uma peça, a pedra pode parar se ainda houver outra para tomar?", ["Não", "Sim"], 0,
           ["Ela continua: é a tomada em cadeia (regra 4.5). Parar antes é a irregularidade 5.4.09.",
            "Não pode: a tomada em cadeia vai até o fim (regra 4.5)."]),
        _q("Onde a dama para depois de tomar?", ["Em qualquer casa livre depois da peça tomada", "Logo atrás da peça",
                                                 "Na última fileira"], 0,
           ["Ela escolhe a casa, desde que a tomada continue se puder (regra 4.3).",
            "Isso vale para a pedra; a dama pode ir mais longe (regra 4.3).", "Não: a dama para numa casa livre da diagonal (regra 4.3)."]),
    ], "Questionário do capítulo 03"),
    "lei-da-maioria": Quiz("lei-da-maioria/quiz", [
        _q("Há duas tomadas: uma leva 1 peça, outra leva 3. Qual é obrigatória?", ["A de 3", "A de 1", "Tanto faz"], 0,
           ["A lei da maioria manda tomar o maior número de peças (regra 4.13).",
            "Tomar menos que o máximo é a irregularidade 5.4.08.", "Só há escolha quando as tomadas levam o mesmo número (regra 4.14)."]),
        _q("Para a lei da maioria, uma dama vale quantas pedras?", ["Uma", "Duas", "Três"], 0,
           ["Dama e pedra contam igual: uma peça (regra 4.13).", "Não há peso: conta-se o número de peças (regra 4.13).",
            "Não há peso: conta-se o número de peças (regra 4.13)."]),
        _q("Duas tomadas levam 2 peças cada. Qual você faz?", ["A que quiser", "A da dama", "A mais à esquerda"], 0,
           ["Com o mesmo número de peças a escolha é livre (regra 4.14).",
            "A dama não tem preferência (regra 4.14).", "Não há regra de lado: a escolha é livre (regra 4.14)."]),
        _q("Uma pedra passa pela última fileira no meio da tomada e sai dela. Ela vira dama?", ["Não", "Sim"], 0,
           ["Só vira dama quem termina o lance na última fileira (regra 4.15).",
            "Não: passou, mas não parou (regra 4.15)."]),
        _q("As peças tomadas saem do tabuleiro quando?", ["No fim do lance", "Logo que são puladas"], 0,
           ["Só no fim da tomada inteira (regra 4.11): até lá elas bloqueiam o caminho, como no golpe turco.",
            "Não: elas ficam até o fim do lance (regra 4.11)."]),
    ], "Questionário do capítulo 04"),
    "irregularidades": Quiz("irregularidades/quiz", [
        _q("Quem decide se uma irregularidade é corrigida?", ["O adversário de quem errou", "Quem errou", "O público"], 0,
           ["Só o adversário decide se ela é retificada ou mantida (regra 5.4).",
            "Quem errou não escolhe (regra 5.4).", "É o adversário (regra 5.4)."]),
        _q("Jogar uma peça quando era possível tomar é qual irregularidade?", ["5.4.06", "5.4.01", "5.4.12"], 0,
           ["5.4.06; e não existe sopro: o adversário escolhe corrigir ou manter.",
            "5.4.01 é jogar dois lances seguidos.", "5.4.12 é retirar peças que não foram tomadas."]),
        _q("O adversário jogou depois da irregularidade. Ainda dá para pedir a correção?", ["Não", "Sim"], 0,
           ["Jogar o lance seguinte é aceitar a situação (regra 5.7).", "Não: o lance seguinte aceita a situação (regra 5.7)."]),
        _q("Pode-se corrigir só uma parte de uma irregularidade?", ["Não", "Sim"], 0,
           ["A retificação parcial não é permitida (regra 5.8).", "Não pode: a regra 5.8 proíbe a retificação parcial."]),
        _q("Parar no meio de uma tomada em cadeia é qual irregularidade?", ["5.4.09", "5.4.08", "5.4.03"], 0,
           ["5.4.09 (a tomada em cadeia vai até o fim, regra 4.5).",
            "5.4.08 é tomar um número de peças diferente do que a regra manda.",
            "5.4.03 é tocar uma peça e jogar outra."]),
    ], "Questionário do capítulo 12"),
    "arbitragem": Quiz("arbitragem/quiz", [
        _q("No 15º lance alguém percebe que o tabuleiro foi colocado errado. O que acontece?",
           ["O adversário escolhe se continua", "A partida é anulada e recomeça", "A partida segue como está"], 1,
           ["Aqui ninguém escolhe: a regra 5.1 anula a partida (a escolha do adversário é da regra 5.4).",
            "O tabuleiro mal colocado anula a partida, que recomeça, não importa em que lance (regra 5.1).",
            "Não pode seguir: todas as casas de jogo estão trocadas, e a regra 5.1 anula a partida."]),
        _q("Uma pedra escorregou para uma casa clara. O que vale para ela?",
           ["Fica inativa e pode voltar ao jogo pela regra 5.4", "Continua jogando de lá", "Sai do jogo e conta como tomada"], 0,
           ["Peça em casa clara é inativa; ela pode ser recolocada em jogo conforme a regra 5.4 (regra 5.3).",
            "Não joga: numa casa clara a peça é inativa (regras 2.2 e 5.3).",
            "Ninguém a tomou: ela fica inativa e pode voltar pela regra 5.4 (regra 5.3)."]),
        _q("Depois de uma tomada de três peças, o jogador tirou só duas do tabuleiro. Qual é a irregularidade?",
           ["5.4.07", "5.4.12", "5.4.11"], 2,
           ["5.4.07 é retirar do tabuleiro peças, do adversário ou próprias, sem motivo.",
            "5.4.12 é retirar peças que não foram tomadas.",
            "5.4.11: retirar, depois da tomada, menos peças do que as tomadas."]),
        _q("A mesa balançou e desarrumou as peças, e todos viram na hora. É uma irregularidade?",
           ["Sim, a 5.4.07", "Não: é um acidente", "Sim, e perde quem estava jogando"], 1,
           ["Ninguém tirou peça de propósito: o acidente constatado na hora não é irregularidade (regra 5.5).",
            "Uma mudança acidental da posição, constatada na hora, não é irregularidade (regra 5.5).",
            "Ninguém perde por um acidente constatado na hora (regra 5.5)."]),
        _q("No jogo de 100 casas, três damas contra uma dama sozinha: até quantos lances de cada jogador, pelas regras do curso?",
           ["5", "10", "20"], 1,
           ["5 lances é a regra 6.4: duas damas, uma dama e uma pedra, ou uma dama contra uma.",
            "10 lances de cada jogador (regra 6.3); o texto da FMJD de 2015 dá 16.",
            "20 lances é o limite do jogo brasileiro de 64 casas."]),
    ], "Questionário do capítulo 13"),
    "empate": Quiz("empate/quiz", [
        _q("A mesma posição aparece pela terceira vez, com o mesmo jogador para jogar. O que acontece?",
           ["Empate", "Ganha quem tem mais peças", "Nada"], 0,
           ["É empate pela repetição (regra 6.1).", "Não conta peças: é empate (regra 6.1).", "É empate (regra 6.1)."]),
        _q("No jogo de 100 casas, só damas se movem, sem tomada, por 25 lances de cada um. Resultado?",
           ["Empate", "Vitória das brancas", "Continua sem limite"], 0,
           ["Empate (regra 6.2).", "Não: é empate (regra 6.2).", "Há limite: 25 lances (regra 6.2)."]),
        _q("Que resultado se escreve 2-0?", ["Vitória das brancas", "Vitória das pretas", "Empate"], 0,
           ["2-0: as brancas ganham; 0-2: as pretas; 1-1: empate.", "Vitória das pretas é 0-2.", "Empate é 1-1."]),
        _q("Ganha quem...", ["deixa o adversário sem lance", "tem mais damas", "faz o último lance"], 0,
           ["Ganha quem deixa o adversário sem lance ou sem peças (regra 7.2).",
            "Contar damas não decide nada (regra 7.2).", "Ganha quem deixa o outro sem lance ou sem peças (regra 7.2)."]),
        _q("Três damas contra uma no 64 casas: a dama sozinha se salva como?", ["Ficando na grande diagonal",
                                                                                 "Ficando num canto qualquer",
                                                                                 "Não há como"], 0,
           ["Na grande diagonal ela segura o empate; fora dela as três damas a pegam (a forçada, ou pé de galinha).",
            "Fora da grande diagonal as três damas a capturam com a forçada.",
            "Há: segurando a grande diagonal, ela empata."]),
    ], "Questionário do capítulo 11"),
    "anotacao": Quiz("anotacao/quiz", [
        _q("Na notação, o que quer dizer ??", ["Lance muito fraco, péssimo", "Lance ótimo", "Tomada"], 0,
           ["?? é um lance muito fraco (regra 9.1.6).", "Lance ótimo é !! (regra 9.1.4).", "Tomada é x (regra 9.1.2)."]),
        _q("Com relógio e um número de lances por tempo, é preciso anotar a partida?", ["Sim", "Não"], 0,
           ["Sim: lance após lance, das brancas e das pretas (regra 10.2.2).",
            "É preciso (regra 10.2.2); só com tempo para a partida inteira a anotação é dispensada (regra 10.4)."]),
        _q("O que diz a etiqueta [GameType \"26\"] de um PDN?", ["Que são damas brasileiras", "Que a partida teve 26 lances",
                                                                  "Que são damas internacionais"], 0,
           ["26 é o código das damas brasileiras (64 casas).", "O número de lances não vai na etiqueta GameType.",
            "As internacionais são o 20."]),
        _q("Em '1. c3-d4 f6-g5', quantos lances há?", ["Dois: um de cada jogador", "Um", "Meio"], 0,
           ["O número 1 junta o lance das brancas e o das pretas: são dois lances (regra 3.2).",
            "Cada jogador fez o seu lance: são dois.", "Não existe meio-lance (regra 3.2)."]),
        _q("Qual sinal marca um movimento simples?", ["-", "x", "!"], 0,
           ["O hífen (regras 8.2.2 e 9.1.1).", "x é tomada (regra 9.1.2).", "! é lance bom (regra 9.1.3)."]),
    ], "Questionário do capítulo 10"),
    "internacionais": Quiz("internacionais/quiz", [
        _q("Quantas pedras tem cada jogador nas damas internacionais?", ["20", "12", "25"], 0,
           ["20 de cada lado, em quatro fileiras (regra 2.7).", "12 é no 64 casas.", "São 20 (regra 2.7)."]),
        _q("Quantas casas escuras tem o tabuleiro de 100 casas?", ["50", "100", "32"], 0,
           ["50 casas escuras, numeradas de 1 a 50 (regra 2.6).", "100 é o total (regra 2.1); joga-se nas 50 escuras.",
            "32 é no 64 casas."]),
        _q("A lei da maioria vale também no jogo de 100 casas?", ["Sim", "Não"], 0,
           ["Sim: as regras de tomada são as mesmas (regra 4.13).", "Vale: a regra 4.13 é das damas internacionais."]),
        _q("Em que casas começam as pretas no 100 casas?", ["1 a 20", "31 a 50", "21 a 30"], 0,
           ["1 a 20; as brancas ficam de 31 a 50 (regra 2.8).", "31 a 50 são as brancas (regra 2.8).",
            "21 a 30 começam vazias (regra 2.8)."]),
        _q("Qual notação se usa no 100 casas?", ["Numérica (32-28)", "Algébrica (c3-d4)"], 0,
           ["Numérica, de 1 a 50 (regra 8.1).", "A algébrica é a do 64 casas no Brasil; no 100 casas usa-se a numérica (regra 8.1)."]),
    ], "Questionário do capítulo 14"),
    "golpes": Quiz("golpes/quiz", [
        _q("O que é uma entrega (um sacrifício)?", [
            "Um lance depois do qual o adversário tem uma tomada que antes não tinha",
            "Qualquer tomada", "Um lance para trás"], 0,
           ["Isso: a peça oferecida cria uma tomada nova, e a tomada é obrigatória (regra 4.1).",
            "Tomar não é entregar: na entrega é o adversário quem passa a poder tomar.",
            "A direção não importa: o que conta é a tomada nova que o lance dá ao adversário."]),
        _q("No golpe turco, por que a dama que toma fica parada onde será capturada?", [
            "Porque não pode passar duas vezes sobre uma peça que já tomou (regra 4.11)",
            "Porque a lei da maioria manda parar", "Porque a dama só anda uma casa"], 0,
           ["As peças tomadas só saem no fim do lance e não podem ser puladas de novo (regra 4.11): "
            "elas travam o caminho da dama.",
            "A lei da maioria (regra 4.13) escolhe qual tomada fazer; ela não manda parar no meio.",
            "A dama anda e toma à distância (regras 3.9 e 4.3); quem a trava são as peças já tomadas (regra 4.11)."]),
        _q("O que quer dizer \"dois por um\"?", ["Entregar uma peça e tomar duas", "Entregar duas e tomar uma",
                                                "Tomar duas damas"], 0,
           ["Isso: uma peça entregue, duas tomadas de volta, e o saldo é de uma peça.",
            "Ao contrário: quem dá o golpe entrega uma e toma duas.",
            "Não se trata de damas: conta-se peças, entregues e tomadas."]),
        _q("Por que o adversário não pode recusar a peça entregue?", [
            "Porque a tomada é obrigatória (regra 4.1)", "Ele pode recusar, se quiser",
            "Só é obrigado se a peça for uma dama"], 0,
           ["Tomar é obrigatório (regra 4.1), e a lei da maioria ainda escolhe qual tomada (regra 4.13); "
            "não existe sopro.",
            "Não pode: deixar de tomar é a irregularidade 5.4.06.",
            "Dama ou pedra, a tomada é sempre obrigatória (regra 4.1)."]),
        _q("No golpe de calcanhar, como é a tomada decisiva?", ["Para trás", "Com uma dama recém-coroada",
                                                              "Na grande diagonal"], 0,
           ["Isso: a peça toma para trás, o que o principiante esquece de ver (a pedra toma para trás, regra 4.1).",
            "O nome vem do golpe dado \"de calcanhar\": para trás, não da coroação.",
            "O lugar não importa: o que define o calcanhar é a tomada para trás."]),
    ], "Questionário do capítulo 06"),
    "exercicios-de-tomada": Quiz("exercicios-de-tomada/quiz", [
        _q("Uma tomada com pedra leva 1 peça, outra com dama leva 2. Qual é obrigatória?", ["A da dama (2)", "A da pedra (1)",
                                                                                           "Tanto faz"], 0,
           ["Conta o número de peças: 2 (regra 4.13).", "Tomar menos é a irregularidade 5.4.08.",
            "Só com número igual a escolha é livre (regra 4.14)."]),
        _q("Uma peça já tomada, mas ainda no tabuleiro, pode ser pulada de novo?", ["Não", "Sim"], 0,
           ["Não se pula a mesma peça duas vezes, e ela bloqueia o caminho até o fim do lance (regras 4.8 e 4.11).",
            "Não: ela fica e bloqueia até o fim do lance (regra 4.11)."]),
        _q("A casa onde a dama para depois de tomar importa?", ["Sim, se de uma delas a tomada continua", "Nunca"], 0,
           ["Se de uma casa a tomada continua, ela tem de parar ali e continuar (regras 4.3 e 4.5).",
            "Importa: a tomada em cadeia vai até o fim (regra 4.5)."]),
        _q("Duas tomadas vão da mesma casa à mesma casa por caminhos diferentes. Como anotar?",
           ["Com as casas do caminho", "Só início e fim", "Não se anota"], 0,
           ["Escreve-se o caminho, casa por casa, para saber qual foi.", "Só início e fim fica ambíguo.",
            "Toda tomada se anota (regra 8.2.3)."]),
        _q("A pedra que toma para trás...", ["é permitida", "é irregular"], 0,
           ["A pedra toma para a frente e para trás (regra 4.2).", "É permitida (regra 4.2)."]),
    ], "Questionário do capítulo 07"),
    "jogar": Quiz("jogar/quiz", [
        _q("O nível do computador muda o quê?", ["Quão longe ele calcula e quanta folga tem para escolher",
                                                 "As regras do jogo", "O tamanho do tabuleiro"], 0,
           ["O nível é a profundidade da busca e uma margem: ele escolhe ao acaso entre os lances quase tão bons quanto o melhor. As regras são as mesmas.",
            "As regras são sempre as mesmas, em qualquer nível.", "O tabuleiro não muda com o nível."]),
        _q("O computador analisa uma partida e marca um lance com ?. O que quer dizer?",
           ["Que a avaliação caiu depois dele", "Que ele foi ilegal", "Que foi uma tomada"], 0,
           ["Um lance fraco (regra 9.1.5): a avaliação de quem jogou caiu.", "Lances ilegais nem são aceitos.",
            "Tomada se marca com x (regra 9.1.2)."]),
        _q("Contra o computador, você joga com que peças no tabuleiro do curso?", ["As brancas", "As pretas"], 0,
           ["Você joga com as brancas; o computador responde com as pretas.", "O computador joga com as pretas."]),
        _q("Para aprender com uma partida perdida, o melhor é...", ["rever os lances marcados", "jogar outra sem olhar",
                                                                    "apagar o PDN"], 0,
           ["Revendo os lances marcados com ? e ?? você vê onde a avaliação caiu.",
            "Sem olhar os erros, eles se repetem.", "O PDN guarda a partida para estudar."]),
        _q("O computador sempre acha o melhor lance?", ["Não: só até a profundidade que calcula", "Sim, sempre"], 0,
           ["Ele calcula só alguns lances à frente; além disso pode errar.",
            "Não: a busca tem profundidade limitada."]),
    ], "Questionário do capítulo 05"),
    "finais": Quiz("finais/quiz", [
        _q("Três damas contra uma, no 64 casas, com a dama sozinha fora da grande diagonal: o que acontece?", [
            "Quase sempre as três damas vencem, com o método da forçada", "É sempre empate",
            "A dama sozinha vence"], 0,
           ["A base de finais prova: fora da grande diagonal, quase todas as posições são vitória das brancas, "
            "em no máximo 13 lances delas.",
            "Não: fora da grande diagonal a dama sozinha é apanhada quase sempre.",
            "Uma dama contra três quase nunca vence."]),
        _q("E se a dama sozinha está na grande diagonal (a1–h8) e é a vez dela?", [
            "Em quase todas as posições é empate", "Ela perde sempre", "Ela vence"], 0,
           ["Segurando a grande diagonal ela empata em quase todas as posições: por isso a forçada começa "
            "tirando-a de lá.",
            "Não: a base de finais mostra que, na grande diagonal, ela quase sempre se salva.",
            "Ela só se defende: com uma dama contra três não há como vencer."]),
        _q("Duas damas contra uma: dá para ganhar?", ["Em geral não: é empate", "Sempre", "Só no 100 casas"], 0,
           ["Quase todas as posições são empate: duas damas não conseguem fechar todas as saídas.",
            "Não: só ganham se a dama sozinha estiver mal colocada, e isso é raro.",
            "No 64 casas já é empate quase sempre; no 100 casas, com mais espaço, ainda mais."]),
        _q("No jogo brasileiro, quantos lances as três damas têm para vencer uma?", ["20", "10", "5"], 0,
           ["São 20 lances de cada lado; depois disso é empate.",
            "10 lances é o limite do jogo de 100 casas (regra 6.3).",
            "5 lances é o limite de outros finais do jogo de 100 casas (regra 6.4)."]),
        _q("Por que o jogo de 100 casas limita o final de três damas contra uma (regra 6.3)?", [
            "Porque ali quase sempre é empate", "Porque as damas andam devagar", "Porque é proibido ter três damas"], 0,
           ["A base de finais mostra que, com a dama sozinha para jogar, mais de 9 em cada 10 posições são "
            "empate: não vale a pena jogar sem fim.",
            "As damas voam no 100 casas também; o problema é o tabuleiro grande, onde a dama sozinha escapa.",
            "Pode-se ter quantas damas quiser; a regra só limita quantos lances se joga."]),
    ], "Questionário do capítulo 09"),
    "como-jogar": Quiz("como-jogar/quiz", [
        _q("Por que os mestres gostam de pedras no centro (de c3 a f6)?", [
            "Porque dali a pedra pode ir para os dois lados e controla mais casas",
            "Porque no centro a pedra não pode ser tomada", "Porque o centro dá dama mais depressa"], 0,
           ["Isso: no centro a pedra ajuda as duas alas.", "Pode, sim: no centro também se toma (regra 4.1).",
            "A pedra vira dama na travessa de coroação (regra 3.5); o centro serve para controlar o jogo."]),
        _q("Você oferece uma pedra e não toma nada de volta. Isso é...", [
            "uma entrega sem troco: só perdeu uma pedra", "uma troca", "um golpe"], 0,
           ["Isso: numa troca você recebe de volta; aqui não.",
            "Troca é dar uma e tomar uma de volta.",
            "Golpe é entregar para ganhar mais depois; sem nada de volta é só perda."]),
        _q("Por que não tirar cedo as pedras da sua primeira fileira?", [
            "Porque elas impedem o adversário de fazer dama", "Porque elas não podem andar",
            "Porque a regra proíbe"], 0,
           ["Enquanto elas guardam a travessa de coroação, a pedra do adversário não chega lá para virar dama.",
            "Elas andam como as outras (regra 3.4); ficar é uma escolha de estratégia.",
            "Não há regra: é um princípio, e às vezes vale a pena quebrá-lo."]),
        _q("No fim, com poucas peças, o que é ter a oposição?", [
            "Deixar o adversário com a obrigação de jogar e estragar a posição",
            "Ter mais damas", "Jogar sempre para trás"], 0,
           ["Isso: quem tem que jogar e não tem bons lances perde, como na posição do capítulo.",
            "Não: a oposição é sobre quem tem que jogar, não sobre o número de damas.",
            "Não: é ter o tempo a mais, para o adversário ter que avançar."]),
        _q("De onde vêm os nomes das aberturas deste capítulo?", [
            "De livros e sites russos; as traduções são do curso", "Das regras oficiais brasileiras",
            "Foram inventados pelo computador"], 0,
           ["Isso: a fonte de cada nome está na tabela; não achamos nomes brasileiros ou portugueses para elas.",
            "As regras não dão nome às aberturas.",
            "Não: o curso nunca inventa um nome; cada um tem a sua fonte."]),
    ], "Questionário do capítulo 08"),
    "outras-damas": Quiz("outras-damas/quiz", [
        _q("Nas damas russas, vale a lei da maioria?", ["Não: toma-se, mas escolhe-se qual tomada",
                                                      "Sim, como no Brasil"], 0,
           ["Isso: a tomada é obrigatória, mas quem joga escolhe qual, mesmo que tome menos peças.",
            "No Brasil vale (regra 4.13); nas russas a escolha é livre."]),
        _q("Nas damas russas, uma pedra chega à última fileira no meio de uma tomada e ainda pode tomar. "
           "O que acontece?", ["Vira dama na hora e continua tomando como dama", "Para ali e vira dama",
                               "Continua tomando como pedra"], 0,
           ["Isso: ela é coroada na hora e segue voando como dama.",
            "Isso acontece no jogo brasileiro quando ela não pode continuar; nas russas ela segue como dama.",
            "No jogo brasileiro ela seguiria como pedra e não seria coroada (regra 4.15); nas russas, como dama."]),
        _q("Nas damas clássicas portuguesas, a pedra toma para trás?", ["Não, só para a frente", "Sim"], 0,
           ["Isso: lá a pedra anda e toma só para a frente; só a dama toma para trás.",
            "No Brasil ela toma (regra 4.1); nas portuguesas não."]),
        _q("Nas portuguesas, duas tomadas levam uma peça cada, e uma delas leva uma dama. Qual é obrigatória?", [
            "A que toma a dama", "Qualquer uma", "A que toma a pedra"], 0,
           ["Isso: com o mesmo número de peças, vale a qualidade: tomar a dama.",
            "No Brasil seria livre (regra 4.14); nas portuguesas a dama pesa mais.",
            "Ao contrário: a dama vale mais, e é ela que se deve tomar."]),
        _q("Como se põe o tabuleiro nas damas portuguesas?", [
            "Com uma casa de jogo no canto de baixo, à direita de cada jogador",
            "Igual ao brasileiro, com a casa escura à esquerda"], 0,
           ["Isso: o tabuleiro fica \"ao contrário\" do brasileiro, e a grande diagonal, o rio, vai de 1 a 32.",
            "No Brasil a casa escura do canto fica à esquerda (regra 2.4); nas portuguesas, à direita."]),
    ], "Questionário do capítulo 15"),
}


def questionario(chapter: str) -> Quiz:
    """The 5-question quiz at the end of ``chapter`` ("00", "01", ..., or a name: "historia")."""
    return QUIZZES[_slug(chapter)]


# -- exercises answered by clicking -------------------------------------------------------------
def escolha(key, text, options, answer, why, title="Exercício", figure=None) -> Quiz:
    """One question answered by a click (a one-question :class:`Quiz`,
    saved under ``key``); ``why``: one explanation per option."""
    return Quiz(key, [Question(text, options, answer, why, figure=figure)], title)


def quantos(key, text, right: int, why_right: str, hint: str, title="Exercício", figure=None) -> Quiz:
    """A counting question: the options are the numbers around ``right``
    (computed by the caller from the rules package)."""
    # The right number is not always in the same place (fixed by the key).
    low = max(0, right - sum(map(ord, key)) % 5)
    options = list(range(low, low + 5))
    why = [why_right if n == right else
           f"{n} não é: {hint}" for n in options]
    return escolha(key, text, [str(n) for n in options], options.index(right), why, title, figure)


def tome(key, fen, title, text="", variant=None) -> BoardTask:
    """An exercise on the board: make the capture the rules demand
    (every legal capture counts; a refused one is explained with its rule)."""
    task = BoardTask(key, fen, CAPTURE, 1, title, text, variant=variant)
    if not task.board().legal_moves() or not all(m.captured for m in task.board().legal_moves()):
        raise DamasError(TEXTS["bad_task"].format(why=f"{fen}: não há tomada obrigatória"))
    return task


def qual_fen(key, board, title="Exercício") -> Quiz:
    """Which FEN describes ``board``?  The wrong options swap the side to
    move, or the colours (W = white = brancas, B = black = pretas)."""
    right = board.fen()
    swapped_turn = board.copy(stack=False)
    swapped_turn.turn = BLACK if board.turn == WHITE else WHITE
    # The colours swapped: a text only (it may not even be a position).
    colors = f"{board.turn}:W{_squares(board, BLACK)}:B{_squares(board, WHITE)}"
    options = [right, swapped_turn.fen(), colors]
    why = ["A primeira letra diz quem joga; depois W (white, brancas) e B (black, pretas) com as casas de "
           "cada lado, e K antes de cada dama.",
           "Confira a primeira letra: ela diz de quem é a vez.",
           "As cores estão trocadas: W é white, as brancas; B é black, as pretas."]
    order = sorted(range(3), key=lambda i: options[i])
    return escolha(key, "Qual FEN descreve esta posição?", [options[i] for i in order],
                   order.index(0), [why[i] for i in order], title,
                   figure=board_svg(board, size=FIGURE_SIZE))


def _squares(board, color):
    parts = [str(s) for s in board.men(color)] + [f"K{s}" for s in board.kings(color)]
    return ",".join(parts)


class SetupTask:
    """Set up a position on the board (setup mode: place and remove men and
    kings, choose who moves), then click «Conferir»: ``check(board)`` says
    whether it fits, and why (a (bool, text) pair).  Saved under ``key``."""

    def __init__(self, key, title, text, check, variant="brazilian"):
        self.key, self.title, self.text, self.check_fn = key, title, text, check
        self.variant = variant
        self.verdict = None
        self._box = None

    def widget_board(self):
        if not hasattr(self, "widget"):
            from damas.widget.board import BoardWidget, SETUP
            self.widget = BoardWidget(Board(f"W:W:B", variant=self.variant), mode=SETUP)
        return self.widget

    def check(self):
        """Judge the position on the board now: (right?, explanation)."""
        board = self.widget_board().board
        right, text = self.check_fn(board)
        self.verdict = (right, (TEXTS["right"] if right else TEXTS["wrong"]) + text)
        if right:
            _record(self.key, 3)
        self.widget.show_message(self.verdict[1], "success" if right else "error")
        return self.verdict

    def box(self):
        if self._box is None:
            import ipywidgets as widgets
            button = widgets.Button(description="Conferir", tooltip="O computador confere a posição.")
            button.on_click(lambda _b: self.check())
            self._box = widgets.VBox([widgets.HTML(f"<b>{escape(self.title)}</b><br>{escape(self.text)}"),
                                      self.widget_board(), button])
        return self._box

    def _ipython_display_(self):  # pragma: no cover - needs a notebook front end
        show_widget(self.box(), board_svg(Board("W:W:B", variant=self.variant), size=FIGURE_SIZE),
                    f"{self.title}: {self.text}", text=repr(self))

    def __repr__(self):
        return f"SetupTask({self.key!r})"


def black_can_promote(board):
    """(right?, why) for "as pretas jogam e podem coroar"."""
    if board.turn != BLACK:
        return False, "nessa posição jogam as brancas. Escolha «pretas» para jogar."
    if any(m.promotes for m in board.legal_moves()):
        return True, "as pretas podem coroar: a pedra termina o lance na travessa 1 (regra 3.5)."
    return False, "nenhum lance das pretas termina na travessa 1, a última delas (regra 3.5)."


# -- helpers the chapters call (so that no chapter defines a function) -----------------------------
def lances(board) -> list:
    """The legal moves of ``board``, written as in Brazil (``c3-d4``, ``c3xe5``)."""
    return [board.move_text(m) for m in board.legal_moves()]


def nomes(board, squares) -> list:
    """The names (``c3``, ``d4`` ...) of a list of square numbers."""
    return [board.variant.square_name(s) for s in squares]


def tamanhos(board) -> dict:
    """{move text: pieces it takes} for every legal move."""
    return {board.move_text(m): len(m.captured) for m in board.legal_moves()}


def desenho_dos_lances(board, title):
    """The board with an arrow for every legal move."""
    return desenho(board, arrows=board.legal_moves(), title=title)


def juiz(board, attempt):
    """Print what the rules say of ``attempt`` (allowed or not, and why,
    with the article) and return the verdict of :func:`damas.rules.explain`."""
    from damas.rules.explain import explain
    verdict = explain(board, attempt)
    rule = f"[regra {verdict.article}] " if verdict.article else ""
    print(f"{attempt}: {rule}{verdict.message}")
    return verdict


def por_que(fen, attempt):
    """Print why ``attempt`` is refused (or allowed) in the position ``fen``."""
    from damas.rules.explain import explain
    print(f"{attempt}:", explain(Board(fen), attempt).message, "\n")


# -- the chapters' exercises (answered by clicking) -------------------------------------------------
def _count_question(key, fen, text, hint, figure_title):
    board = Board(fen)
    moves = board.legal_moves()
    n = max(len(m.captured) for m in moves)
    best = [board.move_text(m) for m in moves if len(m.captured) == n]
    why = (f"{' ou '.join(best)}: {n} peça(s). A tomada é obrigatória e leva o maior número de peças "
           f"(regras 4.1 e 4.13).")
    return quantos(key, text, n, why, hint, figure=desenho(board, title=figure_title))


def _who_captures(key, fen, text):
    board = Board(fen)
    side = board.turn
    starts = {board.variant.square_name(m.start) for m in board.legal_moves()}
    pieces = sorted(board.variant.square_name(s) for s in board.men(side) + board.kings(side))
    why = []
    for name in pieces:
        if name in starts:
            moves = [board.move_text(m) for m in board.legal_moves()
                     if board.variant.square_name(m.start) == name]
            why.append(f"A pedra de {name} toma: {', '.join(moves)}. A pedra também toma para trás "
                       f"(regra 4.2), e a tomada é obrigatória (regra 4.1).")
        else:
            why.append(f"A pedra de {name} não tem tomada nesta posição. Olhe as quatro diagonais: a pedra "
                       f"também toma para trás (regra 4.2).")
    answer = [i for i, name in enumerate(pieces) if name in starts]
    return escolha(key, text, pieces, answer[0], why, figure=desenho(board, title="As brancas jogam"))


def _queen_squares(key, fen, square):
    board = Board(fen)
    ends = sorted(board.variant.square_name(m.end) for m in board.legal_moves())
    why = (f"A dama vai a {', '.join(ends)}: {len(ends)} casas nas duas diagonais que passam por {square} "
           f"(regra 3.9).")
    return quantos(key, f"Uma dama branca em {square}, no tabuleiro vazio: a quantas casas ela pode ir?",
                   len(ends), why, f"conte as casas das duas diagonais que passam por {square}.",
                   figure=desenho(board, title=f"A dama em {square}"))


def _man_moves(key, fen, square):
    board = Board(fen)
    ends = [board.variant.square_name(m.end) for m in board.legal_moves()]
    why = (f"Só {', '.join(f'{square}-{e}' for e in ends)}: a pedra anda uma casa para a frente, na diagonal "
           f"(regra 3.4), e {square} fica na beira do tabuleiro.")
    return quantos(key, f"No tabuleiro vazio, quantos lances tem uma pedra branca na casa {square}?",
                   len(ends), why, f"a pedra só anda para a frente, e {square} fica na beira do tabuleiro.",
                   figure=desenho(board, title=f"Uma pedra em {square}"))


def _sacrifice():
    from damas.problems.puzzles import Puzzle
    return Puzzle("W:W22,25,29:B8,13,15", goal="win", max_plies=3, title="Sacrifício e tomada tripla")


EXERCISES = {
    "movimento": lambda: [
        _man_moves("movimento/ex1", "W:Wh2:B", "h2"),
        _queen_squares("movimento/ex2", "W:WKc3:B", "c3"),
        SetupTask("movimento/ex3", "Monte a posição", "Coloque pedras e escolha quem joga: as pretas jogam e podem "
                  "coroar uma pedra no próximo lance.", black_can_promote),
    ],
    "tomada": lambda: [
        _count_question("tomada/ex1", "W:Wg1:Bf2,d4,d6,f6",
                        "Quantas peças pretas a pedra branca de g1 toma?",
                        "a pedra toma para a frente e para trás, e não pode parar no meio (regras 4.2 e 4.5).",
                        "A pedra de g1 toma"),
        tome("tomada/ex2", "W:WKd2:Bc3,b6,e5", "A dama de d2 tem de tomar",
             "Faça a tomada inteira, clicando em cada casa onde a dama para: ela escolhe onde cair para "
             "continuar tomando (regras 4.3 e 4.6)."),
        _who_captures("tomada/ex3", "W:Wb4,f4,g3:Be3,a7,c7", "As brancas jogam. Que pedra branca é obrigada a tomar?"),
    ],
    "lei-da-maioria": lambda: [
        tome("lei-da-maioria/ex1", "B:Wb6,c3,d4,f4,f6:Ba7,e5,Kh8", "As pretas são obrigadas a tomar",
             "Conte as peças de cada tomada possível antes de jogar (regra 4.13)."),
        _count_question("lei-da-maioria/ex2", "W:Wc1,g3,Kh8:Bd2,b6,d4,f4,f6",
                        "As brancas jogam. Quantas peças elas são obrigadas a tomar?",
                        "experimente cada peça branca: a pedra e a dama tomam em cadeia (regras 4.5 e 4.6).",
                        "As brancas jogam"),
    ],
}

_EXERCISE_CACHE = {}


def exercicios(chapter: str) -> list:
    """The exercises of ``chapter``, made once per kernel."""
    chapter = _slug(chapter)
    if chapter not in _EXERCISE_CACHE:
        _EXERCISE_CACHE[chapter] = EXERCISES[chapter]()
    return _EXERCISE_CACHE[chapter]


def exercicio(chapter: str, n: int):
    """Exercise ``n`` (1-based) of ``chapter``, to answer by clicking."""
    return exercicios(chapter)[n - 1]


#: A position that fits each setup exercise (for the teacher's check).
SETUP_EXAMPLES = {"movimento/ex3": ("B:W:Bf2", "W:W:Bf2")}


def conferir(chapter: str) -> str:
    """The teacher's check of a chapter's exercises and quiz: every right
    answer is judged right and every other one wrong, every board task can
    be done, by the rules package.  Raises AssertionError if not; returns a
    line that gives no answer away."""
    slug = _slug(chapter)
    items = list(exercicios(slug)) if slug in EXERCISES else []
    if slug in TASKS:
        items += TASKS[slug]
    if slug in QUIZZES:
        items.append(QUIZZES[slug])
    return f"Capítulo {chapter}: {_check_items(items)} respostas conferidas pelas regras."


# -- the glossary's figures -------------------------------------------------------------------------
def diagonal(board, start: str, end: str) -> list:
    """The names of the squares from ``start`` to ``end`` along a diagonal
    (both included), asked of the board's geometry."""
    v = board.variant
    (r0, c0), (r1, c1) = v.square_to_rc(v.parse_square(start)), v.square_to_rc(v.parse_square(end))
    if abs(r1 - r0) != abs(c1 - c0) or r0 == r1:
        raise DamasError(f"{start} e {end} não estão na mesma diagonal.")
    dr, dc = (1 if r1 > r0 else -1), (1 if c1 > c0 else -1)
    return [v.square_name(v.rc_to_square(r0 + i * dr, c0 + i * dc)) for i in range(abs(r1 - r0) + 1)]


def figura_do_glossario(term: str):
    """A figure for a glossary word: 'grande diagonal', 'bi-diagonal', 'tri-diagonal', 'desvio'."""
    empty = Board("W:W:B")
    lines = {
        "grande diagonal": [("a1", "h8")],
        "bi-diagonal": [("g1", "a7"), ("h2", "b8")],
        "tri-diagonal": [("c1", "a3"), ("f8", "h6"), ("c1", "h6"), ("a3", "f8")],
        "desvio": [("e1", "h4"), ("h4", "d8"), ("d8", "a5"), ("a5", "e1")],
    }[term]
    squares = sorted({s for a, b in lines for s in diagonal(empty, a, b)})
    return desenho(empty, highlight=squares, title=term.capitalize())


# -- more exercise builders (chapters 01, 02, 06-09, 11, 12) ----------------------------------------
def _order(key, options, right_index, why):
    """Shuffle options deterministically by ``key`` (the right one is not always first)."""
    n = len(options)
    shift = sum(map(ord, key)) % n
    idx = [(i + shift) % n for i in range(n)]
    return [options[i] for i in idx], idx.index(right_index), [why[i] for i in idx]


def numero_da_casa(key, name, variant="brazilian"):
    """"What is the number of square ``name``?" on the empty board."""
    board = Board("W:W:B", variant=variant)
    v = board.variant
    n = v.parse_square(name)
    row = v.square_to_rc(n)[0]
    same_row = [s for s in v.square_range if v.square_to_rc(s)[0] == row]
    why = (f"{name} é a casa {n}: a travessa dela tem as casas {same_row[0]} a {same_row[-1]} "
           f"({', '.join(v.square_name(s) for s in same_row)}), numeradas da esquerda para a direita, "
           f"de cima para baixo (regra 2.6).")
    return quantos(key, f"Qual é o número da casa {name} no tabuleiro de {v.size * v.size} casas?", n, why,
                   "conte as casas escuras de cima para baixo e, em cada travessa, da esquerda para a direita.",
                   figure=desenho(board, coordinates="algebraic", title="Os nomes das casas"))


def lance_em_numeros(key, board, text):
    """"Write ``text`` in numeric notation": pick it among near misses."""
    move = board.parse_move(text)
    numeric = board.move_text(move, notation="numeric")
    sep = "x" if move.captured else "-"
    other = "-" if sep == "x" else "x"
    a, b = numeric.split(sep)[0], numeric.split(sep)[-1]
    options = [numeric, f"{b}{sep}{a}", f"{a}{other}{b}"]
    why = [f"{text} = {numeric}: cada nome vira o número da casa, e o sinal fica (regra 8.2).",
           "A ordem está trocada: primeiro a casa de partida, depois a de chegada (regra 8.2.1).",
           f"O sinal está errado: '-' é movimento simples, 'x' é tomada (regras 8.2.2 e 8.2.3)."]
    options, right, why = _order(key, options, 0, why)
    return escolha(key, f"Como se escreve {text} em notação numérica?", options, right, why,
                   figure=desenho(board, arrows=[move], coordinates="both", title=text))


def casas_da_tabela(key, side="direita"):
    board = Board("W:W:B")
    v = board.variant
    col = v.size - 1 if side == "direita" else 0
    table = [s for s in v.square_range if v.square_to_rc(s)[1] == col]
    other = [s for s in v.square_range if v.square_to_rc(s)[1] == (v.size - 1 - col)]
    top = [s for s in v.square_range if v.square_to_rc(s)[0] == 0]
    fmt = lambda xs: ", ".join(map(str, xs))
    options = [fmt(table), fmt(other), fmt(top)]
    why = [f"A tabela {side} é a coluna {'h' if col else 'a'}: casas {fmt(table)} "
           f"({', '.join(v.square_name(s) for s in table)}) (regra 2.5.2).",
           f"Essa é a tabela do outro lado ({', '.join(v.square_name(s) for s in other)}).",
           "Essa é a base das pretas, a travessa de cima (regra 2.5.1), não uma tabela."]
    options, right, why = _order(key, options, 0, why)
    return escolha(key, f"Quais são as casas da tabela {side} no tabuleiro de 64 casas?", options, right, why,
                   figure=desenho(board, coordinates="numbers", title="Casas 1 a 32"))


def qual_irregularidade(key, fen, attempts):
    """For each attempt: which irregularity of rule 5.4 it is (the package's own citation)."""
    import re as _re
    from damas.rules.explain import explain
    board = Board(fen)
    found = []
    for attempt in attempts:
        verdict = explain(board, attempt)
        number = _re.search(r"5\.4\.\d\d", verdict.message)
        found.append((attempt, number.group() if number else None, verdict.message))
    choices = sorted({n for _a, n, _m in found if n})
    questions = []
    for attempt, number, message in found:
        why = [message if c == number else f"Não é {c}. Releia a lista da regra 5.4." for c in choices]
        questions.append(Question(f"As brancas tentam {attempt}. Qual é a irregularidade?", choices,
                                  choices.index(number), why))
    questions[0].figure = desenho(board, title="As brancas jogam")
    return Quiz(key, questions, "Qual é a irregularidade?")


def pecas_que_saem(key, fen, text):
    board = Board(fen)
    move = board.parse_move(text)
    taken = nomes(board, move.captured)
    others = [board.variant.square_name(s) for s in board.men(BLACK) + board.kings(BLACK)
              if s not in move.captured]
    options = [", ".join(taken), ", ".join(taken[:-1] + others[:1]), ", ".join(taken[:-1])]
    why = [f"Saem exatamente as peças saltadas: {', '.join(taken)} (regra 4.11).",
           f"{others[0]} não foi saltada: tirá-la é a irregularidade 5.4.12.",
           "Faltou uma peça tomada: tirar menos peças do que as tomadas é a irregularidade 5.4.11."]
    options, right, why = _order(key, options, 0, why)
    return escolha(key, f"As brancas jogam {text}. Quais pedras pretas saem do tabuleiro?", options, right, why,
                   figure=desenho(board, title=f"As brancas jogam {text}"))


def qual_regra_do_fim(key, fen):
    from damas.rules.game import Game
    result = Game(Board(fen)).result()
    options = ["7.2.2", "7.2.3", "6.1", "A partida não terminou"]
    right = options.index(result.article) if result.article in options else 3
    why = {"7.2.2": "7.2.2: quem tem o lance e não pode jogar perde.",
           "7.2.3": "7.2.3: perde quem já perdeu todas as peças.",
           "6.1": "6.1 é o empate pela repetição da mesma posição.",
           "A partida não terminou": "Há lance possível para quem joga: a partida continua."}
    texts = [why[o] + (f" Aqui: {result.reason}" if i == right and result.reason else "") for i, o in enumerate(options)]
    return escolha(key, "A partida já terminou? Por qual regra?", options, right, texts,
                   figure=desenho(Board(fen), title="As pretas jogam"))


def zera_contagem(key, game):
    """Which move of White puts the king-move count (rule 6.2) back to zero?"""
    from damas.rules.game import Game
    board = game.board
    options, answers, why = [], [], []
    for i, move in enumerate(board.legal_moves()):
        text = board.move_text(move)
        copy = Game(board)
        copy.push(move)
        options.append(text)
        if copy.king_moves_count() == 0:
            answers.append(i)
            why.append(f"Depois de {text} a contagem volta a zero: a regra 6.2 conta só lances de dama sem tomada.")
        else:
            why.append(f"{text} é um lance de dama sem tomada: a contagem continua subindo (regra 6.2).")
    return escolha(key, f"As damas já andaram {game.king_moves_count()} lances seguidos. Que lance das brancas "
                   "faz a contagem voltar a zero?", options, tuple(answers), why,
                   figure=desenho(board, title="Brancas jogam"))


def sinal_do_lance(key, meaning="péssimo"):
    options = ["!", "!!", "?", "??"]
    why = ["! é lance bom, forte (regra 9.1.3).", "!! é lance ótimo, muito forte (regra 9.1.4).",
           "? é lance fraco, mau (regra 9.1.5).", "?? é lance muito fraco, péssimo (regra 9.1.6)."]
    return escolha(key, f"Um comentarista achou que um lance foi {meaning}. Que sinal ele escreve depois do lance?",
                   options, 3, why)


def lances_em_numeros(key, game, n=4):
    """The first ``n`` moves of ``game`` in numeric notation, among near misses."""
    right = game.notation_list("numeric")[:n]
    dashes = [t.replace("x", "-") for t in right]
    algebraic = game.notation_list()[:n]
    options = [" ".join(right), " ".join(dashes), " ".join(algebraic)]
    why = ["Cada nome vira o número da casa, e as tomadas levam x (regras 8.2.2 e 8.2.3).",
           "Quase: as tomadas levam x, não hífen (regra 8.2.3).",
           "Essa é a notação algébrica, com letras e números; a numérica usa só os números das casas (regra 8.1)."]
    options, r, why = _order(key, options, 0, why)
    return escolha(key, f"Como se escrevem em notação numérica os lances {' '.join(algebraic)}?", options, r, why)


def qual_pdn(key):
    from damas.rules.game import Game
    game = Game()
    for text in ["e3-f4", "b6-a5", "f4-g5", "h6xf4"]:
        game.push(text)
    moves = game.notation_list()
    head = '[White "Eva"]\n[Black "Fábio"]\n[GameType "{g}"]\n[Result "*"]\n\n'
    line = f"1. {moves[0]} {moves[1]} 2. {moves[2]} {moves[3]} *"
    options = [head.format(g=26) + line, head.format(g=26) + line.replace("x", "-"), head.format(g=20) + line]
    why = ["Etiquetas certas, GameType 26 (damas brasileiras), e a tomada escrita com x (regra 8.2.3).",
           "A tomada h6xf4 foi escrita com hífen: numa tomada o sinal é x (regra 8.2.3).",
           "GameType 20 são as damas internacionais; as brasileiras são 26."]
    options, r, why = _order(key, options, 0, why)
    return escolha(key, "Qual é o PDN certo da partida Eva (brancas) x Fábio (pretas), 1. e3-f4 b6-a5 "
                   "2. f4-g5 h6xf4, interrompida aí?", options, r, why)


def melhor_lance_do_computador(key, board, depth=4):
    from damas.engine.search import best_move
    best = best_move(board, depth=depth)
    moves = board.legal_moves()
    options = [board.move_text(m) for m in moves]
    why = [f"Com profundidade {depth}, o computador escolhe {board.move_text(best)}." if m == best else
           f"O computador, com profundidade {depth}, prefere outro lance." for m in moves]
    return escolha(key, f"Na posição inicial, que lance o computador escolhe com profundidade {depth}?",
                   options, moves.index(best), why)


def tomada_do_exercicio(key, pdn_game, title):
    """A capture exercise of a PDN collection, on the board (any allowed capture is right)."""
    board = pdn_game.initial_board()
    return tome(key, board.fen(), title, variant=board.variant.name)


def treino_de_tomadas(pdn_games, key: str) -> Stage:
    """Every capture exercise of a PDN collection on one board, in order,
    free to go forward and back (``key``/1, ``key``/2, ... keep the stars)."""
    games = list(pdn_games)
    if not games:
        raise DamasError("A coleção de exercícios está vazia: não há tomada para treinar.")
    return Stage([tomada_do_exercicio(f"{key}/{i}", game, game.tags.get("Event") or f"Exercício {i}")
                  for i, game in enumerate(games, 1)], free=True)


def conferir_itens(*items) -> str:
    """The teacher's check of exercises made in a chapter (see :func:`conferir`)."""
    return f"{_check_items(items)} respostas conferidas pelas regras."


def _check_items(items) -> int:
    """Check each item by the rules package (AssertionError if one fails); return how many
    answers were checked: every option of a quiz, a board task done by its shortest line, a
    set-up task on its good and bad examples, every problem of a trainer proven."""
    n = 0
    for item in items:
        if isinstance(item, Quiz):
            for q, question in enumerate(item.questions):
                for o in range(len(question.options)):
                    assert item.judge(q, o)[0] == question.is_right(o), (item.key, q, o)
                n += 1
        elif isinstance(item, BoardTask):
            line = item.shortest()
            assert line is not None and item.judge(line).done, item.key
            n += 1
        elif isinstance(item, SetupTask):
            good, bad = SETUP_EXAMPLES[item.key]
            assert item.check_fn(Board(good))[0] and not item.check_fn(Board(bad))[0], item.key
            n += 1
        elif hasattr(item, "puzzles"):           # a trainer: each problem proven
            from damas.problems.puzzles import solve
            for p in item.puzzles:
                assert solve(p).proven, p.title
                n += 1
    return n


def solucao_recolhida(text: str, label: str = "Ver a solução"):
    """A solution folded away (one click opens it), as safe HTML."""
    from damas.display.output import HTMLText
    return HTMLText(f"<details><summary><b>{escape(label)}</b> (clique para abrir)</summary>"
                    f"<p>{escape(text)}</p></details>")


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
        if isinstance(level, bool) or level not in LEVELS:
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


def contra_o_computador(nivel: int = 1) -> ComputerGame:
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


def partida_comentada(games, index: int = 0) -> AnnotatedGame:
    """The game ``index`` of ``games`` (PDN games) to replay, with its comments."""
    return AnnotatedGame(games, index)

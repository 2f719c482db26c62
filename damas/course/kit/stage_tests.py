"""The stage tests: about ten mixed tasks and questions after chapters 04, 07 and 09, then a diploma.

The Steps Method closes each step with a test and a certificate.  The course has three stages
with a test (:data:`damas.course.kit.diplomas.STAGES`): «regras» (chapters 01 to 04, its test in
chapter 04), «tomadas» (05 to 07, in chapter 07) and «finais» (08 and 09, in chapter 09).  The
items are data, in the ``"stage_test"`` key of the chapter's texts JSON (checked by
:mod:`damas.course.kit.play_texts`; every task's par and every question's fact proven by the
tests): board tasks (:class:`damas.course.kit.tasks.BoardTask`: only the student's side moves,
the rules judge every move) and questions (:class:`damas.course.kit.quiz.Question`: each answer
explained, with the rule).

One item at a time; the next opens when the item is done (a task's goal reached, a question
answered right).  Mistakes follow the course's one star rule (:mod:`damas.course.kit.stars`): a
wrong option chosen, a move the rules refused, a move more than the par, a task started again.
When the last item is done, the result is saved in the progress file (``"provas"``: the stars,
the items right at the first try, the day) and «Baixar meu diploma» appears
(:func:`damas.course.kit.diplomas.diploma_link`): the diploma is made from the progress file.

A chapter places it with a hidden cell: ``stage_test("regras")``.
"""

from __future__ import annotations

import datetime as _dt
from functools import lru_cache
from html import escape

from damas.course.kit.diplomas import STAGES, diploma_link
from damas.course.kit.figures import FIGURE_SIZE
from damas.course.kit.play_texts import STAGE_CHAPTERS
from damas.course.kit.quiz import Question
from damas.course.kit.sentences import after_verdict
from damas.course.kit.stars import stars_for, stars_text
from damas.course.kit.tasks import BoardTask
from damas.display.output import img_tag, show_widget
from damas.display.svg import board_svg
from damas.errors import DamasError
from damas.rules.args import checked
from damas.rules.board import BLACK, WHITE, Board

__all__ = ["StageTest", "stage_test", "stage_data", "STAGE_TEXTS"]

STAGE_TEXTS = {
    "head": "{title} — item {i} de {n}",
    "task_head": "Tarefa no tabuleiro: {title}",
    "question_head": "Pergunta",
    "next": "Próximo item ▶",
    "restart": "Recomeçar a tarefa",
    "task_done": "Tarefa cumprida em {moves}.",
    "task_going": "Lance {n}: {text}. Continue.",
    "task_stuck": "A tarefa não foi cumprida assim. Clique em «Recomeçar a tarefa».",
    "right": "Certo! ",
    "wrong": "Ainda não. ",
    "locked": "Termine este item para abrir o próximo.",
    "finished": "Prova terminada: {right} de {n} itens certos na primeira tentativa. Estrelas: {stars}.",
    "best": "Seu melhor resultado nesta prova: {stars} ({right} de {n}), em {date}.",
    "not_saved": "(O resultado não foi gravado: {error})",
    "static": "{title}: {n} itens (rode a célula para fazer a prova).",
    "unknown": "Etapa desconhecida: {value}. As etapas com prova são: {known}.",
}

_CHAPTER_OF = {stage: slug for slug, stage in STAGE_CHAPTERS.items()}


@lru_cache(maxsize=None)
def _data(stage: str) -> dict:
    from damas.course.kit.chapter_texts import TEXTS_DIR, read_texts
    return read_texts(TEXTS_DIR / f"{_CHAPTER_OF[stage]}.json")["stage_test"]


def _check_stage(stage) -> str:
    if not isinstance(stage, str) or stage not in _CHAPTER_OF:
        raise DamasError(STAGE_TEXTS["unknown"].format(value=repr(stage), known=", ".join(f"«{s}»" for s in STAGES)))
    return stage


def stage_data(stage: str) -> dict:
    """The ``"stage_test"`` entry of ``stage``'s chapter file (a copy)."""
    import copy
    return copy.deepcopy(_data(_check_stage(stage)))


def _plural(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


class _TaskItem:
    """A board task of the test: the live board, the moves, the mistakes."""

    kind = "task"

    def __init__(self, stage: str, i: int, item: dict, on_done):
        self.task = BoardTask(f"{stage}/prova-{i + 1}", item["fen"], item["goal"], item["par"], item["title"],
                              item["text"])
        self.text = item["text"]
        self.on_done = on_done
        self.widget = None
        self.moves = 0
        self.mistakes = 0
        self.done = False

    def board(self):
        if self.widget is None:
            from damas.widget.board import BoardWidget
            task = self.task
            self.widget = BoardWidget(task.board(), flipped=task.side == BLACK, solo=task.side)
            self.widget.add_class("damas-stage-task")
            self.widget.on_move(self._moved)
            self.widget.on_refused(self._refused)
            self.widget.show_message(self.text)
        return self.widget

    def _refused(self, _message):
        if not self.done:
            self.mistakes += 1

    def _moved(self, event):
        if event.by != "click" or self.done:
            return
        task, widget = self.task, self.widget
        self.moves += 1
        if task._reached(task.board0, widget.board, self.moves):
            self.done = True
            self.mistakes += max(0, self.moves - task.par)
            widget.lock(WHITE, BLACK)
            widget.show_message(STAGE_TEXTS["task_done"].format(moves=_plural(self.moves, "lance", "lances")),
                                "success")
            self.on_done()
        elif not widget.board.legal_moves() or self.moves >= task.limit:
            widget.lock(WHITE, BLACK)
            widget.show_message(STAGE_TEXTS["task_stuck"], "error")
        else:
            widget.show_message(STAGE_TEXTS["task_going"].format(n=self.moves, text=event.text))

    def restart(self):
        """The task's position again; starting again is a mistake (the course's rule)."""
        if self.done or self.widget is None:
            return
        self.mistakes += 1
        self.moves = 0
        with self.widget.hold_sync():
            self.widget.unlock()
            self.widget.set_fen(self.task.fen)
            self.widget.show_message(self.text)


class _QuestionItem:
    """A question of the test: the options, the explanations, the mistakes."""

    kind = "question"

    def __init__(self, item: dict, on_done):
        figure = board_svg(Board(item["fen"]), size=FIGURE_SIZE) if "fen" in item else None
        self.question = Question(item["text"], item["options"], item["answer"], item["why"], figure=figure)
        self.on_done = on_done
        self.mistakes = 0
        self.done = False
        self.feedback = ""

    def answer(self, option: int) -> tuple[bool, str]:
        question = self.question
        if isinstance(option, bool) or not isinstance(option, int) or not 0 <= option < len(question.options):
            raise DamasError(f"Opção inexistente: {option!r}; as opções vão de 0 a {len(question.options) - 1}.")
        right = question.is_right(option)
        if not self.done:
            if right:
                self.done = True
            else:
                self.mistakes += 1
        self.feedback = after_verdict(STAGE_TEXTS["right"] if right else STAGE_TEXTS["wrong"], question.why[option])
        if right and self.done:
            self.on_done()
        return right, self.feedback


class StageTest:
    """The stage test of ``stage`` («regras», «tomadas», «finais»), one item at a time, then the
    diploma.  Pure-Python path: :meth:`answer` (the current question), the current task's
    ``board()`` clicked, :meth:`next`."""

    def __init__(self, stage: str):
        self.stage = _check_stage(stage)
        data = _data(stage)
        self.title = data["title"]
        self.intro = data["intro"]
        self.items = [_TaskItem(stage, i, item, self._item_done) if item["kind"] == "task"
                      else _QuestionItem(item, self._item_done) for i, item in enumerate(data["items"])]
        self.index = 0
        self.result = None          # the saved result: (stars, right), once every item is done
        self.note = ""
        self._box = None

    @property
    def current(self):
        return self.items[self.index]

    def answer(self, option: int) -> tuple[bool, str]:
        """Choose ``option`` (0-based, as shown) for the current item, a question."""
        item = self.current
        if item.kind != "question":
            raise DamasError("Este item é uma tarefa no tabuleiro, não uma pergunta.")
        out = item.answer(option)
        self._refresh()
        return out

    def next(self) -> bool:
        """Open the next item, if the current one is done (True when it moved on)."""
        if self.current.done and self.index < len(self.items) - 1:
            self.index += 1
            self._refresh()
            return True
        self._refresh()
        return False

    def mistakes(self) -> int:
        return sum(item.mistakes for item in self.items)

    def stars(self) -> int:
        """The stars of this run by the course's one rule (0 until every item is done)."""
        if not all(item.done for item in self.items):
            return 0
        return stars_for(self.mistakes())

    def right_first_time(self) -> int:
        return sum(1 for item in self.items if item.done and item.mistakes == 0)

    def _item_done(self):
        if all(item.done for item in self.items) and self.result is None:
            self._finish()
        self._refresh()

    def _finish(self, today: _dt.date | None = None):
        from damas.course.kit.progress import ProgressError
        from damas.course.kit.store import _progress
        self.result = (self.stars(), self.right_first_time())
        store = _progress()
        try:
            if isinstance(store, ProgressError):
                raise store
            store.record_stage(self.stage, self.result[0], self.result[1], len(self.items),
                               (today or _dt.date.today()).isoformat())
        except ProgressError as error:
            self.note = STAGE_TEXTS["not_saved"].format(error=error)

    def finished_text(self) -> str:
        if self.result is None:
            return ""
        stars, right = self.result
        return STAGE_TEXTS["finished"].format(right=right, n=len(self.items), stars=stars_text(stars))

    def best_text(self) -> str:
        from damas.course.kit.diplomas import date_text
        from damas.course.kit.store import _progress
        store = _progress()
        best = None if isinstance(store, Exception) else store.stage_result(self.stage)
        if best is None:
            return ""
        return STAGE_TEXTS["best"].format(stars=stars_text(best["estrelas"]), right=best["acertos"],
                                          n=best["itens"], date=date_text(best["data"]))

    def diploma_html(self) -> str:
        """«Baixar meu diploma» once the test is passed (from the progress file), else ''."""
        from damas.course.kit.store import _progress
        store = _progress()
        if isinstance(store, Exception) or store.stage_result(self.stage) is None:
            return ""
        return diploma_link(self.stage, store)

    # -- the widgets ----------------------------------------------------------------------------
    def _item_view(self):
        import ipywidgets as widgets
        item = self.current
        if item.kind == "task":
            head = widgets.HTML(f"<b>{escape(STAGE_TEXTS['task_head'].format(title=item.task.title))}</b>"
                                f"<br>{escape(item.text)}")
            restart = widgets.Button(description=STAGE_TEXTS["restart"])
            restart.on_click(lambda _b: item.restart())
            return widgets.VBox([head, item.board(), restart])
        question = item.question
        rows = [widgets.HTML(f"<b>{escape(STAGE_TEXTS['question_head'])}</b><br>{escape(question.text)}")]
        if question.figure is not None:
            rows.append(widgets.HTML(img_tag(question.figure)))
        buttons = []
        for o, option in enumerate(question.options):
            button = widgets.Button(description=option, tooltip=option, layout=widgets.Layout(width="auto"))
            button.add_class("damas-stage-option")
            button.on_click(lambda _b, o=o: self.answer(o))
            buttons.append(button)
        rows.append(widgets.HBox(buttons, layout=widgets.Layout(flex_flow="row wrap")))
        self._feedback = widgets.HTML()
        rows.append(self._feedback)
        return widgets.VBox(rows)

    def _refresh(self):
        if self._box is None:
            return
        item = self.current
        self._head.value = (f"<b>{escape(STAGE_TEXTS['head'].format(title=self.title, i=self.index + 1, n=len(self.items)))}"
                            f"</b>")
        if self._shown != self.index:
            self._holder.children = [self._item_view()]
            self._shown = self.index
        if item.kind == "question" and item.feedback:
            colour = "#1a7f37" if item.done else "#b42318"
            self._feedback.value = f'<span style="color:{colour}">{escape(item.feedback)}</span>'
        last = self.index == len(self.items) - 1
        self._next.disabled = last or not item.done
        self._next.layout.display = "none" if last else None
        self._note.value = "" if item.done or last else escape(STAGE_TEXTS["locked"])
        end = [self.finished_text(), self.note, self.best_text()]
        self._end.value = "".join(f"<p>{escape(t)}</p>" for t in end if t) + self.diploma_html()

    def box(self):
        if self._box is None:
            import ipywidgets as widgets
            self._head = widgets.HTML()
            self._holder = widgets.VBox()
            self._shown = None
            self._next = widgets.Button(description=STAGE_TEXTS["next"])
            self._next.add_class("damas-stage-next")
            self._next.on_click(lambda _b: self.next())
            self._note = widgets.HTML()
            self._end = widgets.HTML()
            self._end.add_class("damas-stage-end")
            self._box = widgets.VBox([widgets.HTML(f"<p>{escape(self.intro)}</p>"), self._head, self._holder,
                                      widgets.HBox([self._next, self._note]), self._end])
            self._box.add_class("damas-stage-test")
            self._refresh()
        return self._box

    def static_html(self) -> str:
        return f"<p><b>{escape(self.title)}</b></p><p>{escape(self.intro)}</p>"

    def _ipython_display_(self):  # pragma: no cover - needs a notebook front end
        show_widget(self.box(), html=self.static_html(), text=repr(self))

    def __repr__(self) -> str:
        return f"StageTest({self.stage!r}, {len(self.items)} itens)"


@checked()
def stage_test(stage: str) -> StageTest:
    """The stage test of ``stage``: «regras» (chapter 04), «tomadas» (07) or «finais» (09), with
    «Baixar meu diploma» at its end."""
    return StageTest(stage)

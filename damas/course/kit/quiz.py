"""Quizzes: multiple choice by clicking; each answer, right or wrong, is explained."""

from __future__ import annotations

import zlib

from html import escape

from damas.display.output import img_tag, show_widget
from damas.errors import DamasError
from damas.rules.args import refuse, text as check_text
from damas.course.kit.stars import stars_for, stars_text
from damas.course.kit.words import TEXTS
from damas.course.kit.sentences import after_verdict
from damas.course.kit import store as _store

__all__ = ["Question", "Quiz"]

# -- quizzes -----------------------------------------------------------------------------
class Question:
    """One question: ``text``, ``options`` (texts), ``answer`` (index of
    the right one) and ``why`` (one explanation per option, citing the rule)."""

    def __init__(self, text, options, answer, why, figure=None):
        check_text(text, "text")
        if not isinstance(options, (list, tuple)) or not options:
            raise refuse("options", "uma lista de opções", options)
        if not isinstance(why, (list, tuple)) or not all(isinstance(w, str) for w in why):
            raise refuse("why", "uma lista de explicações (textos), uma por opção", why)
        if not (type(answer) is int or isinstance(answer, (list, tuple)) and all(type(a) is int for a in answer)):
            raise refuse("answer", "o número da opção certa (0 é a primeira), ou uma lista deles", answer)
        answers = (answer,) if isinstance(answer, int) else tuple(answer)
        if not answers or not all(0 <= a < len(options) for a in answers) or len(why) != len(options):
            raise DamasError(TEXTS["bad_answer"].format(q=text, o=answer))
        options, why = list(options), list(why)
        # The right option is not always in the same place (a reader would learn to click the first
        # one): the options turn by an amount fixed by the question's text, so every run shows the
        # same order.  Numbers keep their order (``count_question`` already places the right one).
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

    ``key`` saves the stars, by the course's one rule (:mod:`damas.course.kit.stars`): each
    wrong option chosen before its question is answered right is a mistake (reading the other
    options afterwards costs nothing).  A quiz shown again shows the stars already earned.
    :meth:`answer` is the pure-Python path."""

    def __init__(self, key, questions, title="Questionário"):
        check_text(key, "key", empty=False)
        if not isinstance(questions, (list, tuple)) or not questions or not all(isinstance(q, Question) for q in questions):
            raise refuse("questions", "uma lista de perguntas (Question)", questions)
        check_text(title, "title")
        self.key = key
        self.questions = list(questions)
        self.title = title
        self.first = {}      # question -> right at the first try?
        self.right = set()   # questions answered right (at some try)
        self.feedback = {}   # question -> last explanation shown
        self.wrong = set()   # (question, option): wrong options chosen before the right one
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
        return right, after_verdict(TEXTS["right"] if right else TEXTS["wrong"], question.why[option])

    def answer(self, q: int, option: int) -> tuple[bool, str]:
        """Choose ``option`` for question ``q`` (0-based): (right?, explanation)."""
        if not 0 <= q < len(self.questions) or not 0 <= option < len(self.questions[q].options):
            raise DamasError(TEXTS["bad_answer"].format(q=q, o=option))
        question = self.questions[q]
        right = question.is_right(option)
        self.first.setdefault(q, right)
        if right:
            self.right.add(q)
        elif q not in self.right:
            self.wrong.add((q, option))
        text = after_verdict(TEXTS["right"] if right else TEXTS["wrong"], question.why[option])
        self.feedback[q] = (right, text)
        if len(self.right) == len(self.questions) and self.saved is None:
            self.saved = _store._record(self.key, self.stars())
        self._refresh()
        return right, text

    def stars(self) -> int:
        """The stars of this run, by the course's rule (0 until every question is right)."""
        if len(self.right) < len(self.questions):
            return 0
        return stars_for(len(self.wrong))

    def earned(self) -> int:
        """The best stars saved for this quiz (0 if none, or if the progress cannot be read)."""
        store = _store._progress()
        return 0 if isinstance(store, Exception) else store.stars(self.key)

    def score_text(self) -> str:
        earned = self.earned()
        if not self.first:          # nothing answered yet (a new kernel, say)
            return TEXTS["quiz_earned"].format(stars=stars_text(earned)) if earned else ""
        n = sum(1 for v in self.first.values() if v)
        text = TEXTS["quiz_score"].format(right=n, n=len(self.first))
        if len(self.right) == len(self.questions):
            stars = self.stars()
            text += TEXTS["quiz_stars"].format(stars=stars_text(stars))
            if earned > stars:
                text += TEXTS["quiz_record"].format(stars=stars_text(earned))
            if self.saved and self.saved[1]:
                text += " " + self.saved[1]
        elif earned:
            text += TEXTS["quiz_record"].format(stars=stars_text(earned))
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
            self._score.value = escape(self.score_text())
            self._refresh()
        return self._box

    def _ipython_display_(self):  # pragma: no cover - needs a notebook front end
        show_widget(self.box(), html=self.static_html(), text=repr(self))

    def __repr__(self):
        return f"Quiz({self.key!r}, {len(self.questions)} perguntas)"

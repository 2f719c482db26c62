"""The board tasks, exercises and quizzes of each chapter, read from ``damas/course/texts/*.json``.

One JSON file per chapter, named by the chapter's slug (:mod:`damas.course.kit.chapter_list`)::

    {"chapter": "tomada",
     "tasks": [{"key": "tomada/todas-1", "fen": "W:Wc3:Bd4,f6", "goal": "capture_all",
                "par": 1, "title": "...", "text": "..."}, ...],
     "exercises": [{"kind": "capture_count", "key": "tomada/ex1", "fen": "...", "text": "...",
                    "hint": "...", "figure_title": "..."}, ...],
     "quiz": {"key": "tomada/quiz", "title": "...",
              "questions": [{"text": "...", "options": ["...", ...], "answer": 0,
                             "why": ["...", ...]}, ...]}}

``tasks``, ``exercises`` and ``quiz`` are each optional; ``summary``, ``classmate`` and ``stage_test``
(the summary sheet, «Jogue com um colega» and the stage test) are described and checked by
:mod:`damas.course.kit.play_texts`.  A task's ``goal`` is one of
:data:`damas.course.kit.tasks.GOALS`; its ``text`` is the instruction, one sentence of at most
:data:`TASK_WORDS` words; a ``reach`` task names its ``target`` square (``"e5"``), a ``material``
task may say its ``gain`` (pieces, default 1), a task on the 100-square board its ``variant``
(``"international"``).  An exercise's ``kind`` names the
builder of :mod:`damas.course.kit.exercises` that makes it (and asks the rules for its answer):
:data:`EXERCISE_FIELDS` lists the fields of each kind.  ``answer`` is the index of the right option as
written (or a list of indices); ``why`` has one explanation per option.  Each par is the
fewest moves against the best defence, proven by BoardTask.shortest in
tests/course/kit/test_tasks.py.  :func:`check_texts`
refuses a broken file with a message that says where it is broken; the files are read
once, when this module is imported.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from damas.errors import DamasError
from damas.course.kit.quiz import Question, Quiz
from damas.course.kit.tasks import GOALS, BoardTask, Stage
from damas.rules.args import checked

__all__ = ["TEXTS_DIR", "TASKS", "TASK_WORDS", "QUIZZES", "EXERCISE_DATA", "EXERCISE_FIELDS", "SETUP_CHECKS", "check_texts",
           "read_texts", "chapter_stage", "chapter_quiz"]

#: The folder of the chapters' data files.
TEXTS_DIR = Path(__file__).resolve().parents[1] / "texts"

_TOP = {"chapter", "tasks", "exercises", "quiz", "summary", "classmate", "stage_test"}
_TASK = {"key", "fen", "goal", "par", "title", "text", "target", "gain", "variant"}
#: The most words of a task's instruction (one sentence, a child's words: issue 42).
TASK_WORDS = 20
_VARIANTS = ("brazilian", "international")
_QUIZ = {"key", "title", "questions"}
_QUESTION = {"text", "options", "answer", "why"}
#: kind of exercise -> its fields (every one required, each a non-empty text), besides ``kind``
EXERCISE_FIELDS = {
    "man_moves": ("key", "fen", "square"),
    "queen_squares": ("key", "fen", "square"),
    "capture_count": ("key", "fen", "text", "hint", "figure_title"),
    "capture": ("key", "fen", "title", "text"),
    "who_captures": ("key", "fen", "text"),
    "setup": ("key", "title", "text", "check", "good", "bad"),
}
#: The checks a set-up exercise may name (functions of :mod:`damas.course.kit.exercises`).
SETUP_CHECKS = ("black_can_promote",)


class TextsError(DamasError):
    """A chapter's data file that cannot be used."""


def _text(value, where) -> str:
    if not isinstance(value, str) or not value.strip():
        raise TextsError(f"{where}: falta o texto (uma cadeia não vazia).")
    return value


def _keys(entry, allowed, required, where):
    if not isinstance(entry, dict):
        raise TextsError(f"{where}: esperava um objeto JSON.")
    unknown = sorted(set(entry) - allowed)
    if unknown:
        raise TextsError(f"{where}: chave desconhecida {', '.join(unknown)}.")
    missing = sorted(required - set(entry))
    if missing:
        raise TextsError(f"{where}: falta {', '.join(missing)}.")


def _check_key(key, slug, where):
    _text(key, where + ".key")
    if not key.startswith(slug + "/"):
        raise TextsError(f"{where}.key: {key!r} não começa com «{slug}/».")


def _check_task(task, slug, where):
    _keys(task, _TASK, {"key", "fen", "goal", "par", "title", "text"}, where)
    _check_key(task["key"], slug, where)
    _text(task["fen"], where + ".fen")
    if task["goal"] not in GOALS:
        raise TextsError(f"{where}.goal: {task['goal']!r} não é um destes: {', '.join(GOALS)}.")
    par = task["par"]
    if isinstance(par, bool) or not isinstance(par, int) or par < 1:
        raise TextsError(f"{where}.par: {par!r} não é um número de lances (inteiro, 1 ou mais).")
    _text(task["title"], where + ".title")
    _check_instruction(task["text"], where + ".text")
    if ("target" in task) != (task["goal"] == "reach"):
        raise TextsError(f"{where}.target: a casa de destino vai em toda tarefa «reach», e só nelas.")
    if "target" in task:
        _text(task["target"], where + ".target")
    if "gain" in task:
        gain = task["gain"]
        if task["goal"] != "material" or isinstance(gain, bool) or not isinstance(gain, int) or gain < 1:
            raise TextsError(f"{where}.gain: {gain!r}: o ganho (inteiro, 1 ou mais) vai só nas tarefas «material».")
    if "variant" in task and task["variant"] not in _VARIANTS:
        raise TextsError(f"{where}.variant: {task['variant']!r} não é um destes: {', '.join(_VARIANTS)}.")
    try:
        _task(task)
    except (DamasError, ValueError) as error:
        raise TextsError(f"{where}: {error}") from None


def _check_instruction(text, where):
    """A task's instruction: one sentence of at most :data:`TASK_WORDS` words, with no rule number."""
    _text(text, where)
    body = text.strip()
    if body[-1] not in ".!?" or any(mark in body[:-1] for mark in (". ", "! ", "? ")):
        raise TextsError(f"{where}: a instrução é uma frase só, terminada por ponto: {text!r}.")
    words = len(body.split())
    if words > TASK_WORDS:
        raise TextsError(f"{where}: a instrução tem {words} palavras; o máximo é {TASK_WORDS}.")
    if re.search(r"\bregras?\s+\d", body):
        raise TextsError(f"{where}: a instrução não cita artigo das regras: {text!r}.")


def _check_exercise(exercise, slug, where):
    if not isinstance(exercise, dict) or exercise.get("kind") not in EXERCISE_FIELDS:
        kind = exercise.get("kind") if isinstance(exercise, dict) else exercise
        raise TextsError(f"{where}.kind: {kind!r} não é um destes: {', '.join(EXERCISE_FIELDS)}.")
    fields = set(EXERCISE_FIELDS[exercise["kind"]])
    _keys(exercise, fields | {"kind"}, fields, where)
    _check_key(exercise["key"], slug, where)
    for field in sorted(fields - {"key"}):
        _text(exercise[field], f"{where}.{field}")
    if exercise["kind"] == "setup" and exercise["check"] not in SETUP_CHECKS:
        raise TextsError(f"{where}.check: {exercise['check']!r} não é um destes: {', '.join(SETUP_CHECKS)}.")


def _check_question(question, where):
    _keys(question, _QUESTION, _QUESTION, where)
    _text(question["text"], where + ".text")
    options, why, answer = question["options"], question["why"], question["answer"]
    if not isinstance(options, list) or len(options) < 2:
        raise TextsError(f"{where}.options: esperava uma lista de duas opções ou mais.")
    for i, option in enumerate(options):
        _text(option, f"{where}.options[{i}]")
    if len(set(options)) != len(options):
        raise TextsError(f"{where}.options: há opções repetidas.")
    if not isinstance(why, list) or len(why) != len(options):
        raise TextsError(f"{where}.why: esperava uma explicação por opção ({len(options)}).")
    for i, text in enumerate(why):
        _text(text, f"{where}.why[{i}]")
    answers = answer if isinstance(answer, list) else [answer]
    if not answers or any(isinstance(a, bool) or not isinstance(a, int) or not 0 <= a < len(options)
                          for a in answers):
        raise TextsError(f"{where}.answer: {answer!r} não é o índice de uma opção (0 a {len(options) - 1}).")


def check_texts(data, slug: str) -> None:
    """Refuse (:class:`TextsError`, saying where) a chapter file that is not of the form
    described above, or whose ``chapter`` is not ``slug``."""
    from damas.course.kit.chapter_list import title_of
    where = f"texts/{slug}.json"
    _keys(data, _TOP, {"chapter"}, where)
    if data["chapter"] != slug:
        raise TextsError(f"{where}: o capítulo {data['chapter']!r} não é o do nome do arquivo.")
    try:
        title_of(slug)
    except KeyError:
        raise TextsError(f"{where}: capítulo desconhecido.") from None
    if not {"tasks", "exercises", "quiz"} & set(data):
        raise TextsError(f"{where}: não há tarefas, exercícios nem questionário.")
    if "tasks" in data:
        if not isinstance(data["tasks"], list) or not data["tasks"]:
            raise TextsError(f"{where}.tasks: esperava uma lista de tarefas.")
        for i, task in enumerate(data["tasks"]):
            _check_task(task, slug, f"{where}.tasks[{i}]")
    if "exercises" in data:
        if not isinstance(data["exercises"], list) or not data["exercises"]:
            raise TextsError(f"{where}.exercises: esperava uma lista de exercícios.")
        for i, exercise in enumerate(data["exercises"]):
            _check_exercise(exercise, slug, f"{where}.exercises[{i}]")
    if "quiz" in data:
        quiz = data["quiz"]
        _keys(quiz, _QUIZ, _QUIZ, where + ".quiz")
        _check_key(quiz["key"], slug, where + ".quiz")
        _text(quiz["title"], where + ".quiz.title")
        if not isinstance(quiz["questions"], list) or not quiz["questions"]:
            raise TextsError(f"{where}.quiz.questions: esperava uma lista de perguntas.")
        for i, question in enumerate(quiz["questions"]):
            _check_question(question, f"{where}.quiz.questions[{i}]")
    from damas.course.kit.play_texts import check_play_texts
    check_play_texts(data, slug, where)       # the summary sheet, «Jogue com um colega», the stage test
    keys = ([t["key"] for t in data.get("tasks", [])] + [e["key"] for e in data.get("exercises", [])]
            + ([data["quiz"]["key"]] if "quiz" in data else []))
    if len(set(keys)) != len(keys):
        raise TextsError(f"{where}: há chaves repetidas.")


@checked()
def read_texts(path) -> dict:
    """The checked data of one chapter file."""
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise TextsError(f"texts/{path.name}: não consigo ler o arquivo ({error}).") from None
    check_texts(data, path.stem)
    return data


def _task(t) -> BoardTask:
    return BoardTask(t["key"], t["fen"], t["goal"], t["par"], t["title"], t["text"],
                     variant=t.get("variant"), target=t.get("target"), gain=t.get("gain", 1),
                     instruction=True)


def _tasks(data) -> list:
    return [_task(t) for t in data["tasks"]]


def _quiz(data) -> Quiz:
    quiz = data["quiz"]
    return Quiz(quiz["key"], [Question(q["text"], q["options"], q["answer"], q["why"])
                              for q in quiz["questions"]], quiz["title"])


def _load():
    from damas.course.kit.chapter_list import order
    tasks, exercises, quizzes = {}, {}, {}
    for path in sorted(TEXTS_DIR.glob("*.json"), key=lambda p: order(p.stem)):
        data = read_texts(path)
        if "tasks" in data:
            tasks[path.stem] = _tasks(data)
        if "exercises" in data:
            exercises[path.stem] = data["exercises"]
        if "quiz" in data:
            quizzes[path.stem] = _quiz(data)
    return tasks, exercises, quizzes


#: chapter slug -> its board tasks; -> its exercises' data (made by damas.course.kit.exercises); -> its quiz.
TASKS, EXERCISE_DATA, QUIZZES = _load()


def _slug(chapter: str) -> str:
    """The stable name of ``chapter``, given as its number today ("03") or its name
    ("tomada"); the tables above are keyed by name (:mod:`damas.course.kit.chapter_list`)."""
    from damas.course.kit.chapter_list import slug_of
    try:
        return slug_of(chapter)
    except KeyError:
        raise DamasError(f"Capítulo desconhecido: {chapter!r}.") from None


@checked()
def chapter_stage(chapter: str) -> Stage:
    """The board tasks of ``chapter`` ("03" or "tomada", ...), one at a time."""
    return Stage(TASKS[_slug(chapter)])


@checked()
def chapter_quiz(chapter: str) -> Quiz:
    """The 5-question quiz at the end of ``chapter`` ("00", "01", ..., or a name: "historia")."""
    return QUIZZES[_slug(chapter)]

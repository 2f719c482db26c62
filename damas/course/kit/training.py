"""The training log of a student and what follows from it: ratings, reviews, «Treino do dia».

What is saved
    One record per attempt, in the progress file's section ``"treino"``
    (:mod:`damas.course.kit.progress`): ``{"id": ..., "problema": "problemas/3f2a9c01b7d4",
    "resultado": "primeira", "quando": "2026-12-05T10:30:00-03:00"}``.  ``problema`` is the
    problem's position key (:func:`problem_key`, like the solved problems of the
    ``"problemas"`` section); ``resultado`` one of :data:`damas.course.kit.ratings.OUTCOMES`;
    ``quando`` the local time with its offset; ``id`` is unique (time and random digits), so
    two notebooks that save at once are merged by keeping every record (nothing is lost, and
    a record is never counted twice).

What is derived (never saved, so it cannot disagree with the log)
    The ratings: the log replayed by :class:`damas.course.kit.ratings.RatingBook` from the
    problems' starting ratings; the reviews: :mod:`damas.course.kit.review` on the same log.

«Treino do dia» (:func:`choose_daily`)
    The problems whose review day has come first (at most half of the session), then the
    problems nearest the student's rating, the themes mixed: among the nearest ones still
    free, the next is one whose theme has been used least so far in the session.  A problem
    never comes twice in a session; one solved at the first try does not come back, nor one
    tried today, nor one waiting for its review day (:meth:`Catalog.session`).

Pure Python.
"""

from __future__ import annotations

import random
import secrets
from dataclasses import dataclass
from datetime import datetime

from damas.course.kit.keys import position_key
from damas.course.kit.ratings import OUTCOMES, RatingBook, puzzle_moves, starting_rating
from damas.course.kit.review import due_reviews, review_states
from damas.course.kit.times import _time_order, effective_time, parse_time
from damas.errors import DamasError
from damas.rules.args import checked, instance_spec, items_spec, number_spec, refuse, text, whole_spec

__all__ = ["TrainingError", "ProblemInfo", "choose_daily", "new_attempt", "valid_attempts", "merge_attempts",
           "Catalog", "problem_key", "SECTION", "STUDENT"]

SECTION = "treino"
ATTEMPTS = "tentativas"
STUDENT = "eu"        # the student's name in the replay of their own log
_FIELDS = {"id", "problema", "resultado", "quando"}


class TrainingError(DamasError):
    """An attempt that cannot be recorded (an unknown outcome)."""


@dataclass(frozen=True)
class ProblemInfo:
    """What «Treino do dia» needs of a problem: its key, theme and current rating."""

    key: str
    theme: str
    rating: float


_LOG_WORDS = "uma lista de tentativas (dicionários com 'id' e 'quando', uma hora com fuso, como as do treino)"


def _log(value, name):
    """A list of attempt records, each with its ``id`` and the ISO text of its time."""
    if not isinstance(value, (list, tuple)):
        raise refuse(name, _LOG_WORDS, value)
    for a in value:
        if not isinstance(a, dict) or not isinstance(a.get("id"), str) or not _valid_time(a.get("quando")):
            raise refuse(f"{name} (uma das tentativas)", _LOG_WORDS, a)
    return value


def _file_data(value, name):
    """What a progress file holds (a dict), its training section, if any, well formed."""
    if not isinstance(value, dict):
        raise refuse(name, "o conteúdo de um arquivo de progresso (um dicionário)", value)
    if SECTION in value:
        section = value[SECTION]
        if not isinstance(section, dict):
            raise refuse(f"{name} (a seção {SECTION!r})", "um dicionário {'tentativas': [...]}", section)
        _log(section.get(ATTEMPTS, []), f"{name} (as tentativas)")
    return value


def _record(value, name):
    """One attempt record, as :func:`new_attempt` makes it."""
    if not valid_attempts([value]):
        raise refuse(name, "uma tentativa (como new_attempt a faz: 'id', 'problema', 'resultado' e 'quando')",
                     value)
    return value


def _seed_value(value, name):
    if value is not None and (isinstance(value, bool) or not isinstance(value, (int, float, str))):
        raise refuse(name, "um número ou um texto", value)
    return value


def _collections(value, name):
    """{short name: (title, [Puzzle, ...])}."""
    words = "um dicionário {nome: (título, lista de problemas)}"
    if not isinstance(value, dict):
        raise refuse(name, words, value)
    for key, entry in value.items():
        if not isinstance(key, str) or not isinstance(entry, (list, tuple)) or len(entry) != 2 \
                or not isinstance(entry[1], (list, tuple)):
            raise refuse(f"{name} (a coleção {key!r})", words, entry)
        text(entry[0], f"{name} (o título de {key!r})")
    return value


def problem_key(puzzle) -> str:
    """The key of a problem in the training log: its position
    (:func:`damas.course.kit.keys.position_key`), so that a collection that grows or is
    reordered keeps each attempt, rating and review on the problem it was made on, and the same
    position in two collections is one problem."""
    return position_key(puzzle)


@checked(rating=number_spec(), pool=items_spec(instance_spec("damas.course.kit.training.ProblemInfo",
                                                             "um problema do treino (ProblemInfo)"),
                                               "uma lista de problemas do treino (ProblemInfo)"),
         n=whole_spec(0, 1000), reviews=items_spec(lambda v, n: text(v, n), "uma lista de chaves de problema"),
         exclude=items_spec(None, "uma coleção de chaves de problema"), seed=_seed_value)
def choose_daily(rating: float, pool, n: int = 8, reviews=(), exclude=(), seed=0) -> list:
    """The keys of a session of ``n`` problems for a student of ``rating``: the ``reviews``
    first (keys, at most ``n // 2``), then from ``pool`` (:class:`ProblemInfo`) the nearest
    in rating, themes mixed; none of ``exclude``, none twice.  ``seed`` breaks ties."""
    rng = random.Random(seed)
    chosen = []
    for key in reviews:
        if len(chosen) >= max(1, n // 2) or len(chosen) >= n:
            break
        if key not in chosen and key not in exclude:
            chosen.append(key)
    themes: dict = {}
    by_key = {p.key: p for p in pool}
    for key in chosen:
        if key in by_key:
            themes[by_key[key].theme] = themes.get(by_key[key].theme, 0) + 1
    free = [p for p in pool if p.key not in exclude and p.key not in chosen]
    free.sort(key=lambda p: (abs(p.rating - rating), rng.random()))
    window = free[:max(3 * n, 12)]
    while len(chosen) < n and window:
        best = min(range(len(window)), key=lambda i: (themes.get(window[i].theme, 0), i))
        p = window.pop(best)
        chosen.append(p.key)
        themes[p.theme] = themes.get(p.theme, 0) + 1
    return chosen


def new_attempt(problem: str, outcome: str, now: datetime | None = None) -> dict:
    """A record of one attempt at ``problem`` with ``outcome`` at ``now`` (default: the
    local time now)."""
    if outcome not in OUTCOMES:
        raise TrainingError(f"Resultado de tentativa desconhecido: {outcome!r}; use um de "
                         f"{', '.join(OUTCOMES)}.")
    when = now or datetime.now()
    if when.tzinfo is None:
        when = when.astimezone()        # the machine's own time zone
    text = when.isoformat(timespec="seconds")
    return {"id": f"{when.strftime('%Y%m%dT%H%M%S')}-{secrets.token_hex(4)}", "problema": problem,
            "resultado": outcome, "quando": text}


def _valid_time(text) -> bool:
    """An ISO time with its offset, in any of the forms :func:`damas.course.kit.times.parse_time` reads."""
    return isinstance(text, str) and parse_time(text) is not None


def valid_attempts(value) -> bool:
    """True when ``value`` is a well-formed list of attempt records (a field a newer course
    added to a record is allowed, and kept)."""
    return isinstance(value, list) and all(
        isinstance(a, dict) and _FIELDS <= set(a) and isinstance(a["id"], str) and a["id"]
        and isinstance(a["problema"], str) and a["problema"] and a["resultado"] in OUTCOMES
        and _valid_time(a["quando"]) for a in value)


def _callable(value, name):
    if not callable(value):
        raise refuse(name, "uma função que faça o erro (de uma mensagem)", value)
    return value


@checked(refuse=_callable)
def checked_section(value, refuse) -> dict:
    """The training section of a progress file, checked; ``refuse(detail)`` makes the
    error raised when it is malformed.  Keys a newer course added to the section are kept."""
    if not isinstance(value, dict) or not valid_attempts(value.get(ATTEMPTS, [])):
        raise refuse("o treino está fora do formato")
    return {**value, ATTEMPTS: merge_attempts(value.get(ATTEMPTS, []))}


@checked(data=_file_data, mine=_file_data)
def merge_section(data: dict, mine: dict) -> None:
    """Put into ``data`` (the file on disk) the attempts of ``mine`` (what this notebook
    holds): every record of both, once each."""
    if SECTION in data or SECTION in mine:
        logs = [d.get(SECTION, {}).get(ATTEMPTS, []) for d in (data, mine)]
        # the keys a newer course added to the section: the file's where both have them
        data[SECTION] = {**mine.get(SECTION, {}), **data.get(SECTION, {}), ATTEMPTS: merge_attempts(*logs)}


@checked(data=_file_data, record=_record)
def add_attempt(data: dict, record: dict) -> None:
    """Add one attempt record to the file's ``data``."""
    section = data.setdefault(SECTION, {ATTEMPTS: []})
    section[ATTEMPTS] = merge_attempts(section.get(ATTEMPTS, []), [record])


def merge_attempts(*logs) -> list:
    """Every record of the ``logs``, each once (by ``id``), in order of time (the instant, bounded
    to a sane range, then the id)."""
    for i, log in enumerate(logs):
        _log(log, f"logs (a lista {i + 1})")
    seen = {}
    for log in logs:
        for a in log:
            seen.setdefault(a["id"], a)
    return sorted(seen.values(), key=_time_order)


class Catalog:
    """The problems a training draws from: ``{short name: (title, [Puzzle, ...])}``, e.g.
    ``{"classicos": ("Golpes clássicos", load_collection("puzzles/classicos.pdn"))}``."""

    @checked(collections=_collections)
    def __init__(self, collections: dict):
        self.collections = {str(k): (str(title), list(items)) for k, (title, items) in collections.items()}
        self.puzzles = {}
        self.titles = {}
        self.start = {}
        self.labels = {}          # key -> "classicos/3": the collection's short name, the number from 0
        for name, (title, items) in self.collections.items():
            for i, p in enumerate(items):
                key = problem_key(p)
                if key in self.puzzles:        # the same position in another collection: one problem
                    continue
                self.puzzles[key] = p
                self.titles[key] = title
                self.labels[key] = f"{name}/{i}"
                self.start[key] = starting_rating(p.difficulty, puzzle_moves(p))

    def theme(self, key) -> str:
        """The problem's first theme (its first words, before a colon or parenthesis)."""
        theme = self.puzzles[key].theme if key in self.puzzles else ""
        for mark in (":", " ("):
            theme = theme.split(mark, 1)[0]
        return theme.strip() or "sem tema"

    def book(self, attempts, student=STUDENT) -> RatingBook:
        """The ratings after ``attempts`` (the student's own log)."""
        return RatingBook(self.start).replay(dict(a, aluno=student) for a in attempts)

    def session(self, attempts, now: datetime, n: int = 8, exclude=(), seed=None) -> list:
        """«Treino do dia» for the student of ``attempts`` at ``now``: a list of keys."""
        book = self.book(attempts)
        # Not offered as new: solved at the first try once, tried today, or waiting for
        # its review day.
        today = now.date()
        done = {a["problema"] for a in attempts
                if a["resultado"] == "primeira" or effective_time(a["quando"]).date() == today}
        reviews = [k for k, _state in due_reviews(attempts, now) if k in self.puzzles]
        waiting = set(review_states(attempts)) - set(reviews)
        pool = [ProblemInfo(k, self.theme(k), book.problem(k).r) for k in self.puzzles]
        if seed is None:
            seed = now.date().isoformat()
        return choose_daily(book.student(STUDENT).r, pool, n=n, reviews=reviews,
                            exclude=(set(exclude) | done | waiting) - set(reviews), seed=seed)

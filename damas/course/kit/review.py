"""Spaced review of missed problems: when a problem the student missed comes back (SM-2).

A problem enters review the first time it is not solved at the first try; from then on
each attempt made on or after its review day is graded and scheduled by SM-2 (Wozniak,
1990), until one is solved at the first try: then it leaves review.

Grades (SM-2's quality, 0 to 5): solved at the first try 5, after a mistake 3, with a
hint 2, given up 0.  SM-2: a grade of 3 or more passes (the n-th pass in a row waits 1
day, then 6, then the last wait times the ease, rounded); a grade under 3 starts again
at 1 day; the ease starts at 2.5, changes by ``0.1 - (5 - q) * (0.08 + (5 - q) * 0.02)``
and never goes under 1.3.  Attempts before the review day change nothing (a problem
seen again early in a session is practice, not the review).

Days are calendar days of the time the attempt was recorded (its own time zone): a
problem missed at 21:00 is due the next day, not 24 hours later.  Everything here takes
the clock as an argument (``now``), so a test moves time at will.  Times are read in any ISO
form, bounded to a sane range and ordered by the instant (:mod:`damas.course.kit.times`), and a
wait is at most :data:`MAX_INTERVAL` days: a wrong clock never makes a date run off the calendar.

Pure Python.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta

from damas.course.kit.times import _effective, _parse, effective_time, parse_time
from damas.rules.args import checked, instance_spec, refuse

__all__ = ["GRADES", "ReviewState", "schedule", "review_states", "due_reviews", "attempt_day"]

GRADES = {"primeira": 5, "depois-de-erro": 3, "com-dica": 2, "desistiu": 0}
START_EASE = 2.5
MIN_EASE = 1.3
MAX_INTERVAL = 3650     # days: ten years

_ATTEMPTS_WORDS = ("uma lista de tentativas (dicionários com 'problema', 'resultado' e 'quando', "
                   "como as do treino)")


def _when(value, name):
    """A datetime, or the ISO text of one (with its offset)."""
    if isinstance(value, datetime):
        return value
    if isinstance(value, str):
        parsed = parse_time(value)
        if parsed is not None:
            return parsed
    raise refuse(name, "uma data e hora (datetime, ou o texto ISO de uma, com fuso)", value)


def _attempts(problem: bool):
    """A list (or tuple) of attempt records; with ``problem``, each names its problem."""
    def spec(value, name):
        if not isinstance(value, (list, tuple)):
            raise refuse(name, _ATTEMPTS_WORDS, value)
        for a in value:
            if not isinstance(a, dict) or a.get("resultado") not in GRADES or \
                    not isinstance(a.get("quando"), str) or (problem and not isinstance(a.get("problema"), str)):
                raise refuse(f"{name} (uma das tentativas)", _ATTEMPTS_WORDS, a)
            _when(a["quando"], f"{name} (o 'quando' de uma tentativa)")
        return value
    return spec


ATTEMPTS = _attempts(problem=True)


@dataclass(frozen=True)
class ReviewState:
    """A problem in review: its next day, the last wait (days), the passes in a row, the
    ease, and when it was last missed (a datetime)."""

    due: date
    interval: int
    repetitions: int
    ease: float
    missed: datetime


@checked(when=_when)
def attempt_day(when) -> date:
    """The calendar day of an attempt's time (a datetime or its ISO text), bounded to a sane range."""
    when = _when(when, "when")
    return (effective_time(when) if when.tzinfo is not None else when).date()


def _sm2(state: ReviewState | None, quality: int, day: date, when: datetime) -> ReviewState:
    repetitions = state.repetitions if state else 0
    interval = state.interval if state else 0
    ease = state.ease if state else START_EASE
    if quality >= 3:
        interval = 1 if repetitions == 0 else 6 if repetitions == 1 else min(MAX_INTERVAL, round(interval * ease))
        repetitions += 1
    else:
        repetitions, interval = 0, 1
    ease = max(MIN_EASE, ease + 0.1 - (5 - quality) * (0.08 + (5 - quality) * 0.02))
    return ReviewState(day + timedelta(days=interval), interval, repetitions, ease, when)


@checked(attempts=_attempts(problem=False))
def schedule(attempts) -> ReviewState | None:
    """The review state of one problem after its ``attempts`` (dicts with ``resultado``
    and ``quando``, in any order), or None when it is not in review."""
    return _schedule(attempts)


def _schedule(attempts) -> ReviewState | None:
    state = None
    timed = sorted((((_effective(_parse(a["quando"])), str(a.get("id", ""))), a) for a in attempts),
                   key=lambda item: item[0])
    for (when, _id), a in timed:
        quality = GRADES[a["resultado"]]
        day = when.date()
        if state is None:
            if quality < 5:
                state = _sm2(None, quality, day, when)
        elif day >= state.due:
            state = None if quality == 5 else _sm2(state, quality, day, when)
    return state


@checked(attempts=ATTEMPTS)
def review_states(attempts) -> dict:
    """{problem: ReviewState} for every problem of ``attempts`` in review."""
    return _review_states(attempts)


def _review_states(attempts) -> dict:
    by_problem: dict = {}
    for a in attempts:
        by_problem.setdefault(a["problema"], []).append(a)
    states = {}
    for key, items in by_problem.items():
        state = _schedule(items)
        if state is not None:
            states[key] = state
    return states


@checked(attempts=ATTEMPTS, now=instance_spec("datetime.datetime", "uma data e hora (datetime)"))
def due_reviews(attempts, now) -> list:
    """The problems whose review day has come at ``now`` (a datetime), the most overdue
    first: a list of (problem, ReviewState)."""
    today = now.date()
    due = [(k, s) for k, s in _review_states(attempts).items() if s.due <= today]
    return sorted(due, key=lambda item: (item[1].due, item[0]))

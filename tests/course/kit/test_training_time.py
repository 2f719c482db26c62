"""Bounded, valid time in the training log (issue 44, item 5).

A date in year 9999 was accepted, then crashed «Treino do dia» and ``turma`` on every start
(OverflowError: a review day past the calendar's end).  Dates outside a sane range, clocks that
run backwards and offsets written in different ways must give the same ratings and reviews, and
never a crash."""

from __future__ import annotations

import io
import json
import random
from datetime import datetime, timedelta, timezone

import pytest

from damas.course.kit.progress import Progress, read_class
from damas.course.kit.review import review_states, due_reviews
from damas.course.kit.training import Catalog, merge_attempts, valid_attempts

BRASILIA = timezone(timedelta(hours=-3))
NOW = datetime(2026, 12, 5, 15, 0, tzinfo=BRASILIA)


def record(i, when, outcome="desistiu", problem="problemas/abc"):
    return {"id": f"r{i:05d}", "problema": problem, "resultado": outcome, "quando": when}


def write_log(folder, log, name="ana"):
    data = {"formato": "damas-progresso", "versao": 2, "aluno": name, "estrelas": {}, "problemas": {},
            "treino": {"tentativas": log}}
    (folder / f"{name}.json").write_text(json.dumps(data), encoding="utf-8")


ODD = ["9999-12-31T23:00:00-03:00", "9999-12-31T23:59:59-23:59", "0001-01-01T00:00:00+23:59",
       "1970-01-01T00:00:00Z", "2150-06-01T12:00:00+14:00"]


@pytest.mark.parametrize("when", ODD)
def test_a_date_out_of_range_crashes_neither_the_daily_training_nor_turma(tmp_path, when, capsys):
    pytest.importorskip("anywidget")
    from damas.course.classroom.class_training import run_training_view
    from damas.course.classroom.daily import DailyTraining, load_catalog
    from repo_paths import PUZZLES
    catalog = load_catalog(PUZZLES)
    key = next(iter(catalog.puzzles))
    write_log(tmp_path, [record(1, when, problem=key), record(2, "2026-12-01T10:00:00-03:00", problem=key)])
    progress = Progress("ana", folder=tmp_path)
    d = DailyTraining(catalog, n=4, progress=progress, clock=lambda: NOW)
    assert d.keys and all(d.describe(i) for i in range(len(d.keys)))
    students, problems = read_class(tmp_path)
    assert problems == []
    out, err = io.StringIO(), io.StringIO()
    assert run_training_view(students, tmp_path, puzzles=PUZZLES, now=NOW, out=out, err=err) == 0
    assert "ana" in out.getvalue()
    # the odd record is kept in the file as it was written
    assert when in [a["quando"] for a in Progress("ana", folder=tmp_path).attempts]


def test_offsets_written_in_different_ways_give_the_same_ratings_and_reviews():
    rng = random.Random(44)
    base = datetime(2026, 11, 2, 9, 0, tzinfo=timezone.utc)
    outcomes = ["primeira", "depois-de-erro", "com-dica", "desistiu"]
    times = [base + timedelta(minutes=rng.randrange(0, 60 * 24 * 30)) for _ in range(120)]
    problems = [f"problemas/{rng.randrange(3)}" for _ in times]
    results = [rng.choice(outcomes) for _ in times]

    def written(form):
        out = []
        for i, (t, p, r) in enumerate(zip(times, problems, results)):
            if form == "colon":
                text = t.isoformat()
            elif form == "zulu":
                text = t.strftime("%Y-%m-%dT%H:%M:%SZ")
            elif form == "compact":
                text = t.strftime("%Y-%m-%d %H:%M:%S+0000")
            else:   # the same instant in a mix of offsets that keep its calendar day
                hours = [0] + ([-3] if t.hour >= 3 else []) + ([1] if t.hour <= 22 else [])
                text = t.astimezone(timezone(timedelta(hours=rng.choice(hours)))).isoformat()
            out.append(record(i, text, r, p))
        rng.shuffle(out)
        return out

    catalog = Catalog({})
    forms = ["colon", "zulu", "compact"]
    books = [catalog.book(merge_attempts(written(f))) for f in forms]
    assert len({round(b.student("eu").r, 9) for b in books}) == 1
    states = [{k: (s.due, s.interval, s.repetitions) for k, s in review_states(written(f)).items()} for f in forms]
    assert states[0] == states[1] == states[2]
    # mixed offsets: the order (and so the ratings and reviews) is the instants', not the text's
    mixed = written("mixed")
    assert round(catalog.book(merge_attempts(mixed)).student("eu").r, 9) == round(books[0].student("eu").r, 9)
    assert {k: (s.due, s.interval, s.repetitions) for k, s in review_states(mixed).items()} == states[0]


def test_a_clock_that_ran_backwards_gives_the_same_ratings_whoever_saved_first(tmp_path):
    """Two notebooks, one with a clock set back a day: the log is the same set of records, so
    the ratings are the same, whichever order the saves came in."""
    a = [record(i, (NOW + timedelta(minutes=i)).isoformat(), "primeira", f"problemas/{i % 3}") for i in range(5)]
    b = [record(10 + i, (NOW - timedelta(days=1, minutes=i)).isoformat(), "desistiu", f"problemas/{i % 3}")
         for i in range(5)]
    catalog = Catalog({})
    one = catalog.book(merge_attempts(a, b)).student("eu").r
    two = catalog.book(merge_attempts(b, a)).student("eu").r
    three = catalog.book(merge_attempts(list(reversed(a + b)))).student("eu").r
    assert one == two == three


def test_times_are_read_the_same_way_on_every_python():
    from damas.course.kit.times import parse_time
    assert parse_time("2026-12-05T10:30:00Z") == parse_time("2026-12-05T10:30:00+00:00") \
        == parse_time("2026-12-05 07:30-0300") == parse_time("2026-12-05T07:30:00.000-03")
    assert parse_time("2026-12-05T10:30:00") is None            # no offset: not a time of the log
    assert parse_time("2026-02-31T10:30:00Z") is None
    assert parse_time("ontem") is None
    assert valid_attempts([record(1, "2026-12-05T10:30:00Z")])


@pytest.mark.parametrize("when", ODD)
def test_an_odd_time_counts_inside_the_sane_range(when):
    from damas.course.kit.times import EARLIEST, LATEST, effective_time
    t = effective_time(when)
    assert EARLIEST <= t <= LATEST
    states = review_states([record(1, when)])
    assert due_reviews([record(1, when)], NOW) is not None and len(states) == 1


def test_a_long_run_of_reviews_never_runs_off_the_calendar():
    log, day = [], datetime(2026, 1, 1, 10, tzinfo=BRASILIA)
    log.append(record(0, day.isoformat(), "desistiu"))
    for i in range(1, 80):                        # passed with a mistake on each review day
        state = review_states(log)["problemas/abc"]
        day = datetime.combine(state.due, day.timetz())
        log.append(record(i, day.isoformat(), "depois-de-erro"))
    state = review_states(log)["problemas/abc"]
    assert state.interval <= 3650


def test_reviews_follow_the_instants_not_the_text_of_the_offsets():
    """On a review day, a pass with a mistake at 10:00 UTC, then a first-try at 12:00 UTC
    written as 09:00-03:00: in time, the pass counts (the second one: six more days) and the
    first-try, before the next review day, changes nothing; in text, 09:00 came first, the problem
    left review and came back as new (one day)."""
    log = [record(0, "2026-11-03T10:00:00+00:00", "desistiu"),
           record(1, "2026-11-04T10:00:00+00:00", "depois-de-erro"),        # first pass: one day
           record(2, "2026-11-05T10:00:00+00:00", "depois-de-erro"),        # second pass: six days
           record(3, "2026-11-05T09:00:00-03:00", "primeira")]              # 12:00 UTC: after it
    state = review_states(log)["problemas/abc"]
    assert (state.interval, state.repetitions) == (6, 2)

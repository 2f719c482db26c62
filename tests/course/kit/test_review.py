"""The review scheduler (SM-2) and «Treino do dia», on a fake clock."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from damas.course.kit.review import due_reviews, review_states, schedule
from damas.course.kit.training import Catalog, ProblemInfo, choose_daily, new_attempt, problem_key
from damas.errors import DamasError
from damas.course.classroom.daily import load_catalog
from damas.problems.puzzles import Puzzle
from repo_paths import PUZZLES

BRASILIA = timezone(timedelta(hours=-3))
DAY0 = datetime(2026, 3, 2, 15, 0, tzinfo=BRASILIA)


class FakeClock:
    """The time of the test: starts at DAY0, moves only when told."""

    def __init__(self):
        self.now = DAY0

    def days(self, n, hour=15):
        self.now = (DAY0 + timedelta(days=n)).replace(hour=hour)
        return self.now


def due_days(log, key, last_day=40):
    """The days (from DAY0) on which ``key`` is due, given the ``log`` (a function of the day
    giving the attempts made that day) and answering as the log says on each due day."""
    clock = FakeClock()
    attempts, days = [], []
    for day in range(last_day):
        now = clock.days(day)
        if key in [k for k, _ in due_reviews(attempts, now)]:
            days.append(day)
            outcome = log(day)
            if outcome:
                attempts.append(new_attempt(key, outcome, now))
        elif day == 0:
            attempts.append(new_attempt(key, log(0), now))
    return days, attempts


def test_a_missed_problem_comes_back_on_the_days_promised():
    # Given up on day 0 (ease 2.5 -> 1.7, wait 1 day); then solved after a mistake at each
    # review (grade 3: ease -0.14 each time, down to 1.3): waits of 1 day, 6 days, then the
    # last wait times the ease before the review: round(6 x 1.42) = 9, round(9 x 1.3) = 12,
    # round(12 x 1.3) = 16.  Days 1, 2, 8, 17, 29 (then 45).
    days, attempts = due_days(lambda day: "desistiu" if day == 0 else "depois-de-erro", "c/0")
    assert days == [1, 2, 8, 17, 29]
    state = schedule(attempts)
    assert state.ease == pytest.approx(1.3) and state.interval == 16
    assert state.due == (DAY0 + timedelta(days=45)).date()


def test_a_clean_solve_at_the_review_ends_it():
    days, attempts = due_days(lambda day: "com-dica" if day == 0 else "primeira", "c/0")
    assert days == [1]
    assert schedule(attempts) is None
    assert due_reviews(attempts, DAY0 + timedelta(days=30)) == []


def test_a_failure_at_the_review_starts_again_at_one_day():
    outcomes = {0: "depois-de-erro", 1: "depois-de-erro", 7: "desistiu", 8: "depois-de-erro"}
    days, _ = due_days(lambda day: outcomes.get(day, "primeira"), "c/0")
    # day 0 passes (wait 1), day 1 passes again (wait 6), day 7 fails (wait 1), day 8 passes
    # (the first pass of a new run: wait 1), day 9 is clean: out of review.
    assert days == [1, 7, 8, 9]


def test_not_due_before_its_day_and_early_attempts_change_nothing():
    clock = FakeClock()
    attempts = [new_attempt("c/0", "desistiu", clock.now)]
    assert due_reviews(attempts, clock.now) == []
    assert due_reviews(attempts, clock.days(0, hour=23)) == []
    # the same problem solved cleanly again that evening: practice, not the review
    attempts.append(new_attempt("c/0", "primeira", clock.now))
    assert [k for k, _ in due_reviews(attempts, clock.days(1, hour=7))] == ["c/0"]


def test_days_are_calendar_days():
    late = DAY0.replace(hour=23, minute=30)
    attempts = [new_attempt("c/0", "desistiu", late)]
    assert due_reviews(attempts, (late + timedelta(hours=1)).replace(tzinfo=BRASILIA)) != []


def test_a_clean_first_try_never_enters_review():
    attempts = [new_attempt("c/0", "primeira", DAY0)]
    assert review_states(attempts) == {}


def test_unknown_outcome_is_refused():
    with pytest.raises(DamasError, match="Resultado de tentativa desconhecido"):
        new_attempt("c/0", "talvez", DAY0)


def pool(n=30, themes=("a", "b", "c")):
    return [ProblemInfo(f"c/{i}", themes[i % len(themes)], 1000 + 40 * i) for i in range(n)]


def test_daily_is_near_the_rating_mixed_and_never_twice():
    chosen = choose_daily(1600, pool(), n=6, seed=1)
    assert len(chosen) == len(set(chosen)) == 6
    ratings = {p.key: p for p in pool()}
    assert all(abs(ratings[k].rating - 1600) <= 200 for k in chosen)
    themes = [ratings[k].theme for k in chosen]
    assert sorted(themes.count(t) for t in "abc") == [2, 2, 2]
    assert choose_daily(1600, pool(), n=6, seed=1) == chosen


def test_one_theme_near_the_rating_does_not_take_the_whole_session():
    problems = [ProblemInfo(f"x/{i}", "perto", 1500 + i) for i in range(10)]
    problems += [ProblemInfo(f"y/{i}", "longe", 1700 + i) for i in range(10)]
    chosen = choose_daily(1500, problems, n=6)
    assert 2 <= sum(k.startswith("y/") for k in chosen) <= 4


def test_daily_puts_reviews_first_and_excludes():
    chosen = choose_daily(1600, pool(), n=6, reviews=["c/0", "c/1", "c/2", "c/3"], exclude={"c/15"})
    assert chosen[:3] == ["c/0", "c/1", "c/2"] and "c/3" not in chosen and "c/15" not in chosen


def catalog():
    turco = Puzzle("W:W6,14,15,17,27:BK2", goal="win", max_plies=3, title="Golpe turco",
                   themes=("golpe turco",), difficulty=2, solution="27-23 2x10 14x7")
    return Catalog({"c": ("Coleção", [turco] * 12)})


def test_catalog_session_brings_the_missed_problem_back_the_next_day():
    cat = load_catalog(PUZZLES)
    clock = FakeClock()
    first = cat.session([], clock.now, n=4)
    assert len(first) == 4
    attempts = [new_attempt(first[0], "desistiu", clock.now)]
    attempts += [new_attempt(k, "primeira", clock.now) for k in first[1:]]
    same_day = cat.session(attempts, clock.now, n=4)
    assert not set(same_day) & set(first)      # clean ones gone, the missed one not yet due
    next_day = cat.session(attempts, clock.days(1), n=4)
    assert next_day[0] == first[0] and not set(next_day[1:]) & set(first)


def test_a_problem_in_two_collections_comes_once():
    cat = catalog()          # the same golpe twelve times
    assert len(cat.puzzles) == 1
    assert cat.session([], DAY0, n=4) == [problem_key(cat.puzzles[next(iter(cat.puzzles))])]
    assert list(cat.labels.values()) == ["c/0"]

"""Ratings of students and problems (Glicko-2), updated after each attempt at a problem.

The model
    Every student and every problem has a rating ``r`` (how strong a student is, how hard a
    problem is, on one scale), a deviation ``rd`` (how unsure the rating still is) and a
    volatility ``vol``.  An attempt is a game between the student and the problem, scored
    for the student by :data:`SCORES`: solved at the first try 1, solved after a mistake
    0.5, solved with a hint 0.25, given up (solution shown, or left unsolved) 0.  Both sides
    are updated at once from their ratings before the attempt, each attempt being a rating
    period of one game (as online puzzle sites do), by Glickman's Glicko-2 algorithm
    ("Example of the Glicko-2 system", 2012; :func:`glicko2_update` reproduces its worked
    example).  Time without attempts does not widen ``rd`` (a class meets every few days;
    the ratings should not drift over a holiday).

Parameters (:data:`TAU` and the starting values)
    ``TAU = 0.5`` (Glickman suggests 0.3 to 1.2); a new student starts at 1500, ``rd`` 350,
    ``vol`` 0.06 (Glickman's defaults); the Illinois iteration stops at ``EPSILON = 1e-6``.

Starting ratings of problems (:func:`starting_rating`)
    ``1100 + 150 * difficulty + 50 * (moves - 1)``, where ``difficulty`` is the collection's
    ``[Difficulty]`` (1 to 5; 3 when missing) and ``moves`` the solving side's moves in the
    solver's shortest forced line (``(plies + 1) // 2``, at most 6), with ``rd`` 200: a
    difficulty-1 golpe of one move starts at 1250, a difficulty-5 golpe of four moves at
    2000.  The collection's difficulty weighs most (a person judged it); a longer forced
    line adds a little.

Pure Python (math only), so the course computes it on Pyodide too.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from damas.rules.args import checked, choice_spec, instance_spec, number, number_spec, optional, refuse

__all__ = ["Rating", "SCORES", "OUTCOMES", "TAU", "glicko2_update", "expected_score", "play",
           "starting_rating", "puzzle_moves", "RatingBook"]

SCALE = 173.7178          # Glicko-2's conversion between the rating scale and its own
TAU = 0.5
EPSILON = 1e-6
START_RATING = 1500.0
START_RD = 350.0
START_VOL = 0.06
PROBLEM_RD = 200.0
MAX_RD = 350.0

# The outcomes of an attempt, as the progress file names them, and the student's score.
OUTCOMES = ("primeira", "depois-de-erro", "com-dica", "desistiu")
SCORES = {"primeira": 1.0, "depois-de-erro": 0.5, "com-dica": 0.25, "desistiu": 0.0}


@dataclass(frozen=True)
class Rating:
    """A rating on the usual scale (1500 for a new player), its deviation and volatility."""

    r: float = START_RATING
    rd: float = START_RD
    vol: float = START_VOL


RATING = instance_spec("damas.course.kit.ratings.Rating", "uma classificação (Rating)")


def _games(value, name):
    """A list of (opponent Rating, score from 0 to 1)."""
    words = "uma lista de pares (Rating do adversário, resultado de 0 a 1)"
    if not isinstance(value, (list, tuple)):
        raise refuse(name, words, value)
    for item in value:
        if not isinstance(item, (list, tuple)) or len(item) != 2:
            raise refuse(f"{name} (um dos itens)", words, item)
        RATING(item[0], f"{name} (um adversário)")
        number(item[1], f"{name} (um resultado)", 0, 1)
    return value


def _start(value, name):
    """{problem key: Rating}."""
    if not isinstance(value, dict):
        raise refuse(name, "um dicionário {problema: Rating}", value)
    for rating in value.values():
        RATING(rating, f"{name} (um dos valores)")
    return value


_TAU = number_spec(0.01, 10)


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


@checked(player=RATING, opponent=RATING)
def expected_score(player: Rating, opponent: Rating) -> float:
    """The expected score of ``player`` against ``opponent`` (Glicko-2's E)."""
    mu, mu_j, phi_j = (player.r - 1500) / SCALE, (opponent.r - 1500) / SCALE, opponent.rd / SCALE
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def _new_volatility(phi, vol, v, delta, tau):
    # Step 5 of Glickman's example: the Illinois algorithm on f(x) = 0.
    a = math.log(vol * vol)

    def f(x):
        ex = math.exp(x)
        return (ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex) ** 2)
                - (x - a) / (tau * tau))

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


@checked(player=RATING, games=_games, tau=_TAU)
def glicko2_update(player: Rating, games, tau: float = TAU) -> Rating:
    """The rating of ``player`` after one rating period of ``games``: a list of
    ``(opponent Rating, score)``, score 1 for a win, 0 for a loss, between for a part."""
    return _update(player, games, tau)


def _update(player: Rating, games, tau: float = TAU) -> Rating:
    if not games:
        return player
    mu, phi = (player.r - 1500) / SCALE, player.rd / SCALE
    v_inv = 0.0
    total = 0.0
    for opponent, score in games:
        mu_j, phi_j = (opponent.r - 1500) / SCALE, opponent.rd / SCALE
        g = _g(phi_j)
        e = 1.0 / (1.0 + math.exp(-g * (mu - mu_j)))
        v_inv += g * g * e * (1.0 - e)
        total += g * (score - e)
    v = 1.0 / v_inv
    delta = v * total
    vol = _new_volatility(phi, player.vol, v, delta, tau)
    phi_star = math.sqrt(phi * phi + vol * vol)
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu_new = mu + phi_new * phi_new * total
    return Rating(SCALE * mu_new + 1500, min(SCALE * phi_new, MAX_RD), vol)


@checked(student=RATING, problem=RATING, outcome=choice_spec(OUTCOMES), tau=_TAU)
def play(student: Rating, problem: Rating, outcome: str, tau: float = TAU) -> tuple[Rating, Rating]:
    """(student, problem) after one attempt with ``outcome`` (one of :data:`OUTCOMES`)."""
    return _play(student, problem, outcome, tau)


def _play(student: Rating, problem: Rating, outcome: str, tau: float = TAU) -> tuple[Rating, Rating]:
    score = SCORES[outcome]
    return _update(student, [(problem, score)], tau), _update(problem, [(student, 1.0 - score)], tau)


@checked()
def puzzle_moves(puzzle) -> int:
    """The solving side's moves (1 to 6) in the problem's solution: the collection's
    main line (tests/course/test_ratings.py checks that it is as long as the solver's
    shortest forced line, for every collection);
    ``max_plies`` when the problem has no written solution (so no search is needed when
    a training starts, on Pyodide too)."""
    plies = len(puzzle.solution_moves()) if puzzle.solution else puzzle.max_plies
    return max(1, min(6, (plies + 1) // 2))


@checked(difficulty=optional(number_spec()), moves=number_spec())
def starting_rating(difficulty, moves: int) -> Rating:
    """The rating a problem starts with, from its difficulty (1 to 5, None: 3) and the
    solving side's moves in its forced line (see the module's docstring)."""
    d = 3 if difficulty is None else max(1, min(5, int(difficulty)))
    m = max(1, min(6, int(moves)))
    return Rating(1100.0 + 150.0 * d + 50.0 * (m - 1), PROBLEM_RD, START_VOL)


class RatingBook:
    """The ratings of students and problems, changed attempt by attempt.

    ``problems`` maps a problem's key to its starting :class:`Rating` (a problem not there
    starts as difficulty 3 of two moves); students start at :class:`Rating()`.
    ``record(student, problem, outcome)`` plays one attempt and returns the student's
    change of rating."""

    @checked(problems=optional(_start))
    def __init__(self, problems=None):
        self.start = dict(problems or {})
        self.students: dict = {}
        self.problems: dict = {}

    def student(self, name) -> Rating:
        return self.students.get(name, Rating())

    def problem(self, key) -> Rating:
        if key in self.problems:
            return self.problems[key]
        return self.start.get(key) or starting_rating(None, 2)

    def record(self, student, problem, outcome: str) -> float:
        before = self.student(student)
        s, p = _play(before, self.problem(problem), outcome)
        self.students[student] = s
        self.problems[problem] = p
        return s.r - before.r

    def replay(self, attempts) -> "RatingBook":
        """Play ``attempts`` (dicts with ``aluno``, ``problema``, ``resultado``), in order."""
        for a in attempts:
            self.record(a["aluno"], a["problema"], a["resultado"])
        return self

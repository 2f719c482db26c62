"""A simulated class for the rating model: 30 students of known strengths solve problems of
known difficulty by a probabilistic model, seeded, and the ratings are compared with the truth.

``python tests/course/class_simulation.py`` prints the figures (Spearman's rho of the student
ratings against the true strengths, of the problem ratings against the difficulties)."""

from __future__ import annotations

import math
import random

from damas.course.kit.ratings import Rating, RatingBook, starting_rating
from damas.course.kit.training import choose_daily, ProblemInfo

THEMES = ("passagem à dama", "golpe turco", "dois por um", "abertura de linha", "atração")


def ranks(values) -> list:
    """Ranks from 0, ties sharing the mean rank."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    out = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            out[order[k]] = (i + j) / 2
        i = j + 1
    return out


def spearman(a, b) -> float:
    """Spearman's rank correlation of two lists of numbers."""
    ra, rb = ranks(a), ranks(b)
    ma, mb = sum(ra) / len(ra), sum(rb) / len(rb)
    cov = sum((x - ma) * (y - mb) for x, y in zip(ra, rb))
    return cov / math.sqrt(sum((x - ma) ** 2 for x in ra) * sum((y - mb) ** 2 for y in rb))


def outcome(rng, strength, hardness) -> str:
    """The attempt of a student of true ``strength`` at a problem of true ``hardness``:
    solved at the first try with the logistic probability of the rating scale, else
    after a mistake, with a hint or given up (40/20/40)."""
    if rng.random() < 1.0 / (1.0 + 10 ** ((hardness - strength) / 400.0)):
        return "primeira"
    u = rng.random()
    return "depois-de-erro" if u < 0.4 else "com-dica" if u < 0.6 else "desistiu"


def simulate(seed=31, students=30, problems=100, days=10, per_day=6, informed=True):
    """Play the class; returns (true strengths, student ratings of the class's replay,
    student ratings of each one's own replay, difficulties, true hardness, problem ratings
    of the class's replay).  Each student's strength is one of 30 levels from 900 to 2100,
    shuffled; each problem has a difficulty 1 to 5 and 1 to 4 moves, its true hardness its
    starting rating plus noise (sd 100: the collection's difficulty is a person's guess).
    ``informed=False`` starts every problem at 1500 instead (the model must then learn the
    order from the attempts alone).  Each day every student does a «Treino do dia» of
    ``per_day`` problems chosen by :func:`choose_daily` from their own ratings (what the
    student's notebook knows: their own attempts); every attempt also goes to the class's
    book (what the teacher's view computes from all the files)."""
    rng = random.Random(seed)
    strength = [900 + 1200 * i / (students - 1) for i in range(students)]
    rng.shuffle(strength)
    start, difficulty, hardness, infos = {}, {}, {}, []
    for i in range(problems):
        key = f"p{i}"
        d, moves = 1 + i % 5, 1 + rng.randrange(4)
        rating = starting_rating(d, moves)
        difficulty[key] = d
        hardness[key] = rating.r + rng.gauss(0, 100)
        start[key] = rating if informed else Rating(1500.0, rating.rd, rating.vol)
        infos.append((key, THEMES[rng.randrange(len(THEMES))]))
    book = RatingBook(start)
    own = [RatingBook(start) for _ in range(students)]
    for _day in range(days):
        for s in range(students):
            pool = [ProblemInfo(key, theme, own[s].problem(key).r) for key, theme in infos]
            for key in choose_daily(own[s].student(s).r, pool, n=per_day, seed=rng.random()):
                result = outcome(rng, strength[s], hardness[key])
                book.record(s, key, result)
                own[s].record(s, key, result)
    keys = [key for key, _ in infos]
    return (strength, [book.student(s).r for s in range(students)], [own[s].student(s).r for s in range(students)],
            [difficulty[k] for k in keys], [hardness[k] for k in keys], [book.problem(k).r for k in keys])


def figures(seed=31, informed=True) -> dict:
    strength, ratings, own, difficulty, hardness, problem_ratings = simulate(seed, informed=informed)
    means = [sum(r for r, d in zip(problem_ratings, difficulty) if d == level)
             / difficulty.count(level) for level in range(1, 6)]
    return {"students": spearman(strength, ratings), "students_own": spearman(strength, own),
            "problems_difficulty": spearman(difficulty, problem_ratings),
            "problems_hardness": spearman(hardness, problem_ratings),
            "means_by_difficulty": means}


if __name__ == "__main__":
    for informed in (True, False):
        print("problems start from their difficulty" if informed else "problems all start at 1500")
        for seed in (31, 32, 33):
            f = figures(seed, informed)
            print(f"  seed {seed}: students {f['students']:.3f} (own files {f['students_own']:.3f})  problems x difficulty "
                  f"{f['problems_difficulty']:.3f}  problems x true hardness {f['problems_hardness']:.3f}  "
                  f"means by difficulty {[round(m) for m in f['means_by_difficulty']]}")

"""What the course offers a student, for the teacher's table: every place that gives stars,
chapter by chapter, and every collection of problems, with its size («3 de 24»).

The stars come from the chapters' texts (board tasks, exercises, quizzes of
``damas/course/texts/``) and from the exercises that the notebooks make in their own cells
(:data:`NOTEBOOK_STAR_KEYS`); the problems from the trainers of the Voilà app and of the
chapters (:data:`PROBLEM_COLLECTIONS`).  ``tests/course/test_turma.py`` reads the notebooks and
the puzzle files and checks that both lists are complete and the sizes right.

Pure Python.
"""

from __future__ import annotations

from damas.course.chapters import CHAPTERS, EXTRAS

__all__ = ["NOTEBOOK_STAR_KEYS", "CAPTURE_PRACTICE", "PROBLEM_COLLECTIONS", "PROBLEM_CHAPTERS", "star_keys",
           "max_stars", "problem_total", "chapter_of", "MAX_STARS"]

MAX_STARS = 3

#: Exercises made in the notebooks' cells (the key is the first argument of the call).
NOTEBOOK_STAR_KEYS = (
    "tabuleiro/ex1", "tabuleiro/ex2", "tabuleiro/ex3", "tabuleiro/ex4",
    "jogar/ex2",
    "exercicios-de-tomada/ex1", "exercicios-de-tomada/ex2", "exercicios-de-tomada/ex3",
    "anotacao/ex1", "anotacao/ex2", "anotacao/ex3",
    "empate/ex1", "empate/ex2",
    "irregularidades/ex1", "irregularidades/ex2",
    "arbitragem/ex1", "arbitragem/ex2",
    "internacionais/ex1",
    "outras-damas/russas", "outras-damas/portuguesas",
    "historia/ex1", "historia/ex2",
)

#: Chapter 07's practice of every capture exercise of puzzles/tomadas.pdn: (key, how many);
#: the exercise i is saved under ``key/i``.
CAPTURE_PRACTICE = ("exercicios-de-tomada/treino", 32)

#: Where the problems solved are saved: key -> how many problems.  The Voilà app's
#: collections (and chapters 06 and 08, which show the same files) are saved under the
#: fingerprint of their positions (:func:`damas.course.practice.default_key`).
PROBLEM_COLLECTIONS = {
    "treino/639d210e34": 12,    # puzzles/classicos.pdn
    "treino/fd2afc17cd": 24,    # puzzles/golpes-de-partidas.pdn
    "treino/5beacb8b96": 24,    # puzzles/golpes-do-curso.pdn
    "treino/388cca5569": 6,     # puzzles/armadilhas.pdn
    "treino/b8e24b7059": 32,    # puzzles/tomadas.pdn
    "treino/7a699e9893": 10,    # puzzles/internacional.pdn
    "lei-da-maioria/treino": 1,
    "jogar/ex1": 1,
    "empate/ex3": 1,
    "internacionais/treino/Damas internacionais": 10,
    "internacionais/ex2": 1,
    "finais/forcada": 7,        # damas.course.endgame_drills.DRILLS
    "finais/desafio": 1,
}


#: The chapter whose problems a collection saved under a fingerprint holds (the app shows
#: them too): solving one of them starts that chapter, for the teacher's table.
PROBLEM_CHAPTERS = {
    "treino/639d210e34": "golpes", "treino/fd2afc17cd": "golpes", "treino/5beacb8b96": "golpes",
    "treino/388cca5569": "como-jogar", "treino/b8e24b7059": "exercicios-de-tomada",
    "treino/7a699e9893": "internacionais",
}


def chapter_of(key: str) -> str:
    """The chapter of a saved key: ``"tomada/todas-1"``: ``"tomada"``; a fingerprinted
    collection: its chapter (:data:`PROBLEM_CHAPTERS`); a key with no ``/``: ``"outros"``."""
    if key in PROBLEM_CHAPTERS:
        return PROBLEM_CHAPTERS[key]
    return key.split("/", 1)[0] if "/" in key else "outros"


def star_keys() -> dict:
    """{chapter slug: the keys of every task, exercise and quiz that gives stars}, in the
    order of the course (every chapter and extra, even one with none)."""
    from damas.course.chapter_texts import EXERCISE_DATA, QUIZZES, TASKS
    keys = {slug: [] for slug, *_ in CHAPTERS}
    keys.update({slug: [] for slug, *_ in EXTRAS})
    found = [t.key for tasks in TASKS.values() for t in tasks]
    found += [e["key"] for entries in EXERCISE_DATA.values() for e in entries]
    found += [q.key for q in QUIZZES.values()]
    found += list(NOTEBOOK_STAR_KEYS)
    key, n = CAPTURE_PRACTICE
    found += [f"{key}/{i}" for i in range(1, n + 1)]
    for k in found:
        slug = k.split("/", 1)[0]
        if k not in keys.setdefault(slug, []):
            keys[slug].append(k)
    return keys


def max_stars() -> dict:
    """{chapter slug: the most stars the chapter gives}."""
    return {slug: MAX_STARS * len(keys) for slug, keys in star_keys().items()}


def problem_total() -> int:
    """How many problems the course's trainers and drills offer."""
    return sum(PROBLEM_COLLECTIONS.values())

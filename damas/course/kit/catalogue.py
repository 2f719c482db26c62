"""What the course offers a student, for the teacher's table: every place that gives stars,
chapter by chapter, and every collection of problems, with its size («3 de 24»).

The stars come from the chapters' texts (board tasks, exercises, quizzes of
``damas/course/texts/``) and from the exercises that the notebooks make in their own cells
(:data:`NOTEBOOK_STAR_KEYS`); the problems from the puzzle files the trainers show (:data:`TRAINER_FILES`, read at run
time) and the chapters' own keyed problems (:data:`KEYED_PROBLEMS`).  ``tests/course/test_turma.py`` reads the notebooks and
the puzzle files and checks that both lists are complete and the sizes right.

Pure Python.
"""

from __future__ import annotations

from damas.course.kit.chapter_list import CHAPTERS, EXTRAS
from damas.course.kit.keys import POSITION_PREFIX, position_key
from damas.rules.args import checked, refuse

__all__ = ["puzzles_dir", "NOTEBOOK_STAR_KEYS", "CAPTURE_PRACTICE", "TRAINER_FILES", "KEYED_PROBLEMS", "LEGACY_KEYS",
           "BOOKS", "numbered", "trainer_collection", "file_positions", "positions", "solved_problems", "solved_count", "star_keys", "max_stars",
           "problem_total", "chapter_of", "MAX_STARS"]

MAX_STARS = 3

#: Exercises made in the notebooks' cells or the chapters' modules (the key is the first argument of the call).
NOTEBOOK_STAR_KEYS = (
    "tabuleiro/nome", "tabuleiro/ex1", "tabuleiro/ex2", "tabuleiro/ex3", "tabuleiro/ex4",
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

#: The collections of puzzles/ that the course's trainers show (the Voilà app, chapters 06, 07,
#: 08, 14, «Treino do dia»), with the chapter a problem of theirs belongs to.  A problem solved in
#: a trainer made without a key is saved under its position (:func:`damas.course.kit.keys.position_key`), so that the
#: same problem counts once wherever it is solved, and a collection that grows or is reordered
#: keeps every mark on the problem it was earned on.  The sizes are read from the files.
TRAINER_FILES = {
    "classicos.pdn": "golpes",
    "golpes-nao-vistos.pdn": "golpes",
    "golpes-de-partidas.pdn": "golpes",
    "golpes-do-curso.pdn": "golpes",
    "armadilhas.pdn": "como-jogar",
    "tomadas.pdn": "exercicios-de-tomada",
    "internacional.pdn": "internacionais",
}

#: Problems of the chapters' own cells, saved under a key (:func:`damas.course.kit.practice.trainer`
#: and the endgame drills): key -> how many problems.
KEYED_PROBLEMS = {
    "lei-da-maioria/treino": 1,
    "jogar/ex1": 1,
    "empate/ex3": 1,
    "internacionais/ex2": 1,
    "finais/forcada": 7,        # damas.course.chapters.ch09_finais.DRILLS
    "finais/desafio": 1,
}

#: Keys of earlier versions of the course whose problems are now kept by position:
#: key -> the puzzle file whose problems, in order, the saved indices named.
LEGACY_KEYS = {
    "internacionais/treino/Damas internacionais": "internacional.pdn",
}

#: The collections numbered as a book wherever the course shows them (chapter 06's trainer, the Voilà
#: trainer, the printed sheet and its answer key, the teacher's key): from the easiest problem to the
#: hardest (:func:`damas.problems.book.book_order`), so that «clássico 12» is the same problem on the
#: screen and on paper.  The other collections keep the order of their file.
BOOKS = frozenset({"classicos"})

_SOLVED_WORDS = "a seção de problemas resolvidos ({coleção: lista de números de problema})"


def _solved(value: object, name: str) -> dict[str, list[int]]:
    """A progress file's ``problemas`` section: {key: [index, ...]}."""
    if not isinstance(value, dict):
        raise refuse(name, _SOLVED_WORDS, value)
    for key, indices in value.items():
        if not isinstance(key, str) or not isinstance(indices, (list, tuple, set, frozenset)) or not all(
                isinstance(i, int) and not isinstance(i, bool) for i in indices):
            raise refuse(f"{name} (o item {key!r})", _SOLVED_WORDS, indices)
    return value


def puzzles_dir():
    """The course's ``puzzles/`` folder: beside the package in a checkout (or an editable
    install); else, for a package installed in site-packages (JupyterLite, Colab), beside the
    ``notebooks/`` folder the notebook runs in (or inside the folder it runs in); else the copy
    the JupyterLite site's wheel carries (:mod:`damas.course.kit.lite`)."""
    from pathlib import Path

    from damas.course.kit.lite import packaged_files
    beside = Path(__file__).resolve().parents[3] / "puzzles"
    if beside.is_dir():
        return beside
    for folder in (Path.cwd().parent / "puzzles", Path.cwd() / "puzzles", packaged_files() / "puzzles"):
        if folder.is_dir():
            return folder
    return beside       # nowhere: the error names the place of a checkout


def _stem(name: str) -> str:
    return name[:-4] if name.endswith(".pdn") else name


@checked()
def numbered(puzzles, name: str) -> list:
    """The problems of the collection ``name`` (``"classicos"`` or ``"classicos.pdn"``) in the order
    the course numbers them: a book (:data:`BOOKS`) from the easiest to the hardest, any other
    collection as its file has them."""
    if _stem(str(name)) in BOOKS:
        from damas.problems.book import book_order
        return book_order(puzzles)
    return list(puzzles)


@checked()
def trainer_collection(name: str) -> list:
    """The problems of ``puzzles/<name>`` (``"classicos.pdn"``), numbered as every trainer and
    printed sheet of the course numbers them (:func:`numbered`)."""
    from damas.problems.puzzles import load_collection
    if "/" in name or "\\" in name or name.startswith("."):
        raise refuse("name", "o nome de uma coleção da pasta puzzles (como 'classicos.pdn'), sem pastas", name)
    file_name = name if name.endswith(".pdn") else name + ".pdn"
    return numbered(load_collection(puzzles_dir() / file_name), file_name)


_FILES_CACHE: dict = {}


@checked()
def file_positions(name: str) -> list:
    """The position keys of the problems of ``puzzles/<name>``, in the file's order (read once)."""
    if name not in _FILES_CACHE:
        from damas.problems.puzzles import load_collection
        _FILES_CACHE[name] = [position_key(p) for p in load_collection(puzzles_dir() / name)]
    return _FILES_CACHE[name]


def positions() -> dict:
    """{position key: chapter} of every problem the trainers show (first file wins)."""
    found = {}
    for name, chapter in TRAINER_FILES.items():
        for key in file_positions(name):
            found.setdefault(key, chapter)
    return found


@checked(saved=_solved)
def solved_problems(saved: dict) -> set:
    """The problems a progress file's ``problemas`` section says were solved, each named once:
    the position keys the course knows (also those an earlier version saved under a
    :data:`LEGACY_KEYS` key) and ``key#index`` for the problems of :data:`KEYED_PROBLEMS`."""
    known = positions()
    done = {k for k, v in saved.items() if v and k in known}
    for key, name in LEGACY_KEYS.items():
        keys = file_positions(name)
        done |= {keys[i] for i in saved.get(key, []) if 0 <= i < len(keys)}
    for key, size in KEYED_PROBLEMS.items():
        done |= {f"{key}#{i}" for i in saved.get(key, []) if 0 <= i < size}
    return done


@checked(saved=_solved)
def solved_count(saved: dict) -> int:
    """How many problems a ``problemas`` section holds: the course's (:func:`solved_problems`,
    each once) and every other problem saved (a collection of the student's own)."""
    known = positions()
    course = set(KEYED_PROBLEMS) | set(LEGACY_KEYS)
    other = sum(len(v) for k, v in saved.items() if k not in known and k not in course)
    return len(solved_problems(saved)) + other


@checked()
def chapter_of(key: str) -> str:
    """The chapter of a saved key: ``"tomada/todas-1"``: ``"tomada"``; a problem kept by its
    position: the chapter of the file that holds it; a key with no ``/``: ``"outros"``."""
    if key.startswith(POSITION_PREFIX + "/"):
        return positions().get(key, "outros")
    if key in LEGACY_KEYS:
        return TRAINER_FILES[LEGACY_KEYS[key]]
    return key.split("/", 1)[0] if "/" in key else "outros"


def star_keys() -> dict:
    """{chapter slug: the keys of every task, exercise and quiz that gives stars}, in the
    order of the course (every chapter and extra, even one with none)."""
    from damas.course.kit.chapter_texts import EXERCISE_DATA, QUIZZES, TASKS
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
    """How many problems the course's trainers and drills offer (each position once)."""
    return len(positions()) + sum(KEYED_PROBLEMS.values())

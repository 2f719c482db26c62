"""Chapter 07 — Exercícios de tomada: what ``notebooks/07_Exercicios_de_tomada.ipynb`` uses.

The capture exercises of ``puzzles/tomadas.pdn``: their themes, the stored answers, the captures
the rules allow, the typical mistake (a capture that ignores the majority law) and the verdict on
an answer, with the rule; each exercise on the board (:func:`exercise_capture_task`) and all of
them in one practice (:func:`capture_practice`). Pure Python; the rules come from the board,
:func:`damas.rules.explain.explain` and :func:`damas.problems.compose.free_captures`.

The notebook imports it whole (``from damas.course.chapters.ch07_exercicios_de_tomada import *``):
``__all__`` is what the notebook calls, its own helpers and the kit's pieces it uses; the other
public names serve the tests.
"""

from __future__ import annotations
from damas.course.kit.chapter_texts import chapter_quiz, chapter_stage
from damas.course.kit.classmate import classmate_section
from damas.course.kit.minigames import minigame
from damas.course.kit.stage_tests import stage_test
from damas.course.kit.exercises import chapter_exercise, check_items
from damas.course.kit.oneliners import judge_attempt
from damas.course.kit.questions import capture_task
from damas.course.kit.sentences import after_verdict
from damas.course.kit.tasks import Stage
from damas.errors import DamasError
from damas.rules.args import PDN_GAME, checked, optional, refuse, text_spec
from damas.rules.pdn_facts import strip_facts

__all__ = ["chapter_stage", "practice", "majority_figure", "majority_verdict", "final_exercise", "think_exercise",
           "chapter_quiz", "theme_examples", "hundred_practice", "answer_key_sentence", "teacher_check",
           "classmate_section", "minigame", "stage_test"]


def _exercises(value, name):
    from damas.rules.pdn import PDNGame
    if not isinstance(value, (list, tuple)) or not all(isinstance(e, PDNGame) for e in value):
        raise refuse(name, "uma lista de exercícios (partidas lidas de um PDN)", value)
    return value


@checked(exercise=PDN_GAME)
def theme_of(exercise) -> str:
    """The exercise's first theme (the PDN tag ``Theme``, up to the first ``;``)."""
    return exercise.tags.get("Theme", "").split(";")[0].strip()


@checked(exercises=_exercises)
def by_theme(exercises) -> dict:
    """Theme -> its exercises, in the order the themes first appear."""
    themes = {}
    for exercise in exercises:
        themes.setdefault(theme_of(exercise), []).append(exercise)
    return themes


@checked(exercise=PDN_GAME)
def answer_key(exercise) -> list:
    """The captures stored in the file: the main line's first move and the
    first move of each of its variations."""
    first = exercise.line.nodes[0]
    return [first.move] + [variation.nodes[0].move for variation in first.variations]


@checked()
def allowed_captures(board) -> list:
    """The captures (the legal moves) the board allows, as texts."""
    return [board.move_text(move) for move in board.legal_moves()]


@checked(exercise=PDN_GAME, answer=optional(text_spec()))
def check_capture(exercise, answer) -> str:
    """The verdict on ``answer`` (a move text), with the rule when it is
    refused and the other allowed captures when it is right (regra 4.14)."""
    from damas.rules.explain import explain
    if answer is None:
        return "Ainda sem resposta: faça a tomada no tabuleiro."
    board = exercise.initial_board()
    verdict = explain(board, answer)
    if not verdict.legal:
        return after_verdict("Ainda não. ", verdict.message)
    others = [t for t in allowed_captures(board) if board.parse_move(t) != board.parse_move(answer)]
    if others:
        return f'Certo! Também seria permitido: {", ".join(others)} (regra 4.14).'
    return "Certo! É a única tomada permitida."


@checked(exercise=PDN_GAME)
def typical_mistake(exercise):
    """A capture that would be possible without the majority law but is not
    allowed, as text; None if there is none."""
    from damas.problems.compose import free_captures
    board = exercise.initial_board()
    right = board.legal_moves()
    for move in free_captures(board):
        if move not in right:
            return board.move_text(move)
    return None


@checked(exercise=PDN_GAME)
def statement(exercise):
    """The exercise's picture, titled with its name and who plays."""
    from damas.course.kit.figures import board_figure
    board = exercise.initial_board()
    side = "Brancas" if board.turn == "W" else "Pretas"
    return board_figure(board, title=f'{exercise.tags["Event"]} — {side} jogam e tomam')


def _pdn_games(value, name):
    from damas.rules.pdn import PDNGame
    if not isinstance(value, (list, tuple)) or not all(isinstance(g, PDNGame) for g in value):
        raise refuse(name, "uma coleção de exercícios (uma lista de partidas lidas de um PDN)", value)
    return value


@checked()
def exercise_capture_task(key, pdn_game, title):
    """A capture exercise of a PDN collection, on the board (any allowed capture is right)."""
    board = pdn_game.initial_board()
    return capture_task(key, board.fen(), title, variant=board.variant.name)


@checked(pdn_games=_pdn_games, key=text_spec(False))
def capture_practice(pdn_games, key: str) -> Stage:
    """Every capture exercise of a PDN collection on one board, in order,
    free to go forward and back (``key``/1, ``key``/2, ... keep the stars)."""
    games = list(pdn_games)
    if not games:
        raise DamasError("A coleção de exercícios está vazia: não há tomada para treinar.")
    return Stage([exercise_capture_task(f"{key}/{i}", game, game.tags.get("Event") or f"Exercício {i}")
                  for i, game in enumerate(games, 1)], free=True)


# -- what the notebook shows (one call a cell) -------------------------------------------------------------
#: The chapter's collection, from the notebooks' folder.
COLLECTION = "../puzzles/tomadas.pdn"
#: The exercise of the majority law's typical mistake (its number in the collection).
MAJORITY_EXAMPLE = 5
#: The progress key of the chapter's tasks.
KEY = "exercicios-de-tomada"


def numbered(path=COLLECTION) -> list:
    """``(number, exercise)`` for every exercise of the collection (numbered from 1, as in the file)."""
    from damas.rules.pdn import read_games
    return list(enumerate(read_games(path), 1))


def _on_64(pairs, wanted: bool = True) -> list:
    return [(n, e) for n, e in pairs if (e.initial_board().variant.name == "brazilian") == wanted]


def _stage(pairs, key: str) -> Stage:
    """The exercises of ``pairs`` on one board, free to go anywhere; each keeps its number in the
    collection in its progress key (``key/5`` is always «Tomada 5»)."""
    if not pairs:
        raise DamasError("A coleção de exercícios está vazia: não há tomada para treinar.")
    return Stage([exercise_capture_task(f"{key}/{n}", game, game.tags.get("Event") or f"Exercício {n}")
                  for n, game in pairs], free=True)


def practice(path=COLLECTION) -> Stage:
    """The chapter's practice: every exercise of the 64-square board, one at a time."""
    return _stage(_on_64(numbered(path)), f"{KEY}/treino")


def hundred_practice(path=COLLECTION) -> Stage:
    """The exercises of the 100-square board (for «Para saber mais»: the board of chapter 14)."""
    return _stage(_on_64(numbered(path), wanted=False), f"{KEY}/treino")


def _majority(path):
    return dict(numbered(path))[MAJORITY_EXAMPLE]


def majority_figure(path=COLLECTION):
    """The exercise of the majority law's typical mistake, as a figure."""
    return statement(_majority(path))


def majority_verdict(path=COLLECTION):
    """What the board says to the typical mistake of that exercise (the rule's words)."""
    from damas.course.kit.sentences import Sentence
    exercise = _majority(path)
    board = exercise.initial_board()
    mistake = typical_mistake(exercise)
    from damas.rules.explain import explain
    return Sentence(f"**{mistake}?** {explain(board, mistake).message}")


def final_exercises(path=COLLECTION) -> list:
    """The three exercises of section 3: exercises of the 64-square board not shown elsewhere in
    the chapter, those with a typical mistake first."""
    pairs = _on_64(numbered(path))
    shown = {MAJORITY_EXAMPLE}
    rest = [(n, e) for n, e in pairs if n not in shown and n not in {ns[0][0] for ns in _themes(pairs).values()}]
    with_mistake = [(n, e) for n, e in rest if typical_mistake(e)]
    return (with_mistake + [p for p in rest if p not in with_mistake])[:3]


def _themes(pairs) -> dict:
    themes: dict = {}
    for n, e in pairs:
        themes.setdefault(theme_of(e), []).append((n, e))
    return themes


#: The keys of section 3's exercises on the board (the catalogue counts them: written whole here).
FINAL_KEYS = ("exercicios-de-tomada/ex1", "exercicios-de-tomada/ex2", "exercicios-de-tomada/ex3")


def final_exercise(i: int, path=COLLECTION):
    """Exercise ``i`` (1 to 3) of section 3 on the board (saved as ``exercicios-de-tomada/ex<i>``)."""
    if i not in (1, 2, 3):
        raise DamasError(f"O capítulo tem os exercícios 1, 2 e 3 no tabuleiro; não há o exercício {i}.")
    n, exercise = final_exercises(path)[i - 1]
    return exercise_capture_task(FINAL_KEYS[i - 1], exercise, exercise.tags["Event"])


def think_exercise():
    """Exercise 4: the question of chapter 03 (which one white man can capture); its key is
    chapter 03's, so the stars already won stay."""
    return chapter_exercise("tomada", 3)


class ThemeExamples:
    """One exercise of each theme (64-square board): its title, the file's comment, the picture,
    the right answer and, when there is one, the typical mistake, each with its verdict."""

    def __init__(self, path=COLLECTION):
        self.rows = []
        for theme, pairs in _themes(_on_64(numbered(path))).items():
            n, exercise = pairs[0]
            right = allowed_captures(exercise.initial_board())[0]
            wrong = typical_mistake(exercise)
            self.rows.append((theme, strip_facts(" ".join(exercise.comments)), statement(exercise),
                              f"Resposta certa: {right}. {check_capture(exercise, right)}",
                              f"Erro típico: {wrong}. {check_capture(exercise, wrong)}" if wrong else ""))

    def _ipython_display_(self):  # pragma: no cover - needs a notebook front end
        from IPython.display import Markdown, display
        for theme, comment, figure, right, wrong in self.rows:
            display(Markdown(f"**{theme[0].upper()}{theme[1:]}.** {comment}"))
            display(figure)
            display(Markdown(right + ("  \n" + wrong if wrong else "")))

    def __repr__(self):
        return f"ThemeExamples({len(self.rows)} temas)"


def theme_examples(path=COLLECTION) -> ThemeExamples:
    """One exercise of each theme, with its verdicts (:class:`ThemeExamples`)."""
    return ThemeExamples(path)


def answer_key_sentence(path=COLLECTION):
    """The file's answer key of every exercise checked against the rules: the stored captures are
    exactly the moves the board allows."""
    from damas.course.kit.sentences import Sentence
    pairs = numbered(path)
    for n, exercise in pairs:
        assert set(answer_key(exercise)) == set(exercise.initial_board().legal_moves()), exercise.tags["Event"]
    return Sentence(f"O gabarito de todos os {len(pairs)} exercícios do arquivo confere com as regras.")


def teacher_check(path=COLLECTION):
    """The answers of the chapter checked by the rules: each exercise's right capture and typical
    mistake, the tasks on the board, exercise 4 and the quiz."""
    for n, exercise in final_exercises(path):
        assert check_capture(exercise, allowed_captures(exercise.initial_board())[0]).startswith("Certo")
        assert not check_capture(exercise, typical_mistake(exercise)).startswith("Certo")
    return check_items(*(final_exercise(i, path) for i in (1, 2, 3)), think_exercise(), chapter_quiz("07"))

"""The chapters' exercises, answered by clicking, and the teacher's check of them.

Their texts are data (the ``exercises`` of damas/course/texts/<chapter>.json); the builders
here ask the rules package for the answers and word the explanations.
"""

from __future__ import annotations

import contextlib

from damas.course.kit.sentences import plural

from damas.rules.board import BLACK, Board
from damas.course.kit.chapter_texts import EXERCISE_DATA, QUIZZES, TASKS, _slug
from damas.course.kit.figures import board_figure
from damas.course.kit.questions import choice_question, count_question, capture_task
from damas.course.kit.quiz import Quiz
from damas.course.kit.tasks import BoardTask, SetupTask
from damas.rules.args import checked

@checked()
def black_can_promote(board):
    """(right?, why) for "as pretas jogam e podem coroar"."""
    if board.turn != BLACK:
        return False, "nessa posição jogam as brancas. Escolha «pretas» para jogar."
    if any(m.promotes for m in board.legal_moves()):
        return True, "as pretas podem coroar: a pedra termina o lance na travessa 1 (regra 3.5)."
    return False, "nenhum lance das pretas termina na travessa 1, a última delas (regra 3.5)."


# -- the chapters' exercises (answered by clicking) -------------------------------------------------
def _capture_count_question(key, fen, text, hint, figure_title):
    board = Board(fen)
    moves = board.legal_moves()
    n = max(len(m.captured) for m in moves)
    best = [board.move_text(m) for m in moves if len(m.captured) == n]
    why = (f"{' ou '.join(best)}: {plural(n, 'peça', 'peças')}. A tomada é obrigatória e leva o maior número de peças "
           f"(regras 4.1 e 4.13).")
    return count_question(key, text, n, why, hint, figure=board_figure(board, title=figure_title))


def _who_captures(key, fen, text):
    board = Board(fen)
    side = board.turn
    starts = {board.variant.square_name(m.start) for m in board.legal_moves()}
    pieces = sorted(board.variant.square_name(s) for s in board.men(side) + board.kings(side))
    why = []
    for name in pieces:
        if name in starts:
            moves = [board.move_text(m) for m in board.legal_moves()
                     if board.variant.square_name(m.start) == name]
            why.append(f"A pedra de {name} toma: {', '.join(moves)}. A pedra também toma para trás "
                       f"(regra 4.2), e a tomada é obrigatória (regra 4.1).")
        else:
            why.append(f"A pedra de {name} não tem tomada nesta posição. Olhe as quatro diagonais: a pedra "
                       f"também toma para trás (regra 4.2).")
    answer = [i for i, name in enumerate(pieces) if name in starts]
    return choice_question(key, text, pieces, answer[0], why, figure=board_figure(board, title="As brancas jogam"))


def _queen_squares(key, fen, square):
    board = Board(fen)
    ends = sorted(board.variant.square_name(m.end) for m in board.legal_moves())
    why = (f"A dama vai a {', '.join(ends)}: {len(ends)} casas nas duas diagonais que passam por {square} "
           f"(regra 3.9).")
    return count_question(key, f"Uma dama branca em {square}, no tabuleiro vazio: a quantas casas ela pode ir?",
                          len(ends), why, f"conte as casas das duas diagonais que passam por {square}.",
                          figure=board_figure(board, title=f"A dama em {square}"))


def _man_moves(key, fen, square):
    board = Board(fen)
    ends = [board.variant.square_name(m.end) for m in board.legal_moves()]
    why = (f"Só {', '.join(f'{square}-{e}' for e in ends)}: a pedra anda uma casa para a frente, na diagonal "
           f"(regra 3.4), e {square} fica na beira do tabuleiro.")
    return count_question(key, f"No tabuleiro vazio, quantos lances tem uma pedra branca na casa {square}?",
                          len(ends), why, f"a pedra só anda para a frente, e {square} fica na beira do tabuleiro.",
                          figure=board_figure(board, title=f"Uma pedra em {square}"))


def _sacrifice():
    from damas.problems.puzzles import Puzzle
    return Puzzle("W:W22,25,29:B8,13,15", goal="win", max_plies=3, title="Sacrifício e tomada tripla")


#: The set-up checks an exercise's data may name (chapter_texts.SETUP_CHECKS).
SETUP_CHECK_FUNCTIONS = {"black_can_promote": black_can_promote}


def _exercise(e):
    """The exercise described by one entry of a chapter file (chapter_texts.EXERCISE_FIELDS)."""
    kind = e["kind"]
    if kind == "man_moves":
        return _man_moves(e["key"], e["fen"], e["square"])
    if kind == "queen_squares":
        return _queen_squares(e["key"], e["fen"], e["square"])
    if kind == "capture_count":
        return _capture_count_question(e["key"], e["fen"], e["text"], e["hint"], e["figure_title"])
    if kind == "capture":
        return capture_task(e["key"], e["fen"], e["title"], e["text"])
    if kind == "who_captures":
        return _who_captures(e["key"], e["fen"], e["text"])
    return SetupTask(e["key"], e["title"], e["text"], SETUP_CHECK_FUNCTIONS[e["check"]])


def _maker(entries):
    return lambda: [_exercise(e) for e in entries]


#: chapter slug -> a function that makes its exercises (made when first asked for).
EXERCISES = {slug: _maker(entries) for slug, entries in EXERCISE_DATA.items()}

_EXERCISE_CACHE = {}


@checked()
def chapter_exercises(chapter: str) -> list:
    """The exercises of ``chapter``, made once per kernel."""
    chapter = _slug(chapter)
    if chapter not in _EXERCISE_CACHE:
        _EXERCISE_CACHE[chapter] = EXERCISES[chapter]()
    return _EXERCISE_CACHE[chapter]


@checked()
def chapter_exercise(chapter: str, n: int):
    """Exercise ``n`` (1-based) of ``chapter``, to answer by clicking."""
    return chapter_exercises(chapter)[n - 1]


#: A position that fits each setup exercise and one that does not (for the teacher's check).
SETUP_EXAMPLES = {e["key"]: (e["good"], e["bad"]) for entries in EXERCISE_DATA.values()
                  for e in entries if e["kind"] == "setup"}


@checked()
def check_chapter(chapter: str) -> str:
    """The teacher's check of a chapter's exercises and quiz: every right
    answer is judged right and every other one wrong, every board task can
    be done, by the rules package.  Raises AssertionError if not; returns a
    line that gives no answer away."""
    slug = _slug(chapter)
    items = list(chapter_exercises(slug)) if slug in EXERCISES else []
    if slug in TASKS:
        items += TASKS[slug]
    if slug in QUIZZES:
        items.append(QUIZZES[slug])
    from damas.course.kit.sentences import Sentence
    return Sentence(f"Capítulo {chapter}: {_checked_count(items)} respostas conferidas pelas regras.")


def check_items(*items) -> str:
    """The teacher's check of exercises made in a chapter (see :func:`check_chapter`)."""
    from damas.course.kit.sentences import Sentence
    return Sentence(f"{_checked_count(items)} respostas conferidas pelas regras.")


#: The lists that :func:`collecting` fills (the items of every check made while it is open).
_COLLECTING: list = []


@contextlib.contextmanager
def collecting():
    """Collect every item :func:`check_items` and :func:`check_chapter` check while the block runs:
    the teacher's answer key (:mod:`damas.course.classroom.teacher_key`) reads a chapter's exercises
    through the chapter's own check, so that the key has what the chapter checks, no more, no less."""
    found: list = []
    _COLLECTING.append(found)
    try:
        yield found
    finally:
        _COLLECTING.remove(found)


def _checked_count(items) -> int:
    """Check each item by the rules package (AssertionError if one fails); return how many
    answers were checked: every option of a quiz, a board task done by its shortest line, a
    set-up task on its good and bad examples, every problem of a trainer proven."""
    items = list(items)
    for found in _COLLECTING:
        found.extend(items)
    n = 0
    for item in items:
        if isinstance(item, Quiz):
            for q, question in enumerate(item.questions):
                for o in range(len(question.options)):
                    assert item.judge(q, o)[0] == question.is_right(o), (item.key, q, o)
                n += 1
        elif isinstance(item, BoardTask):
            line = item.shortest()
            assert line is not None and item.judge(item.student_moves(line)).done, item.key
            n += 1
        elif isinstance(item, SetupTask):
            good, bad = SETUP_EXAMPLES[item.key]
            assert item.check_fn(Board(good))[0] and not item.check_fn(Board(bad))[0], item.key
            n += 1
        elif hasattr(item, "puzzles"):           # a trainer: each problem proven
            from damas.problems.solver import solve
            for p in item.puzzles:
                assert solve(p).proven, p.title
                n += 1
    return n

"""The chapters' exercises, answered by clicking, and the teacher's check of them."""

from __future__ import annotations

from damas.rules.board import BLACK, Board
from damas.course.chapter_texts import QUIZZES, TASKS, _slug
from damas.course.figures import board_figure
from damas.course.questions import choice_question, count_question, capture_task
from damas.course.quiz import Quiz
from damas.course.tasks import BoardTask, SetupTask

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
    why = (f"{' ou '.join(best)}: {n} peça(s). A tomada é obrigatória e leva o maior número de peças "
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


EXERCISES = {
    "movimento": lambda: [
        _man_moves("movimento/ex1", "W:Wh2:B", "h2"),
        _queen_squares("movimento/ex2", "W:WKc3:B", "c3"),
        SetupTask("movimento/ex3", "Monte a posição", "Coloque pedras e escolha quem joga: as pretas jogam e podem "
                  "coroar uma pedra no próximo lance.", black_can_promote),
    ],
    "tomada": lambda: [
        _capture_count_question("tomada/ex1", "W:Wg1:Bf2,d4,d6,f6",
                        "Quantas peças pretas a pedra branca de g1 toma?",
                        "a pedra toma para a frente e para trás, e não pode parar no meio (regras 4.2 e 4.5).",
                        "A pedra de g1 toma"),
        capture_task("tomada/ex2", "W:WKd2:Bc3,b6,e5", "A dama de d2 tem de tomar",
             "Faça a tomada inteira, clicando em cada casa onde a dama para: ela escolhe onde cair para "
             "continuar tomando (regras 4.3 e 4.6)."),
        _who_captures("tomada/ex3", "W:Wb4,f4,g3:Be3,a7,c7", "As brancas jogam. Que pedra branca é obrigada a tomar?"),
    ],
    "lei-da-maioria": lambda: [
        capture_task("lei-da-maioria/ex1", "B:Wb6,c3,d4,f4,f6:Ba7,e5,Kh8", "As pretas são obrigadas a tomar",
             "Conte as peças de cada tomada possível antes de jogar (regra 4.13)."),
        _capture_count_question("lei-da-maioria/ex2", "W:Wc1,g3,Kh8:Bd2,b6,d4,f4,f6",
                        "As brancas jogam. Quantas peças elas são obrigadas a tomar?",
                        "experimente cada peça branca: a pedra e a dama tomam em cadeia (regras 4.5 e 4.6).",
                        "As brancas jogam"),
    ],
}

_EXERCISE_CACHE = {}


def chapter_exercises(chapter: str) -> list:
    """The exercises of ``chapter``, made once per kernel."""
    chapter = _slug(chapter)
    if chapter not in _EXERCISE_CACHE:
        _EXERCISE_CACHE[chapter] = EXERCISES[chapter]()
    return _EXERCISE_CACHE[chapter]


def chapter_exercise(chapter: str, n: int):
    """Exercise ``n`` (1-based) of ``chapter``, to answer by clicking."""
    return chapter_exercises(chapter)[n - 1]


#: A position that fits each setup exercise (for the teacher's check).
SETUP_EXAMPLES = {"movimento/ex3": ("B:W:Bf2", "W:W:Bf2")}


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
    return f"Capítulo {chapter}: {_checked_count(items)} respostas conferidas pelas regras."


def check_items(*items) -> str:
    """The teacher's check of exercises made in a chapter (see :func:`check_chapter`)."""
    return f"{_checked_count(items)} respostas conferidas pelas regras."


def _checked_count(items) -> int:
    """Check each item by the rules package (AssertionError if one fails); return how many
    answers were checked: every option of a quiz, a board task done by its shortest line, a
    set-up task on its good and bad examples, every problem of a trainer proven."""
    n = 0
    for item in items:
        if isinstance(item, Quiz):
            for q, question in enumerate(item.questions):
                for o in range(len(question.options)):
                    assert item.judge(q, o)[0] == question.is_right(o), (item.key, q, o)
                n += 1
        elif isinstance(item, BoardTask):
            line = item.shortest()
            assert line is not None and item.judge(line).done, item.key
            n += 1
        elif isinstance(item, SetupTask):
            good, bad = SETUP_EXAMPLES[item.key]
            assert item.check_fn(Board(good))[0] and not item.check_fn(Board(bad))[0], item.key
            n += 1
        elif hasattr(item, "puzzles"):           # a trainer: each problem proven
            from damas.problems.puzzles import solve
            for p in item.puzzles:
                assert solve(p).proven, p.title
                n += 1
    return n

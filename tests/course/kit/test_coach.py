"""The computer that teaches (damas.course.kit.coach): the turning point, the missed or allowed
golpe (proven by the solver) and the principle broken, in Portuguese."""

import pytest

from damas import Board, DamasError, Game
from damas.course.kit.coach import PRINCIPLES, CoachError, gives_capture, move_notes, review
from damas.problems.puzzles import Puzzle
from damas.problems.solver import solve


def _game(*texts):
    game = Game("brazilian")
    for text in texts:
        game.push(game.board.parse_move(text))
    return game


def test_a_man_given_away_is_the_turning_point():
    r = review(_game("c3-d4", "f6-g5", "b2-c3", "g7-f6", "d4-e5"), student="W", depth=4)
    tp = r.turning_point
    assert tp.text == "d4-e5" and tp.number == 3 and tp.principle == "entrega"
    assert tp.sacrifice and tp.loss >= 80 and tp.mark in ("?", "??")
    text = r.text()
    assert "lance 3. d4-e5" in text and PRINCIPLES["entrega"][0] in text
    assert "Melhor era" in text


def test_allowed_golpe_is_named_and_proven():
    # 3. c3-b4? of the first opening trap: Black wins a man with b6-a5.
    game = _game("c3-d4", "d6-c5", "b2-c3", "f6-g5", "c3-b4", "g7-f6")
    r = review(game, student="W", depth=4)
    tp = r.turning_point
    assert tp.text == "c3-b4" and tp.allowed.split()[0] == "b6-a5"
    assert tp.principle == "defesa"
    board = Board("brazilian")
    for text in ("c3-d4", "d6-c5", "b2-c3", "f6-g5", "c3-b4"):
        board.push_text(text)
    assert solve(Puzzle(board.fen(), goal="material", n=1, max_plies=5)).proven
    assert "o adversário tinha um golpe: b6-a5" in r.text()


def test_missed_golpe_is_named():
    # Black, to move after 3. c3-b4, plays g7-f6 instead of the golpe b6-a5.
    game = _game("c3-d4", "d6-c5", "b2-c3", "f6-g5", "c3-b4", "g7-f6")
    r = review(game, student="B", depth=4)
    missed = [n for n in r.notes if n.missed]
    assert missed and missed[0].text == "g7-f6" and missed[0].missed.split()[0] == "b6-a5"
    assert missed[0].principle == "golpe"
    assert "Você tinha um golpe: b6-a5" in r.text()


def test_a_clean_game_gets_praise():
    r = review(_game("c3-d4", "f6-g5", "b2-c3", "g7-f6"), student="W", depth=4)
    assert r.turning_point is None and r.text().startswith("Muito bem")


def test_review_is_deterministic():
    game = _game("c3-d4", "f6-g5", "b2-c3", "g7-f6", "d4-e5")
    assert review(game, "W", depth=4).text() == review(game, "W", depth=4).text()


def test_gives_capture_is_a_new_capture_only():
    board = Board("brazilian")
    for text in ("c3-b4", "b6-a5"):
        board.push_text(text)
    assert gives_capture(board, board.parse_move("b4-c5"))
    assert not gives_capture(board, board.parse_move("g3-f4"))


def test_move_notes_of_both_sides_and_a_board_with_moves():
    board = Board("brazilian")
    notes = move_notes(board, ["c3-d4", "f6-g5"], depth=2)
    assert [(n.color, n.text) for n in notes] == [("W", "c3-d4"), ("B", "f6-g5")]
    r = review(Board("brazilian"), moves=["c3-d4", "f6-g5", "b2-c3", "g7-f6", "d4-e5"], student="W", depth=4)
    assert r.turning_point.text == "d4-e5"


def test_bad_input_is_refused_in_portuguese():
    with pytest.raises(CoachError, match="Lado do aluno inválido"):
        review(_game("c3-d4"), student="X")
    with pytest.raises(CoachError, match="review espera"):
        review("c3-d4")
    with pytest.raises(CoachError, match="não tem lances do aluno"):
        review(_game("c3-d4"), student="B")
    with pytest.raises(DamasError, match="casa clara"):
        move_notes(Board("brazilian"), ["c3-c4"])
    with pytest.raises(DamasError):
        move_notes(Board("brazilian"), ["c3-e5"])


def test_describe_compares_with_the_engine_move():
    board = Board("brazilian")
    for text in ("c3-d4", "f6-g5", "b2-c3", "g7-f6"):
        board.push_text(text)
    bad, = move_notes(board, ["d4-e5"], depth=4)
    assert bad.describe() == f"O lance d4-e5 vale cerca de 1 pedra a menos que {bad.best_text}, para o computador do curso."
    good, = move_notes(board, [bad.best_text], depth=4)
    assert good.describe().startswith(f"O lance {bad.best_text} é o melhor lance")


def test_coach_game_plays_and_reviews():
    pytest.importorskip("anywidget")
    from damas.course.kit.coach import CoachGame
    coach = CoachGame(level=1)
    coach.student_move("c3-d4")
    assert len(coach.board.game.moves) == 2  # the computer answered
    r = coach.review()
    assert r.student == "W" and len(r.notes) == 1
    box = coach.box()
    button = box.children[1]
    button.click()
    assert coach._out.value.startswith("<p") and ("Muito bem" in coach._out.value or "momento" in coach._out.value)
    with pytest.raises(CoachError, match="Nível inválido"):
        CoachGame(level=9)
    # The level is chosen beside the board, and the computer's next reply uses it.
    assert coach.board.levels == [1, 2, 3, 4, 5]
    coach.board.set_level(3)
    assert coach.level == 3
    coach.student_move(coach.board.board.legal_moves()[0])
    assert len(coach.board.game.moves) == 4


def test_import_coach_does_not_import_widgets():
    import subprocess
    import sys
    code = "import damas.course.kit.coach, sys; print('ipywidgets' in sys.modules or 'anywidget' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_module_examples():
    import doctest
    import damas.course.kit.coach
    assert doctest.testmod(damas.course.kit.coach).failed == 0


def test_move_choice_takes_back_a_bad_move_and_praises_a_good_one():
    pytest.importorskip("anywidget")
    from damas.course.kit.coach import MoveChoice
    board = Board("brazilian")
    for text in ("c3-d4", "f6-g5", "b2-c3", "g7-f6"):
        board.push_text(text)
    task = MoveChoice(board, principle="entrega", depth=4)
    bad = task.choose("d4-e5")
    assert bad.loss >= 80 and not task.solved
    assert task.verdict.startswith("Ainda não.") and PRINCIPLES["entrega"][1] in task.verdict
    assert task.board.game.moves == []  # taken back
    good = task.choose(bad.best_text)
    assert task.solved and task.verdict.startswith("Boa escolha!")
    assert len(task.board.game.moves) == 1 and good.loss < 80
    box = task.box()
    assert "Boa escolha" in box.children[1].value
    with pytest.raises(CoachError, match="Princípio desconhecido"):
        MoveChoice(board, principle="xadrez")

"""Chapter 05 for a child (issue 46): what the student's path says is what the package finds, in a
child's words and Brazilian numbers (damas/course/chapters/ch05_jogar_e_analisar.py)."""

from __future__ import annotations

import json
import os

import pytest

from damas import Board, Game
from damas.course.chapters import ch05_jogar_e_analisar as cap
from damas.engine.search import analyse
from damas.rules.notation import line_texts
from repo_paths import NOTEBOOKS, REPO

GAMES = REPO / "notebooks" / "data" / "partidas.pdn"


def _markdown() -> str:
    cells = json.loads((NOTEBOOKS / "05_Jogar_e_analisar.ipynb").read_text(encoding="utf-8"))["cells"]
    return "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")


def test_the_golpe_the_prose_tells_is_the_computers_line():
    board = Board(cap.GOLPE)
    line = line_texts(board, analyse(board, depth=cap.GOLPE_DEPTH).pv)
    assert line == ["c3-b4", "a5xc3", "b2xh8"]
    prose = _markdown()
    assert all(move in prose for move in line)
    for move in line:
        board.push_text(move)
    assert not [p for p in board.pieces().values() if p.color == "B"]          # «As pretas ficam sem peças.»


def test_the_mistake_is_said_in_a_childs_words_with_a_brazilian_number():
    text = cap.mistake_sentence(GAMES)
    assert text == ("**20... c5-b4?** Com esse lance, as pretas perderam 1,19 pedra na conta do computador. "
                    "Ele sugeria c5-d4.")
    assert "1.19" not in text and "avaliação" not in text


def test_the_mistake_sentence_reads_the_fall_from_the_analysis(monkeypatch):
    # a false case: another fall gives another number, so the text is not written by hand
    monkeypatch.setitem(cap._MISTAKES, str(GAMES), [(39, "c5-b4", "c5-d4", 2.5)])
    assert "2,50 pedra" in cap.mistake_sentence(GAMES) and "c5-b4??" in cap.mistake_sentence(GAMES)


def test_the_question_on_the_computers_move_has_no_engine_word():
    question = cap.exercise_2().questions[0]
    words = " ".join([question.text, *question.why]).lower()
    assert "profundidade" not in words and "4 lances à frente (2 de cada lado)" in question.text


def test_the_review_of_the_students_game_in_words():
    game = Game()
    assert "Ainda não há lances" in cap.game_review(game)
    for text in ["c3-d4", "f6-g5", "b2-c3", "g7-f6", "d4-e5"]:          # 3. d4-e5? gives a man away
        game.push(game.board.parse_move(text))
    review = cap.game_review(game)
    assert review.startswith("A partida tem 5 lances.") and "**3. d4-e5?" in review
    assert "As brancas perderam" in review and "." not in review.split("perderam ")[1].split(" pedra")[0]


def test_the_chapters_texts_a_child_reads_have_no_engine_word():
    texts = json.loads((REPO / "damas" / "course" / "texts" / "jogar.json").read_text(encoding="utf-8"))
    words = json.dumps(texts, ensure_ascii=False).lower()
    for word in ("profundidade", "avaliação", "pdn"):
        assert word not in words, word


@pytest.mark.slow
def test_the_teachers_check_passes(monkeypatch):
    monkeypatch.chdir(REPO / "notebooks")
    assert cap.teacher_check() == "7 respostas conferidas pelas regras."

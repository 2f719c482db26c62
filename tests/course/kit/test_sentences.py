"""The sentences the chapters show instead of Python values (damas/course/kit/sentences.py)."""

from damas import Board
from damas.course.kit.exercises import check_chapter
from damas.course.kit.sentences import Sentence, captures_sentence, moves_sentence, path_sentence, plural


def test_a_sentence_shows_as_text():
    s = Sentence("Duas linhas.\nA segunda.")
    assert repr(s) == "Duas linhas.\nA segunda." and s._repr_markdown_() == "Duas linhas.  \nA segunda."


def test_plurals():
    assert [plural(n, "lance", "lances") for n in (0, 1, 2)] == ["0 lances", "1 lance", "2 lances"]


def test_moves_and_captures_come_from_the_board():
    board = Board("W:Wd4:B")
    assert moves_sentence(board) == "As brancas têm 2 lances: d4-c5 e d4-e5."
    assert moves_sentence(Board("W:WKa1,e5:B"), "a1") == "As brancas têm 3 lances com a peça de a1: a1-b2, a1-c3 e a1-d4."
    majority = Board("W:Wd4,Kh2:Bc5,e3,f4")
    assert captures_sentence(majority) == "Tomadas permitidas: h2xb4 e h2xa3, cada uma de 2 peças."
    chain = Board("W:Wc3:Bd4,d6,b6")
    assert path_sentence(chain, chain.legal_moves()[0]) == "c3xa5: passa por c3, e5, c7 e a5 e toma d4, d6 e b6."


def test_the_teachers_check_is_a_sentence():
    line = check_chapter("02")
    assert isinstance(line, Sentence) and not repr(line).startswith("'")



"""Rule numbers that agree (issue 32): what a chapter or a quiz says the rules cite, the judge
(``damas.explain``) cites first, on the same position.

Each case names the text (a chapter's Markdown or a quiz's JSON), the words it holds, the
position and the attempt it speaks of, and the article it gives; the test finds the words in
the text and asks ``explain`` the article.  Articles checked against the official rule texts
(CBD, arts. 4.1-4.14): 4.2 the man's capture, forward and backward; 4.6 the king's chain
capture; 4.8 each enemy piece jumped once; 4.11 taken pieces stay until the move ends.
"""

import json

import nbformat
import pytest

from damas import Board, explain
from repo_paths import NOTEBOOKS, REPO

TEXTS = REPO / "damas" / "course" / "texts"
TURKISH = "W:W6,14,15,17,27:BK2"        # chapter 04's golpe turco, before 1. f2-e3


def _turkish_after_sacrifice():
    board = Board(TURKISH)
    board.push_text("f2-e3")
    return board


def _chapter(name):
    nb = nbformat.read(NOTEBOOKS / name, as_version=4)
    return "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")


def _quiz(name):
    return json.dumps(json.loads((TEXTS / name).read_text(encoding="utf-8")), ensure_ascii=False)


CASES = [
    # chapter 03, «Para saber mais»: the king that stops where the chain cannot go on
    ("03_Tomada.ipynb", "O juiz cita a regra 4.6", lambda: Board("W:WKa1:Bc3,c7"), "a1xf6", "4.6"),
    ("03_Tomada.ipynb", "de qualquer outra casa, não", lambda: Board("W:WKa1:Bc3,c7"), "a1xd4", "4.6"),
    # chapter 03, «Para saber mais»: the same piece jumped twice
    ("03_Tomada.ipynb", "vez** cada peça adversária (regra 4.8)", lambda: Board("W:WKa1:Bd4"), "a1xe5xa1", "4.8"),
    # chapter 06's quiz, the golpe turco: the taken pieces block the king
    ("golpes.json", "ficam no tabuleiro até o fim do lance e bloqueiam o caminho (regra 4.11)",
     _turkish_after_sacrifice, "d8xa5xd2xf4xd6xa3", "4.11"),
    # chapter 04: stopping the golpe turco half way
    ("04_Lei_da_maioria.ipynb", "regra 4.6", _turkish_after_sacrifice, "d8xa5", "4.6"),
]


@pytest.mark.parametrize("where, words, position, attempt, article", CASES,
                         ids=[f"{c[0]}:{c[3]}" for c in CASES])
def test_the_text_and_the_judge_cite_the_same_article(where, words, position, attempt, article):
    text = _quiz(where) if where.endswith(".json") else _chapter(where)
    assert words in text, f"{where} no longer says {words!r}"
    why = explain(position(), attempt)
    assert not why.legal and why.article == article, (where, attempt, why.article, why.message)
    assert why.message.find("regra ") == why.message.find(f"regra {article}"), why.message   # cited first


def test_the_quiz_cites_the_articles_chapter_03_teaches():
    golpes = _quiz("golpes.json")
    # the backward capture of a man is 4.2 (chapter 03), jumping a piece twice is 4.8
    assert "para trás, regra 4.1)" not in golpes
    assert "não pode passar duas vezes sobre uma peça que já tomou (regra 4.11)" not in golpes
    assert "toma para trás" in golpes and "regra 4.2" in golpes


def test_no_text_cites_4_1_for_the_mans_backward_capture():
    """4.1 makes capturing compulsory; the man's capture, forward and backward, is 4.2: a question
    about capturing backward explains itself with 4.2."""
    import re
    asked = 0
    for path in sorted(TEXTS.glob("*.json")):
        quiz = json.loads(path.read_text(encoding="utf-8")).get("quiz") or {}
        for question in quiz.get("questions", []):
            about = (question["text"] + " " + question["options"][question["answer"]]).lower()
            if "para trás" in about and "toma" in about:
                asked += 1
                for why in question["why"]:
                    assert not re.search(r"regra 4\.1\)", why), (path.name, why)
    assert asked >= 2

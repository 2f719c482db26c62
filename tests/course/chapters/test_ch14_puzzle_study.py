"""Studying a proven problem (damas/course/chapters/ch14_damas_internacionais.py, chapter 14)."""

from __future__ import annotations
from repo_paths import REPO

from pathlib import Path

import pytest

from damas.problems.checker import check
from damas.problems.puzzles import load_collection
from damas.course.chapters.ch14_damas_internacionais import typical_mistake, study, step_by_step, right_answer, solution_texts

COLLECTION = load_collection(REPO / "puzzles" / "internacional.pdn")


def test_solution_texts_and_the_solving_sides_moves():
    turco = COLLECTION[0]
    assert turco.title == "Problema do curso 10x10 1 — tema: golpe turco"
    assert solution_texts(turco) == ["46-41", "47x38", "32x43"]
    assert right_answer(turco) == ["46-41", "32x43"]
    assert check(turco, right_answer(turco)).status == "correct"


@pytest.mark.parametrize("puzzle", COLLECTION, ids=[p.title for p in COLLECTION])
def test_the_typical_mistake_is_judged_wrong(puzzle):
    wrong = typical_mistake(puzzle)
    assert wrong is not None and check(puzzle, wrong).status == "wrong"
    assert check(puzzle, right_answer(puzzle)).status == "correct"


def _pictures(shown):
    """The SVG pictures shown (as their safe <img>: damas/display/output.py)."""
    return [o for o in shown if isinstance(o, dict) and 'class="damas-picture"' in o.get("text/html", "")]


def test_lance_a_lance_draws_the_solution_frame_by_frame(monkeypatch):
    pytest.importorskip("IPython")
    import IPython.display
    shown = []
    monkeypatch.setattr(IPython.display, "display", lambda obj, **kw: shown.append(obj))
    turco = COLLECTION[0]
    step_by_step(turco, per_row=2)
    moves = turco.solution_moves()
    assert len(_pictures(shown)) == 1 and not [o for o in shown if "image/png" in o]
    alt = _pictures(shown)[0]["text/html"].split('alt="', 1)[1].split('"', 1)[0]
    assert alt.split(" · ") == ["Posição do problema"] + [
        caption for caption in _captions(turco)]
    assert len(alt.split(" · ")) == len(moves) + 1


def _captions(puzzle):
    board, out = puzzle.board(), []
    for i, text in enumerate(solution_texts(puzzle)):
        out.append(f"{i // 2 + 1}. {text}" if board.turn == "W" else f"{i // 2 + 1}... {text}")
        board.push_text(text)
    return out


@pytest.mark.slow
def test_estuda_shows_title_solution_and_figures(monkeypatch):
    pytest.importorskip("IPython")
    import IPython.display
    shown = []
    monkeypatch.setattr(IPython.display, "display", lambda obj, **kw: shown.append(obj))
    study(COLLECTION[0])
    assert f"<h3>{COLLECTION[0].title}</h3>" in shown[0].data
    assert "46-41 47x38 32x43" in shown[1]._repr_html_() and len(_pictures(shown[2:])) == len(shown[2:]) == 1

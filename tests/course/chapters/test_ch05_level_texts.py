"""What the course says of the computer's levels: the chooser, chapter 05 and the teacher's guide agree
with the levels' settings and their measured ratings."""

from __future__ import annotations

import json

import pytest
from repo_paths import NOTEBOOKS

from damas.course.chapters.ch05_jogar_e_analisar import levels_text
from damas.engine.players import LEVEL_RATINGS, level_settings
from damas.engine.search import LEVELS
from damas.widget.texts import level_about, level_label


@pytest.mark.parametrize("variant", ["brazilian", "international"])
def test_the_teachers_guide_gives_every_level_its_rating_and_what_it_does(variant):
    guide = (NOTEBOOKS / "GUIA_DO_PROFESSOR.md").read_text(encoding="utf-8")
    lines = levels_text(variant).splitlines()
    assert len(lines) == len(LEVELS)
    for n, line in zip(sorted(LEVELS), lines):
        assert f"  * {line}\n" in guide
        assert line.startswith(level_label(n, variant) + ": ")
        assert f"força ~{LEVEL_RATINGS[variant][n]}" in line


@pytest.mark.parametrize("variant", ["brazilian", "international"])
def test_the_ratings_climb_with_the_levels(variant):
    ratings = [LEVEL_RATINGS[variant][n] for n in sorted(LEVELS)]
    assert ratings == sorted(set(ratings)) and set(LEVEL_RATINGS[variant]) == set(LEVELS)


@pytest.mark.parametrize("variant", ["brazilian", "international"])
def test_what_a_level_does_follows_its_settings(variant):
    for n in LEVELS:
        depth, margin, careless = level_settings(n, variant)
        about = level_about(n, variant)
        assert ("esquece de olhar a sua resposta" in about) == bool(careless)
        assert ("ao acaso" in about) == bool(margin)
        assert ("pensa só no próprio lance" in about) == (depth == 1)


def test_chapter_05_shows_the_ladder_and_suggests_moving_up_after_two_wins():
    nb = json.loads((NOTEBOOKS / "05_Jogar_e_analisar.ipynb").read_text(encoding="utf-8"))
    cells = ["".join(c["source"]) for c in nb["cells"]]
    shown = next(c for c in nb["cells"] if "".join(c["source"]).splitlines()[-1:] == ["levels_sentence()"])
    assert "".join(shown["outputs"][0]["data"]["text/plain"]) == levels_text()
    assert any("duas vezes seguidas" in c and "próximo" in c for c in cells)
    assert any("nível mais alto que" in c for c in cells)
    # the chooser beside the board names the same levels
    from damas.widget.board import BoardWidget
    w = BoardWidget(computer="B", level=1)
    assert [w.labels[f"level_{n}"] for n in sorted(LEVELS)] == [level_label(n) for n in sorted(LEVELS)]


def test_the_levels_sentence_says_what_the_engine_does():
    from damas.course.chapters.ch05_jogar_e_analisar import levels_sentence
    from damas.widget.texts import level_about, level_label
    lines = levels_sentence().splitlines()
    assert lines == [f"{level_label(n)}: {level_about(n)}" for n in sorted(LEVELS)]

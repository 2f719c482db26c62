"""«Jogue com um colega»: the block of each chapter from 02 on, with its picture, its lines and the
link to a printable sheet that exists."""

from __future__ import annotations

import re

import pytest

from damas.course.kit.chapter_list import CHAPTERS
from damas.course.kit.classmate import classmate_section
from damas.errors import DamasError
from tests.repo_paths import NOTEBOOKS


@pytest.mark.parametrize("number", [n for _, n, *_ in CHAPTERS[2:]])
def test_each_chapter_from_02_has_its_block(number):
    block = classmate_section(number)
    html = block._repr_html_()
    assert "Jogue com um colega" in html and "<img" in html
    assert 2 <= len(block.watch) <= 3 and all(line in html for line in block.watch)
    link = re.search(r"href='([^']+)'", html).group(1)
    assert link == f"fichas/colega-{number}.pdf" and (NOTEBOOKS / link).is_file()


def test_a_minigame_says_it_can_be_played_against_the_computer():
    assert "Três contra três" in classmate_section("03")._repr_html_()
    assert "minijogo" not in classmate_section("05")._repr_html_()


def test_by_name_and_bad_chapters():
    assert classmate_section("tomada").slug == "tomada"
    with pytest.raises(DamasError, match="começa no capítulo 02"):
        classmate_section("01")
    with pytest.raises(DamasError, match="Capítulo desconhecido"):
        classmate_section("99")
    with pytest.raises(DamasError):
        classmate_section(3)

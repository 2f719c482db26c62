"""Chapter 00 as issue 46 and issue 42 (item 5) ask: the first lesson starts with children playing
each other (a wooden board, or the «dama humana» on the court) before the computer; «como usar» is two
sentences, the only place «kernel» is read, twice at most; the teacher's version of the first lesson
names its source."""

from __future__ import annotations

import importlib.util
import re
import sys

import nbformat

from repo_paths import NOTEBOOKS, REPO

spec = importlib.util.spec_from_file_location("student_path", REPO / "scripts" / "student_path.py")
student_path = sys.modules.get("student_path") or importlib.util.module_from_spec(spec)
if "student_path" not in sys.modules:
    sys.modules["student_path"] = student_path
    spec.loader.exec_module(student_path)

CHAPTER = NOTEBOOKS / "00_Comece_aqui.ipynb"


def _sections(path=CHAPTER):
    """(heading, text) of each ## section of what a student sees, in order."""
    nb = nbformat.read(path, as_version=4)
    text = "\n".join(t for kind, t, _ in student_path.visible_parts(nb) if kind == "markdown")
    parts = re.split(r"^## (.+)$", text, flags=re.M)
    return list(zip(parts[1::2], parts[2::2]))


def test_the_first_section_is_play_with_a_classmate_at_a_wooden_board_or_on_the_court():
    heading, text = _sections()[0]
    assert "colega" in heading.lower(), heading
    assert "tabuleiro de madeira" in text and "dama humana" in text
    assert "Antes do computador" in text


def test_como_usar_is_two_sentences_and_the_only_place_of_kernel():
    sections = dict(_sections())
    how = sections["Como usar este caderno"]
    # sentences end at . ! ? before a capital (the menu item «Reiniciar o kernel…» ends in …)
    sentences = [s for s in re.split(r"(?<=[.!?])\s+(?=[A-ZÀ-Ú])", " ".join(how.split())) if s.strip()]
    assert len(sentences) == 2, sentences
    assert 1 <= how.lower().count("kernel") <= 2
    others = " ".join(t for h, t in sections.items() if h != "Como usar este caderno")
    assert "kernel" not in others.lower()


def test_the_teachers_first_lesson_names_the_mec_lesson():
    source = "\n".join(c.source for c in nbformat.read(CHAPTER, as_version=4).cells if c.cell_type == "markdown")
    assert "Do Tabuleiro para a Quadra: Brincando de Dama Humana" in source and "Portal do Professor" in source


def test_the_check_sees_a_chapter_that_starts_with_the_computer(tmp_path):
    nb = nbformat.read(CHAPTER, as_version=4)
    first = next(i for i, c in enumerate(nb.cells) if c.cell_type == "markdown" and c.source.startswith("## Primeiro"))
    nb.cells[first].source = "## Jogue contra o computador\n\nAbra o tabuleiro e jogue contra o computador."
    path = tmp_path / CHAPTER.name
    nbformat.write(nb, path)
    heading, text = _sections(path)[0]
    assert "colega" not in heading.lower() and "dama humana" not in text

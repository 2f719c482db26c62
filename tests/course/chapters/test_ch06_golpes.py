"""Chapter 06 for a 12-year-old (issue 46, items 4 and 5): the themes, one diagram each, labelled with the
theme they show; the golpe turco's stop told with the taken piece the rules name; no source note on the
student's page; the chapter's trainer numbers the classics as the Voilà trainer; «o golpe que o mestre não
viu» offered as a game. The module's pieces are checked here, the stored notebook as a student sees it."""

from __future__ import annotations

import json
import re

import pytest

from damas.course.chapters import ch06_golpes_classicos as ch06
from damas.course.kit.catalogue import trainer_collection
from damas.errors import DamasError
from damas.problems.puzzles import load_collection
from damas.problems.themes import themes_in
from repo_paths import NOTEBOOKS, PUZZLES, REPO

NOTEBOOK = NOTEBOOKS / "06_Golpes_classicos.ipynb"


def _cells(path=NOTEBOOK):
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def _source(cell):
    return "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]


def _student_parts(path=NOTEBOOK):
    import importlib.util
    import sys
    spec = importlib.util.spec_from_file_location("student_path", REPO / "scripts" / "student_path.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("student_path", module)
    spec.loader.exec_module(module)
    return module.visible_parts(json.loads(path.read_text(encoding="utf-8")))


# -- the examples of the themes ----------------------------------------------------------------------
@pytest.mark.parametrize("theme", list(ch06.EXAMPLES))
def test_each_example_shows_its_theme_and_is_labelled_with_it(theme):
    shown = ch06.theme_example(theme)
    assert theme in themes_in(shown.puzzle), (theme, themes_in(shown.puzzle))
    assert shown.label().lower().startswith(theme.lower() + ":")
    html = shown._repr_html_()
    assert "tema:" not in html and "Fonte" not in html and "[%" not in html
    assert "<details>" in html and shown.puzzle.solution_text() in html     # the solution hidden until opened


def test_an_unknown_theme_is_refused_in_portuguese():
    with pytest.raises(DamasError):
        ch06.theme_example("golpe de calcanhar")
    with pytest.raises(DamasError, match="coleção"):
        ch06.collection("outra")


def test_under_each_theme_heading_the_chapter_shows_that_themes_example():
    """Under «### Dois por um» the example was labelled «tema: passagem à dama» (issue 46, item 5): each
    theme heading of the chapter is followed by a picture whose label is that theme."""
    cells = _cells()
    themes = {t.lower(): t for t in ch06.EXAMPLES}
    checked = 0
    for i, cell in enumerate(cells):
        if cell["cell_type"] != "markdown":
            continue
        for heading in re.findall(r"^###\s+(.+?)\s*$", _source(cell), flags=re.M):
            if heading.lower() not in themes:
                continue
            code = next(c for c in cells[i + 1:] if c["cell_type"] == "code")
            html = "".join("".join(o.get("data", {}).get("text/html", "")) for o in code.get("outputs", []))
            label = re.search(r"<p><b>(.*?)</b></p>", html)
            assert label and label.group(1).lower().startswith(heading.lower() + ":"), (heading, label and label.group(1))
            checked += 1
    assert checked >= 7


def test_the_golpe_turco_names_the_taken_piece_that_the_rules_name():
    """The king stops because a piece it has already taken still stands (4.11): the rules name which one
    (b4, not c7 as the collection's comment said). The chapter shows the rules' sentence with the
    example, and the collection's comment names the same piece."""
    from damas.rules.explain import explain
    blocker = ch06.turco_blocker()
    board, move, verdict = ch06.turco_stop()
    assert not verdict.legal and "golpe turco" in verdict.message and f"peça em {blocker}" in verdict.message
    assert blocker in [board.variant.square_name(s) for s in move.captured]
    assert explain(board, board.move_text(move)).legal                 # the shorter capture is the legal one
    assert blocker in str(ch06.turco_sentence())
    # the comment of the problem says the same piece stops the king
    comment = ch06.example("golpe turco").prose
    stopper = re.search(r"pedra de ([a-h][1-8]), que ela já tomou", comment)
    assert stopper and stopper.group(1) == blocker, comment
    # the stored chapter shows it, with the example
    html = " ".join("".join(o.get("data", {}).get("text/html", "")) for c in _cells() if c["cell_type"] == "code"
                    and "theme_example('golpe turco')" in _source(c) for o in c.get("outputs", []))
    assert f"peça em {blocker}" in html


# -- the classics and the trainers --------------------------------------------------------------------
def _titles(puzzles):
    return [p.title for p in puzzles]


def test_the_chapters_trainer_numbers_the_classics_as_the_voila_trainer():
    pytest.importorskip("anywidget")
    from damas.course.chapters.app_treino import app_collections
    app, _missing = app_collections()
    trainer = ch06.classics_trainer()
    assert _titles(trainer.collections["Golpes clássicos"]) == _titles(app["Golpes clássicos (8x8)"])
    assert _titles(ch06.classics()) == _titles(trainer_collection("classicos.pdn"))
    assert list(trainer.collections) == list(ch06.TRAINER_LABELS)


def test_the_missed_golpes_are_offered_as_a_game():
    pytest.importorskip("anywidget")
    trainer = ch06.missed_trainer()
    assert _titles(trainer.collections[ch06.MISSED_LABEL]) == _titles(load_collection(PUZZLES / "golpes-nao-vistos.pdn"))
    # they are not classics
    classics = {p.fen for p in load_collection(PUZZLES / "classicos.pdn")}
    assert not classics & {p.fen for p in trainer.collections[ch06.MISSED_LABEL]}


def test_the_first_classic_of_the_trainer_is_the_b2_pattern_the_chapter_names():
    """«O mesmo desenho, com a tomada saindo de b2, é o primeiro golpe clássico do treino»."""
    from damas import Board
    first = ch06.classics()[0]
    text = " ".join(_source(c) for c in _cells() if c["cell_type"] == "markdown")
    fen = re.search(r"primeiro golpe clássico do treino.*?\[%fen ([^\]\s]+)\]", text, flags=re.S).group(1)
    assert first.board() == Board(fen)
    assert first.solution_moves()[-1].start == Board(fen).variant.parse_square("b2")


# -- the student's page -------------------------------------------------------------------------------
def test_no_source_note_reaches_the_students_page():
    """The 43 source notes leave the student's path: no «Fonte», no Cyrillic, no address of a repository
    or a file tag in what a student sees without opening anything (the sources live in the collection's
    file, its README and the teacher's keys)."""
    seen = " ".join(text for kind, text, _ in _student_parts() if kind in ("markdown", "output"))
    assert "Fonte" not in seen
    assert not re.search(r"[\u0400-\u04FF]", seen)
    assert "github" not in seen.lower() and "[%" not in seen


def test_the_chapter_calls_its_module_once_a_cell():
    for cell in _cells():
        if cell["cell_type"] != "code" or "instalar-damas" in cell["metadata"].get("tags", []):
            continue
        lines = [line for line in _source(cell).splitlines() if line.strip()]
        assert lines[0].startswith("# ") and cell["metadata"]["jupyter"]["source_hidden"], lines
        assert len(lines) == 2, lines


def test_the_examples_come_from_where_para_saber_mais_says():
    """«Os exemplos dos temas são, quase todos, problemas do curso … O do dois por um vem de uma partida de
    mestres; o do golpe Napoleão, de uma partida que o computador jogou contra si mesmo»: only the dois por
    um's example is a classic (a machine's composition is never one: the golpe da bomba's lives in the
    course's own collection), only the Napoleão's comes from the computer's games."""
    from damas.rules.board import Board
    where = {}
    for theme, fen in ch06.EXAMPLES.items():
        where[theme] = next(name for name in ch06.COLLECTIONS
                            if any(p.board() == Board(fen) for p in ch06.collection(name)))
    assert {t for t, w in where.items() if w == "classicos"} == {"dois por um"}, where
    assert {t for t, w in where.items() if w == "partidas"} == {"golpe Napoleão"}, where
    assert {t for t, w in where.items() if w == "curso"} == set(ch06.EXAMPLES) - {"dois por um", "golpe Napoleão"}
    text = " ".join(_source(c) for c in _cells() if c["cell_type"] == "markdown")
    assert "Os exemplos dos temas são, quase todos, **problemas do curso**" in text
    assert "O do dois por um vem de uma partida de\nmestres" in text or "O do dois por um vem de uma partida de mestres" in text

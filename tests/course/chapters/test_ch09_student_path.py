"""Chapter 09 for a 12-year-old (issue 46): the Brazilian 20-move limit named by what it is (the Brazilian
64-square rules number no article for it: it is not «regra 6.3», the 100-square article of 10 moves, 16 in
the FMJD's text), the endgame statistics in «Para saber mais» and in Brazilian form, one call a cell; the
module's one-call pieces refuse bad input in Portuguese and the teacher's check holds."""

from __future__ import annotations

import json
import re

import pytest

from damas.course.chapters import ch09_finais as ch09
from damas.errors import DamasError
from repo_paths import NOTEBOOKS, REPO

NOTEBOOK = NOTEBOOKS / "09_Finais.ipynb"


def _cells(path=NOTEBOOK):
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def _source(cell):
    return "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]


def _student_path():
    import importlib.util
    import sys
    spec = importlib.util.spec_from_file_location("student_path", REPO / "scripts" / "student_path.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("student_path", module)
    spec.loader.exec_module(module)
    return module


def _texts(path=NOTEBOOK):
    """Every text of the chapter a person may read: its Markdown and the words of its stored outputs
    (as scripts/student_path.py reads them), collapsed sections included."""
    student_path = _student_path()
    for cell in _cells(path):
        if cell["cell_type"] == "markdown":
            yield re.sub(r"<!--.*?-->", " ", _source(cell), flags=re.S)
        else:
            for output in cell.get("outputs", []):
                yield student_path._output_text(output)[0]


def test_the_brazilian_limit_of_20_moves_is_not_called_rule_6_3():
    """The chapter said «20 lances … (regras do jogo de 64 casas, regra 6.3 do curso)»: 6.3 is the
    100-square article (10 moves). Where the chapter gives the 20 moves it names the rule by what it is
    and says the Brazilian rules number no article for it."""
    said = 0
    for text in _texts():
        for paragraph in re.split(r"\n\s*\n", text):
            plain = re.sub(r"[*_`]", "", paragraph)
            if re.search(r"\b20 lances\b", plain):
                assert not re.search(r"\b6\.3\b", plain), plain
                said += 1
    assert said >= 2
    prose = " ".join(re.sub(r"[*_`]", "", " ".join(_texts())).split())
    assert "regra dos 20 lances" in prose and "não dão número" in prose


def test_every_number_of_the_chapter_is_written_the_brazilian_way():
    """«107880» and «1.19» were printed by the chapter's cells; every text the chapter shows, what is
    under «Para saber mais» too, writes numbers the Brazilian way (107.880)."""
    student_path = _student_path()
    bad = [n for text in _texts() for n in student_path._bad_numbers(text)]
    assert bad == []
    counts = str(ch09.resistance_counts())
    assert re.search(r"\d{1,3}\.\d{3} posições", counts), counts


def test_the_statistics_are_under_para_saber_mais():
    """The database's counts are for whoever opens «Para saber mais»: no count of positions on the
    student's path."""
    student_path = _student_path()
    seen = " ".join(text for kind, text, _ in student_path.visible_parts(json.loads(NOTEBOOK.read_text(encoding="utf-8"))))
    assert "posições:" not in seen and not re.search(r"\d{1,3}\.\d{3}", seen)
    cells = _cells()
    collapsed = next(i for i, c in enumerate(cells) if c["cell_type"] == "markdown"
                     and c["metadata"].get("jp-MarkdownHeadingCollapsed") and "Para saber mais" in _source(c))
    for name in ("tables()", "resistance_counts()", "long_diagonal_counts()", "two_kings_counts()",
                 "king_against_men_counts()", "corner_counts()"):
        where = [i for i, c in enumerate(cells) if c["cell_type"] == "code" and name in _source(c)]
        assert where and min(where) > collapsed, name


def test_the_chapter_calls_its_module_once_a_cell():
    for cell in _cells():
        if cell["cell_type"] != "code" or "instalar-damas" in cell["metadata"].get("tags", []):
            continue
        lines = [line for line in _source(cell).splitlines() if line.strip()]
        assert lines[0].startswith("# ") and cell["metadata"]["jupyter"]["source_hidden"], lines
        assert len(lines) == 2, lines


@pytest.mark.parametrize("number", [0, 6, "1", 1.5, True])
def test_a_stage_that_is_not_one_of_the_five_is_refused_in_portuguese(number):
    with pytest.raises(DamasError):
        ch09.stage(number)
    with pytest.raises(DamasError):
        ch09.stage_check(number)


def test_the_strip_shows_each_stage_as_its_figure():
    from damas.course.kit import forcada
    for n, stage in enumerate(forcada.STAGES, 1):
        assert str(ch09.stage(n)) == str(forcada.stage_figure(stage))
    strip = str(ch09.stages_picture())
    assert strip.count("<img") == len(forcada.STAGES)


def test_the_counts_say_what_the_database_counts():
    from damas.course.kit import forcada
    from damas.display.numbers import integer_text
    two = forcada.two_kings()
    text = str(ch09.two_kings_counts())
    assert f"{integer_text(two['positions'])} posições" in text and f"{integer_text(two['draws'])} empates" in text
    assert f"em {two['loss_moves']} lances" in text
    found = forcada.longest_resistance()
    assert f"{found['moves']} lances" in str(ch09.resistance_sentence())


def test_the_teachers_check_holds():
    assert re.fullmatch(r"\d+ respostas conferidas pelas regras\.", str(ch09.teacher_check()))

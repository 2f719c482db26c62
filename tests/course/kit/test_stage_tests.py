"""The stage tests: one item at a time, the course's one star rule, the result saved, the diploma
made from the progress file (also in a folder of a class, for the teacher)."""

from __future__ import annotations

import base64
import datetime as dt
import re
import shutil
import subprocess

import pytest

from damas.course.kit import diplomas as dip
from damas.course.kit.progress import Progress, read_class
from damas.course.kit.stage_tests import StageTest, stage_data, stage_test
from damas.course.kit.store import _reset_progress_cache
from damas.errors import DamasError


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.setenv("DAMAS_PROGRESSO", str(tmp_path))
    monkeypatch.setenv("DAMAS_ALUNO", "Ana Lúcia")
    _reset_progress_cache()
    yield tmp_path
    _reset_progress_cache()


def solve_task(item):
    widget = item.board()
    for move in item.task.shortest(item.task.par + 2):
        widget.click(move.start)
        widget.click(move.end)


def right_option(item):
    return next(o for o in range(len(item.question.options)) if item.question.is_right(o))


def run_through(test: StageTest, wrong=0):
    """Every item done: tasks by clicks along the proven line, questions answered right
    (``wrong`` wrong answers first, on the first questions)."""
    for item in test.items:
        assert test.current is item
        if item.kind == "question":
            while wrong and not item.done:
                wrong -= 1
                test.answer((right_option(item) + 1) % len(item.question.options))
            test.answer(right_option(item))
        else:
            solve_task(item)
        assert item.done
        test.next()


def test_a_test_without_a_mistake_earns_three_stars_and_a_diploma(folder):
    test = stage_test("regras")
    assert len(test.items) == 10 and {i.kind for i in test.items} == {"task", "question"}
    run_through(test)
    assert test.result == (3, 10) and test.stars() == 3
    saved = Progress(folder=folder).stage_result("regras")
    assert saved == {"estrelas": 3, "acertos": 10, "itens": 10, "data": dt.date.today().isoformat()}
    assert "Baixar meu diploma" in test.diploma_html()
    name, pdf = dip.student_diploma("regras", Progress(folder=folder))
    assert name == "diploma-regras-ana-lucia.pdf" and pdf.startswith(b"%PDF-1.4")


def test_mistakes_follow_the_one_star_rule(folder):
    test = stage_test("finais")
    run_through(test, wrong=1)
    assert test.result == (2, 9)
    again = stage_test("finais")
    run_through(again, wrong=2)
    assert again.result == (1, 9)                 # two mistakes on one item: 9 right at the first try
    assert Progress(folder=folder).stage_result("finais")["estrelas"] == 2      # the best is kept


def test_a_refused_move_and_a_restart_are_mistakes(folder):
    test = stage_test("tomadas")
    task = test.current
    assert task.kind == "task"
    widget = task.board()
    square = {widget.board.variant.square_name(s): s for s in widget.board.variant.square_range}
    widget.click(square["g5"])
    widget.click(square["h6"])                 # a man moves one square forward: g5-h6 is legal? no: a capture is due
    assert widget.moves == []
    widget.cancel()
    assert task.mistakes == 1 and not task.done
    task.restart()
    assert task.mistakes == 2
    solve_task(task)
    assert task.done and task.mistakes == 2


def test_the_next_item_opens_only_when_this_one_is_done(folder):
    test = stage_test("regras")
    assert test.current.kind == "question"
    assert not test.next() and test.index == 0
    with pytest.raises(DamasError):
        test.answer(9)
    test.answer(right_option(test.current))
    assert test.next() and test.index == 1 and test.current.kind == "task"
    with pytest.raises(DamasError, match="tarefa no tabuleiro"):
        test.answer(0)


def test_no_diploma_before_the_test(folder):
    assert stage_test("regras").diploma_html() == ""
    assert "Ainda não há diploma" in dip.diploma_link("regras")
    with pytest.raises(dip.DiplomaError, match="faça a prova"):
        dip.student_diploma("regras")


def test_bad_stage_is_refused():
    with pytest.raises(DamasError, match="Etapa desconhecida"):
        stage_test("xadrez")
    with pytest.raises(DamasError, match="Etapa desconhecida"):
        dip.diploma_pdf("Ana", "xadrez", {"estrelas": 1, "acertos": 1, "itens": 10, "data": "2026-05-04"})
    assert stage_data("regras")["stage"] == "regras"


def test_the_widgets_show_the_items_and_the_link(folder):
    test = stage_test("regras")
    box = test.box()
    run_through(test)
    html = test._end.value
    assert "Prova terminada: 10 de 10" in html and "★★★" in html
    link = re.search(r'href="data:application/pdf;base64,([^"]+)"', html)
    assert link and base64.b64decode(link.group(1)).startswith(b"%PDF")
    assert box.children


needs_poppler = pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext (poppler) is not installed")


@needs_poppler
def test_the_diploma_says_the_name_the_stage_the_date_and_the_stars(tmp_path):
    record = {"estrelas": 2, "acertos": 9, "itens": 10, "data": "2026-05-04"}
    path = tmp_path / "d.pdf"
    path.write_bytes(dip.diploma_pdf("José Conceição", "tomadas", record))
    text = subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True).stdout
    for words in ("Diploma", "José Conceição", "«As tomadas e os golpes»", "4 de maio de 2026",
                  "9 de 10", "capítulos 05 a 07"):
        assert words in text, words
    info = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True, check=True).stdout
    assert re.search(r"Pages:\s+1\n", info) and "841.89 x 595.28 pts (A4)" in info      # A4, landscape
    assert "Diploma de damas — As tomadas e os golpes — José Conceição" in info


def test_the_same_diploma_gives_the_same_bytes():
    record = {"estrelas": 3, "acertos": 10, "itens": 10, "data": "2026-05-04"}
    assert dip.diploma_pdf("Ana", "regras", record) == dip.diploma_pdf("Ana", "regras", record)
    assert dip.diploma_pdf("Ana", "regras", record) != dip.diploma_pdf("Ana", "finais", record)


@needs_poppler
def test_a_hostile_name_is_written_safely(tmp_path):
    """Brackets, a backslash, a direction mark and a letter outside the PDF's fonts: the name is
    printed as written (the letter the fonts lack as «?»), and nothing of it runs as PDF."""
    record = {"estrelas": 1, "acertos": 3, "itens": 10, "data": "2026-05-04"}
    path = tmp_path / "d.pdf"
    path.write_bytes(dip.diploma_pdf("Ana) Tj ET (x\\ \u202e 李", "regras", record))
    text = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True, check=True).stdout
    assert "Ana) Tj ET (x\\" in text and "?" in text
    assert dip.file_name("../../etc/ana", "regras") == "diploma-regras-etc-ana.pdf"
    assert dip.date_text("2026-12-25") == "25 de dezembro de 2026"


@needs_poppler
def test_the_class_diplomas_from_turma(tmp_path, capsys):
    from damas.__main__ import main
    Progress("bia", folder=tmp_path).record_stage("regras", 3, 10, 10, "2026-05-04")
    Progress("bia", folder=tmp_path).record_stage("finais", 1, 6, 10, "2026-06-01")
    Progress("caio", folder=tmp_path).record_stage("tomadas", 2, 9, 10, "2026-05-20")
    Progress("davi", folder=tmp_path).record_stars("tomada/todas-1", 3)
    out = tmp_path / "saida" / "diplomas.pdf"
    out.parent.mkdir()
    students, _ = read_class(tmp_path)
    _, pages = dip.class_diplomas(students)
    assert pages == [("bia", "regras"), ("bia", "finais"), ("caio", "tomadas")]
    assert main(["turma", str(tmp_path), "--grafico", str(tmp_path / "t.png"), "--diplomas", str(out)]) == 0
    assert "Diplomas: " in capsys.readouterr().out
    info = subprocess.run(["pdfinfo", str(out)], capture_output=True, text=True, check=True).stdout
    assert re.search(r"Pages:\s+3\n", info)
    text = subprocess.run(["pdftotext", str(out), "-"], capture_output=True, text=True, check=True).stdout
    assert text.count("Diploma") >= 3 and "caio" in text and "1 de junho de 2026" in text


def test_turma_refuses_a_diplomas_file_that_is_not_a_pdf(tmp_path, capsys):
    from damas.__main__ import main
    Progress("bia", folder=tmp_path).record_stage("regras", 3, 10, 10, "2026-05-04")
    assert main(["turma", str(tmp_path), "--diplomas", str(tmp_path / "bia.json")]) == 2
    assert "PDF" in capsys.readouterr().err
    assert main(["turma", str(tmp_path), "--diplomas", str(tmp_path / "nao" / "d.pdf")]) == 2
    assert Progress("bia", folder=tmp_path).stage_result("regras")["estrelas"] == 3

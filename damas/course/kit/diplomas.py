"""Diplomas: a printable A4 page for a stage passed, made from the progress file.

After the stage tests of chapters 04 (the rules), 07 (the captures) and 09 (the endings)
(:mod:`damas.course.kit.stage_tests`), the student clicks «Baixar meu diploma»: the page names
the student, the stage, the day the test was passed and the stars won, as the progress file
keeps them (the ``"provas"`` section, :mod:`damas.course.kit.play_progress`).  The teacher
prints the class's diplomas at once: ``python -m damas turma PASTA --diplomas DIPLOMAS.pdf``
(:func:`class_diplomas`).

The PDF is written by :mod:`damas.course.kit.pdf_page`, a small pure-Python writer, so the
diploma is made in JupyterLite too (matplotlib, which draws the other sheets, is not served
there).  The download is a link whose address holds the file itself (a ``data:`` address), so
it needs no server: JupyterLab, Voilà and JupyterLite offer the same link.
"""

from __future__ import annotations

import base64
import datetime as _dt
from html import escape

from damas.course.kit.pdf_page import A4_LANDSCAPE, PdfDocument, PdfPage, text_width
from damas.course.kit.play_progress import STARS
from damas.errors import DamasError
from damas.rules.args import checked, choice_spec, refuse

__all__ = ["STAGES", "DIPLOMA_TEXTS", "DiplomaError", "diploma_page", "diploma_pdf", "student_diploma",
           "class_diplomas", "diploma_link", "date_text", "file_name", "STUDENTS"]

#: The stages with a test and a diploma: (the stage as the diploma names it, the chapters).
STAGES = {
    "regras": ("As regras do jogo", "capítulos 01 a 04"),
    "tomadas": ("As tomadas e os golpes", "capítulos 05 a 07"),
    "finais": ("Os finais", "capítulos 08 e 09"),
}

DIPLOMA_TEXTS = {
    "title": "Diploma",
    "course": "Curso de damas — damas brasileiras",
    "certify": "Este diploma é dado a",
    "passed": "que passou na prova da etapa",
    "chapters": "({chapters} do curso)",
    "stars": "Estrelas na prova:",
    "right": "Itens certos na primeira tentativa: {right} de {items}.",
    "date": "{date}.",
    "teacher": "Professor ou professora",
    "document_title": "Diploma de damas — {stage} — {name}",
    "download": "Baixar meu diploma",
    "download_help": "O diploma (PDF, folha A4 deitada) vem com o seu nome, a etapa, a data e as estrelas.",
    "not_passed": "Ainda não há diploma da etapa «{stage}»: faça a prova da etapa até o fim.",
    "unknown_stage": "Etapa desconhecida: {value}. As etapas com prova são: {known}.",
    "no_progress": "O diploma não pôde ser feito: {error}",
}

_MONTHS = ("janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro",
           "outubro", "novembro", "dezembro")

# Colours of the page: a dark green frame and title, gold stars, a board in two greys.
_INK = "#1b4332"
_GOLD = "#e0a800"
_GOLD_LINE = "#7a5c00"
_GREY = "#8c8c8c"


class DiplomaError(DamasError):
    """A diploma that cannot be made (a stage not passed, an unknown stage)."""


def _stage(stage) -> tuple[str, str]:
    if not isinstance(stage, str) or stage not in STAGES:
        raise DiplomaError(DIPLOMA_TEXTS["unknown_stage"].format(
            value=repr(stage), known=", ".join(f"«{s}»" for s in STAGES)))
    return STAGES[stage]


def _iso_date(value, name):
    try:
        _dt.date.fromisoformat(value) if isinstance(value, str) else None
    except ValueError:
        value = None
    if not isinstance(value, str):
        raise refuse(name, "uma data no formato AAAA-MM-DD, como '2026-05-04'", value)
    return value


def _students(value, name):
    """A class's progress as :func:`damas.course.kit.progress.read_class` gives it: a list of the
    students' checked files (dictionaries with the student's name)."""
    if isinstance(value, (str, bytes, dict)) or not isinstance(value, (list, tuple)) or not all(
            isinstance(d, dict) and isinstance(d.get("aluno"), str) and isinstance(d.get("provas", {}), dict)
            for d in value):
        raise refuse(name, "a lista dos progressos dos alunos (read_class)", value)
    return value


_STAGE = choice_spec(STAGES)
#: The spec of a class's progress (turma's diplomas use it too).
STUDENTS = _students


@checked(iso=_iso_date)
def date_text(iso: str) -> str:
    """A day as a Brazilian reader writes it: ``"2026-05-04"`` -> ``"4 de maio de 2026"``."""
    day = _dt.date.fromisoformat(iso)
    return f"{day.day} de {_MONTHS[day.month - 1]} de {day.year}"


@checked(stage=_STAGE)
def file_name(name: str, stage: str) -> str:
    """The diploma's file name: ``diploma-regras-ana.pdf`` (letters, digits and hyphens only)."""
    import unicodedata
    plain = unicodedata.normalize("NFKD", name)
    plain = "".join(c for c in plain if not unicodedata.combining(c)).lower()
    slug = "".join(c if c.isalnum() and c.isascii() else "-" for c in plain).strip("-")
    while "--" in slug:
        slug = slug.replace("--", "-")
    return f"diploma-{stage}-{slug or 'aluno'}.pdf"


def _fit(text: str, font: str, size: float, width: float) -> float:
    """The largest size up to ``size`` at which ``text`` fits in ``width`` points."""
    while size > 8 and text_width(text, font, size) > width:
        size -= 1
    return size


def _board(page: PdfPage, x: float, y: float, side: float) -> None:
    """A small 8x8 board with a few men, the corner ornament."""
    cell = side / 8
    page.rect(x, y, side, side, fill="#ffffff", stroke=_INK, width=1.5)
    for row in range(8):
        for col in range(8):
            if (row + col) % 2 == 1:
                page.rect(x + col * cell, y + row * cell, cell, cell, fill=_GREY)
    for row, col, colour in ((2, 1, "#1d1d1d"), (2, 3, "#1d1d1d"), (3, 4, "#1d1d1d"),
                             (5, 2, "#ffffff"), (5, 4, "#ffffff"), (6, 5, "#ffffff")):
        page.circle(x + (col + 0.5) * cell, y + (row + 0.5) * cell, cell * 0.38, fill=colour, stroke="#000000",
                    width=0.8)


def diploma_page(page: PdfPage, name: str, stage: str, record: dict) -> None:
    """Draw the diploma of ``name`` for ``stage`` with ``record`` (a result of the ``"provas"``
    section: stars, items right, items, date) on ``page`` (A4 landscape)."""
    title, chapters = _stage(stage)
    w, h = page.width, page.height
    middle = w / 2
    page.rect(18, 18, w - 36, h - 36, stroke=_INK, width=5)
    page.rect(30, 30, w - 60, h - 60, stroke=_INK, width=1)
    _board(page, 52, 52, 64)
    _board(page, w - 116, 52, 64)
    page.text(middle, 82, DIPLOMA_TEXTS["course"], "Helvetica", 16, _INK, "center")
    page.text(middle, 150, DIPLOMA_TEXTS["title"], "Helvetica-Bold", 58, _INK, "center")
    page.text(middle, 205, DIPLOMA_TEXTS["certify"], "Times-Italic", 20, "#000000", "center")
    size = _fit(name, "Helvetica-Bold", 40, w - 160)
    page.text(middle, 258, name, "Helvetica-Bold", size, "#000000", "center")
    page.line(middle - 260, 270, middle + 260, 270, _INK, 1)
    page.text(middle, 305, DIPLOMA_TEXTS["passed"], "Times-Italic", 20, "#000000", "center")
    page.text(middle, 345, f"«{title}»", "Helvetica-Bold", 30, _INK, "center")
    page.text(middle, 372, DIPLOMA_TEXTS["chapters"].format(chapters=chapters), "Helvetica", 14, "#333333",
              "center")
    label = DIPLOMA_TEXTS["stars"]
    label_width = text_width(label, "Helvetica", 16)
    stars_left = middle - (label_width + 12 + 3 * 40) / 2
    page.text(stars_left, 423, label, "Helvetica", 16, "#000000")
    for i in range(3):
        won = i < record[STARS]
        page.star(stars_left + label_width + 32 + i * 40, 416, 17, fill=_GOLD if won else "#ffffff",
                  stroke=_GOLD_LINE if won else _GREY, width=1.5)
    page.text(middle, 458, DIPLOMA_TEXTS["right"].format(right=record["acertos"], items=record["itens"]),
              "Helvetica", 13, "#333333", "center")
    page.text(110, 520, DIPLOMA_TEXTS["date"].format(date=date_text(record["data"])), "Helvetica", 14, "#000000")
    page.line(w - 330, 512, w - 110, 512, "#000000", 0.8)
    page.text(w - 220, 528, DIPLOMA_TEXTS["teacher"], "Helvetica", 11, "#333333", "center")


def diploma_pdf(name: str, stage: str, record: dict) -> bytes:
    """The one-page PDF of ``name``'s diploma for ``stage`` (see :func:`diploma_page`)."""
    title, _ = _stage(stage)
    doc = PdfDocument(DIPLOMA_TEXTS["document_title"].format(stage=title, name=name))
    diploma_page(doc.page(A4_LANDSCAPE), name, stage, record)
    return doc.bytes()


def student_diploma(stage: str, store=None) -> tuple[str, bytes]:
    """(file name, PDF) of the diploma of ``stage`` for the student of ``store`` (by default the
    student's own progress file); DiplomaError when that stage's test was not passed."""
    _stage(stage)
    if store is None:
        from damas.course.kit.store import _progress
        store = _progress()
        if isinstance(store, Exception):
            raise DiplomaError(DIPLOMA_TEXTS["no_progress"].format(error=store))
    record = store.stage_result(stage)
    if record is None:
        raise DiplomaError(DIPLOMA_TEXTS["not_passed"].format(stage=STAGES[stage][0]))
    return file_name(store.student, stage), diploma_pdf(store.student, stage, record)


@checked(students=_students)
def class_diplomas(students) -> tuple[bytes | None, list[tuple[str, str]]]:
    """The diplomas of a class (the checked progress of each student, as
    :func:`damas.course.kit.progress.read_class` gives them): one page per stage each student
    passed, students in their order, stages in the course's; (the PDF, or None when nobody
    passed a stage yet; [(student, stage)] of the pages)."""
    doc = PdfDocument("Diplomas da turma")
    pages = []
    for data in students:
        passed = data.get("provas", {})
        for stage in STAGES:
            if stage in passed:
                diploma_page(doc.page(A4_LANDSCAPE), data["aluno"], stage, passed[stage])
                pages.append((data["aluno"], stage))
    return (doc.bytes() if pages else None), pages


def diploma_link(stage: str, store=None) -> str:
    """The HTML of «Baixar meu diploma»: a link that holds the PDF itself (no server needed), or
    the sentence that says why there is none yet."""
    try:
        name, data = student_diploma(stage, store)
    except DiplomaError as error:
        return f'<p class="damas-diploma-missing">{escape(str(error))}</p>'
    href = "data:application/pdf;base64," + base64.b64encode(data).decode("ascii")
    return (f'<p><a class="damas-diploma-link" download="{escape(name)}" href="{href}" '
            f'style="display:inline-block;padding:8px 16px;border-radius:6px;background:#1b7f3b;color:#fff;'
            f'font-weight:700;text-decoration:none">{escape(DIPLOMA_TEXTS["download"])}</a></p>'
            f'<p><small>{escape(DIPLOMA_TEXTS["download_help"])}</small></p>')

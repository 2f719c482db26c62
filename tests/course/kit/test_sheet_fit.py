"""Every word of a printable sheet stays on the paper a teacher prints, and the text of a framed box
stays in its frame.

The sheets (:mod:`damas.course.kit.sheets`) wrap and shrink their texts by the font's measured
width; these tests read the PDFs back with poppler (``pdftotext -bbox``) and check each word's box
against the printable area (:data:`sheets.PRINT_AREA`) and against the frames the layout code
declares (:data:`sheets.SUMMARY_RULE_BOX`, :data:`sheets.SUMMARY_EXAMPLE_TEXT`,
:data:`sheets.CLASSMATE_COLUMN`, and for freshly drawn pages every frame that
:func:`sheets._fitted_text` recorded).  The kept PDFs are those of notebooks/fichas/; fresh ones
are made in a temporary folder.  Without poppler the tests are skipped (failed with
DAMAS_REQUIRE_POPPLER=1)."""

import os
from pathlib import Path

import pytest
from repo_paths import REPO

pytest.importorskip("matplotlib")

import matplotlib  # noqa: E402

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402

from damas.course.kit import sheets  # noqa: E402
from pdf_words import PDFTOTEXT, outside, page_words, words_outside_frame  # noqa: E402

KEPT = REPO / "notebooks" / "fichas"
KEPT_PDFS = sorted(KEPT.glob("*.pdf"))


@pytest.fixture(autouse=True)
def poppler():
    if not PDFTOTEXT:
        if os.environ.get("DAMAS_REQUIRE_POPPLER"):
            pytest.fail("DAMAS_REQUIRE_POPPLER=1 but pdftotext (poppler-utils) is missing")
        pytest.skip("pdftotext (poppler-utils) não está instalado")
    yield
    plt.close("all")


def words_outside_print_area(pdf: Path) -> list:
    bad = []
    for number, (width, height, words) in enumerate(page_words(pdf), 1):
        bad += [(pdf.name, number, w[4], tuple(round(v) for v in w[:4])) for w in words
                if outside(w, sheets.PRINT_AREA, width, height)]
    return bad


def chapter_entries():
    """(file name, kind, entry) of every chapter sheet, from the chapters' texts."""
    from damas.course.classroom.fichas import chapter_sheet_name
    from damas.course.kit.chapter_list import CHAPTERS
    from damas.course.kit.chapter_texts import TEXTS_DIR, read_texts
    out = []
    for slug, *_ in CHAPTERS:
        path = TEXTS_DIR / f"{slug}.json"
        if path.is_file():
            data = read_texts(path)
            for kind in ("summary", "classmate"):
                if kind in data:
                    out.append((chapter_sheet_name(kind, slug), kind, data[kind]))
    return out


def framed_texts(kind, entry):
    """The frames the layout code declares for a chapter sheet and the texts they hold."""
    if kind == "summary":
        return [(sheets.SUMMARY_RULE_BOX, entry["rule"]), (sheets.SUMMARY_EXAMPLE_TEXT, entry["example"])]
    return [(sheets.CLASSMATE_COLUMN, entry["text"])] + [(sheets.CLASSMATE_COLUMN, line) for line in entry["watch"]]


# -- the check itself can fail ----------------------------------------------------------------------------

def test_a_word_past_the_margin_is_caught(tmp_path):
    """A sheet drawn the old way (a long line placed by hand, no measuring) is refused."""
    fig = plt.figure(figsize=sheets.A4)
    fig.text(0.07, 0.5, "Três damas ganham de uma que está fora da grande diagonal (a forçada); " * 2,
             fontsize=15, fontweight="bold", family=sheets.FONT)
    pdf = tmp_path / "larga.pdf"
    sheets._save_pdf([fig], pdf, "larga")
    assert words_outside_print_area(pdf)


def test_a_rule_outside_its_box_is_caught(tmp_path):
    text = "Três damas ganham de uma que está fora da grande diagonal (a forçada); na grande diagonal, é empate."
    fig = plt.figure(figsize=sheets.A4)
    fig.text(0.5, 0.815, text, ha="center", va="center", fontsize=15, fontweight="bold", family=sheets.FONT)
    pdf = tmp_path / "regra.pdf"
    sheets._save_pdf([fig], pdf, "regra")
    assert words_outside_frame(pdf, sheets.SUMMARY_RULE_BOX, text)


# -- the kept sheets -------------------------------------------------------------------------------------

@pytest.mark.parametrize("pdf", KEPT_PDFS, ids=[p.stem for p in KEPT_PDFS])
def test_kept_sheet_words_stay_in_the_print_area(pdf):
    assert words_outside_print_area(pdf) == [], \
        "gere as fichas de novo: python -m damas fichas --todas notebooks/fichas"


def test_kept_chapter_sheets_keep_their_texts_in_their_frames():
    bad = []
    for name, kind, entry in chapter_entries():
        assert (KEPT / name).is_file(), name
        for frame, text in framed_texts(kind, entry):
            bad += words_outside_frame(KEPT / name, frame, text)
    assert bad == []


# -- sheets made now -------------------------------------------------------------------------------------

@pytest.mark.slow   # draws the sheets with matplotlib (python -m damas fichas --capitulos, once per run)
def test_fresh_chapter_sheets_fit(fresh_chapter_sheets):
    folder, _printed = fresh_chapter_sheets
    bad = []
    for name, kind, entry in chapter_entries():
        pdf = folder / name
        bad += words_outside_print_area(pdf)
        for frame, text in framed_texts(kind, entry):
            bad += words_outside_frame(pdf, frame, text)
    assert bad == []


def long_entries():
    """Chapter entries at their worst: every text three times as long, and a word longer than a line."""
    very_long = "Abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyz"
    summary = {"rule": "Três damas ganham de uma que está fora da grande diagonal (a forçada); " * 2 + very_long,
               "title": "A forçada: a dama preta fora da grande diagonal " * 3,
               "fen": "W:WKb8,Kh4,Kg1:BKf8",
               "example": "Com a dama preta em f8, as três damas brancas a prendem e tomam. " * 6 + very_long}
    classmate = {"title": "A forçada no tabuleiro de madeira, com um colega e um relógio " * 2,
                 "fen": "W:WKb8,Kh4,Kg1:BKf8",
                 "text": "Um fica com as três damas brancas, o outro com a dama preta. " * 4 + very_long,
                 "watch": ["Quem tem a dama sozinha tenta chegar à grande diagonal. " * 2,
                           "Conte os lances na folha de registro. " * 3, very_long]}
    return summary, classmate


@pytest.mark.slow   # draws the sheets with matplotlib
@pytest.mark.parametrize("kind", ["summary", "classmate"])
def test_every_recorded_frame_holds_its_text_even_when_long(kind, tmp_path):
    """Texts far longer than the chapters' (and a word longer than a line) are shrunk or cut into
    their frames: every frame that sheets._fitted_text recorded holds its words."""
    summary, classmate = long_entries()
    if kind == "summary":
        figures = sheets.summary_pages("09 — Finais", summary)
    else:
        figures = sheets.classmate_pages("09 — Finais", classmate)
    assert words_outside_recorded_frames(figures, tmp_path / f"{kind}.pdf") == []


def words_outside_recorded_frames(figures, pdf: Path) -> list:
    """Save ``figures`` as ``pdf``; the words outside the print area and, for every frame
    sheets._fitted_text recorded, the words of its text outside it."""
    frames = [sheets._text_frames(fig) for fig in figures]
    sheets._save_pdf(figures, pdf, pdf.stem)
    bad = words_outside_print_area(pdf)
    for page, recorded in enumerate(frames):
        assert recorded, "the page recorded no frame"
        width, height, words = page_words(pdf)[page]
        start = 0
        for frame, text in recorded:
            run, start = find_run(words, text, start)
            bad += [(pdf.name, w[4], frame) for w in run if outside(w, frame, width, height)]
    return bad


def find_run(words, text, start=0):
    """The words drawn for ``text`` (a word cut across lines comes in pieces), searched from
    ``start`` on (the texts are drawn in the order they were placed); and where the search goes on."""
    target = "".join(text.split())
    for i in range(start, len(words)):
        joined, run = "", []
        for w in words[i:]:
            if not target.startswith(joined + w[4]):
                break
            joined += w[4]
            run.append(w)
            if joined == target:
                return run, i + len(run)
    raise AssertionError(f"texto não encontrado na página: {text!r}")


@pytest.mark.slow   # draws the sheets with matplotlib
@pytest.mark.parametrize("name", ["forms", "collection"])
def test_fresh_forms_and_collection_sheets_fit(name, tmp_path):
    """The three blank forms, a collection's student sheet and answer key made now: every word in the
    print area, every fitted text in its recorded frame."""
    from damas.course.classroom.fichas import collections_dir, sheet_groups
    from damas.problems.puzzles import load_collection
    made = []
    if name == "forms":
        made = [("folha-de-anotacao", sheets.score_sheet_pages({"Brancas:": "Ana Beatriz " * 8,
                                                                "Pretas:": "Joaquim " * 8},
                                                               note="Torneio da turma, rodada 3")),
                ("irregularidades", sheets.irregularities_pages()), ("forcada", sheets.forcada_pages())]
    else:
        pdn = collections_dir() / "golpes-do-curso.pdn"
        for stem, suffix, items in sheet_groups(load_collection(pdn), pdn.stem)[:1]:
            made = [(stem, sheets.student_sheet_pages(items, title="Problemas do curso (64 casas)" + suffix)),
                    (stem + "-gabarito", sheets.answer_key_pages(items, title="Problemas do curso" + suffix))]
    bad = []
    for stem, figures in made:
        bad += words_outside_recorded_frames(figures, tmp_path / f"{stem}.pdf")
    assert bad == []

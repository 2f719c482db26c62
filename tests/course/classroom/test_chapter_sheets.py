"""Each chapter's «ficha-resumo» and «Jogue com um colega» sheet: one page each, made by
``python -m damas fichas``, saying the rule, the example and what to do, as the texts JSON says."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from damas.course.classroom.fichas import chapter_sheet_name, run_fichas
from damas.course.kit.chapter_list import CHAPTERS
from damas.course.kit.chapter_texts import TEXTS_DIR
from tests.repo_paths import NOTEBOOKS

pytestmark = pytest.mark.slow
needs_poppler = pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext (poppler) is not installed")


def texts(slug):
    return json.loads((TEXTS_DIR / f"{slug}.json").read_text(encoding="utf-8"))


@needs_poppler
def test_every_chapter_gets_its_sheets(fresh_chapter_sheets):
    folder, printed = fresh_chapter_sheets
    names = sorted(p.name for p in folder.glob("*.pdf"))
    assert names == sorted([f"resumo-{n}.pdf" for _, n, *_ in CHAPTERS]
                           + [f"colega-{n}.pdf" for _, n, *_ in CHAPTERS[2:]])
    # one page each, as the command says of every sheet it wrote
    assert sorted(printed.splitlines()) == sorted(f"{folder / name}: 1 página" for name in names)
    slug = "lei-da-maioria"
    text = subprocess.run(["pdftotext", str(folder / chapter_sheet_name("summary", slug)), "-"],
                          capture_output=True, text=True, check=True).stdout
    summary = texts(slug)["summary"]
    assert "Ficha-resumo — 04 — Lei da maioria" in text
    assert " ".join(summary["rule"].split()[:6]) in " ".join(text.split())
    text = subprocess.run(["pdftotext", str(folder / chapter_sheet_name("classmate", "tomada")), "-"],
                          capture_output=True, text=True, check=True).stdout
    assert "Jogue com um colega — 03 — Tomada" in text and "Quem ganhou?" in text


def test_the_kept_sheets_are_there():
    for slug, number, *_ in CHAPTERS:
        assert (NOTEBOOKS / "fichas" / f"resumo-{number}.pdf").is_file(), slug
        if number >= "02":
            assert (NOTEBOOKS / "fichas" / f"colega-{number}.pdf").is_file(), slug


def test_the_command_line(tmp_path, fresh_chapter_sheets):
    # python -m damas fichas --capitulos NOVA_PASTA made the folder and said what it wrote (the
    # fixture ran it, once per run); a file or --todas beside it is refused
    folder, printed = fresh_chapter_sheets
    assert folder.is_dir() and f"{folder / 'resumo-00.pdf'}: 1 página" in printed.splitlines()
    (tmp_path / "arquivo").write_text("x")
    assert run_fichas(capitulos=str(tmp_path / "arquivo")) == 2
    assert run_fichas(capitulos=str(tmp_path), todas=str(tmp_path)) == 2

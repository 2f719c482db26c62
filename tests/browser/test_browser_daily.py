"""«Treino do dia» in a real browser (Voilà, Chromium): a problem solved by clicks moves the level.

Voilà serves a copy of ``notebooks/app_treino_do_dia.ipynb`` and ``puzzles/``; its kernels save the
progress in a temporary folder (``DAMAS_PROGRESSO``) under the name ``DAMAS_ALUNO``, never in a real
home.  The test reads the problem the page shows (its position), solves it by clicks (each move one
the checker accepts, the reply computed here by the checker as the trainer plays it), and waits for
the line above the board to say that the level went up, by the amount the rating model gives for
one problem solved at the first try; the attempt is in the progress file.  The browser (a fresh
context) is the fixture of ``tests/browser/conftest.py``, the server is built with
``browser_kit``; no step waits for a fixed time.
"""

from __future__ import annotations

import re
import shutil
from datetime import datetime

import pytest

from browser_kit import ROOT, SHOTS, Site, _env, _require_browser, empty_progress, progress_folder, running_voila
from test_browser import (
    PAGE_TIMEOUT, STEP_TIMEOUT, WIDGET, _click_move, _new_page, _no_code_shown, _wait_attr, expect,
)

from damas.course.classroom.daily import load_catalog
from damas.course.kit.progress import Progress
from damas.course.kit.training import STUDENT
from damas.problems.checker import check

APP = ROOT / "notebooks" / "app_treino_do_dia.ipynb"
NOTE = ".damas-trainer-note"


@pytest.fixture(scope="module")
def voila_daily_server(tmp_path_factory):
    """Voilà serving the app alone; its kernels save the progress of «lia» (a student with no
    attempt: the session's first problem is known)."""
    _require_browser()
    root = tmp_path_factory.mktemp("voila_daily")
    site = root / "site"
    (site / "notebooks").mkdir(parents=True)
    shutil.copy(APP, site / "notebooks" / APP.name)
    shutil.copytree(ROOT / "puzzles", site / "puzzles")
    env = _env(root)
    env["DAMAS_ALUNO"] = "lia"
    with running_voila(site / "notebooks", root, env) as server:
        yield server


@pytest.fixture
def voila_daily(voila_daily_server, browser):
    empty_progress(voila_daily_server)
    return Site(voila_daily_server, browser)


def test_solving_a_daily_problem_moves_the_level(voila_daily):
    catalog = load_catalog(ROOT / "puzzles")
    page = _new_page(voila_daily)
    try:
        page.goto(voila_daily.server.url + "/voila/render/app_treino_do_dia.ipynb")
        page.wait_for_selector(f"{WIDGET} svg.damas-board", timeout=PAGE_TIMEOUT)
        _no_code_shown(page, ["daily_training", "import"])
        note = page.locator(NOTE)
        expect(note).to_contain_text("Seu nível: 1500.", timeout=STEP_TIMEOUT)
        fen = page.get_attribute(WIDGET, "data-fen")
        # The problem shown: the first of today's session for a student with no attempts.
        key = catalog.session([], datetime.now().astimezone(), n=8)[0]
        puzzle = catalog.puzzles[key]
        assert puzzle.fen == fen
        expect(note).to_contain_text(f"Coleção: {catalog.titles[key]}. Tema: {catalog.theme(key)}.")
        for word in ("Glicko", "rating", "desvio"):
            assert word not in note.inner_text()
        page.screenshot(path=str(SHOTS / "voila_treino_do_dia_inicio.png"))

        board = puzzle.board()
        line = []
        while True:
            move = next(m for m in board.legal_moves() if check(puzzle, line + [m]).status != "wrong")
            verdict = check(puzzle, line + [move])
            _click_move(page, board, move)
            board.push(move)
            line.append(move)
            if verdict.status == "correct":
                break
            board.push(verdict.reply)
            line.append(verdict.reply)
            _wait_attr(page, "data-fen", board.fen())
        expect(page.locator(f"{WIDGET} .damas-message")).to_have_text(re.compile(r"^\s*Correto!"),
                                                                      timeout=STEP_TIMEOUT)
        # The level the model gives after one problem solved at the first try.
        saved = Progress("lia", folder=voila_daily.progress)
        saved.reload()
        expected = catalog.book(saved.attempts).student(STUDENT).r
        assert [(a["problema"], a["resultado"]) for a in saved.attempts] == [(key, "primeira")]
        assert expected > 1500
        change = round(expected - 1500)
        expect(note).to_contain_text(f"Seu nível: {round(expected)} (subiu {change} pontos).",
                                     timeout=STEP_TIMEOUT)
        page.screenshot(path=str(SHOTS / "voila_treino_do_dia_resolvido.png"))
    finally:
        page.close()


def _finished_student(folder, name="lia"):
    """A progress file in ``folder`` in which ``name`` solved every problem at the first try."""
    catalog = load_catalog(ROOT / "puzzles")
    p = Progress(name, folder=folder)
    log = p._data.setdefault("treino", {"tentativas": []})["tentativas"]
    for i, key in enumerate(sorted(catalog.puzzles)):
        log.append({"id": f"r{i:05d}", "problema": key, "resultado": "primeira",
                    "quando": f"2026-11-{1 + i % 28:02d}T10:00:00-03:00"})
    p.record_stars("tomada/a", 1)


def test_a_student_who_finished_everything_sees_parabens_not_an_error_page(voila_daily):
    """Issue 44: a student who had solved everything got Voilà's English error page."""
    _finished_student(progress_folder(voila_daily.server))     # read by the page's new kernel
    page = _new_page(voila_daily)
    try:
        page.goto(voila_daily.server.url + "/voila/render/app_treino_do_dia.ipynb")
        expect(page.locator(".damas-parabens")).to_contain_text("Parabéns!", timeout=PAGE_TIMEOUT)
        text = page.inner_text("body")
        for english in ("Traceback", "Error", "There was an error"):
            assert english not in text
        _no_code_shown(page, ["daily_training", "import"])
        page.screenshot(path=str(SHOTS / "voila_treino_do_dia_parabens.png"))
    finally:
        page.close()

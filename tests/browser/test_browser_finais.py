"""The endgame drills and the challenge of chapter 09 in a real browser (Voilà, Chromium).

The fixture notebook ``tests/browser/finais.ipynb`` shows ``EndgameDrill()``
(first board on the page) and ``EndgameDrill(challenge=True)`` (second).  On
the drill: a winning move by clicks is accepted and the black king answers
with its longest defence; a move that throws the win away is taken back, and
the message gives the line that saves the black king.  On the challenge: a
winning move is accepted and answered.  Every expected position and text is
computed here from the database (``damas.engine.endgames``).

The tables (only the 8x8 three kings v one, with its sub-endings) are built
once in a temporary cache folder before Voilà starts, and the server's kernels
read them from there (``DAMAS_ENDGAME_CACHE``).  The browser (a fresh
context per test) is the fixture of ``tests/browser/conftest.py``, the server is
built with ``browser_kit``; no step waits for a fixed time.
"""

from __future__ import annotations

import os
import re
import shutil

import pytest

from browser_kit import ROOT, SHOTS, Site, _env, _require_browser, running_voila
from test_browser import PAGE_TIMEOUT, STEP_TIMEOUT, WIDGET, _new_page, expect

from damas import Board
from damas.engine import endgames
from damas.course.chapters.ch09_finais import DRILLS, TEXTS, good_text

FIXTURE = ROOT / "tests" / "browser" / "finais.ipynb"


@pytest.fixture(scope="module")
def voila_finais_server(tmp_path_factory):
    """Voilà serving finais.ipynb, its kernels reading the tables from a
    temporary cache that this fixture fills first (the tests' own probes use
    the same folder)."""
    _require_browser()
    root = tmp_path_factory.mktemp("voila_finais")
    site = root / "site"
    site.mkdir()
    shutil.copy(FIXTURE, site / "finais.ipynb")
    cache = root / "egtb"
    old = {k: os.environ.get(k) for k in (endgames.ENV_CACHE, endgames.ENV_PROGRESS)}
    os.environ[endgames.ENV_CACHE] = str(cache)
    os.environ[endgames.ENV_PROGRESS] = "0"
    endgames._TABLES.clear()
    try:
        endgames.table("brazilian", (0, 3, 0, 1))  # and KKvK, KvK: all the drills need
        with running_voila(site, root, _env(root)) as server:
            yield server
    finally:
        endgames._TABLES.clear()
        for k, v in old.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


@pytest.fixture
def voila_finais(voila_finais_server, browser):
    return Site(voila_finais_server, browser)


def _board(page, i):
    return page.locator(WIDGET).nth(i)


def _wait_fen(page, i, fen):
    page.wait_for_function(
        "([sel, i, fen]) => { const e = document.querySelectorAll(sel)[i];"
        " return !!e && e.getAttribute('data-fen') === fen; }",
        arg=[WIDGET, i, fen], timeout=STEP_TIMEOUT)


def _click(page, i, move):
    board = _board(page, i)
    board.locator(f'g.damas-square[data-square="{move.start}"]').click()
    expect(board).to_have_attribute("data-selected", str(move.start), timeout=STEP_TIMEOUT)
    board.locator(f'g.damas-square[data-square="{move.end}"]').click()


def _quiet(board, value):
    """The non-capturing moves of ``board`` whose value (for the mover) is ``value``."""
    return [(m, p) for m, v, p in endgames.move_values(board) if v == value and not m.is_capture]


def _answered(board, move):
    """The board after ``move`` and the defender's longest defence (as the drill plays it)."""
    after = board.copy()
    after.push(move)
    reply = endgames.best_moves(after)[0]
    reply_text = after.move_text(reply)
    after.push(reply)
    return after, reply_text


def test_drill_accepts_a_winning_move_and_refuses_a_thrown_win(voila_finais):
    from damas.course.kit.forcada import line_text
    board = Board(DRILLS[0][2])
    assert endgames.probe(board)[0] == 1
    win, _ = _quiet(board, 1)[0]
    after, reply_text = _answered(board, win)
    value, left = endgames.probe(after)
    assert value == 1
    good = good_text(left, reply_text)
    # the next position: a quiet move that only draws (the black king escapes)
    throw, _ = _quiet(after, 0)[0]
    thrown = after.copy()
    thrown.push(throw)
    line = endgames.best_line(thrown, 6)
    refused = TEXTS["thrown"].format(move=after.move_text(throw), line=line_text(thrown, line))
    assert "ela se salva com" in refused and line

    page = _new_page(voila_finais)
    try:
        page.goto(voila_finais.server.url + "/voila/render/finais.ipynb")
        page.wait_for_selector(f"{WIDGET} svg.damas-board", timeout=PAGE_TIMEOUT)
        expect(page.locator(WIDGET)).to_have_count(2, timeout=PAGE_TIMEOUT)
        _wait_fen(page, 0, board.fen())
        message = _board(page, 0).locator(".damas-message")
        expect(message).to_contain_text("Exercício 1 de", timeout=STEP_TIMEOUT)

        # A winning move, by clicks: accepted, and the black king answers.
        _click(page, 0, win)
        _wait_fen(page, 0, after.fen())
        expect(message).to_contain_text(good, timeout=STEP_TIMEOUT)
        expect(message).to_have_attribute("data-kind", "info", timeout=STEP_TIMEOUT)
        _board(page, 0).screenshot(path=str(SHOTS / "voila_finais_bom_lance.png"))

        # A move that lets the king escape: refused with the saving line, taken back.
        _click(page, 0, throw)
        expect(message).to_contain_text(refused, timeout=STEP_TIMEOUT)
        expect(message).to_have_attribute("data-kind", "error", timeout=STEP_TIMEOUT)
        _wait_fen(page, 0, after.fen())
        _board(page, 0).screenshot(path=str(SHOTS / "voila_finais_lance_recusado.png"))
    finally:
        page.close()


def test_the_challenge_takes_a_move(voila_finais):
    from damas.course.kit.forcada import longest_resistance
    start = longest_resistance()["board"]
    assert endgames.probe(start)[0] == 1
    best = endgames.best_moves(start)
    move = next(m for m in best if not m.is_capture)
    after, reply_text = _answered(start, move)
    value, left = endgames.probe(after)
    assert value == 1
    good = good_text(left, reply_text)

    page = _new_page(voila_finais)
    try:
        page.goto(voila_finais.server.url + "/voila/render/finais.ipynb")
        page.wait_for_selector(f"{WIDGET} svg.damas-board", timeout=PAGE_TIMEOUT)
        expect(page.locator(WIDGET)).to_have_count(2, timeout=PAGE_TIMEOUT)
        _wait_fen(page, 1, start.fen())
        message = _board(page, 1).locator(".damas-message")
        expect(message).to_contain_text(TEXTS["challenge"], timeout=STEP_TIMEOUT)
        _board(page, 1).scroll_into_view_if_needed()
        _click(page, 1, move)
        _wait_fen(page, 1, after.fen())
        expect(message).to_contain_text(good, timeout=STEP_TIMEOUT)
        expect(message).to_have_attribute("data-kind", "info", timeout=STEP_TIMEOUT)
        # the first board is untouched
        _wait_fen(page, 0, Board(DRILLS[0][2]).fen())
        _board(page, 1).screenshot(path=str(SHOTS / "voila_finais_desafio.png"))
    finally:
        page.close()

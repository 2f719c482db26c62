"""Fixtures of the course's tests."""

import time
import types

import pytest


@pytest.fixture
def cpu_clock(monkeypatch):
    """The engine's timed searches count this process's CPU seconds, not the wall clock: a
    «10 s» search then searches as deep on a loaded machine (CI runs other jobs beside it) as on
    a free one.  (benchmarks/match_peer.py plays its matches on the same clock.)"""
    import damas.engine.search as search
    cpu = time.process_time
    monkeypatch.setattr(search, "time", types.SimpleNamespace(perf_counter=cpu, time=cpu, monotonic=cpu,
                                                              process_time=cpu, sleep=time.sleep))
    return cpu


@pytest.fixture
def store(monkeypatch, tmp_path):
    """The student «teste»'s progress, saved in a folder of the test's own (never the real home);
    the kernel's store is read again before and after."""
    from damas.course.kit.store import _reset_progress_cache
    monkeypatch.setenv("DAMAS_PROGRESSO", str(tmp_path))
    monkeypatch.setenv("DAMAS_ALUNO", "teste")
    _reset_progress_cache()
    yield tmp_path
    _reset_progress_cache()


# -- the sheets the command makes, once per run ------------------------------------------------------
# Making every sheet takes about a minute (50 PDFs with their font embedded), the chapters' sheets
# about 25 s: the tests that read sheets made now share these two folders.  The root conftest.py puts
# every test file that uses them in one pytest-xdist group, so one worker makes them, once.

@pytest.fixture(scope="session")
def fresh_sheets(tmp_path_factory):
    """The folder of every sheet ``python -m damas fichas --todas PASTA`` makes now."""
    from damas.__main__ import main
    folder = tmp_path_factory.mktemp("fichas-todas")
    try:
        assert main(["fichas", "--todas", str(folder)]) == 0
    finally:
        _close_figures()
    return folder


@pytest.fixture(scope="session")
def fresh_chapter_sheets(tmp_path_factory):
    """(the folder, what the command printed) of ``python -m damas fichas --capitulos PASTA``
    into a folder that did not exist yet."""
    import contextlib
    import io
    from damas.__main__ import main
    folder = tmp_path_factory.mktemp("fichas-capitulos") / "novas"
    printed = io.StringIO()
    try:
        with contextlib.redirect_stdout(printed):
            assert main(["fichas", "--capitulos", str(folder)]) == 0
    finally:
        _close_figures()
    return folder, printed.getvalue()


def _close_figures():
    import sys
    if "matplotlib.pyplot" in sys.modules:
        sys.modules["matplotlib.pyplot"].close("all")

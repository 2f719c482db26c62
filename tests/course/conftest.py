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

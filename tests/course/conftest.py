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

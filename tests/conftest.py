"""Fixtures shared by the tests of every layer.

- every test saves a student's progress in a folder of its own (``DAMAS_PROGRESSO``), never in
  the real home: a test can neither read a student's stars nor lose them;
- ``close_figures`` closes the matplotlib figures a test made (ask for it by name: importing
  matplotlib is slow, so it is not automatic).
"""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def own_progress_folder(monkeypatch, tmp_path_factory):
    """Point the progress file at a fresh folder; a test that sets its own folder still wins.
    The kernel's cached progress store is forgotten before and after (every puzzle trainer
    made once the course is imported reads and saves it)."""
    from damas.course.kit.store import _reset_progress_cache
    monkeypatch.setenv("DAMAS_PROGRESSO", str(tmp_path_factory.mktemp("progresso")))
    _reset_progress_cache()
    yield
    _reset_progress_cache()


@pytest.fixture
def close_figures():
    yield
    import matplotlib.pyplot as plt
    plt.close("all")

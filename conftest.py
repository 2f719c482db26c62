"""Collection-wide settings: which files pytest reads, and the markers given by where a test lives.

- ``tests/browser/``: ``browser`` and ``slow`` (a real Chromium, a server, seconds per test);
- ``tests/notebooks/``: ``notebooks`` (static checks of the chapters);
- nbval's cells of ``notebooks/*.ipynb``: ``notebooks`` and ``slow`` (a kernel per chapter).

Other slow tests carry ``@pytest.mark.slow`` in their own file.  ``pytest -m "not slow"`` is
the quick loop; plain ``pytest`` runs everything, as CI does.

Under pytest-xdist (``--dist loadgroup``), the tests that must share one process are grouped
(``xdist_group``): the cells of one notebook (nbval runs them in order in one kernel), and the
tests of a file with a module fixture of its own (a server, a fresh venv, endgame tables built:
made once, in the one worker that runs the file), and the files that use a session fixture of
``MADE_ONCE`` (the sheets made now: one worker makes them, once).
"""

import os
from pathlib import Path

import pytest

# nbval checks the course notebooks only; notebooks under tests/ are fixtures of the browser test.
collect_ignore_glob = ["tests/*/*.ipynb"]

HERE = Path(__file__).resolve().parent


def _has_own_module_fixture(item) -> bool:
    """Does ``item`` use a module-scoped fixture of its own file (a server, a venv, tables)?
    pytest-xdist would make it once per worker that runs a test of the file: the file's tests go
    to one worker instead."""
    info = getattr(item, "_fixtureinfo", None)
    module = item.nodeid.split("::", 1)[0]
    return info is not None and any(
        definition.scope in ("module", "class") and definition.baseid == module
        for definitions in info.name2fixturedefs.values() for definition in definitions)


#: Session fixtures that make something slow to make (tests/course/conftest.py: every sheet, the
#: chapters' sheets): the files whose tests use one run in one worker, which makes it once.
MADE_ONCE = {"fresh_sheets": "sheets", "fresh_chapter_sheets": "sheets"}


@pytest.hookimpl(tryfirst=True)      # before pytest-xdist's own hook reads the groups
def pytest_collection_modifyitems(config, items):
    made_once = {}                   # file -> group, for the files with a test using a MADE_ONCE fixture
    for item in items:
        for name in getattr(item, "fixturenames", ()):
            if name in MADE_ONCE:
                made_once[str(item.fspath)] = "made-once/" + MADE_ONCE[name]
    for item in items:
        path = Path(str(item.fspath)).resolve()
        try:
            parts = path.relative_to(HERE).parts
        except ValueError:
            continue
        if str(item.fspath) in made_once:
            item.add_marker(pytest.mark.xdist_group(made_once[str(item.fspath)]))
        elif _has_own_module_fixture(item):
            item.add_marker(pytest.mark.xdist_group("/".join(parts)))
        if parts[:2] == ("tests", "browser"):
            item.add_marker(pytest.mark.browser)
            item.add_marker(pytest.mark.slow)
        elif parts[:2] == ("tests", "notebooks"):
            item.add_marker(pytest.mark.notebooks)
        elif parts[0] == "notebooks" and path.suffix == ".ipynb":
            item.add_marker(pytest.mark.notebooks)
            item.add_marker(pytest.mark.slow)
            item.add_marker(pytest.mark.xdist_group(path.name))


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_setup(item):
    """nbval starts a notebook's kernel when the notebook's first cell is set up: that kernel gets
    a progress folder of its own, empty, and the student «aluno» (as the stored outputs were made,
    CONTRIBUTING.md), never the real home's progress nor the login name; this process's own
    environment is given back right after."""
    parent = getattr(item, "parent", None)
    if not (Path(str(item.fspath)).suffix == ".ipynb" and hasattr(parent, "kernel")) or parent.kernel is not None:
        yield
        return
    saved = {name: os.environ.get(name) for name in ("DAMAS_PROGRESSO", "DAMAS_ALUNO")}
    os.environ["DAMAS_PROGRESSO"] = str(item.config._tmp_path_factory.mktemp("progresso-nbval"))
    os.environ["DAMAS_ALUNO"] = "aluno"
    try:
        yield
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def pytest_xdist_auto_num_workers(config):
    """How many pytest-xdist workers ``-n auto`` (pyproject's addopts) starts: two (or the cores,
    up to four) for a run that holds the slow tests (kernels, servers and Chromium wait on each
    other: a second worker keeps both cores busy); the cores, up to four, for the quick loop
    (``-m "not slow"``: 3,300 tests, 92 s in one process and 62 s in two on a 2-core machine,
    7 December 2026), or one process on a single core; none, one process, when a path is named
    (starting workers costs more than a file's tests save).
    ``-n 0`` runs in one process anyway, ``-n 2`` in two."""
    whole = config.args_source == pytest.Config.ArgsSource.TESTPATHS
    quick = "not slow" in (config.option.markexpr or "")
    cores = os.cpu_count() or 1
    if not whole or (quick and cores < 2):
        return 0
    if quick:
        return min(4, cores)
    return max(2, min(4, cores))


def pytest_runtest_logreport(report):
    """With ``DAMAS_TIMELINE=FILE`` in the environment, a line per test phase is added to FILE
    (worker, start, stop, phase, test; times since the epoch, tab-separated): how a full run spends
    its workers, where one waits for the other at the end.  Written by the controlling process
    only (pytest-xdist's workers hand it their reports)."""
    path = os.environ.get("DAMAS_TIMELINE")
    if not path or os.environ.get("PYTEST_XDIST_WORKER"):
        return
    gateway = getattr(getattr(report, "node", None), "gateway", None)
    worker = gateway.id if gateway is not None else "main"
    with open(path, "a", encoding="utf-8") as out:
        out.write(f"{worker}\t{report.start:.2f}\t{report.stop:.2f}\t{report.when}\t{report.nodeid}\n")

"""How a test run is set up (the root conftest.py): markers by folder, pytest-xdist's workers and groups."""

from __future__ import annotations

import importlib.util
import types

import pytest

from repo_paths import REPO


def _root_conftest():
    spec = importlib.util.spec_from_file_location("damas_root_conftest", REPO / "conftest.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _config(source, markexpr=""):
    return types.SimpleNamespace(args_source=source, option=types.SimpleNamespace(markexpr=markexpr))


def test_the_whole_run_and_the_quick_loop_take_two_workers_a_named_path_none(monkeypatch):
    workers = _root_conftest().pytest_xdist_auto_num_workers
    whole, named = pytest.Config.ArgsSource.TESTPATHS, pytest.Config.ArgsSource.ARGS
    monkeypatch.setattr("os.cpu_count", lambda: 2)
    assert workers(_config(whole)) == 2                                 # `pytest`, as CI
    assert workers(_config(whole, "slow and not browser")) == 2
    assert workers(_config(whole, "not slow")) == 2                     # the quick loop
    assert workers(_config(named)) == 0                                 # `pytest tests/rules`
    monkeypatch.setattr("os.cpu_count", lambda: 16)
    assert workers(_config(whole)) == 4
    assert workers(_config(whole, "not slow")) == 4
    monkeypatch.setattr("os.cpu_count", lambda: 1)
    assert workers(_config(whole)) == 2                                 # kernels and Chromium wait
    assert workers(_config(whole, "not slow")) == 0                     # one core: one process


class _Item:
    def __init__(self, path, module_fixture_in=None, fixturenames=()):
        self.fspath = REPO / path
        self.nodeid = f"{path}::test_x"
        self.marks = []
        self.fixturenames = list(fixturenames)
        # a module fixture, defined in the file ``module_fixture_in`` (None: no module fixture)
        if module_fixture_in is not None:
            definition = types.SimpleNamespace(scope="module", baseid=module_fixture_in)
            self._fixtureinfo = types.SimpleNamespace(name2fixturedefs={"server": [definition]})

    def add_marker(self, mark):
        self.marks.append(mark.mark if hasattr(mark, "mark") else mark)

    def names(self):
        return {(m.name, m.args) for m in self.marks}


def test_the_markers_and_groups_by_folder():
    conftest = _root_conftest()
    cell = _Item("notebooks/03_Tomada.ipynb")
    static = _Item("tests/browser/test_browser_static.py", module_fixture_in="tests/browser/test_browser_static.py")
    lab = _Item("tests/browser/test_browser.py", module_fixture_in="tests/browser")     # a conftest's
    tables = _Item("tests/engine/test_endgames.py", module_fixture_in="tests/engine/test_endgames.py")
    chapter_check = _Item("tests/notebooks/test_notebooks.py")
    rules = _Item("tests/rules/test_board.py")
    conftest.pytest_collection_modifyitems(None, [cell, static, lab, tables, chapter_check, rules])
    # A notebook's cells run in one worker, in order (one kernel); so do the tests of a file
    # with a module fixture of its own (made once); other tests go wherever there is room.
    assert cell.names() == {("notebooks", ()), ("slow", ()), ("xdist_group", ("03_Tomada.ipynb",))}
    assert static.names() == {("browser", ()), ("slow", ()),
                              ("xdist_group", ("tests/browser/test_browser_static.py",))}
    assert lab.names() == {("browser", ()), ("slow", ())}
    assert tables.names() == {("xdist_group", ("tests/engine/test_endgames.py",))}
    assert chapter_check.names() == {("notebooks", ())}
    assert rules.names() == set()


def test_what_is_made_once_is_made_by_one_worker():
    # A file with a test using a MADE_ONCE session fixture (the sheets made now) goes, whole, to
    # that fixture's group, even a test of it that does not use it and one with a module fixture.
    conftest = _root_conftest()
    fichas = _Item("tests/course/classroom/test_fichas.py", fixturenames=["tmp_path", "fresh_sheets"])
    fichas_other = _Item("tests/course/classroom/test_fichas.py",
                         module_fixture_in="tests/course/classroom/test_fichas.py")
    fit = _Item("tests/course/kit/test_sheet_fit.py", fixturenames=["fresh_chapter_sheets"])
    plain = _Item("tests/course/kit/test_sheets.py", fixturenames=["tmp_path"])
    conftest.pytest_collection_modifyitems(None, [fichas, fichas_other, fit, plain])
    for item in (fichas, fichas_other, fit):
        assert item.names() == {("xdist_group", ("made-once/sheets",))}, item.nodeid
    assert plain.names() == set()


def test_the_timeline_of_a_run(tmp_path, monkeypatch, capsys):
    # DAMAS_TIMELINE: the controlling process writes a line per phase; scripts/test_timeline.py reads it
    conftest = _root_conftest()
    path = tmp_path / "linha.tsv"
    monkeypatch.setenv("DAMAS_TIMELINE", str(path))
    monkeypatch.delenv("PYTEST_XDIST_WORKER", raising=False)
    for worker, start, stop, test in (("gw0", 100.0, 130.0, "a.py::t1"), ("gw1", 100.0, 110.0, "b.py::t2"),
                                      ("gw1", 110.0, 112.5, "b.py::t3")):
        report = types.SimpleNamespace(start=start, stop=stop, when="call", nodeid=test,
                                       node=types.SimpleNamespace(gateway=types.SimpleNamespace(id=worker)))
        conftest.pytest_runtest_logreport(report)
    monkeypatch.setenv("PYTEST_XDIST_WORKER", "gw0")       # a worker writes nothing itself
    conftest.pytest_runtest_logreport(report)
    assert len(path.read_text(encoding="utf-8").splitlines()) == 3
    spec = importlib.util.spec_from_file_location("test_timeline_script", REPO / "scripts" / "test_timeline.py")
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    assert script.main([str(path), "--over", "20"]) == 0
    out = capsys.readouterr().out
    assert "gw0:     0.0 s to    30.0 s,    30.0 s in tests, 1 tests" in out
    assert "gw1:     0.0 s to    12.5 s,    12.5 s in tests, 2 tests" in out
    assert "waited 17.5 s for the last" in out
    assert "a.py::t1" in out.split("waited")[1] and out.strip().endswith("a.py::t1")

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
    def __init__(self, path, module_fixture_in=None):
        self.fspath = REPO / path
        self.nodeid = f"{path}::test_x"
        self.marks = []
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

"""Release 0.1's import paths keep working for one release (damas/_moved.py), and say where to go.

Notebooks saved on school servers import ``damas.lessons``, ``damas.puzzles``, ``damas.board``...
Each old name gives the very module at its new place, with a DeprecationWarning in Portuguese that
names the new path and points at the notebook's own line.
"""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
import warnings

import pytest

from repo_paths import REPO

from damas import _moved

OLD_IMPORTS = [line for line in (REPO / "tests" / "data" / "imports_0.1.txt").read_text(encoding="utf-8").splitlines()
               if line and not line.startswith("#")]


def _fresh(code: str) -> dict:
    """Run ``code`` in a new interpreter (nothing imported yet) and return the JSON it prints."""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO,
                         env=dict(os.environ, PYTHONPATH=str(REPO)), timeout=120)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("old", sorted(_moved.MOVED))
def test_an_old_path_is_the_new_module_and_warns_in_portuguese(old):
    new = _moved.MOVED[old]
    state = _fresh(f"""
import json, sys, warnings
import damas
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    import {old} as old
import {new} as new
print(json.dumps({{"same": old is new, "spec": old.__spec__.name,
                   "warnings": [[w.category.__name__, str(w.message), w.filename] for w in caught]}}))
""")
    assert state["same"]
    assert state["spec"] == new
    kinds = [w for w in state["warnings"] if w[0] == "DeprecationWarning" and f"«{old}»" in w[1]]
    assert len(kinds) == 1, state["warnings"]
    category, message, filename = kinds[0]
    assert "mudou de lugar" in message
    if new.startswith("damas.course.legacy"):          # renamed helpers: the table of new names
        assert "damas.course.legacy.renamed()" in message
        assert old in importlib.import_module("damas.course.legacy").renamed() or old.endswith("lessons")
    else:
        assert f"importe «{new}»" in message
    assert filename == "<string>"          # the importing line, not importlib's machinery


def test_the_warning_points_at_the_line_that_imports(tmp_path):
    script = tmp_path / "velho.py"
    script.write_text("import warnings\nwarnings.simplefilter('always')\nimport damas\n"
                      "from damas.puzzles import load_collection\n", encoding="utf-8")
    out = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, cwd=tmp_path,
                         env=dict(os.environ, PYTHONPATH=str(REPO)), timeout=120)
    assert out.returncode == 0, out.stderr
    assert f"{script}:4: DeprecationWarning: «damas.puzzles» mudou de lugar" in out.stderr


def test_every_import_of_the_old_chapters_still_works():
    assert len(OLD_IMPORTS) > 50
    state = _fresh(f"""
import json, warnings
warnings.simplefilter("ignore", DeprecationWarning)
failed = []
for line in {OLD_IMPORTS!r}:
    try:
        exec(line, {{}})
    except Exception as error:
        failed.append([line, repr(error)])
print(json.dumps(failed))
""")
    assert state == []


def test_an_unknown_old_name_is_still_an_import_error():
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("damas.nao_existe")


def test_the_packages_named_like_old_modules_keep_their_names():
    import damas.course
    import damas.display
    import damas.engine
    import damas.engine.search
    assert damas.engine.best_move is damas.engine.search.best_move
    assert damas.course.CHAPTERS is importlib.import_module("damas.course.chapters").CHAPTERS
    assert damas.display.img_tag is importlib.import_module("damas.display.output").img_tag


def test_the_new_paths_do_not_warn():
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)
        for new in _moved.MOVED.values():
            importlib.import_module(new)

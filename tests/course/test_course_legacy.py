"""damas.course.legacy: the names of release 0.1 (damas.lessons, the Portuguese names) still work, and warn."""

from __future__ import annotations

from repo_paths import REPO
import importlib
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from damas._moved import MOVED
from damas.course import legacy

ROOT = REPO
#: The last commit of release 0.1's layout: notebooks that say ``from damas.lessons import ...``.
OLD_NOTEBOOKS = "bc96f84"
#: The last commit before the Portuguese names were renamed.
OLD_NAMES_COMMIT = "7573527"
#: legacy module -> the module its names come from
LEGACY = {"damas.course.legacy." + m: "damas.course." + m for m in
          ("analysis", "annotation", "capture_exercises", "demos", "figures", "geometry", "history", "puzzle_study")}
IMPORT = re.compile(r"(?m)^[ \t]*(from damas[\w.]* import (?:\([^)]*\)|[^\n#]*)|import damas[^\n#]*)")


def _git(*args) -> str:
    try:
        return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        pytest.skip(f"sem o histórico do git ({' '.join(args)})")


def _old_code_cells() -> list[str]:
    names = [n for n in _git("ls-tree", "--name-only", OLD_NOTEBOOKS, "notebooks/").split() if n.endswith(".ipynb")]
    assert len(names) >= 18
    cells = []
    for name in names:
        nb = json.loads(_git("show", f"{OLD_NOTEBOOKS}:{name}"))
        cells += ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]
    return cells


def test_an_old_notebooks_imports_still_work_and_warn():
    cells = _old_code_cells()
    statements = sorted({" ".join(m.split()) for c in cells for m in IMPORT.findall(c)})
    assert any(s.startswith("from damas.lessons import") for s in statements)
    attributes = sorted({a for c in cells for a in re.findall(r"\blessons\.(\w+)", c)})
    assert "exercicio" in attributes
    code = """if True:
        import json, sys, warnings
        statements, attributes = json.loads(sys.argv[1]), json.loads(sys.argv[2])
        failed = []
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            for s in statements:
                try:
                    exec(s, {})
                except Exception as error:
                    failed.append(f"{s}: {error!r}")
            import damas.lessons
            failed += [a for a in attributes if not hasattr(damas.lessons, a)]
        warned = [str(w.message) for w in caught if issubclass(w.category, DeprecationWarning)]
        print(json.dumps({"failed": failed, "warned": warned}))
    """
    out = subprocess.run([sys.executable, "-c", code, json.dumps(statements), json.dumps(attributes)],
                         capture_output=True, text=True, cwd=ROOT,
                         env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin", "PYTHONHASHSEED": "0"})
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)
    assert result["failed"] == []
    flat = {m.group(1) for m in (re.match(r"(?:from|import) (damas\.\w+)", s) for s in statements) if m}
    flat = {m for m in flat if m in MOVED} | {"damas.lessons"}       # and "from damas import lessons"
    assert {"damas.lessons", "damas.analysis", "damas.geometry", "damas.history"} <= flat
    for module in flat:
        assert any(f"«{module}» mudou de lugar" in w for w in result["warned"]), module


def test_the_old_lesson_paths_lead_to_the_legacy_package():
    assert MOVED["damas.lessons"] == MOVED["damas.course.lessons"] == "damas.course.legacy"
    for new in LEGACY:
        assert MOVED["damas." + new.rsplit(".", 1)[1]] == new


def _old_public_names(path: str) -> list[str]:
    import ast
    tree = ast.parse(_git("show", f"{OLD_NAMES_COMMIT}:{path}"))
    names = []
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.append(node.name)
        elif isinstance(node, ast.Assign):
            names += [t.id for t in node.targets if isinstance(t, ast.Name)]
    return [n for n in names if not n.startswith("_")]


@pytest.mark.parametrize("legacy_name", sorted(LEGACY))
def test_every_old_name_of_a_module_is_its_new_object(legacy_name):
    old = importlib.import_module(legacy_name)
    new = importlib.import_module(LEGACY[legacy_name])
    changed = getattr(old, "CHANGED", set())
    for old_name, new_name in old.OLD_NAMES.items():
        assert not hasattr(new, old_name), f"{LEGACY[legacy_name]} ainda tem o nome antigo {old_name}"
        if old_name not in changed:
            assert getattr(old, old_name) is getattr(new, new_name), old_name
    for name in _old_public_names(LEGACY[legacy_name].replace(".", "/") + ".py"):
        assert hasattr(old, name), name
    assert set(old.OLD_NAMES) <= set(old.__all__)


def test_every_name_of_the_old_lessons_module_is_in_the_legacy_package():
    names = _old_public_names("damas/course/lessons.py")
    assert len(names) > 60
    missing = [n for n in names if not hasattr(legacy, n)]
    assert missing == []
    new_modules = [importlib.import_module(f"damas.course.{m}") for m in
                   ("figures", "tasks", "quiz", "chapter_texts", "questions", "exercises", "oneliners", "games")]
    for old_name, new_name in legacy.OLD_NAMES.items():
        owners = [m for m in new_modules if hasattr(m, new_name)]
        assert owners, new_name
        assert all(getattr(m, new_name) is getattr(legacy, old_name) for m in owners), old_name
        assert not any(hasattr(m, old_name) for m in new_modules), old_name


def test_old_events_keep_their_old_field_names():
    from damas.course.legacy import history
    events = history.le_eventos(ROOT / "notebooks" / "data" / "historia.csv")
    first = events[0]
    assert isinstance(first, history.Evento) and isinstance(first, history.Event)
    assert (first.ano, first.data, first.onde, first.rotulo, first.evento, first.fonte) == tuple(first)
    assert (first.year, first.label) == (first.ano, first.rotulo)
    assert history.ano_de(events, "desfilia") == history.year_of(events, "desfilia")


def test_old_chapter_calls_give_the_same_objects():
    from damas.course.chapter_texts import chapter_quiz, chapter_stage
    assert legacy.questionario("04") is chapter_quiz("04")
    assert [t.key for t in legacy.etapa("03").tasks] == [t.key for t in chapter_stage("03").tasks]
    assert legacy.conferir("03") == legacy.check_chapter("03")


def test_the_table_of_renamed_names_covers_every_legacy_module():
    table = legacy.renamed()
    assert set(table) == {"damas.lessons"} | {"damas." + new.rsplit(".", 1)[1] for new in LEGACY}
    assert table["damas.lessons"]["questionario"] == "chapter_quiz"
    assert table["damas.history"]["le_eventos"] == "read_events"

"""damas.course.kit.progress, the file itself: where it lives and whose it is (in JupyterLite too),
a broken, deep, foreign or newer file refused and left alone, an older one migrated, the
permissions of a shared server.  (What it records: test_progress_sections.py; two notebooks at
once: test_progress_concurrency.py; the boards that save into it: test_saving.py.)"""

from __future__ import annotations
from repo_paths import REPO

import json
import os
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from damas.errors import DamasError
from damas.course.classroom.stars_table import class_table
from damas.course.kit import progress
from damas.course.kit.panel import summary
from damas.course.kit.progress import FORMAT, VERSION, Progress, ProgressError, progress_dir, read_class, student_name

ROOT = REPO


def test_where_it_lives(monkeypatch, tmp_path):
    monkeypatch.delenv("DAMAS_PROGRESSO", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    assert progress_dir() == tmp_path / "damas-progresso"
    monkeypatch.setenv("DAMAS_PROGRESSO", str(tmp_path / "outra"))
    assert progress_dir() == tmp_path / "outra"
    monkeypatch.delenv("DAMAS_ALUNO", raising=False)
    monkeypatch.setenv("JUPYTERHUB_USER", "ana.souza")
    assert student_name() == "ana.souza"
    monkeypatch.setenv("DAMAS_ALUNO", "Bruno")
    assert student_name() == "Bruno"
    p = Progress()
    assert p.path == tmp_path / "outra" / "Bruno.json" and p.student == "Bruno"


@pytest.mark.parametrize("name", ["", "../x", "a/b", "x" * 65, 3])
def test_bad_student_names_are_refused(tmp_path, name):
    with pytest.raises(ProgressError, match="Nome de aluno inválido"):
        Progress(name, folder=tmp_path)


GOOD = {"formato": FORMAT, "versao": 2, "aluno": "ana", "estrelas": {"tomada/a": 2}, "problemas": {"g": [1]}}

# Files that must be refused: not JSON, not UTF-8, foreign JSON, our format broken.
BROKEN = [
    b"", b"{", b"\xff\xfe\x00", b"[1, 2]", b'"texto"', b'{"a": 1}',
    json.dumps({**GOOD, "formato": "outro"}).encode(),
    json.dumps({**GOOD, "versao": 99}).encode(),
    json.dumps({**GOOD, "versao": "1"}).encode(),
    json.dumps({**GOOD, "aluno": "bruno"}).encode(),
    json.dumps({**GOOD, "estrelas": {"tomada/a": 7}}).encode(),
    json.dumps({**GOOD, "estrelas": {"tomada/a": True}}).encode(),
    json.dumps({**GOOD, "versao": 1, "estrelas": {"05/a": 4}}).encode(),     # an old file is checked too
    json.dumps({**GOOD, "versao": 4}).encode(),          # no versao_minima: it needs version 4
    json.dumps({**GOOD, "versao": 4, "versao_minima": 4}).encode(),
    json.dumps({**GOOD, "estrelas": [1]}).encode(),
    json.dumps({**GOOD, "problemas": {"g": [-1]}}).encode(),
    json.dumps({**GOOD, "problemas": {"g": "1"}}).encode(),
]


def _refused_and_unchanged(folder: Path, content: bytes):
    path = folder / "ana.json"
    path.write_bytes(content)
    with pytest.raises(ProgressError) as caught:
        Progress("ana", folder=folder)
    assert isinstance(caught.value, DamasError)
    message = str(caught.value)
    assert str(path) in message and "não foi alterado" in message
    assert path.read_bytes() == content
    assert not (folder / "ana.json.bak").exists()


@pytest.mark.parametrize("content", BROKEN, ids=range(len(BROKEN)))
def test_a_broken_file_is_refused_and_left_alone(tmp_path, content):
    _refused_and_unchanged(tmp_path, content)


def test_a_file_broken_while_open_is_not_overwritten(tmp_path):
    p = Progress("ana", folder=tmp_path)
    p.record_stars("03/a", 1)
    path = tmp_path / "ana.json"
    path.write_bytes(b"{ estragado")
    with pytest.raises(ProgressError, match="não pôde ser lido"):
        p.record_stars("03/b", 3)
    assert path.read_bytes() == b"{ estragado"


def test_the_good_file_is_accepted(tmp_path):
    (tmp_path / "ana.json").write_text(json.dumps(GOOD), encoding="utf-8")
    assert Progress("ana", folder=tmp_path).stars("tomada/a") == 2


def _mutations():
    """Any JSON value, or the good file with one field replaced by any JSON value."""
    values = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
                          lambda c: st.lists(c, max_size=3) | st.dictionaries(st.text(max_size=5), c, max_size=3),
                          max_leaves=8)
    field = st.sampled_from(sorted(GOOD))
    return st.one_of(values, st.tuples(field, values).map(lambda fv: {**GOOD, fv[0]: fv[1]}))


def _valid(data) -> bool:
    # What the format allows, written independently of damas.course.kit.progress.
    if not isinstance(data, dict) or data.get("formato") != FORMAT or data.get("aluno") != "ana":
        return False
    if type(data.get("versao")) is not int or not 1 <= data["versao"] <= VERSION:
        return False
    stars, solved = data.get("estrelas", {}), data.get("problemas", {})
    return (isinstance(stars, dict) and all(k and type(v) is int and 0 <= v <= 3 for k, v in stars.items())
            and isinstance(solved, dict)
            and all(k and isinstance(v, list) and all(type(i) is int and i >= 0 for i in v)
                    for k, v in solved.items()))


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=_mutations())
def test_property_any_invalid_file_is_refused_unchanged(tmp_path_factory, data):
    folder = tmp_path_factory.mktemp("p")
    content = json.dumps(data).encode("utf-8")
    if _valid(data):
        (folder / "ana.json").write_bytes(content)
        Progress("ana", folder=folder)           # accepted, and reading changes nothing
        assert (folder / "ana.json").read_bytes() == content
    else:
        _refused_and_unchanged(folder, content)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(content=st.binary(max_size=40))
def test_property_random_bytes_are_refused_unchanged(tmp_path_factory, content):
    try:
        data = json.loads(content.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        data = None
    if data is not None and _valid(data):
        return
    _refused_and_unchanged(tmp_path_factory.mktemp("b"), content)


# -- the renumbering of the chapters (issue 10): version-1 files keep every star -------------------
OLD = {"formato": FORMAT, "versao": 1, "aluno": "ana",
       "estrelas": {"05/maximo-1": 3, "05/quiz": 2, "12/quiz": 1, "06/ex3": 3, "07/ex4": 2, "06/quiz": 1,
                    "01/ex1": 3, "coisa-sem-capitulo": 2},
       "problemas": {"05/treino/lei-da-maioria": [0, 2], "golpes": [4]}}


def test_an_old_file_shows_its_stars_under_the_new_chapters(tmp_path):
    path = tmp_path / "ana.json"
    content = json.dumps(OLD).encode("utf-8")
    path.write_bytes(content)
    p = Progress("ana", folder=tmp_path)
    # Old chapter 05 (lei da maioria) is chapter 04 now; its stars are found under its name.
    assert p.stars("lei-da-maioria/maximo-1") == 3 and p.stars("lei-da-maioria/quiz") == 2
    assert p.stars("jogar/quiz") == 1                      # old 12, now 05
    assert p.stars("arbitragem/ex1") == 3 and p.stars("arbitragem/ex2") == 2   # moved by the split
    assert p.stars("irregularidades/quiz") == 1 and p.stars("historia/ex1") == 3
    assert p.stars("coisa-sem-capitulo") == 2              # not of the old form: kept as it is
    assert p.solved("lei-da-maioria/treino/lei-da-maioria") == {0, 2} and p.solved("golpes") == {4}
    assert p.total_stars() == sum(OLD["estrelas"].values())   # nothing lost
    assert path.read_bytes() == content                    # reading changes nothing
    header, rows = class_table(read_class(tmp_path)[0])
    assert header[1:4] == ["cap. 04", "cap. 05", "cap. 12"] and rows[0][1:4] == [5, 1, 1]
    assert "História" in header and "outros" in header


def test_an_old_file_is_rewritten_as_version_3_at_the_next_save(tmp_path):
    path = tmp_path / "ana.json"
    content = json.dumps(OLD).encode("utf-8")
    path.write_bytes(content)
    p = Progress("ana", folder=tmp_path)
    p.record_stars("lei-da-maioria/maximo-1", 1)           # worse than before: the 3 stay
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["versao"] == VERSION == 3
    assert saved["estrelas"]["lei-da-maioria/maximo-1"] == 3 and "05/maximo-1" not in saved["estrelas"]
    assert sum(saved["estrelas"].values()) == sum(OLD["estrelas"].values())
    assert (tmp_path / "ana.json.bak").read_bytes() == content   # the old file is kept beside it ...
    p.record_stars("tomada/todas-1", 2)                      # ... and after the next save too
    assert (tmp_path / "ana.json.v1").read_bytes() == content
    assert [s["aluno"] for s in read_class(tmp_path)[0]] == ["ana"]   # the teacher sees one ana
    again = Progress("ana", folder=tmp_path)                 # a version-2 file is not translated again
    assert again.all_stars == {**saved["estrelas"], "tomada/todas-1": 2}


def test_old_keys_that_meet_keep_the_best(tmp_path):
    # "06/ex3" moved to the arbiter's chapter; an old file cannot hold both names, but the
    # translation must still merge and never drop.
    (tmp_path / "ana.json").write_text(json.dumps(
        {**OLD, "estrelas": {"06/ex3": 1, "arbitragem/ex1": 3}, "problemas": {"05/t": [1], "lei-da-maioria/t": [2]}}),
        encoding="utf-8")
    p = Progress("ana", folder=tmp_path)
    assert p.all_stars == {"arbitragem/ex1": 3} and p.solved("lei-da-maioria/t") == {1, 2}


def test_a_version_2_key_with_a_number_is_not_translated(tmp_path):
    # Only version-1 files speak of numbers: "05/x" in a version-2 file is a name like any other.
    (tmp_path / "ana.json").write_text(json.dumps({**GOOD, "estrelas": {"05/x": 2}}), encoding="utf-8")
    assert Progress("ana", folder=tmp_path).all_stars == {"05/x": 2}


def test_the_course_table_translates_every_old_number():
    from damas.course.kit.chapter_list import CHAPTERS, EXTRAS, OLD_NUMBERS, migrate_key
    names = {c[0] for c in CHAPTERS} | {e[0] for e in EXTRAS}
    assert sorted(OLD_NUMBERS) == [f"{n:02d}" for n in range(16)]
    assert set(OLD_NUMBERS.values()) <= names and len(set(OLD_NUMBERS.values())) == 16
    assert migrate_key("03/dama-1") == "movimento/dama-1" and migrate_key("tomada/x") == "tomada/x"


# -- files that are deep, odd or shared (issue 27, items 2 and 7) -------------------------------------
DEEP = [b"[" * 100_000 + b"]" * 100_000,
        b'{"formato": "damas-progresso", "versao": 2, "aluno": "ana", "estrelas": '
        + b'{"a": ' * 50_000 + b"1" + b"}" * 50_001]


@pytest.mark.parametrize("content", DEEP, ids=["list", "object"])
def test_a_deeply_nested_file_is_refused_in_portuguese_and_left_alone(tmp_path, content):
    path = tmp_path / "ana.json"
    path.write_bytes(content)
    with pytest.raises(ProgressError, match="não pôde ser lido") as caught:
        Progress("ana", folder=tmp_path)
    assert "não foi alterado" in str(caught.value)
    assert path.read_bytes() == content and not (tmp_path / "ana.json.bak").exists()


def test_names_that_differ_only_by_space_and_underscore_get_their_own_files(tmp_path):
    Progress("ana maria", folder=tmp_path).record_stars("tomada/a", 3)
    Progress("ana_maria", folder=tmp_path).record_stars("tomada/b", 1)
    assert Progress("ana maria", folder=tmp_path).all_stars == {"tomada/a": 3}
    assert Progress("ana_maria", folder=tmp_path).all_stars == {"tomada/b": 1}
    students, problems = read_class(tmp_path)
    assert [s["aluno"] for s in students] == ["ana maria", "ana_maria"] and problems == []


def test_a_file_saved_under_the_old_name_is_still_the_students(tmp_path):
    """Version 0.2 kept «ana maria» in ana_maria.json: it is found, and renamed at once."""
    old = {"formato": FORMAT, "versao": 2, "aluno": "ana maria", "estrelas": {"tomada/a": 2}, "problemas": {}}
    (tmp_path / "ana_maria.json").write_text(json.dumps(old), encoding="utf-8")
    p = Progress("ana maria", folder=tmp_path)
    assert p.stars("tomada/a") == 2
    p.record_stars("tomada/b", 1)
    students, _ = read_class(tmp_path)
    assert [(s["aluno"], s["estrelas"]) for s in students] == [("ana maria", {"tomada/a": 2, "tomada/b": 1})]
    # and the other student of that file name is not taken for her
    other = {**old, "aluno": "ana_maria"}
    (tmp_path / "ana_maria.json").write_text(json.dumps(other), encoding="utf-8")
    assert Progress("ana maria", folder=tmp_path).all_stars == {"tomada/a": 2, "tomada/b": 1}
    assert Progress("ana_maria", folder=tmp_path).all_stars == {"tomada/a": 2}


@pytest.mark.skipif(os.name != "posix", reason="permissions of POSIX")
@pytest.mark.parametrize("umask, mode", [(0o022, 0o644), (0o027, 0o640), (0o077, 0o600)])
def test_new_files_get_the_permissions_of_the_umask(tmp_path, umask, mode):
    old = os.umask(umask)
    try:
        p = Progress("ana", folder=tmp_path)
        p.record_stars("tomada/a", 1)
        p.record_stars("tomada/a", 2)
    finally:
        os.umask(old)
    assert (tmp_path / "ana.json").stat().st_mode & 0o777 == mode
    assert (tmp_path / "ana.json.bak").stat().st_mode & 0o777 == mode


def test_a_file_with_a_utf8_byte_order_mark_is_read(tmp_path):
    good = {"formato": FORMAT, "versao": 2, "aluno": "ana", "estrelas": {"tomada/a": 2}, "problemas": {}}
    (tmp_path / "ana.json").write_bytes(b"\xef\xbb\xbf" + json.dumps(good).encode("utf-8"))
    p = Progress("ana", folder=tmp_path)
    assert p.stars("tomada/a") == 2
    p.record_stars("tomada/b", 3)
    assert Progress("ana", folder=tmp_path).all_stars == {"tomada/a": 2, "tomada/b": 3}
    assert read_class(tmp_path)[0][0]["estrelas"] == {"tomada/a": 2, "tomada/b": 3}


def test_in_the_browser_the_progress_folder_is_on_the_sites_drive(tmp_path, monkeypatch):
    """Pyodide's home folder lives in memory and is gone at the next page load; JupyterLite's
    drive (``/drive``, the files the student sees) is kept in the browser's storage."""
    import sys
    from damas.course.kit import progress as progress_module
    drive = tmp_path / "drive"
    drive.mkdir()
    monkeypatch.delenv("DAMAS_PROGRESSO", raising=False)
    monkeypatch.setattr(progress_module, "LITE_DRIVE", drive)
    monkeypatch.setattr(sys, "platform", "emscripten")
    assert progress_module.progress_dir() == drive / "damas-progresso"
    monkeypatch.setenv("DAMAS_PROGRESSO", str(tmp_path / "outra"))
    assert progress_module.progress_dir() == tmp_path / "outra"          # the variable still wins
    monkeypatch.delenv("DAMAS_PROGRESSO")
    monkeypatch.setattr(sys, "platform", "linux")
    assert progress_module.progress_dir() == progress_module.Path.home() / "damas-progresso"


# -- JupyterLite: the login name is Emscripten's «web_user», the student is «aluno» ------------------
@pytest.fixture
def lite(monkeypatch):
    monkeypatch.delenv("DAMAS_ALUNO", raising=False)
    monkeypatch.delenv("JUPYTERHUB_USER", raising=False)
    monkeypatch.setattr(progress.getpass, "getuser", lambda: "web_user")
    monkeypatch.setattr(sys, "platform", "emscripten")


def test_in_the_browser_the_student_is_aluno(lite):
    assert progress.student_name() == "aluno"


def test_outside_the_browser_the_login_name_is_kept(monkeypatch):
    monkeypatch.delenv("DAMAS_ALUNO", raising=False)
    monkeypatch.delenv("JUPYTERHUB_USER", raising=False)
    monkeypatch.setattr(progress.getpass, "getuser", lambda: "ana")
    assert progress.student_name() == "ana"


def test_a_name_given_wins_in_the_browser_too(lite, monkeypatch):
    monkeypatch.setenv("DAMAS_ALUNO", "bia")
    assert progress.student_name() == "bia"


def _web_user_file(folder, **extra):
    data = {"formato": "damas-progresso", "versao": 2, "aluno": "web_user",
            "estrelas": {"movimento/1": 3}, "problemas": {"problemas/abc": [0]}, **extra}
    (folder / "web_user.json").write_text(json.dumps(data), encoding="utf-8")
    return (folder / "web_user.json").read_bytes()


def test_what_web_user_saved_becomes_the_students_once(lite, tmp_path):
    old = _web_user_file(tmp_path, tentativas_por_problema={"problemas/abc": 2})
    p = Progress(folder=tmp_path)
    assert p.student == "aluno" and p.stars("movimento/1") == 3 and p.solved("problemas/abc") == {0}
    assert p.tries("problemas/abc") == 2
    assert "web_user" not in summary(p) and p.where().endswith("aluno.json.")
    assert (tmp_path / "web_user.json").read_bytes() == old            # left as it was
    p.record_stars("movimento/2", 1)
    # once: a later change to the old file is not taken again
    _web_user_file(tmp_path, estrelas={"movimento/9": 3})
    again = Progress(folder=tmp_path)
    assert again.stars("movimento/9") == 0 and again.stars("movimento/2") == 1


def test_a_broken_web_user_file_is_left_alone_and_the_student_starts_afresh(lite, tmp_path):
    (tmp_path / "web_user.json").write_text("{quebrado", encoding="utf-8")
    p = Progress(folder=tmp_path)
    assert p.all_stars == {} and (tmp_path / "web_user.json").read_text(encoding="utf-8") == "{quebrado"


def test_outside_the_browser_web_user_json_is_not_adopted(tmp_path):
    _web_user_file(tmp_path)
    assert Progress("aluno", folder=tmp_path).all_stars == {}

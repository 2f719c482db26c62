"""damas.course.kit.progress: a student's stars and solved problems, saved in their folder."""

from __future__ import annotations
from repo_paths import REPO

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from damas.errors import DamasError
from damas.course.kit.panel import summary
from damas.course.kit.progress import FORMAT, VERSION, Progress, ProgressError, progress_dir, read_class, student_name
from damas.course.classroom.stars_table import class_table

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


def test_stars_are_saved_and_come_back(tmp_path):
    p = Progress("ana", folder=tmp_path)
    assert p.stars("04/todas-1") == 0 and not (tmp_path / "ana.json").exists()
    assert p.record_stars("04/todas-1", 2) == 2
    assert p.record_stars("04/todas-1", 1) == 2          # the best is kept
    assert p.record_stars("04/todas-1", 3) == 3
    p.record_solved("golpes", 4)
    p.record_solved("golpes", 1)
    # A new object (a restarted kernel) reads the same.
    q = Progress("ana", folder=tmp_path)
    assert q.stars("04/todas-1") == 3 and q.solved("golpes") == {1, 4}
    data = json.loads((tmp_path / "ana.json").read_text(encoding="utf-8"))
    assert data["formato"] == FORMAT and data["versao"] == VERSION and data["aluno"] == "ana"
    assert "3 estrelas em 1 tarefa; 2 problemas resolvidos" in summary(q)
    # The previous version is kept as a backup.
    backup = json.loads((tmp_path / "ana.json.bak").read_text(encoding="utf-8"))
    assert backup["problemas"] == {"golpes": [4]}


def test_two_notebooks_at_once_lose_nothing(tmp_path):
    a = Progress("ana", folder=tmp_path)
    b = Progress("ana", folder=tmp_path)
    a.record_stars("03/dama-1", 3)
    b.record_stars("04/todas-1", 1)         # b never saw a's stars: the save merges
    c = Progress("ana", folder=tmp_path)
    assert c.all_stars == {"03/dama-1": 3, "04/todas-1": 1}


@pytest.mark.parametrize("value", [-1, 4, 2.5, True, "3", None])
def test_bad_stars_are_refused(tmp_path, value):
    p = Progress("ana", folder=tmp_path)
    with pytest.raises(ProgressError, match="estrelas inválido"):
        p.record_stars("03/x", value)
    assert not (tmp_path / "ana.json").exists()


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
    json.dumps({**GOOD, "versao": 3}).encode(),
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


def test_the_class_for_the_teacher(tmp_path):
    Progress("ana", folder=tmp_path).record_stars("tomada/todas-1", 3)
    b = Progress("bruno", folder=tmp_path)
    b.record_stars("movimento/dama-1", 2)
    b.record_solved("jogar/ex1", 0)          # a problem of the course: counted
    b.record_solved("minha-colecao", 4)      # not one of the course's: no column of its own
    (tmp_path / "estragado.json").write_text("{", encoding="utf-8")
    students, problems = read_class(tmp_path)
    assert [s["aluno"] for s in students] == ["ana", "bruno"]
    assert len(problems) == 1 and "estragado.json" in problems[0]
    header, rows = class_table(students)
    assert header == ["aluno", "cap. 02", "cap. 03", "cap. 05", "estrelas", "problemas"]
    assert rows == [["ana", 0, 3, 0, 3, 0], ["bruno", 2, 0, 0, 2, 1]]   # the problem starts chapter 05


@pytest.mark.slow
def test_turma_command(tmp_path):
    Progress("ana", folder=tmp_path).record_stars("tomada/todas-1", 3)
    (tmp_path / "x.json").write_text("[]", encoding="utf-8")
    plot = tmp_path / "grafico.png"
    run = subprocess.run([sys.executable, "-m", "damas", "turma", str(tmp_path), "--grafico", str(plot)],
                         capture_output=True, text=True, cwd=ROOT,
                         env={**__import__("os").environ, "PYTHONPATH": str(ROOT)})
    assert run.returncode == 0, run.stderr
    assert "ana" in run.stdout and "cap. 03" in run.stdout
    assert "Arquivo ignorado" in run.stderr and "x.json" in run.stderr
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    missing = subprocess.run([sys.executable, "-m", "damas", "turma", str(tmp_path / "nao-existe")],
                             capture_output=True, text=True, cwd=ROOT,
                             env={**__import__("os").environ, "PYTHONPATH": str(ROOT)})
    assert missing.returncode == 2 and "não existe" in missing.stderr


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


def test_an_old_file_is_rewritten_as_version_2_at_the_next_save(tmp_path):
    path = tmp_path / "ana.json"
    content = json.dumps(OLD).encode("utf-8")
    path.write_bytes(content)
    p = Progress("ana", folder=tmp_path)
    p.record_stars("lei-da-maioria/maximo-1", 1)           # worse than before: the 3 stay
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["versao"] == VERSION == 2
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

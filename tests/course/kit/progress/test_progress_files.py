"""damas.course.kit.progress and the teacher's `turma`: files that are deep, odd or shared (issue 27, items 2
and 7)."""

from __future__ import annotations

import json
import os

import pytest

from damas.course.classroom.turma import run_turma
from damas.course.kit.progress import FORMAT, Progress, ProgressError, read_class

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


def test_turma_reports_the_deep_file_and_goes_on_with_the_class(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr("damas.course.classroom.turma.class_plot", lambda header, rows, path: None)
    Progress("ana", folder=tmp_path).record_stars("tomada/todas-1", 3)
    (tmp_path / "bruno.json").write_bytes(DEEP[0])
    assert run_turma(str(tmp_path)) == 0
    out, err = capsys.readouterr()
    assert "ana" in out and "bruno.json" in err and "Arquivo ignorado" in err
    assert "Traceback" not in err
    assert (tmp_path / "bruno.json").read_bytes() == DEEP[0]


# -- issue 27, item 7 ----------------------------------------------------------------------------------
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


# -- issue 29, item 6: in JupyterLite the stars are kept where the browser keeps files ---------------
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

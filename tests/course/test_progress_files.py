"""damas.course.progress and the teacher's `turma`: files that are deep, odd or shared (issue 27, items 2
and 7)."""

from __future__ import annotations

import json
import os

import pytest

from damas.course.classroom import run_turma
from damas.course.progress import FORMAT, Progress, ProgressError, read_class

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
    monkeypatch.setattr("damas.course.classroom.class_plot", lambda header, rows, path: None)
    Progress("ana", folder=tmp_path).record_stars("tomada/todas-1", 3)
    (tmp_path / "bruno.json").write_bytes(DEEP[0])
    assert run_turma(str(tmp_path)) == 0
    out, err = capsys.readouterr()
    assert "ana" in out and "bruno.json" in err and "Arquivo ignorado" in err
    assert "Traceback" not in err
    assert (tmp_path / "bruno.json").read_bytes() == DEEP[0]

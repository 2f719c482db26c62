"""In JupyterLite the login name is Emscripten's «web_user»: the student is «aluno», and what an
earlier version saved under «web_user» becomes theirs (the panel never shows «web_user»)."""

from __future__ import annotations

import json
import sys

import pytest

from damas.course.kit import progress
from damas.course.kit.panel import summary
from damas.course.kit.progress import Progress


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

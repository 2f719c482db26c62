"""Messages that save work, names that can always be written (issue 44, items 2 and 4).

A message about a damaged or unreadable progress file says where the backup is and how to put it
back, with the exact file names, and never advises deleting; the system's errors are told in
Portuguese.  A hand-edited file with an escaped lone surrogate is saved like any other; a name
typed with a combining accent is the same student as the composed one."""

from __future__ import annotations

import errno
import json
import os
import re
import unicodedata

import pytest

from damas.course.kit.progress import Progress, ProgressError, read_class

ENGLISH_OS = re.compile(r"No space|Permission denied|Read-only|No such file|Too many|Is a directory|"
                        r"Errno|Input/output|symbolic links", re.IGNORECASE)
DELETE = re.compile(r"\b(apague|apagar|delete|exclua|excluir|remova|remover)\b", re.IGNORECASE)


def _saved_twice(folder):
    p = Progress("ana", folder=folder)
    p.record_stars("tomada/a", 2)
    p.record_stars("tomada/b", 3)        # ana.json.bak now holds the first save
    return folder / "ana.json"


def test_a_corrupt_file_says_where_the_backup_is_and_how_to_put_it_back(tmp_path):
    path = _saved_twice(tmp_path)
    path.write_bytes(b'{"formato": "damas-progresso", "ve')          # cut by a crash of the editor
    with pytest.raises(ProgressError) as caught:
        Progress("ana", folder=tmp_path)
    message = str(caught.value)
    assert str(tmp_path / "ana.json.bak") in message
    assert "renomeie ana.json para ana.json.danificado" in message
    assert "ana.json.bak para ana.json" in message
    assert not DELETE.search(message), message
    # following the advice gives the work back
    os.rename(path, tmp_path / "ana.json.danificado")
    os.rename(tmp_path / "ana.json.bak", path)
    assert Progress("ana", folder=tmp_path).stars("tomada/a") == 2


def test_a_damaged_section_says_where_the_backup_is(tmp_path):
    path = _saved_twice(tmp_path)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["estrelas"]["tomada/a"] = 9
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ProgressError) as caught:
        Progress("ana", folder=tmp_path)
    assert "ana.json.bak" in str(caught.value) and not DELETE.search(str(caught.value))


def test_without_a_backup_the_message_says_so_and_still_advises_no_deleting(tmp_path):
    (tmp_path / "ana.json").write_bytes(b"\x00\x01")
    with pytest.raises(ProgressError) as caught:
        Progress("ana", folder=tmp_path)
    message = str(caught.value)
    assert "Não há cópia anterior (ana.json.bak não existe)" in message
    assert "ana.json.danificado" in message and not DELETE.search(message)


def test_a_backup_that_cannot_be_read_either_is_named_and_kept(tmp_path):
    path = _saved_twice(tmp_path)
    path.write_bytes(b"{")
    (tmp_path / "ana.json.bak").write_bytes(b"[")
    with pytest.raises(ProgressError) as caught:
        Progress("ana", folder=tmp_path)
    message = str(caught.value)
    assert "também não pode ser lida" in message and str(tmp_path / "ana.json.bak") in message
    assert not DELETE.search(message)


def test_the_teachers_table_gives_the_same_advice(tmp_path):
    path = _saved_twice(tmp_path)
    path.write_bytes(b"{")
    students, problems = read_class(tmp_path)
    assert students == [] and len(problems) == 1
    assert "ana.json.bak para ana.json" in problems[0] and not DELETE.search(problems[0])


@pytest.mark.parametrize("code", [errno.ENOSPC, errno.EACCES, errno.EROFS, errno.EIO, errno.EDQUOT, errno.ELOOP])
def test_the_systems_errors_are_told_in_portuguese(tmp_path, monkeypatch, code):
    p = Progress("ana", folder=tmp_path)

    def fail(*args, **kwargs):
        raise OSError(code, os.strerror(code))

    monkeypatch.setattr(os, "replace", fail)
    with pytest.raises(ProgressError) as caught:
        p.record_stars("tomada/a", 1)
    message = str(caught.value)
    assert not ENGLISH_OS.search(message), message
    assert os.strerror(code) not in message


def test_a_lock_that_is_a_link_is_told_in_portuguese(tmp_path):
    pytest.importorskip("filelock")
    (tmp_path / "alvo").write_text("x", encoding="utf-8")
    os.symlink(tmp_path / "alvo", tmp_path / "ana.json.lock")
    with pytest.raises(ProgressError) as caught:
        Progress("ana", folder=tmp_path).record_stars("tomada/a", 1)
    assert not ENGLISH_OS.search(str(caught.value)), str(caught.value)
    assert (tmp_path / "alvo").read_text(encoding="utf-8") == "x"


# -- a name that cannot be written ------------------------------------------------------------------
@pytest.mark.parametrize("where", ["estrelas", "problemas", "futuro", "tentativas_por_problema"])
def test_an_escaped_lone_surrogate_does_not_stop_the_saves(tmp_path, where):
    """json reads "\\ud800" as a lone surrogate, which UTF-8 cannot write: every later save failed
    with Python's UnicodeEncodeError, and nothing more was saved."""
    path = tmp_path / "ana.json"
    value = {"estrelas": '{"x\\ud800": 1}', "problemas": '{"x\\ud800": [1]}', "futuro": '"\\udc80"',
             "tentativas_por_problema": '{"x\\ud800": 2}'}[where]
    path.write_text('{"formato": "damas-progresso", "versao": 2, "aluno": "ana", "estrelas": {}, '
                    f'"problemas": {{}}, "{where}": {value}}}', encoding="utf-8")
    before = json.loads(path.read_text(encoding="utf-8"))[where]
    p = Progress("ana", folder=tmp_path)
    p.record_stars("tomada/a", 2)
    p.record_stars("tomada/b", 1)
    again = Progress("ana", folder=tmp_path)
    assert again.stars("tomada/a") == 2 and again.stars("tomada/b") == 1
    saved = json.loads(path.read_text(encoding="utf-8"))[where]
    if where == "estrelas":
        saved = {k: v for k, v in saved.items() if not k.startswith("tomada/")}
    assert saved == before                       # kept, as it was read


# -- names with combining accents ---------------------------------------------------------------------
def test_a_name_with_a_combining_accent_is_the_same_student(tmp_path):
    composed, decomposed = "José", unicodedata.normalize("NFD", "José")
    assert composed != decomposed
    Progress(decomposed, folder=tmp_path).record_stars("tomada/a", 2)
    Progress(composed, folder=tmp_path).record_stars("tomada/b", 1)
    assert Progress(decomposed, folder=tmp_path).all_stars == {"tomada/a": 2, "tomada/b": 1}
    students, problems = read_class(tmp_path)
    assert [s["aluno"] for s in students] == [composed] and problems == []


def test_a_file_saved_under_the_decomposed_name_is_taken_over(tmp_path):
    decomposed = unicodedata.normalize("NFD", "José")
    data = {"formato": "damas-progresso", "versao": 2, "aluno": decomposed, "estrelas": {"tomada/a": 3},
            "problemas": {}}
    (tmp_path / f"{decomposed}.json").write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    p = Progress("José", folder=tmp_path)
    assert p.stars("tomada/a") == 3
    p.record_stars("tomada/b", 1)
    students, _ = read_class(tmp_path)
    assert [(s["aluno"], s["estrelas"]) for s in students] == [("José", {"tomada/a": 3, "tomada/b": 1})]


def test_two_files_of_one_student_are_one_row_for_the_teacher(tmp_path):
    decomposed = unicodedata.normalize("NFD", "José")
    for name, stars in ((decomposed, {"tomada/a": 3}), ("José", {"tomada/b": 1, "tomada/a": 1})):
        data = {"formato": "damas-progresso", "versao": 2, "aluno": name, "estrelas": stars, "problemas": {}}
        (tmp_path / f"{name}.json").write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    students, problems = read_class(tmp_path)
    assert [(s["aluno"], s["estrelas"]) for s in students] == [("José", {"tomada/a": 3, "tomada/b": 1})]


@pytest.mark.parametrize("name", ["ana\x1b[2J", "ana\nbia", "\u202eana", "ana\ud800"])
def test_a_refused_name_is_shown_literally(tmp_path, name):
    with pytest.raises(ProgressError) as caught:
        Progress(name, folder=tmp_path)
    message = str(caught.value)
    assert not any(ch in message for ch in "\x1b\n\u202e\ud800")
    message.encode("utf-8")                      # printable anywhere

"""Stars a teacher can collect (issue 45, item 6): chapter 00's panel says where the stars live
and has «Baixar meu progresso» and «Carregar progresso».

* the download is the student's progress file under the name the student writes (the file and
  the name inside it), which ``turma`` reads with the others;
* the upload is checked as any progress file and merged into the student's own with the kit's
  merge (the most stars of each task, every problem): nothing of either is lost;
* a file that cannot be used (not JSON, another format, a newer course, values out of range)
  changes nothing and gets one Portuguese sentence;
* in JupyterLite the panel says the stars are in this browser.

The buttons in a real browser (a download saved, a file chosen): tests/browser/test_lite_stars.py.
"""

from __future__ import annotations

import json

import pytest

from damas.course.kit import lite, panel
from damas.course.kit.progress import Progress, ProgressError
from damas.course.kit.store import _reset_progress_cache


def test_the_download_is_the_progress_file_under_the_name_written(store):
    Progress("teste", folder=store).record_stars("tomada/todas-1", 3)
    Progress("teste", folder=store).record_solved("golpes/treino/golpes", 2)
    name, content = panel.download_progress("Ana Maria")
    assert name == "Ana Maria.json"
    data = json.loads(content)
    assert data["aluno"] == "Ana Maria" and data["formato"] == "damas-progresso"
    assert data["estrelas"] == {"tomada/todas-1": 3} and data["problemas"] == {"golpes/treino/golpes": [2]}
    # it is a progress file like any other: the teacher's folder reads it
    folder = store / "turma"
    folder.mkdir()
    (folder / name).write_bytes(content)
    assert Progress("Ana Maria", folder=folder).all_stars == {"tomada/todas-1": 3}


@pytest.mark.parametrize("name", ["", "   ", "../ana", "a/b", "x" * 200])
def test_no_download_without_a_good_name(store, name):
    with pytest.raises(ProgressError) as error:
        panel.download_progress(name)
    assert "nome" in str(error.value).lower()


def test_the_teacher_reads_the_downloaded_files_with_turma(store, monkeypatch, capsys):
    from damas.course.classroom.turma import run_turma
    monkeypatch.setattr("damas.course.classroom.turma.class_plot", lambda header, rows, path: None)
    folder = store / "turma"
    folder.mkdir()
    for student, stars in (("ana", 3), ("bia", 2)):
        Progress("teste", folder=store).record_stars("tomada/todas-1", stars)
        name, content = panel.download_progress(student)
        (folder / name).write_bytes(content)
        (store / "teste.json").unlink()
    assert run_turma(str(folder)) == 0
    out, err = capsys.readouterr()
    assert "ana" in out and "bia" in out and not err


def test_the_upload_merges_with_what_the_student_has(store):
    Progress("teste", folder=store).record_stars("tomada/todas-1", 1)
    Progress("teste", folder=store).record_stars("movimento/pedra-1", 2)
    other = {"formato": "damas-progresso", "versao": 2, "aluno": "ana",
             "estrelas": {"tomada/todas-1": 3, "lei-da-maioria/maximo-1": 2, "movimento/pedra-1": 1},
             "problemas": {"golpes/treino/golpes": [0, 4]}}
    message = panel.upload_progress("ana.json", json.dumps(other).encode())
    assert message.startswith("Progresso carregado de ana.json")
    mine = Progress("teste", folder=store)
    assert mine.all_stars == {"tomada/todas-1": 3, "lei-da-maioria/maximo-1": 2, "movimento/pedra-1": 2}
    assert mine.solved("golpes/treino/golpes") == {0, 4}
    assert json.loads((store / "teste.json").read_text())["aluno"] == "teste"
    assert not (store / "ana.json").exists()
    # loading the same file again changes nothing
    before = (store / "teste.json").read_bytes()
    panel.upload_progress("ana.json", json.dumps(other).encode())
    assert json.loads((store / "teste.json").read_bytes()) == json.loads(before)


def test_a_downloaded_file_brings_the_stars_back_to_an_empty_browser(store):
    Progress("teste", folder=store).record_stars("tomada/todas-1", 3)
    name, content = panel.download_progress("ana")
    for path in store.iterdir():
        path.unlink()                                   # the browser's data cleared
    _reset_progress_cache()
    assert Progress("teste", folder=store).all_stars == {}
    panel.upload_progress(name, content)
    assert Progress("teste", folder=store).all_stars == {"tomada/todas-1": 3}


BAD = {
    "not JSON": b"\x89PNG\r\n",
    "not an object": b"[1, 2]",
    "another format": json.dumps({"formato": "outra-coisa", "versao": 1, "aluno": "x"}).encode(),
    "a newer course": json.dumps({"formato": "damas-progresso", "versao": 99, "versao_minima": 99,
                                  "aluno": "x"}).encode(),
    "stars out of range": json.dumps({"formato": "damas-progresso", "versao": 2, "aluno": "x",
                                      "estrelas": {"tomada/todas-1": 7}}).encode(),
}


@pytest.mark.parametrize("kind", sorted(BAD))
def test_a_file_that_cannot_be_used_changes_nothing(store, kind):
    Progress("teste", folder=store).record_stars("tomada/todas-1", 2)
    before = (store / "teste.json").read_bytes()
    with pytest.raises(ProgressError) as error:
        panel.upload_progress("arquivo.json", BAD[kind])
    message = str(error.value)
    assert message.startswith("Nada foi carregado.") and message.endswith("Seu progresso continua como estava.")
    assert "arquivo.json" in message and "Traceback" not in message and "DAMAS_PROGRESSO" not in message
    assert (store / "teste.json").read_bytes() == before


def test_bad_arguments_are_refused_in_portuguese(store):
    from damas.errors import DamasError
    for call in (lambda: panel.download_progress(3), lambda: panel.upload_progress("a.json", "texto"),
                 lambda: panel.upload_progress(None, b"{}")):
        with pytest.raises(DamasError):
            call()


def test_the_panel_says_where_the_stars_live(store, monkeypatch):
    html = panel.progress_panel()._repr_html_()
    assert "Seu progresso fica em" in html and "teste.json" in html
    monkeypatch.setattr(lite, "storage", lambda: "drive")
    html = panel.progress_panel()._repr_html_()
    assert "Suas estrelas ficam guardadas neste navegador, no arquivo teste.json" in html
    assert "Baixar meu progresso" in html
    monkeypatch.setattr(lite, "storage", lambda: "memory")
    assert lite.TEXTS["not_kept"] in panel.progress_panel()._repr_html_()


def test_the_live_panel_has_both_buttons_and_shows_a_loaded_file(store):
    live = panel.progress_panel().buttons()
    table, files = live.children
    assert files.labels["download"] == "Baixar meu progresso" and files.labels["upload"] == "Carregar progresso"
    assert files.name == "teste"                     # the student's name, off the browser
    sent = []
    files.send = lambda content, buffers=None: sent.append(content)
    Progress("teste", folder=store).record_stars("tomada/todas-1", 3)
    files.handle_message({"type": "download", "name": "ana"})
    assert sent and sent[0]["type"] == "file" and sent[0]["file_name"] == "ana.json"
    assert json.loads(sent[0]["text"])["aluno"] == "ana"
    other = {"formato": "damas-progresso", "versao": 2, "aluno": "ana", "estrelas": {"movimento/pedra-1": 3}}
    files.handle_message({"type": "upload", "file_name": "ana.json"}, [json.dumps(other).encode()])
    assert files.kind == "success" and "02 — Movimento" in table.value
    files.handle_message({"type": "upload", "file_name": "x.json"}, [b"nada"])
    assert files.kind == "error" and files.message.startswith("Nada foi carregado.")
    files.handle_message({"type": "upload", "file_name": "x.json"}, [b"{" * (files.max_bytes + 1)])
    assert files.kind == "error" and "grande demais" in files.message
    files.handle_message({"type": "download", "name": ""})
    assert files.kind == "error" and "Escreva seu nome" in files.message

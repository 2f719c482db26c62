"""The outputs stored in the chapters name no login of the machine that ran them: the progress
panel of chapter 00 reads «aluno», the name a student without another has (and the only one in
JupyterLite), with the file in the student's home."""

from __future__ import annotations

import json

from repo_paths import NOTEBOOKS


def _stored_text(name):
    cells = json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))["cells"]
    return json.dumps([c.get("outputs", []) for c in cells if c["cell_type"] == "code"], ensure_ascii=False)


def test_the_stored_progress_panel_names_the_default_student():
    text = _stored_text("00_Comece_aqui.ipynb")
    assert "Seu progresso: aluno<" in text, "o painel guardado do capítulo 00 deve dizer «Seu progresso: aluno»"
    assert "~/damas-progresso/aluno.json" in text


def test_no_stored_output_shows_a_login_name():
    for path in sorted(NOTEBOOKS.glob("*.ipynb")):
        text = _stored_text(path.name)
        for login in ("root", "web_user", "jovyan", "runner"):
            assert f"Seu progresso: {login}" not in text and f"{login}.json" not in text, (path.name, login)

"""The school server's JupyterHub configuration (docs/jupyterhub_config.py): it loads, and its hook
copies the course into a student's home once, owned by the student, with the chapters trusted."""

from __future__ import annotations

import os
import re
import types
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CONFIG = ROOT / "docs" / "jupyterhub_config.py"


def _load(monkeypatch):
    from traitlets.config import Config
    monkeypatch.setenv("DAMAS_CURSO", str(ROOT))
    config = Config()
    namespace = {"get_config": lambda: config, "__file__": str(CONFIG)}
    exec(compile(CONFIG.read_text(encoding="utf-8"), str(CONFIG), "exec"), namespace)
    return config, namespace


def test_the_config_loads_and_names_a_local_spawner_and_the_course(monkeypatch):
    config, _ = _load(monkeypatch)
    assert callable(config.Spawner.pre_spawn_hook)
    assert config.Spawner.default_url == "/lab/tree/damas/notebooks/00_Comece_aqui.ipynb"
    assert config.JupyterHub.authenticator_class == "pam"
    assert config.LocalAuthenticator.create_system_users is True
    assert "spawner_class" not in config.JupyterHub          # the default LocalProcessSpawner
    assert config.JupyterHub.services[0]["name"] == "jupyterhub-idle-culler-service"


@pytest.mark.slow
def test_the_hook_copies_the_course_once_and_trusts_it(monkeypatch, tmp_path):
    pytest.importorskip("jupyter_core")
    import pwd
    import nbformat
    from nbformat.sign import NotebookNotary
    config, namespace = _load(monkeypatch)
    me = pwd.getpwuid(os.getuid()).pw_name
    spawner = types.SimpleNamespace(user=types.SimpleNamespace(name=me))
    home = tmp_path / "home"
    home.mkdir()
    namespace["copia_o_curso"](spawner, home=home)
    course = home / "damas"
    chapters = sorted((course / "notebooks").glob("[0-9][0-9]_*.ipynb"))
    assert [p.name for p in chapters] == sorted(p.name for p in (ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
    assert (course / "puzzles" / "classicos.pdn").exists()
    assert (course / "notebooks" / "data").is_dir()                 # the chapters' data files
    assert all(p.stat().st_uid == os.getuid() for p in course.rglob("*"))
    notary = NotebookNotary(data_dir=str(home / ".local" / "share" / "jupyter"))
    assert all(notary.check_signature(nbformat.read(p, as_version=4)) for p in chapters)
    # A second login keeps the student's work.
    mine = chapters[0]
    mine.write_text(mine.read_text(encoding="utf-8").replace("Comece", "Comece (meu)"), encoding="utf-8")
    namespace["copia_o_curso"](spawner, home=home)
    assert "Comece (meu)" in mine.read_text(encoding="utf-8")


def _code_spans(text):
    """The commands a guide writes: its fenced blocks, then its inline `code` spans."""
    fenced = re.findall(r"^```[a-z]*\n(.*?)^```", text, re.M | re.S)
    rest = re.sub(r"^```[a-z]*\n.*?^```", "", text, flags=re.M | re.S)
    return fenced + re.findall(r"`([^`\n]+)`", rest)


def test_the_requirements_are_installed_in_the_course_folder():
    """requirements.txt names the course by paths (``-e .``, ``./jupyter-settings``) that pip reads
    against the folder it runs in, not against the file's: every ``pip install -r`` a guide writes
    names ``requirements.txt`` in the course's folder (the school guide, after ``cd /opt/damas-curso``)."""
    local = [line for line in (ROOT / "requirements.txt").read_text(encoding="utf-8").splitlines()
             if re.match(r"(-e\s+)?\.\.?(/|$)", line.strip())]
    assert local, "requirements.txt names no local path: this test guards nothing"
    guides = {"README.md": None, "docs/ESCOLA.md": "/opt/damas-curso", "notebooks/GUIA_DO_PROFESSOR.md": None}
    found = 0
    for name, folder in guides.items():
        for span in _code_spans((ROOT / name).read_text(encoding="utf-8")):
            for match in re.finditer(r"pip install -r (\S+)", span):
                found += 1
                assert match.group(1) == "requirements.txt", \
                    f"{name}: «pip install -r {match.group(1)}» lê {local} a partir da pasta onde roda"
                if folder:
                    assert f"cd {folder}" in span[:match.start()], f"{name}: «{span.strip()}» sem «cd {folder}» antes"
    assert found >= 3

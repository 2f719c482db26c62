"""The student's working copy of the course: notebooks/ and puzzles/ copied once, opened in Lab.

``python -m damas curso`` copies the repository's ``notebooks/`` (and ``puzzles/``, which the
chapters and apps read as ``../puzzles``) into a folder of the student's, by default
``~/damas-curso``, the first time only, and opens JupyterLab there.  The student runs and saves
the copy; the repository's notebooks stay as committed, and its tests compare those.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from damas.errors import DamasError
from damas.rules.args import checked, flag_spec, refuse

#: the folder of the copy when none is given
DEFAULT_FOLDER = Path("~/damas-curso")
#: the repository the package was installed from (an editable install of the course)
REPOSITORY = Path(__file__).resolve().parents[3]
_IGNORE = shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__")


class CourseCopyError(DamasError):
    """The working copy of the course cannot be made."""


def _folder(value, name):
    if not isinstance(value, (str, os.PathLike)) or (isinstance(value, str) and not value.strip()):
        raise refuse(name, "o caminho de uma pasta (um texto ou um Path)", value)
    return value


@checked(folder=_folder, source=_folder)
def make_copy(folder: Path | str = DEFAULT_FOLDER, source: Path = REPOSITORY) -> Path:
    """Copy ``source``'s notebooks/ and puzzles/ into ``folder`` unless the copy is there
    already (a second run keeps the student's work); return the copy's notebooks folder."""
    folder = Path(folder).expanduser()
    source = Path(source)
    if folder.exists() and not folder.is_dir():
        raise CourseCopyError(f"{folder} existe e não é uma pasta: escolha outra com --pasta.")
    if not (source / "notebooks" / "00_Comece_aqui.ipynb").is_file():
        raise CourseCopyError(
            f"Os capítulos do curso não estão em {source / 'notebooks'}: instale o curso a partir da "
            "pasta do repositório (pip install -r requirements.txt).")
    notebooks = folder / "notebooks"
    try:
        if not notebooks.exists():
            folder.mkdir(parents=True, exist_ok=True)
            partial = folder / ".notebooks-copiando"
            shutil.rmtree(partial, ignore_errors=True)
            shutil.copytree(source / "notebooks", partial, ignore=_IGNORE)
            partial.rename(notebooks)       # all or nothing: a broken copy is never taken for one
        if (source / "puzzles").is_dir() and not (folder / "puzzles").exists():
            shutil.copytree(source / "puzzles", folder / "puzzles", ignore=_IGNORE)
    except OSError as err:
        raise CourseCopyError(f"Não foi possível copiar o curso para {folder}: {err.strerror or err}") from None
    return notebooks


def lab_command(notebooks: Path, as_root: bool | None = None) -> list[str]:
    """The command that opens JupyterLab on ``notebooks`` (with --allow-root for root, which
    Jupyter otherwise refuses)."""
    if as_root is None:
        as_root = hasattr(os, "geteuid") and os.geteuid() == 0
    return [sys.executable, "-m", "jupyterlab", *(["--allow-root"] if as_root else []), str(notebooks)]


@checked(pasta=_folder, open_lab=flag_spec())
def run_curso(pasta: str | None = None, open_lab: bool = True) -> int:
    """Make the copy (if needed), say where it is and open Lab there; returns the exit status."""
    try:
        notebooks = make_copy(pasta if pasta else DEFAULT_FOLDER)
    except CourseCopyError as err:
        print(err, file=sys.stderr)
        return 1
    print(f"Sua cópia do curso está em {notebooks}: é nela que você trabalha e grava.")
    if not open_lab:
        return 0
    return subprocess.call(lab_command(notebooks))

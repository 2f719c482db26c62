"""The student's working copy of the course: notebooks/ and puzzles/ copied once, opened in Lab.

``python -m damas curso`` copies the repository's ``notebooks/`` (and ``puzzles/``, which the
chapters and apps read as ``../puzzles``) into a folder of the student's, by default
``~/damas-curso``, and opens JupyterLab there.  The student runs and saves the copy; the
repository's notebooks stay as committed, and its tests compare those.

Every file is copied whole or not at all (:func:`damas.rules.files.write_file`): a copy stopped
by a full disk or a kill holds whole files and misses the others.  Each run finds what the copy
lacks and copies it, and finds a file an earlier version cut in half (its bytes the first part
of the course's file) and copies it again; it says so.  A file of the copy that differs in any
other way is the student's work and is never touched.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

from damas.errors import DamasError
from damas.rules.args import checked, flag_spec, refuse

#: the folder of the copy when none is given
DEFAULT_FOLDER = Path("~/damas-curso")
#: the repository the package was installed from (an editable install of the course)
REPOSITORY = Path(__file__).resolve().parents[3]


class CourseCopyError(DamasError):
    """The working copy of the course cannot be made."""


def _folder(value: Any, name: str) -> str | os.PathLike[str]:
    if not isinstance(value, (str, os.PathLike)) or (isinstance(value, str) and not value.strip()):
        raise refuse(name, "o caminho de uma pasta (um texto ou um Path)", value)
    return value


_PARTIAL = ".notebooks-copiando"     # the folder of the first copy, up to version 0.2


@checked(folder=_folder, source=_folder)
def make_copy(folder: Path | str = DEFAULT_FOLDER, source: Path = REPOSITORY) -> Path:
    """Copy ``source``'s notebooks/ and puzzles/ into ``folder``: every file the copy lacks, and
    every file an earlier run cut in half (a second run keeps the student's work); return the
    copy's notebooks folder.  What was copied again is in :func:`last_repairs`."""
    return _make_copy(Path(folder).expanduser(), Path(source))[0]


_REPAIRS: list[Path] = []


def last_repairs() -> list[Path]:
    """The files of the copy the last :func:`make_copy` found cut and copied again."""
    return list(_REPAIRS)


def _make_copy(folder: Path, source: Path) -> tuple[Path, list[Path], int]:
    from damas.rules.files import os_error_text
    if folder.exists() and not folder.is_dir():
        raise CourseCopyError(f"{folder} existe e não é uma pasta: escolha outra com --pasta.")
    if not (source / "notebooks" / "00_Comece_aqui.ipynb").is_file():
        raise CourseCopyError(
            f"Os capítulos do curso não estão em {source / 'notebooks'}: instale o curso a partir da "
            "pasta do repositório (pip install -r requirements.txt).")
    notebooks = folder / "notebooks"
    repaired: list[Path] = []
    copied = 0
    _REPAIRS.clear()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        shutil.rmtree(folder / _PARTIAL, ignore_errors=True)     # an old version's unfinished copy
        for part in ("notebooks", "puzzles"):
            if (source / part).is_dir():
                done, fixed = _fill(source / part, folder / part)
                copied += done
                repaired += fixed
    except OSError as err:
        raise CourseCopyError(f"Não foi possível copiar o curso para {folder}: {os_error_text(err)}. "
                              "Os arquivos já copiados estão inteiros; rode de novo depois de resolver "
                              "isso e a cópia continua de onde parou.") from None
    _REPAIRS.extend(repaired)
    return notebooks, repaired, copied


def _fill(source: Path, target: Path) -> tuple[int, list[Path]]:
    """Copy into ``target`` each regular file of ``source`` it lacks or holds cut; (files copied,
    files repaired)."""
    from damas.rules.files import clean_leftovers, read_file, write_file
    copied = 0
    repaired: list[Path] = []
    for here, dirs, names in os.walk(source):
        dirs[:] = sorted(d for d in dirs if d not in _SKIPPED)
        rel = Path(here).relative_to(source)
        (target / rel).mkdir(parents=True, exist_ok=True)
        for name in sorted(names):
            original = Path(here) / name
            if not original.is_file() or original.is_symlink():
                continue
            dest = target / rel / name
            clean_leftovers(dest, stale=0)       # what a killed run left beside it
            content = read_file(original)
            if dest.is_symlink() or dest.exists():
                if not dest.is_file() or dest.is_symlink():
                    continue                      # the student's own thing: never touched
                have = read_file(dest)
                if len(have) >= len(content) or not content.startswith(have):
                    continue                      # whole, or the student's work
                repaired.append(dest)
            else:
                copied += 1
            write_file(dest, content)
    return copied, repaired


_SKIPPED = {".ipynb_checkpoints", "__pycache__"}


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
        notebooks, repaired, copied = _make_copy(Path(pasta if pasta else DEFAULT_FOLDER).expanduser(), REPOSITORY)
    except CourseCopyError as err:
        print(err, file=sys.stderr)
        return 1
    if repaired:
        print(f"{len(repaired)} {'arquivo' if len(repaired) == 1 else 'arquivos'} da cópia "
              f"{'estava cortado' if len(repaired) == 1 else 'estavam cortados'} (uma cópia interrompida) e "
              f"{'foi copiado' if len(repaired) == 1 else 'foram copiados'} de novo: "
              + ", ".join(str(p) for p in repaired) + ".")
    print(f"Sua cópia do curso está em {notebooks}: é nela que você trabalha e grava.")
    if not open_lab:
        return 0
    return subprocess.call(lab_command(notebooks))

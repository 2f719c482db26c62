"""The course in the browser (JupyterLite): the course's files and the student's stars, with or
without the site's service worker.

A JupyterLite site shows its files to the browser's Python (Pyodide) through a *service worker*,
which a browser starts only on HTTPS or on ``localhost``.  A school server on plain HTTP
(``http://escola.local/damas``) gives none: the kernel then starts in ``/home/pyodide`` with no
``/drive``, so ``../puzzles/classicos.pdn`` and ``data/historia.csv`` are not there, and the
drive that keeps the stars (``/drive/damas-progresso``) is missing too.

:func:`prepare`, awaited by the install cell of every chapter (``scripts/colab_cell.py``) right
after the site's ``damas`` wheel is installed, makes both work without it:

* **the course's files**: the site's wheel carries the collections (``puzzles/*.pdn``) and the
  chapters' data (``notebooks/data/*``) as package data (``damas/course/files/``, put there by
  ``lite/build.py``; the 8x8 endgame tables go to ``damas/engine/tables/``, read by
  :func:`damas.engine.endgames.cache_dir`).  When the site's files cannot be read where the
  notebook runs, they are copied from the package into ``~/damas-curso/`` and the kernel moves
  into ``~/damas-curso/notebooks``, so the chapters' own relative paths work unchanged;
* **the stars**: with no drive, the progress folder (``~/damas-progresso``) is mounted on the
  browser's IndexedDB (Emscripten's IDBFS, every write kept at once), filled with what was saved
  there before; so the stars survive a reload on plain HTTP too.  Where the browser refuses even
  that (a private window of some browsers), one sentence in Portuguese says that the stars of this
  page will not be kept (:data:`TEXTS` ``"not_kept"``), never a traceback.

:func:`where_text` says where the stars live, for the progress panel (chapter 00).  On a normal
Python (JupyterLab, Voilà, Colab) nothing here does anything.

Pure Python; the browser's own modules (``pyodide``, ``js``) only inside the functions, and only
on Pyodide.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

__all__ = ["prepare", "storage", "where_text", "packaged_files", "TEXTS"]

#: The package data of the site's wheel (lite/build.py): ``puzzles/`` and ``data/``.
PACKAGED = Path(__file__).resolve().parents[1] / "files"
#: Where the course's files go when the site's cannot be read (the kernel's memory).
COURSE_COPY = "damas-curso"
DRIVE = Path("/drive")

TEXTS = {
    "drive": "Suas estrelas ficam guardadas neste navegador, no arquivo {name} da pasta damas-progresso "
             "do site. Apagar os dados de navegação apaga as estrelas: para levá-las ao professor ou a "
             "outro computador, use «Baixar meu progresso».",
    "browser": "Suas estrelas ficam guardadas neste navegador, nos dados deste site. Apagar os dados de "
               "navegação apaga as estrelas: para levá-las ao professor ou a outro computador, use "
               "«Baixar meu progresso».",
    "not_kept": "Este navegador não deixa o site guardar arquivos, então as estrelas desta página somem "
                "quando ela for fechada ou recarregada: antes disso, use «Baixar meu progresso».",
}

# What prepare() found: "drive" (the site's drive, through its service worker), "browser" (the
# IndexedDB mount), "memory" (nothing keeps the stars) or "" (not in a browser, or not prepared).
_STATE = {"storage": "", "files": ""}


def packaged_files() -> Path:
    """The course's files inside the package (``puzzles/``, ``data/``): only the site's wheel has them."""
    return PACKAGED


def _site_files_readable(here: Path) -> bool:
    """True when the notebook's folder shows the course's files (the site's drive, or a checkout)."""
    return (here.parent / "puzzles").is_dir() or (here / "puzzles").is_dir()


def _copy_course_files() -> str:
    """Copy the packaged files into ``~/damas-curso`` and move into its ``notebooks`` folder, unless
    the site's own files are readable; what was done: "site", "copy" or "none" (no package data)."""
    if _site_files_readable(Path.cwd()):
        return "site"
    source = packaged_files()
    if not (source / "puzzles").is_dir():
        return "none"
    target = Path.home() / COURSE_COPY
    for name, dest in (("puzzles", target / "puzzles"), ("data", target / "notebooks" / "data")):
        if (source / name).is_dir() and not dest.exists():
            shutil.copytree(source / name, dest)
    (target / "notebooks").mkdir(parents=True, exist_ok=True)
    os.chdir(target / "notebooks")
    return "copy"


async def _mount_progress(folder: Path) -> bool:
    """Mount ``folder`` on the browser's IndexedDB (IDBFS, each write persisted at once) and fill it
    with what an earlier page saved; False when the browser refuses."""
    import asyncio

    import js  # type: ignore[import-not-found]  # Pyodide's bridge to the browser
    import pyodide_js  # type: ignore[import-not-found]
    from pyodide.ffi import create_proxy, to_js  # type: ignore[import-not-found]

    fs = pyodide_js.FS
    folder.mkdir(parents=True, exist_ok=True)
    if not fs.isMountpoint(str(folder)):
        options = to_js({"autoPersist": True}, dict_converter=js.Object.fromEntries)
        fs.mount(fs.filesystems.IDBFS, options, str(folder))
    done = asyncio.get_event_loop().create_future()

    def finished(error=None):
        if not done.done():
            done.set_result(error)

    callback = create_proxy(finished)
    try:
        fs.syncfs(True, callback)
        error = await done
    finally:
        callback.destroy()
    return not error          # JavaScript's null (Pyodide's jsnull, false) when all went well


async def prepare() -> str:
    """In JupyterLite, make the course's files and the stars work without the site's service worker
    (see the module); elsewhere nothing.  Prints one Portuguese sentence when the stars cannot be
    kept; returns what it found ("drive", "browser", "memory" or "")."""
    if sys.platform != "emscripten":
        return ""
    _STATE["files"] = _copy_course_files()
    if DRIVE.is_dir():
        _STATE["storage"] = "drive"
        return "drive"
    from damas.course.kit.progress import progress_dir
    try:
        kept = await _mount_progress(progress_dir())
    except Exception:  # any refusal of the browser (no IndexedDB): the stars stay in memory
        kept = False
    _STATE["storage"] = "browser" if kept else "memory"
    if not kept:
        print(TEXTS["not_kept"])
    return _STATE["storage"]


def storage() -> str:
    """Where the stars are kept: "drive", "browser", "memory" in JupyterLite; "" elsewhere."""
    if sys.platform != "emscripten":
        return ""
    if _STATE["storage"]:
        return _STATE["storage"]
    return "drive" if DRIVE.is_dir() else "memory"


def where_text(file_name: str) -> str:
    """The progress panel's sentence on where the stars live in the browser (``file_name``: the
    student's file), or "" outside JupyterLite."""
    kind = storage()
    if not kind:
        return ""
    return TEXTS["not_kept" if kind == "memory" else kind].format(name=file_name)

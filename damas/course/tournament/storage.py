"""The tournament file: the progress file's rules, so that no result is ever lost.

One JSON file per tournament (:mod:`damas.course.tournament.model` says what it holds), by default
in ``~/damas-torneios/`` (the variable ``DAMAS_TORNEIOS`` names another folder).  Like a student's
progress file (:mod:`damas.course.kit.progress`, whose lock and atomic write are reused):

* every change takes the file's lock (``<arquivo>.lock``), reads what is on disk *now*, applies the
  change to it, writes a temporary file in the same folder, flushes it to disk and renames it over
  the old one, keeping the previous version as ``<arquivo>.bak``.  Two windows entering results at
  once (the teacher's app and the command line, two computers on one shared folder) therefore lose
  nothing: each change is made on top of the other's;
* each result is saved the moment it is entered, and the rename is atomic: a crash (the computer
  switched off, the program killed in the middle of a save) leaves the file as it was before that
  save or after it, never half written; every result whose save had ended is in it;
* a file that is not valid JSON, not a tournament, of a newer version, or with values out of the
  format is refused with a Portuguese message (:class:`TournamentError`) and never overwritten;
* a change that cannot be made (a result for a board that does not exist, the next round before
  the last one is finished) raises TournamentError and writes nothing.

Pure Python; in the browser (Pyodide) there is no lock, the rest is the same.
"""

from __future__ import annotations

import errno
import json
import os
import sys
from collections.abc import Callable, Iterable
from contextlib import AbstractContextManager
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from damas.course.tournament import _deps, model
from damas.course.tournament.model import FORMAT, VERSION, Tournament, TournamentData, TournamentError
from damas.course.tournament.texts import TEXTS
from damas.rules.args import PATH, refuse
from damas.rules.files import STALE_SECONDS, FileError, PathLike, clean_leftovers, os_error_text, read_file

if TYPE_CHECKING:
    from typing_extensions import Unpack

    from damas.course.tournament.model import NewSettings

__all__ = ["TournamentFile", "tournaments_dir", "ENV_DIR"]

ENV_DIR = "DAMAS_TORNEIOS"
DEFAULT_DIR = "damas-torneios"


def tournaments_dir() -> Path:
    """The folder of the tournament files: ``DAMAS_TORNEIOS``, else ``~/damas-torneios``."""
    value = os.environ.get(ENV_DIR, "").strip()
    if value:
        return Path(value).expanduser()
    if sys.platform == "emscripten" and Path("/drive").is_dir():
        return Path("/drive") / DEFAULT_DIR
    return Path.home() / DEFAULT_DIR


MAX_FILE_BYTES = 64 * 1024 * 1024
T = TypeVar("T")


def _read_raw(path: Path, advise: bool = True) -> tuple[TournamentData | None, bytes | None]:
    """(the checked content of ``path``, its bytes), or (None, None) if there is no file.  A pipe
    or a device is refused without being opened (it would block)."""
    def corrupt(detail: str) -> TournamentError:
        advice = _advice(path) if advise else ""
        return TournamentError(TEXTS["corrupt"].format(path=path, detail=detail, advice=advice).strip())

    try:
        raw = read_file(path, MAX_FILE_BYTES)
    except FileError as error:
        if error.errno == errno.ENOENT:
            return None, None
        raise corrupt(os_error_text(error)) from None
    try:
        data = json.loads(_deps.strip_bom(raw).decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as error:
        detail = ("não é texto UTF-8" if isinstance(error, UnicodeDecodeError)
                  else "tem colchetes ou chaves aninhados demais" if isinstance(error, RecursionError)
                  else "não é texto JSON válido")
        raise corrupt(detail) from None

    def foreign(detail: str) -> TournamentError:
        return TournamentError(TEXTS["foreign"].format(path=path, detail=detail))

    if not isinstance(data, dict) or data.get("formato") != FORMAT:
        raise foreign('falta a marca "formato": "damas-torneio"')
    version = data.get("versao")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise foreign("a versão é inválida")
    if version > VERSION:
        raise TournamentError(TEXTS["newer"].format(path=path, version=version))
    return model._check_data(data, foreign), raw


def _read(path: Path) -> TournamentData | None:
    """The checked content of ``path``, or None if there is no file."""
    return _read_raw(path)[0]


def _advice(path: Path) -> str:
    """Where the backup of ``path`` is and how to put it back (never: delete)."""
    backup = path.with_name(path.name + ".bak")
    names = {"backup": backup, "name": path.name, "backup_name": backup.name}
    if not backup.exists():
        return TEXTS["no_backup"].format(**names)
    try:
        if _read_raw(backup, advise=False)[0] is None:
            return TEXTS["no_backup"].format(**names)
    except TournamentError:
        return TEXTS["backup_bad"].format(**names)
    return TEXTS["restore"].format(**names)


def _clean(path: Path, lock: AbstractContextManager[object]) -> None:
    """Remove the temporary files a save killed in the middle left beside ``path`` (all of them
    under the lock, the old ones without it)."""
    stale = 0 if getattr(lock, "held", False) else STALE_SECONDS
    for target in (path, path.with_name(path.name + ".bak")):
        clean_leftovers(target, stale)


def _text(data: TournamentData) -> bytes:
    """The file's bytes: UTF-8, or, should a name hold what UTF-8 cannot write (a lone surrogate),
    every such text escaped as JSON escapes it (read back the same)."""
    try:
        return (json.dumps(data, ensure_ascii=False, indent=1) + "\n").encode("utf-8")
    except UnicodeEncodeError:
        return (json.dumps(data, ensure_ascii=True, indent=1) + "\n").encode("ascii")


class TournamentFile:
    """A tournament kept in ``path``.  :meth:`create` makes a new one; the other methods read it
    (:meth:`read`) or change it, each change saved at once under the lock."""

    def __init__(self, path: PathLike) -> None:
        PATH(path, "path (o arquivo do torneio)")
        if hasattr(path, "read") or hasattr(path, "write"):
            raise refuse("path", "o caminho do arquivo do torneio (um texto ou um Path)", path)
        self.path = Path(path).expanduser()
        self._id: str | None = None

    @classmethod
    def create(cls, path: PathLike, name: str, names: Iterable[str],
               **settings: Unpack[NewSettings]) -> "TournamentFile":
        """A new tournament in ``path`` (refused if a file is there: nothing is overwritten)."""
        data = model.new_data(name, names, **settings)
        file = cls(path)
        try:
            file.path.parent.mkdir(parents=True, exist_ok=True)
            with _deps.file_lock(file.path):
                if file.path.exists():
                    raise TournamentError(TEXTS["exists"].format(path=file.path))
                _deps.write_atomic(file.path, _text(data))
        except TimeoutError:
            raise TournamentError(TEXTS["busy"].format(path=file.path)) from None
        except OSError as error:
            raise TournamentError(TEXTS["unwritable"].format(path=file.path, detail=os_error_text(error))) from None
        file._id = data["id"]
        return file

    def read(self) -> Tournament:
        data = _read(self.path)
        if data is None:
            raise TournamentError(TEXTS["missing"].format(path=self.path))
        self._check_same(data)
        return Tournament(data)

    def _check_same(self, data: TournamentData) -> None:
        if self._id is None:
            self._id = data["id"]
        elif data["id"] != self._id:
            raise TournamentError(TEXTS["other"].format(path=self.path, name=data["nome"]))

    def change(self, change: Callable[[TournamentData], T]) -> T:
        """Apply ``change(data)`` to what is on disk now, under the lock, and save atomically;
        returns what ``change`` returned."""
        try:
            lock = _deps.file_lock(self.path)
            with lock:
                _clean(self.path, lock)
                data, old = _read_raw(self.path)
                if data is None or old is None:         # (both None: there is no file)
                    raise TournamentError(TEXTS["missing"].format(path=self.path))
                self._check_same(data)
                value = change(data)
                model._check_data(data, lambda detail: TournamentError(detail))   # never write a bad file
                _deps.write_atomic(self.path.with_name(self.path.name + ".bak"), old)
                _deps.write_atomic(self.path, _text(data))
        except TimeoutError:
            raise TournamentError(TEXTS["busy"].format(path=self.path)) from None
        except OSError as error:
            raise TournamentError(TEXTS["unwritable"].format(path=self.path, detail=os_error_text(error))) from None
        return value

    # -- the changes a teacher makes ----------------------------------------------------------
    def add_players(self, names: str | Iterable[str]) -> list[int]:
        return self.change(lambda d: model.add_players(d, names))

    def withdraw(self, number: int) -> None:
        return self.change(lambda d: model.withdraw(d, number))

    def pair_next(self, expected: int | None = None) -> int:
        """Pair the next round; with ``expected`` (its number), a round another window has just
        paired is not paired twice."""
        return self.change(lambda d: model.pair_next(d, expected))

    def record(self, round_number: int, board: int, result: str) -> str:
        return self.change(lambda d: model.record(d, round_number, board, result))

    def undo(self, round_number: int, board: int) -> str:
        return self.change(lambda d: model.undo(d, round_number, board))

    def __repr__(self) -> str:
        return f"TournamentFile({str(self.path)!r})"

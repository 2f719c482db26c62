"""Files the package writes and reads: whole or absent, never waiting, errors in Portuguese.

Writing (:func:`write_file`)
    Every file the package writes (a progress file, the course's copy, a CSV, a PNG, a PDF, an
    endgame table, a tournament) is written aside, under a temporary name in the same folder
    (``.<nome>.<pid>-<random>.tmp``), flushed to disk, read back and compared, and only then
    renamed over its name: a reader sees the old file or the new one, never a part, whatever
    stops the writer (a full disk, a kill, the power).  A temporary file that a writer killed in
    the middle leaves behind is removed by the next writer of the same file
    (:func:`clean_leftovers`: at once by a writer that holds the file's lock, after
    :data:`STALE_SECONDS` by any other).  An existing name that is a folder, a pipe or a device is refused,
    never written through.

Reading (:func:`read_file`)
    Only a regular file is opened: a folder, a FIFO, a device or a socket is refused *before*
    opening it (a FIFO with no writer would block a reader forever), and the open itself does not
    wait (``O_NONBLOCK``), should the name become a FIFO in between.  A file larger than the
    caller's limit is refused before it is read.

Errors
    Every refusal is a :class:`FileError`: a :class:`damas.errors.DamasError` that is also an
    ``OSError`` (its ``errno`` says what happened), worded in Portuguese.  :func:`os_error_text`
    gives the Portuguese words for any ``OSError`` (the system's own text is English: «No space
    left on device» becomes «o disco está cheio»).

Pure Python; on Pyodide (the course in the browser) the same code runs on its in-memory files.
"""

from __future__ import annotations

import contextlib
import errno
import os
import secrets
import stat
import time
from pathlib import Path
from typing import Any, Union

from damas.errors import DamasError
from damas.rules.values import FILE_PATH, checked_with, number_spec, optional, refuse, whole_spec

#: A file's path, as the package's functions take it.
PathLike = Union[str, "os.PathLike[str]"]

__all__ = ["FileError", "os_error_text", "read_file", "write_file", "clean_leftovers", "temporary_name", "STALE_SECONDS",
           "output_path", "ERROR_WORDS"]

#: The words for each ``errno`` a file operation meets (the system's own are English).
ERROR_WORDS = {
    errno.ENOSPC: "o disco está cheio",
    errno.EACCES: "sem permissão",
    errno.EPERM: "operação não permitida",
    errno.EROFS: "o disco só permite leitura",
    errno.ENOENT: "o arquivo ou a pasta não existe",
    errno.EEXIST: "já existe um arquivo com esse nome",
    errno.EISDIR: "é uma pasta, não um arquivo",
    errno.ENOTDIR: "uma parte do caminho não é uma pasta",
    errno.ENAMETOOLONG: "o nome é longo demais",
    errno.ELOOP: "o caminho passa por um atalho (link simbólico) que não pode ser seguido",
    errno.EIO: "erro de leitura ou gravação no disco",
    errno.EMFILE: "há arquivos abertos demais",
    errno.ENFILE: "há arquivos abertos demais no sistema",
    errno.EBUSY: "o arquivo está em uso",
    errno.ETXTBSY: "o arquivo está em uso",
    errno.EAGAIN: "o arquivo não está pronto (tente de novo)",
    errno.EXDEV: "o arquivo está em outro disco",
    errno.ENXIO: "o dispositivo não existe",
    errno.ENODEV: "o dispositivo não existe",
    errno.EFBIG: "o arquivo é grande demais",
    errno.ENOMEM: "falta memória",
    errno.EINVAL: "operação inválida para este arquivo",
    errno.ENOTEMPTY: "a pasta não está vazia",
    errno.ETIMEDOUT: "o disco da rede não respondeu a tempo",
    errno.EINTR: "a operação foi interrompida",
    errno.ENOSYS: "operação que o sistema não oferece",
}
for _name, _words in (("EDQUOT", "a sua cota de espaço em disco acabou"),
                      ("ESTALE", "o arquivo da rede não está mais disponível"),
                      ("ENOTSUP", "operação que o sistema não oferece"),
                      ("EOPNOTSUPP", "operação que o sistema não oferece")):
    if hasattr(errno, _name):
        ERROR_WORDS.setdefault(getattr(errno, _name), _words)

_KIND_WORDS = {"folder": "é uma pasta, não um arquivo",
               "special": "não é um arquivo comum (é um pipe, um dispositivo ou um soquete)",
               "large": "é grande demais ({size} bytes; o limite é {limit})",
               "changed": "a cópia gravada não saiu igual ao que devia (o disco pode estar com defeito)",
               "suffix": "o nome deve terminar em {suffix}"}

TEXTS = {
    "file": "{path}: {words}",
}

#: How old (seconds) a temporary file must be before a writer that holds no lock removes it.
STALE_SECONDS = 120.0


class FileError(DamasError, OSError):
    """A file that cannot be read or written; ``errno`` says why (None: not an error of the system,
    such as a file too large or a folder where a file was expected) and ``kind`` names the
    package's own reasons (``"folder"``, ``"special"``, ``"large"``, ``"changed"``, ``"suffix"``)."""

    def __init__(self, message: str, code: int | None = None, path: PathLike | None = None,
                 kind: str | None = None, words: str | None = None) -> None:
        super().__init__(message)
        self.errno = code
        self.filename = None if path is None else os.fspath(path)
        self.kind = kind
        self.words = words or message       # what went wrong, without the file's name

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""


def _os_error(value: Any, name: str) -> Any:
    if not isinstance(value, BaseException):
        raise refuse(name, "um erro do sistema (OSError)", value)
    return value


def _content(value: Any, name: str) -> Any:
    if not isinstance(value, (bytes, bytearray, memoryview)):
        raise refuse(name, "bytes (o conteúdo do arquivo)", value)
    return value


def _suffix(value: Any, name: str) -> Any:
    if not isinstance(value, str) or not value.startswith(".") or len(value) < 2 or os.sep in value:
        raise refuse(name, "uma extensão de arquivo, como '.csv'", value)
    return value


@checked_with({}, error=_os_error)
def os_error_text(error: BaseException) -> str:
    """What went wrong, in Portuguese words: the package's own message for a :class:`FileError`,
    else the words of its ``errno`` (never the system's English text)."""
    if isinstance(error, FileError):
        return error.words
    code = getattr(error, "errno", None)
    if code in ERROR_WORDS:
        return ERROR_WORDS[code]
    if isinstance(error, TimeoutError):
        return "o tempo de espera acabou"
    name = errno.errorcode.get(code) if isinstance(code, int) else None
    return f"erro do sistema ({name})" if name else "erro do sistema"


def _error(path: PathLike, code: int | None = None, kind: str | None = None, **values: object) -> FileError:
    words = _KIND_WORDS[kind].format(**values) if kind else os_error_text(OSError(code, ""))
    return FileError(TEXTS["file"].format(path=os.fspath(path), words=words), code, path, kind, words)


def _translated(path: PathLike, error: OSError) -> FileError:
    if isinstance(error, FileError):
        return error
    return _error(path, getattr(error, "errno", None))


def _check_kind(info: os.stat_result, path: PathLike, limit: int | None = None) -> None:
    if stat.S_ISDIR(info.st_mode):
        raise _error(path, errno.EISDIR, "folder")
    if not stat.S_ISREG(info.st_mode):
        raise _error(path, None, "special")
    if limit is not None and info.st_size > limit:
        raise _error(path, errno.EFBIG, "large", size=info.st_size, limit=limit)


@checked_with({}, path=FILE_PATH, limit=optional(whole_spec(0)))
def read_file(path: PathLike, limit: int | None = None) -> bytes:
    """The bytes of the regular file ``path`` (at most ``limit`` bytes, else refused).  A folder,
    a FIFO, a device or a socket is refused before it is opened, and the open never waits.
    :class:`FileError` for every refusal (``errno.ENOENT`` when there is no such file)."""
    try:
        info = os.stat(path)
    except (OSError, ValueError) as error:     # ValueError: a NUL in the name
        raise _translated(path, error) if isinstance(error, OSError) else _error(path, errno.EINVAL) from None
    _check_kind(info, path, limit)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
                     | getattr(os, "O_CLOEXEC", 0))
    except OSError as error:
        raise _translated(path, error) from None
    try:
        _check_kind(os.fstat(fd), path, limit)
        chunks, size = [], 0
        while True:
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                break
            size += len(chunk)
            if limit is not None and size > limit:
                raise _error(path, errno.EFBIG, "large", size=size, limit=limit)
            chunks.append(chunk)
        return b"".join(chunks)
    except FileError:
        raise
    except OSError as error:
        raise _translated(path, error) from None
    finally:
        os.close(fd)


@checked_with({}, path=FILE_PATH)
def temporary_name(path: PathLike) -> Path:
    """A fresh temporary name beside ``path`` (hidden, with this process's id and random digits)."""
    path = Path(path)
    return path.with_name(f".{path.name}.{os.getpid()}-{secrets.token_hex(6)}.tmp")


def _fsync(fd: int) -> None:
    try:
        os.fsync(fd)
    except OSError as error:  # a file system with no fsync (some network or browser ones)
        if error.errno not in (errno.EINVAL, errno.ENOTSUP, errno.ENOSYS, getattr(errno, "EOPNOTSUPP", -1)):
            raise


def _fsync_folder(folder: Path) -> None:
    """Make a rename in ``folder`` durable, where the system allows it (not on Windows)."""
    if not hasattr(os, "O_DIRECTORY"):
        return
    try:
        fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


@checked_with({}, path=FILE_PATH, content=_content, mode=whole_spec(0, 0o7777))
def write_file(path: PathLike, content: bytes | bytearray | memoryview, mode: int = 0o666) -> Path:
    """Write ``content`` to ``path`` whole or not at all: aside, flushed, read back and compared,
    then renamed over ``path`` (the permissions: ``mode`` less the umask).  An existing ``path``
    that is a folder or a special file is refused; a symbolic link is replaced, never written
    through.  :class:`FileError` (the temporary file removed) when anything fails."""
    path = Path(path)
    data = bytes(content)
    try:
        info: os.stat_result | None = os.lstat(path)
    except FileNotFoundError:
        info = None
    except (OSError, ValueError) as error:
        raise _translated(path, error) if isinstance(error, OSError) else _error(path, errno.EINVAL) from None
    if info is not None and not stat.S_ISLNK(info.st_mode):
        if stat.S_ISDIR(info.st_mode):
            raise _error(path, errno.EISDIR, "folder")
        if not stat.S_ISREG(info.st_mode):
            raise _error(path, None, "special")
    clean_leftovers(path)           # what a writer killed long ago left beside it
    tmp = temporary_name(path)
    flags = os.O_RDWR | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0) | getattr(os, "O_CLOEXEC", 0) \
        | getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(tmp, flags, mode)
    except OSError as error:
        raise _translated(path, error) from None
    try:
        try:
            view = memoryview(data)
            while view:
                written = os.write(fd, view)
                view = view[written:]
            _fsync(fd)
            # Checked: what is in the file is what was meant (a file system that lies about a
            # short write, or a full disk it reports late, is caught here, before the rename).
            if _read_back(fd, len(data)) != data:
                raise _error(path, errno.EIO, "changed")
        finally:
            os.close(fd)
        # The size from the closed file's name, not from the writing descriptor: JupyterLite's
        # drive (Pyodide) reports 0 bytes for a file still open for writing, and its true size
        # once closed.
        if os.stat(tmp).st_size != len(data):
            raise _error(path, errno.EIO, "changed")
        os.replace(tmp, path)
    except BaseException as error:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        if isinstance(error, OSError):
            raise _translated(path, error) from None
        raise
    _fsync_folder(path.parent)
    return path


def _read_back(fd: int, size: int) -> bytes:
    os.lseek(fd, 0, os.SEEK_SET)
    chunks, left = [], size + 1
    while left > 0:
        chunk = os.read(fd, min(left, 1 << 20))
        if not chunk:
            break
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


@checked_with({}, path=FILE_PATH, stale=number_spec(0))
def clean_leftovers(path: PathLike, stale: float = STALE_SECONDS) -> int:
    """Remove the temporary files of ``path`` (``.<nome>.*.tmp``, and the names of earlier
    versions of the package) that a writer killed in the middle left behind, when older than
    ``stale`` seconds (0: all of them, for a writer that holds the file's lock); the number
    removed.  Nothing else is touched, and a folder that cannot be read is left alone."""
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    now = time.time()
    removed = 0
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return 0
    prefixes = (f".{target.name}.", f"{target.name}.")
    for entry in entries:
        name = entry.name
        if not name.endswith(".tmp") or not name.startswith(prefixes) or name == target.name:
            continue
        try:
            info = entry.stat(follow_symlinks=False)
            if not (stat.S_ISREG(info.st_mode) or stat.S_ISLNK(info.st_mode)):
                continue
            if now - info.st_mtime < stale:
                continue
            os.unlink(entry.path)
            removed += 1
        except OSError:
            continue
    return removed


@checked_with({}, path=FILE_PATH, suffix=_suffix)
def output_path(path: PathLike, suffix: str) -> Path:
    """The file an output of kind ``suffix`` (``".csv"``, ``".png"``...) is written to: ``path``,
    with ``suffix`` added when it has none; a name with another extension is refused
    (:class:`FileError`), so that a typo can never name a file of another kind (a progress file,
    a collection of problems) to be written over."""
    target = Path(path)
    if not target.suffix:
        return target.with_name(target.name + suffix)
    if target.suffix.lower() != suffix.lower():
        raise _error(target, None, "suffix", suffix=suffix)
    return target

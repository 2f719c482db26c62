"""A student's progress: stars of the board tasks and quizzes, problems solved.

Where it is kept
    One JSON file per student, in a folder of the student's own:
    ``~/damas-progresso/<aluno>.json`` (``~`` is the home folder: on a
    JupyterHub it is the student's own home, and a notebook served by Voilà
    runs as the same user, with the same home).  The environment variable
    ``DAMAS_PROGRESSO`` names another folder; ``DAMAS_ALUNO`` another
    name (the default is ``JUPYTERHUB_USER``, else the login name).

What it holds
    ``{"formato": "damas-progresso", "versao": 3, "versao_minima": 3, "aluno": "ana",
    "estrelas": {"tomada/todas-1": 3, ...}, "problemas": {"golpes/treino/golpes": [0, 3]}}``.
    Stars only grow (the best result is kept), problems solved are a set.
    «Treino do dia» adds a section ``"treino": {"tentativas": [...]}``, one record per
    attempt (:mod:`damas.course.kit.training`), merged by the records' ids.
    Games against the computer add ``"computador": {"nivel_vencido": {"brazilian": 2}}``: on
    each board (the variant's name), the highest level of the computer the student has beaten
    (:meth:`Progress.record_level_beaten`); it only grows.
    A trainer's board adds ``"tentativas_por_problema": {"problemas/3f2a…": 2}``: how many
    attempts the student made at each problem (by its position,
    :func:`damas.course.kit.keys.position_key`), so that «Tentativas neste problema» survives a
    reload (:meth:`Progress.record_tries`); it only grows.
    «Treino de coordenadas» adds ``"coordenadas": {"brazilian/brancas": 17}``: the most squares
    found in one round on each board, seen from each side
    (:mod:`damas.course.kit.coordinate_scores`); it only grows.
    The mini-games won and the stage tests passed add ``"minijogos"`` and ``"provas"``
    (:mod:`damas.course.kit.play_progress` checks and merges them).
    A key starts with the chapter's stable name (its slug, :mod:`damas.course.kit.chapter_list`),
    not its number, so a new order of the chapters changes no file.

Newer and older courses (``versao`` and ``versao_minima``)
    ``versao`` is the format of the course that wrote the file; ``versao_minima`` the oldest
    format whose code may read and save it without losing anything.  A newer course may add,
    without raising ``versao_minima``: sections, keys inside a section, fields inside an attempt
    record.  This code keeps every one of them, as it found them, through any number of saves
    (and writes back the file's own ``versao``).  Anything else a newer course changes raises
    ``versao_minima``, and this code then refuses the file and leaves it untouched.  The code of
    the releases before version 3 knew nothing of this and dropped what it did not know: they
    read at most version 2 and refuse a newer one, so every file written since says 3 (the
    test saves with each earlier release, taken from git).

Older files
    Version 1 named the chapter by its number in the first order of the course
    (``"05/maximo-1"``).  Such a file is read with its keys translated
    (:func:`damas.course.kit.chapter_list.migrate_key`: ``"lei-da-maioria/maximo-1"``); two old
    keys that meet keep the best stars and every problem solved.  A file of an older version is
    rewritten, as version 3, only at the next save, and the old one is kept for good as
    ``<aluno>.json.v1`` or ``.v2`` (an older course can still open that one), and, until the
    save after, as ``<aluno>.json.bak``.

Names
    A name is the student's as written, in Unicode's composed form (NFC): «José» typed with a
    combining accent is the same student, and the same file, as «José» typed with «é»; a file
    saved under the other form (by an earlier version, or copied from a Mac) is taken over once.

Safety
    A file that is not valid JSON, not of this format, of a newer version, of
    another student, or with values out of range is refused with a
    :class:`ProgressError` in Portuguese: it is never overwritten, and
    nothing is saved until someone puts a good file in its place.  The message says where the
    backup of the last save is (``<aluno>.json.bak``) and how to put it back; it never advises
    deleting anything, and the system's errors are told in Portuguese
    (:func:`damas.rules.files.os_error_text`).  Only a regular file is read (a pipe or a device
    with the name of a progress file is refused without being opened: it would block), and a file
    over :data:`MAX_FILE_BYTES` is refused.  Every save takes
    the file's lock (``<aluno>.json.lock``, with :mod:`filelock`: :func:`file_lock`), merges with
    what is on disk (the most stars of each task and every task and problem
    of either: two notebooks open at once lose nothing), and writes the file whole or not at
    all (:func:`damas.rules.files.write_file`: aside, flushed, checked, renamed), keeping the
    previous version as ``<aluno>.json.bak``; the temporary files a killed save left are removed.
    A text that UTF-8 cannot encode (an escaped lone surrogate in a hand-edited file) is saved
    escaped, as it was read.  Without filelock, and on Pyodide (the course in the browser, where
    there are no processes to exclude), the save takes no lock and does the rest.  New
    files get the permissions of the umask, so the teacher of a shared
    server can read them.

:func:`read_class` reads a folder of those files (the teacher collects them);
``python -m damas turma PASTA`` (:mod:`damas.course.classroom.turma`) shows the class as a
table and a plot.

Pure Python.
"""

from __future__ import annotations

import contextlib
import errno
import getpass
import json
import os
import re
import stat
import sys
import time
import unicodedata
from pathlib import Path

from damas.course.kit import coordinate_scores as _coordinates
from damas.course.kit import play_progress as _play
from damas.course.kit import progress_sections as _sections
from damas.course.kit import training as _training
from damas.course.kit.chapter_list import migrate_key
from damas.errors import DamasError
from damas.rules import files as _files
from damas.rules.args import PATH, checked, optional, refuse, text
from damas.rules.values import FILE_PATH

__all__ = ["Progress", "ProgressError", "progress_dir", "student_name", "read_class", "MAX_STARS", "FORMAT",
           "VERSION", "MINIMUM_VERSION", "file_lock", "write_file", "strip_bom", "backup_advice", "MAX_FILE_BYTES"]

FORMAT = "damas-progresso"
VERSION = 3
#: The ``versao_minima`` this code writes: the releases before version 3 dropped what they did not know.
MINIMUM_VERSION = 3
MAX_FILE_BYTES = 64 * 1024 * 1024   # a progress file of 20,000 attempts has about 3 MB
MAX_STARS = 3
ENV_DIR = "DAMAS_PROGRESSO"
ENV_STUDENT = "DAMAS_ALUNO"
DEFAULT_DIR = "damas-progresso"
DEFAULT_STUDENT = "aluno"          # the name when there is no other (and always in JupyterLite)
LITE_LOGIN = "web_user"            # the login name Emscripten gives every page (JupyterLite)
# JupyterLite's drive in Pyodide: the files the student sees, kept in the browser's storage
# (Pyodide's home folder is in memory, gone at the next page load).
LITE_DRIVE = Path("/drive")
LOCK_TIMEOUT = 30  # seconds a save waits for another notebook's save

TEXTS = {
    "corrupt": "O arquivo de progresso {path} não pôde ser lido ({detail}). Ele não foi alterado e "
               "nada será gravado por cima dele. {advice}",
    "damaged": "O arquivo de progresso {path} está danificado ({detail}). Ele não foi alterado e "
               "nada será gravado por cima dele. {advice}",
    "foreign": "O arquivo {path} não é um arquivo de progresso do curso de damas ({detail}). Ele não "
               "foi alterado e nada será gravado por cima dele: escolha outra pasta com a variável "
               "DAMAS_PROGRESSO ou mude esse arquivo de lugar.",
    "newer": "O arquivo de progresso {path} foi gravado por uma versão mais nova do curso "
             "(versão {version}). Ele não foi alterado; atualize o pacote damas para usá-lo.",
    "other_student": "O arquivo de progresso {path} é de outro aluno ({other}, não {name}). Ele não "
                     "foi alterado e nada será gravado por cima dele.",
    "bad_name": "Nome de aluno inválido: {value}. Use letras, números, espaço, ponto, hífen ou "
                "sublinhado.",
    "bad_key": "Nome de tarefa inválido: {value!r}.",
    "bad_stars": "Número de estrelas inválido: {value!r} (deve ser de 0 a {max}).",
    "bad_index": "Número de problema inválido: {value!r}.",
    "bad_level": "Nível inválido: {value!r} (deve ser um número inteiro de 1 em diante).",
    "bad_variant": "Tabuleiro inválido: {value!r}.",
    "bad_stage": "Resultado de prova inválido: {value!r} (estrelas de 0 a 3, acertos de 0 ao número de itens, "
                 "data AAAA-MM-DD).",
    "bad_tries": "Número de tentativas inválido: {value!r} (deve ser um número inteiro de 0 em diante).",
    "bad_score": "Recorde inválido: {value!r} (deve ser um número inteiro de 0 a {max}).",
    "bad_board": "Tabuleiro ou lado inválido: {value!r}.",
    "unwritable": "Não foi possível gravar o progresso em {path} ({detail}). O que estava gravado "
                  "continua lá. Escolha uma pasta onde você possa escrever com a variável DAMAS_PROGRESSO, "
                  "ou peça ajuda ao professor.",
    "busy": "O progresso não foi gravado: outro caderno aberto está gravando em {path} há muito "
            "tempo. Feche os outros cadernos do curso e tente de novo.",
    "no_dir": "A pasta {path} não existe.",
    "where": "Seu progresso fica em {path}.",
    # what to do with a file that cannot be read: put the backup back, never delete
    "restore": "A cópia da gravação anterior está em {backup}. Para voltar a ela: renomeie {name} para "
               "{name}.danificado (guarde-o: o professor pode precisar dele) e depois renomeie {backup_name} "
               "para {name}. No Jupyter, renomeie no navegador de arquivos (botão direito, «Renomear»); se "
               "precisar, peça ajuda ao professor.",
    "backup_bad": "Há uma cópia anterior em {backup}, mas ela também não pode ser lida: peça ajuda ao "
                  "professor e guarde os dois arquivos.",
    "no_backup": "Não há cópia anterior ({backup_name} não existe). Para começar um progresso novo sem "
                 "perder este arquivo, renomeie {name} para {name}.danificado e guarde-o: o professor pode "
                 "recuperar o que há nele.",
}

#: What the teacher reads about a file left out of the class (:func:`read_class`).
TEACHER_TEXTS = {
    "corrupt": "O arquivo {path} não pôde ser lido ({detail}) e ficou fora da tabela. Ele não foi "
               "alterado. {advice}",
    "damaged": "O arquivo {path} está danificado ({detail}) e ficou fora da tabela. Ele não foi "
               "alterado. {advice}",
    "foreign": "O arquivo {path} não é um arquivo de progresso do curso de damas ({detail}) e ficou "
               "fora da tabela. Ele não foi alterado.",
    "newer": "O arquivo {path} foi gravado por uma versão mais nova do curso (versão {version}) e "
             "ficou fora da tabela; atualize o pacote damas para lê-lo. Ele não foi alterado.",
    "other_student": TEXTS["other_student"],
    "unreadable_dir": "A pasta {path} não pôde ser lida ({detail}).",
    "restore": "A cópia da gravação anterior está em {backup}: para voltar a ela, renomeie {name} para "
               "{name}.danificado e {backup_name} para {name}.",
    "backup_bad": "A cópia anterior, {backup}, também não pode ser lida; guarde os dois arquivos.",
    "no_backup": "Não há cópia anterior ({backup_name}); se o aluno for recomeçar, renomeie {name} para "
                 "{name}.danificado e guarde-o.",
}

TRAINING = _training.SECTION      # the training log's section of the file: {"tentativas": [...]}
COMPUTER = _sections.COMPUTER     # the games against the computer: {"nivel_vencido": {variant: level}}
BEATEN = _sections.BEATEN
TRIES = _sections.TRIES           # {problem key: attempts at it on a trainer's board}; only grows

_NAME = re.compile(r"^[\w .@-]{1,64}$")


class ProgressError(DamasError):
    """A progress file that cannot be used (corrupt, foreign, another
    student's, newer) or cannot be written; the file is left as it was."""


def student_name() -> str:
    """The student's name: ``DAMAS_ALUNO``, else ``JUPYTERHUB_USER``, else the login name; in
    JupyterLite, where every page's login name is Emscripten's «web_user» (nobody's name, and
    not a word for a student to read), «aluno»."""
    for env in (ENV_STUDENT, "JUPYTERHUB_USER"):
        value = os.environ.get(env, "").strip()
        if value:
            return value
    if sys.platform == "emscripten":
        return DEFAULT_STUDENT
    try:
        return getpass.getuser() or DEFAULT_STUDENT
    except Exception:  # no login name (some containers)
        return DEFAULT_STUDENT


def progress_dir() -> Path:
    """The folder of progress files: ``DAMAS_PROGRESSO``, else ``~/damas-progresso``; in
    JupyterLite, ``damas-progresso`` on the site's drive (kept by the browser)."""
    value = os.environ.get(ENV_DIR, "").strip()
    if value:
        return Path(value).expanduser()
    if sys.platform == "emscripten" and LITE_DRIVE.is_dir():
        return LITE_DRIVE / DEFAULT_DIR
    return Path.home() / DEFAULT_DIR


def _file_name(name: str) -> str:
    """The file of a (checked) name: the name itself, so that two names never share a file
    («ana maria» and «ana_maria»)."""
    return name.strip() + ".json"


def _old_file_name(name: str) -> str:
    """The file of a name up to version 0.2 (a space written as ``_``)."""
    return re.sub(r"[^\w.@-]", "_", name.strip()) + ".json"


def _normal(text: str) -> str:
    """A name in Unicode's composed form (NFC): «José» is one name however its accent was typed."""
    return unicodedata.normalize("NFC", text)


def _check_name(name):
    if isinstance(name, str):
        name = _normal(name)
    if not isinstance(name, str) or not _NAME.match(name.strip()) or name.strip() in (".", ".."):
        raise ProgressError(TEXTS["bad_name"].format(value=_shown(name)))
    return name.strip()


def _shown(value) -> str:
    """A value from a file or a person, quoted and with every control character, direction mark
    and unencodable character written as a visible escape (a name can move no cursor)."""
    from damas.course.kit.safe_text import shown
    return "«" + shown(value if isinstance(value, str) else repr(value)) + "»"


_KNOWN = {"formato", "versao", "versao_minima", "aluno", "estrelas", "problemas"}


_whole = _sections.whole


def _validate(data, path: Path, name: str | None, texts=TEXTS) -> dict:
    """The content of a progress file, checked; ProgressError (worded by ``texts``) if unusable.
    What this code does not know (sections, keys inside a section) is kept as it is."""
    def foreign(detail):
        return ProgressError(texts["foreign"].format(path=path, detail=detail))

    def damaged(detail):
        return ProgressError(texts["damaged"].format(path=path, detail=detail,
                                                     advice=backup_advice(path, name, texts)))

    if not isinstance(data, dict):
        raise foreign("o conteúdo não é um objeto JSON")
    if data.get("formato") != FORMAT:
        raise foreign("falta a marca \"formato\": \"damas-progresso\"")
    version = data.get("versao")
    if not _whole(version) or version < 1:
        raise damaged("a versão é inválida")
    # Up to version 2 there was no versao_minima; from 3 on, a file without it needs its own version.
    minimum = data.get("versao_minima", version)
    if not _whole(minimum) or not 1 <= minimum <= version:
        raise damaged("a versão mínima é inválida")
    if minimum > VERSION:
        raise ProgressError(texts["newer"].format(path=path, version=version))
    other = data.get("aluno")
    if not isinstance(other, str) or not other.strip():
        raise damaged("falta o nome do aluno")
    if name is not None and _normal(other) != name:
        raise ProgressError(texts["other_student"].format(path=path, other=_shown(other), name=_shown(name)))
    stars = data.get("estrelas", {})
    if not isinstance(stars, dict) or not all(
            isinstance(k, str) and k and _whole(v) and 0 <= v <= MAX_STARS for k, v in stars.items()):
        raise damaged("as estrelas estão fora do formato (de 0 a 3 por tarefa)")
    solved = data.get("problemas", {})
    if not isinstance(solved, dict) or not all(
            isinstance(k, str) and k and isinstance(v, list) and all(_whole(i) and i >= 0 for i in v)
            for k, v in solved.items()):
        raise damaged("os problemas resolvidos estão fora do formato")
    if version == 1:
        stars, solved = _migrate(stars, solved)
    # Unknown sections first, as they are; the known ones over them, checked.
    checked = {k: v for k, v in data.items() if k not in _KNOWN and k not in _SECTIONS}
    checked.update({"formato": FORMAT, "versao": max(version, VERSION),
                    "versao_minima": max(minimum, MINIMUM_VERSION), "aluno": _normal(other),
                    "estrelas": dict(stars), "problemas": {k: sorted(set(v)) for k, v in solved.items()}})
    for section, check in _SECTIONS.items():
        if section in data:
            checked[section] = check(data[section], damaged)
    return checked


def _merge_unknown(data: dict, mine: dict) -> None:
    """The sections a newer course wrote, that this code does not know: ``data``'s (the file on
    disk now) where both have one, else ``mine`` (what this notebook read)."""
    for key, value in mine.items():
        if key not in _KNOWN and key not in _SECTIONS and key not in data:
            data[key] = value
    data["versao"] = max(data.get("versao", VERSION), mine.get("versao", VERSION))
    data["versao_minima"] = max(data.get("versao_minima", MINIMUM_VERSION),
                                mine.get("versao_minima", MINIMUM_VERSION))


_SECTIONS = _sections.SECTIONS


def _merge(data: dict, mine: dict) -> None:
    """Put into ``data`` (the file on disk now) everything of ``mine``: the most stars of each
    task, every problem solved, every attempt, the highest levels and counts, every section of a
    newer course."""
    for k, v in mine["estrelas"].items():
        data["estrelas"][k] = max(v, data["estrelas"].get(k, 0))
    for k, v in mine["problemas"].items():
        data["problemas"][k] = sorted(set(data["problemas"].get(k, [])) | set(v))
    _sections.merge_sections(data, mine)
    _merge_unknown(data, mine)


def _migrate(stars: dict, solved: dict) -> tuple[dict, dict]:
    """The stars and problems of a version-1 file under today's keys: nothing is
    dropped; keys that meet keep the best stars and the union of the problems."""
    new_stars, new_solved = {}, {}
    for key, value in stars.items():
        key = migrate_key(key)
        new_stars[key] = max(value, new_stars.get(key, 0))
    for key, value in solved.items():
        key = migrate_key(key)
        new_solved[key] = sorted(set(new_solved.get(key, [])) | set(value))
    return new_stars, new_solved


def _decoded(raw: bytes, path: Path, name, texts):
    """The JSON value of ``raw``; ProgressError (with the backup's advice) when it is not JSON."""
    try:
        return json.loads(strip_bom(raw).decode("utf-8"))  # an editor may have put a BOM first
    except (UnicodeDecodeError, ValueError, RecursionError) as error:
        detail = ("não é texto UTF-8" if isinstance(error, UnicodeDecodeError)
                  else "tem colchetes ou chaves aninhados demais" if isinstance(error, RecursionError)
                  else "não é texto JSON válido" if raw.strip() else "está vazio")
        raise ProgressError(texts["corrupt"].format(path=path, detail=detail,
                                                    advice=backup_advice(path, name, texts))) from None


def _read_raw(path: Path, name: str | None, texts=TEXTS) -> tuple[dict | None, bytes | None]:
    """(the checked content of ``path``, its bytes), or (None, None) if there is no file (the
    refusals worded by ``texts``: the student's, or :data:`TEACHER_TEXTS` for the class's table).
    A pipe or a device is refused without being opened."""
    try:
        raw = _files.read_file(path, MAX_FILE_BYTES)
    except _files.FileError as error:
        if error.errno in (errno.ENOENT, errno.ENOTDIR):     # no file (or no folder) yet: saving will say
            return None, None
        raise ProgressError(texts["corrupt"].format(path=path, detail=_files.os_error_text(error),
                                                    advice=backup_advice(path, name, texts))) from None
    return _validate(_decoded(raw, path, name, texts), path, name, texts), raw


def _read(path: Path, name: str | None, texts=TEXTS) -> dict | None:
    """The checked content of ``path``, or None if there is no file."""
    return _read_raw(path, name, texts)[0]


def _backups(path: Path) -> list:
    """The copies of ``path`` a student may go back to, the newest first."""
    return [path.with_name(path.name + suffix) for suffix in
            (".bak", *(f".v{v}" for v in range(VERSION - 1, 0, -1)))]


def _texts(value, name):
    if not isinstance(value, dict) or not {"restore", "backup_bad", "no_backup"} <= set(value):
        raise refuse(name, "os textos das mensagens (como progress.TEXTS)", value)
    return value


def _bytes(value, name):
    if not isinstance(value, (bytes, bytearray)):
        raise refuse(name, "bytes (o conteúdo de um arquivo)", value)
    return value


@checked(path=FILE_PATH, name=optional(lambda v, n: text(v, n)), texts=_texts)
def backup_advice(path, name=None, texts=TEXTS) -> str:
    """What to do with the unreadable progress file ``path`` (of student ``name``, or any): put
    back its backup, named exactly (never delete anything)."""
    path = Path(path)
    for backup in _backups(path):
        if not backup.exists() and not backup.is_symlink():
            continue
        try:
            _validate(_decoded(_files.read_file(backup, MAX_FILE_BYTES), backup, name, texts), backup, name, texts)
        except (ProgressError, _files.FileError):
            return texts["backup_bad"].format(backup=backup, name=path.name, backup_name=backup.name)
        return texts["restore"].format(backup=backup, name=path.name, backup_name=backup.name)
    first = _backups(path)[0]
    return texts["no_backup"].format(backup=first, name=path.name, backup_name=first.name)


class _NoLock(contextlib.nullcontext):
    """Where no lock can be taken (Pyodide, no filelock)."""

    held = False


def file_lock(path):
    """The lock held around a save's read-merge-write of ``path``: ``<arquivo>.lock`` beside it
    (:mod:`filelock`), so that two notebooks (or two windows of the tournament) save one after
    the other.  Where there are no processes to exclude (Pyodide: a course in the browser) or
    filelock is not installed, no lock (``held`` is False): the save still merges and replaces
    the file at once.  A lock name that is not a regular file (a pipe, a folder, a link) is
    refused (``OSError``), never opened."""
    PATH(path, "path")
    if sys.platform == "emscripten":
        return _NoLock()
    try:
        from filelock import FileLock
    except ImportError:
        return _NoLock()
    lock = Path(str(path) + ".lock")
    try:
        info = os.lstat(lock)
    except FileNotFoundError:
        info = None
    if info is not None and not stat.S_ISREG(info.st_mode):
        raise _files.FileError(f"{lock}: não é um arquivo comum", None, lock, "special",
                               "a trava " + lock.name + " não é um arquivo comum (é uma pasta, um pipe ou um atalho)")
    locked = FileLock(str(lock), timeout=LOCK_TIMEOUT)
    locked.held = True
    return locked


def write_file(path, content: bytes) -> None:
    """Write ``content`` to ``path`` whole or not at all (:func:`damas.rules.files.write_file`:
    aside, flushed, checked and renamed; the permissions the umask gives, so the teacher may read
    it on a shared server)."""
    _files.write_file(path, content)


@checked(raw=_bytes)
def strip_bom(raw: bytes) -> bytes:
    """``raw`` without the UTF-8 byte order mark an editor may put first."""
    return raw[3:] if raw.startswith(b"\xef\xbb\xbf") else raw


def _dumped(data: dict) -> bytes:
    """The file's bytes: UTF-8 text, or, should a text hold what UTF-8 cannot write (an escaped
    lone surrogate read from a hand-edited file), every such text escaped as it was read."""
    try:
        text = json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n"
        return text.encode("utf-8")
    except UnicodeEncodeError:
        return (json.dumps(data, ensure_ascii=True, indent=1, sort_keys=True) + "\n").encode("ascii")


def _clean_folder(path: Path, locked: bool) -> None:
    """Remove the temporary files of ``path`` that a killed save left (all of them under the lock,
    only old ones without it), and those of versions before 3 (``.progresso-*.tmp``)."""
    _files.clean_leftovers(path, 0 if locked else _files.STALE_SECONDS)
    _files.clean_leftovers(path.with_name(path.name + ".bak"), 0 if locked else _files.STALE_SECONDS)
    try:
        for old in path.parent.glob(".progresso-*.tmp"):
            with contextlib.suppress(OSError):
                if time.time() - old.lstat().st_mtime > _files.STALE_SECONDS:
                    old.unlink()
    except OSError:
        pass


class Progress:
    """The progress of one student, read from and saved to their file.

    ``Progress()`` uses the default student and folder; ``Progress("ana",
    folder=...)`` another.  Reading a file that is refused raises
    :class:`ProgressError` (and the file stays as it was)."""

    def __init__(self, student: str | None = None, folder=None):
        if folder is not None:
            PATH(folder, "folder")
        self.student = _check_name(student if student is not None else student_name())
        self.folder = Path(folder).expanduser() if folder is not None else progress_dir()
        self.path = self.folder / _file_name(self.student)
        self._adopt_old_file()
        self._adopt_lite_file()
        data = _read(self.path, self.student)
        self._data = data or self._empty()

    def _empty(self) -> dict:
        return {"formato": FORMAT, "versao": VERSION, "versao_minima": MINIMUM_VERSION, "aluno": self.student,
                "estrelas": {}, "problemas": {}}

    def _adopt_old_file(self) -> None:
        """A file saved under another name of this student (``ana_maria.json`` for «ana maria»,
        up to version 0.2; «José» with a combining accent, written by an earlier version or on
        a Mac) that says it is theirs is renamed to the name of today, once (never another
        student's; a file that cannot be read is left where it is)."""
        if self.path.exists() or self.path.is_symlink():
            return
        decomposed = unicodedata.normalize("NFD", self.student)
        names = {_old_file_name(self.student), _file_name(decomposed), _old_file_name(decomposed)}
        for old in sorted(self.folder / n for n in names - {self.path.name}):
            if not old.exists():
                continue
            try:
                data = _read(old, None)
            except ProgressError:
                continue
            if data is not None and data["aluno"] == self.student:
                try:
                    with file_lock(self.path):
                        if not self.path.exists():
                            os.replace(old, self.path)
                except OSError:
                    pass  # a folder we cannot write: the old file stays; saving will say so
                return

    def _adopt_lite_file(self) -> None:
        """In JupyterLite, earlier versions saved under Emscripten's login name
        («web_user.json»): its stars, problems and training become the default student's
        («aluno.json»), once; the old file is left as it was."""
        if sys.platform != "emscripten" or self.student != DEFAULT_STUDENT or self.path.exists():
            return
        old = self.folder / _file_name(LITE_LOGIN)
        if not old.exists():
            return
        try:
            data = _read(old, LITE_LOGIN)
        except ProgressError:
            return          # a file that cannot be read is left alone; the student starts afresh
        if data is None:
            return
        data["aluno"] = self.student
        try:
            with file_lock(self.path):
                if not self.path.exists():
                    write_file(self.path, _dumped(data))
        except OSError:
            pass            # a folder we cannot write: saving will say so

    # -- reading ------------------------------------------------------------------
    def stars(self, key: str) -> int:
        """The stars of task ``key`` (0 if never done)."""
        return self._data["estrelas"].get(key, 0)

    @property
    def all_stars(self) -> dict:
        """{task: stars}, a copy."""
        return dict(self._data["estrelas"])

    def solved(self, collection: str) -> set:
        """Indices (0-based) of the problems of ``collection`` solved."""
        return set(self._data["problemas"].get(collection, []))

    @property
    def all_solved(self) -> dict:
        return {k: sorted(v) for k, v in self._data["problemas"].items()}

    def total_stars(self, prefix: str = "") -> int:
        return sum(v for k, v in self._data["estrelas"].items() if k.startswith(prefix))

    def where(self) -> str:
        """Where the file is, with ``~`` for the home folder."""
        try:
            shown = "~/" + self.path.relative_to(Path.home()).as_posix()
        except ValueError:
            shown = str(self.path)
        return TEXTS["where"].format(path=shown)

    # -- changing (each change is saved at once) ---------------------------------------
    def record_stars(self, key: str, stars: int) -> int:
        """Keep ``stars`` for task ``key`` if better than before; save; return the best."""
        if not isinstance(key, str) or not key.strip():
            raise ProgressError(TEXTS["bad_key"].format(value=key))
        if not isinstance(stars, int) or isinstance(stars, bool) or not 0 <= stars <= MAX_STARS:
            raise ProgressError(TEXTS["bad_stars"].format(value=stars, max=MAX_STARS))
        self._save(lambda d: d["estrelas"].__setitem__(key, max(stars, d["estrelas"].get(key, 0))))
        return self.stars(key)

    def record_solved(self, collection: str, index: int) -> None:
        """Mark problem ``index`` of ``collection`` as solved; save."""
        if not isinstance(collection, str) or not collection.strip():
            raise ProgressError(TEXTS["bad_key"].format(value=collection))
        if not isinstance(index, int) or isinstance(index, bool) or index < 0:
            raise ProgressError(TEXTS["bad_index"].format(value=index))
        self._save(lambda d: d["problemas"].__setitem__(
            collection, sorted(set(d["problemas"].get(collection, [])) | {index})))

    def move_solved(self, old: str, keys) -> None:
        """Replace the problems saved under ``old`` by problems saved under each of ``keys``
        (an earlier version's key, now kept by position); save."""
        keys = list(keys)
        if not isinstance(old, str) or not old.strip() or not all(isinstance(k, str) and k.strip() for k in keys):
            raise ProgressError(TEXTS["bad_key"].format(value=old))

        def change(d):
            for k in keys:
                d["problemas"][k] = sorted(set(d["problemas"].get(k, [])) | {0})
            d["problemas"].pop(old, None)
        self._save(change)

    # -- the games against the computer ---------------------------------------------------
    def level_beaten(self, variant: str = "brazilian") -> int:
        """The highest level of the computer beaten on the board of ``variant`` (0: none yet)."""
        return self._data.get(COMPUTER, {}).get(BEATEN, {}).get(variant, 0)

    def record_level_beaten(self, level: int, variant: str = "brazilian") -> int:
        """The student beat the computer at ``level`` on the board of ``variant``: keep it if
        higher than before; save; return the highest."""
        if not _sections.valid_level(level):
            raise ProgressError(TEXTS["bad_level"].format(value=level))
        if not isinstance(variant, str) or not variant.strip():
            raise ProgressError(TEXTS["bad_variant"].format(value=variant))

        def change(d):
            beaten = d.setdefault(COMPUTER, {BEATEN: {}})[BEATEN]
            beaten[variant] = max(level, beaten.get(variant, 0))
        self._save(change)
        return self.level_beaten(variant)

    # -- the mini-games and the stage tests (:mod:`damas.course.kit.play_progress`) -------------
    def minigame_stars(self, key: str, level: int) -> int:
        """The best stars won in mini-game ``key`` at ``level`` (0: not won yet)."""
        return self._data.get(_play.MINIGAMES, {}).get(_play.STARS, {}).get(_play.minigame_key(key, level), 0)

    def record_minigame_win(self, key: str, level: int, stars: int) -> int:
        """A win in mini-game ``key`` at ``level`` with ``stars``: one more win, the stars kept
        if better than before; save; return the best stars."""
        if not _play.valid_name(key):
            raise ProgressError(TEXTS["bad_key"].format(value=key))
        if not _sections.valid_level(level):
            raise ProgressError(TEXTS["bad_level"].format(value=level))
        if not isinstance(stars, int) or isinstance(stars, bool) or not 0 <= stars <= MAX_STARS:
            raise ProgressError(TEXTS["bad_stars"].format(value=stars, max=MAX_STARS))
        name = _play.minigame_key(key, level)

        def change(d):
            section = d.setdefault(_play.MINIGAMES, {})
            best = section.setdefault(_play.STARS, {})
            wins = section.setdefault(_play.WINS, {})
            best[name] = max(stars, best.get(name, 0))
            wins[name] = wins.get(name, 0) + 1
        self._save(change)
        return self.minigame_stars(key, level)

    def stage_result(self, stage: str) -> dict | None:
        """The best result of stage test ``stage`` («regras», «tomadas», «finais»), or None."""
        record = self._data.get(_play.STAGES, {}).get(stage)
        return dict(record) if record is not None else None

    def record_stage(self, stage: str, stars: int, right: int, items: int, date: str) -> dict:
        """Stage test ``stage`` passed with ``stars``, ``right`` items of ``items`` right at the
        first try, on ``date`` (``"AAAA-MM-DD"``): kept if better than before; save; return the best."""
        if not _play.valid_name(stage):
            raise ProgressError(TEXTS["bad_key"].format(value=stage))
        try:
            record = _play.stage_record(stars, right, items, date)
        except ValueError:
            raise ProgressError(TEXTS["bad_stage"].format(value=(stars, right, items, date))) from None

        def change(d):
            section = d.setdefault(_play.STAGES, {})
            section[stage] = _play.better_stage(section[stage], record) if stage in section else record
        self._save(change)
        return self.stage_result(stage)

    # -- the attempts at each problem (the trainer's «Tentativas neste problema») ------------
    def tries(self, problem: str) -> int:
        """How many attempts the student made at ``problem`` (its key,
        :func:`damas.course.kit.keys.position_key`) on a trainer's board (0: none)."""
        if not isinstance(problem, str) or not problem.strip():
            raise ProgressError(TEXTS["bad_key"].format(value=problem))
        return self._data.get(TRIES, {}).get(problem, 0)

    def record_tries(self, problem: str, count: int) -> int:
        """The student has made ``count`` attempts at ``problem``: keep it if higher than before;
        save; return the highest.  (Two notebooks counting the same problem at once keep the
        higher count, not the sum.)"""
        if not isinstance(problem, str) or not problem.strip():
            raise ProgressError(TEXTS["bad_key"].format(value=problem))
        if not isinstance(count, int) or isinstance(count, bool) or count < 0:
            raise ProgressError(TEXTS["bad_tries"].format(value=count))

        def change(d):
            tries = d.setdefault(TRIES, {})
            tries[problem] = max(count, tries.get(problem, 0))
        self._save(change)
        return self.tries(problem)

    # -- the coordinates trainer's best scores (:mod:`damas.course.kit.coordinates`) -----------
    def best_coordinates(self, variant: str = "brazilian", side: str = "W") -> int:
        """The most squares found in one round of «Treino de coordenadas» on the board of
        ``variant`` seen from ``side`` ('W': White at the bottom, 'B': Black); 0: none yet."""
        key = self._coordinates_key(variant, side)
        return self._data.get(_coordinates.SECTION, {}).get(key, 0)

    def record_coordinates(self, score: int, variant: str = "brazilian", side: str = "W") -> int:
        """A round of «Treino de coordenadas» found ``score`` squares: keep it if higher than
        before; save; return the best."""
        key = self._coordinates_key(variant, side)
        if (not isinstance(score, int) or isinstance(score, bool)
                or not 0 <= score <= _coordinates.MAX_SCORE):
            raise ProgressError(TEXTS["bad_score"].format(value=score, max=_coordinates.MAX_SCORE))

        def change(d):
            best = d.setdefault(_coordinates.SECTION, {})
            best[key] = max(score, best.get(key, 0))
        self._save(change)
        return self.best_coordinates(variant, side)

    @staticmethod
    def _coordinates_key(variant, side) -> str:
        if variant not in _coordinates.VARIANTS or side not in _coordinates.SIDES:
            raise ProgressError(TEXTS["bad_board"].format(value=(variant, side)))
        return _coordinates.score_key(variant, side)

    # -- the training log («Treino do dia», :mod:`damas.course.kit.training`) -----------------
    @property
    def attempts(self) -> list:
        """The attempts at problems, oldest first (records of :func:`damas.course.kit.training.new_attempt`)."""
        return [dict(a) for a in self._data.get(TRAINING, {}).get(_training.ATTEMPTS, [])]

    def record_attempt(self, problem: str, outcome: str, now=None) -> dict:
        """Save one attempt at ``problem`` (its key, :func:`damas.course.kit.training.problem_key`) with ``outcome`` (one of
        :data:`damas.course.kit.ratings.OUTCOMES`) at ``now`` (default: now); return its record."""
        if not isinstance(problem, str) or not problem.strip():
            raise ProgressError(TEXTS["bad_key"].format(value=problem))
        record = _training.new_attempt(problem, outcome, now)
        self._save(lambda d: _training.add_attempt(d, record))
        return dict(record)

    def reload(self) -> None:
        """Read the file again (another notebook may have saved)."""
        data = _read(self.path, self.student)
        if data is not None:
            self._data = data

    def _save(self, change) -> None:
        # Under the file's lock: merge with what is on disk now (refusing a file that became
        # unusable), apply the change, write the file whole (aside, checked, renamed).
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            lock = file_lock(self.path)
            with lock:
                _clean_folder(self.path, lock.held)
                data = self._merged_write(change)
        except TimeoutError:  # filelock.Timeout
            raise ProgressError(TEXTS["busy"].format(path=self.path)) from None
        except OSError as error:
            raise ProgressError(TEXTS["unwritable"].format(path=self.path,
                                                           detail=_files.os_error_text(error))) from None
        self._data = data

    def _merged_write(self, change) -> dict:
        """Read the file, keep the best of it and of this object (the most stars of each task, every
        task and problem of either, every section of a newer course), apply ``change``, write it
        whole; the data written."""
        current, old = _read_raw(self.path, self.student)
        data = current or self._empty()
        _merge(data, self._data)
        change(data)
        try:
            content = _dumped(data)
        except (ValueError, RecursionError, TypeError):
            raise ProgressError(TEXTS["damaged"].format(path=self.path, detail="não pôde ser escrito de novo",
                                                        advice=backup_advice(self.path, self.student))) from None
        if old is not None:
            write_file(self.path.with_name(self.path.name + ".bak"), old)
            # The first save after an older version keeps that file for good, beside the
            # new one (".json.v1", ".json.v2": the teacher's folder reads only "*.json").
            version = json.loads(strip_bom(old).decode("utf-8")).get("versao")
            if version != VERSION and _whole(version) and version < VERSION:
                kept = self.path.with_name(f"{self.path.name}.v{version}")
                if not kept.exists() and not kept.is_symlink():
                    write_file(kept, old)
        write_file(self.path, content)
        return data

    def __repr__(self) -> str:
        return f"Progress({self.student!r}: {self.total_stars()} estrelas)"


# -- the class's files, for the teacher ------------------------------------------------
@checked()
def read_class(folder) -> tuple[list[dict], list[str]]:
    """Read every ``*.json`` of ``folder``: (the checked progress of each
    student, sorted by name; a message for each file refused)."""
    folder = Path(folder)
    if not folder.is_dir():
        raise ProgressError(TEXTS["no_dir"].format(path=folder))
    students, problems = {}, []
    try:
        paths = sorted(folder.glob("*.json"))
    except OSError as error:
        raise ProgressError(TEACHER_TEXTS["unreadable_dir"].format(path=folder,
                                                                   detail=_files.os_error_text(error))) from None
    for path in paths:
        try:
            data = _read(path, None, TEACHER_TEXTS)
        except ProgressError as error:
            problems.append(str(error))
            continue
        if data is None:
            continue
        if data["aluno"] in students:        # one student in two files («José» typed two ways)
            _merge(students[data["aluno"]], data)
        else:
            students[data["aluno"]] = data
    return sorted(students.values(), key=lambda d: d["aluno"].lower()), problems

"""A student's progress: stars of the board tasks and quizzes, problems solved.

Where it is kept
    One JSON file per student, in a folder of the student's own:
    ``~/damas-progresso/<aluno>.json`` (``~`` is the home folder: on a
    JupyterHub it is the student's own home, and a notebook served by Voilà
    runs as the same user, with the same home).  The environment variable
    ``DAMAS_PROGRESSO`` names another folder; ``DAMAS_ALUNO`` another
    name (the default is ``JUPYTERHUB_USER``, else the login name).

What it holds
    ``{"formato": "damas-progresso", "versao": 2, "aluno": "ana",
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
    A key starts with the chapter's stable name (its slug, :mod:`damas.course.kit.chapter_list`),
    not its number, so a new order of the chapters changes no file.

Older files
    Version 1 named the chapter by its number in the first order of the course
    (``"05/maximo-1"``).  Such a file is read with its keys translated
    (:func:`damas.course.kit.chapter_list.migrate_key`: ``"lei-da-maioria/maximo-1"``); two old
    keys that meet keep the best stars and every problem solved.  The file
    itself is rewritten, as version 2, only at the next save, and the old one
    is kept for good as ``<aluno>.json.v1`` (and, until the save after, as
    ``<aluno>.json.bak``).

Safety
    A file that is not valid JSON, not of this format, of a newer version, of
    another student, or with values out of range is refused with a
    :class:`ProgressError` in Portuguese: it is never overwritten, and
    nothing is saved until someone renames or removes it.  Every save takes
    the file's lock (``<aluno>.json.lock``, with :mod:`filelock`), merges with
    what is on disk (the most stars of each task and every task and problem
    of either: two notebooks open at once lose nothing), writes a temporary
    file in the same folder, flushes it to disk and renames it over the old
    one, and keeps the previous version as ``<aluno>.json.bak``.  Without
    filelock, and on Pyodide (the course in the browser, where there are no
    processes to exclude), the save takes no lock and does the rest.  New
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
import secrets
import sys
from pathlib import Path

from damas.course.kit import coordinate_scores as _coordinates
from damas.course.kit import training as _training
from damas.course.kit.chapter_list import migrate_key
from damas.errors import DamasError
from damas.rules.args import PATH, checked

__all__ = ["Progress", "ProgressError", "progress_dir", "student_name", "read_class", "MAX_STARS", "FORMAT",
           "VERSION"]

FORMAT = "damas-progresso"
VERSION = 2
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
               "nada será gravado por cima dele: renomeie-o ou apague-o (ou peça ajuda ao professor) "
               "para começar um progresso novo.",
    "foreign": "O arquivo {path} não é um arquivo de progresso do curso de damas ({detail}). Ele não "
               "foi alterado e nada será gravado por cima dele: escolha outra pasta com a variável "
               "DAMAS_PROGRESSO ou mova esse arquivo.",
    "newer": "O arquivo de progresso {path} foi gravado por uma versão mais nova do curso "
             "(versão {version}). Ele não foi alterado; atualize o pacote damas para usá-lo.",
    "other_student": "O arquivo de progresso {path} é de outro aluno ({other!r}, não {name!r}). Ele não "
                     "foi alterado e nada será gravado por cima dele.",
    "bad_name": "Nome de aluno inválido: {value!r}. Use letras, números, espaço, ponto, hífen ou "
                "sublinhado.",
    "bad_key": "Nome de tarefa inválido: {value!r}.",
    "bad_stars": "Número de estrelas inválido: {value!r} (deve ser de 0 a {max}).",
    "bad_index": "Número de problema inválido: {value!r}.",
    "bad_level": "Nível inválido: {value!r} (deve ser um número inteiro de 1 em diante).",
    "bad_variant": "Tabuleiro inválido: {value!r}.",
    "bad_tries": "Número de tentativas inválido: {value!r} (deve ser um número inteiro de 0 em diante).",
    "bad_score": "Recorde inválido: {value!r} (deve ser um número inteiro de 0 a {max}).",
    "bad_board": "Tabuleiro ou lado inválido: {value!r}.",
    "unwritable": "Não foi possível gravar o progresso em {path} ({detail}). Escolha uma pasta onde "
                  "você possa escrever com a variável DAMAS_PROGRESSO.",
    "busy": "O progresso não foi gravado: outro caderno aberto está gravando em {path} há muito "
            "tempo. Feche os outros cadernos do curso e tente de novo.",
    "no_dir": "A pasta {path} não existe.",
    "where": "Seu progresso fica em {path}.",
}

#: What the teacher reads about a file left out of the class (:func:`read_class`).
TEACHER_TEXTS = {
    "corrupt": "O arquivo {path} não pôde ser lido ({detail}) e ficou fora da tabela. Ele não foi "
               "alterado; se o aluno for recomeçar, renomeie-o ou apague-o.",
    "foreign": "O arquivo {path} não é um arquivo de progresso do curso de damas ({detail}) e ficou "
               "fora da tabela. Ele não foi alterado.",
    "newer": "O arquivo {path} foi gravado por uma versão mais nova do curso (versão {version}) e "
             "ficou fora da tabela; atualize o pacote damas para lê-lo. Ele não foi alterado.",
    "other_student": TEXTS["other_student"],
}

TRAINING = _training.SECTION      # the training log's section of the file: {"tentativas": [...]}
COMPUTER = "computador"           # the games against the computer: {"nivel_vencido": {variant: level}}
BEATEN = "nivel_vencido"
TRIES = "tentativas_por_problema"  # {problem key: attempts at it on a trainer's board}; only grows

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


def _check_name(name):
    if not isinstance(name, str) or not _NAME.match(name.strip()) or name.strip() in (".", ".."):
        raise ProgressError(TEXTS["bad_name"].format(value=name))
    return name.strip()


def _validate(data, path: Path, name: str | None, texts=TEXTS) -> dict:
    """The content of a progress file, checked; ProgressError (worded by ``texts``) if unusable."""
    def foreign(detail):
        return ProgressError(texts["foreign"].format(path=path, detail=detail))

    if not isinstance(data, dict):
        raise foreign("o conteúdo não é um objeto JSON")
    if data.get("formato") != FORMAT:
        raise foreign("falta a marca \"formato\": \"damas-progresso\"")
    version = data.get("versao")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise foreign("a versão é inválida")
    if version > VERSION:
        raise ProgressError(texts["newer"].format(path=path, version=version))
    other = data.get("aluno")
    if not isinstance(other, str):
        raise foreign("falta o nome do aluno")
    if name is not None and other != name:
        raise ProgressError(texts["other_student"].format(path=path, other=other, name=name))
    stars = data.get("estrelas", {})
    if not isinstance(stars, dict) or not all(
            isinstance(k, str) and k and isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= MAX_STARS
            for k, v in stars.items()):
        raise foreign("as estrelas estão fora do formato (de 0 a 3 por tarefa)")
    solved = data.get("problemas", {})
    if not isinstance(solved, dict) or not all(
            isinstance(k, str) and k and isinstance(v, list)
            and all(isinstance(i, int) and not isinstance(i, bool) and i >= 0 for i in v)
            for k, v in solved.items()):
        raise foreign("os problemas resolvidos estão fora do formato")
    if version == 1:
        stars, solved = _migrate(stars, solved)
    checked = {"formato": FORMAT, "versao": VERSION, "aluno": other, "estrelas": dict(stars),
               "problemas": {k: sorted(set(v)) for k, v in solved.items()}}
    if TRAINING in data:
        checked[TRAINING] = _training.checked_section(data[TRAINING], foreign)
    if COMPUTER in data:
        checked[COMPUTER] = _checked_computer(data[COMPUTER], foreign)
    if TRIES in data:
        checked[TRIES] = _checked_tries(data[TRIES], foreign)
    if _coordinates.SECTION in data:
        checked[_coordinates.SECTION] = _coordinates.checked_section(data[_coordinates.SECTION], foreign)
    return checked


def _valid_level(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 1


def _checked_computer(value, refuse) -> dict:
    """The section of the games against the computer, checked (``refuse(detail)`` makes the error)."""
    beaten = value.get(BEATEN, {}) if isinstance(value, dict) else None
    if (not isinstance(value, dict) or set(value) - {BEATEN} or not isinstance(beaten, dict)
            or not all(isinstance(k, str) and k and _valid_level(v) for k, v in beaten.items())):
        raise refuse("os níveis vencidos contra o computador estão fora do formato")
    return {BEATEN: dict(beaten)}


def _merge_computer(data: dict, mine: dict) -> None:
    """Keep in ``data`` the highest level beaten on each board of either."""
    if COMPUTER in data or COMPUTER in mine:
        merged = dict(data.get(COMPUTER, {}).get(BEATEN, {}))
        for variant, level in mine.get(COMPUTER, {}).get(BEATEN, {}).items():
            merged[variant] = max(level, merged.get(variant, 0))
        data[COMPUTER] = {BEATEN: merged}


def _checked_tries(value, refuse) -> dict:
    """The section of the attempts at each problem, checked (``refuse(detail)`` makes the error)."""
    if not isinstance(value, dict) or not all(
            isinstance(k, str) and k and isinstance(v, int) and not isinstance(v, bool) and v >= 0
            for k, v in value.items()):
        raise refuse("as tentativas nos problemas estão fora do formato")
    return dict(value)


def _merge_tries(data: dict, mine: dict) -> None:
    """Keep in ``data`` the higher count of attempts at each problem of either."""
    if TRIES in data or TRIES in mine:
        merged = dict(data.get(TRIES, {}))
        for key, count in mine.get(TRIES, {}).items():
            merged[key] = max(count, merged.get(key, 0))
        data[TRIES] = merged


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


def _read(path: Path, name: str | None, texts=TEXTS) -> dict | None:
    """The checked content of ``path``, or None if there is no file (the refusals worded by
    ``texts``: the student's, or :data:`TEACHER_TEXTS` for the class's table)."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return None
    except OSError as error:
        raise ProgressError(texts["corrupt"].format(path=path, detail=error.strerror or error)) from None
    try:
        data = json.loads(_strip_bom(raw).decode("utf-8"))  # an editor may have put a BOM first
    except (UnicodeDecodeError, ValueError, RecursionError) as error:
        detail = ("não é texto UTF-8" if isinstance(error, UnicodeDecodeError)
                  else "tem colchetes ou chaves aninhados demais" if isinstance(error, RecursionError)
                  else "não é texto JSON válido")
        raise ProgressError(texts["corrupt"].format(path=path, detail=detail)) from None
    return _validate(data, path, name, texts)


def _lock(path: Path):
    """The lock held around a save's read-merge-write: ``<aluno>.json.lock`` beside the file
    (:mod:`filelock`), so that two notebooks of one student save one after the other.  Where
    there are no processes to exclude (Pyodide: a course in the browser) or filelock is not
    installed, no lock: the save still merges and replaces the file at once."""
    if sys.platform == "emscripten":
        return contextlib.nullcontext()
    try:
        from filelock import FileLock
    except ImportError:
        return contextlib.nullcontext()
    return FileLock(str(path) + ".lock", timeout=LOCK_TIMEOUT)


def _write_atomic(path: Path, content: bytes) -> None:
    """Write ``content`` to a new file in the same folder, flush it to disk and rename it over
    ``path``: a reader sees the old file or the new one, never a part.  The new file gets the
    permissions the umask gives (the teacher may read it on a shared server)."""
    tmp = path.with_name(f".progresso-{os.getpid()}-{secrets.token_hex(6)}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(content)
            out.flush()
            try:
                os.fsync(out.fileno())
            except OSError as error:  # a file system with no fsync (some network or browser ones)
                if error.errno not in (errno.EINVAL, errno.ENOTSUP, errno.ENOSYS):
                    raise
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    _fsync_folder(path.parent)


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


def _strip_bom(raw: bytes) -> bytes:
    return raw[3:] if raw.startswith(b"\xef\xbb\xbf") else raw


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
        self._data = data or {"formato": FORMAT, "versao": VERSION, "aluno": self.student,
                              "estrelas": {}, "problemas": {}}

    def _adopt_old_file(self) -> None:
        """A file saved under the old name of this student (``ana_maria.json`` for «ana maria»)
        that says it is theirs is renamed to the new name, once (and never another student's)."""
        old = self.folder / _old_file_name(self.student)
        if old == self.path or self.path.exists() or not old.exists():
            return
        data = _read(old, None)
        if data is not None and data["aluno"] == self.student:
            try:
                with _lock(self.path):
                    if not self.path.exists():
                        os.replace(old, self.path)
            except OSError:
                pass  # a folder we cannot write: the old file stays; saving will say so

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
        text = json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n"
        try:
            with _lock(self.path):
                if not self.path.exists():
                    _write_atomic(self.path, text.encode("utf-8"))
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
        if not _valid_level(level):
            raise ProgressError(TEXTS["bad_level"].format(value=level))
        if not isinstance(variant, str) or not variant.strip():
            raise ProgressError(TEXTS["bad_variant"].format(value=variant))

        def change(d):
            beaten = d.setdefault(COMPUTER, {BEATEN: {}})[BEATEN]
            beaten[variant] = max(level, beaten.get(variant, 0))
        self._save(change)
        return self.level_beaten(variant)

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
        # unusable), apply the change, write a temporary file and rename it over the old one.
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            with _lock(self.path):
                data = self._merged_write(change)
        except TimeoutError:  # filelock.Timeout
            raise ProgressError(TEXTS["busy"].format(path=self.path)) from None
        except OSError as error:
            raise ProgressError(TEXTS["unwritable"].format(path=self.path,
                                                           detail=error.strerror or error)) from None
        self._data = data

    def _merged_write(self, change) -> dict:
        """Read the file, keep the best of it and of this object (the most stars of each task, every
        task and problem of either), apply ``change``, write it atomically; the data written."""
        current = _read(self.path, self.student)
        data = current or {"formato": FORMAT, "versao": VERSION, "aluno": self.student,
                           "estrelas": {}, "problemas": {}}
        for k, v in self._data["estrelas"].items():
            data["estrelas"][k] = max(v, data["estrelas"].get(k, 0))
        for k, v in self._data["problemas"].items():
            data["problemas"][k] = sorted(set(data["problemas"].get(k, [])) | set(v))
        _training.merge_section(data, self._data)
        _merge_computer(data, self._data)
        _merge_tries(data, self._data)
        _coordinates.merge_section(data, self._data)
        change(data)
        text = json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n"
        if current is not None:
            old = self.path.read_bytes()
            _write_atomic(self.path.with_name(self.path.name + ".bak"), old)
            # The first save after an older version keeps that file for good, beside the
            # new one (".json.v1": the teacher's folder reads only "*.json").
            version = json.loads(_strip_bom(old).decode("utf-8")).get("versao")
            if version != VERSION:
                kept = self.path.with_name(f"{self.path.name}.v{version}")
                if not kept.exists():
                    _write_atomic(kept, old)
        _write_atomic(self.path, text.encode("utf-8"))
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
    students, problems = [], []
    for path in sorted(folder.glob("*.json")):
        try:
            data = _read(path, None, TEACHER_TEXTS)
        except ProgressError as error:
            problems.append(str(error))
            continue
        if data is not None:
            students.append(data)
    students.sort(key=lambda d: d["aluno"].lower())
    return students, problems

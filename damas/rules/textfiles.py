"""Reading a text file a person names: what a path is, the files refused, the encodings read.

What an argument means (:func:`read_games`, :func:`damas.problems.puzzles.load_collection`):

* a :class:`pathlib.Path` (any ``os.PathLike``) is always a file;
* ``bytes`` are the content itself;
* a ``str`` is a file when it is one line and names something that exists or ends in ``.pdn``
  or ``.txt`` (any case); any other ``str`` is the text itself.  So a mistyped file name such as
  ``"partidas/jogo1.pdn"`` is reported as «arquivo não encontrado», not read as PDN.

A file must be a regular file: a folder, a FIFO, a device or a socket is refused at once (it is
never opened in a way that waits: a FIFO with no writer would block forever).  The bytes are
read as UTF-8 (a UTF-8 byte order mark is skipped), as UTF-16 or UTF-32 when they start with
that encoding's byte order mark, and otherwise as Latin-1 (old PDN files are often ISO-8859-1).
A file with zero bytes in it is not text: UTF-16 without a mark gets its own message.
Every refusal is the caller's error type (a :class:`damas.errors.DamasError`) with a message in
Portuguese.
"""

from __future__ import annotations

import codecs
import errno
import os
from collections.abc import Callable
from typing import Any

from damas.errors import DamasError
from damas.rules.values import FILE_PATH, checked_with, optional, refuse, text_spec

__all__ = ["PATH_SUFFIXES", "names_a_file", "read_text_file", "decode_text"]

PATH_SUFFIXES = (".pdn", ".txt")
_LONGEST_PATH = 4096

#: What the refusals of a reading are made of: a DamasError class, or a function that makes one
#: from the Portuguese message.
ErrorMaker = Callable[[str], DamasError]

_BOMS = (  # longest first: the UTF-32 LE mark starts with the UTF-16 LE one
    (codecs.BOM_UTF32_LE, "utf-32"), (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF8, "utf-8-sig"), (codecs.BOM_UTF16_LE, "utf-16"), (codecs.BOM_UTF16_BE, "utf-16"),
)

TEXTS = {
    "not_found": "arquivo não encontrado: {path}",
    "folder": "{path} é uma pasta, não um arquivo",
    "special": "{path} não é um arquivo comum (é um pipe, um dispositivo ou um soquete) e não pode ser lido",
    "denied": "sem permissão para ler o arquivo {path}",
    "unreadable": "não foi possível ler o arquivo {path} ({detail})",
    "bad_bom": "o arquivo {path} começa com a marca do {encoding}, mas o resto não está nessa codificação; "
               "salve-o de novo como UTF-8",
    "utf16": "o arquivo {path} parece estar em UTF-16 sem a marca de início (BOM); salve-o como UTF-8",
    "binary": "o arquivo {path} não é um arquivo de texto",
    "bad_bom_bytes": "os bytes recebidos começam com a marca do {encoding}, mas o resto não está nessa "
                     "codificação; use texto UTF-8",
    "utf16_bytes": "os bytes recebidos parecem estar em UTF-16 sem a marca de início (BOM); use texto UTF-8",
    "binary_bytes": "os bytes recebidos não são texto",
}


def names_a_file(value: object) -> bool:
    """True when ``value`` is to be read as a file (the rule of the module's docstring)."""
    if isinstance(value, os.PathLike):
        return True
    if not isinstance(value, str) or "\n" in value or "\r" in value or len(value) >= _LONGEST_PATH:
        return False
    name = value.strip()
    if not name:
        return False
    return name.lower().endswith(PATH_SUFFIXES) or os.path.exists(name)


def _error_class(value: Any, name: str) -> Any:
    """What the refusals of the reading are made of: a DamasError class, or a function that
    makes one from the message."""
    if isinstance(value, type) and not issubclass(value, DamasError) or not callable(value):
        raise refuse(name, "uma classe de erro do pacote (DamasError) ou uma função que faça um", value)
    return value


def _bytes(value: Any, name: str) -> Any:
    if not isinstance(value, (bytes, bytearray)):
        raise refuse(name, "bytes (o conteúdo de um arquivo)", value)
    return value


@checked_with({}, path=FILE_PATH, error=_error_class)
def read_text_file(path: str | os.PathLike[str], error: ErrorMaker) -> str:
    """The text of the regular file ``path``; ``error(message)`` (a DamasError class) for any refusal."""
    from damas.rules.files import FileError, os_error_text, read_file
    shown = os.fspath(path)
    try:
        data = read_file(path)      # a FIFO or a device is refused before it is opened
    except FileError as err:
        if err.errno == errno.ENOENT:
            raise error(TEXTS["not_found"].format(path=shown)) from None
        if err.kind == "folder" or err.errno == errno.EISDIR:
            raise error(TEXTS["folder"].format(path=shown)) from None
        if err.kind == "special":
            raise error(TEXTS["special"].format(path=shown)) from None
        if err.errno in (errno.EACCES, errno.EPERM):
            raise error(TEXTS["denied"].format(path=shown)) from None
        raise error(TEXTS["unreadable"].format(path=shown, detail=os_error_text(err))) from None
    return decode_text(data, error, shown)


@checked_with({}, data=_bytes, error=_error_class, shown=optional(text_spec()))
def decode_text(data: bytes, error: ErrorMaker, shown: str | None = None) -> str:
    """The text of ``data`` (read from the file ``shown``, or given as bytes): by its byte order
    mark, else UTF-8, else Latin-1; ``error`` for bytes that are not text."""
    def refuse(key: str, **values: object) -> DamasError:
        if shown is None:
            return error(TEXTS[key + "_bytes"].format(**values))
        return error(TEXTS[key].format(path=shown, **values))

    for bom, encoding in _BOMS:
        if data.startswith(bom):
            try:
                return data.decode(encoding).lstrip("\ufeff")
            except UnicodeDecodeError:
                name = "UTF-8" if encoding == "utf-8-sig" else encoding.upper()
                if encoding == "utf-8-sig":
                    break  # a UTF-8 mark before Latin-1 bytes: read below, as before
                raise refuse("bad_bom", encoding=name) from None
    if b"\x00" in data:
        even, odd = data[0::2], data[1::2]
        if odd.count(0) > 0.7 * len(odd) or even.count(0) > 0.7 * len(even):
            raise refuse("utf16")
        raise refuse("binary")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")

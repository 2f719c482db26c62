"""Two buttons that move a file between the page and Python: the progress panel's «Baixar meu
progresso» and «Carregar progresso» (:mod:`damas.course.kit.panel`).

:class:`FileButtons` shows a name field, a download button, an upload button and a message.  A
click on the download button asks Python for the file (``on_download(name)`` returns its name and
bytes), which the page saves as a download; a file chosen with the upload button is sent to
Python (``on_upload(file_name, content)`` returns what to tell the student).  Either callback may
raise :class:`damas.errors.DamasError`: its message is shown, in red, and nothing else happens.
Both work in JupyterLab, JupyterLite and Voilà (the file goes through the widget's messages, not
through the server's files).  :meth:`FileButtons.download` and :meth:`FileButtons.upload` are the
same actions without a page, for tests.

This module imports anywidget; ``import damas`` does not import it.
"""

from __future__ import annotations

import pathlib
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import anywidget
import traitlets

from damas.errors import DamasError
from damas.rules.args import refuse, text

__all__ = ["FileButtons", "MAX_UPLOAD_BYTES"]

_HERE = pathlib.Path(__file__).parent
#: The largest file the page sends (a progress file of years of «Treino do dia» is far smaller).
MAX_UPLOAD_BYTES = 8 * 1024 * 1024

TEXTS = {
    "too_big": "O arquivo {name} é grande demais para ser um arquivo de progresso ({size} bytes). "
               "Nada foi carregado.",
    "no_file": "Nenhum arquivo chegou. Escolha o arquivo de novo.",
}


#: What «Baixar» asks for: a name in, (file name, bytes) out.
Download = Callable[[str], tuple[str, bytes]]
#: What «Carregar» hands over: (file name, bytes) in, what the student is told out.
Upload = Callable[[str, bytes], str]
_F = TypeVar("_F", bound=Callable[..., object])


def _callable(value: _F, name: str) -> _F:
    if not callable(value):
        raise refuse(name, "uma função", value)
    return value


class FileButtons(anywidget.AnyWidget):
    """``FileButtons(on_download, on_upload, name="", labels={...})``: a name, «download» and
    «upload»; ``labels`` holds the words shown (``name``, ``download``, ``upload``, ``accept``)."""

    _esm = _HERE / "files.js"
    _css = _HERE / "files.css"

    name = traitlets.Unicode("").tag(sync=True)
    labels = traitlets.Dict({}).tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)
    kind = traitlets.Unicode("").tag(sync=True)          # "", "success" or "error": the message's colour
    max_bytes = traitlets.Int(MAX_UPLOAD_BYTES).tag(sync=True)

    def __init__(self, on_download: Download, on_upload: Upload, name: str = "", labels: dict[str, str] | None = None,
                 **kwargs: Any) -> None:
        _callable(on_download, "on_download")
        _callable(on_upload, "on_upload")
        text(name, "name")
        super().__init__(**kwargs)
        self._on_download = on_download
        self._on_upload = on_upload
        self.name = name
        self.labels = dict(labels or {})
        self.on_msg(lambda _widget, content, buffers: self.handle_message(content, buffers))

    def _say(self, message: str, kind: str) -> None:
        self.kind, self.message = kind, message      # the kind first: an observer of the message reads it

    def download(self, name: str | None = None) -> tuple[str, bytes] | None:
        """Ask ``on_download`` for the file of ``name`` (default: the name field) and send it to the
        page to be saved; the (file name, bytes) sent, or None after a refusal (its message shown)."""
        if name is not None:
            self.name = text(name, "name")
        try:
            file_name, content = self._on_download(self.name)
        except DamasError as error:
            self._say(str(error), "error")
            return None
        self._say("", "")
        self.send({"type": "file", "file_name": file_name, "text": content.decode("utf-8")})
        return file_name, content

    def upload(self, file_name: str, content: bytes) -> str:
        """Give a file the student chose to ``on_upload``; what the student is told."""
        text(file_name, "file_name")
        if not isinstance(content, (bytes, bytearray, memoryview)):
            raise refuse("content", "os bytes de um arquivo", content)
        content = bytes(content)
        if len(content) > self.max_bytes:
            self._say(TEXTS["too_big"].format(name=file_name, size=len(content)), "error")
            return self.message
        try:
            self._say(self._on_upload(file_name, content), "success")
        except DamasError as error:
            self._say(str(error), "error")
        return self.message

    def handle_message(self, content: object, buffers: Sequence[bytes | memoryview] = ()) -> None:
        """The page's messages: ``{"type": "download", "name": ...}`` and ``{"type": "upload",
        "file_name": ...}`` with the file's bytes as the one buffer; anything else is ignored."""
        if not isinstance(content, dict):
            return
        if content.get("type") == "download" and isinstance(content.get("name", ""), str):
            self.download(content.get("name", ""))
        elif content.get("type") == "upload" and isinstance(content.get("file_name"), str):
            if not buffers:
                self._say(TEXTS["no_file"], "error")
                return
            self.upload(content["file_name"], bytes(buffers[0]))

    def __repr__(self) -> str:
        return f"FileButtons({self.name!r})"

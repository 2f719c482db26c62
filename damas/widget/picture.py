"""A picture whose parts are buttons or links: the course's map (:mod:`damas.course.kit.course_map`).

:class:`ClickablePicture` places an SVG drawn by Python (the ``svg`` trait).  A part marked
``data-click="KEY"`` is a button: a click, or Enter or Space when it has the keyboard focus, calls
``on_click(KEY)`` in Python.  A part marked ``data-href="NN_Nome.ipynb"`` is a link to a notebook
beside the one shown: in JupyterLab and JupyterLite the page asks JupyterLab to open it; in Voilà
(and any other page) the browser follows the link, relative to the page.  Each such part is a tab
stop and carries ``data-label`` as what a screen reader says.

This module imports anywidget; ``import damas`` does not import it.
"""

from __future__ import annotations

import pathlib
from collections.abc import Callable
from typing import Any, TypeVar

import anywidget
import traitlets

from damas.rules.args import refuse, text

__all__ = ["ClickablePicture"]

_HERE = pathlib.Path(__file__).parent
#: A callback of on_click, given back as it came (on_click is also a decorator).
_OnClick = TypeVar("_OnClick", bound=Callable[[str], object])


class ClickablePicture(anywidget.AnyWidget):
    """``ClickablePicture(svg, label="...")``: the picture; ``on_click(callback)`` hears its buttons."""

    _esm = _HERE / "picture.js"
    _css = _HERE / "picture.css"

    svg = traitlets.Unicode("").tag(sync=True)
    label = traitlets.Unicode("").tag(sync=True)      # what a screen reader says of the whole picture

    def __init__(self, svg: str = "", label: str = "", **kwargs: Any) -> None:
        text(svg, "svg")
        text(label, "label")
        super().__init__(**kwargs)
        self.svg = svg
        self.label = label
        self._callbacks: list[Callable[[str], object]] = []
        self.on_msg(lambda _widget, content, _buffers: self.handle_message(content))

    def on_click(self, callback: _OnClick) -> _OnClick:
        """Call ``callback(key)`` when the part ``data-click="key"`` is clicked."""
        if not callable(callback):
            raise refuse("callback", "uma função que recebe o nome da parte clicada", callback)
        self._callbacks.append(callback)
        return callback

    def click(self, key: str) -> None:
        """A click on the part ``key``, as if made on the page."""
        text(key, "key", empty=False)
        for callback in list(self._callbacks):
            callback(key)

    def handle_message(self, content: object) -> None:
        """``{"type": "click", "key": "next"}`` from the page; anything else is ignored."""
        if isinstance(content, dict) and content.get("type") == "click" and isinstance(content.get("key"), str):
            self.click(content["key"])

    def __repr__(self) -> str:
        return f"ClickablePicture({self.label!r})"

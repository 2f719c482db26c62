"""A picture and the sentence that goes with it, as one output of a chapter's cell.

A chapter's cell shows one thing (issue 46: one call, no code in sight): when a step needs a board
and a line of text (the move played and the result it gives), :class:`Panel` holds both. It is
HTML (the pictures as ``<img>``, the text as paragraphs), so it reads in a notebook never run or
trusted, in Voilà and in JupyterLite, and its ``repr`` is the text itself, for nbval and for a
reader without HTML. ``**bold**`` in the text is drawn bold; nothing else of it is markup.
"""

from __future__ import annotations

import re
from html import escape

from damas.display.output import img_tag
from damas.errors import ArgumentError
from damas.rules.args import refuse

__all__ = ["Panel"]

_BOLD = re.compile(r"\*\*(.+?)\*\*")


class Panel:
    """``pictures`` (SVG texts: board figures, frames) side by side, then ``text`` (lines of
    Portuguese; a blank line starts a new paragraph)."""

    def __init__(self, *pictures, text: str = ""):
        if not isinstance(text, str):
            raise refuse("text", "um texto", text)
        for picture in pictures:
            if not isinstance(picture, str) or "<svg" not in picture[:300]:
                raise refuse("pictures", "uma figura (um desenho SVG, como o de board_figure)", picture)
        if not pictures and not text.strip():
            raise ArgumentError("Um painel precisa de uma figura ou de um texto.")
        self.pictures = [str(p) for p in pictures]
        self.text = text.strip()

    def _paragraphs(self) -> list[str]:
        return [p for p in re.split(r"\n\s*\n", self.text) if p.strip()]

    def _repr_html_(self) -> str:
        row = ""
        if self.pictures:
            row = ('<div class="damas-row" style="display:flex; gap:24px; flex-wrap:wrap; '
                   'align-items:flex-start">' + "".join(img_tag(p) for p in self.pictures) + "</div>")
        lines = "".join("<p>" + _BOLD.sub(r"<b>\1</b>", escape(" ".join(p.split()), quote=False)) + "</p>"
                        for p in self._paragraphs())
        return f'<div class="damas-panel">{row}{lines}</div>'

    def __repr__(self) -> str:
        return "\n\n".join(_BOLD.sub(r"\1", " ".join(p.split())) for p in self._paragraphs()) or "<figura>"

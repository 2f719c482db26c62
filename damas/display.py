"""Pictures that read without running: every SVG with a safe twin.

JupyterLab shows ``image/svg+xml`` only in a trusted notebook, and a board
widget only while its kernel (or its stored state) is there.  A notebook a
student opens fresh from a clone is neither, so each picture this package
shows carries, in the same output, a ``text/html`` twin: an ``<img>`` whose
source is the same SVG as a ``data:`` URI.  JupyterLab's sanitizer lets that
through (``<img src="data:...">`` is allowed; inline ``<svg>`` is not), so
the picture shows in an untrusted notebook, in Voilà, in nbviewer and on
GitHub alike.  In a trusted notebook JupyterLab prefers the HTML too, which
is the same picture.

Every other module asks this one: ``SVG._repr_mimebundle_`` (svg.py),
``Board._repr_mimebundle_`` (board.py), the board widget's bundle
(widget.py) and the rows of pictures that chapters show (lessons.py).

Pure Python; no Jupyter import.
"""

from __future__ import annotations

import base64
from html import escape

__all__ = ["img_tag", "picture_bundle", "widget_bundle", "show_widget", "Row", "HTMLText"]

WIDGET_MIME = "application/vnd.jupyter.widget-view+json"

#: Words a reader sees.
TEXTS = {
    "static": "Figura parada. Rode a célula (ou o notebook) para jogar e responder clicando.",
    "picture": "Figura do tabuleiro",
}


def _svg_title(svg: str) -> str:
    start = svg.find("<title>")
    if start < 0:
        return ""
    end = svg.find("</title>", start)
    return svg[start + 7:end] if end > start else ""


def img_tag(svg: str, alt: str | None = None) -> str:
    """``svg`` as an ``<img>`` with a ``data:image/svg+xml;base64`` source.

    ``alt`` defaults to the SVG's ``<title>`` (the board's title and FEN),
    so a screen reader, or a browser that shows no image, still says which
    position it is."""
    data = base64.b64encode(str(svg).encode("utf-8")).decode("ascii")
    if alt is None:
        alt = _svg_title(str(svg)) or TEXTS["picture"]
    return (f'<img class="damas-picture" alt="{escape(alt, quote=True)}" '
            f'src="data:image/svg+xml;base64,{data}"/>')


def picture_bundle(svg: str, text: str | None = None) -> dict:
    """The MIME bundle of one picture: the SVG itself and its HTML twin
    (and ``text/plain`` when ``text`` is given)."""
    data = {"image/svg+xml": str(svg), "text/html": img_tag(svg)}
    if text is not None:
        data["text/plain"] = text
    return data


def widget_bundle(bundle, svg: str | None = None, caption: str | None = None,
                  html: str | None = None) -> dict | tuple:
    """Add a static picture to a widget's MIME bundle.

    ``bundle`` is what ipywidgets or anywidget return from
    ``_repr_mimebundle_`` (a dict, or a ``(data, metadata)`` pair).  The
    picture is ``svg`` (a board), with ``caption`` above it (the task of a
    puzzle, say), or ready-made safe ``html`` (a quiz's questions).  A live
    front end shows the widget (its renderer ranks first); an untrusted
    notebook, where the widget renderer is not allowed, shows the picture
    with a line saying how to make it live."""
    if isinstance(bundle, tuple):
        data, metadata = bundle
    else:
        data, metadata = bundle, None
    data = dict(data)
    head = f"<p><b>{escape(caption)}</b></p>" if caption else ""
    body = img_tag(svg) if svg is not None else (html or "")
    data["text/html"] = (f'<div class="damas-static">{head}{body}'
                         f'<p><em>{escape(TEXTS["static"])}</em></p></div>')
    return data if metadata is None else (data, metadata)


def show_widget(widget, svg: str | None = None, caption: str | None = None,
                html: str | None = None, text: str | None = None) -> None:
    """Display an ipywidgets widget (a box holding a board, say) with the
    static picture ``svg`` in the same output (see :func:`widget_bundle`);
    ``text`` replaces its ``text/plain``."""
    from IPython.display import display
    bundle = widget_bundle(widget._repr_mimebundle_(), svg, caption, html)
    data, metadata = bundle if isinstance(bundle, tuple) else (bundle, None)
    if text is not None:
        data["text/plain"] = text      # what the object is, not the box's insides
    display(data, metadata=metadata, raw=True)


class Row:
    """Several pictures side by side (an HTML row of ``<img>``), e.g. two
    positions to compare.  ``pictures`` are SVG texts (``board_svg`` results
    or ``desenho`` figures)."""

    def __init__(self, *pictures, gap: int = 24):
        self.pictures = [str(p) for p in pictures]
        self.gap = gap

    def _repr_html_(self) -> str:
        items = "".join(img_tag(p) for p in self.pictures)
        return (f'<div class="damas-row" style="display:flex; gap:{self.gap}px; '
                f'flex-wrap:wrap; align-items:flex-start">{items}</div>')

    def __repr__(self) -> str:
        titles = "; ".join(_svg_title(p).split(" — ")[0] for p in self.pictures)
        return f"<{len(self.pictures)} figuras: {titles}>"


class HTMLText(str):
    """A piece of HTML a chapter shows (a heading, a folded solution): a
    ``str`` with a stable ``__repr__`` and an HTML picture of itself."""

    __slots__ = ()

    def _repr_html_(self) -> str:
        return str(self)

    def __repr__(self) -> str:
        return "<texto>"

"""Pictures that read without running, and stay light.

JupyterLab shows ``image/svg+xml`` only in a trusted notebook, and a board
widget only while its kernel is there.  A notebook a student opens fresh
from a clone is neither, so each picture this package shows is stored as a
``text/html`` ``<img>`` whose source is the SVG as a ``data:`` URI (its
text without the attributes that only name its parts for programs,
percent-encoded where a URI needs it: about 0.85 times the SVG, where base64
was 1.33 times, after the SVG itself).  JupyterLab's sanitizer lets that through
(``<img src="data:...">`` is allowed; inline ``<svg>`` is not), so the
picture shows in an untrusted notebook, a trusted one, Voilà, nbviewer and
GitHub alike.  The SVG is not stored a second time as ``image/svg+xml``:
no front end of the course would show it (JupyterLab prefers the HTML).

A board widget is shown as two outputs (:func:`show_widget`):

1. the static picture of its position (the HTML above), with a ``<style>``
   that a trusted page applies: it hides this picture once the widget of the
   next output is drawn, and hides that output's "Error displaying widget:
   model not found" (or "Loading widget...") when no live model exists;
2. the widget itself (``application/vnd.jupyter.widget-view+json``), with
   an empty ``text/plain``.

So a notebook never run shows the picture untrusted (the sanitizer drops the
style and the widget output is text), trusted (the style hides the error),
and with a kernel that has not run the cells; once the cell runs, the board
is live and the picture hides (the widget's own CSS, widget/board.css, carries the
same rules, and widget/board.js hides the twin in front ends without JupyterLab's
classes).  One output cannot do it: in a trusted notebook JupyterLab always
picks the widget's MIME type, whose renderer then shows only the error.

Every other module asks this one: ``SVG`` (svg.py), ``Board`` (board.py),
the board widget (widget/board.py) and the rows of pictures that chapters show
(course/figures.py); matplotlib figures go through :func:`show_png` (a small
palette PNG).

Pure Python; no Jupyter import (IPython and Pillow only inside the functions
that display or encode).
"""

from __future__ import annotations

import base64
import io
import re
from html import escape
from typing import Any, cast

from damas.rules.args import FIGURE, Spec, checked, optional, refuse, text_spec, whole_spec

#: A MIME bundle: {mime type: data}.
Bundle = dict[str, Any]


def _display(*args: Any, **kwargs: Any) -> None:
    """IPython's ``display`` (imported when a picture is shown: the package runs without it)."""
    from IPython.display import display
    cast(Any, display)(*args, **kwargs)


def _svg(value: Any, name: str) -> Any:
    """A picture: an SVG text (``board_svg``'s result) or an object whose text is one."""
    if value is None or isinstance(value, (bool, int, float, list, tuple, dict, set)) or "<svg" not in str(value):
        raise refuse(name, "um desenho SVG (o que board_svg dá)", value)
    return value


def _bundle(value: Any, name: str) -> Any:
    """What ``_repr_mimebundle_`` returns: a dict, or a (dict, dict or None) pair."""
    data, metadata = value if isinstance(value, tuple) and len(value) == 2 else (value, None)
    if not isinstance(data, dict) or not (metadata is None or isinstance(metadata, dict)):
        raise refuse(name, "o pacote MIME de um widget (um dicionário, ou um par de dicionários)", value)
    return value


def _widget(value: Any, name: str) -> Any:
    if not callable(getattr(value, "_repr_mimebundle_", None)):
        raise refuse(name, "um widget (um objeto que o Jupyter mostra, com _repr_mimebundle_)", value)
    return value


_TEXT: Spec = optional(text_spec())

__all__ = ["img_tag", "svg_data_uri", "compact_svg", "picture_bundle", "widget_bundle", "widget_outputs",
           "show_widget", "show_picture", "png_bytes", "show_png", "Row", "HTMLText", "TWIN_CSS"]

WIDGET_MIME = "application/vnd.jupyter.widget-view+json"

#: Words a reader sees.
TEXTS = {
    "static": "Figura parada. Rode a célula (ou o caderno inteiro) para jogar e responder clicando.",
    "picture": "Figura do tabuleiro",
    "figure": "Figura",
}

# A widget output of JupyterLab (and Voilà, JupyterLite): the widget
# renderer's node is the one output node with no data-mime-type (every other
# renderer sets it).  A live view puts elements inside it, while "Loading
# widget..." and "Error displaying widget: model not found" are bare text.
_WIDGET_OUTPUT = (f'.jp-OutputArea-output:is(:not([data-mime-type]), '
                  f'[data-mime-type="{WIDGET_MIME}"])')
_TWIN = ".jp-OutputArea-child:has(.damas-static)"
#: The rules that pair a static picture with the widget output after it.
TWIN_CSS = (
    f"{_TWIN} + .jp-OutputArea-child > {_WIDGET_OUTPUT}:not(:has(*)){{display:none}}"
    f"{_TWIN}:has(+ .jp-OutputArea-child > {_WIDGET_OUTPUT} > *){{display:none}}"
)


def _svg_title(svg: str) -> str:
    start = svg.find("<title>")
    if start < 0:
        return ""
    end = svg.find("</title>", start)
    return svg[start + 7:end] if end > start else ""


_TAG = re.compile(r"<[^<>]*>")
_URI_ESCAPES = {"%": "%25", "#": "%23", '"': "%22", "<": "%3C", ">": "%3E", "&": "%26",
                "\n": "%0A", "\r": "%0D", "\t": "%09"}
_URI_CHARS = re.compile("[%#\"<>&\n\r\t]")


# Attributes that name the parts of a board for programs (class="piece white
# man", data-square="22"): the SVG itself keeps them; a picture drawn from a
# data: URI has no use for them (the board's SVG has no stylesheet).
_HOOKS = re.compile(r'\s(?:class|data-[\w-]+)="[^"]*"')


def _compact_tag(tag: str) -> str:
    tag = _HOOKS.sub("", tag)
    # Inside a tag the quotes only delimit attribute values: ' instead of "
    # spares an escape (%22 in the URI, \" in the notebook's JSON).
    return tag.replace('"', "'") if "'" not in tag else tag


@checked(svg=_svg)
def compact_svg(svg: str) -> str:
    """``svg`` as it is drawn, for a picture: without the ``class`` and
    ``data-*`` attributes of its tags, attribute values in single quotes.
    The text between the tags (the title, the numbers) is untouched."""
    return _TAG.sub(lambda m: _compact_tag(m.group(0)), str(svg))


@checked(svg=_svg)
def svg_data_uri(svg: str) -> str:
    """``svg`` as a ``data:image/svg+xml`` URI: :func:`compact_svg`, with
    only ``% # " < > &`` and line breaks percent-encoded (the rest is legal
    in a URI and in a double-quoted HTML attribute).  The browser decodes it
    back to the same picture."""
    text = compact_svg(svg)
    return "data:image/svg+xml;charset=utf-8," + _URI_CHARS.sub(lambda m: _URI_ESCAPES[m.group(0)], text)


@checked(svg=_svg, alt=optional(text_spec()))
def img_tag(svg: str, alt: str | None = None) -> str:
    """``svg`` as an ``<img>`` whose source is :func:`svg_data_uri`.

    ``alt`` defaults to the SVG's ``<title>`` (the board's title and FEN),
    so a screen reader, or a browser that shows no image, still says which
    position it is."""
    if alt is None:
        alt = _svg_title(str(svg)) or TEXTS["picture"]
    return f'<img class="damas-picture" alt="{escape(alt, quote=True)}" src="{svg_data_uri(svg)}"/>'


@checked(svg=_svg, text=optional(text_spec()))
def picture_bundle(svg: str, text: str | None = None) -> Bundle:
    """The MIME bundle of one picture: its ``<img>`` (and ``text/plain``
    when ``text`` is given).  No ``image/svg+xml``: the HTML is the picture
    in every front end, so the SVG is stored once."""
    data = {"text/html": img_tag(svg)}
    if text is not None:
        data["text/plain"] = text
    return data


@checked(svg=_svg, text=optional(text_spec()))
def show_picture(svg: str, text: str | None = None) -> None:
    """Display one picture with :func:`picture_bundle` (an object with a
    ``_repr_svg_`` of its own would get its SVG added back by IPython)."""
    _display(picture_bundle(svg, text), raw=True)


def _static_html(svg: str | None = None, caption: str | None = None, html: str | None = None,
                 style: bool = False) -> str:
    head = f"<p><b>{escape(caption)}</b></p>" if caption else ""
    body = img_tag(svg) if svg is not None else (html or "")
    rules = f"<style>{TWIN_CSS}</style>" if style else ""
    return (f'<div class="damas-static">{head}{body}'
            f'<p><em>{escape(TEXTS["static"])}</em></p></div>{rules}')


@checked(bundle=_bundle, svg=optional(_svg), caption=_TEXT, html=_TEXT)
def widget_bundle(bundle: Bundle | tuple[Bundle, Bundle | None], svg: str | None = None, caption: str | None = None,
                  html: str | None = None) -> Bundle | tuple[Bundle, Bundle]:
    """Add a static picture to a widget's MIME bundle, in ONE output.

    ``bundle`` is what ipywidgets or anywidget return from
    ``_repr_mimebundle_`` (a dict, or a ``(data, metadata)`` pair).  The
    picture is ``svg`` (a board), with ``caption`` above it (the task of a
    puzzle, say), or ready-made safe ``html`` (a quiz's questions).  For a
    front end that asks an object for its bundle itself; in Jupyter,
    :func:`show_widget` shows two outputs instead (see the module's text)."""
    if isinstance(bundle, tuple):
        data, metadata = bundle
    else:
        data, metadata = bundle, None
    data = dict(data)
    data["text/html"] = _static_html(svg, caption, html)
    return data if metadata is None else (data, metadata)


@checked(bundle=_bundle, svg=optional(_svg), caption=_TEXT, html=_TEXT, text=_TEXT)
def widget_outputs(bundle: Bundle | tuple[Bundle, Bundle | None], svg: str | None = None, caption: str | None = None,
                   html: str | None = None, text: str | None = None) -> list[tuple[Bundle, Bundle | None]]:
    """The two outputs of :func:`show_widget`, as ``(data, metadata)``
    pairs: the static picture (``text/html`` with the pairing style, and
    ``text/plain`` = ``text``), then the widget (its view, and an empty
    ``text/plain`` that an untrusted page shows instead of the box's
    insides)."""
    if isinstance(bundle, tuple):
        data, metadata = bundle
    else:
        data, metadata = bundle, None
    static = {"text/html": _static_html(svg, caption, html, style=True),
              "text/plain": text if text is not None else TEXTS["static"]}
    live = {key: value for key, value in data.items() if key != "text/html"}
    live["text/plain"] = ""
    return [(static, None), (live, metadata)]


@checked(widget=_widget, svg=optional(_svg), caption=_TEXT, html=_TEXT, text=_TEXT)
def show_widget(widget: Any, svg: str | None = None, caption: str | None = None,
                html: str | None = None, text: str | None = None) -> None:
    """Display an ipywidgets widget (a box holding a board, say) after its
    static picture ``svg`` (see :func:`widget_outputs`); ``text`` is the
    picture's ``text/plain``."""
    for data, metadata in widget_outputs(widget._repr_mimebundle_(), svg, caption, html, text):
        _display(data, metadata=metadata, raw=True)


# -- matplotlib figures: a small PNG -----------------------------------------------------------------
@checked(figure=FIGURE, dpi=whole_spec(10, 1200), colors=whole_spec(2, 256))
def png_bytes(figure: Any, dpi: int = 100, colors: int = 64) -> bytes:
    """``figure`` (matplotlib) as a PNG with a palette of ``colors``
    colours, on white, compressed at zlib level 9: a third of the size of
    matplotlib's RGBA PNG, and the same pixels to the eye (the boards use a
    dozen flat colours; the rest is the anti-aliasing of edges and text)."""
    from PIL import Image
    raw = io.BytesIO()
    # cropped as IPython's inline backend crops it (bbox_inches="tight")
    figure.savefig(raw, format="png", dpi=dpi, facecolor="white", bbox_inches="tight")
    image: Image.Image = Image.open(io.BytesIO(raw.getvalue()))
    if image.mode != "RGB":
        flat = Image.new("RGB", image.size, "white")
        flat.paste(image, mask=image.getchannel("A") if "A" in image.getbands() else None)
        image = flat
    small = image.quantize(colors=colors, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    out = io.BytesIO()
    small.save(out, format="PNG", optimize=True, compress_level=9)
    return out.getvalue()


@checked(figure=FIGURE)
def show_png(figure: Any, text: str | None = None, **options: Any) -> None:
    """Display ``figure`` as :func:`png_bytes` and close it (so the inline
    backend does not draw it a second time)."""
    import matplotlib.pyplot as plt
    from PIL import Image
    data = png_bytes(figure, **options)
    width, height = Image.open(io.BytesIO(data)).size
    plt.close(figure)
    _display({"image/png": base64.b64encode(data).decode("ascii"),
             "text/plain": text or f"<{TEXTS['figure']} {width}x{height}>"},
            metadata={"image/png": {"width": width}}, raw=True)


class Row:
    """Several pictures side by side (an HTML row of ``<img>``), e.g. two
    positions to compare.  ``pictures`` are SVG texts (``board_svg`` results
    or ``desenho`` figures)."""

    def __init__(self, *pictures: object, gap: int = 24) -> None:
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

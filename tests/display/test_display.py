"""damas/display/output.py: pictures that read without running, stored once and light.

* a picture is an ``<img>`` whose ``data:`` URI decodes back to the SVG (less
  the attributes that only name its parts), smaller than the SVG itself;
* no ``image/svg+xml`` beside it (an SVG is stored once);
* a board widget is two outputs: its picture (with the style that pairs it
  with the widget), then the widget with an empty text;
* matplotlib figures as small palette PNGs.
"""

from __future__ import annotations
from repo_paths import REPO

import base64
import io
import re
import urllib.parse
import xml.dom.minidom

import pytest

from damas import Board
from damas.display.output import (TWIN_CSS, WIDGET_MIME, compact_svg, img_tag, picture_bundle, svg_data_uri,
                           widget_outputs)
from damas.display.svg import board_svg

BOARDS = [Board(), Board("W:W22,25,29,K5:B8,13,15"), Board("international")]
TRICKY_TITLE = "Título com \"aspas\", d'água, 50% & <b>#1</b> — ª"


def _decoded(uri: str) -> str:
    head, _, body = uri.partition(",")
    assert head == "data:image/svg+xml;charset=utf-8"
    return urllib.parse.unquote(body)


def _xml(text: str):
    return xml.dom.minidom.parseString(text.encode("utf-8"))


def _without_hooks(node):
    """The DOM with the class and data-* attributes taken off (what compact_svg drops)."""
    if node.nodeType == node.ELEMENT_NODE:
        for name in list(node.attributes.keys()):
            if name == "class" or name.startswith("data-"):
                node.removeAttribute(name)
    for child in node.childNodes:
        _without_hooks(child)
    return node


@pytest.mark.parametrize("board", BOARDS, ids=["inicial", "golpe", "internacional"])
def test_the_data_uri_decodes_to_the_same_picture(board):
    svg = board_svg(board, title=TRICKY_TITLE, arrows=board.legal_moves()[:1])
    picture = _decoded(svg_data_uri(svg))
    assert _xml(picture).toxml() == _without_hooks(_xml(svg)).toxml()
    assert TRICKY_TITLE.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;") in picture
    assert compact_svg(svg) == picture
    assert ' class="' not in picture and " data-square=" not in picture


def test_the_img_tag_is_safe_html():
    svg = board_svg(Board(), title=TRICKY_TITLE)
    tag = img_tag(svg)
    m = re.fullmatch(r'<img class="damas-picture" alt="([^"]*)" src="([^"]*)"/>', tag)
    assert m, tag[:200]
    alt, src = m.groups()
    assert "aspas" in alt and "W:W21-32:B1-12" in alt
    # Nothing in the URI that ends the attribute, starts a tag or an entity, or a fragment.
    assert not set(src) & set('"<>&#\n')
    assert "%" not in re.sub(r"%[0-9A-F]{2}", "", src)


@pytest.mark.parametrize("board", BOARDS, ids=["inicial", "golpe", "internacional"])
def test_a_picture_is_lighter_than_its_svg(board):
    svg = board_svg(board)
    tag = img_tag(svg)
    old = len(svg) + len(base64.b64encode(svg.encode()))      # the SVG, then its base64 twin
    assert len(tag) < 0.95 * len(svg) and len(tag) < 0.4 * old, (len(svg), len(tag), old)


def test_a_picture_is_stored_once():
    from IPython.core.interactiveshell import InteractiveShell
    fig = board_svg(Board(), title="Início")
    bundle = picture_bundle(fig, repr(fig))
    assert set(bundle) == {"text/html", "text/plain"} and bundle["text/html"] == img_tag(fig)
    # IPython would add image/svg+xml from _repr_svg_: the SVG shows itself instead.
    shell = InteractiveShell.instance()
    assert shell.display_formatter.format(fig) == ({}, {})
    assert "image/svg+xml" not in fig._repr_mimebundle_()


def test_a_board_shown_in_a_cell_is_stored_once(monkeypatch):
    import IPython.display
    shown = []
    monkeypatch.setattr(IPython.display, "display", lambda data, raw=False, **kw: shown.append((data, raw)))
    board = Board("W:Wc3:Bd4")
    board._ipython_display_()
    [(data, raw)] = shown
    assert raw and set(data) == {"text/html", "text/plain"} and data["text/plain"] == repr(board)
    assert data["text/html"] == img_tag(board._repr_svg_())


def test_showing_a_picture_publishes_only_the_img(monkeypatch):
    import IPython.display
    shown = []
    monkeypatch.setattr(IPython.display, "display", lambda data, raw=False, **kw: shown.append((data, raw)))
    fig = board_svg(Board("W:Wc3:Bd4"))
    fig._ipython_display_()
    [(data, raw)] = shown
    assert raw and set(data) == {"text/html", "text/plain"} and data["text/plain"] == repr(fig)


def test_a_widget_is_its_picture_then_itself():
    bundle = {WIDGET_MIME: {"version_major": 2, "version_minor": 0, "model_id": "abc"},
              "text/plain": "VBox(children=(...))"}
    (picture, meta1), (live, meta2) = widget_outputs(bundle, board_svg(Board()), "A tarefa", text="Tarefa(1)")
    assert meta1 is None and meta2 is None
    assert picture["text/plain"] == "Tarefa(1)"
    html = picture["text/html"]
    assert html.startswith('<div class="damas-static"><p><b>A tarefa</b></p><img class="damas-picture"')
    assert html.endswith(f"<style>{TWIN_CSS}</style>")
    assert "Rode a célula" in html
    assert live == {WIDGET_MIME: bundle[WIDGET_MIME], "text/plain": ""}   # no box insides shown
    # ready-made HTML (a quiz) instead of a board; (data, metadata) bundles keep their metadata
    (picture, _), (live, meta) = widget_outputs((bundle, {"x": 1}), html="<p>Pergunta</p>")
    assert "<p>Pergunta</p>" in picture["text/html"] and meta == {"x": 1}


def _has_groups(css: str):
    """The argument of every :has( in ``css``, with its nesting depth."""
    out, stack, i = [], [], 0
    while i < len(css):
        if css.startswith(":has(", i):
            stack.append(("has", i + 5))
            i += 5
            continue
        if css[i] == "(":
            stack.append(("paren", i + 1))
        elif css[i] == ")":
            kind, start = stack.pop()
            if kind == "has":
                out.append((css[start:i], sum(1 for k, _ in stack if k == "has")))
        i += 1
    assert not stack
    return out


def test_the_pairing_style_is_valid_css_for_the_browser():
    # A :has() inside a :has() makes the browser drop the whole rule.
    groups = _has_groups(TWIN_CSS)
    assert groups and all(depth == 0 for _, depth in groups), groups
    assert _has_groups(".a:has(.b:has(.c))")[0][1] == 1        # the check sees a nested one
    assert TWIN_CSS.count("{display:none}") == 2
    # the widget's own CSS carries the same two rules (for a live page)
    from pathlib import Path
    css = (REPO / "damas" / "widget" / "board.css").read_text(encoding="utf-8")
    for rule in TWIN_CSS.split("}")[:-1]:
        selector = rule.split("{")[0]
        assert selector in css, selector


def test_a_figure_is_a_small_palette_png(monkeypatch):
    plt = pytest.importorskip("matplotlib.pyplot")
    from PIL import Image
    from damas.display.output import png_bytes, show_png
    from damas.display.plot import sequence_figure
    board = Board("W:W22,25,29:B8,13,15")
    fig = sequence_figure(board, ["c3-b4", "a5xc3", "b2xh8"], panel_size=1.7)
    full = io.BytesIO()
    fig.savefig(full, format="png", dpi=100, bbox_inches="tight")    # as IPython's inline backend
    small = png_bytes(fig)
    image = Image.open(io.BytesIO(small))
    assert image.mode == "P" and len(image.getcolors()) <= 64
    assert image.size == Image.open(io.BytesIO(full.getvalue())).size
    assert len(small) < len(full.getvalue()) / 2, (len(small), len(full.getvalue()))
    import IPython.display
    shown = []
    monkeypatch.setattr(IPython.display, "display", lambda data, **kw: shown.append((data, kw)))
    show_png(fig)
    [(data, kw)] = shown
    assert base64.b64decode(data["image/png"]) == small and kw["raw"]
    assert data["text/plain"] == f"<Figura {image.size[0]}x{image.size[1]}>"
    assert not plt.fignum_exists(fig.number)          # closed: not drawn a second time

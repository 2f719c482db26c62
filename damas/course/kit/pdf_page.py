"""A small PDF writer for the course's one-page prints (the diplomas): pure Python, so it runs in
JupyterLite too, where matplotlib (which draws the other sheets) is not served.

A :class:`PdfDocument` holds A4 pages; a page (:class:`PdfPage`) draws text in three of the
PDF's standard fonts (Helvetica, Helvetica-Bold, Times-Italic: every PDF reader has them, so
nothing is embedded), lines, rectangles, circles and polygons, in points (1/72 inch) measured
from the top left corner of the page.  Text is encoded as the standard fonts' WinAnsi
encoding (Windows-1252), which holds every letter of Portuguese; a character outside it is
written without its accent when it has one (ł -> l), else as «?».  Text is measured with the
fonts' own widths (Adobe's AFM metrics of the standard fonts), so it can be centred and
wrapped.  :meth:`PdfDocument.bytes` gives the file: the same drawing gives the same bytes (no
date, no random identifier).

>>> doc = PdfDocument()
>>> page = doc.page()
>>> page.text(297.6, 100, "Olá, damas!", size=20, align="center")
>>> data = doc.bytes()
>>> data[:8], data.rstrip().endswith(b"%%EOF")
(b'%PDF-1.4', True)
>>> round(text_width("Olá", "Helvetica", 10), 2)
15.56
"""

from __future__ import annotations

import math
import unicodedata
import zlib

from damas.rules.args import checked, number_spec

__all__ = ["PdfDocument", "PdfPage", "A4", "A4_LANDSCAPE", "FONTS", "text_width", "wrap", "encode"]

A4 = (595.28, 841.89)
A4_LANDSCAPE = (841.89, 595.28)

#: The standard fonts used, by the name a page's calls give: their PDF resource names.
FONTS = {"Helvetica": "F1", "Helvetica-Bold": "F2", "Times-Italic": "F3"}

# The advance widths (thousandths of the font size) of the characters 32 to 255 of the WinAnsi
# encoding, from Adobe's AFM files of the standard fonts (as matplotlib ships them).
_WIDTHS = {
    "Helvetica": (
        278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278,
        556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556,
        1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,
        667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556,
        333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,
        556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584, 556,
        556, 556, 556, 556, 556, 1000, 556, 556, 556, 1000, 667, 333, 1000, 556, 611, 556,
        556, 222, 222, 333, 333, 350, 556, 1000, 556, 1000, 500, 333, 944, 556, 500, 667,
        556, 333, 556, 556, 167, 556, 260, 556, 333, 737, 370, 556, 584, 333, 737, 333,
        400, 584, 556, 556, 333, 556, 537, 278, 333, 333, 365, 556, 1000, 834, 556, 611,
        667, 667, 667, 667, 667, 667, 1000, 722, 667, 667, 667, 667, 278, 278, 278, 278,
        722, 722, 778, 778, 778, 778, 778, 584, 778, 722, 722, 722, 722, 667, 667, 611,
        556, 556, 556, 556, 556, 556, 889, 500, 556, 556, 556, 556, 278, 278, 278, 278,
        556, 556, 556, 556, 556, 556, 556, 584, 611, 556, 556, 556, 556, 500, 556, 500,
    ),
    "Helvetica-Bold": (
        278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278,
        556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611,
        975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778,
        667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556,
        333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611,
        611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584, 556,
        556, 556, 556, 556, 556, 1000, 556, 556, 556, 1000, 667, 333, 1000, 556, 611, 556,
        556, 278, 278, 500, 500, 350, 556, 1000, 556, 1000, 556, 333, 944, 556, 500, 667,
        556, 333, 556, 556, 167, 556, 280, 556, 333, 737, 370, 556, 584, 333, 737, 333,
        400, 584, 556, 556, 333, 611, 556, 278, 333, 500, 365, 556, 1000, 834, 556, 611,
        722, 722, 722, 722, 722, 722, 1000, 722, 667, 667, 667, 667, 278, 278, 278, 278,
        722, 722, 778, 778, 778, 778, 778, 584, 778, 722, 722, 722, 722, 667, 667, 611,
        556, 556, 556, 556, 556, 556, 889, 556, 556, 556, 556, 556, 278, 278, 278, 278,
        611, 611, 611, 611, 611, 611, 611, 584, 611, 611, 611, 611, 611, 556, 611, 556,
    ),
    "Times-Italic": (
        250, 333, 420, 500, 500, 833, 778, 214, 333, 333, 500, 675, 250, 333, 250, 278,
        500, 500, 500, 500, 500, 500, 500, 500, 500, 500, 333, 333, 675, 675, 675, 500,
        920, 611, 611, 667, 722, 611, 611, 722, 722, 333, 444, 667, 556, 833, 667, 722,
        611, 722, 611, 500, 556, 722, 611, 833, 611, 556, 556, 389, 278, 389, 422, 500,
        333, 500, 500, 444, 500, 444, 278, 500, 500, 278, 278, 444, 278, 722, 500, 500,
        500, 500, 389, 389, 278, 500, 444, 667, 444, 444, 389, 400, 275, 400, 541, 556,
        556, 556, 556, 556, 556, 889, 500, 500, 556, 1000, 500, 333, 944, 556, 556, 556,
        556, 333, 333, 556, 556, 350, 500, 889, 556, 980, 389, 333, 667, 556, 389, 556,
        556, 389, 500, 500, 167, 500, 275, 500, 333, 760, 276, 500, 675, 333, 760, 333,
        400, 675, 500, 500, 333, 500, 523, 250, 333, 556, 310, 500, 889, 750, 556, 500,
        611, 611, 611, 611, 611, 611, 889, 667, 611, 611, 611, 611, 333, 333, 333, 333,
        722, 667, 722, 722, 722, 722, 722, 675, 722, 722, 722, 722, 722, 556, 611, 500,
        500, 500, 500, 500, 500, 500, 667, 444, 444, 444, 444, 444, 278, 278, 278, 278,
        500, 500, 500, 500, 500, 500, 500, 675, 500, 500, 500, 500, 500, 444, 500, 444,
    ),
}


def _font(value, name):
    if not isinstance(value, str) or value not in FONTS:
        from damas.rules.args import refuse
        raise refuse(name, "uma das fontes " + ", ".join(FONTS), value)
    return value


@checked()
def encode(text: str) -> bytes:
    """``text`` in the WinAnsi encoding of the standard fonts; a character outside it is written
    without its accent when it has one, else as «?» (control characters as spaces)."""
    out = bytearray()
    for ch in text:
        if ch in "\t\n\r" or unicodedata.category(ch).startswith("C"):
            out += b" "
            continue
        try:
            out += ch.encode("cp1252")
        except UnicodeEncodeError:
            plain = unicodedata.normalize("NFKD", ch)
            base = "".join(c for c in plain if not unicodedata.combining(c))
            try:
                out += base.encode("cp1252") if base else b"?"
            except UnicodeEncodeError:
                out += b"?"
    return bytes(out)


@checked(font=_font, size=number_spec(0.1, 1000))
def text_width(text: str, font: str = "Helvetica", size: float = 12) -> float:
    """The width of ``text`` in ``font`` at ``size``, in points."""
    table = _WIDTHS[font]
    return sum(table[b - 32] if b >= 32 else 0 for b in encode(text)) * size / 1000


@checked(width=number_spec(1, 100_000), font=_font, size=number_spec(0.1, 1000))
def wrap(text: str, width: float, font: str = "Helvetica", size: float = 12) -> list[str]:
    """``text`` cut into lines no wider than ``width`` points (at word boundaries; a word longer
    than the line is cut where it must be)."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split():
            trial = f"{line} {word}" if line else word
            if text_width(trial, font, size) <= width:
                line = trial
                continue
            if line:
                lines.append(line)
            while text_width(word, font, size) > width and len(word) > 1:
                cut = len(word)
                while cut > 1 and text_width(word[:cut], font, size) > width:
                    cut -= 1
                lines.append(word[:cut])
                word = word[cut:]
            line = word
        lines.append(line)
    return lines


def _num(value: float) -> str:
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _colour(rgb) -> tuple[float, float, float]:
    if isinstance(rgb, str):
        rgb = rgb.lstrip("#")
        return tuple(int(rgb[i:i + 2], 16) / 255 for i in (0, 2, 4))  # type: ignore[return-value]
    return tuple(rgb)  # type: ignore[return-value]


def _escape(data: bytes) -> bytes:
    return data.replace(b"\\", b"\\\\").replace(b"(", b"\\(").replace(b")", b"\\)")


def _size(value) -> tuple[float, float]:
    from damas.rules.args import refuse
    if not (isinstance(value, tuple) and len(value) == 2
            and all(isinstance(v, (int, float)) and not isinstance(v, bool) and 10 <= v <= 14_400 for v in value)):
        raise refuse("size", "o tamanho da página em pontos, como A4 = (595.28, 841.89)", value)
    return value


class PdfPage:
    """One page: drawing calls in points from the top left corner."""

    def __init__(self, size=A4):
        self.width, self.height = _size(size)
        self._ops: list[bytes] = []

    def _y(self, y: float) -> float:
        return self.height - y

    def _paint(self, fill, stroke, width: float) -> str:
        ops = []
        if fill is not None:
            ops.append("{} {} {} rg".format(*map(_num, _colour(fill))))
        if stroke is not None:
            ops.append("{} {} {} RG {} w".format(*map(_num, _colour(stroke)), _num(width)))
        return " ".join(ops)

    @staticmethod
    def _end(fill, stroke) -> str:
        return "B" if fill is not None and stroke is not None else "f" if fill is not None else "S"

    def text(self, x: float, y: float, text: str, font: str = "Helvetica", size: float = 12,
             colour="#000000", align: str = "left") -> None:
        """``text`` with its baseline at ``y``, starting at ``x`` (``align="center"``: centred on
        ``x``; ``"right"``: ending at ``x``)."""
        if font not in FONTS:
            raise ValueError(f"fonte desconhecida: {font!r}")
        width = text_width(text, font, size)
        left = x - width / 2 if align == "center" else x - width if align == "right" else x
        r, g, b = _colour(colour)
        self._ops.append(b"BT /" + FONTS[font].encode() + f" {_num(size)} Tf {_num(r)} {_num(g)} {_num(b)} rg "
                         f"{_num(left)} {_num(self._y(y))} Td (".encode() + _escape(encode(text)) + b") Tj ET")

    def line(self, x1: float, y1: float, x2: float, y2: float, colour="#000000", width: float = 1) -> None:
        self._ops.append(f"q {self._paint(None, colour, width)} {_num(x1)} {_num(self._y(y1))} m "
                         f"{_num(x2)} {_num(self._y(y2))} l S Q".encode())

    def rect(self, x: float, y: float, w: float, h: float, fill=None, stroke=None, width: float = 1) -> None:
        """A rectangle whose top left corner is (``x``, ``y``)."""
        self._ops.append(f"q {self._paint(fill, stroke, width)} {_num(x)} {_num(self._y(y + h))} {_num(w)} "
                         f"{_num(h)} re {self._end(fill, stroke)} Q".encode())

    def polygon(self, points, fill=None, stroke=None, width: float = 1) -> None:
        path = " ".join(f"{_num(x)} {_num(self._y(y))} {'m' if i == 0 else 'l'}" for i, (x, y) in enumerate(points))
        self._ops.append(f"q {self._paint(fill, stroke, width)} {path} h {self._end(fill, stroke)} Q".encode())

    def circle(self, cx: float, cy: float, r: float, fill=None, stroke=None, width: float = 1) -> None:
        k = 0.5523 * r          # the four Bézier arcs of a circle
        y = self._y(cy)
        path = (f"{_num(cx + r)} {_num(y)} m "
                f"{_num(cx + r)} {_num(y + k)} {_num(cx + k)} {_num(y + r)} {_num(cx)} {_num(y + r)} c "
                f"{_num(cx - k)} {_num(y + r)} {_num(cx - r)} {_num(y + k)} {_num(cx - r)} {_num(y)} c "
                f"{_num(cx - r)} {_num(y - k)} {_num(cx - k)} {_num(y - r)} {_num(cx)} {_num(y - r)} c "
                f"{_num(cx + k)} {_num(y - r)} {_num(cx + r)} {_num(y - k)} {_num(cx + r)} {_num(y)} c")
        self._ops.append(f"q {self._paint(fill, stroke, width)} {path} h {self._end(fill, stroke)} Q".encode())

    def star(self, cx: float, cy: float, r: float, fill=None, stroke=None, width: float = 1) -> None:
        """A five-pointed star of outer radius ``r``, point up."""
        points = []
        for i in range(10):
            radius = r if i % 2 == 0 else r * 0.4
            angle = math.pi / 2 + i * math.pi / 5
            points.append((cx + radius * math.cos(angle), cy - radius * math.sin(angle)))
        self.polygon(points, fill, stroke, width)

    def content(self) -> bytes:
        return b"\n".join(self._ops)


class PdfDocument:
    """Pages, written as one PDF file by :meth:`bytes`."""

    def __init__(self, title: str = ""):
        self.title = title
        self.pages: list[PdfPage] = []

    def page(self, size=A4) -> PdfPage:
        """A new page (A4 portrait; ``A4_LANDSCAPE`` for landscape), added at the end."""
        page = PdfPage(size)
        self.pages.append(page)
        return page

    def bytes(self) -> bytes:
        """The PDF file (version 1.4, compressed content streams)."""
        if not self.pages:
            raise ValueError("um PDF precisa de ao menos uma página")
        objects: list[bytes] = []
        fonts_at = 3
        first_page = fonts_at + len(FONTS)
        kids = [first_page + 2 * i for i in range(len(self.pages))]
        objects.append(b"<< /Type /Catalog /Pages 2 0 R >>")
        objects.append(f"<< /Type /Pages /Kids [{' '.join(f'{k} 0 R' for k in kids)}] /Count {len(kids)} >>".encode())
        for name in FONTS:
            objects.append(f"<< /Type /Font /Subtype /Type1 /BaseFont /{name} /Encoding /WinAnsiEncoding >>".encode())
        fonts = " ".join(f"/{key} {fonts_at + i} 0 R" for i, key in enumerate(FONTS.values()))
        for i, page in enumerate(self.pages):
            stream = zlib.compress(page.content(), 9)
            objects.append(f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {_num(page.width)} {_num(page.height)}] "
                           f"/Resources << /Font << {fonts} >> >> /Contents {kids[i] + 1} 0 R >>".encode())
            objects.append(f"<< /Length {len(stream)} /Filter /FlateDecode >>\nstream\n".encode() + stream
                           + b"\nendstream")
        info = len(objects) + 1
        title = ("\ufeff" + self.title).encode("utf-16-be", "surrogatepass").hex().upper()   # any letter
        objects.append(f"<< /Producer (damas) /Title <{title}> >>".encode())
        out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
        offsets = []
        for number, body in enumerate(objects, 1):
            offsets.append(len(out))
            out += f"{number} 0 obj\n".encode() + body + b"\nendobj\n"
        xref = len(out)
        out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
        for offset in offsets:
            out += f"{offset:010d} 00000 n \n".encode()
        out += (f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R /Info {info} 0 R >>\n"
                f"startxref\n{xref}\n%%EOF\n").encode()
        return bytes(out)

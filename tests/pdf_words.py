"""Words of a PDF and where they are, read back with poppler (``pdftotext -raw -bbox``): what the
tests of printable pages (the sheets, the tournament's certificates) check against a frame."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

PDFTOTEXT = shutil.which("pdftotext")
SLACK = 0.5   # points: poppler rounds the glyph positions


def page_words(pdf: Path) -> list:
    """[(page width, page height, [(x0, y0, x1, y1, word)])] with y measured from the top, in
    the order the words are drawn (``-raw``)."""
    out = subprocess.run([PDFTOTEXT, "-raw", "-bbox", str(pdf), "-"], capture_output=True, text=True,
                         check=True).stdout
    pages = []
    for page in re.finditer(r'<page width="([\d.]+)" height="([\d.]+)">(.*?)</page>', out, re.S):
        words = [(float(a), float(b), float(c), float(d), html_text(w)) for a, b, c, d, w in re.findall(
            r'<word xMin="([\d.-]+)" yMin="([\d.-]+)" xMax="([\d.-]+)" yMax="([\d.-]+)">(.*?)</word>', page[3])]
        pages.append((float(page[1]), float(page[2]), words))
    return pages


def html_text(word: str) -> str:
    return word.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", '"').replace("&#39;", "'") \
        .replace("&amp;", "&")


def outside(word, frame, width, height) -> bool:
    """Is the word's box not inside ``frame`` (left, bottom, right, top in fractions of the page)?"""
    x0, y0, x1, y1, _ = word
    left, bottom, right, top = frame
    return (x0 < left * width - SLACK or x1 > right * width + SLACK
            or y0 < (1 - top) * height - SLACK or y1 > (1 - bottom) * height + SLACK)


def find_words(words, text):
    """The boxes of ``text``'s words where they are drawn in sequence on the page (None if not)."""
    wanted = text.split()
    seen = [w[4] for w in words]
    for i in range(len(seen) - len(wanted) + 1):
        if seen[i:i + len(wanted)] == wanted:
            return words[i:i + len(wanted)]
    return None


def words_outside_frame(pdf: Path, frame, text, page=0) -> list:
    """The words of ``text`` on ``pdf``'s page that are not inside ``frame``; a text not found in
    sequence is reported whole."""
    width, height, words = page_words(pdf)[page]
    found = find_words(words, text)
    if found is None:
        return [(pdf.name, "texto não encontrado", text)]
    return [(pdf.name, w[4], tuple(round(v) for v in w[:4])) for w in found if outside(w, frame, width, height)]

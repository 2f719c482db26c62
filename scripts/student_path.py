"""What a student reads in each chapter, measured on the stored notebooks (issue 46).

    python scripts/student_path.py             # a table of every chapter, and what breaks a limit
    python scripts/student_path.py --check     # the same, exit status 1 if a limit is broken
    python scripts/student_path.py --show 06   # the long sentences, words and numbers found in 06
    python scripts/student_path.py --markdown  # the table in Markdown (for a closing note)

The student's path is what a child sees without opening anything on purpose: the Markdown cells
and the outputs of the code cells, outside a collapsed heading (JupyterLab's
``jp-MarkdownHeadingCollapsed``: the heading's cell shows whole, the cells under it do not; so the
heading of a «Para saber mais» goes alone in its cell) and outside
``<details>`` blocks.  HTML comments never show.  For each chapter it counts:

* **words**: the words of that text (letters, accented letters included), outputs' text too
  (``text/markdown``, ``text/html`` without its tags, plain text, printed streams);
* **before picture**: the words read before the first board or picture (an image or SVG in the
  Markdown, or an output with an SVG, a PNG or an ``<svg``/``<img`` in its HTML);
* **long sentences**: sentences of more than 30 words;
* **code in sight**: code cells whose input is not hidden (``metadata.jupyter.source_hidden``);
  a hidden cell whose first line is not a Portuguese comment (``# ...``) counts too, because
  JupyterLab shows that line beside the «•••» of a hidden cell;
* **citations**: rule numbers («regra 4.13», «regras 3.10 a 3.13»);
* **machine words**: words of engines and software a child should not meet (profundidade,
  solucionador, pacote, FEN, ...); «kernel» is allowed twice in chapter 00, where the course says
  how to use it;
* **English**: English words and labels that reached the page («Click», «seed», «Vez de: W»);
* **numbers**: numbers not written the Brazilian way (a decimal point, as in «1.19», or five
  digits and more without the thousands point, as in «107880»); rule numbers («regra 4.13», or an
  article number of the rules standing alone, as in a table) are not numbers.

Limits (issue 46): chapters 00-10 at most 900 words, 11-15 and História at most 1,500; the first
picture before the 120th word; at most 2 long sentences; no code in sight; no machine word, no
English, no number in the wrong form.  ``tests/notebooks/test_student_path.py`` runs it.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
from damas.display.numbers import decimal_text, integer_text  # noqa: E402

WORD = re.compile(r"[A-Za-zÀ-ÖØ-öø-ÿ]+(?:-[A-Za-zÀ-ÖØ-öø-ÿ]+)*")
HEADING = re.compile(r"\s*(#{1,6})\s")
DETAILS = re.compile(r"<details\b.*?</details>", re.S | re.I)
COMMENT = re.compile(r"<!--.*?-->", re.S)
TAG = re.compile(r"<[^>]+>")
HTML_BLOCKS = re.compile(r"<(style|script|details)\b[^>]*>.*?</\1>", re.S | re.I)
PICTURE_MD = re.compile(r"!\[|<img\b|<svg\b", re.I)
PICTURE_HTML = re.compile(r"<svg\b|<img\b", re.I)
#: a sentence ends at . ! ? (not inside a number such as 3.5 or 1.984) or at the end of a line that
#: is a heading or an item of a list
SENTENCE_END = re.compile(r"(?<!\d)[.!?…]+(?=\s|$)|(?<=\d)[.!?](?=\s|$)|\n\s*\n|\n(?=\s*(?:[*+-]|\d+\.)\s)|\n(?=#)")
CITATION = re.compile(r"\b(?:regras?|art(?:igos?|s?\.)?)\s+\d+(?:\.\d+)+", re.I)
RULE_CONTEXT = re.compile(r"(?:regras?|art(?:igos?|s?\.)?|itens|item|§)\s+(?:\d+(?:\.\d+)*(?:,\s*|\s+[ea]\s+))*$", re.I)
DECIMAL_POINT = re.compile(r"(?<![\w.])[-−]?\d+\.\d+(?![\w.])")
#: the article numbers of the Brazilian rules (the seed's numbering): a rule number is not a decimal
ARTICLES = frozenset(
    "1.1 1.2 2.1 2.2 2.3 2.4 2.5 2.5.1 2.5.2 2.5.3 2.5.4 2.6 2.6.1 2.6.2 2.6.3 2.7 2.8 3.1 3.2 3.3 3.4 "
    "3.5 3.6 3.7 3.8 3.9 3.10 3.11 3.12 3.13 4.1 4.2 4.3 4.4 4.5 4.6 4.7 4.8 4.9 4.10 4.11 4.12 4.13 "
    "4.14 4.15 5.1 5.2 5.3 5.4 5.5 5.6 5.7 5.8 6.1 6.2 6.3 6.4 7.1 7.1.1 7.1.2 7.2 7.2.1 7.2.2 7.2.3 "
    "7.2.4 7.3 7.3.1 7.3.2 7.3.3 8.1 8.2 8.2.1 8.2.2 8.2.3 9.1 9.1.1 9.1.2 9.1.3 9.1.4 9.1.5 9.1.6 10.1 "
    "10.2 10.2.1 10.2.2 10.3 10.4 10.5".split())
BRAZILIAN_THOUSANDS = re.compile(r"^\d{1,3}(?:\.\d{3})+$")
LONG_NUMBER = re.compile(r"(?<![\w.,])\d{5,}(?![\w.,])")

#: words of engines and software (lower case); a child meets pictures, boards and buttons instead
MACHINE_WORDS = {
    "profundidade", "avaliação", "avaliações", "solucionador", "pacote", "função", "funções", "fen",
    "pdn", "notebook", "notebooks", "kernel", "python", "código", "variável", "variáveis", "algoritmo",
    "motor", "heurística", "widget", "módulo", "importar", "script",
}
KERNEL_ALLOWED = {"00": 2}
#: English that reached a student's page (lower case); Portuguese homographs left out
ENGLISH_WORDS = {
    "the", "and", "click", "cell", "cells", "seed", "executing", "true", "false", "none", "print",
    "error", "traceback", "import", "return", "white", "black", "board", "moves", "king",
    "kings", "output", "loading", "run", "running", "add", "modified", "idle", "download", "language",
    "reconnect", "save", "saved", "file", "edit", "view", "help", "settings", "undo", "redo", "reset",
    "start", "stop", "next", "previous", "back", "score", "level", "player", "computer", "winner",
}
ENGLISH_LABELS = re.compile(r"\bVez de:\s*[WB]\b|\b[WB]\s+joga\b")

LIMIT_WORDS_EARLY = 900      # chapters 00-10
LIMIT_WORDS_LATE = 1500      # chapters 11-15 and História
LIMIT_BEFORE_PICTURE = 120
LIMIT_LONG_SENTENCES = 2
LONG_SENTENCE = 30


@dataclass
class Figures:
    """What one notebook shows a student, and what breaks the limits."""
    name: str
    words: int = 0
    before_picture: int | None = None
    long_sentences: list[str] = field(default_factory=list)
    code_in_sight: int = 0
    citations: int = 0
    machine_words: list[str] = field(default_factory=list)
    english: list[str] = field(default_factory=list)
    numbers: list[str] = field(default_factory=list)

    @property
    def number(self) -> str:
        return self.name[:2] if self.name[:2].isdigit() else ""

    @property
    def word_limit(self) -> int:
        return LIMIT_WORDS_EARLY if self.number and int(self.number) <= 10 else LIMIT_WORDS_LATE

    @property
    def minutes(self) -> float:
        """Reading time aloud, at 100 words a minute (teaching.md)."""
        return self.words / 100

    def problems(self) -> list[str]:
        found = []
        if self.words > self.word_limit:
            found.append(f"{self.words} palavras (limite {self.word_limit})")
        before = self.words if self.before_picture is None else self.before_picture
        if before > LIMIT_BEFORE_PICTURE:
            found.append(f"a primeira figura vem depois de {before} palavras (limite {LIMIT_BEFORE_PICTURE})")
        if len(self.long_sentences) > LIMIT_LONG_SENTENCES:
            found.append(f"{len(self.long_sentences)} frases com mais de {LONG_SENTENCE} palavras "
                         f"(limite {LIMIT_LONG_SENTENCES})")
        if self.code_in_sight:
            found.append(f"{self.code_in_sight} células de código à vista")
        if self.machine_words:
            found.append("palavras de máquina: " + ", ".join(sorted(set(self.machine_words))))
        if self.english:
            found.append("inglês: " + ", ".join(sorted(set(self.english))))
        if self.numbers:
            found.append("números fora da forma brasileira: " + ", ".join(sorted(set(self.numbers))))
        return found


def _source(cell) -> str:
    s = cell.get("source", "")
    return "".join(s) if isinstance(s, list) else s


def _text(value) -> str:
    return "".join(value) if isinstance(value, list) else (value or "")


def _hidden_input_in_sight(cell) -> bool:
    """A code cell whose input a student sees: not hidden, or hidden with a first line that is not
    a Portuguese comment (JupyterLab prints that line beside the «•••»)."""
    src = _source(cell).strip()
    if not src:
        return False
    if not cell.get("metadata", {}).get("jupyter", {}).get("source_hidden"):
        return True
    first = src.splitlines()[0].strip()
    return not (first.startswith("#") and not first.startswith("#@"))


def _output_text(output) -> tuple[str, bool]:
    """(the words an output shows, whether it shows a picture)."""
    if output.get("output_type") == "stream":
        return _text(output.get("text")), False
    if output.get("output_type") == "error":
        return " ".join([output.get("ename", ""), output.get("evalue", "")]), False
    data = output.get("data", {})
    picture = bool({"image/svg+xml", "image/png", "image/jpeg"} & set(data))
    if "text/html" in data and PICTURE_HTML.search(_text(data["text/html"])):
        picture = True
    if "text/markdown" in data:
        text = _text(data["text/markdown"])
    elif "text/html" in data:
        text = TAG.sub(" ", HTML_BLOCKS.sub(" ", COMMENT.sub(" ", _text(data["text/html"]))))
    elif "text/plain" in data and not ({"image/svg+xml", "image/png", "image/jpeg",
                                         "application/vnd.jupyter.widget-view+json"} & set(data)):
        text = _text(data["text/plain"])
    else:
        text = ""
    return text, picture


def visible_parts(nb: dict) -> list[tuple[str, str, bool]]:
    """The parts of a notebook a student sees, in order: (kind, text, has_picture), where kind is
    ``markdown`` or ``output`` (text outside collapsed headings and ``<details>``)."""
    parts: list[tuple[str, str, bool]] = []
    collapsed_level: int | None = None
    for cell in nb.get("cells", []):
        src = _source(cell)
        if cell.get("cell_type") == "markdown":
            m = HEADING.match(src)
            if m:
                level = len(m.group(1))
                if collapsed_level is not None and level <= collapsed_level:
                    collapsed_level = None
                if collapsed_level is None and cell.get("metadata", {}).get("jp-MarkdownHeadingCollapsed"):
                    # JupyterLab shows the heading's cell whole (the text under the heading in the
                    # same cell too) and hides the cells after it: the heading goes alone in its cell
                    shown = DETAILS.sub(" ", COMMENT.sub(" ", src))
                    parts.append(("markdown", shown, bool(PICTURE_MD.search(shown))))
                    collapsed_level = level
                    continue
        if collapsed_level is not None:
            continue
        if cell.get("cell_type") == "markdown":
            shown = DETAILS.sub(" ", COMMENT.sub(" ", src))
            parts.append(("markdown", shown, bool(PICTURE_MD.search(shown))))
        elif cell.get("cell_type") == "code":
            parts.append(("code", "", _hidden_input_in_sight(cell)))
            for output in cell.get("outputs", []):
                text, picture = _output_text(output)
                parts.append(("output", text, picture))
    return parts


def sentences(text: str) -> list[str]:
    """The sentences of a text, split at end marks, blank lines, list items and headings."""
    plain = TAG.sub(" ", text)
    plain = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", plain)          # [text](link): the text
    plain = re.sub(r"[`*_>#|]", " ", plain)
    return [s.strip() for s in SENTENCE_END.split(plain) if s and s.strip()]


def _bad_numbers(text: str) -> list[str]:
    bad = []
    for m in DECIMAL_POINT.finditer(text):
        token = m.group(0)
        if BRAZILIAN_THOUSANDS.match(token.lstrip("-−")):
            continue
        if token in ARTICLES or RULE_CONTEXT.search(text[max(0, m.start() - 80):m.start()]):
            continue
        if re.match(r"\d+\.\d+\.\d+", token):          # 5.4.06: an article, whatever precedes it
            continue
        bad.append(token)
    bad += LONG_NUMBER.findall(text)
    return bad


def measure(path: Path) -> Figures:
    nb = json.loads(Path(path).read_text(encoding="utf-8"))
    fig = Figures(Path(path).name)
    machine_allowed = dict(KERNEL_ALLOWED) if fig.number in KERNEL_ALLOWED else {}
    kernel_seen = 0
    for kind, text, flag in visible_parts(nb):
        if kind == "code":
            fig.code_in_sight += flag
            continue
        if fig.before_picture is None and flag:
            fig.before_picture = fig.words
        words = WORD.findall(TAG.sub(" ", text))
        fig.words += len(words)
        if kind == "markdown":
            fig.long_sentences += [s for s in sentences(text) if len(WORD.findall(s)) > LONG_SENTENCE]
        fig.citations += len(CITATION.findall(text))
        for w in words:
            low = w.lower()
            if low == "kernel" and kernel_seen < machine_allowed.get(fig.number, 0):
                kernel_seen += 1
                continue
            if low in MACHINE_WORDS:
                fig.machine_words.append(low)
            if low in ENGLISH_WORDS:
                fig.english.append(w)
        fig.english += ENGLISH_LABELS.findall(text)
        fig.numbers += _bad_numbers(text)
    return fig


def course_notebooks() -> list[Path]:
    """The chapters and História (the notebooks a student reads as lessons)."""
    return sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb")) + [NOTEBOOKS / "Historia.ipynb"]


def _row(f: Figures) -> str:
    before = f.words if f.before_picture is None else f.before_picture
    return (f"{f.name:34} {f.words:6} {before:7} {len(f.long_sentences):6} {f.code_in_sight:6} "
            f"{f.citations:6} {len(f.machine_words):6} {len(f.english):6} {len(f.numbers):6} {f.minutes:6.1f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if a limit is broken")
    parser.add_argument("--markdown", action="store_true", help="the table in Markdown")
    parser.add_argument("--show", metavar="NN", help="what breaks the limits in one chapter, in full")
    args = parser.parse_args(argv)
    figures = [measure(p) for p in course_notebooks() if p.exists()]
    if args.show:
        for f in figures:
            if f.name.startswith(args.show):
                print(f.name)
                for s in f.long_sentences:
                    print(f"  [frase longa, {len(WORD.findall(s))} palavras] {s}")
                for label, items in (("máquina", f.machine_words), ("inglês", f.english), ("número", f.numbers)):
                    for item in items:
                        print(f"  [{label}] {item}")
                for p in f.problems():
                    print("  -", p)
        return 0
    if args.markdown:
        print("| caderno | palavras | antes da 1ª figura | frases > 30 | código à vista | citações "
              "| palavras de máquina | inglês | números | minutos de leitura |")
        print("|---|---|---|---|---|---|---|---|---|---|")
        for f in figures:
            before = f.words if f.before_picture is None else f.before_picture
            # numbers the Brazilian way (1.498; 16,2), the notebook's name as it is
            print(f"| {f.name} | {integer_text(f.words)} | {integer_text(before)} | {len(f.long_sentences)} | "
                  f"{f.code_in_sight} | {f.citations} | {len(f.machine_words)} | {len(f.english)} | "
                  f"{len(f.numbers)} | {decimal_text(f.minutes, 1)} |")
    else:
        print(f"{'caderno':34} {'palav.':>6} {'antes':>7} {'>30':>6} {'código':>6} {'citaç.':>6} "
              f"{'máq.':>6} {'ingl.':>6} {'núm.':>6} {'min.':>6}")
        for f in figures:
            print(_row(f))
    broken = [(f.name, p) for f in figures for p in f.problems()]
    if broken and not args.markdown:
        print()
        for name, p in broken:
            print(f"{name}: {p}")
    return 1 if (args.check and broken) else 0


if __name__ == "__main__":
    sys.exit(main())

"""The lint of the fact tags: which sentence must carry one, and what its tags must name.

Not a parser of Portuguese: it only finds, in the prose of a sentence (its tags taken out),
the moves, squares, counts and theme names it names, and asks the sentence's tags
(:mod:`damas.rules.pdn_facts`) to cover them:

* a sentence that names a square, a move, a count («três peças», «dez contra nove», «uma
  pedra a mais») or a theme («golpe turco») carries at least one fact tag, or is marked as the
  author's opinion (``[%opinion]``) or as a cited note (``[%quote]``); a sentence that states a
  rule of the game (``[%rule]``) may count things, but names no square and no move;
* every move it names is an argument of one of its tags (or of an ``after`` clause), and every
  square it names is one, or a square of such a move;
* every theme it names is the argument of a ``[%theme]`` tag (``três por um`` may also be an
  ``[%exchange 3 1]``);
* every count of two or more pieces it names («três peças», «dez contra nove», «dois por um») is
  a number its tags state: a count of ``%material`` or ``%gain``, a number of ``%exchange``, or
  how many squares or moves a tag lists.

What the tags claim is checked on the board by :mod:`damas.problems.fact_checks`.  A chapter's
sentences carry their tags in an HTML comment right after them (``... em c5. <!-- [%gives
d4-c5] -->``), which no notebook viewer shows; :func:`lint_markdown` reads those, and there a
sentence needs a tag only when it names a square or a move (a chapter counts many things that
are rules, not positions).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from damas.errors import DamasError
from damas.rules.args import checked, choice_spec, flag_spec, text_spec
from damas.rules.pdn_facts import Fact, read_facts, sentences, strip_facts

__all__ = ["Named", "named_in", "lint_sentence", "lint_comment", "lint_markdown", "THEME_NAMES"]

_WORDS = {"dois": 2, "duas": 2, "três": 3, "tres": 3, "quatro": 4, "cinco": 5, "seis": 6, "sete": 7, "oito": 8,
          "nove": 9, "dez": 10, "onze": 11, "doze": 12}
_ONE = r"\b(?:uma|um|nenhuma|nenhum)\s+(?:peças?|pedras?|damas?)\b"
def _theme_names() -> dict[str, str]:
    """The words that name each theme in a sentence (damas.problems.themes, the one definition),
    longest first, and the key of each."""
    from damas.problems.themes import THEMES
    names = {w: t.key for t in THEMES.values() for w in t.words}
    return dict(sorted(names.items(), key=lambda kv: -len(kv[0])))


#: the words that name a theme in a sentence, and the key of each (damas.problems.themes)
THEME_NAMES = _theme_names()
_EXCHANGE = {"tres-por-um": ("3", "1"), "dois-por-um": ("2", "1")}

_MOVE8 = re.compile(r"(?<![\w-])([a-h][1-8](?:[-x:][a-h][1-8])+)(?![\w-])")
_SQ8 = re.compile(r"(?<![\w-])([a-h][1-8])(?![\w-])")
_MOVE10 = re.compile(r"(?<![\w.,-])(\d{1,2}(?:[-x]\d{1,2})+)(?![\w-])")
_RESULT = re.compile(r"(?<![\w-])(?:2-0|0-2|1-1|1-0|0-1)(?![\w-])")
_RULES = re.compile(r"\b(?:regras?|art(?:igos?|\.)?)\s+\d+(?:\.\d+)*(?:(?:,\s*|\s+e\s+)\d+(?:\.\d+)*)*", re.IGNORECASE)
_DECIMAL = re.compile(r"\d+(?:[.,]\d+)+")
_CITATION = re.compile(r"\b(?:cap|p|pp|vol|n|nº|ed)\.\s*\d+", re.IGNORECASE)
_ORDINAL = re.compile(r"\b\d+\s*(?:\.\s*)?[ºª°]")
_MOVE_NUMBER = re.compile(r"\b\d+\.(?:\.\.)?\s*(?=[a-h]?\d)")
_BOARD = re.compile(r"\b(?:8x8|10x10)\b|\b\d+\s+(?:casas|anos)\b|\b\d{3,}\b")
#: a diagonal named by its ends («a diagonal a5-d8», «a tri-diagonal c1–h6»): a line, not a move
_DIAGONAL = re.compile(r"(?:\bdiagonal\s+|(?<![\w-]))([a-h][1-8])\s*[–—]\s*([a-h][1-8])(?![\w-])"
                       r"|\bdiagonal\s+[a-h][1-8]-[a-h][1-8]\b", re.IGNORECASE)
_COUNTED = re.compile(r"\b(\d{1,2})(?=\s+(?:peças?|pedras?|damas?|lances?|contra|por|vezes|anos|etapas|posições)\b)"
                      r"|(?<=\bcontra\s)(\d{1,2})\b|(?<=\bpor\s)(\d{1,2})\b")


@dataclass
class Named:
    """What the prose of a sentence names: move texts, squares, counts (numbers) and theme keys."""

    moves: list[str] = field(default_factory=list)
    squares: list[str] = field(default_factory=list)
    counts: list[int] = field(default_factory=list)
    pieces: list[int] = field(default_factory=list)  # the counts of pieces («três peças», «dez contra nove»)
    themes: list[str] = field(default_factory=list)
    one: bool = False            # a count of one («uma pedra a mais», «nenhuma peça»)

    def __bool__(self) -> bool:
        return bool(self.moves or self.squares or self.counts or self.themes or self.one)


def _plain(prose: str) -> str:
    """Prose without markdown: links keep their words, code and emphasis marks go."""
    prose = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", prose)
    return re.sub(r"[*`_]", "", prose)


@checked(prose=text_spec(), size=choice_spec({8: "8x8", 10: "10x10"}))
def named_in(prose: str, size: int = 8) -> Named:
    """What ``prose`` (a sentence without its tags) names."""
    text = _plain(prose)
    out = Named()
    text = _DIAGONAL.sub(" ", _CITATION.sub(" ", _RULES.sub(" ", text)))
    move_re = _MOVE8 if size == 8 else _MOVE10
    if size != 8:
        text = _RESULT.sub(" ", text)
    text = _MOVE_NUMBER.sub(" ", text)
    for m in move_re.finditer(text):
        out.moves.append(m.group(1).replace(":", "x"))
    text = move_re.sub(" ", text)
    low = text.lower()
    for name, key in THEME_NAMES.items():
        if re.search(rf"(?<!\w){re.escape(name)}(?!\w)", low) and key not in out.themes:
            out.themes.append(key)
            low = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", " ", low)
    for m in re.finditer(r"\b(" + "|".join(_WORDS) + r")\b", low):
        out.counts.append(_WORDS[m.group(1)])
    number = r"(" + "|".join(_WORDS) + r"|\d{1,2})"
    for m in re.finditer(rf"\b{number}(?=\s+(?:peças|pedras|damas)\b)|\b{number}\s+(?:contra|por)\s+{number}\b"
                         rf"|(?<=\bcontra\s){number}\b", low):
        for g in m.groups():
            if g:
                out.pieces.append(_WORDS.get(g) or int(g))
    out.one = bool(re.search(_ONE, low))
    text = _ORDINAL.sub(" ", _DECIMAL.sub(" ", _BOARD.sub(" ", text)))
    if size == 8:
        out.squares = _SQ8.findall(text)
        out.counts += [int(n) for n in re.findall(r"(?<![\w-])(\d{1,2})(?![\w-])", text)]
    else:
        for m in _COUNTED.finditer(text):
            out.counts.append(int(next(g for g in m.groups() if g)))
        text = _COUNTED.sub(" ", text)
        out.squares = [n for n in re.findall(r"(?<![\w-])(\d{1,2})(?![\w-])", text) if 1 <= int(n) <= 50]
    out.counts = [n for n in out.counts if n >= 2]
    out.pieces = sorted({n for n in out.pieces if n >= 2})
    return out


def _squares_of(move: str) -> list[str]:
    body = move.rsplit(".", 1)[-1]
    return re.split(r"[-x]", body)


def _covered(facts: list[Fact], size: int) -> tuple[set[str], set[str], set[str], set[int]]:
    """The moves, squares, theme keys and numbers the tags of a sentence name."""
    moves: set[str] = set()
    squares: set[str] = set()
    themes: set[str] = set()
    numbers: set[int] = set()
    sq = re.compile(r"[a-h][1-8]") if size == 8 else re.compile(r"\d{1,2}")
    move = re.compile(r"(?:\d+\.(?:\.\.)?)?" + (r"[a-h][1-8](?:[-x][a-h][1-8])+" if size == 8 else r"\d{1,2}(?:[-x]\d{1,2})+"))
    for f in facts:
        listed = [a for a in f.args if move.fullmatch(a)]
        group = None
        for a in f.args:                 # the squares after each move (what it takes or gives)
            if a in listed:
                if group:
                    numbers.add(group)
                group = 0
            elif group is not None:
                group += 1
        if group:
            numbers.add(group)
        for a in list(f.args) + list(f.after) + ([f.before] if f.before else []):
            if move.fullmatch(a):
                bare = a.rsplit(".", 1)[-1]
                moves.add(bare)
                path = re.split(r"[-x]", bare)
                if len(path) > 2:                # a capture written in full covers its short text too
                    moves.add(f"{path[0]}x{path[-1]}")
                squares.update(_squares_of(bare))
            elif f.kind == "theme":
                themes.add(a)
                if a in _EXCHANGE:
                    numbers.update(int(n) for n in _EXCHANGE[a])
            elif f.kind in ("material", "gain"):
                numbers.add(abs(int(a[1:])))
            elif f.kind == "exchange":
                numbers.add(int(a))
            elif sq.fullmatch(a.lstrip("WBK")):
                squares.add(a.lstrip("WBK"))
        plain = [a for a in f.args if a not in listed]
        numbers.update({len(listed), len(plain), len(f.args)})
        if f.kind == "exchange":
            pair = tuple(f.args)
            for key, value in _EXCHANGE.items():
                if value == pair:
                    themes.add(key)
    numbers.add(len(moves))
    return moves, squares, themes, numbers


def _short(sentence: str) -> str:
    s = strip_facts(sentence)
    return s if len(s) <= 90 else s[:87] + "..."


@checked(sentence=text_spec(), size=choice_spec({8: "8x8", 10: "10x10"}), chapter=flag_spec())
def lint_sentence(sentence: str, size: int = 8, chapter: bool = False) -> list[str]:
    """What is wrong with the tags of one sentence, as Portuguese messages ([] if nothing).

    ``chapter``: a chapter's sentence, which needs a tag only when it names a square or a
    move."""
    try:
        facts = [f for f in read_facts(sentence, size) if f.is_fact]
    except DamasError as err:
        return [f"{_short(sentence)!r}: {err}"]
    prose = strip_facts(sentence)
    named = named_in(prose, size)
    if any(f.kind in ("opinion", "quote") for f in facts):
        return []
    if any(f.kind == "rule" for f in facts):
        if named.moves or named.squares:
            return [f"{_short(sentence)!r}: [%rule] é para uma regra do jogo, e a frase cita uma casa ou um lance"]
        return []
    needs = bool(named.moves or named.squares) if chapter else bool(named)
    if not needs:
        return []
    if not [f for f in facts if f.kind != "fen"]:
        what = ("um lance" if named.moves else "uma casa" if named.squares else "um tema" if named.themes
                else "uma contagem")
        return [f"{_short(sentence)!r}: cita {what} e não tem etiqueta de fato (nem [%opinion] ou [%quote])"]
    moves, squares, themes, numbers = _covered(facts, size)
    out = []
    for m in named.moves:
        if m not in moves:
            out.append(f"{_short(sentence)!r}: cita o lance {m}, que nenhuma etiqueta da frase tem")
    for s in named.squares:
        if s not in squares:
            out.append(f"{_short(sentence)!r}: cita a casa {s}, que nenhuma etiqueta da frase tem")
    for t in named.themes:
        if t not in themes:
            out.append(f"{_short(sentence)!r}: cita o tema {t}, e nenhuma etiqueta [%theme {t}] o confere")
    if not chapter:
        for n in named.pieces:
            if n not in numbers:
                out.append(f"{_short(sentence)!r}: cita a contagem {n}, que nenhuma etiqueta da frase tem")
    return out


@checked(comment=text_spec(), size=choice_spec({8: "8x8", 10: "10x10"}))
def lint_comment(comment: str, size: int = 8) -> list[str]:
    """The lint's messages for every sentence of a PDN comment."""
    return [msg for s in sentences(comment) for msg in lint_sentence(s, size)]


_MARKER_AFTER = re.compile(r"([.!?:;])(\s*)(<!--(?:\s*\[%[^\[\]]*\])+\s*-->)")


@checked(markdown=text_spec())
def markdown_sentences(markdown: str) -> list[str]:
    """The sentences of a chapter's markdown, each with the tags of the marker that follows it
    (``... em c5. <!-- [%gives d4-c5] -->`` is read as ``... em c5 [%gives d4-c5].``)."""
    text = _MARKER_AFTER.sub(lambda m: " " + re.sub(r"<!--|-->", "", m.group(3)).strip() + m.group(1), markdown)
    text = re.sub(r"<!--((?:\s*\[%[^\[\]]*\])+)\s*-->", r"\1", text)
    text = re.sub(r"^#+\s.*$", "", text, flags=re.MULTILINE)
    return sentences(_plain(text))


@checked(markdown=text_spec(), size=choice_spec({8: "8x8", 10: "10x10"}))
def lint_markdown(markdown: str, size: int = 8) -> list[str]:
    """The lint's messages for the fact sentences of a chapter's markdown cell."""
    return [msg for s in markdown_sentences(markdown) for msg in lint_sentence(s, size, chapter=True)]

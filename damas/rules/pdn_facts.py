"""Fact tags: the machine-checked facts written inside PDN comments, beside the prose.

A comment says things in Portuguese for a person; a *fact tag* says one of them for the
package, in a closed grammar of a few commands, right after the words it proves (as
python-chess's ``[%eval 0.17]`` and ``[%clk 0:00:07]`` do in PGN)::

    {A pedra de d4 se entrega em c5 [%gives d4-c5]. As pretas só têm d6xb4 [%only d6xb4].}

This module reads and writes the tags (:func:`read_facts`, :class:`Fact`, :func:`add_facts`),
cuts a comment into sentences (:func:`sentences`, the one splitter of the package) and takes the
tags out of a text before anyone reads it (:func:`strip_facts`, the one stripping function every
display uses).  What each tag claims is checked on the board by
:mod:`damas.problems.fact_checks`, one function per kind; which sentence needs a tag is said by
:mod:`damas.problems.fact_lint`.

Arguments: ``MOVE`` a move as the game writes it (``c3-d4``, ``b2xh8``, ``e3xh6xf8xb4``;
``32-28``, ``26x38`` on 100 squares; in a game, a move number may lead: ``16.a1-b2``,
``19...e5-f4``); ``SQ`` a square (``c5``; ``38``); ``SIDE`` ``W`` (brancas) or ``B`` (pretas);
``PIECE`` a square with what stands on it
(``Wa5``, ``BKb2``, ``Kd4``, ``c3``); ``SIDE+N`` a side with a number (``W6``: six pieces; ``B+1``: one piece more; ``B-2``: two
fewer); ``N`` a whole number; ``THEME`` a theme's key (``turco``, ``dois-por-um``, ...).  Every
fact tag but ``theme``, ``opinion``, ``quote`` and ``fen`` may end with ``after MOVE...``: the
position after those moves (the first found in the line or played from one of its positions,
the others played after it), for a fact about a variation the sentence spells out; or with
``before MOVE``: the position where that move is played (``before`` the first move of a
problem: its starting position).

==============  ========================  ==========================================================
tag             arguments                 what it claims (checked by damas.problems.fact_checks)
==============  ========================  ==========================================================
``gives``       MOVE... SQ...             each move gives a piece (the one on SQ after it; by
                                          default the one it moves): the opponent's next move is a
                                          capture that takes it and did not exist before the move;
                                          a square alone: some move of the line gives that piece;
                                          in a game's note, no argument: the commented move
``only``        MOVE...                   the move is the only legal move where it is played
``forced``      MOVE...                   every legal move where it is played is a capture (4.1);
                                          several moves: all legal there
``moves``       SQ SQ...                  the piece on the first square can go exactly to the
                                          others (none: it has no move)
``blocked``     SIDE                      that side is to move and has no legal move (7.2)
``untouchable`` SQ...                     the side to move has no capture that takes that piece
``nocapture``   SQ or SIDE                that piece (that side), were it to move, has no capture
``error``       MOVE...                   a problem: a legal first move the solver refutes, a
                                          capture the majority law forbids, or a trap's last
                                          move; a game: after the move the opponent wins a man
                                          by force (no argument in a note: the commented move)
``safe``        MOVE                      after the move the opponent has no forced gain
``threat``      MOVE SQ...                the side not to move would have that capture (taking
                                          those pieces) were it its turn: at the start of a
                                          problem, after a game's commented move
``attacks``     MOVE SQ                   after the move its side would have a capture taking SQ
``supports``    MOVE SQ                   the move lands right behind its own piece on SQ
``touches``     MOVE SQ                   the move lands next to an opponent's piece on SQ
``material``    SIDE+N...                 the pieces at the end of the line (of a game: after the
                                          commented move): ``W6 B5`` counts, ``B+1`` a lead
``exchange``    N M                       over the line (from ``after``), the solving side takes N
                                          pieces and loses M («três por um»)
``takes``       MOVE SQ...                the capture takes exactly the pieces on those squares
                                          (and stops where its text ends)
``crowns``      MOVE... or SQ...          a man is crowned by that move, or on that square (3.5)
``move``        MOVE...                   the move is played: in the line, the game, or the
                                          variation of ``after``
``played``      MOVE                      a problem from a game: the move the player chose there,
                                          a legal move of the problem's position
``gain``        SIDE+N                    that side wins N pieces by force (the solver's proof)
``level``                                 the position is level (the engine at two depths and the
                                          solver agree)
``best``        MOVE...                   the engine of the course, at its depth (8 plies on 64
                                          squares, 6 on 100), chooses that move where it would be
                                          played (a game's note: instead of the commented move; no
                                          argument: the commented move is its choice)
``winning``     SIDE                      the engine, at that depth, gives that side at least a man
                                          (a game's note: after the commented move; else the end)
``forbidden``   MOVE SQ...                a capture that exists but the majority law forbids
                                          (4.13): not a legal move (the squares after a move: the
                                          pieces it would take)
``piece``       PIECE...                  such a piece stands there in a position of the line
                                          (``Wa5`` a white man or king, ``BKb2`` a black king,
                                          ``c3`` any piece; with ``after``/``before``: there)
``theme``       THEME...                  the theme's mechanism is in the line (a game's note:
                                          in the commented move)
``opinion``                               the sentence is the author's judgement: no fact checked
``quote``                                 the sentence reports a cited source: no fact checked
``rule``                                  the sentence states a rule of the game, not a fact of
                                          the position (it names no square and no move)
``fen``         FEN                       (chapters only) the position the sentence talks about
==============  ========================  ==========================================================

The commands other programs write in comments (``%clk``, ``%clock``, ``%eval``, ``%cal``,
``%csl``, ``%emt``) are kept as they are, checked by no one and stripped like the others.  Any
other ``[%...]`` is an error (:class:`damas.rules.pdn_tree.PDNError`, in Portuguese, naming the
tag), and so is a fact tag whose arguments do not fit its line of the table.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from damas.errors import PDNError
from damas.rules.values import GENERIC_CONVENTIONS, checked_with, choice_spec, refuse, text_spec

__all__ = ["Fact", "FACT_KINDS", "FOREIGN_COMMANDS", "read_facts", "strip_facts", "sentences",
           "add_facts", "facts_in"]

#: kind -> (the argument types it takes, in order of the table above; Portuguese gloss)
FACT_KINDS = {
    "gives": ("move square", "entrega de peça"),
    "only": ("move", "lance único"),
    "forced": ("move", "tomada obrigatória"),
    "moves": ("square", "lances de uma peça"),
    "blocked": ("side", "lado sem lance"),
    "untouchable": ("square", "peça que não pode ser tomada"),
    "nocapture": ("square side", "peça sem tomada"),
    "error": ("move", "erro refutado"),
    "safe": ("move", "lance seguro"),
    "threat": ("move square", "ameaça de tomada"),
    "attacks": ("move square", "lance que ataca uma peça"),
    "supports": ("move square", "lance que apoia uma peça"),
    "touches": ("move square", "lance que encosta numa peça"),
    "material": ("count", "material no fim"),
    "exchange": ("number", "peças tomadas e perdidas"),
    "takes": ("move square", "peças que uma tomada leva"),
    "crowns": ("move square", "pedra que vira dama"),
    "move": ("move", "lance jogado"),
    "played": ("move", "lance jogado na partida"),
    "gain": ("count", "ganho forçado"),
    "level": ("", "posição equilibrada"),
    "best": ("move", "lance do computador"),
    "winning": ("side", "vantagem segundo o computador"),
    "forbidden": ("move square", "tomada que a lei da maioria proíbe"),
    "piece": ("piece", "peça numa casa"),
    "theme": ("theme", "tema"),
    "opinion": ("", "opinião do autor"),
    "quote": ("", "nota citada"),
    "rule": ("", "regra do jogo"),
    "fen": ("fen", "posição de um capítulo"),
}
#: the least and the most arguments of each kind (None: no limit)
_ARITY = {"gives": (0, None), "only": (0, None), "forced": (0, None), "moves": (1, None), "blocked": (1, 1),
          "untouchable": (1, None), "nocapture": (1, 1), "error": (0, None), "safe": (1, 1), "threat": (1, None), "attacks": (2, 2), "supports": (2, 2),
          "touches": (2, 2), "material": (1, 2), "exchange": (2, 2), "takes": (1, None), "crowns": (1, None),
          "move": (1, None), "played": (1, 1), "gain": (1, 1), "level": (0, 0), "best": (0, None), "winning": (1, 1), "forbidden": (1, None),
          "piece": (1, None), "theme": (1, None), "opinion": (0, 0), "quote": (0, 0), "rule": (0, 0), "fen": (1, 1)}
_NO_AFTER = {"theme", "opinion", "quote", "rule", "fen"}
#: commands of other programs (python-chess, lidraughts): kept, not checked, stripped for readers
FOREIGN_COMMANDS = ("clk", "clock", "eval", "cal", "csl", "emt")

_ANY_TAG = re.compile(r"\[%[^\[\]]*\]")
_TAG = re.compile(r"\[%([a-z]+)((?:\s+[^\s\[\]]+)*)\s*\]")
_SQ8 = r"[a-h][1-8]"
_NUMBERED = r"(?:\d+\.(?:\.\.)?)?"


def _patterns(size: int) -> dict[str, re.Pattern[str]]:
    sq = _SQ8 if size == 8 else r"(?:50|[1-4]\d|[1-9])"
    return {"move": re.compile(rf"{_NUMBERED}{sq}(?:[-x]{sq})+"), "square": re.compile(sq),
            "side": re.compile(r"[WB]"), "count": re.compile(r"[WB][+-]?\d{1,2}"),
            "number": re.compile(r"\d{1,2}"), "theme": re.compile(r"[a-z][a-z-]*"),
            "piece": re.compile(rf"(?:[WB]K?|K)?{sq}")}


_PATTERNS = {8: _patterns(8), 10: _patterns(10)}


@dataclass(frozen=True)
class Fact:
    """One fact tag: its kind, its arguments and the moves of its ``after`` clause.

    >>> Fact.read("[%gives d4-c5]")
    Fact.read('[%gives d4-c5]')
    >>> str(Fact("takes", ("b2xh8", "c3", "e5", "g7")))
    '[%takes b2xh8 c3 e5 g7]'
    """

    kind: str
    args: tuple[str, ...] = ()
    after: tuple[str, ...] = ()
    before: str = ""

    def __str__(self) -> str:
        words = [f"%{self.kind}", *self.args]
        if self.after:
            words += ["after", *self.after]
        if self.before:
            words += ["before", self.before]
        return "[" + " ".join(words) + "]"

    def __repr__(self) -> str:
        return f"Fact.read({str(self)!r})"

    @classmethod
    def read(cls, text: str, size: int = 8) -> "Fact":
        """The one fact tag of ``text`` (PDNError if it holds another number of tags)."""
        found = read_facts(text, size)
        if len(found) != 1:
            raise PDNError(f"esperava uma etiqueta de fato, achei {len(found)} em {text!r}", text=text,
                           reason="etiqueta de fato")
        return found[0]

    def typed(self, size: int = 8, kind: str = "move") -> list[str]:
        """The arguments of one type: ``'move'``, ``'square'``, ``'count'``, ``'number'``..."""
        pat = _PATTERNS[10 if size == 10 else 8][kind]
        return [a for a in self.args if pat.fullmatch(a)]

    @property
    def placed(self) -> bool:
        """True when the tag says where it holds (``after`` or ``before``)."""
        return bool(self.after or self.before)

    @property
    def is_fact(self) -> bool:
        """False for the commands of other programs (kept and stripped, never checked)."""
        return self.kind in FACT_KINDS


def _bad(tag: str, why: str) -> PDNError:
    return PDNError(f"etiqueta de fato {tag}: {why}", text=tag, reason="etiqueta de fato")


def _read_one(raw: str, size: int) -> Fact:
    m = _TAG.fullmatch(raw)
    if m is None:
        raise _bad(raw, "mal formada (escreva [%tipo argumentos], por exemplo [%gives d4-c5])")
    kind, words = m.group(1), m.group(2).split()
    if kind in FOREIGN_COMMANDS:
        return Fact(kind, tuple(words))
    if kind not in FACT_KINDS:
        raise _bad(raw, f"tipo desconhecido %{kind}; os tipos são " + ", ".join(f"%{k}" for k in FACT_KINDS))
    if kind == "fen":
        if len(words) != 1:
            raise _bad(raw, "%fen leva uma posição FEN, sem espaços")
        return Fact(kind, tuple(words))
    after, before = (), ""
    pats = _PATTERNS[10 if size == 10 else 8]
    for word in ("after", "before"):
        if word in words:
            at = words.index(word)
            words, rest = words[:at], tuple(words[at + 1:])
            if kind in _NO_AFTER:
                raise _bad(raw, f"%{kind} não aceita '{word}'")
            if not rest or (word == "before" and len(rest) != 1):
                raise _bad(raw, f"'{word}' sem " + ("lances" if word == "after" else "um lance") + " depois dele")
            if "after" in rest or "before" in rest:
                raise _bad(raw, "use 'after' ou 'before', não os dois")
            for w in rest:
                if not pats["move"].fullmatch(w):
                    raise _bad(raw, f"depois de '{word}' vêm lances, não {w!r}")
            after, before = (rest, "") if word == "after" else ((), rest[0])
    allowed = FACT_KINDS[kind][0].split()
    for word in words + list(after) + ([before] if before else []):
        for sq in re.findall(r"[a-h][1-8]", word) if size == 8 else ():
            if (ord(sq[0]) - ord("a") + int(sq[1])) % 2 == 0:
                raise _bad(raw, f"{sq} é uma casa clara: as peças só andam nas escuras")
    for word in words:
        if not any(pats[t].fullmatch(word) for t in allowed):
            names = {"move": "um lance", "square": "uma casa", "side": "W ou B", "count": "um lado com um número "
                     "(W6, B+1)", "number": "um número", "theme": "o nome de um tema"}
            raise _bad(raw, f"o argumento {word!r} não serve: %{kind} leva " + " ou ".join(names[t] for t in allowed)
                       if allowed else f"o argumento {word!r} não serve: %{kind} não leva argumentos")
    if kind in ("attacks", "supports", "touches", "takes", "threat") and not pats["move"].fullmatch(words[0] if words else ""):
        raise _bad(raw, f"%{kind} começa pelo lance")
    least, most = _ARITY[kind]
    if len(words) < least or (most is not None and len(words) > most):
        count = f"{least}" if least == most else f"de {least} a {most}" if most is not None else f"{least} ou mais"
        raise _bad(raw, f"%{kind} leva {count} argumentos, não {len(words)}")
    return Fact(kind, tuple(words), after, before)


_SIZE = choice_spec({8: "8x8", 10: "10x10"})


def _facts_spec(value: Any, name: str) -> Any:
    """Tags to write: a list of :class:`Fact` or of tag texts."""
    if isinstance(value, (str, bytes, dict)) or not isinstance(value, (list, tuple)) \
            or not all(isinstance(f, (Fact, str)) for f in value):
        raise refuse(name, "uma lista de etiquetas (Fact, ou textos como '[%gives d4-c5]')", value)
    return value


@checked_with(GENERIC_CONVENTIONS, size=_SIZE)
def read_facts(text: str, size: int = 8) -> list[Fact]:
    """The tags of ``text``, in order (``size``: 8 or 10, the board the squares are of).

    A ``[%`` that does not open a well-formed tag, an unknown kind or arguments that do not
    fit raise :class:`PDNError` with a Portuguese message naming the tag."""
    out = []
    pos = 0
    for m in _ANY_TAG.finditer(text):
        stray = text.find("[%", pos, m.start())
        if stray >= 0:
            raise _bad(text[stray:stray + 30], "aberta com '[%' e nunca fechada com ']'")
        out.append(_read_one(m.group(0), size))
        pos = m.end()
    stray = text.find("[%", pos)
    if stray >= 0:
        raise _bad(text[stray:stray + 30], "aberta com '[%' e nunca fechada com ']'")
    return out


@checked_with(GENERIC_CONVENTIONS, size=_SIZE)
def facts_in(text: str, size: int = 8) -> list[Fact]:
    """The fact tags of ``text`` (the commands of other programs left out)."""
    return [f for f in read_facts(text, size) if f.is_fact]


_MARKER = re.compile(r"\s*<!--(?:\s*\[%[^\[\]]*\])+\s*-->")
_STRIP = re.compile(r"\s*\[%[^\[\]]*\]")


@checked_with(GENERIC_CONVENTIONS)
def strip_facts(text: str) -> str:
    """``text`` as a person reads it: every ``[%...]`` tag taken out (and a chapter's
    ``<!-- [%...] -->`` marker), with the space before it.

    >>> strip_facts("A pedra de d4 se entrega em c5 [%gives d4-c5]. Depois [%opinion], sim.")
    'A pedra de d4 se entrega em c5. Depois, sim.'
    """
    if "[%" not in text:
        return text
    return _STRIP.sub("", _MARKER.sub("", text))


# A sentence ends at . ! ? (after any tags) before a capital letter, a quote, a parenthesis, a
# number or a move;
# not after a move number («2. a3xc5», «19... e5-f4»), an initial («V. Gorodétski») or an
# abbreviation («ed.», «cap.»), nor after a move's mark («16-21! 22x11»).
_END = re.compile(r"(?<=[.!?])\s+(?=[A-ZÁÉÍÓÚÂÊÔÃÕÇÀ«“(\"*`]|\d|[a-h][1-8][-x])")
_NOT_AN_END = re.compile(r"(?:\b\d+\.+|(?<![\w.])[A-ZÁÉÍÓÚ]\.|\b(?:ed|cap|p|pp|n|nº|Sr|Sra|Dr|vol|seç)\."
                         r"|(?<![\w-])[a-h]?\d+(?:[-x][a-h]?\d+)+[!?]+)$")


@checked_with(GENERIC_CONVENTIONS)
def sentences(text: str) -> list[str]:
    """The sentences of ``text`` (a comment, or a chapter's paragraph), each with its tags.

    >>> sentences("A pedra vai a b4 [%move c3-b4]. 2. a3xc5 é a única [%only a3xc5]. V. Gorodétski diz.")
    ['A pedra vai a b4 [%move c3-b4].', '2. a3xc5 é a única [%only a3xc5].', 'V. Gorodétski diz.']
    """
    text = " ".join(text.split())
    out, start = [], 0
    for m in _END.finditer(text):
        piece = text[start:m.start()]
        if _NOT_AN_END.search(piece):
            continue
        out.append(piece)
        start = m.end()
    if text[start:]:
        out.append(text[start:])
    return [s for s in out if s.strip()]


@checked_with(GENERIC_CONVENTIONS, sentence=text_spec(), facts=_facts_spec)
def add_facts(sentence: str, facts: Iterable[Fact | str]) -> str:
    """``sentence`` with the tags ``facts`` (Fact or text) written at its end, before its
    closing punctuation: ``'... em c5.'`` -> ``'... em c5 [%gives d4-c5].'``."""
    tags = " ".join(str(f) for f in facts)
    if not tags:
        return sentence
    m = re.search(r"[.!?:;]+$", sentence)
    if m is None:
        return f"{sentence} {tags}"
    return f"{sentence[:m.start()]} {tags}{sentence[m.start():]}"

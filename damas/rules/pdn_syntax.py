"""PDN text to raw games: the tokenizer and the syntax of PDN 3.0.

:func:`_split_games` cuts a text into :class:`_RawGame` (the tags and the
tree of move texts, not yet replayed); the moves are read by the Board
later, in :mod:`damas.rules.pdn`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import NoReturn, cast

from damas.rules.values import read_number, shown
from damas.rules.pdn_tree import FORCED_NAG, LARGEST_NAG, LARGEST_NUMBER, MARKS, PDNError, PDNLine, PDNNode

# ---------------------------------------------------------------------------
# Tokenizer
# ---------------------------------------------------------------------------
_TOKEN = re.compile(
    r"""
    (?P<ws>\s+)
  | (?P<tag>\[)
  | (?P<comment>\{)
  | (?P<linecomment>;[^\n]*)
  | (?P<open>\()
  | (?P<close>\))
  | (?P<nag>\$[0-9]+)
  | (?P<result>(?:1/2-1/2|½-½|2-0|0-2|1-1|1-0|0-1|0-0)(?![\w/-]))
  | (?P<number>[0-9]+\s*\.(?:\s*\.)*)
  | (?P<move>[a-z]?[0-9]+(?:\s*[-x:]\s*[a-z]?[0-9]+)+)
  | (?P<mark>!!|\?\?|!\?|\?!|!|\?)
  | (?P<star>\*)
  | (?P<ellipsis>\.+|…)
    """,
    re.VERBOSE | re.IGNORECASE,
)
_TAG_BODY = re.compile(r'\s*([A-Za-z0-9_]+)\s*(?:"((?:[^"\\]|\\.)*)"|([^\]]*?))\s*\]', re.DOTALL)


@dataclass
class _Token:
    kind: str
    text: str
    line: int
    value: object = None
    glued: bool = False  # no whitespace before it


def _tokenize(text: str) -> Iterator[_Token]:
    """Yield the tokens of a whole PDN file."""
    pos, line, n = 0, 1, len(text)
    prev_end = -1
    at_line_start = True
    while pos < n:
        # "%" at the start of a line: escape, the whole line is ignored.
        if at_line_start and text[pos] == "%":
            end = text.find("\n", pos)
            pos = n if end < 0 else end
            continue
        m = _TOKEN.match(text, pos)
        if m is None:
            bad = text[pos:].split(maxsplit=1)[0]
            raise _SyntaxProblem(f"texto não reconhecido: {shown(bad)}", bad[:40], line)
        kind = m.lastgroup or ""
        start_line = line
        glued = prev_end == pos
        if kind == "ws":
            line += m.group(0).count("\n")
            pos = m.end()
            at_line_start = text[pos - 1] == "\n"
            continue
        at_line_start = False
        if kind == "tag":
            tm = _TAG_BODY.match(text, pos + 1)
            if tm is None:
                end = text.find("]", pos)
                snippet = text[pos:end + 1 if end >= 0 else min(n, pos + 40)]
                raise _SyntaxProblem(f"etiqueta mal formada: {shown(snippet)}", snippet, line)
            name = tm.group(1)
            if tm.group(2) is not None:
                tag_value = re.sub(r"\\(.)", r"\1", tm.group(2))
            else:
                tag_value = tm.group(3).strip()
            raw = text[pos:tm.end()]
            line += raw.count("\n")
            pos = tm.end()
            yield _Token("tag", raw, start_line, (name, tag_value))
        elif kind == "comment":
            end = text.find("}", pos + 1)
            if end < 0:
                raise _SyntaxProblem("comentário aberto com '{' e nunca fechado com '}'",
                                     text[pos:pos + 30], line)
            raw = text[pos:end + 1]
            line += raw.count("\n")
            pos = end + 1
            yield _Token("comment", raw, start_line, " ".join(raw[1:-1].split()))
        elif kind == "linecomment":
            pos = m.end()
            yield _Token("comment", m.group(0), start_line, " ".join(m.group(0)[1:].split()))
        else:
            raw = m.group(0)
            line += raw.count("\n")
            pos = m.end()
            value: object = None
            if kind == "nag":
                nag = read_number(raw[1:], LARGEST_NAG)
                value = nag
                if nag is None or nag > LARGEST_NAG:
                    raise _SyntaxProblem(f"NAG {shown(raw)} fora do intervalo: os NAG vão de $0 a "
                                         f"${LARGEST_NAG}", raw, start_line)
            elif kind == "mark":
                value = MARKS[raw]
            elif kind == "number":
                digits = raw[:len(raw) - len(raw.lstrip("0123456789"))]
                number = read_number(digits, LARGEST_NUMBER)
                if number is None or number > LARGEST_NUMBER:
                    raise _SyntaxProblem(f"número de lance {shown(digits)} grande demais (o maior é "
                                         f"{LARGEST_NUMBER})", digits, start_line)
                value = (number, raw.count(".") > 1)
            elif kind == "move":
                raw = re.sub(r"\s+", "", raw)
            elif kind == "result":
                raw = "1/2-1/2" if raw == "½-½" else raw
            yield _Token(kind, raw, start_line, value, glued)
        prev_end = pos


class _SyntaxProblem(Exception):
    def __init__(self, reason: str, text: str, line: int) -> None:
        super().__init__(reason)
        self.reason, self.text, self.line = reason, text, line


# ---------------------------------------------------------------------------
# Syntax: text -> raw games (tags + tree of move texts)
# ---------------------------------------------------------------------------
@dataclass
class _RawGame:
    tags: dict[str, str] = field(default_factory=dict)
    line: PDNLine = field(default_factory=PDNLine)
    result: str | None = None
    first_number: int | None = None
    first_is_black: bool | None = None
    start_line: int = 1


def _split_games(text: str) -> list[_RawGame]:
    """Parse a PDN text into raw games (syntax only)."""
    games: list[_RawGame] = []
    game = _RawGame()  # the game being read: games[-1] once a game has started
    stack: list[PDNLine] = []  # enclosing lines while inside variations
    open_lines: list[int] = []  # line of each '(' still open
    current = game.line  # the PDNLine being filled
    last_token_kind = None

    def new_game(line_no: int) -> None:
        nonlocal game, current, stack
        game = _RawGame(start_line=line_no)
        games.append(game)
        current = game.line
        stack = []
        open_lines.clear()

    def fail(reason: str, text_: str, line_no: int) -> NoReturn:
        number = len(games) if games else 1
        raise PDNError(
            f"Partida {number}, linha {line_no}: {reason}",
            game_number=number, text=text_, line=line_no, reason=reason,
        )

    try:
        for tok in _tokenize(text):
            kind = tok.kind
            if kind == "tag":
                if stack:
                    fail("etiqueta [ ] dentro de uma variante: falta fechar ')'", tok.text, tok.line)
                # A tag after move text starts a new game (the result was missing).
                if not games or game.result is not None or game.line.nodes:
                    new_game(tok.line)
                name, value = cast("tuple[str, str]", tok.value)
                game.tags[name] = value
            else:
                if not games or game.result is not None:
                    new_game(tok.line)
                if kind == "comment":
                    comment = cast(str, tok.value)
                    if current.nodes:
                        current.nodes[-1].comments.append(comment)
                    else:
                        current.comments.append(comment)
                elif kind == "number":
                    number, black = cast("tuple[int, bool]", tok.value)
                    if not stack and not game.line.nodes and game.first_number is None:
                        game.first_number = number
                        game.first_is_black = black
                elif kind == "ellipsis":
                    pass
                elif kind == "move":
                    current.nodes.append(PDNNode(text=tok.text, source_line=tok.line))
                elif kind in ("mark", "nag"):
                    if not current.nodes:
                        fail(f"marca {shown(tok.text)} antes de qualquer lance", tok.text, tok.line)
                    current.nodes[-1].nags.append(cast(int, tok.value))
                elif kind == "star":
                    if tok.glued and last_token_kind in ("move", "mark", "nag") and current.nodes:
                        current.nodes[-1].nags.append(FORCED_NAG)
                    elif stack:
                        pass  # a result inside a variation carries nothing: ignored
                    else:
                        game.result = "*"
                elif kind == "result":
                    if stack:
                        pass  # ignored inside a variation
                    else:
                        game.result = tok.text
                elif kind == "open":
                    if not current.nodes:
                        fail("variante '(' antes de qualquer lance", tok.text, tok.line)
                    var = PDNLine()
                    current.nodes[-1].variations.append(var)
                    stack.append(current)
                    open_lines.append(tok.line)
                    current = var
                elif kind == "close":
                    if not stack:
                        fail("')' sem o '(' correspondente", tok.text, tok.line)
                    if not current.nodes:
                        fail("variante vazia '()'", tok.text, tok.line)
                    current = stack.pop()
                    open_lines.pop()
            last_token_kind = tok.kind
    except _SyntaxProblem as p:
        fail(p.reason, p.text, p.line)
    if stack:
        fail("variante aberta com '(' e nunca fechada com ')'", "(", open_lines[-1])
    # Comments after the last result, with no game after them, go to the previous game.
    if (len(games) > 1 and not games[-1].tags and not games[-1].line.nodes
            and games[-1].result is None):
        ghost = games.pop()
        prev = games[-1].line
        target = prev.nodes[-1].comments if prev.nodes else prev.comments
        target.extend(ghost.line.comments)
    return games

"""Reading and writing games in PDN 3.0 (Portable Draughts Notation, FMJD).

A PDN file holds one or more games.  Each game has *tags* (``[Event "..."]``,
``[White "..."]``, ``[Result "2-0"]``, ``[GameType "26"]``, ``[FEN "..."]``,
any other tag kept as it is, in its order) followed by the *move text*: move
numbers (``1. c3-d4 f6-e5``, ``1... f6-e5``), moves in numeric or algebraic
notation, comments ``{...}``, nested variations ``(...)``, strength marks
(``!``, ``!!``, ``?``, ``??``, ``!?``, ``?!``), NAGs ``$n`` (``$7`` is "forced",
the ``*`` of art. 9 of the rules) and a result (``2-0``, ``0-2``, ``1-1``, also
``1-0``, ``0-1``, ``1/2-1/2``, ``0-0`` and ``*``).

>>> from damas.rules.pdn import read_games, write_games
>>> games = read_games("partidas.pdn")          # doctest: +SKIP
>>> game = games[0]; game.tags["White"], game.mainline[:2]   # doctest: +SKIP

Reading is done in two steps.  The text is first split into games and each
game into a tree of :class:`PDNNode` (pure syntax, no rules involved); then
every move, in the main line and in every variation, is replayed on a
:class:`damas.Board`, which reads the move text (``board.parse_move``) and
refuses what the rules refuse.  The rules live only in the board: this module
never decides whether a move is legal.

Decisions (documented here because the standard leaves room):

* **Variant.**  ``GameType`` 26 is Brazilian draughts, 20 is International.
  Any other GameType (21 English, 25 Russian, ...) is refused with a
  :class:`PDNError`.  Without a GameType tag the variant is guessed: a FEN tag
  or a move of the main line naming a square above 32 means International; otherwise the
  game is read as Brazilian (the game this course teaches).  The PDN standard's
  own default is 20; pass ``default_variant="international"`` to
  :func:`read_games` to follow it.
* **Notation written.**  The notation field of the GameType decides (the fifth
  field: ``"26,W,8,8,A0,0"`` algebraic, ``"20,W,10,10,N2,0"`` numeric); with a
  short GameType (``"26"``/``"20"``) the variant's usual notation is used:
  algebraic on 8x8, numeric on 10x10.  A capture is written start-to-end unless
  that is ambiguous, then with its full path (``board.move_text``).
* **GameType tag.**  Games built here get ``[GameType "26"]`` or
  ``[GameType "20"]``.  A game read from a file keeps its tags exactly, and
  :func:`write_games` adds a GameType tag only if the game has none (without it
  the variant could be lost).
* **FEN tag.**  Read as given (numeric or, on 8x8, algebraic squares, ranges
  allowed).  Games built here get a FEN tag only when they do not start from
  the initial position, written square by square (no ranges) in the game's
  notation: ``W:WKb6:Bc5,e5`` for an algebraic game, ``W:WK9:B14,15`` for a
  numeric one (see :func:`fen_text`).
* **Marks.**  Strength marks are stored as NAGs (``!`` = 1, ``?`` = 2, ``!!`` =
  3, ``??`` = 4, ``!?`` = 5, ``?!`` = 6, forced = 7); NAGs 1 to 6 are written
  back as marks glued to the move when it is the first NAG of the move, the
  others as ``$n`` (their order is kept).  A ``*`` glued to a move
  (``c3-d4*``) is read as "forced"; a ``*`` standing alone ends the game.
* **Comments** are stored with their surrounding and repeated whitespace
  reduced to single spaces (line breaks in a PDN file carry no meaning).  A
  comment that follows a move belongs to that move, even when variations come
  in between.
* **Move numbers** are recomputed when writing; only the number of the first
  move of the game is kept (a game that starts from a FEN in the middle of a
  game may start at ``23...``).  Wrong move numbers in a file are ignored.
* Tag names are kept as written; the tags this module reads (GameType, FEN,
  Result) are looked up without regard to case.
* **Numbers** are written with the ASCII digits 0-9 (read by
  :func:`damas.rules.notation.read_number`, as squares are): other digits (``'²'``,
  Arabic-Indic digits) are not numbers.  A move number above
  :data:`LARGEST_NUMBER` or a NAG above 255 is refused.
* **Depth.**  Variations may nest to any depth: reading, writing and
  comparing games walk the tree with an explicit stack, never by recursion.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

from damas.errors import DamasError
from damas.rules.board import Board, check_board, is_board
from damas.rules.colors import NAMES, Color
from damas.rules.move import Move
from damas.rules.notation import _ply_number, number_prefix, read_number, shown
from damas.rules.values import choice, described, refuse, text, whole
from damas.rules.pdn_syntax import _RawGame, _split_games
from damas.rules.pdn_tree import (_MARK_OF_NAG, FORCED_NAG, LARGEST_NAG, LARGEST_NUMBER,  # noqa: F401
                                  MARKS, RESULTS, PDNError, PDNLine, PDNNode, Walk, _run, _same_tree)
from damas.rules.variants import BRAZILIAN, INTERNATIONAL, PORTUGUESE, RUSSIAN, Variant, get_variant
from damas.rules.pdn_facts import read_facts
from damas.rules.textfiles import decode_text, names_a_file, read_text_file

if TYPE_CHECKING:
    from damas.rules.game import Game

__all__ = [
    "PDNError", "PDNGame", "PDNLine", "PDNNode", "read_games", "read_game",
    "write_games", "write_game", "fen_text", "RESULTS", "MARKS",
]

# GameType numbers of the PDN 3.0 standard (its list of game types): 20
# International, 25 Russian, 26 Brazilian, 28 Portuguese.
_GAMETYPE_VARIANT = {20: INTERNATIONAL, 25: RUSSIAN, 26: BRAZILIAN, 28: PORTUGUESE}
_GAMETYPE_NAMES = {
    21: "damas inglesas (checkers)", 22: "damas italianas", 23: "damas americanas (pool)",
    24: "damas espanholas", 25: "damas russas", 27: "damas canadenses", 28: "damas portuguesas",
    29: "damas tchecas", 30: "damas turcas", 31: "damas tailandesas", 40: "damas frísias",
}


# ---------------------------------------------------------------------------
# Helpers on tags
# ---------------------------------------------------------------------------
def _tag(tags: Mapping[str, str], name: str) -> str | None:
    low = name.lower()
    for key, value in tags.items():
        if key.lower() == low:
            return value
    return None


def _numbers_in(text: str) -> list[int]:
    return [n for x in re.findall(r"(?<![a-zA-Z])[0-9]+", text) if (n := read_number(x, 99)) is not None]


def _variant_of(tags: Mapping[str, str], line: PDNLine, default: str | Variant, where: str = "") -> Variant:
    gametype = _tag(tags, "GameType")
    if gametype is not None and gametype.strip():
        head = gametype.split(",")[0].strip()
        code = read_number(head, 999)
        if code is None:
            raise PDNError(f"{where}etiqueta GameType {shown(gametype)} não é um número de tipo de jogo",
                           text=gametype, reason="GameType inválido")
        if code not in _GAMETYPE_VARIANT:
            name = _GAMETYPE_NAMES.get(code, "um jogo desconhecido")
            reason = (f"GameType {code} ({name}) não é suportado: este pacote lê 26 (damas "
                      "brasileiras), 20 (damas internacionais), 25 (damas russas) e 28 (damas "
                      "clássicas portuguesas)")
            raise PDNError(f"{where}{reason}", text=gametype, reason=reason)
        return _GAMETYPE_VARIANT[code]
    fen = _tag(tags, "FEN")
    if fen:
        body = fen.split(":")
        if any(n > 32 for part in body[1:3] for n in _numbers_in(part)):
            return INTERNATIONAL
        return get_variant(default)
    if any(n > 32 for node in line.nodes for n in _numbers_in(node.text)):
        return INTERNATIONAL
    return get_variant(default)


def _notation_of(tags: Mapping[str, str], variant: Variant) -> str:
    gametype = _tag(tags, "GameType") or ""
    fields = [f.strip() for f in gametype.split(",")]
    if len(fields) >= 5 and fields[4]:
        letter = fields[4][0].upper()
        if letter == "A" and variant.size == 8:
            return "algebraic"
        if letter == "N":
            return "numeric"
    return variant.notation


def fen_text(board: Board, notation: str | None = None) -> str:
    """The position of ``board`` as a PDN FEN tag value: side to move, then
    each side's squares one by one (no ranges, the form every program reads),
    kings as ``K``; in algebraic notation (8x8) the squares are named
    (``W:Wc3,Kd4:Bb6``), otherwise numbered."""
    check_board(board)
    if notation is not None:
        choice(notation, "notation", {"algebraic": "algébrica", "numeric": "numérica"})
    notation = notation or board.variant.notation
    name: Callable[[int], str] = board.variant.square_name if notation == "algebraic" and board.variant.size == 8 \
        else str

    def side(color: Color) -> str:
        items = sorted([(s, "") for s in board.men(color)] + [(s, "K") for s in board.kings(color)])
        return ",".join(k + name(s) for s, k in items)

    return f"{board.turn}:W{side('W')}:B{side('B')}"


# ---------------------------------------------------------------------------
# The game
# ---------------------------------------------------------------------------
def _check_tags(tags: object, result: object) -> None:
    if tags is not None and not (isinstance(tags, dict) and all(isinstance(k, str) and isinstance(v, str)
                                                                for k, v in tags.items())):
        raise refuse("tags", "um dicionário de etiquetas, como {'White': 'Ana'}", tags)
    if result is not None:
        text(result, "result")


class PDNGame:
    """One game of a PDN file.

    ``tags``: dict of the tags, in their order, values as text.
    ``line``: the main line (:class:`PDNLine`), a tree of :class:`PDNNode`
    with comments, marks and variations.  ``mainline``: the list of
    :class:`damas.Move` of the main line.  ``result``: the result written at
    the end of the move text ('2-0', '0-2', '1-1', '*', ...).
    ``first_move_number``: the number of the first move (1 unless the game
    starts from a position in the middle of a game).
    """

    def __init__(self, tags: dict[str, str] | None = None, line: PDNLine | None = None, result: str = "*",
                 first_move_number: int = 1, variant: str | Variant | None = None) -> None:
        if tags is not None and (not isinstance(tags, dict) or not all(
                isinstance(k, str) and isinstance(v, str) for k, v in tags.items())):
            raise refuse("tags", "um dicionário de etiquetas (textos), como {'White': 'Ana'}", tags)
        if line is not None and not isinstance(line, PDNLine):
            raise refuse("line", "uma linha de lances (PDNLine)", line)
        text(result, "result")
        whole(first_move_number, "first_move_number", 1, LARGEST_NUMBER)
        self.tags: dict[str, str] = dict(tags or {})
        self.line: PDNLine = line if line is not None else PDNLine()
        self.result: str = result
        self.first_move_number: int = first_move_number
        if variant is None:
            variant = _variant_of(self.tags, self.line, "brazilian")
        self._variant = get_variant(variant)

    # -- what the game is ------------------------------------------------
    @property
    def variant(self) -> Variant:
        """The variant (damas.BRAZILIAN or damas.INTERNATIONAL)."""
        return self._variant

    @property
    def notation(self) -> str:
        """'algebraic' or 'numeric': the notation this game is written in."""
        return _notation_of(self.tags, self._variant)

    @property
    def mainline(self) -> list[Move]:
        """The moves (damas.Move) of the main line."""
        return self.line.moves

    @property
    def comments(self) -> list[str]:
        """Comments before the first move."""
        return self.line.comments

    def initial_board(self) -> Board:
        """A new Board with the starting position (FEN tag or the variant's start)."""
        fen = _tag(self.tags, "FEN")
        if fen and fen.strip():
            return Board(fen.strip(), variant=self._variant.name)
        return Board(self._variant.name)

    def board_at_end(self) -> Board:
        """A new Board with the position after the last move of the main line."""
        board = self.initial_board()
        for move in self.mainline:
            board.push(move)
        return board

    def move_number(self, ply: int, board_turn_at_start: Color) -> tuple[int, Color]:
        """(move number, colour) of the move at index ``ply`` of the main line."""
        whole(ply, "ply", 0)
        choice(board_turn_at_start, "board_turn_at_start", NAMES)
        return _ply_number(ply, board_turn_at_start, self.first_move_number)

    # -- building ---------------------------------------------------------
    @classmethod
    def from_board(cls, board: Board, moves: Sequence[Move | str] | None = None,
                   tags: dict[str, str] | None = None, result: str = "*", first_move_number: int = 1) -> PDNGame:
        """A game from a starting ``board`` and ``moves`` (Move objects or texts).

        With ``moves=None`` the moves are the board's ``move_stack`` and the
        starting position is the board with those moves taken back.  The
        tags given come first, then Result, GameType ("26"/"20") and, if the
        start is not the variant's initial position, FEN.
        """
        check_board(board)
        if moves is not None and not isinstance(moves, (list, tuple)):
            raise refuse("moves", "uma lista de lances", moves)
        _check_tags(tags, result)
        whole(first_move_number, "first_move_number", 1, LARGEST_NUMBER)
        start = board.copy()
        if moves is None:
            moves = list(board.move_stack)
            if len(start.move_stack) != len(moves):
                raise PDNError("o tabuleiro copiado perdeu a lista de lances; passe moves= explicitamente",
                               reason="move_stack")
            for _ in moves:
                start.pop()
        variant = start.variant
        all_tags = dict(tags or {})
        if _tag(all_tags, "Result") is None:
            all_tags["Result"] = result
        if _tag(all_tags, "GameType") is None:
            all_tags["GameType"] = str(variant.gametype)
        if _tag(all_tags, "FEN") is None and start != type(start)(variant.name):
            all_tags["FEN"] = fen_text(start, _notation_of(all_tags, variant))
        replay = start.copy()
        nodes = []
        for i, item in enumerate(moves):
            if isinstance(item, str):
                try:
                    mv = replay.parse_move(item)
                except DamasError as err:
                    raise PDNError(f"lance {i + 1} ({shown(item)}): {err}", text=item, reason=str(err)) from None
            else:
                mv = item
            try:
                replay.push(mv)
            except DamasError as err:
                raise PDNError(f"lance {i + 1} ({mv}): {err}", text=str(mv), reason=str(err)) from None
            nodes.append(PDNNode(move=mv, text=str(mv)))
        return cls(all_tags, PDNLine(nodes), result, first_move_number, variant=variant)

    @classmethod
    def from_game(cls, game: Game, tags: dict[str, str] | None = None, result: str | None = None) -> PDNGame:
        """A game from a :class:`damas.Game` (its moves and, if over, its result)."""
        if not is_board(getattr(game, "board", None)):
            raise refuse("game", "uma partida (damas.Game)", game)
        _check_tags(tags, result)
        if result is None:
            result = "*"
            res = getattr(game, "result", None)
            res = res() if callable(res) else res
            score = getattr(res, "score", None)
            if score:
                result = score
        board = game.board
        moves = list(getattr(game, "moves", board.move_stack))
        start = board.copy()
        stack = list(getattr(start, "move_stack", []))
        if len(stack) >= len(moves):
            for _ in moves:
                start.pop()
        else:
            raise PDNError("não foi possível reconstruir a posição inicial da partida",
                           reason="move_stack")
        return cls.from_board(start, moves, tags=tags, result=result)

    # -- text ----------------------------------------------------------------
    def to_pdn(self) -> str:
        """This game as PDN text (see :func:`write_games`)."""
        return _write_game(self)

    __str__ = to_pdn

    def _key(self) -> tuple[object, ...]:
        # The first move number is written only with a first move.
        number = self.first_move_number if self.line.nodes else None
        return (self.tags, self.line, self.result, number, self._variant.name)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PDNGame):
            return NotImplemented
        return self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]  # compared by value, changed in place: not hashable

    def __repr__(self) -> str:
        white = _tag(self.tags, "White") or "?"
        black = _tag(self.tags, "Black") or "?"
        return (f"PDNGame({white!r} x {black!r}, {self._variant.name}, "
                f"{len(self.line)} lances, {self.result})")


# ---------------------------------------------------------------------------
# Replay (semantics): every move read by the Board
# ---------------------------------------------------------------------------
def _replay_line(board: Board, line: PDNLine, game: PDNGame, number: int, start_turn: Color,
                 ply0: int, depth: int) -> Walk[None]:
    """Replay ``line`` (a generator run by :func:`_run`: variations nest
    without recursion)."""
    for i, node in enumerate(line.nodes):
        ply = ply0 + i
        for var in node.variations:
            yield _replay_line(board.copy(stack=False), var, game, number, start_turn, ply, depth + 1)
        move_no, color = game.move_number(ply, start_turn)
        where = f"Partida {number}, lance {move_no} das {NAMES[color]}"
        if depth:
            where += " (numa variante)"
        if node.source_line is not None:
            where += f", linha {node.source_line}"
        try:
            move = board.parse_move(node.text)
            board.push(move)
        except DamasError as err:
            raise PDNError(f"{where}, {shown(node.text)}: {err}", game_number=number, move_number=move_no,
                           color=color, text=node.text, line=node.source_line, reason=str(err)) from None
        node.move = move


def _build_game(raw: _RawGame, number: int, default_variant: str | Variant) -> PDNGame:
    where = f"Partida {number}: "
    try:
        variant = _variant_of(raw.tags, raw.line, default_variant, where)
    except PDNError as err:
        err.game_number = number
        raise
    result = raw.result
    if result is None:
        result = (_tag(raw.tags, "Result") or "*").strip() or "*"
    game = PDNGame(raw.tags, raw.line, result, raw.first_number or 1, variant=variant)
    try:
        board = game.initial_board()
    except DamasError as err:
        fen = _tag(raw.tags, "FEN")
        raise PDNError(f"{where}etiqueta FEN {shown(fen, 200)}: {err}", game_number=number, text=fen,
                       reason=str(err)) from None
    _run(_replay_line(board, game.line, game, number, board.turn, 0, 0))
    _read_fact_tags(game.line, variant.size, number, raw.start_line)
    return game


def _read_fact_tags(line: PDNLine, size: int, number: int, first_line: int) -> None:
    """Refuse a comment whose fact tags (:mod:`damas.rules.pdn_facts`) are malformed or
    unknown, saying which game and which line.  The tree is walked with a stack."""
    stack = [(line, first_line)]
    while stack:
        current, at = stack.pop()
        comments = [(c, at) for c in current.comments]
        for node in current.nodes:
            comments += [(c, node.source_line or at) for c in node.comments]
            stack.extend((v, node.source_line or at) for v in node.variations)
        for comment, where in comments:
            if "[%" not in comment:
                continue
            try:
                read_facts(comment, size)
            except PDNError as err:
                raise PDNError(f"Partida {number}, linha {where}: {err}", game_number=number, line=where,
                               text=err.text, reason=str(err)) from None


# ---------------------------------------------------------------------------
# Public reading functions
# ---------------------------------------------------------------------------
def _load_text(text_or_path: object) -> str:
    # What a str means, the files refused and the encodings: damas.rules.textfiles.
    if names_a_file(text_or_path):
        path = text_or_path if isinstance(text_or_path, os.PathLike) else str(text_or_path).strip()
        return read_text_file(path, _file_error)
    if isinstance(text_or_path, (bytes, bytearray)):
        return decode_text(bytes(text_or_path), _file_error)
    if not isinstance(text_or_path, str):
        raise PDNError(f"esperava um texto PDN ou o caminho de um arquivo, não {described(text_or_path)}",
                       reason="tipo")
    return text_or_path.lstrip("\ufeff")


def _file_error(message: str) -> PDNError:
    return PDNError(message, reason="arquivo")


def read_games(text_or_path: str | bytes | os.PathLike[str], default_variant: str | Variant = "brazilian"
               ) -> list[PDNGame]:
    """All the games of a PDN text (or of the file at that path).

    ``text_or_path``: a ``Path`` is a file; ``bytes`` are PDN text; a ``str`` is a file when
    it is one line and names something that exists or ends in ``.pdn`` or ``.txt``, and PDN
    text otherwise (:mod:`damas.rules.textfiles`).  A missing file is «arquivo não
    encontrado», a folder or a FIFO is refused at once, and a file in UTF-8, UTF-16 or
    UTF-32 with its byte order mark, or in Latin-1, is read.

    Every move is checked by replaying it on a Board; the first problem raises
    :class:`PDNError` with a Portuguese message saying which game, which move
    and why.  ``default_variant`` is used for games with no GameType tag whose
    variant cannot be guessed from a FEN or the first move.
    """
    text = _load_text(text_or_path)
    raws = _split_games(text)
    return [_build_game(raw, i, default_variant) for i, raw in enumerate(raws, 1)]


def read_game(text_or_path: str | bytes | os.PathLike[str], default_variant: str | Variant = "brazilian"
              ) -> PDNGame:
    """The one game of a PDN text; PDNError if it holds none or several."""
    games = read_games(text_or_path, default_variant)
    if len(games) != 1:
        if not games:
            raise PDNError("o texto não contém nenhuma partida PDN", reason="vazio")
        raise PDNError(f"o texto contém {len(games)} partidas; use read_games para ler todas",
                       reason="várias partidas")
    return games[0]


# ---------------------------------------------------------------------------
# Writing
# ---------------------------------------------------------------------------
_WIDTH = 79


def _escape(value: str) -> str:
    return str(value).replace("\\", "\\\\").replace('"', '\\"')


# A variation opens and closes around its tokens; _glued joins them to their neighbours.
_OPEN, _CLOSE = object(), object()


def _comment_text(comment: str) -> str:
    """A comment as PDN: ``{...}``, or, when it holds a ``}`` (as a ``;`` comment read from a
    file may), ``; ...`` to the end of the line (_wrap ends the line after it)."""
    text = " ".join(comment.split())
    if "}" in text:
        return "; " + text
    return "{" + text + "}"


def _line_tokens(board: Board, line: PDNLine, game: PDNGame, start_turn: Color, ply0: int,
                 notation: str, out: list[object], number: int) -> Walk[None]:
    """The tokens of ``line`` appended to ``out`` (a generator run by
    :func:`_run`: variations nest without recursion)."""
    need_number = True
    for c in line.comments:
        out.append(_comment_text(c))
    for i, node in enumerate(line.nodes):
        ply = ply0 + i
        move_no, color = game.move_number(ply, start_turn)
        if node.move is None:
            raise PDNError(f"Partida {number}: o lance {shown(node.text)} não foi conferido no tabuleiro",
                           game_number=number, text=node.text, reason="lance sem Move")
        try:
            text = board.move_text(node.move, notation)
        except DamasError as err:
            raise PDNError(f"Partida {number}, lance {move_no} das {NAMES[color]}: {err}",
                           game_number=number, move_number=move_no, color=color,
                           text=str(node.move), reason=str(err)) from None
        # The first NAG, if it is a strength mark, is glued to the move; the
        # others follow as $n, so that their order survives the round trip.
        marks = ""
        nags = [f"${n}" for n in node.nags]
        if node.nags and node.nags[0] in _MARK_OF_NAG:
            marks = _MARK_OF_NAG[node.nags[0]]
            nags = nags[1:]
        out.append(number_prefix(move_no, color, need_number) + text + marks)
        out.extend(nags)
        need_number = False
        for c in node.comments:
            out.append(_comment_text(c))
            need_number = True
        for var in node.variations:
            # One list for the whole game: a variation's tokens are never copied (linear time
            # however deep the variations nest).
            out.append(_OPEN)
            yield _line_tokens(board.copy(stack=False), var, game, start_turn, ply, notation, out, number)
            out.append(_CLOSE)
            need_number = True
        try:
            board.push(node.move)
        except DamasError as err:
            raise PDNError(f"Partida {number}, lance {move_no} das {NAMES[color]}: {err}",
                           game_number=number, move_number=move_no, color=color,
                           text=str(node.move), reason=str(err)) from None


def _glued(tokens: list[object]) -> list[tuple[str, bool]]:
    """[(text, ends_line)]: ``(`` glued to the token after it, ``)`` to the token before it,
    unless that is a ``;`` comment, which runs to the end of its line (``ends_line``)."""
    out: list[tuple[list[str], bool]] = []
    opening: list[str] = []
    for tok in tokens:
        if tok is _OPEN:
            opening.append("(")
        elif tok is _CLOSE:
            if opening:                    # an empty variation
                opening.append(")")
            elif out and not out[-1][1]:
                out[-1][0].append(")")
            else:
                out.append(([")"], False))
        else:
            word = str(tok)
            out.append((opening + [word], word.startswith(";")))
            opening = []
    if opening:
        out.append((opening, False))
    return [("".join(parts), ends_line) for parts, ends_line in out]


def _wrap(tokens: list[object]) -> str:
    lines: list[str] = []
    cur = ""
    for tok, ends_line in _glued(tokens):
        if not cur:
            cur = tok
        elif len(cur) + 1 + len(tok) > _WIDTH:
            lines.append(cur)
            cur = tok
        else:
            cur += " " + tok
        if ends_line:
            lines.append(cur)
            cur = ""
    if cur:
        lines.append(cur)
    return "\n".join(lines)


def _write_game(game: PDNGame, number: int = 1) -> str:
    tags = dict(game.tags)
    if _tag(tags, "GameType") is None:
        tags["GameType"] = str(game.variant.gametype)
    head = "".join(f'[{name} "{_escape(value)}"]\n' for name, value in tags.items())
    board = game.initial_board()
    tokens: list[object] = []
    _run(_line_tokens(board, game.line, game, board.turn, 0, game.notation, tokens, number))
    result = game.result or "*"
    if result not in RESULTS:
        raise PDNError(f"Partida {number}: resultado {shown(result)} desconhecido; use um de "
                       + ", ".join(RESULTS), game_number=number, text=result, reason="resultado")
    tokens.append(result)
    return head + "\n" + _wrap(tokens) + "\n"


def write_games(games: PDNGame | Sequence[PDNGame]) -> str:
    """The PDN text of ``games`` (a PDNGame or a list of them), games separated
    by a blank line."""
    if isinstance(games, PDNGame):
        games = [games]
    if not isinstance(games, (list, tuple)) or not all(isinstance(g, PDNGame) for g in games):
        raise refuse("games", "uma partida lida de um PDN (PDNGame) ou uma lista delas", games)
    return "\n".join(_write_game(g, i) for i, g in enumerate(games, 1))


def write_game(game: PDNGame) -> str:
    """The PDN text of one game."""
    if not isinstance(game, PDNGame):
        raise refuse("game", "uma partida lida de um PDN (PDNGame)", game)
    return _write_game(game)

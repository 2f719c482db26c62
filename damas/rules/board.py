"""The position and its legal moves: the one move generator of both games.

A :class:`Board` holds three bitboards (white pieces, black pieces, kings),
the side to move and a stack of the moves pushed.  The rules, as the seeds
state them, are applied here and nowhere else:

* a man moves one square diagonally forward (regra 3.4) and is crowned only
  when its move *ends* on the far row (3.5, 4.15);
* a king flies along a free diagonal (3.9);
* capturing is compulsory, forward and backward, for men too (4.1, 4.2); a
  king captures at a distance and lands on any free square beyond (4.3);
* a capture goes on while it can (4.5, 4.6); own pieces are never jumped
  (4.7); a square may be crossed twice but a piece is jumped only once
  (4.8); captured pieces stay on the board, blocking, until the move ends
  (4.11);
* the capture of the most pieces is compulsory, kings and men counting
  alike (4.13), with free choice between equal counts (4.14).

Two captures with the same start, end and set of captured pieces are one
move.  Russian draughts switch the majority law off (a free choice, but a
capture that can go on must go on, a king landing only where it goes on) and
crown a man in the middle of a capture, which goes on as a king; the
Portuguese game has men that capture forward only and weighs equal counts by
the kings taken (the "qualidade").  Each switch above that differs between families of draughts is a
parameter of the :class:`~damas.rules.variants.Variant`, never a second generator.

The move generator itself lives in :mod:`damas.rules.movegen`, the pieces and
moves in :mod:`damas.rules.move`; both are re-exported here.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from damas.errors import (AmbiguousMoveError, ArgumentError, FenError, HistoryError, IllegalMoveError,
                          PositionError, SquareError)
from damas.rules.colors import BLACK, COLORS, NAMES, WHITE, Color, check_color, piece_color_name, side_name
from damas.rules.move import _PROMOTES, Move, Piece, PositionKey
from damas.rules.movegen import (_GENS, RAW_FIELDS, _children, can_step, capture_children,  # noqa: F401
                                 children, generator, has_capture)
from damas.rules.notation import move_text as _move_text
from damas.rules.notation import read_move_text, route
from damas.rules.refusals import refusal
from damas.rules.values import described, read_number, refuse, shown
from damas.rules.variants import BRAZILIAN, Variant, get_variant

__all__ = ["Board", "Move", "Piece", "WHITE", "BLACK", "is_board", "check_board", "board_of"]


def _parse_squares(variant: Variant, spec: str, fen: str) -> tuple[list[int], list[int]]:
    """Squares of one side of a FEN: '21-32', 'K10', 'c3', 'K1-3'."""
    men: list[int] = []
    kings: list[int] = []
    squares: Iterable[int]
    for token in spec.split(","):
        token = token.strip()
        if not token:
            continue
        king = token[:1].upper() == "K"
        if king:
            token = token[1:].strip()
        if "-" in token:
            lo_text, _, hi_text = token.partition("-")
            lo, hi = variant.parse_square(lo_text), variant.parse_square(hi_text)
            if lo is None or hi is None or lo > hi:
                raise FenError(f"Intervalo de casas inválido {shown(token)} na FEN {shown(fen, 200)}: use, por exemplo, "
                               f"'21-32' com números de 1 a {variant.squares}.")
            squares = range(lo, hi + 1)
        else:
            sq = variant.parse_square(token)
            if sq is None:
                raise FenError(f"Casa inválida {shown(token)} na FEN {shown(fen, 200)}: as casas vão de 1 a "
                               f"{variant.squares}" + (" (ou de a1 a h8)" if variant.size == 8 else "") + ".")
            squares = (sq,)
        (kings if king else men).extend(squares)
    return men, kings


def _format_squares(men: list[int], kings: list[int]) -> str:
    """Canonical text of one side: sorted, runs of three or more men as ranges."""
    items = sorted([(s, False) for s in men] + [(s, True) for s in kings])
    out, i = [], 0
    while i < len(items):
        sq, king = items[i]
        if king:
            out.append(f"K{sq}")
            i += 1
            continue
        j = i
        while j + 1 < len(items) and not items[j + 1][1] and items[j + 1][0] == items[j][0] + 1:
            j += 1
        if j - i >= 2:
            out.append(f"{sq}-{items[j][0]}")
        else:
            out.extend(str(items[k][0]) for k in range(i, j + 1))
        i = j + 1
    return ",".join(out)


def _is_subsequence(small: Iterable[object], big: Iterable[object]) -> bool:
    """True when the items of ``small`` come in ``big`` in the same order."""
    it = iter(big)
    return all(any(x == y for y in it) for x in small)


def _is_variant_name(text: object) -> bool:
    if not isinstance(text, str):
        return False
    try:
        get_variant(text)
    except ValueError:
        return False
    return True


class Board:
    """A position of Brazilian (8x8) or International (10x10) draughts, or
    of the Russian or Portuguese game (``Board('russian')``,
    ``Board('portuguese')``).

    ``Board()`` or ``Board('brazilian')`` is the Brazilian starting position,
    ``Board('international')`` the International one, and
    ``Board('W:W21-32:B1-12', variant='brazilian')`` any position given as FEN.
    """

    _variant: Variant
    _w: int
    _b: int
    _k: int
    _turn: Color
    _stack: list[tuple[Move, PositionKey]]

    def __init__(self, fen_or_variant: str | Variant = "brazilian", variant: str | Variant | None = None) -> None:
        self._stack = []
        if variant is None and (isinstance(fen_or_variant, Variant) or _is_variant_name(fen_or_variant)):
            self._variant = get_variant(fen_or_variant)
            self._set_fen(self._variant.initial_fen())
        else:
            self._variant = get_variant(variant if variant is not None else BRAZILIAN)
            self._set_fen(fen_or_variant)

    @classmethod
    def from_fen(cls, fen: str, variant: str | Variant = "brazilian") -> Board:
        """The position given by ``fen`` in ``variant``."""
        return cls(fen, variant=variant)

    @classmethod
    def from_bitboards(cls, white: int, black: int, kings: int, turn: Color = "W",
                       variant: str | Variant = "brazilian", check: bool = True) -> Board:
        """The position given by its bitboards, with an empty move stack: the
        bits of the white pieces, of the black pieces and of the kings (of
        either colour) in the layout of :attr:`variant.tables`
        (``tables.mask[square]`` is the bit of a square), and the side to move.

        ``check`` (default) refuses, with PositionError, bits outside the
        board, a square of both colours, a king bit on an empty square and a
        man on its own crowning row; the engine, which makes its bitboards
        from a legal position, passes ``check=False``."""
        board = cls.__new__(cls)
        board._variant = get_variant(variant)
        board._stack = []
        board.set_bitboards(white, black, kings, turn, check=check)
        return board

    def set_bitboards(self, white: int, black: int, kings: int, turn: Color, check: bool = True) -> None:
        """Put the position given by its bitboards on this board (see
        :meth:`from_bitboards`) and empty the move stack."""
        if check:
            self._check_bitboards(white, black, kings, turn)
        self._w, self._b, self._k, self._turn = white, black, kings, turn
        if self._stack:
            self._stack = []

    def _check_bitboards(self, white: int, black: int, kings: int, turn: object) -> None:
        t = self._variant.tables
        for bits in (white, black, kings):
            if isinstance(bits, bool) or not isinstance(bits, int) or bits < 0:
                raise PositionError(f"Bitboard inválido: {shown(bits)}; um bitboard é um número inteiro "
                                    "não negativo.")
        check_color(turn)
        if (white | black | kings) & ~t.board_mask:
            raise PositionError("Bitboards com bits fora do tabuleiro: cada bit é uma casa escura "
                                "(tables.mask[casa]).")
        if white & black:
            raise PositionError("Bitboards inválidos: uma casa não pode ter uma peça branca e uma preta.")
        if kings & ~(white | black):
            raise PositionError("Bitboards inválidos: há uma dama numa casa sem peça.")
        for color, own in zip(COLORS, (white, black)):
            row = self._variant.promotion_row(color)
            for sq in self._variant.square_range:
                if own & ~kings & t.mask[sq] and t.rc[sq][0] == row:
                    raise PositionError(f"Uma pedra {piece_color_name(color)} não pode ficar "
                                        f"na casa {sq}: ela chegou à travessa de coroação e seria dama (regra 3.5).")

    # -- state --------------------------------------------------------------
    def _reset_state(self) -> None:
        self._stack = []

    @property
    def variant(self) -> Variant:
        return self._variant

    @property
    def turn(self) -> Color:
        """The side to move: 'W' (brancas) or 'B' (pretas)."""
        return self._turn

    @turn.setter
    def turn(self, color: Color) -> None:
        self._turn = check_color(color)
        self._reset_state()

    @property
    def move_stack(self) -> list[Move]:
        """The moves pushed on this board, oldest first."""
        return [m for m, _ in self._stack]

    def _key(self) -> tuple[int, int, int, Color]:
        return (self._w, self._b, self._k, self._turn)

    # -- bitboards (read-only; see from_bitboards) ------------------------------
    @property
    def white_bits(self) -> int:
        """The bits of the white pieces (``variant.tables.mask[square]``)."""
        return self._w

    @property
    def black_bits(self) -> int:
        """The bits of the black pieces."""
        return self._b

    @property
    def king_bits(self) -> int:
        """The bits of the kings, of either colour."""
        return self._k

    @property
    def bitboards(self) -> tuple[int, int, int, Color]:
        """``(white_bits, black_bits, king_bits, turn)``: the whole position
        (what :meth:`from_bitboards` and :meth:`set_bitboards` take)."""
        return (self._w, self._b, self._k, self._turn)

    def copy(self, stack: bool = True) -> "Board":
        """A copy of the board (with its move stack unless ``stack`` is False)."""
        new = Board.__new__(Board)
        new._variant = self._variant
        new._w, new._b, new._k, new._turn = self._w, self._b, self._k, self._turn
        new._stack = list(self._stack) if stack else []
        return new

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Board):
            return NotImplemented
        return self._key() == other._key() and (self._variant is other._variant
                                                or self._variant == other._variant)

    def __hash__(self) -> int:
        return hash((self._variant.name,) + self._key())

    # -- pieces -------------------------------------------------------------
    def _check_square(self, square: object) -> int:
        if isinstance(square, bool) or not isinstance(square, int) or not 1 <= square <= self._variant.squares:
            what = " (um valor lógico não é uma casa)" if isinstance(square, bool) else ""
            raise SquareError(f"Casa inválida: {shown(square)}{what}; as casas vão de 1 a "
                              f"{self._variant.squares}.")
        return self._variant.tables.mask[square]

    def piece_at(self, square: int) -> Piece | None:
        """The piece on ``square``, or None if it is empty."""
        m = self._check_square(square)
        if self._w & m:
            return Piece(WHITE, bool(self._k & m))
        if self._b & m:
            return Piece(BLACK, bool(self._k & m))
        return None

    def men(self, color: str) -> list[int]:
        """Squares of the men of ``color``, sorted."""
        own = self._w if color == WHITE else self._b if check_color(color) else 0
        return self._variant.tables.squares_of(own & ~self._k)

    def kings(self, color: str) -> list[int]:
        """Squares of the kings of ``color``, sorted."""
        own = self._w if color == WHITE else self._b if check_color(color) else 0
        return self._variant.tables.squares_of(own & self._k)

    def count(self, color: str) -> int:
        """Number of pieces of ``color`` on the board."""
        return bin(self._w if color == WHITE else self._b if check_color(color) else 0).count("1")

    def pieces(self) -> dict[int, Piece]:
        """{square: Piece} for every occupied square."""
        return {sq: piece for sq in self._variant.square_range if (piece := self.piece_at(sq))}

    def set_piece(self, square: int, piece: Piece | None) -> None:
        """Put ``piece`` on ``square`` (None empties it). Clears the move stack.

        A man may not stand on the row where it would have been crowned."""
        m = self._check_square(square)
        if piece is not None:
            if not isinstance(piece, Piece):
                try:
                    piece = Piece(*piece)
                except TypeError:
                    raise ArgumentError(f"Peça inválida: {shown(piece)}; use, por exemplo, "
                                        "Piece('W') ou Piece('B', king=True).") from None
            row = self._variant.square_to_rc(square)[0]
            if not piece.king and row == self._variant.promotion_row(piece.color):
                raise PositionError(f"Uma {piece.name} não pode ficar na casa {square}: ela chegou à travessa "
                                 "de coroação e já seria dama (regra 3.5).")
        self._w &= ~m
        self._b &= ~m
        self._k &= ~m
        if piece is not None:
            if piece.color == WHITE:
                self._w |= m
            else:
                self._b |= m
            if piece.king:
                self._k |= m
        self._reset_state()

    def remove_piece(self, square: int) -> Piece | None:
        """Empty ``square``; returns the piece that was there."""
        piece = self.piece_at(square)
        self.set_piece(square, None)
        return piece

    def clear(self) -> None:
        """Remove every piece."""
        self._w = self._b = self._k = 0
        self._reset_state()

    # -- FEN ----------------------------------------------------------------
    def _set_fen(self, fen: object) -> None:
        v = self._variant
        if not isinstance(fen, str):
            raise FenError(f"A FEN deve ser um texto, não {described(fen)}.")
        text = fen.strip()
        if text.startswith("["):
            # [FEN "W:W21-32:B1-12"]
            inner = text.strip("[] \t\r\n")
            if inner[:3].upper() != "FEN":
                raise FenError(f"Etiqueta desconhecida em {shown(fen, 200)}: esperava [FEN \"...\"].")
            text = inner[3:].strip().strip('"').strip()
        text = text.strip('"').strip().rstrip(".")
        if not text:
            raise FenError("FEN vazia: escreva, por exemplo, 'W:W21-32:B1-12'.")
        fields = [f.strip() for f in text.split(":")]
        side_text = fields[0].upper()
        if side_text not in (WHITE, BLACK):
            raise FenError(f"FEN {shown(fen, 200)}: o primeiro campo deve ser W (brancas jogam) ou B (pretas jogam), "
                           f"não {shown(fields[0])}.")
        side: Color = WHITE if side_text == WHITE else BLACK
        white: tuple[list[int], list[int]] | None = None
        black: tuple[list[int], list[int]] | None = None
        for field in fields[1:]:
            if not field:
                continue
            tag = field[0].upper()
            if tag in "HF" and (read_number(field[1:].strip()) is not None or not field[1:].strip()):
                continue  # draw counter / move number written by some programs
            if tag == "W" and white is None:
                white = _parse_squares(v, field[1:], fen)
            elif tag == "B" and black is None:
                black = _parse_squares(v, field[1:], fen)
            elif tag in "WB":
                raise FenError(f"FEN {shown(fen, 200)}: o campo das {NAMES[check_color(tag)]} aparece duas vezes.")
            else:
                raise FenError(f"FEN {shown(fen, 200)}: campo {shown(field)} desconhecido; esperava W... (brancas) e B... (pretas).")
        if white is None or black is None:
            missing = "brancas (W...)" if white is None else "pretas (B...)"
            raise FenError(f"FEN {shown(fen, 200)}: falta o campo das {missing}.")
        t = v.tables
        w = b = k = 0
        seen = {}
        limit = v.rows_of_men * v.size // 2
        for color, (men, kings) in zip(COLORS, (white, black)):
            if len(men) + len(kings) > limit:
                raise FenError(f"FEN {shown(fen, 200)}: as {NAMES[color]} têm {len(men) + len(kings)} peças; "
                               f"no máximo {limit} numa partida de {v.title.lower()} (regra 2.8).")
            promo = v.promotion_row(color)
            for sq in men + kings:
                if sq in seen:
                    raise FenError(f"FEN {shown(fen, 200)}: a casa {sq} aparece duas vezes.")
                seen[sq] = color
            for sq in men:
                if t.rc[sq][0] == promo:
                    raise FenError(f"FEN {shown(fen, 200)}: uma pedra {piece_color_name(color)} na casa {sq} "
                                   "estaria na travessa de coroação e já seria dama (regra 3.5). Escreva K" + str(sq)
                                   + " para uma dama.")
            bits = 0
            for sq in men + kings:
                bits |= t.mask[sq]
            for sq in kings:
                k |= t.mask[sq]
            if color == WHITE:
                w = bits
            else:
                b = bits
        self._w, self._b, self._k, self._turn = w, b, k, side
        self._reset_state()

    def set_fen(self, fen: str) -> None:
        """Set the position from FEN text; on an error nothing changes."""
        saved = (self._w, self._b, self._k, self._turn, self._stack)
        try:
            self._set_fen(fen)
        except FenError:
            (self._w, self._b, self._k, self._turn, self._stack) = saved
            raise

    def fen(self) -> str:
        """Canonical FEN: side to move, then each side's squares, sorted and
        numeric, kings as K10, runs of three or more men as ranges."""
        return (f"{self._turn}:W{_format_squares(self.men(WHITE), self.kings(WHITE))}"
                f":B{_format_squares(self.men(BLACK), self.kings(BLACK))}")

    def __repr__(self) -> str:
        if self._variant == BRAZILIAN:
            return f"Board({self.fen()!r})"
        return f"Board({self.fen()!r}, variant={self._variant.name!r})"

    def __str__(self) -> str:
        v = self._variant
        lines = []
        letters = "abcdefghij"[: v.size]
        for row in range(v.size):
            cells = []
            for col in range(v.size):
                sq = v.rc_to_square(row, col)
                if sq is None:
                    cells.append(" ")
                else:
                    p = self.piece_at(sq)
                    cells.append(p.symbol() if p else ".")
            label = str(v.size - row) if v.size == 8 else f"{row * v.size // 2 + 1:>2}"
            lines.append(f"{label:>2} " + " ".join(cells))
        if v.size == 8:
            lines.append("   " + " ".join(letters))
        lines.append(f"{side_name(self._turn, capital=True)} jogam.")
        return "\n".join(lines)

    def _repr_svg_(self) -> str:
        from damas.display.svg import board_svg
        return board_svg(self, lastmove=self.peek())

    def _repr_mimebundle_(self, include: object = None, exclude: object = None) -> dict[str, Any]:
        # The picture with its safe twin (damas/display/output.py): reads untrusted.
        from damas.display.output import picture_bundle
        return picture_bundle(self._repr_svg_(), repr(self))

    def _ipython_display_(self) -> None:
        # Stored once: IPython would add the SVG again from _repr_svg_.
        from damas.display.output import show_picture
        show_picture(self._repr_svg_(), repr(self))

    # -- move generation ------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        """Every legal move of the side to move (majority law applied), in a
        fixed order: captures sorted by start, end and path, then men's
        moves by start and end, then kings' moves.  They are made from the
        raw children of :func:`children`, index for index."""
        v = self._variant
        g = _GENS.get(id(v))
        if g is None or g.variant is not v:
            g = generator(v)
        w, b, k, turn = self._w, self._b, self._k, self._turn
        return _children(g, w, b, k, turn, (w, b, k, turn, v))

    def has_captures(self) -> bool:
        """True when the side to move must capture (regra 4.1)."""
        moves = self.legal_moves()
        return bool(moves) and moves[0].is_capture

    def is_game_over(self) -> bool:
        """True when the side to move cannot play: it has lost (regra 7.2)."""
        return not self.legal_moves()

    # -- making moves -----------------------------------------------------------
    def _find_legal(self, move: object) -> Move:
        """The legal move of this position equal to ``move``; raises
        IllegalMoveError (in Portuguese) when there is none."""
        if not isinstance(move, Move):
            raise IllegalMoveError(f"Esperava um lance (Move), não {described(move)}; "
                                   "para um texto como '22-17', use board.push_text.")
        self._check_move_squares(move)
        legal_moves = self.legal_moves()
        for legal in legal_moves:
            if legal == move:
                return legal
        if not move.captured:
            # Move(28, 19) names a capture by its two squares: accept it when
            # exactly one legal move joins them.
            same = [m for m in legal_moves if m.start == move.start and m.end == move.end]
            if len(same) == 1:
                return same[0]
        # written as the variant writes its moves (algebraic on 8x8)
        notation = self.variant.notation
        on_board = all(s in self.variant.square_range for s in move.path)  # a foreign move may not be
        names = self.variant.square_name if notation == "algebraic" and on_board else str
        why = refusal(self, move, notation=notation)
        raise IllegalMoveError(f"Lance ilegal nesta posição: {move.text(names=names)}. {why}")

    def _check_move_squares(self, move: Move) -> None:
        """Refuse (IllegalMoveError) a Move whose squares are not whole
        numbers, or lie off this board; a Move made up by other means than
        its constructor may hold anything."""
        n = self._variant.squares
        try:
            squares = [move.start, move.end, *move.captured, *move.path]
        except (AttributeError, TypeError):
            raise IllegalMoveError("Lance mal formado: faltam a casa de partida, a de chegada, as peças "
                                   "tomadas ou o caminho.") from None
        for sq in squares:
            if isinstance(sq, bool) or not isinstance(sq, int):
                raise IllegalMoveError(f"Lance mal formado: {shown(sq)} não é o número de uma casa; as casas "
                                       f"vão de 1 a {n}.")
        off = [sq for sq in squares if not 1 <= sq <= n]
        if off:
            raise IllegalMoveError(f"Lance ilegal neste tabuleiro: a casa {shown(off[0])} não existe, as casas "
                                   f"vão de 1 a {n}.")
        if len(move.path) < 2:
            raise IllegalMoveError("Lance mal formado: o caminho de um lance tem a casa de partida e a de chegada.")

    def is_legal(self, move: object) -> bool:
        """True when ``move`` is a legal move of this position."""
        if not isinstance(move, Move):
            return False
        try:
            self._check_move_squares(move)
        except IllegalMoveError:
            return False
        return move in self.legal_moves()

    def push(self, move: Move) -> Move:
        """Play ``move``.  A move that is not legal here (made up, stale, from
        another board) is refused with IllegalMoveError and nothing changes.
        Returns the move as played (with its full path)."""
        # The fast path: a move made by legal_moves() of this very position
        # and variant (its key says so); anything else is looked up.
        key = (self._w, self._b, self._k, self._turn, self._variant)
        if move._key != key if isinstance(move, Move) else True:
            move = self._find_legal(move)
        t = self._variant.tables
        f = t.mask[move.start]
        to = t.mask[move.end]
        c = move._cmask
        k = self._k
        if self._turn == WHITE:
            self._w = self._w ^ f | to
            if c:
                self._b &= ~c
                k &= ~c
            self._turn = BLACK
        else:
            self._b = self._b ^ f | to
            if c:
                self._w &= ~c
                k &= ~c
            self._turn = WHITE
        if k & f:
            k = k ^ f | to
        elif move._flags & _PROMOTES:
            k |= to
        self._k = k
        self._stack.append((move, key))
        return move

    def pop(self) -> Move:
        """Take back the last move and return it."""
        if not self._stack:
            raise HistoryError("Não há lance para desfazer: nenhum lance foi jogado neste tabuleiro.")
        move, key = self._stack.pop()
        self._w, self._b, self._k, self._turn = key[:4]
        return move

    def peek(self) -> Move | None:
        """The last move pushed, or None."""
        return self._stack[-1][0] if self._stack else None

    # -- notation (see damas.rules.notation) -------------------------------------------
    def parse_move(self, text: str) -> Move:
        """The legal move written as ``text`` ('22-17', 'c3-d4', '28x19',
        '47x38x24x13x36', '15:24'), read by :func:`damas.rules.notation.read_move_text`.

        Raises NotationError for text that is not a move by the grammar of move text,
        IllegalMoveError when no legal move fits (with the reason from
        :mod:`damas.rules.refusals`) and AmbiguousMoveError, listing the routes, when
        several fit."""
        v = self._variant
        written = read_move_text(v, text)
        squares = written.squares
        start, end = squares[0], squares[-1]
        legal = self.legal_moves()
        fits = [m for m in legal if m.start == start and m.end == end]
        if len(squares) > 2:
            # Landing squares first (the standard full form), then any square of the route.
            by_path = [m for m in fits if _is_subsequence(squares, m.path)]
            fits = by_path or [m for m in fits if _is_subsequence(squares, route(self, m))]
        if not fits:
            raise IllegalMoveError(refusal(self, text))
        if len(fits) > 1:
            options = ", ".join(_move_text(self, m, full=True) for m in fits)
            raise AmbiguousMoveError(
                f"O lance {shown(text)} é ambíguo: há {len(fits)} tomadas de "
                f"{v.square_name(start) if v.size == 8 else start} a {v.square_name(end) if v.size == 8 else end}. "
                f"Escreva o caminho completo: {options}.", candidates=fits)
        return fits[0]

    def push_text(self, text: str) -> Move:
        """Parse ``text`` and play it."""
        return self.push(self.parse_move(text))

    def move_text(self, move: Move, notation: str | None = None) -> str:
        """``move`` written in ``notation`` ('numeric' or 'algebraic'; by
        default the usual one of the variant)."""
        return _move_text(self, move, notation)


# -- the check of a caller's board (damas.rules.args names it BOARD) ---------------------------

def is_board(value: object) -> bool:
    """True when ``value`` is a :class:`Board`."""
    return isinstance(value, Board)


def check_board(value: object, name: str = "board") -> Board:
    """``value`` if it is a :class:`Board`; else the caller's error (ArgumentError)."""
    if not isinstance(value, Board):
        raise refuse(name, "um tabuleiro (Board)", value)
    return value


def board_of(position: object, who: str) -> Board:
    """The Board of ``position``: a Board, or a :class:`damas.Game` (its board, with the moves
    played, which the draw rules of a search take into account)."""
    if isinstance(position, Board):
        return position
    inner = getattr(position, "board", None)
    if isinstance(inner, Board) and hasattr(position, "moves"):
        return inner
    raise ArgumentError(f"{who} espera um Board (damas.Board) ou uma partida (damas.Game), "
                        f"não {described(position)}.")

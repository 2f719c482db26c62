"""Why a move is legal or not, in Portuguese, with the article of the rules: the explainer.

:func:`damas.rules.explain.explain` (the public door: ``explain(board, attempted)``) and the
board's own refusals (:meth:`Board.push <damas.rules.board.Board.push>`,
:meth:`Board.parse_move <damas.rules.board.Board.parse_move>`) ask this module, which lies below
the board: it works on the board it is given and imports nothing above the moves and the
notation.

``explanation(board, attempted)`` looks at a move a student tried -- a
:class:`~damas.Move`, a text such as ``'22-17'``, ``'c3-d4'`` or
``'28x19x10'``, or a pair of square numbers ``(22, 17)`` -- and returns an
:class:`Explanation`: whether it is legal, which article of the rules it
breaks, a message in Brazilian Portuguese, the squares to highlight and one
legal move showing what to do instead.

Legality always comes from :meth:`Board.legal_moves`; this module never
generates moves.  To say *why* a move is wrong it follows the student's own
route jump by jump over the board's geometry (which squares lie between two
landing squares, and what stands on them): that is diagnosis only.  To tell a
complete capture that takes too few pieces (4.13) from a capture stopped half
way (4.5, 4.6) it asks the board's own generator with the majority law
switched off (:attr:`Variant.majority_rule`), never a second generator.

The checks run in this order, the first failing one giving the answer:

1. the text cannot be read; a square off the board; a light square (2.2);
2. the start square is empty; the piece belongs to the opponent (3.3, 5.4.05);
3. the move is legal -> ``legal=True``;
4. a complete capture of fewer pieces than the maximum (4.13, 5.4.08);
5. the route itself: not on a diagonal, a man going backward or more than one
   square (3.4), a king blocked (3.9), an occupied square, a jump over an own
   piece (4.7), over the same piece twice (4.8), over a piece already taken
   (4.11), over two pieces together (4.2, 4.3), a man jumping like a king
   after passing the crowning row (4.15);
6. a correct simple move while a capture is compulsory (4.1, 5.4.06);
7. a correct but unfinished capture (4.5 for men, 4.6 for kings, 5.4.09; a king that took the
   right pieces but landed where the chain stops, when another landing goes on: 4.6 first;
   4.15 when a man stops on the crowning row hoping to be crowned).

Every text a student reads is in :data:`MESSAGES`, at the top of the module
(the texts of step 1 come from :data:`damas.rules.notation.MESSAGES`: a move text is
read by :func:`damas.rules.notation.read_move_text`, the same reader as
:func:`damas.rules.notation.parse_move`, so both accept and refuse the same texts).
Squares are written as algebraic names on the 8x8 board when the attempt was
written that way, as numbers otherwise.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NoReturn

from damas.errors import NotationError
from damas.rules.colors import NAMES, WHITE, Color, opponent
from damas.rules.move import Move, Piece
from damas.rules.notation import MESSAGES as _READING
from damas.rules.notation import read_move_text, route, shown, square_reading
from damas.rules.values import refuse
from damas.rules.variants import Variant

if TYPE_CHECKING:
    from damas.rules.board import Board

__all__ = ["explanation", "piece_explanation", "refusal", "Explanation", "MESSAGES"]

# Every Portuguese text of the module.  Fields in braces are filled in by
# explain(); {rule} is the article reference, e.g. "regra 4.13".
MESSAGES: dict[str, Any] = {
    "legal": "Lance legal.",
    "legal_ambiguous": ("Lance legal, mas ambíguo: há {n} tomadas de {start} a {end}. "
                        "Escreva o caminho completo: {options}."),
    "unreadable": _READING["unreadable"],
    "unreadable_square": _READING["unreadable_square"],
    "no_algebraic": _READING["no_algebraic"],
    "off_board": _READING["off_board"],
    "light_square": _READING["light_square"],
    "same_square": "A casa de partida e a de chegada são a mesma ({square}): isso não é um lance.",
    "empty_start": ("Não há peça na casa {start}: um lance leva uma peça de uma casa para outra "
                    "({rule})."),
    "opponent_piece": ("A peça em {start} é uma {piece}: agora jogam as {turn}, cada jogador move "
                       "apenas as próprias peças ({rule}; jogar uma peça do adversário é uma "
                       "irregularidade, regra 5.4.05)."),
    "not_diagonal_man": ("De {a} a {b} não se anda em diagonal: a pedra se desloca em diagonal, "
                         "sobre as casas escuras ({rule})."),
    "not_diagonal_king": ("De {a} a {b} não se anda em diagonal: a dama se move ao longo da "
                          "diagonal que ocupa ({rule})."),
    "no_capture_route": ("Nenhuma tomada leva a peça de {start} a {end} em linha reta: numa tomada "
                         "em cadeia, escreva também as casas onde a peça pousa "
                         "(por exemplo {example})."),
    "backward": ("A pedra em {start} não pode andar para trás: a pedra só se desloca para a "
                 "frente, uma casa em diagonal ({rule}). Só tomando ela pode ir para trás "
                 "(regra 4.2)."),
    "too_far": ("A pedra anda uma casa só, para a frente, e de {start} a {end} são {n} casas "
                "sem tomar nenhuma peça ({rule}). Só a dama anda várias casas (regra 3.9)."),
    "king_blocked": ("A dama em {start} não pode ir a {end}: a diagonal está ocupada em {block}. "
                     "A dama anda só enquanto a diagonal estiver livre ({rule})."),
    "occupied": "A casa {end} está ocupada ({what}): a peça só pode ir para uma casa livre ({rule}).",
    "step_after_capture": ("Depois de tomar, a peça só continua o lance tomando outra peça: "
                           "de {a} a {b} ela não toma nada ({rule})."),
    "step_then_more": ("Um lance simples termina na primeira casa: de {a} a {b} não há tomada, "
                       "então o lance não continua até {c} ({rule})."),
    "own_piece": ("De {a} a {b} a peça saltaria a {piece} em {block}: é proibido saltar ou tomar "
                  "as próprias peças ({rule})."),
    "same_piece_twice": ("De {a} a {b} a peça saltaria de novo a peça em {block}, já tomada neste "
                         "lance: pode-se passar duas vezes pela mesma casa vazia, mas cada peça "
                         "adversária só é saltada uma vez ({rule})."),
    "taken_blocks": ("De {a} a {b} o caminho passa pela peça em {block}, já tomada neste lance: "
                     "as peças tomadas só saem do tabuleiro quando o lance termina e, até lá, "
                     "bloqueiam a passagem ({rule}). É o golpe turco."),
    "two_together": ("De {a} a {b} há duas peças juntas na diagonal ({block}): duas ou mais peças "
                     "juntas não podem ser tomadas, é preciso uma casa vazia logo atrás da peça "
                     "tomada ({rule})."),
    "one_at_a_time": ("De {a} a {b} há {n} peças no caminho ({block}): cada salto toma uma peça só; "
                      "escreva a casa onde a peça pousa entre uma tomada e outra ({rule})."),
    "man_far_jump": ("A pedra só toma uma peça vizinha, pousando na casa logo atrás dela: de {a} a "
                     "{b} ela não pode saltar de longe ({rule}). Quem toma à distância é a dama "
                     "(regra 4.3)."),
    "man_backward_capture": ("De {a} a {b} a pedra tomaria para trás: neste jogo a pedra anda e toma "
                             "só para a frente; quem toma para trás é a dama ({rule})."),
    "not_crowned_jump": ("A pedra passou pela travessa de coroação ({row}) no meio da tomada, mas não "
                         "foi coroada: continua "
                         "pedra até o fim do lance e não pode tomar como dama de {a} a {b} "
                         "({rule})."),
    "landing_taken": ("A peça não pode pousar em {b}: ali está uma peça já tomada neste lance, que "
                      "só sai do tabuleiro quando o lance termina ({rule})."),
    # "Não existe sopro" (seed 000, regras simplificadas; glossary): the piece that did not
    # capture stays on the board; under 5.4.06 the opponent chooses whether it is corrected.
    "must_capture": ("A tomada é obrigatória ({rule}; jogar sem tomar quando se pode tomar é a "
                     "irregularidade 5.4.06). Não existe sopro: a peça que deixou de tomar não é "
                     "retirada do tabuleiro. {who} tomar: {pieces}. {options}"),
    # The moves a refusal names: all of them, never one picked as an example
    # (an example chosen only to show the rule could be a bad move).
    "options_one": "A tomada permitida é {moves}.",
    "options_few": "As tomadas permitidas são {moves}.",
    "options_many": "Há {n} tomadas permitidas.",
    "must_capture_one": "Pode",
    "must_capture_many": "Podem",
    "majority": ("Este lance toma {n} {pieces_word}, mas a lei da maioria obriga a tomar o maior "
                 "número de peças: {best} ({rule}; tomar menos é a irregularidade 5.4.08). "
                 "{options}"),
    "quality": ("Este lance toma {n} {pieces_word}, tantas quanto a melhor tomada, mas, entre "
                "tomadas do mesmo número de peças, é obrigatório tomar as de mais valor (a "
                "qualidade: a dama vale mais que a pedra): {best} ({rule}). {options}"),
    "quality_best": "{n} {dama_word}",
    "dama_word": {1: "dama", 2: "damas"},
    "majority_one": "A tomada de {best} é {example}, tomando {captured}.",
    "majority_few": "As tomadas de {best} são {moves}.",
    "majority_many": "Há {n} tomadas de {best}; as peças que podem fazê-las estão marcadas.",
    "unfinished_man": ("A tomada não terminou em {end}: dali a pedra ainda pode tomar, e a tomada "
                       "em cadeia é obrigatória até o fim ({rule}; parar antes é a irregularidade "
                       "5.4.09). O lance completo é {example}."),
    "unfinished_king": ("A tomada não terminou em {end}: dali a dama ainda pode tomar, e a tomada "
                        "em cadeia é obrigatória até o fim ({rule}; parar antes é a irregularidade "
                        "5.4.09). O lance completo é {example}."),
    "unfinished_other": ("A tomada não terminou em {end}: dali a peça ainda pode tomar, e a tomada "
                         "em cadeia é obrigatória até o fim ({rule}; parar antes é a irregularidade "
                         "5.4.09). Além disso, a lei da maioria (regra 4.13) obriga aqui a tomar "
                         "{best}: {example}."),
    "wrong_landing_king": ("Depois de tomar {taken}, a dama parou em {end}, de onde não pode tomar "
                           "mais. Parando em {stop}, a tomada continua, e a tomada em cadeia é "
                           "obrigatória até o fim ({rule}; parar antes é a irregularidade 5.4.09); a "
                           "lei da maioria (regra 4.13) pede o mesmo: tomar {best}. O lance completo é "
                           "{example}."),
    "not_crowned_stop": ("A pedra chegou a {end}, na travessa de coroação, no meio de uma tomada que "
                         "ainda continua: ela não para ali e não é coroada, segue tomando como "
                         "pedra ({rule}; a tomada em cadeia vai até o fim, regra 4.5). O lance completo é {example}."),
    "no_moves": "As {turn} não têm nenhum lance: a partida terminou (regra 7.2).",
    "piece_moves": "A {piece} em {start} pode jogar: {options}.",
    "man_stuck": ("A {piece} em {start} não tem lance: as casas à frente dela, na diagonal, estão "
                  "ocupadas, e a pedra só anda para a frente ({rule})."),
    "king_stuck": ("A {piece} em {start} não tem lance: as quatro diagonais estão fechadas logo ao "
                   "lado dela ({rule})."),
    "illegal": "O lance {text} não é legal nesta posição.{hint}",
    "illegal_hint": " Lances possíveis desta peça: {options}.",
    "piece_word": {1: "peça", 2: "peças"},
    "squares_8": "as casas vão de 1 a 32, ou de a1 a h8 (só as escuras)",
    "squares_10": "as casas vão de 1 a 50",
    "empty_what": "vazia",
}


def _rule(article: str) -> str:
    return f"regra {article}"


def _own_rules(message: str, source: str) -> str:
    """A message for a game whose rules are not the FMJD articles the
    messages cite (Russian, Portuguese): the rule in words, each article
    number taken out, the game's own rules named instead."""
    message = re.sub(r"; [^;()]*?(?:irregularidade|regra)[^;()]*?\d+(?:\.\d+)*", "", message)
    message = re.sub(r" ?\(regras? \d+(?:\.\d+)*\)", "", message)
    message = re.sub(r"regras? \d+(?:\.\d+)*", source, message)
    return message


@dataclass(frozen=True)
class Explanation:
    """The verdict on one attempted move.

    ``legal`` says whether the move may be played; ``article`` is the article
    of the official rules it breaks (e.g. ``'4.13'``), None when the move is
    legal or the text cannot be read; ``message`` says why, in Portuguese;
    ``highlight`` lists the squares the rule points at (the pieces that must
    capture, the route of the compulsory capture...); ``suggestion`` is one
    legal move showing what to do, or None.
    """

    legal: bool
    article: str | None
    message: str
    highlight: tuple[int, ...] = ()
    suggestion: Move | None = None

    def __str__(self) -> str:
        return self.message

    def __bool__(self) -> bool:
        return self.legal


class _Refusal(Exception):
    """Internal: carries an explanation out of the diagnosis."""

    def __init__(self, explanation: Explanation) -> None:
        super().__init__(explanation.message)
        self.explanation = explanation


class _Attempt:
    """The student's attempt, read: its squares and how it was written."""

    def __init__(self, squares: Iterable[int], said_capture: bool = False, algebraic: bool = False,
                 text: str | None = None, move: Move | None = None) -> None:
        self.squares = list(squares)
        self.said_capture = said_capture
        self.algebraic = algebraic
        self.text = text
        self.move = move

    @property
    def start(self) -> int:
        return self.squares[0]

    @property
    def end(self) -> int:
        return self.squares[-1]


class _Explainer:
    def __init__(self, board: Board, notation: str | None = None) -> None:
        self.board = board
        self.variant = board.variant
        self.algebraic = False
        self.notation = notation  # None: as the attempt was written

    # -- helpers ----------------------------------------------------------
    def name(self, square: int) -> str:
        algebraic = self.algebraic if self.notation is None else self.notation == "algebraic"
        if algebraic and self.variant.size == 8:
            return self.variant.square_name(square)
        return str(square)

    def occupant(self, square: int) -> Piece:
        """The piece on ``square``, where the rules put one (a legal move's start, a piece it
        takes, a piece found on a route)."""
        piece = self.board.piece_at(square)
        assert piece is not None, square
        return piece

    def own_piece(self, square: int, legal: list[Move]) -> Piece:
        """The piece on ``square``, refused unless it belongs to the side to
        move (3.2: no piece there; 3.3: the opponent's piece)."""
        board = self.board
        piece = board.piece_at(square)
        if piece is None:
            self.refuse("empty_start", "3.2", highlight=sorted({m.start for m in legal}),
                        suggestion=self.pick(legal), start=self.name(square))
        if piece.color != board.turn:
            self.refuse("opponent_piece", "3.3", highlight=sorted({m.start for m in legal}),
                        suggestion=self.pick(legal), start=self.name(square), piece=piece.name,
                        turn=NAMES[board.turn])
        return piece

    def names(self, squares: Iterable[int]) -> str:
        return ", ".join(self.name(s) for s in squares)

    def move_text(self, move: Move, full: bool = False) -> str:
        sep = "x" if move.captured else "-"
        squares = move.path if full else (move.start, move.end)
        return sep.join(self.name(s) for s in squares)

    def squares_text(self) -> str:
        return str(MESSAGES["squares_8"] if self.variant.size == 8 else MESSAGES["squares_10"])

    def refuse(self, key: str, article: str | None = None, highlight: Iterable[int] = (),
               suggestion: Move | None = None, **fields: object) -> NoReturn:
        source = self.variant.rules_source
        if article is not None:
            fields["rule"] = source or _rule(article)
        message: str = MESSAGES[key].format(**fields)
        if source:  # another game: its own rules, in words, no FMJD article
            message, article = _own_rules(message, source), None
        raise _Refusal(Explanation(False, article, message, tuple(highlight), suggestion))

    def pick(self, moves: list[Move], start: int | None = None) -> Move | None:
        """A suggestion: the first of ``moves`` starting on ``start`` if any,
        else the first one."""
        for m in moves:
            if m.start == start:
                return m
        return moves[0] if moves else None

    # -- reading ------------------------------------------------------------
    def read(self, attempted: object) -> _Attempt:
        if isinstance(attempted, Move):
            path = list(attempted.path)
            if len(path) < 2:
                path = [attempted.start, attempted.end]
            for sq in path:
                self.check_number(sq, shown(attempted))
            return _Attempt(path, bool(attempted.captured), False, str(attempted), attempted)
        if isinstance(attempted, str):
            return self.read_text(attempted)
        if isinstance(attempted, (tuple, list)) and len(attempted) >= 2:
            squares = []
            algebraic = False
            for item in attempted:
                if isinstance(item, bool):
                    self.unreadable(shown(attempted))
                if isinstance(item, int):
                    self.check_number(item, shown(attempted))
                    squares.append(item)
                elif isinstance(item, str):
                    sq, alg = self.read_square(item.strip(), shown(attempted))
                    algebraic = algebraic or alg
                    squares.append(sq)
                else:
                    self.unreadable(shown(attempted))
            self.algebraic = algebraic
            return _Attempt(squares, False, algebraic, None)
        self.unreadable(shown(attempted))

    def unreadable(self, shown: str) -> NoReturn:
        example = "'22-17' ou 'c3-d4'" if self.variant.size == 8 else "'32-28'"
        self.refuse("unreadable", text=shown, example=example)

    def check_number(self, square: object, shown_attempt: str) -> int:
        if not isinstance(square, int) or isinstance(square, bool):
            self.unreadable(shown_attempt)
        if not 1 <= square <= self.variant.squares:
            self.refuse("off_board", part=shown(square), squares=self.squares_text())
        return square

    def read_text(self, text: str) -> _Attempt:
        """The attempt written as text, read by the package's one reader
        of move text (damas.rules.notation.read_move_text)."""
        try:
            written = read_move_text(self.variant, text)
        except NotationError as error:
            raise _Refusal(Explanation(False, error.article, str(error))) from None
        self.algebraic = written.algebraic
        return _Attempt(written.squares, written.said_capture, written.algebraic, text)

    def read_square(self, part: str, shown_text: str) -> tuple[int, bool]:
        """(square, written algebraically?) or a refusal."""
        sq, algebraic, problem = square_reading(self.variant, part)
        if problem is None and sq is not None:
            return sq, algebraic
        if problem == "off_board":
            self.refuse("off_board", part=shown(part).strip("'"), squares=self.squares_text())
        if problem == "light_square":
            self.refuse("light_square", "2.2", part=part)
        if problem == "no_algebraic":
            self.refuse("no_algebraic", text=shown_text, part=shown(part), n=self.variant.squares)
        self.refuse("unreadable_square", text=shown_text, part=shown(part), squares=self.squares_text())

    # -- geometry -------------------------------------------------------------
    def between(self, a: int, b: int) -> list[int] | None:
        """Squares strictly between a and b on their diagonal, or None when
        a and b share no diagonal."""
        v = self.variant
        ra, ca = v.square_to_rc(a)
        rb, cb = v.square_to_rc(b)
        if a == b or abs(ra - rb) != abs(ca - cb):
            return None
        dr = 1 if rb > ra else -1
        dc = 1 if cb > ca else -1
        return [sq for i in range(1, abs(rb - ra)) if (sq := v.rc_to_square(ra + i * dr, ca + i * dc)) is not None]

    def forward(self, color: Color, a: int, b: int) -> bool:
        ra = self.variant.square_to_rc(a)[0]
        rb = self.variant.square_to_rc(b)[0]
        return rb < ra if color == WHITE else rb > ra

    # -- the diagnosis ------------------------------------------------------------
    def run(self, attempted: object) -> Explanation:
        try:
            return self.diagnose(attempted)
        except _Refusal as refusal:
            return refusal.explanation

    def diagnose(self, attempted: object) -> Explanation:
        board = self.board
        att = self.read(attempted)
        start = att.start
        legal = board.legal_moves()
        piece = self.own_piece(start, legal)
        fits = self.fitting(att, legal)
        if fits:
            if len(fits) > 1 and att.move is None:
                options = ", ".join(self.move_text(m, full=True) for m in fits)
                message = MESSAGES["legal_ambiguous"].format(
                    n=len(fits), start=self.name(start), end=self.name(att.end), options=options)
                return Explanation(True, None, message, (), None)
            return Explanation(True, None, MESSAGES["legal"], (), None)
        if not legal:
            self.refuse("no_moves", "7.2", turn=NAMES[self.board.turn])
        captures = legal[0].is_capture
        if captures:
            relaxed = self.fitting(att, _relaxed(board).legal_moves())
            if relaxed:
                if piece.king:
                    self.wrong_landing(att, relaxed[0], legal)
                self.majority(att, relaxed[0], legal)
        result = self.follow(att, piece, legal)
        kind, route_caps, pos, passed_row = result
        if passed_row is not None and self.variant.promote_in_capture:
            piece = Piece(piece.color, True)
        if kind == "step":
            if captures:
                self.must_capture(att, legal)
            self.generic(att, legal)
        # A correct capture, as far as it goes.
        if self.can_continue(att, piece, route_caps, pos):
            self.unfinished(att, piece, route_caps, legal)
        # A complete capture that is not legal: it takes too few pieces.
        relaxed_moves = _relaxed(board).legal_moves()
        for m in relaxed_moves:
            if m.start == start and m.end == pos and set(m.captured) == set(route_caps):
                self.majority(att, m, legal)
        self.generic(att, legal)

    def piece(self, square: object) -> Explanation:
        """Why the piece on ``square`` can or cannot move now."""
        board = self.board
        square = self.check_number(square, shown(square))
        legal = board.legal_moves()
        piece = self.own_piece(square, legal)
        mine = [m for m in legal if m.start == square]
        if mine:
            options = ", ".join(self.move_text(m, full=m.ambiguous) for m in mine)
            message = MESSAGES["piece_moves"].format(piece=piece.name, start=self.name(square),
                                                     options=options)
            return Explanation(True, None, message, tuple(sorted({m.end for m in mine})), mine[0])
        if not legal:
            self.refuse("no_moves", "7.2", turn=NAMES[self.board.turn])
        if legal[0].is_capture:
            att = _Attempt([square, square])
            smaller = [m for m in _relaxed(board).legal_moves() if m.start == square]
            if smaller:
                self.majority(att, smaller[0], legal)
            self.must_capture(att, legal)
        if piece.king:
            self.refuse("king_stuck", "3.9", highlight=(square,), suggestion=self.pick(legal),
                        piece=piece.name, start=self.name(square))
        self.refuse("man_stuck", "3.4", highlight=(square,), suggestion=self.pick(legal),
                    piece=piece.name, start=self.name(square))

    def fitting(self, att: _Attempt, moves: list[Move]) -> list[Move]:
        """The moves of ``moves`` the attempt names (as notation.parse_move
        reads text: start, end and any landing squares in between)."""
        if att.move is not None:
            move = att.move
            exact = [m for m in moves if m == move]
            if exact:
                return exact
            if move.captured:
                return []
            return [m for m in moves if m.start == move.start and m.end == move.end]
        start, end = att.start, att.end
        same = [m for m in moves if m.start == start and m.end == end]
        if len(att.squares) > 2:
            same = [m for m in same if _is_subsequence(att.squares, route(self.board, m))]
        return same

    def follow(self, att: _Attempt, piece: Piece, legal: list[Move]
               ) -> tuple[str, tuple[int, ...], int, int | None]:
        """Walk the student's route over the board.  Returns ('step', ...)
        for a correct simple move, ('capture', captured, end, passed_row) for
        a correct series of jumps; refuses anything else."""
        board = self.board
        v = self.variant
        color, king = piece.color, piece.king
        start = att.start
        squares = att.squares
        captured: list[int] = []
        passed_row: int | None = None
        pos = start
        suggestion = self.pick(legal, start)
        own_targets = sorted({m.end for m in legal if m.start == start}) or [start]
        promo_row = v.promotion_row(color)

        def at(sq: int) -> Piece | None:
            return None if sq == start else board.piece_at(sq)

        for i, nxt in enumerate(squares[1:], start=1):
            if nxt == pos:
                self.refuse("same_square", square=self.name(pos))
            line = self.between(pos, nxt)
            if line is None:
                if len(squares) == 2 and (att.said_capture or (att.move is not None and att.move.captured)):
                    if legal[0].is_capture:
                        self.must_capture(att, legal)
                    example = "'28x19x10'" if v.size == 10 or not self.algebraic else "'c3xe5xc7'"
                    self.refuse("no_capture_route", "4.5" if not king else "4.6",
                                highlight=own_targets, suggestion=suggestion,
                                start=self.name(start), end=self.name(nxt), example=example)
                if king:
                    self.refuse("not_diagonal_king", "3.9", highlight=own_targets, suggestion=suggestion,
                                a=self.name(pos), b=self.name(nxt))
                self.refuse("not_diagonal_man", "3.4", highlight=own_targets, suggestion=suggestion,
                            a=self.name(pos), b=self.name(nxt))
            standing = {sq: p for sq in line if (p := at(sq)) is not None}
            blockers = list(standing)
            dest = at(nxt)
            if not blockers:
                # No piece between: a plain step.
                if captured:
                    self.refuse("step_after_capture", "4.6" if king else "4.5", highlight=own_targets,
                                suggestion=suggestion, a=self.name(pos), b=self.name(nxt))
                if not king:
                    if not self.forward(color, pos, nxt):
                        self.refuse("backward", "3.4", highlight=own_targets, suggestion=suggestion,
                                    start=self.name(pos))
                    if line:
                        self.refuse("too_far", "3.4", highlight=own_targets, suggestion=suggestion,
                                    start=self.name(pos), end=self.name(nxt), n=len(line) + 1)
                if dest is not None:
                    self.refuse("occupied", "3.9" if king else "3.4", highlight=own_targets,
                                suggestion=suggestion, end=self.name(nxt), what=dest.name)
                if i < len(squares) - 1:
                    self.refuse("step_then_more", "3.9" if king else "3.4", highlight=own_targets,
                                suggestion=suggestion, a=self.name(pos), b=self.name(nxt),
                                c=self.name(squares[-1]))
                return ("step", (), nxt, None)
            # Pieces between: this leg is a jump.
            fields = dict(a=self.name(pos), b=self.name(nxt))
            if not king and not v.men_capture_backward and not self.forward(color, pos, nxt):
                self.refuse("man_backward_capture", "4.2", highlight=own_targets, suggestion=suggestion,
                            **fields)
            own = [sq for sq in blockers if standing[sq].color == color]
            if own:
                if king and not att.said_capture and not captured and len(squares) == 2 \
                        and all(standing[sq].color == color for sq in blockers):
                    self.refuse("king_blocked", "3.9", highlight=own_targets, suggestion=suggestion,
                                start=self.name(pos), end=self.name(nxt), block=self.name(own[0]))
                self.refuse("own_piece", "4.7", highlight=own_targets, suggestion=suggestion,
                            piece=standing[own[0]].name, block=self.name(own[0]), **fields)
            dead = [sq for sq in blockers if sq in captured]
            if dead:
                if len(blockers) == 1:
                    self.refuse("same_piece_twice", "4.8", highlight=own_targets, suggestion=suggestion,
                                block=self.name(dead[0]), **fields)
                self.refuse("taken_blocks", "4.11", highlight=own_targets, suggestion=suggestion,
                            block=self.name(dead[0]), **fields)
            if len(blockers) > 1:
                idx = [line.index(sq) for sq in blockers]
                pair = next(((blockers[k], blockers[k + 1]) for k in range(len(idx) - 1)
                             if idx[k + 1] == idx[k] + 1), None)
                article = "4.3" if king else "4.2"
                if pair is not None:
                    self.refuse("two_together", article, highlight=own_targets, suggestion=suggestion,
                                block=self.names(pair), **fields)
                self.refuse("one_at_a_time", "4.6" if king else "4.5", highlight=own_targets,
                            suggestion=suggestion, n=len(blockers), block=self.names(blockers), **fields)
            target = blockers[0]
            if dest is not None and nxt in captured:
                self.refuse("landing_taken", "4.11", highlight=own_targets, suggestion=suggestion, **fields)
            if dest is not None:
                if line[-1] == target and dest.color != color:
                    # the jumped piece and the one on the landing square stand together
                    self.refuse("two_together", "4.3" if king else "4.2", highlight=own_targets,
                                suggestion=suggestion, block=self.names((target, nxt)), **fields)
                self.refuse("occupied", "4.3" if king else "4.2", highlight=own_targets,
                            suggestion=suggestion, end=self.name(nxt), what=dest.name)
            if not king and len(line) != 1:
                if passed_row is not None:
                    self.refuse("not_crowned_jump", "4.15", highlight=own_targets, suggestion=suggestion,
                                row=self.name(passed_row), **fields)
                self.refuse("man_far_jump", "4.2", highlight=own_targets, suggestion=suggestion, **fields)
            captured.append(target)
            if not king and v.square_to_rc(nxt)[0] == promo_row:
                passed_row = nxt
                if v.promote_in_capture:
                    king = True  # crowned at once, it goes on as a king
            pos = nxt
        return ("capture", tuple(captured), pos, passed_row)

    def can_continue(self, att: _Attempt, piece: Piece, captured: tuple[int, ...], pos: int) -> bool:
        """Could the capturing piece, standing on ``pos`` after taking
        ``captured`` (still on the board, regra 4.11), take another piece?
        A look at the four diagonals from ``pos``; nothing is generated."""
        board = self.board
        t = self.variant.tables
        start = att.start
        opp = opponent(piece.color)

        def at(sq: int) -> Piece | None:
            return None if sq == start else board.piece_at(sq)

        directions: Iterable[int] = range(4)
        if not piece.king and not self.variant.men_capture_backward:
            directions = (0, 1) if piece.color == WHITE else (2, 3)
        for d in directions:
            ray = t.ray[d][pos]
            i = 0
            if piece.king:
                while i < len(ray) and at(ray[i]) is None:
                    i += 1
            if i + 1 >= len(ray):
                continue
            target = at(ray[i])
            if target is None or target.color != opp or ray[i] in captured:
                continue
            if at(ray[i + 1]) is None:
                return True
        return False

    # -- refusals with the board's moves ----------------------------------------------
    MAX_LISTED = 4   # captures named one by one; more are counted and marked

    def list_moves(self, moves: list[Move]) -> str:
        """'a', 'a e b', 'a, b e c': every move, in the order of the board."""
        texts = [self.move_text(m, full=True) for m in moves]
        return texts[0] if len(texts) == 1 else ", ".join(texts[:-1]) + " e " + texts[-1]

    def must_capture(self, att: _Attempt, legal: list[Move]) -> NoReturn:
        starts = sorted({m.start for m in legal})
        suggestion = self.pick(legal, att.start)
        who = MESSAGES["must_capture_one" if len(starts) == 1 else "must_capture_many"]
        pieces = ", ".join(f"{self.occupant(s).name} em {self.name(s)}" for s in starts)
        if len(legal) == 1:
            options = MESSAGES["options_one"].format(moves=self.list_moves(legal))
        elif len(legal) <= self.MAX_LISTED:
            options = MESSAGES["options_few"].format(moves=self.list_moves(legal))
        else:
            options = MESSAGES["options_many"].format(n=len(legal))
        self.refuse("must_capture", "4.1", highlight=starts, suggestion=suggestion, who=who,
                    pieces=pieces, options=options)

    def majority(self, att: _Attempt, attempt_move: Move, legal: list[Move]) -> NoReturn:
        best = len(legal[0].captured)
        suggestion = legal[0] if (picked := self.pick(legal, att.start)) is None else picked
        n = len(attempt_move.captured)
        if n == best and self.variant.quality_rule:
            self.quality(att, attempt_move, legal, suggestion)
        best_text = f"{best} {MESSAGES['piece_word'][1 if best == 1 else 2]}"
        highlight: Iterable[int] = suggestion.path
        if len(legal) == 1:
            options = MESSAGES["majority_one"].format(
                best=best_text, example=self.move_text(suggestion, full=True),
                captured=self.names(suggestion.captured))
        elif len(legal) <= self.MAX_LISTED:
            options = MESSAGES["majority_few"].format(best=best_text, moves=self.list_moves(legal))
            highlight = sorted({m.start for m in legal})
        else:
            options = MESSAGES["majority_many"].format(best=best_text, n=len(legal))
            highlight = sorted({m.start for m in legal})
        self.refuse("majority", "4.13", highlight=highlight, suggestion=suggestion, n=n,
                    pieces_word=MESSAGES["piece_word"][1 if n == 1 else 2],
                    best=best_text, options=options)

    def quality(self, att: _Attempt, attempt_move: Move, legal: list[Move], suggestion: Move) -> NoReturn:
        n = len(attempt_move.captured)
        kings = sum(1 for s in legal[0].captured if self.occupant(s).king)
        best = MESSAGES["quality_best"].format(n=kings, dama_word=MESSAGES["dama_word"][1 if kings == 1 else 2])
        if len(legal) <= self.MAX_LISTED:
            key = "options_one" if len(legal) == 1 else "options_few"
            options = MESSAGES[key].format(moves=self.list_moves(legal))
        else:
            options = MESSAGES["options_many"].format(n=len(legal))
        self.refuse("quality", "4.13", highlight=sorted({m.start for m in legal}), suggestion=suggestion,
                    n=n, pieces_word=MESSAGES["piece_word"][1 if n == 1 else 2], best=best,
                    options=options)

    def unfinished(self, att: _Attempt, piece: Piece, captured: tuple[int, ...], legal: list[Move]) -> NoReturn:
        k = len(captured)
        # Prefer the legal move that goes on from the student's route.
        going_on = [m for m in legal if m.start == att.start and m.captured[:k] == tuple(captured)]
        picked = going_on[0] if going_on else self.pick(legal, att.start)
        suggestion = legal[0] if picked is None else picked
        end = att.squares[-1]
        example = self.move_text(suggestion, full=True)
        article = "4.6" if piece.king else "4.5"
        if not going_on:
            best = len(suggestion.captured)
            self.refuse("unfinished_other", article, highlight=suggestion.path, suggestion=suggestion,
                        end=self.name(end), example=example,
                        best=f"{best} {MESSAGES['piece_word'][1 if best == 1 else 2]}")
        if not piece.king and self.variant.square_to_rc(end)[0] == self.variant.promotion_row(piece.color):
            self.refuse("not_crowned_stop", "4.15", highlight=suggestion.path, suggestion=suggestion,
                        end=self.name(end), example=example)
        key = "unfinished_king" if piece.king else "unfinished_man"
        self.refuse(key, article, highlight=suggestion.path, suggestion=suggestion,
                    end=self.name(end), example=example)

    def wrong_landing(self, att: _Attempt, attempt_move: Move, legal: list[Move]) -> None:
        """A king that took the right pieces so far but stopped where the chain cannot go on,
        when another landing square after the same capture goes on: the king's chain capture
        (4.6) is the most specific article; the majority law (4.13) is named after it."""
        k = len(attempt_move.captured)
        going_on = [m for m in legal if m.start == attempt_move.start and len(m.captured) > k
                    and tuple(m.captured[:k]) == tuple(attempt_move.captured)]
        if not going_on:
            return
        suggestion = going_on[0]
        best = len(suggestion.captured)
        self.refuse("wrong_landing_king", "4.6", highlight=suggestion.path, suggestion=suggestion,
                    taken=self.names(attempt_move.captured), end=self.name(attempt_move.end),
                    stop=self.name(suggestion.path[k]), example=self.move_text(suggestion, full=True),
                    best=f"{best} {MESSAGES['piece_word'][1 if best == 1 else 2]}")

    def generic(self, att: _Attempt, legal: list[Move]) -> NoReturn:
        mine = [m for m in legal if m.start == att.start]
        hint = ""
        if mine:
            hint = MESSAGES["illegal_hint"].format(options=", ".join(self.move_text(m) for m in mine))
        text = att.text if att.text is not None else "-".join(self.name(s) for s in att.squares)
        self.refuse("illegal", None, highlight=sorted({m.end for m in mine}),
                    suggestion=self.pick(legal, att.start), text=repr(text), hint=hint)


def _is_subsequence(small: Iterable[int], big: Iterable[int]) -> bool:
    it = iter(big)
    return all(any(x == y for y in it) for x in small)


_RELAXED: dict[str, Variant] = {}


def _relaxed(board: Board) -> Board:
    """The same position under the same rules without the majority law: its
    legal moves are every complete capture (regras 4.5-4.11), however many
    pieces it takes.  Used only to tell 4.13 from 4.5/4.6."""
    v = board.variant
    relaxed = _RELAXED.get(v.name)
    if relaxed is None:
        relaxed = dataclasses.replace(v, name=v.name + "-sem-lei-da-maioria", majority_rule=False)
        _RELAXED[v.name] = relaxed
    return type(board).from_fen(board.fen(), relaxed)


def _check_board(board: object) -> None:
    """Refuse what is not a board (this module lies below the Board: it asks only for what a
    board answers)."""
    if not (hasattr(board, "legal_moves") and hasattr(board, "variant") and hasattr(board, "piece_at")):
        raise refuse("board", "um tabuleiro (Board)", board)


def piece_explanation(board: Board, square: int, notation: str | None = None) -> Explanation:
    """Can the piece on ``square`` move now, and if not, why?  The work of
    :func:`damas.rules.explain.explain_piece`."""
    _check_board(board)
    explainer = _Explainer(board, notation or board.variant.notation)
    try:
        return explainer.piece(square)
    except _Refusal as refused:
        return refused.explanation


def explanation(board: Board, attempted: object, notation: str | None = None) -> Explanation:
    """Is ``attempted`` legal on ``board``, and if not, why?  The work of
    :func:`damas.rules.explain.explain`."""
    _check_board(board)
    return _Explainer(board, notation).run(attempted)


def refusal(board: Board, attempted: object, notation: str | None = None) -> str:
    """The Portuguese reason why ``attempted`` (a Move or a text) is not a legal move of
    ``board``: what the board says when it refuses a move."""
    return explanation(board, attempted, notation).message

"""A game: its moves, undo and redo, the score sheet and the result.

:class:`Game` keeps the starting position and the moves played, takes moves
back and forward again, writes the moves as a score sheet in the variant's
notation and says when the game is over, who won and why, with the article
of the rules (:class:`Result`).

Results
-------
* A player wins when the opponent, having the move, has no piece left
  (regra 7.2.3) or cannot move (7.2.2), resigns (7.2.1).
* Draws: agreement (7.3.1); the same position for the third time with the
  same side to move (6.1); only kings moving, without capture or man move,
  for a number of moves (20 in the Brazilian game, by the 64-square rules;
  25 in the International game, 6.2); the endgame limits (Brazilian: three
  kings against one king, 20 moves, by the 64-square rules; International:
  three kings, two kings and a man, or a king and two men against one king,
  10 moves, 6.3; two kings, a king and a man, or one king against one king,
  5 moves, 6.4).  With ``rules="fmjd2015"`` article 6.3 of the International
  game allows 16 moves, as the FMJD text of November 2015 says; the option
  changes nothing in the Brazilian game.

How moves are counted
---------------------
A "lance" in article 6 is counted **per player**: "25 moves" means 25 moves
by White *and* 25 by Black, that is 50 plies (half-moves), as the FMJD and
the large online platforms count it.  The endgame limits count from the
position where the material first matched the rule (a promotion that keeps
the material within the same rule does not restart the count; a capture that
leads to another rule does).  Draws by rule are declared automatically, as
a computer arbiter does; the seeds let the player claim the repetition, the
result is the same.  The Brazilian results cite the corresponding article of
the official rules (6.2, 6.3) and say in the reason that the numbers come
from the 64-square rules.

All numbers live in :data:`DRAW_RULES`; every Portuguese text in
:data:`REASONS`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from damas.rules.board import Board, Move
from damas.rules.colors import BLACK, NAMES, WHITE, Color, is_color, opponent
from damas.rules.notation import numbered
from damas.errors import ArgumentError, DamasError, HistoryError, IllegalMoveError
from damas.rules.values import described
from damas.rules.variants import VARIANTS, Variant, get_variant

__all__ = ["Game", "Result", "DRAW_RULES", "REASONS"]

# Material is written (kings, men) of one side; an endgame rule applies when
# one side has a lone king and the other side's material is in ``stronger``.
DRAW_RULES = {name: variant.draw_rules for name, variant in VARIANTS.items()}
# Options that change the table: {rules name: {variant: {article: moves}}}.
RULE_OPTIONS = {
    "seed": {},
    "fmjd2015": {"international": {"6.3": 16}},
}

REASONS = {
    "ongoing": "A partida continua: jogam as {turn}.",
    "no_pieces": "As {loser} perderam todas as peças: vitória das {winner} (regra 7.2.3).",
    "no_moves": "As {loser} têm o lance mas não podem jogar: vitória das {winner} (regra 7.2.2).",
    "resign": "As {loser} abandonaram a partida: vitória das {winner} (regra 7.2.1).",
    "agreement": "Empate por acordo entre os jogadores (regra 7.3.1).",
    "repetition": ("Empate: a mesma posição apareceu pela terceira vez, com as {turn} jogando "
                   "(regra 6.1)."),
    "king_moves": ("Empate: {moves} lances seguidos de cada jogador só com damas, sem tomada nem "
                   "movimento de pedra ({source})."),
    "endgame": ("Empate: no final de {what}, o lado mais forte não venceu em {moves} lances de "
                "cada jogador ({source})."),
    "game_over": "A partida já terminou: {reason} Desfaça um lance para continuar.",
    "nothing_to_undo": "Não há lance para desfazer.",
    "nothing_to_redo": "Não há lance para refazer.",
    "bad_color": "Cor inválida: {color!r}; use 'W' (brancas) ou 'B' (pretas).",
    "bad_rules": "Regras desconhecidas: {rules!r}; use 'seed' (as regras brasileiras que o curso segue) ou 'fmjd2015'.",
    "variant_mismatch": ("O tabuleiro dado é das {board}, mas a variante pedida é a das {variant}: "
                         "dê o tabuleiro da variante que quer (Board(variant=...)) ou só a variante."),
    "bad_start": ("Não sei começar uma partida com {what!r}: use o nome da variante "
                  "('brazilian', 'international'), uma FEN ou um tabuleiro (Board)."),
    "bad_move": "Esperava um lance (Move) ou um texto como '22-17', não {what}.",
}

_SCORE: dict[Color, str] = {WHITE: "2-0", BLACK: "0-2"}


@dataclass(frozen=True)
class Result:
    """How the game stands: ``score`` is '2-0' (White won), '0-2' (Black
    won), '1-1' (draw) or None while the game goes on; ``winner`` 'W', 'B'
    or None; ``reason`` says why, in Portuguese; ``article`` is the article
    of the rules (None while the game goes on); ``code`` names the case
    ('no_pieces', 'no_moves', 'resign', 'agreement', 'repetition',
    'king_moves', 'endgame') for programs."""

    score: str | None
    winner: Color | None
    reason: str
    article: str | None
    code: str | None = None

    @property
    def is_over(self) -> bool:
        return self.score is not None

    def __str__(self) -> str:
        return self.reason if self.score is None else f"{self.score}: {self.reason}"


#: ((white kings, white men), (black kings, black men)).
Material = tuple[tuple[int, int], tuple[int, int]]


def _material(board: Board) -> Material:
    """((white kings, white men), (black kings, black men))."""
    return ((len(board.kings(WHITE)), len(board.men(WHITE))),
            (len(board.kings(BLACK)), len(board.men(BLACK))))


class Game:
    """A game of draughts from a starting position.

    ``Game()`` or ``Game("brazilian")`` starts a Brazilian game,
    ``Game("international")`` an International one; a :class:`Board` (its
    moves already pushed are kept as the game's moves) or a FEN with
    ``variant=`` starts from any position.  ``rules`` is ``"seed"`` (the
    rules of the seeds, the default) or ``"fmjd2015"`` (16 moves for
    article 6.3 of the International game).

    >>> g = Game()
    >>> g.push("c3-d4")
    Move(22, 18)
    >>> g.push("f6-e5")
    Move(11, 15)
    >>> g.score_sheet()
    '1. c3-d4 f6-e5'
    >>> g.undo(); g.can_redo
    Move(11, 15)
    True
    """

    def __init__(self, board_or_variant: Board | str | Variant = "brazilian", rules: str = "seed",
                 variant: str | Variant | None = None) -> None:
        if not isinstance(rules, str) or rules not in RULE_OPTIONS:
            raise ArgumentError(REASONS["bad_rules"].format(rules=rules))
        self._rules = rules
        played: list[Move] = []
        if isinstance(board_or_variant, Board):
            if variant is not None and get_variant(variant) is not board_or_variant.variant:
                raise DamasError(REASONS["variant_mismatch"].format(
                    board=board_or_variant.variant.title.lower(), variant=get_variant(variant).title.lower()))
            start = board_or_variant.copy()
            played = start.move_stack
            for _ in played:
                start.pop()
            start = start.copy(stack=False)
        elif isinstance(board_or_variant, (str, Variant)):
            start = Board(board_or_variant, variant=variant) if variant is not None else Board(board_or_variant)
        else:
            raise DamasError(REASONS["bad_start"].format(what=board_or_variant))
        self._start = start
        self._variant = start.variant
        self._table = self._draw_table()
        self._board = start.copy(stack=False)
        self._fens = [start.fen()]
        self._material = [_material(start)]
        self._king_quiet: list[bool] = []   # per ply: a king moved and nothing was captured
        self._moves: list[Move] = []
        self._redo: list[Move] = []
        self._declared: Result | None = None
        for move in played:
            self._play(move)

    def _draw_table(self) -> dict[str, Any]:
        base = DRAW_RULES[self._variant.name]
        override = RULE_OPTIONS[self._rules].get(self._variant.name, {})
        endgames = tuple(dict(rule, moves=override.get(rule["article"], rule["moves"]))
                         for rule in base["endgames"])
        return {"king_moves": dict(base["king_moves"]), "endgames": endgames}

    # -- state ------------------------------------------------------------------
    @property
    def board(self) -> Board:
        """The current position (a copy: play through :meth:`push`)."""
        return self._board.copy()

    @property
    def start(self) -> Board:
        """The starting position (a copy)."""
        return self._start.copy(stack=False)

    @property
    def moves(self) -> list[Move]:
        """The moves played, oldest first."""
        return list(self._moves)

    @property
    def variant(self) -> Variant:
        return self._variant

    @property
    def rules(self) -> str:
        return self._rules

    @property
    def turn(self) -> Color:
        return self._board.turn

    @property
    def draw_rules(self) -> dict[str, int]:
        """The draw limits of this game (moves per player)."""
        return {"king_moves": self._table["king_moves"]["moves"],
                **{rule["article"]: rule["moves"] for rule in self._table["endgames"]}}

    @property
    def can_undo(self) -> bool:
        return bool(self._moves) or self._declared is not None

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    # -- moves --------------------------------------------------------------------
    def _play(self, move: Move | str) -> Move:
        board = self._board
        if isinstance(move, str):
            move = board.parse_move(move)
        elif not isinstance(move, Move):
            raise IllegalMoveError(REASONS["bad_move"].format(what=described(move)))
        played = board.push(move)   # refuses an illegal move (malformed too), board unchanged
        # a king moved (the piece now on the end square is a king that was not just crowned)
        piece = board.piece_at(played.end)
        self._king_quiet.append(piece is not None and piece.king and not played.promotes and not played.captured)
        self._moves.append(played)
        self._fens.append(board.fen())
        self._material.append(_material(board))
        return played

    def push(self, move: Move | str) -> Move:
        """Play ``move`` (a :class:`Move` or a text such as 'c3-d4' or
        '22-17').  Refuses (IllegalMoveError, NotationError, in Portuguese)
        an illegal or unreadable move, or any move once the game is over;
        then nothing changes.  Returns the move as played.  Playing the move
        that :meth:`redo` would play keeps the rest of the redo list;
        any other move clears it."""
        result = self.result()
        if result.is_over:
            raise IllegalMoveError(REASONS["game_over"].format(reason=result.reason))
        played = self._play(move)
        if self._redo and self._redo[-1] == played:
            self._redo.pop()
        else:
            self._redo.clear()
        return played

    def undo(self) -> Move | None:
        """Take back the last move (and cancel a resignation or agreed draw).
        Returns the move taken back, or None when only a declared result was
        cancelled."""
        if self._declared is not None:
            self._declared = None
            if not self._moves:
                return None
        if not self._moves:
            raise HistoryError(REASONS["nothing_to_undo"])
        move = self._moves.pop()
        self._board.pop()
        self._fens.pop()
        self._material.pop()
        self._king_quiet.pop()
        self._redo.append(move)
        return move

    def redo(self) -> Move:
        """Play again the last move taken back."""
        if not self._redo:
            raise HistoryError(REASONS["nothing_to_redo"])
        move = self._redo[-1]
        played = self._play(move)
        self._redo.pop()
        return played

    def resign(self, color: Color) -> Result:
        """``color`` ('W' or 'B') resigns: the other side wins (7.2.1)."""
        if not is_color(color):
            raise DamasError(REASONS["bad_color"].format(color=color))
        result = self.result()
        if result.is_over:
            raise DamasError(REASONS["game_over"].format(reason=result.reason))
        winner = opponent(color)
        declared = Result(_SCORE[winner], winner, REASONS["resign"].format(
            loser=NAMES[color], winner=NAMES[winner]), "7.2.1", "resign")
        self._declared = declared
        return declared

    def agree_draw(self) -> Result:
        """Both players agree on a draw (7.3.1)."""
        result = self.result()
        if result.is_over:
            raise DamasError(REASONS["game_over"].format(reason=result.reason))
        declared = Result("1-1", None, REASONS["agreement"], "7.3.1", "agreement")
        self._declared = declared
        return declared

    # -- result ---------------------------------------------------------------------
    def result(self) -> Result:
        """The result now (score None while the game goes on)."""
        if self._declared is not None:
            return self._declared
        board = self._board
        turn = board.turn
        if not board.legal_moves():
            winner = opponent(turn)
            code = "no_pieces" if board.count(turn) == 0 else "no_moves"
            reason = REASONS[code].format(loser=NAMES[turn], winner=NAMES[winner])
            return Result(_SCORE[winner], winner, reason, "7.2.3" if code == "no_pieces" else "7.2.2", code)
        if self._fens.count(self._fens[-1]) >= 3:
            return Result("1-1", None, REASONS["repetition"].format(turn=NAMES[turn]),
                          "6.1", "repetition")
        rule = self._endgame_rule(self._material[-1])
        if rule is not None:
            i = len(self._material) - 1
            while i > 0 and self._endgame_rule(self._material[i - 1]) is rule:
                i -= 1
            plies = len(self._material) - 1 - i
            if plies >= 2 * rule["moves"]:
                return Result("1-1", None, REASONS["endgame"].format(**rule), rule["article"], "endgame")
        rule = self._table["king_moves"]
        if self.king_moves_count() >= 2 * rule["moves"]:
            return Result("1-1", None, REASONS["king_moves"].format(**rule), rule["article"], "king_moves")
        return Result(None, None, REASONS["ongoing"].format(turn=NAMES[turn]), None, None)

    def is_over(self) -> bool:
        return self.result().is_over

    def king_moves_count(self) -> int:
        """Plies in a row, up to now, in which only a king moved and nothing
        was captured."""
        n = 0
        for quiet in reversed(self._king_quiet):
            if not quiet:
                break
            n += 1
        return n

    def _endgame_rule(self, material: Material) -> dict[str, Any] | None:
        white, black = material
        lone = (1, 0)
        if black == lone:
            stronger = white
        elif white == lone:
            stronger = black
        else:
            return None
        for rule in self._table["endgames"]:
            if stronger in rule["stronger"]:
                found: dict[str, Any] = rule
                return found
        return None

    # -- notation ---------------------------------------------------------------------
    def notation_list(self, notation: str | None = None) -> list[str]:
        """The moves as text, one per ply, in ``notation`` ('algebraic' or
        'numeric'; by default the variant's usual one), with the full path
        only where the short form is ambiguous."""
        board = self._start.copy(stack=False)
        out = []
        for move in self._moves:
            out.append(board.move_text(move, notation))
            board.push(move)
        return out

    def score_sheet(self, notation: str | None = None) -> str:
        """The moves numbered as in PDN ("1. c3-d4 f6-e5 2. ..."; "1... f6-e5"
        when Black moves first), followed by the score once the game is
        over."""
        sheet = numbered(self.notation_list(notation), self._start.turn)
        score = self.result().score
        if score is not None:
            sheet = f"{sheet} {score}" if sheet else score
        return sheet

    def __repr__(self) -> str:
        extra = "" if self._rules == "seed" else f", rules={self._rules!r}"
        return (f"Game({self._variant.name!r}{extra}, start={self._start.fen()!r}, "
                f"plies={len(self._moves)}, fen={self._board.fen()!r})")

"""Setup mode ("montagem") of the board widget: place and remove pieces, choose the side to move.

A mixin of :class:`damas.widget.board.BoardWidget`.
"""

from damas.rules.board import Board, Piece
from damas.errors import DamasError
from damas.rules.notation import shown
from damas.rules.variants import get_variant
from damas.widget.texts import COLOR, TEXTS

PLAY = "jogo"
SETUP = "montagem"
MODES = (PLAY, SETUP)


class SetupMixin:
    """The setup-mode methods of the board widget."""

    # setup mode
    def setup_mode(self):
        """Enter setup mode ("montagem") on a copy of the current position."""
        if self._setup_board is None:
            self._setup_board = self._game.board.copy(stack=False)
        self.mode = SETUP
        self._clear_selection()
        self._say("setup")
        self._sync()

    def play_mode(self):
        """Leave setup mode: a new game starts from the position set up."""
        if self._setup_board is not None:
            board = self._setup_board
            self._setup_board = None
            self.mode = PLAY
            self._restart(board)
            self._say("from_setup")
        self._sync()
        self._computer_turn()

    def set_setup_piece(self, symbol):
        """What setup clicks place: 'w', 'W', 'b', 'B' or '' (erase)."""
        if symbol not in ("w", "W", "b", "B", ""):
            raise DamasError(TEXTS["bad_piece"].format(value=shown(symbol)))
        self.setup_piece = symbol

    def set_turn(self, color):
        """Setup mode: choose the side to move."""
        color = self._check_colors([color])[0]
        if self.mode != SETUP:
            self._say("setup_only", kind="error")
        else:
            self._setup_board.turn = color
            self._say("to_move", color=COLOR[color])
        self._sync()

    def clear_board(self):
        """Setup mode: remove every piece."""
        if self.mode != SETUP:
            self._say("setup_only", kind="error")
        else:
            self._setup_board.clear()
            self._say("cleared")
        self._sync()

    def initial_position(self):
        """Setup mode: put the initial position of the variant."""
        if self.mode != SETUP:
            self._say("setup_only", kind="error")
        else:
            self._setup_board = Board(get_variant(self.variant))
            self._say("initial")
        self._sync()


    # -- setup mode: the clicks --------------------------------------------------------------
    def _setup_click(self, square):
        board = self._setup_board
        symbol = self.setup_piece
        current = board.piece_at(square)
        try:
            if symbol == "" or (current is not None and current.symbol() == symbol):
                board.remove_piece(square)
                self._say("removed", square=self._name(square))
            else:
                piece = Piece(symbol.upper(), symbol.isupper())
                board.set_piece(square, piece)
                self._say("placed", piece=piece.name.capitalize(), square=self._name(square))
        except ValueError as error:
            self._say_text(str(error), "error")


"""The board app (``notebooks/app_tabuleiro.ipynb``, for Voilà): the interactive board, with a clear
choice of opponent, «Com um colega» (two players at one computer: the turn in big letters, the score
sheet filled as they play) or «Contra o computador» (the computer plays Black, at the level chosen
beside the board), the game (8x8 or 10x10), the notation of the score sheet and the colours. The
notebook imports it whole (``from damas.course.chapters.app_tabuleiro import *``): ``__all__`` is
what the app calls, its own helpers and the kit's pieces it uses.
"""

from __future__ import annotations

from damas.rules.args import checked, choice

__all__ = ["board_app"]

#: The opponents the app offers, as the student reads them.
OPPONENTS = {"colega": "Com um colega", "computador": "Contra o computador"}

APP_TEXTS = {
    "opponent": "Jogar:",
    "game": "Jogo:",
    "games": (("Damas brasileiras (8x8)", "brazilian"), ("Damas internacionais (10x10)", "international")),
    "notation": "Anotação:",
    "notations": (("Algébrica (c3-d4)", "algebraic"), ("Numérica (22-18)", "numeric")),
    "colour_blind": "Cores para daltônicos",
    "colega": "Com um colega: cada um joga as suas peças clicando no tabuleiro; a vez aparece em letras "
              "grandes e a folha de anotação se preenche sozinha.",
    "computador": "Contra o computador: você joga com as brancas e o computador com as pretas; escolha o "
                  "nível ao lado do tabuleiro.",
}


def __getattr__(name):
    # The widgets are imported when the notebook asks for them: importing this module stays pure Python.
    if name == "BoardWidget":
        from damas.widget.board import BoardWidget
        return BoardWidget
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class BoardApp:
    """The app: the board and its choices.  :meth:`set_opponent`, :meth:`set_variant` and
    :meth:`set_notation` are what the buttons call (and what tests call)."""

    def __init__(self, opponent: str = "colega", level: int = 1):
        from damas.widget.board import BoardWidget
        choice(opponent, "opponent", OPPONENTS)
        self.level = level
        self.board = BoardWidget("brazilian", two_players=opponent == "colega")
        self.opponent = "colega"
        self.set_opponent(opponent)
        self._box = None

    def set_opponent(self, opponent: str):
        """«colega» (two players at one computer) or «computador» (it plays Black); a new game."""
        choice(opponent, "opponent", OPPONENTS)
        board = self.board
        self.opponent = opponent
        if opponent == "computador":
            board.two_players = False
            board.set_computer("B", self.level if board.level == 0 else board.level)
        else:
            board.set_computer(None)
            board.two_players = True
        board.new_game()
        board.show_message(APP_TEXTS[opponent])
        if self._box_ready():
            self._opponent.value = opponent

    @checked()
    def set_variant(self, variant: str):
        """A new game of ``variant`` ("brazilian" or "international"), same opponent."""
        self.board.new_game(variant)
        if self._box_ready():
            self._notation.disabled = self.board.board.variant.size != 8

    def set_notation(self, notation: str):
        """The score sheet in "algebraic" or "numeric" notation (the board says a bad name)."""
        self.board.set_notation(notation)

    def _box_ready(self) -> bool:
        return getattr(self, "_box", None) is not None

    def box(self):
        if self._box is None:
            import ipywidgets as widgets
            self._opponent = widgets.ToggleButtons(
                options=[(text, key) for key, text in OPPONENTS.items()], value=self.opponent,
                description=APP_TEXTS["opponent"], style={"button_width": "auto"})
            self._opponent.add_class("damas-app-opponent")
            self._opponent.observe(lambda change: change["new"] != self.opponent and self.set_opponent(change["new"]),
                                   names="value")
            variant = widgets.ToggleButtons(options=list(APP_TEXTS["games"]), value="brazilian",
                                            description=APP_TEXTS["game"], style={"button_width": "auto"})
            variant.observe(lambda change: self.set_variant(change["new"]), names="value")
            self._notation = widgets.ToggleButtons(options=list(APP_TEXTS["notations"]), value="algebraic",
                                                   description=APP_TEXTS["notation"],
                                                   style={"button_width": "auto"})
            self._notation.observe(lambda change: self.set_notation(change["new"]), names="value")
            colour_blind = widgets.Checkbox(value=False, description=APP_TEXTS["colour_blind"], indent=False)
            colour_blind.observe(lambda change: self.board.set_palette("daltonico" if change["new"] else "classico"),
                                 names="value")
            self._box = widgets.VBox([self._opponent, widgets.HBox([variant, colour_blind]), self._notation,
                                      self.board])
        return self._box

    def _ipython_display_(self):  # pragma: no cover - needs a notebook front end
        from damas.display.output import show_widget
        show_widget(self.box(), self.board._picture(), APP_TEXTS[self.opponent], text=repr(self))

    def __repr__(self) -> str:
        return f"BoardApp({OPPONENTS[self.opponent]})"


def board_app(opponent: str = "colega") -> BoardApp:
    """The Tabuleiro app, starting «com um colega» (or ``opponent="computador"``)."""
    return BoardApp(opponent)

"""Replay an annotated game move by move, with its comments beside the board.

>>> from damas.rules.pdn import read_games
>>> from damas.widget.replay import GameReplay
>>> game, = read_games('[White "A"]\\n[Black "B"]\\n\\n{Início.} 1. c3-d4 {O centro.} f6-g5 2. b2-c3! *')
>>> r = GameReplay(game)
>>> r.ply, r.comment
(0, 'Início.')
>>> r.next(); r.move_label, r.comment
('1. c3-d4', 'O centro.')
>>> r.last(); r.move_label, r.ply, r.at_end
('2. b2-c3!', 3, True)
>>> r.previous(); r.move_label
'1... f6-g5'

A :class:`GameReplay` holds one or several :class:`damas.rules.pdn.PDNGame` and a
position in the main line (``ply``: 0 before the first move).  Everything is
plain Python (``next``, ``previous``, ``first``, ``last``, ``goto``,
``choose``, ``board``, ``comment``, ``svg``), so tests drive it without a
browser; :meth:`GameReplay.box` builds the ipywidgets view (the game
chooser, the players and the event, the board as a picture with the last move
coloured, the comments beside it and the buttons "|◀ Início", "◀ Anterior",
"Próximo ▶", "Fim ▶|").  ipywidgets is imported only there.
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from damas.errors import DamasError
from damas.rules.args import described, refuse
from damas.rules.board import Board
from damas.rules.colors import NAMES
from damas.rules.pdn import PDNGame
from damas.rules.pdn_tree import PDNNode

if TYPE_CHECKING:
    from damas.display.svg import SVG

__all__ = ["GameReplay", "ReplayError", "TEXTS"]

TEXTS = {
    "no_games": "Não há partida para mostrar.",
    "not_a_game": "GameReplay mostra partidas lidas de um PDN (read_games), não {value}.",
    "bad_ply": "Lance {value!r} fora da partida: use um número de 0 a {last}.",
    "bad_game": "Partida {value!r} não existe: use um número de 0 a {last}.",
    "start": "Posição inicial",
    "to_move": "Jogam as {side}.",
    "result": "Resultado: {result}.",
    "first": "|◀ Início", "previous": "◀ Anterior", "next": "Próximo ▶", "end": "Fim ▶|",
    "tip_first": "Volta à posição inicial.", "tip_previous": "Volta um lance.",
    "tip_next": "Joga o próximo lance.", "tip_end": "Vai ao último lance.",
    "chooser": "Partida:",
    "counter": "Lance {ply} de {total}",
}
_RESULTS = {"2-0": "vitória das brancas", "0-2": "vitória das pretas", "1-1": "empate",
            "1-0": "vitória das brancas", "0-1": "vitória das pretas", "1/2-1/2": "empate",
            "*": "partida sem resultado"}


class ReplayError(DamasError):
    """A move number or game number outside the collection."""


class GameReplay:
    """A step-by-step replay of ``games`` (a PDNGame or a list of them)."""

    def __init__(self, games: PDNGame | list[PDNGame] | tuple[PDNGame, ...], index: int = 0,
                 size: int = 360) -> None:
        if not isinstance(games, (list, tuple)):
            games = [games]
        if not games:
            raise ReplayError(TEXTS["no_games"])
        for game in games:
            if not isinstance(game, PDNGame):
                raise ReplayError(TEXTS["not_a_game"].format(value=described(game)))
        if isinstance(size, bool) or not isinstance(size, (int, float)) or not 0 < size <= 10_000:
            raise refuse("size", "um número de pixels de 1 a 10000", size)
        self.games = list(games)
        self.size = size
        # ipywidgets ships no types: its box and its widgets are Any to mypy
        self._box: Any = None
        self._widgets: dict[str, Any] = {}
        self.index = 0
        self.ply = 0
        self.choose(index)

    # -- the game shown ------------------------------------------------------
    @property
    def game(self) -> PDNGame:
        return self.games[self.index]

    @property
    def nodes(self) -> list[PDNNode]:
        return list(self.game.line.nodes)

    @property
    def total(self) -> int:
        """The number of plies of the main line."""
        return len(self.game.line.nodes)

    @property
    def at_start(self) -> bool:
        return self.ply == 0

    @property
    def at_end(self) -> bool:
        return self.ply == self.total

    def choose(self, index: int) -> None:
        """Show game number ``index`` (from 0), at its first position."""
        if not isinstance(index, int) or not 0 <= index < len(self.games):
            raise ReplayError(TEXTS["bad_game"].format(value=index, last=len(self.games) - 1))
        self.index = index
        self.ply = 0
        self._refresh()

    def title(self, game: PDNGame | None = None) -> str:
        """'White – Black (Event, Site, Date)' from the game's tags."""
        if game is not None and not isinstance(game, PDNGame):
            raise ReplayError(TEXTS["not_a_game"].format(value=described(game)))
        tags = (game or self.game).tags
        players = f"{tags.get('White', '?')} – {tags.get('Black', '?')}"
        date = tags.get("Date", "")
        if "?" in date:  # '1924.??.??': only the year is known
            date = date.split(".")[0].strip("?")
        where = ", ".join(v for v in (tags.get("Event"), tags.get("Site"), date) if v and v != "?")
        return f"{players} ({where})" if where else players

    # -- moving through the game ---------------------------------------------
    def goto(self, ply: int) -> None:
        if isinstance(ply, bool) or not isinstance(ply, int) or not 0 <= ply <= self.total:
            raise ReplayError(TEXTS["bad_ply"].format(value=ply, last=self.total))
        self.ply = ply
        self._refresh()

    def next(self) -> None:
        """One move forward (nothing at the end)."""
        if not self.at_end:
            self.goto(self.ply + 1)

    def previous(self) -> None:
        """One move back (nothing at the start)."""
        if not self.at_start:
            self.goto(self.ply - 1)

    def first(self) -> None:
        self.goto(0)

    def last(self) -> None:
        self.goto(self.total)

    # -- what is shown -------------------------------------------------------
    @property
    def board(self) -> Board:
        """The position after ``ply`` moves (a new Board)."""
        board = self.game.initial_board()
        for move in self.game.mainline[:self.ply]:
            board.push(move)
        return board

    @property
    def node(self) -> PDNNode | None:
        """The PDNNode of the move just played (None at the start)."""
        return self.nodes[self.ply - 1] if self.ply else None

    @property
    def move_label(self) -> str:
        """'12. c3-d4!' or '12... f6-g5' for the move just played ('' at the start)."""
        if not self.ply:
            return ""
        board = self.game.initial_board()
        moves = self.game.mainline
        for move in moves[:self.ply - 1]:
            board.push(move)
        number, color = self.game.move_number(self.ply - 1, self.game.initial_board().turn)
        dots = "." if color == "W" else "..."
        return f"{number}{dots} {board.move_text(moves[self.ply - 1])}{self.nodes[self.ply - 1].marks}"

    @property
    def comment(self) -> str:
        """The comments on the move just played; at the start, the game's opening comment (as
        a person reads them: the fact tags taken out)."""
        node = self.node
        if node is None:       # at the start
            return self.game.line.prose()
        return node.prose()

    def status(self) -> str:
        """Whose move it is, or the result at the end."""
        if self.at_end:
            result = self.game.result
            return TEXTS["result"].format(result=f"{result} ({_RESULTS.get(result, result)})")
        return TEXTS["to_move"].format(side=NAMES[self.board.turn])

    def svg(self) -> SVG:
        """The board at this position as SVG, the last move coloured."""
        from damas.display.svg import board_svg
        node = self.node
        return board_svg(self.board, size=self.size, lastmove=node.move if node is not None else None)

    def text(self) -> str:
        """A plain-text summary of the position: move, comment, status."""
        head = self.move_label or TEXTS["start"]
        parts = [head]
        if self.comment:
            parts.append(self.comment)
        parts.append(self.status())
        return " — ".join(parts)

    # -- the widget ----------------------------------------------------------
    def box(self) -> Any:
        """The replay as an ipywidgets box (imported here only)."""
        if self._box is None:
            import ipywidgets as widgets  # type: ignore[import-untyped]  # ships no types (8.1)
            rows = []
            if len(self.games) > 1:
                chooser = widgets.Dropdown(options=[(self.title(g), i) for i, g in enumerate(self.games)],
                                           value=self.index, description=TEXTS["chooser"],
                                           layout=widgets.Layout(width="640px"))
                chooser.observe(self._on_chooser, names="value")
                self._widgets["chooser"] = chooser
                rows.append(chooser)
            self._widgets["header"] = widgets.HTML()
            rows.append(self._widgets["header"])
            self._widgets["board"] = widgets.HTML(layout=widgets.Layout(width=f"{self.size + 10}px"))
            self._widgets["notes"] = widgets.HTML(layout=widgets.Layout(width="380px"))
            rows.append(widgets.HBox([self._widgets["board"], self._widgets["notes"]]))
            buttons = []
            for key, action in (("first", self.first), ("previous", self.previous),
                                ("next", self.next), ("end", self.last)):
                b = widgets.Button(description=TEXTS[key], tooltip=TEXTS["tip_" + key])
                b.on_click(lambda _b, action=action: action())
                self._widgets["button_" + key] = b
                buttons.append(b)
            rows.append(widgets.HBox(buttons))
            self._box = widgets.VBox(rows)
            self._refresh()
        return self._box

    def _on_chooser(self, change: Mapping[str, Any]) -> None:
        if change["new"] is not None and change["new"] != self.index:
            self.choose(change["new"])

    def _refresh(self) -> None:
        if self._box is None:
            return
        w = self._widgets
        if "chooser" in w and w["chooser"].value != self.index:
            w["chooser"].value = self.index
        w["header"].value = f"<b>{html.escape(self.title())}</b>"
        w["board"].value = str(self.svg())
        counter = TEXTS["counter"].format(ply=self.ply, total=self.total)
        label = html.escape(self.move_label or TEXTS["start"])
        comment = html.escape(self.comment)
        w["notes"].value = (f"<div style='font-size:15px;line-height:1.45'><p><b>{label}</b> "
                            f"<small>({counter})</small></p><p>{comment}</p>"
                            f"<p><i>{html.escape(self.status())}</i></p></div>")
        w["button_first"].disabled = w["button_previous"].disabled = self.at_start
        w["button_next"].disabled = w["button_end"].disabled = self.at_end

    def _ipython_display_(self) -> None:  # pragma: no cover - needs a notebook front end
        # The box, plus the current position as a static picture for a page with
        # no kernel or an untrusted notebook (damas/display/output.py).
        from damas.display.output import show_widget
        show_widget(self.box(), self.svg(), text=repr(self))

    def __repr__(self) -> str:
        return f"GameReplay({self.title()!r}, lance {self.ply} de {self.total})"

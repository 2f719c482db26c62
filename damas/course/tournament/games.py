"""A game of the tournament, from the wooden board into the notebook: typed or clicked, checked move
by move by the rules, saved as PDN with its round and board, reviewed by the coach.

* :func:`read_score_sheet` reads a score sheet as the student copies it («1. c3-d4 f6-e5 2. …»,
  numbers optional, algebraic or numeric): every move is played on a :class:`damas.Game`, and the
  first one the rules refuse stops the reading with the rules' own explanation and article
  («Lance 3 das brancas (a3-b4): A tomada é obrigatória (regra 4.1…»);
* :func:`game_pdn` makes the PDN game: the tournament's name (Event), the school (Site), the date,
  ``[Round "3"]``, ``[Board "2"]``, the two names (White, Black) and the result (the game's own end
  by the rules, else the result entered for the board, else ``*``);
* :func:`save_game` writes it, atomically, beside the tournament file
  (``<torneio>-partidas/rodada-3-mesa-2.pdn``); any PDN reader opens it (the tests read it back
  with this package and with pydraughts);
* :func:`coach_review` is the review of chapter 05 (:func:`damas.course.kit.coach.review`) for one side;
* :class:`GameEntry` is the notebook's form: a board to click the moves on (the widget of the
  course, which refuses and explains a wrong click) or a box to type them in, then «Salvar a
  partida» and «Rever com o treinador».  ipywidgets is imported when it is built.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from damas.course.tournament import _deps
from damas.course.tournament.model import TOURNAMENT, Tournament, TournamentError
from damas.course.tournament.names import shown
from damas.errors import DamasError
from damas.rules.game import Game
from damas.rules.args import COLOR, PATH, checked, instance_spec, refuse, whole_spec
from damas.rules.colors import Color
from damas.rules.files import PathLike
from damas.rules.pdn import PDNGame, write_games

if TYPE_CHECKING:
    from damas.course.tournament.storage import TournamentFile

__all__ = ["read_score_sheet", "game_pdn", "save_game", "game_path", "coach_review", "GameEntry", "GAME_TEXTS"]

GAME_TEXTS = {
    "refused": "Lance {number} das {side} ({move}): {why}",
    "empty": "Nenhum lance: escreva os lances da folha, como «1. c3-d4 f6-e5 2. b2-c3».",
    "saved": "Partida salva em {path} (rodada {round}, mesa {board}).",
    "choose": "Rodada e mesa:",
    "typed": "Lances da folha de anotação:",
    "check": "Conferir os lances",
    "save": "Salvar a partida",
    "review": "Rever com o treinador",
    "side": "Rever os lances de:",
    "checked": "{n} lances conferidos pelas regras. A posição no tabuleiro é a do fim da partida.",
    "reviewing": "O treinador está revendo os lances…",
    "no_game": "Jogue ou escreva os lances antes.",
    "hint": ("Jogue no tabuleiro os lances da partida (clique na peça e depois na casa), ou escreva-os na "
             "caixa e clique em «Conferir os lances». Cada lance é conferido pelas regras."),
    "white": "brancas",
    "black": "pretas",
}
_RESULT_TOKENS = {"2-0", "0-2", "1-1", "1-0", "0-1", "1/2-1/2", "½-½", "*", "0-0"}
_NUMBER = re.compile(r"^\d+\.+$|^\d+\.\.\.$")
_PDN_RESULT = {"brancas": "2-0", "pretas": "0-2", "empate": "1-1", "brancas-wo": "2-0", "pretas-wo": "0-2"}


def read_score_sheet(text: str, variant: str = "brazilian") -> Game:
    """The game written in ``text``; TournamentError with the rules' explanation at the first move
    they refuse."""
    if not isinstance(text, str):
        raise TournamentError(GAME_TEXTS["empty"])
    tokens = re.sub(r"\{[^}]*\}", " ", text).replace("\u2013", "-").split()
    game = Game(variant)
    for token in tokens:
        token = re.sub(r"^\d+\.+", "", token)          # «1.c3-d4» glued to its number
        token = token.rstrip("!?")
        if not token or _NUMBER.match(token) or token in _RESULT_TOKENS:
            continue
        number = len(game.moves) // 2 + 1
        side = GAME_TEXTS["white"] if game.turn == "W" else GAME_TEXTS["black"]
        try:
            game.push(token)
        except DamasError as error:
            raise TournamentError(GAME_TEXTS["refused"].format(number=number, side=side, move=shown(token)[:20],
                                                               why=error)) from None
    if not game.moves:
        raise TournamentError(GAME_TEXTS["empty"])
    return game


def _pdn_date(text: str) -> str | None:
    match = re.fullmatch(r"\s*(\d{1,2})/(\d{1,2})/(\d{4})\s*", text or "")
    if not match:
        return None
    day, month, year = match.groups()
    return f"{year}.{int(month):02d}.{int(day):02d}"


_GAME = instance_spec("damas.rules.game.Game", "uma partida (damas.Game)")


@checked(t=TOURNAMENT, round_number=whole_spec(1), board=whole_spec(1), game=_GAME)
def game_pdn(t: Tournament, round_number: int, board: int, game: Game) -> PDNGame:
    """The PDN game of board ``board`` of round ``round_number``."""
    g = t.game(round_number, board)
    result = game.result().score or _PDN_RESULT.get(g.result or "", "*")
    tags = {"Event": t.name}
    if t.school:
        tags["Site"] = t.school
    date = _pdn_date(t.date)
    if date:
        tags["Date"] = date
    tags.update({"Round": str(round_number), "Board": str(board), "White": t.player(g.white).name,
                 "Black": t.player(g.black).name})
    return PDNGame.from_game(game, tags=tags, result=result)


@checked(tournament_path=PATH, round_number=whole_spec(1), board=whole_spec(1))
def game_path(tournament_path: PathLike, round_number: int, board: int) -> Path:
    """Where the game of a board is kept: ``<torneio>-partidas/rodada-3-mesa-2.pdn``."""
    if hasattr(tournament_path, "read") or hasattr(tournament_path, "write"):
        raise refuse("tournament_path", "o caminho do arquivo do torneio", tournament_path)
    path = Path(tournament_path)
    return path.with_name(path.stem + "-partidas") / f"rodada-{round_number}-mesa-{board}.pdn"


@checked(tournament_path=PATH, t=TOURNAMENT, round_number=whole_spec(1), board=whole_spec(1), game=_GAME)
def save_game(tournament_path: PathLike, t: Tournament, round_number: int, board: int, game: Game) -> Path:
    """Write the game as PDN beside the tournament file (atomically); returns the path."""
    text = write_games([game_pdn(t, round_number, board, game)])
    path = game_path(tournament_path, round_number, board)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        _deps.write_atomic(path, text.encode("utf-8"))
    except OSError as error:
        from damas.rules.files import os_error_text
        raise TournamentError(f"Não foi possível gravar a partida em {path} ({os_error_text(error)}).") from None
    return path


@checked(game=_GAME, student=COLOR, depth=whole_spec(1, 8))
def coach_review(game: Game, student: Color = "W", depth: int = 4) -> str:
    """The coach's review of the moves of ``student`` ('W' or 'B'), in Portuguese."""
    try:
        return _deps.review(game, student=student, depth=depth).text()
    except _deps.coach_error() as error:
        return str(error)


class GameEntry:
    """The form where a student enters the game of a board: the course's board widget (clicks,
    each refused move explained beside it) and a box for the score sheet; «Salvar a partida» writes
    the PDN, «Rever com o treinador» shows the coach's review.  ``file`` is the
    :class:`~damas.course.tournament.storage.TournamentFile`."""

    def __init__(self, file: TournamentFile, round_number: int | None = None, board: int | None = None) -> None:
        from damas.course.tournament.storage import TournamentFile
        if not isinstance(file, TournamentFile):
            raise refuse("file", "um arquivo de torneio (TournamentFile)", file)
        import ipywidgets as widgets  # type: ignore[import-untyped]  # ships no types (8.1)
        from damas.widget.board import BoardWidget
        self.file = file
        t = file.read()
        options = [(f"Rodada {r.number}, mesa {g.board}: {shown(t.player(g.white).name)} × "
                    f"{shown(t.player(g.black).name)}", (r.number, g.board))
                   for r in t.rounds for g in r.games if not g.fixed]
        last = [v for _l, v in options if t.rounds and v[0] == len(t.rounds)]
        value = (round_number, board) if (round_number, board) in [v for _l, v in options] else (
            last[0] if last else None)            # by default the first board of the last round
        self.choose = widgets.Dropdown(options=options, value=value, description=GAME_TEXTS["choose"],
                                       style={"description_width": "initial"}, layout=widgets.Layout(width="560px"))
        self.board = BoardWidget(Game())
        self.typed = widgets.Textarea(placeholder="1. c3-d4 f6-e5 2. b2-c3 …", description=GAME_TEXTS["typed"],
                                      style={"description_width": "initial"},
                                      layout=widgets.Layout(width="560px", height="90px"))
        self.check_button = widgets.Button(description=GAME_TEXTS["check"], layout=widgets.Layout(width="180px"))
        self.save_button = widgets.Button(description=GAME_TEXTS["save"], button_style="primary",
                                          layout=widgets.Layout(width="180px"))
        self.side = widgets.ToggleButtons(options=[("Brancas", "W"), ("Pretas", "B")], description=GAME_TEXTS["side"],
                                          style={"description_width": "initial", "button_width": "90px"})
        self.review_button = widgets.Button(description=GAME_TEXTS["review"], layout=widgets.Layout(width="200px"))
        self.message = widgets.HTML(f"<p>{GAME_TEXTS['hint']}</p>")
        self.review_box = widgets.HTML("")
        self.check_button.on_click(lambda _b: self.check())
        self.save_button.on_click(lambda _b: self.save())
        self.review_button.on_click(lambda _b: self.show_review())
        self.box = widgets.VBox([self.choose, self.board, self.typed,
                                 widgets.HBox([self.check_button, self.save_button]), self.message,
                                 widgets.HBox([self.side, self.review_button]), self.review_box])
        self.box.add_class("damas-torneio-partida")

    def _say(self, text: str, kind: str = "info") -> None:
        import html
        colour = {"error": "#a40000", "ok": "#1b5e20"}.get(kind, "#222222")
        self.message.value = f"<p style='color:{colour}' data-kind='{kind}'>{html.escape(text)}</p>"

    def check(self) -> Game | None:
        """Read the typed moves; on success the board shows the game (and its moves can go on)."""
        try:
            game = read_score_sheet(self.typed.value)
        except TournamentError as error:
            self._say(str(error), "error")
            return None
        self.board.new_game(game.variant.name)
        for move in game.moves:
            self.board.play(move)
        self._say(GAME_TEXTS["checked"].format(n=len(game.moves)), "ok")
        return game

    def game(self) -> Game | None:
        """The game on the board (None before the first move)."""
        game = self.board.game          # a damas.Game: the board is not a solo one
        return game if isinstance(game, Game) and game.moves else None

    def save(self) -> Path | None:
        game = self.game()
        if game is None or not self.choose.value:
            self._say(GAME_TEXTS["no_game"], "error")
            return None
        r, b = self.choose.value
        try:
            path = save_game(self.file.path, self.file.read(), r, b, game)
        except TournamentError as error:
            self._say(str(error), "error")
            return None
        self._say(GAME_TEXTS["saved"].format(path=path.name, round=r, board=b), "ok")
        return path

    def show_review(self) -> str:
        import html
        game = self.game()
        if game is None:
            self._say(GAME_TEXTS["no_game"], "error")
            return ""
        self.review_box.value = f"<p>{GAME_TEXTS['reviewing']}</p>"
        text = coach_review(game, self.side.value)
        self.review_box.value = (f"<p class='damas-torneio-revisao' style='font-size:15px;max-width:700px'>"
                                 f"{html.escape(text)}</p>")
        return text

    def _ipython_display_(self) -> None:  # pragma: no cover - needs a notebook front end
        from IPython.display import display as ipython_display
        display: Callable[[object], None] = ipython_display       # IPython's display has no annotations
        display(self.box)

"""The same position under several rule sets: what each game allows.

Chapter 15 ("Outras damas") shows a few positions on the Brazilian board and
asks the one move generator what the Brazilian, the Russian and the
Portuguese game allow there.  Each :class:`Example` states the moves it
expects in each game; ``tests/course/test_compare.py`` checks those against the
generator, so the chapter's sentences about them are checked too.

The Portuguese board is placed the other way (a playable square at each
player's lower right), so a position is taken to it mirrored, the files a-h
read h-a: :func:`mirrored`.

Pure Python; pictures are SVG with a safe ``<img>`` twin (damas/display/output.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape

from damas.display.output import img_tag
from damas.errors import DamasError
from damas.rules.args import NAME, checked, refuse, whole_spec
from damas.rules.board import BLACK, Board
from damas.rules.variants import get_variant

__all__ = ["GAMES", "NAMES", "Example", "EXAMPLES", "mirrored", "position", "legal_texts",
           "comparison", "CompareError"]

#: The games compared, in the order the chapter shows them.
GAMES = ("brazilian", "russian", "portuguese")

#: Words a reader sees.
NAMES = {
    "brazilian": "Damas brasileiras",
    "russian": "Damas russas",
    "portuguese": "Damas clássicas portuguesas",
}
TEXTS = {
    "header": ("<tr><th style='text-align:left'>jogo</th><th style='text-align:left'>lances permitidos"
               "</th></tr>"),
    "mirrored": "(tabuleiro espelhado: as colunas a–h lidas de h para a)",
    "bad_game": "Jogo desconhecido: {value}. Use um de: {games}.",
    "bad_example": "Exemplo desconhecido: {value}. Use um de: {keys}.",
}


class CompareError(DamasError):
    """An unknown game or example name."""


@dataclass(frozen=True)
class Example:
    """A position (Brazilian FEN, algebraic squares allowed) and the moves
    each game allows there, written in that game's own notation."""

    key: str
    title: str
    fen: str
    expected: dict = field(default_factory=dict)


#: The chapter's positions.  ``expected`` is what the text says each game allows.
EXAMPLES = [
    Example("maioria", "A lei da maioria", "W:Wa3,g3:Bb4,f4,f6",
            {"brazilian": ["g3xg7"], "russian": ["a3xc5", "g3xg7"], "portuguese": ["12x28"]}),
    Example("coroacao", "Coroar no meio da tomada", "W:Wb6:Bc7,f6",
            {"brazilian": ["b6xd8"], "russian": ["b6xg5", "b6xh4"], "portuguese": ["21x30"]}),
    Example("para-tras", "A pedra toma para trás?", "W:Wd4:Bc3",
            {"brazilian": ["d4xb2"], "russian": ["d4xb2"], "portuguese": ["14-18", "14-19"]}),
    Example("qualidade", "Dama ou pedra?", "W:Wd4:Bc5,Ke5",
            {"brazilian": ["d4xb6", "d4xf6"], "russian": ["d4xb6", "d4xf6"], "portuguese": ["14x23"]}),
]


def _example(key) -> Example:
    for example in EXAMPLES:
        if example.key == key:
            return example
    raise CompareError(TEXTS["bad_example"].format(value=repr(key)[:40],
                                                   keys=", ".join(e.key for e in EXAMPLES)))


def _game(name) -> str:
    if name not in GAMES:
        raise CompareError(TEXTS["bad_game"].format(value=repr(name)[:40], games=", ".join(GAMES)))
    return name


def _example_spec(value, name):
    if not isinstance(value, (str, Example)):
        raise refuse(name, "um exemplo (o nome de um dos EXAMPLES, ou um Example)", value)
    if isinstance(value, str):
        _example(value)
    return value


@checked()
def mirrored(board: Board, variant="portuguese") -> Board:
    """``board`` (an 8x8 position) placed on ``variant``'s board with the
    files mirrored (a <-> h): the same position seen on a board placed the
    other way.  The side to move is kept."""
    target = get_variant(variant)
    source = board.variant
    by_name = {target.square_name(s): s for s in range(1, target.squares + 1)}
    out = Board("W:W:B", variant=target)
    for square, piece in board.pieces().items():
        name = source.square_name(square)
        flipped = "abcdefgh"[7 - "abcdefgh".index(name[0])] + name[1:]
        out.set_piece(by_name[flipped], piece)
    out.turn = board.turn
    return out


@checked(example=_example_spec, game=NAME)
def position(example, game) -> Board:
    """The example's position in ``game`` (mirrored for the Portuguese board)."""
    example = _example(example) if isinstance(example, str) else example
    board = Board(example.fen, variant="brazilian")
    game = _game(game)
    if get_variant(game).layout != board.variant.layout:
        return mirrored(board, game)
    return Board(board.fen(), variant=game)


@checked(example=_example_spec, game=NAME)
def legal_texts(example, game) -> list:
    """The moves ``game`` allows in the example's position, in its notation, sorted."""
    board = position(example, game)
    return sorted(board.move_text(m) for m in board.legal_moves())


@checked(example=_example_spec, size=whole_spec(40, 2000))
def comparison(example, size: int = 220) -> "_Html":
    """One example as a row of three boards (one per game, the Portuguese
    one mirrored) and a table of the moves each game allows."""
    from damas.display.svg import board_svg
    example = _example(example) if isinstance(example, str) else example
    cells, rows = [], [TEXTS["header"]]
    for game in GAMES:
        board = position(example, game)
        side = "Pretas jogam" if board.turn == BLACK else "Brancas jogam"
        svg = board_svg(board, size=size, title=f"{NAMES[game]}: {side}")
        note = f"<br><small>{TEXTS['mirrored']}</small>" if game == "portuguese" else ""
        cells.append(f"<div style='display:inline-block;margin:4px;text-align:center;vertical-align:top'>"
                     f"{img_tag(svg)}{note}</div>")
        rows.append(f"<tr><td>{escape(NAMES[game])}</td><td>{escape(', '.join(legal_texts(example, game)))}"
                    f"</td></tr>")
    return _Html(f"<div><b>{escape(example.title)}</b><br>{''.join(cells)}"
                 f"<table>{''.join(rows)}</table></div>")


class _Html(str):
    """HTML text that a notebook shows as HTML."""

    def _repr_html_(self):
        return str(self)

    def __repr__(self):
        # Short: the HTML is the output (stored once, not again as text/plain).
        return "<figura>"

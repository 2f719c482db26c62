"""The forçada (three kings against one) and the other small endings, as
the chapter "Finais" shows them: every number and every stage here is
computed from the endgame database (:mod:`damas.engine.endgames`).

The names of the lines of the Brazilian board come from the Brazilian
teaching material (the damasciencias.com.br booklet *A forçada – pé de
galinha ou avestruz*, 2012):

* grande diagonal: a1–h8;
* bi-diagonal (diagonal dupla): g1–a7 and h2–b8;
* tri-diagonal: c1–a3 with f8–h6, and the lines joining them (a3–f8, c1–h6);
* desvio (retângulo): e1–h4–d8–a5.

The historical positions (Montero 1591: white kings a1, b2, c3 against b8;
Petrov 1827: a1, c1, e1 against f8; the triangle c3, d6, e3 against a king on
the desvio) are those the Russian Wikipedia article "Треугольник Петрова"
gives.  The stages of the method are positions of the database's best line
from Montero's position, each one checked as a set: every position with that
formation of the three kings and the lone king anywhere in the stage's
region is won.
"""

from __future__ import annotations

from damas.course.kit.sentences import plural, winners_moves

from dataclasses import dataclass

from damas.engine import endgames
from damas.display.output import img_tag
from damas.rules.board import BLACK, WHITE, Board
from damas.rules.notation import numbered_line
from damas.rules.variants import BRAZILIAN, INTERNATIONAL
from damas.rules.args import BOARD, MOVES, checked, choice_spec, flag, instance_spec, optional, refuse, text_spec, whole_spec

_SIZE = whole_spec(40, 2000)


def _line_names(value, name):
    if not isinstance(value, (list, tuple)) or not all(isinstance(n, str) and n in LINES for n in value):
        raise refuse(name, "uma lista de nomes de linhas: " + ", ".join(LINES), value)
    return value


def _material_spec(value, name):
    if not (isinstance(value, (list, tuple)) and len(value) == 4 and all(type(x) is int and 0 <= x <= 12 for x in value)):
        raise refuse(name, "quatro números (pedras brancas, damas brancas, pedras pretas, damas pretas), como (0, 3, 0, 1)",
                     value)
    return value

__all__ = ["LINES", "line_squares", "lines_figure", "STAGES", "Stage", "check_stage", "stage_figure",
           "longest_resistance", "long_diagonal", "two_kings", "king_against_men", "corner_trap",
           "international_three_kings", "position_counts", "line_text", "load"]

THREE_V_ONE = (0, 3, 0, 1)

# (row, column) tests of each named line on 8x8: row 0 is the 8th rank, column 0 the a-file.
_LINE_TESTS = {
    "grande diagonal": lambda r, c: r + c == 7,
    "bi-diagonal": lambda r, c: abs(r - c) == 1,
    "tri-diagonal": lambda r, c: abs(r - c) == 5 or r + c in (5, 9),
    "desvio": lambda r, c: abs(r - c) == 3 or r + c in (3, 11),
}
LINES = {
    "grande diagonal": "a1–h8",
    "bi-diagonal": "g1–a7 e h2–b8",
    "tri-diagonal": "c1–a3 e f8–h6, unidas por a3–f8 e c1–h6",
    "desvio": "e1–h4–d8–a5",
}
COLORS = {"grande diagonal": "#e4572e", "bi-diagonal": "#3f88c5", "tri-diagonal": "#44af69",
          "desvio": "#f3a712"}


@checked(progress=flag)
def load(progress=False):
    """Build or load every table the chapter reads (8x8 up to 4 pieces)."""
    return endgames.build("brazilian", progress=progress)


@checked(name=choice_spec(LINES))
def line_squares(name) -> list:
    """The squares (numbers) of a named line of the Brazilian board."""
    test = _LINE_TESTS[name]
    rc = BRAZILIAN.tables.rc
    return [s for s in BRAZILIAN.square_range if test(*rc[s])]


def _names(squares):
    return [BRAZILIAN.square_name(s) for s in squares]


@checked(names=_line_names, size=_SIZE, title=optional(text_spec()))
def lines_figure(names=tuple(LINES), size=300, board=None, title=None):
    """The board with the named lines coloured (a square on two lines takes
    the colour of the first)."""
    from damas.display.svg import board_svg
    highlight = {}
    for name in names:
        for s in line_squares(name):
            highlight.setdefault(s, COLORS[name])
    board = board or Board("W:W:B")
    return board_svg(board, size=size, highlight=highlight, title=title)


def _fen(turn, whites, black):
    sq = BRAZILIAN.parse_square
    return f"{turn}:W" + ",".join(f"K{sq(s)}" for s in whites) + f":BK{sq(black)}"


@checked(moves=MOVES)
def line_text(board, moves) -> str:
    """Moves written in the variant's notation, numbered like a score sheet from 1
    (:func:`damas.rules.notation.numbered_line`)."""
    return numbered_line(board, moves)


# ---------------------------------------------------------------------------
# Facts
# ---------------------------------------------------------------------------
def position_counts(variant, mat, turn, where=None) -> dict:
    """{'wins': .., 'draws': .., 'losses': .., 'max_win': plies, 'max_loss': plies,
    'win_moves': .., 'loss_moves': ..} of the table's positions with ``turn`` to
    move (values for the side to move) that satisfy ``where(board)``; the
    ``*_moves`` count the winner's lances of the longest win and loss (what a
    student reads: a lance is one player's move, regra 3.2)."""
    tb = endgames.table(variant, mat, progress=False)
    out = {"positions": 0, "wins": 0, "draws": 0, "losses": 0, "max_win": 0, "max_loss": 0,
           "longest_win": None, "longest_loss": None}
    for board, value, plies in tb.items():
        if board.turn != turn or (where is not None and not where(board)):
            continue
        out["positions"] += 1
        if value == 1:
            out["wins"] += 1
            if plies > out["max_win"]:
                out["max_win"], out["longest_win"] = plies, board.fen()
        elif value == -1:
            out["losses"] += 1
            if plies > out["max_loss"]:
                out["max_loss"], out["longest_loss"] = plies, board.fen()
        else:
            out["draws"] += 1
    out["win_moves"] = winners_moves(1, out["max_win"])
    out["loss_moves"] = winners_moves(-1, out["max_loss"])
    return out


def _on_long_diagonal(square):
    r, c = BRAZILIAN.tables.rc[square]
    return r + c == 7


def longest_resistance() -> dict:
    """3 kings v 1 on 8x8, the lone king off the long diagonal: the longest
    win of the three kings, the position, and the best line from it."""
    counts = position_counts("brazilian", THREE_V_ONE, WHITE,
                             lambda b: not _on_long_diagonal(b.kings(BLACK)[0]))
    board = Board(counts["longest_win"])
    line = endgames.best_line(board)
    return {"plies": counts["max_win"], "moves": (counts["max_win"] + 1) // 2, "board": board,
            "line": line, "text": line_text(board, line), "counts": counts}


def long_diagonal() -> dict:
    """3 kings v 1 on 8x8 with the lone king on the long diagonal, no white
    king on it, the lone king to move: how many are drawn, how many lost
    (and how fast)."""
    return position_counts("brazilian", THREE_V_ONE, BLACK,
                           lambda b: _on_long_diagonal(b.kings(BLACK)[0])
                           and not any(_on_long_diagonal(s) for s in b.kings(WHITE)))


def two_kings() -> dict:
    """2 kings v 1 on 8x8, the lone king to move: draws, losses and the
    longest loss (the lone king is only caught when already in a trap)."""
    return position_counts("brazilian", (0, 2, 0, 1), BLACK)


def king_against_men() -> dict:
    """1 king against 1 man and against 2 men on 8x8 (the king's side to
    move): {'1 pedra': counts, '2 pedras': counts}."""
    return {"1 pedra": position_counts("brazilian", (1, 0, 0, 1), BLACK),
            "2 pedras": position_counts("brazilian", (2, 0, 0, 1), BLACK)}


def corner_trap() -> dict:
    """1 king (black) against 2 white men, the king on a corner of the long
    diagonal (a1 or h8) and to move: how many such positions are lost, and
    the longest of them."""
    corners = {BRAZILIAN.parse_square("a1"), BRAZILIAN.parse_square("h8")}
    return position_counts("brazilian", (2, 0, 0, 1), BLACK, lambda b: b.kings(BLACK)[0] in corners)


def international_three_kings() -> dict:
    """3 kings v 1 on 10x10, the lone king to move: draws, losses and the
    longest loss; and the same with the lone king on the long diagonal
    (46–5)."""
    tables = INTERNATIONAL.tables
    long_diag = {s for s in INTERNATIONAL.square_range if sum(tables.rc[s]) == 9}
    all_ = position_counts("international", THREE_V_ONE, BLACK)
    on = position_counts("international", THREE_V_ONE, BLACK,
                         lambda b: b.kings(BLACK)[0] in long_diag)
    return {"all": all_, "long_diagonal": on}


# ---------------------------------------------------------------------------
# The method in stages
# ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Stage:
    """One stage of the method: the three white kings (``formation``), the
    squares where the lone king may stand (``region``: a named line, or
    every free square), whose turn it is in the stage (``turn``), the
    diagram's lone king (``example``) and the move shown there (``move``)."""

    number: int
    title: str
    lines: tuple
    formation: tuple
    region: str
    turn: str
    example: str
    move: str
    text: str

    def region_squares(self) -> list:
        if self.region == "todas":
            squares = list(BRAZILIAN.square_range)
        else:
            squares = line_squares(self.region)
        taken = {BRAZILIAN.parse_square(s) for s in self.formation}
        return [s for s in squares if s not in taken]

    def board(self) -> Board:
        return Board(_fen(self.turn, self.formation, self.example))


STAGES = (
    Stage(1, "A grande diagonal", ("grande diagonal",), ("a1", "b2", "c3"), "todas", WHITE, "b8", "c3-d4",
          "As três damas começam na grande diagonal, como na posição de Ruiz Montero (1591)."),
    Stage(2, "A bi-diagonal, pelo canto", ("grande diagonal", "bi-diagonal"), ("a1", "d4", "g1"), "todas",
          WHITE, "c7", "g1-h2",
          "Uma dama entra na bi-diagonal pelo canto g1 e duas ficam na grande diagonal; depois ela passa "
          "para h2, a outra linha da bi-diagonal."),
    Stage(3, "A outra bi-diagonal", ("grande diagonal", "bi-diagonal"), ("a1", "d4", "h2"), "todas", WHITE,
          "d8", "d4-c5",
          "Com damas em a1, d4 e h2, a dama de d4 desce para c5, na bi-diagonal g1–a7."),
    Stage(4, "A tri-diagonal", ("grande diagonal", "bi-diagonal", "tri-diagonal"), ("a1", "c5", "f4"),
          "todas", WHITE, "d8", "a1-b2",
          "Damas em a1 (grande diagonal), c5 (bi-diagonal g1–a7) e f4 (tri-diagonal c1–h6): cada dama "
          "numa linha."),
    Stage(5, "O triângulo e o desvio", ("desvio",), ("c3", "d6", "e3"), "desvio", WHITE, "a5", "",
          "O triângulo de Petrov: damas em c3, d6 e e3. Em qualquer casa do desvio, a dama preta está perdida."),
)


def _stage_move(stage):
    board = stage.board()
    if stage.move:
        return board.parse_move(stage.move)
    if board.turn == BLACK:
        return None
    return endgames.best_moves(board)[0]


@checked(stage=instance_spec("damas.course.kit.forcada.Stage", "uma etapa do método (um dos STAGES)"))
def check_stage(stage) -> dict:
    """Every position of the stage (the formation, the lone king on any
    square of the region, the stage's side to move) with its value for
    White; and the move shown: its value and plies after it."""
    def values(turn):
        results = {}
        for s in stage.region_squares():
            board = Board(f"{turn}:W" + ",".join(f"K{BRAZILIAN.parse_square(x)}" for x in stage.formation)
                          + f":BK{s}")
            value, plies = endgames.probe(board, progress=False)
            results[BRAZILIAN.square_name(s)] = (value if turn == WHITE else -value, plies)
        return results

    results = values(stage.turn)
    other = values(BLACK if stage.turn == WHITE else WHITE)
    out = {"positions": len(results), "won": sum(1 for v, _ in results.values() if v == 1),
           "results": results, "all_won": all(v == 1 for v, _ in results.values()),
           "won_other_turn": sum(1 for v, _ in other.values() if v == 1),
           "longest": max(p for _, p in results.values() if p is not None) if results else None,
           # the longest win of the three kings, in White's lances
           "longest_moves": max((winners_moves(v if stage.turn == WHITE else -v, p)
                                 for v, p in results.values() if v == 1), default=None)}
    board = stage.board()
    move = _stage_move(stage)
    if move is not None:
        before = endgames.probe(board, progress=False)
        board.push(move)
        after = endgames.probe(board, progress=False)
        out["move"] = board.move_stack[-1]
        out["move_text"] = stage.board().move_text(move)
        out["keeps_win"] = before[0] == 1 and after[0] == -1
        out["plies_before"], out["plies_after"] = before[1], after[1]
    return out


@checked(stage=instance_spec("damas.course.kit.forcada.Stage", "uma etapa do método (um dos STAGES)"), size=_SIZE)
def stage_figure(stage, size=300):
    """The stage's diagram: the formation, the lone king of the example,
    the stage's lines coloured and the move shown as an arrow."""
    from damas.display.svg import board_svg
    board = stage.board()
    highlight = {}
    for name in stage.lines:
        for s in line_squares(name):
            highlight.setdefault(s, COLORS[name])
    move = _stage_move(stage)
    side = "Brancas jogam" if board.turn == WHITE else "Pretas jogam"
    return board_svg(board, size=size, highlight=highlight, arrows=[move] if move is not None else [],
                     title=f"Etapa {stage.number} ({side})")


# ---------------------------------------------------------------------------
# What the chapter displays
# ---------------------------------------------------------------------------
class Html(str):
    """HTML text that a notebook shows as HTML."""

    def _repr_html_(self):
        return str(self)

    def __repr__(self):
        # Short: the HTML is the output (stored once, not again as text/plain).
        return "<figura>"


_PIECES = {"K": "dama", "M": "pedra"}


@checked(mat=_material_spec)
def material_words(mat) -> str:
    """'3 damas contra 1 dama', 'dama e pedra contra pedra'."""
    wm, wk, bm, bk = mat
    return f"{endgames.side_words(wm, wk, '')} contra {endgames.side_words(bm, bk, '')}"


def _int(n) -> str:
    return f"{n:,}".replace(",", ".")


def tables_summary(variant="brazilian") -> Html:
    """A table of the database's tables of ``variant``: positions and how
    many are won, drawn or lost for the side to move (no timings: the
    chapter's output stays the same on every run)."""
    rows = ["<table><tr><th>final (brancas contra pretas)</th><th>posições</th><th>vence quem joga</th>"
            "<th>empate</th><th>perde quem joga</th><th>a vitória mais longa (lances de quem vence)</th></tr>"]
    for mat in endgames.materials(variant):
        tb = endgames.table(variant, mat, progress=False)
        i = tb.info
        rows.append(f"<tr><td>{material_words(mat)}</td><td>{_int(i['positions'])}</td><td>{_int(i['wins'])}</td>"
                    f"<td>{_int(i['draws'])}</td><td>{_int(i['losses'])}</td>"
                    f"<td>{_longest_win(tb)}</td></tr>")
    rows.append("</table>")
    return Html("".join(rows))


def _longest_win(tb) -> str:
    """The longest win of a table, in the winner's lances (the side to move
    wins in ``max_plies`` when that is odd, the other side when it is even)."""
    plies = tb.info["max_plies"]
    if not plies:
        return "—"
    return plural(winners_moves(1 if plies % 2 else -1, plies), "lance", "lances")


def lines_row(size=190) -> Html:
    """The four named lines, each on its own small board, side by side."""
    from damas.display.svg import board_svg
    cells = []
    for name, where in LINES.items():
        svg = board_svg(Board("W:W:B"), size=size,
                        highlight={s: COLORS[name] for s in line_squares(name)})
        cells.append(f"<div style='display:inline-block;margin:4px;text-align:center'>{img_tag(svg)}"
                     f"<br><b>{name}</b><br>{where}</div>")
    return Html("".join(cells))


@checked(title=optional(text_spec()), size=_SIZE, line=optional(MOVES))
def picture(board, title=None, size=300, line=None) -> Html:
    """A position, with the moves of ``line`` written under it."""
    from damas.display.svg import board_svg
    svg = board_svg(board, size=size, title=title)
    text = f"<p>{line_text(board, line)}</p>" if line else ""
    return Html(f"<div>{img_tag(svg)}{text}</div>")


@checked(number=whole_spec(1, len(STAGES)), size=_SIZE)
def stage_report(number, size=300) -> Html:
    """The stage's diagram and what the database says about it."""
    stage = STAGES[number - 1]
    check = check_stage(stage)
    side = "as brancas jogam" if stage.turn == WHITE else "as pretas jogam"
    where = ("em qualquer casa livre" if stage.region == "todas"
             else f"em qualquer casa do {stage.region} ({LINES[stage.region]})")
    lines = [f"<p><b>Etapa {stage.number}: {stage.title}.</b> {stage.text}</p>",
             f"<p>Damas brancas em {', '.join(stage.formation)}; a dama preta {where}, e {side}: "
             f"<b>{check['won']} de {check['positions']}</b> posições são vitória das brancas "
             f"(a mais longa em {plural(check['longest_moves'], 'lance', 'lances')} das brancas).</p>"]
    other = "as pretas" if stage.turn == WHITE else "as brancas"
    lines.append(f"<p>Com {other} para jogar: {check['won_other_turn']} de {check['positions']} são vitória "
                 "das brancas.</p>")
    if "move" in check:
        verdict = "mantém a vitória" if check["keeps_win"] else "NÃO mantém a vitória"
        moves = (f": as brancas vencem em {plural(winners_moves(1, check['plies_before']), 'lance', 'lances')}, "
                 "contando este" if check["keeps_win"] else "")
        lines.append(f"<p>No diagrama (dama preta em {stage.example}), o lance <b>{check['move_text']}</b> "
                     f"{verdict}{moves}.</p>")
    return Html(f"<div style='display:flex;gap:16px;align-items:center'>"
                f"<div style='flex:0 0 {size}px'>{img_tag(stage_figure(stage, size))}</div>"
                f"<div>{''.join(lines)}</div></div>")

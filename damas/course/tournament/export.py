"""The tournament as CSV, safe to open in a spreadsheet.

Three tables (:func:`tables`): the standings, the crosstable and the list of games (round, board,
White, Black, result).  :func:`write_csv` writes one of them, or all three in one file with a blank
line between them.  The file is UTF-8 with a byte-order mark and ``;`` between cells, which is how a
Brazilian spreadsheet (Excel or LibreOffice in Portuguese, where the comma is the decimal sign)
opens a CSV with accents and numbers such as «2,5» right.

Safe: a cell a spreadsheet would run as a formula — one that starts with ``=``, ``+``, ``-``,
``@``, a tab or a carriage return — gets a ``'`` in front, as OWASP's «CSV Injection» page
recommends; every cell is quoted, and quotes inside are doubled, so names with commas, quotes and
line breaks come back intact.  Names are written as stored (the escapes of
:func:`damas.course.tournament.names.shown` are for screens, not for a spreadsheet).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from pathlib import Path

from damas.course.tournament.model import TOURNAMENT, Tournament
from damas.rules.args import LIST, checked, choice_spec, optional
from damas.rules.files import PathLike, output_path, write_file
from damas.course.tournament.standings import Table, crosstable, standings_table

__all__ = ["tables", "safe_cell", "csv_text", "write_csv", "FORMULA_STARTS"]

# One rule for every CSV of the course (damas.course.kit.safe_text): «'» before a formula's first
# character, a lone surrogate (which UTF-8 cannot write) as U+FFFD.
from damas.course.kit.safe_text import FORMULA_STARTS, safe_cell  # noqa: E402


@checked(t=TOURNAMENT)
def tables(t: Tournament) -> dict[str, Table]:
    """{"classificacao": (header, rows), "tabela": …, "partidas": …}."""
    games_header = ["Rodada", "Mesa", "Brancas", "Pretas", "Resultado"]
    games = []
    for rnd in t.rounds:
        for g in rnd.games:
            games.append([str(rnd.number), str(g.board), t.player(g.white).name, t.player(g.black).name,
                          t.result_text(g.result)])
        if rnd.bye:
            games.append([str(rnd.number), "", t.player(rnd.bye).name, "", "folga"])
    return {"classificacao": standings_table(t), "tabela": crosstable(t), "partidas": (games_header, games)}


@checked(header=LIST)
def csv_text(header: Sequence[object], rows: Iterable[Sequence[object]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, delimiter=";", quoting=csv.QUOTE_ALL, lineterminator="\r\n")
    writer.writerow([safe_cell(c) for c in header])
    for row in rows:
        writer.writerow([safe_cell(c) for c in LIST(row, "rows (uma das linhas)")])
    return out.getvalue()


@checked(t=TOURNAMENT, which=optional(choice_spec({"classificacao": "a classificação", "tabela": "a tabela",
                                                   "partidas": "as partidas"})))
def write_csv(t: Tournament, path: PathLike, which: str | None = None) -> Path:
    """Write the table ``which`` («classificacao», «tabela» or «partidas»), or all three, to
    ``path``; returns the path."""
    all_tables = tables(t)
    chosen = [which] if which else list(all_tables)
    text = "\r\n".join(csv_text(*all_tables[name]) for name in chosen)
    target = output_path(path, ".csv")     # a name of another kind (a progress file) is refused
    write_file(target, text.encode("utf-8-sig"))      # whole or not at all
    return target

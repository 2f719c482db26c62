"""A small table for a chapter: HTML in the notebook, a plain-text twin that reads without a kernel."""

from __future__ import annotations

import html
import re

from damas.rules.args import LIST, checked, flag_spec

__all__ = ["Table"]


class Table:
    """A table of ``header`` (the columns' names) and ``rows`` (lists of cells).  Cells are escaped,
    unless ``markup`` says they are HTML already (the chapter wrote them, escaping what it read)."""

    @checked(header=LIST, rows=LIST, markup=flag_spec())
    def __init__(self, header, rows, markup: bool = False):
        self.header = [str(h) for h in header]
        self.rows = [[c for c in row] if isinstance(row, (list, tuple)) else [row] for row in rows]
        self.markup = markup

    def _cell(self, value) -> str:
        return str(value) if self.markup else html.escape(str(value))

    def _repr_html_(self) -> str:
        head = "".join(f"<th>{html.escape(h)}</th>" for h in self.header)
        body = "".join("<tr>" + "".join(f"<td>{self._cell(c)}</td>" for c in row) + "</tr>" for row in self.rows)
        return f"<table><tr>{head}</tr>{body}</table>"

    def __repr__(self) -> str:
        lines = [" | ".join(self.header)]
        lines += [" | ".join(re.sub(r"<[^>]+>", " ", str(c)) if self.markup else str(c) for c in row)
                  for row in self.rows]
        return "\n".join(lines)

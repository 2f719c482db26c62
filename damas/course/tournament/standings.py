"""Standings, tie-breaks and the crosstable of a tournament, with numbers written the Brazilian way.

Each player's rounds (:func:`history`) give his points; the tie-breaks chosen before the event
(:data:`damas.course.tournament.texts.TIEBREAKS`, each named with its source) separate the players
on the same points, in the order chosen:

* **Confronto direto** (FIDE C.07, art. 6): when every player of the tied group met every other,
  the points each made in those games; if some of them did not meet, it separates nobody;
* **Sonneborn-Berger** (art. 9.1): the final points of every opponent beaten, plus half the points
  of every opponent drawn with;
* **Buchholz** (art. 8.1): the sum of the opponents' final points (a bye has no opponent and adds
  nothing; a game won or lost by W.O. counts its opponent);
* **Número de vitórias** (art. 7.1): the rounds won, a Swiss bye and W.O. wins included.

A Swiss bye is worth a win (FIDE C.04.1); the round off of a round robin with an odd number of
players is worth nothing (everyone has one).

Players still tied after every tie-break share the place (the regulations then draw lots or play
off; the teacher decides).  Scores are kept in half points and shown in the tournament's scoring:
«2», «1» for 2-1-0; «1», «½», «2,5» for 1-½-0 (a decimal comma, never a point).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from damas.course.tournament.history import Item, _rounds_of as _history
from damas.course.tournament.model import TOURNAMENT, Tournament
from damas.course.tournament.texts import POINTS
from damas.rules.args import checked, number_spec, whole_spec
from damas.course.tournament.texts import SCORINGS, TEXTS, TIEBREAKS

#: A table as text: (header, rows), every cell a text.
Table = tuple[list[str], list[list[str]]]

__all__ = ["Item", "history", "points", "standings", "Standing", "crosstable", "number_text",
           "points_text", "tiebreak_legend"]


@checked(t=TOURNAMENT, number=whole_spec(1))
def history(t: Tournament, number: int) -> list[Item]:
    """The rounds of player ``number``, in order (:func:`damas.course.tournament.history.history`)."""
    return _history(t, number)


@checked(t=TOURNAMENT)
def points(t: Tournament) -> dict[int, int]:
    """{number: half points}."""
    return {p.number: sum(i.points for i in history(t, p.number)) for p in t.players}


def number_text(value: Fraction | int | float) -> str:
    """A number as a Brazilian reads it: «12», «7,5», «10,25» (a decimal comma)."""
    if not isinstance(value, Fraction):
        value = Fraction(number_spec()(value, "value (um número)"))
    if value.denominator == 1:
        return str(value.numerator)
    text = f"{float(value):.2f}".rstrip("0").rstrip(".")
    return text.replace(".", ",")


@checked(t=TOURNAMENT, half_points=whole_spec(0))
def points_text(t: Tournament, half_points: int) -> str:
    """Half points in the tournament's scoring: 2-1-0 as they are, 1-½-0 halved."""
    return number_text(Fraction(half_points, SCORINGS[t.scoring]["half"]))


@checked(t=TOURNAMENT, half_points=whole_spec(0, 2))
def cell_text(t: Tournament, half_points: int) -> str:
    """One game's points in a crosstable cell: «2», «1», «0» or «1», «½», «0»."""
    if SCORINGS[t.scoring]["half"] == 2 and half_points == 1:
        return "½"
    return points_text(t, half_points)


@dataclass(frozen=True)
class Standing:
    place: int
    shared: bool                     # the place is shared with another player
    number: int
    name: str
    points: int                      # half points
    values: dict[str, Fraction]      # tie-break key -> value (in the tournament's scoring)
    withdrawn: bool


def _tiebreak_values(t: Tournament, pts: dict[int, int]) -> dict[int, dict[str, Fraction]]:
    half = SCORINGS[t.scoring]["half"]
    values = {}
    for p in t.players:
        bh = sb = Fraction(0)
        wins = 0
        for item in history(t, p.number):
            if item.points == 2:
                wins += 1
            if item.opponent is not None and item.kind in ("jogo", "wo"):
                bh += Fraction(pts[item.opponent], half)
                sb += Fraction(pts[item.opponent] * item.points, 2 * half)
        values[p.number] = {"buchholz": bh, "sonneborn": sb, "vitorias": Fraction(wins)}
    return values


def _direct(t: Tournament, group: list[int]) -> dict[int, Fraction]:
    """Points each player of ``group`` made against the others, if all of them met; else zeros."""
    members = set(group)
    met: set[frozenset[int]] = set()
    made = {n: 0 for n in group}
    for rnd in t.rounds:
        for g in rnd.games:
            if g.white in members and g.black in members and g.result is not None:
                met.add(frozenset((g.white, g.black)))
                w, b = POINTS[g.result]
                made[g.white] += w
                made[g.black] += b
    needed = len(group) * (len(group) - 1) // 2
    if len(met) < needed:
        return {n: Fraction(0) for n in group}
    half = SCORINGS[t.scoring]["half"]
    return {n: Fraction(v, half) for n, v in made.items()}


def _split(t: Tournament, group: list[int], keys: list[str], values: dict[int, dict[str, Fraction]]) -> list[list[int]]:
    """The tied ``group`` split by the tie-breaks ``keys``, in order: a list of groups, best first."""
    if len(group) <= 1 or not keys:
        return [sorted(group)]
    key, rest = keys[0], keys[1:]
    if key == "confronto":
        score = _direct(t, group)
        for n in group:
            values[n]["confronto"] = score[n]
    else:
        score = {n: values[n][key] for n in group}
    out: list[list[int]] = []
    for value in sorted(set(score.values()), reverse=True):
        out += _split(t, [n for n in group if score[n] == value], rest, values)
    return out


@checked(t=TOURNAMENT)
def standings(t: Tournament) -> list[Standing]:
    """The standings now: a list of :class:`Standing`, best first, with each tie-break's value (the
    direct encounter's within the tied group where it was applied; 0 where it was not needed)."""
    pts = points(t)
    values = _tiebreak_values(t, pts)
    for n in values:
        values[n]["confronto"] = Fraction(0)       # set where it is applied (a tied group)
    out: list[Standing] = []
    place = 1
    for group in _groups_by(pts):
        for tied in _split(t, group, t.tiebreaks, values):
            for n in tied:
                p = t.players[n - 1]
                out.append(Standing(place, len(tied) > 1, n, p.name, pts[n],
                                    {k: values[n][k] for k in t.tiebreaks}, p.left is not None))
            place += len(tied)
    return out


def _groups_by(pts: dict[int, int]) -> list[list[int]]:
    return [sorted(n for n in pts if pts[n] == v) for v in sorted(set(pts.values()), reverse=True)]


@checked(t=TOURNAMENT)
def standings_table(t: Tournament) -> Table:
    """(header, rows) of the standings, every cell text (names as stored: show them with
    :func:`damas.course.tournament.names.shown`)."""
    header = ["Lugar", "Nº", "Nome", "Pontos"] + [TIEBREAKS[k][0] for k in t.tiebreaks]
    rows = []
    for s in standings(t):
        place = TEXTS["place"].format(n=s.place) + ("=" if s.shared else "")
        name = s.name + (f" ({TEXTS['withdrawn']})" if s.withdrawn else "")
        rows.append([place, str(s.number), name, points_text(t, s.points)]
                    + [number_text(s.values[k]) for k in t.tiebreaks])
    return header, rows


@checked(t=TOURNAMENT)
def tiebreak_legend(t: Tournament) -> list[str]:
    """One line per tie-break of this tournament, in order: «1. CD — Confronto direto: …»."""
    return [f"{k}. {TIEBREAKS[key][0]} — {TIEBREAKS[key][1]}: {TIEBREAKS[key][2]}"
            for k, key in enumerate(t.tiebreaks, 1)]


@checked(t=TOURNAMENT)
def crosstable(t: Tournament) -> Table:
    """(header, rows): for a round robin the square table (row player's points against the column
    player; «+»/«−» a W.O.); for a Swiss event one column per round, «7b 2» meaning «against number
    7, with White (b) or Black (p), made 2»."""
    if t.system == "todos":
        return _square(t)
    return _by_round(t)


def _square(t: Tournament) -> Table:
    n = len(t.players)
    header = ["Nº", "Nome"] + [str(k) for k in range(1, n + 1)] + ["Pontos"]
    pts = points(t)
    cells: dict[tuple[int, int], str] = {}
    for rnd in t.rounds:
        for g in rnd.games:
            if g.result is None:
                continue
            w, b = POINTS[g.result]
            wo = g.result.endswith("-wo")
            cells[(g.white, g.black)] = ("+" if w else "−") if wo else cell_text(t, w)
            cells[(g.black, g.white)] = ("+" if b else "−") if wo else cell_text(t, b)
    rows = []
    for p in t.players:
        row = [str(p.number), p.name]
        for q in range(1, n + 1):
            row.append("×" if q == p.number else cells.get((p.number, q), ""))
        rows.append(row + [points_text(t, pts[p.number])])
    return header, rows


def _by_round(t: Tournament) -> Table:
    header = ["Nº", "Nome"] + [str(r.number) for r in t.rounds] + ["Pontos"]
    pts = points(t)
    rows = []
    for s in standings(t):
        row = [str(s.number), s.name]
        for item in history(t, s.number):
            if item.kind == "folga":
                row.append("folga " + cell_text(t, item.points))
            elif item.kind == "fora":
                row.append("–")
            else:
                side = "b" if item.colour == "W" else "p"
                if item.kind == "pendente":
                    value = "?"
                elif item.kind == "wo":
                    value = "+" if item.points else "−"
                else:
                    value = cell_text(t, item.points)
                row.append(f"{item.opponent}{side} {value}")
        rows.append(row + [points_text(t, pts[s.number])])
    return header, rows

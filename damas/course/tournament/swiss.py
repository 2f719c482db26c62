"""Swiss pairings: one round at a time, no pair twice, colours within the limit.

The rules kept (FIDE Handbook C.04.1, *Basic rules for Swiss systems*, and the colour limits of
the Dutch system, C.04.3):

* two players never meet twice;
* a player who already had a bye (the round off of an odd number) does not get another while
  someone else can take it; the bye goes to the lowest-ranked such player, and is worth a win
  (C.04.1: «as many points as are rewarded for a win»);
* players meet others of the same score as much as they can;
* no player's colour difference (games with White minus games with Black) goes beyond +2 or -2,
  and nobody gets the same colour three times in a row.  The rule makes no exception (the Dutch
  system allows one for the leaders of the last round; a school event does not need it).

How a round is paired (the method, documented here because it is not the full Dutch system): the
players are ranked by score, then by their pairing number.  Within each group of equal score the
top half meets the bottom half, as in the Dutch system (in a group of six: 1-4, 2-5, 3-6); the
lowest player of an odd group «floats» down to the next group.  The pairer goes down the ranking:
the highest player not yet paired takes the first opponent in this order of preference —

1. a player of his own score group before one of a lower group (nearer groups first);
2. an opponent with whom both get the colour they prefer before one who must give it up;
3. the Dutch order inside the group: the player half a group below him, then the ones below that,
   then the ones above it —

that still lets *everyone else* be paired (a question answered exactly by a perfect matching,
:mod:`damas.course.tournament._matching`).  So a round is always paired when some pairing within
the rules exists, and refused (:class:`PairingError`, in Portuguese) only when none does; the
tests check that refusal against an exhaustive search.

Colours (C.04.3 E, simplified): a player whose colour difference or last two games leave him one
colour gets it; otherwise the stronger preference wins (a difference of ±1 before a wish to
alternate), then the one of the higher-ranked player; with no preference at all, the higher-ranked
player gets White when his pairing number is odd (round 1: White on boards 1, 3, 5...).

Pure Python; 300 players are paired in well under a second a round (``benchmarks/tournament.py``).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from damas.course.tournament._matching import Matching as _Matching
from damas.errors import DamasError
from damas.rules.args import refuse, whole
from damas.rules.colors import BLACK, OPPONENT as OTHER, WHITE, Color

__all__ = ["Entrant", "PairingError", "pair_round", "allowed_colours", "MAX_DIFFERENCE"]

MAX_DIFFERENCE = 2


class PairingError(DamasError):
    """No pairing within the rules exists for this round (the message is Portuguese)."""


@dataclass
class Entrant:
    """A player as the pairer sees him: pairing number, score (in half points: a win is 2),
    colours of the games played so far (oldest first), the opponents met, whether he had a bye."""

    number: int
    score: int = 0
    colours: list[Color] = field(default_factory=list)
    opponents: set[int] = field(default_factory=set)
    had_bye: bool = False


def _colour_difference(colours: Sequence[Color]) -> int:
    return sum(1 if c == WHITE else -1 for c in colours)


def _colours(value: object, name: str = "colours") -> Sequence[Color]:
    if not isinstance(value, (list, tuple)) or any(c not in (WHITE, BLACK) for c in value):
        raise refuse(name, "a lista das cores jogadas, como ['W', 'B']", value)
    return value


def allowed_colours(colours: Sequence[Color]) -> set[Color]:
    """The colours a player may get next without breaking the limit: the difference stays within
    ±2 and no colour three times in a row."""
    _colours(colours)
    diff = _colour_difference(colours)
    out: set[Color] = set()
    for c in (WHITE, BLACK):
        if abs(diff + (1 if c == WHITE else -1)) > MAX_DIFFERENCE:
            continue
        if len(colours) >= 2 and colours[-1] == colours[-2] == c:
            continue
        out.add(c)
    return out


def _preference(colours: Sequence[Color]) -> tuple[int, Color | None]:
    """(strength, colour): 3 when only one colour is allowed, 2 for a difference of ±1 (or
    more), 1 to alternate after a balanced history, 0 with no game yet."""
    allowed = allowed_colours(colours)
    if len(allowed) == 1:
        return 3, next(iter(allowed))
    diff = _colour_difference(colours)
    if diff:
        return 2, BLACK if diff > 0 else WHITE
    if colours:
        return 1, OTHER[colours[-1]]
    return 0, None


def _both_satisfied(a: Entrant, b: Entrant) -> bool:
    (sa, pa), (sb, pb) = _preference(a.colours), _preference(b.colours)
    return not (sa and sb and pa == pb)


def _colours_for(high: Entrant, low: Entrant) -> tuple[int, int]:
    """(white, black) for two compatible players, ``high`` ranked above ``low``."""
    options = [c for c in (WHITE, BLACK)
               if c in allowed_colours(high.colours) and OTHER[c] in allowed_colours(low.colours)]
    (sh, ph), (sl, pl) = _preference(high.colours), _preference(low.colours)
    colour: Color | None
    if len(options) == 1:
        colour = options[0]
    elif ph is None and pl is None:
        colour = WHITE if high.number % 2 == 1 else BLACK
    elif pl is None or (ph is not None and ph != pl):
        colour = ph
    elif ph is None or sl > sh:
        colour = OTHER[pl]
    elif sh > sl:
        colour = ph
    else:
        colour = _alternate(high.colours, low.colours) or ph
    return (high.number, low.number) if colour == WHITE else (low.number, high.number)


def _alternate(a: Sequence[Color], b: Sequence[Color]) -> Color | None:
    """The colour ``a`` gets by going back to the latest round in which the two had different
    colours and swapping them (None if there is none)."""
    for x, y in zip(reversed(a), reversed(b)):
        if x != y:
            return OTHER[x]
    return None


def pair_round(entrants: Sequence[Entrant], round_number: int = 1) -> tuple[list[tuple[int, int]], int | None]:
    """Pair one round: ([(white, black), ...] in board order, the number of the bye or None).

    ``entrants`` are the players of this round (:class:`Entrant`; withdrawn and absent players
    are left out by the caller).  Raises :class:`PairingError` when no pairing keeps the rules."""
    if not isinstance(entrants, (list, tuple)) or not all(isinstance(e, Entrant) for e in entrants):
        raise refuse("entrants", "uma lista de jogadores (Entrant)", entrants)
    entrants = list(entrants)
    for e in entrants:
        whole(e.number, "Entrant.number", 1)
        whole(e.score, "Entrant.score", 0)
        _colours(e.colours, "Entrant.colours")
    if len({e.number for e in entrants}) != len(entrants):
        raise refuse("entrants", "jogadores de números diferentes", entrants)
    whole(round_number, "round_number (a rodada)", 1)
    players = sorted(entrants, key=lambda e: (-e.score, e.number))
    if len(players) < 2:
        raise PairingError(f"Rodada {round_number} inválida: são precisos pelo menos dois jogadores presentes.")
    n = len(players)
    allowed = [allowed_colours(p.colours) for p in players]
    neighbours: list[set[int]] = [set() for _ in range(n)]
    for i in range(n):
        met, mine = players[i].opponents, allowed[i]
        for j in range(i + 1, n):
            if players[j].number not in met and (WHITE in mine and BLACK in allowed[j]
                                                 or BLACK in mine and WHITE in allowed[j]):
                neighbours[i].add(j)
                neighbours[j].add(i)
    matching = _Matching(neighbours)
    bye = None
    if n % 2 == 1:
        bye = _choose_bye(players, matching)
        if bye is None:
            raise PairingError(_impossible(round_number))
    elif matching.unmatched():
        raise PairingError(_impossible(round_number))

    pairs: list[tuple[int, int]] = []
    free = [i for i in range(n) if i != bye]
    paired: set[int] = set()
    for i in free:
        if i in paired:
            continue
        for j in _candidates(i, players, free, paired, neighbours):
            if matching.fix(i, j):
                paired.update((i, j))
                pairs.append((i, j))
                break
        else:  # cannot happen while the matching is perfect: matching.mate[i] is always a candidate
            raise PairingError(_impossible(round_number))
    boards = sorted(pairs, key=lambda ij: (-max(players[ij[0]].score, players[ij[1]].score),
                                           -(players[ij[0]].score + players[ij[1]].score), min(ij)))
    out = [_colours_for(players[min(i, j)], players[max(i, j)]) for i, j in boards]
    return out, (players[bye].number if bye is not None else None)


def _choose_bye(players: list[Entrant], matching: _Matching) -> int | None:
    """The lowest-ranked player without a bye whose round off lets all the others be paired
    (else, if everyone had one, the lowest-ranked whose bye works)."""
    order = list(range(len(players) - 1, -1, -1))
    for allow_second in (False, True):
        for i in order:
            if players[i].had_bye and not allow_second:
                continue
            before = list(matching.mate)
            matching.remove(i)
            if not matching.unmatched():
                return i
            matching.restore(i, before)
        if any(not p.had_bye for p in players):
            return None        # someone could still take a first bye: never give a second one
    return None


def _candidates(i: int, players: list[Entrant], free: list[int], paired: set[int],
                neighbours: list[set[int]]) -> Iterator[int]:
    """The opponents of ``i`` (the highest player not yet paired) in the order of preference."""
    me = players[i]
    open_ = [j for j in free if j not in paired and j != i]
    groups: dict[int, list[int]] = {}
    for j in open_:
        groups.setdefault(players[j].score, []).append(j)
    own = [i] + groups.pop(me.score, [])
    half = len(own) // 2
    dutch = own[half:] + own[1:half][::-1]           # half a group below, then below, then above
    rank = {j: k for k, j in enumerate(dutch)}
    same = sorted((j for j in dutch if j in neighbours[i]),
                  key=lambda j: (not _both_satisfied(me, players[j]), rank[j]))
    yield from same
    for score in sorted(groups, reverse=True):
        lower = [j for j in groups[score] if j in neighbours[i]]
        yield from sorted(lower, key=lambda j: (not _both_satisfied(me, players[j]), j))


def _impossible(round_number: int) -> str:
    return (f"Não há emparelhamento possível para a rodada {round_number}: qualquer divisão em mesas "
            "repetiria um confronto ou daria a alguém a mesma cor três vezes seguidas (ou uma diferença "
            "de cores maior que 2). Encerre o torneio aqui ou faça menos rodadas.")

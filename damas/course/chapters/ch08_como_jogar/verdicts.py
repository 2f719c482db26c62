"""Engine verdicts that survive depth (issue 25, item 3).

A chapter that prints «o lance X vale cerca de N pedras a menos que Y» rests on a search at some
depth.  A verdict is kept only if a search 4 plies deeper and a timed search (10 s by default) say
the same: here, the value of a move for the side that plays it, at a fixed depth or on the clock,
and the gap between two moves under each of the three searches.

A timed search stops at once on a position with a single legal move, so :func:`move_value` plays
forced replies through before it starts the clock.
"""

from __future__ import annotations

from damas.engine.search import analyse, default_evaluation
from damas.rules.args import MOVE, checked, number, number_spec, optional, refuse, text, whole, whole_spec

DEEPER = 4          # plies a verdict is confirmed beyond the depth it was printed at
SECONDS = 10.0      # the timed search that confirms it too
ABOUT = 60          # «cerca de N pedras»: within this many hundredths of N men


def _move_or_text(value, name):
    """A Move, or a move's text as the chapters write it («f6-e5»)."""
    return text(value, name, empty=False) if isinstance(value, str) else MOVE(value, name)


@checked(move=_move_or_text, depth=optional(whole_spec(1, 40)), seconds=optional(number_spec(0.01, 3600)))
def move_value(board, move, depth: int | None = None, seconds: float | None = None) -> int:
    """The score (hundredths of a man) of ``move`` for the side that plays it from ``board``
    (not changed): a search of the position after it, to ``depth - 1`` plies, or for
    ``seconds`` after the forced replies are played."""
    after, sign = _after(board, move, forced=seconds is not None)
    if depth is not None:
        return sign * analyse(after, depth=max(1, depth - 1), seconds=None).score
    return sign * analyse(after, seconds=seconds).score


def _after(board, move, forced: bool):
    """The position after ``move`` (and, if ``forced``, after the forced replies that follow it),
    and the sign that turns its score into the mover's."""
    after = board.copy(stack=False)
    after.push(after.parse_move(move) if isinstance(move, str) else move)
    sign = -1
    while forced and len(after.legal_moves()) == 1:
        after.push(after.legal_moves()[0])
        sign = -sign
    return after, sign


def _timed_gap(board, played, recommended, seconds: float = SECONDS) -> int:
    """The gap between two moves on the clock: each position after them searched for ``seconds``
    (the timed search: selective, its own evaluation), then both scored by that search at the
    depth both reached.  Two timed searches compared as they stop may differ by a ply, and a
    score one ply deeper is on another footing (the side to move at the horizon changes)."""
    pair = [_after(board, move, forced=True) for move in (recommended, played)]
    reached = max(1, min(analyse(after, seconds=seconds).depth for after, _ in pair))
    evaluation = default_evaluation(board.variant, timed=True)
    good, bad = (sign * analyse(after, depth=reached, seconds=None, evaluation=evaluation, selective=True).score
                 for after, sign in pair)
    return good - bad


@checked(played=_move_or_text, recommended=_move_or_text, depth=whole_spec(1, 40), seconds=number_spec(0.01, 3600))
def gaps(board, played, recommended, depth: int = 8, seconds: float = SECONDS) -> dict:
    """How much better ``recommended`` is than ``played`` (hundredths of a man, for the side to
    move) at ``depth``, at ``depth + DEEPER`` and in a ``seconds`` search (:func:`_timed_gap`)."""
    out = {f"profundidade {d}": move_value(board, recommended, depth=d) - move_value(board, played, depth=d)
           for d in (depth, depth + DEEPER)}
    out[f"{seconds:g} s"] = _timed_gap(board, played, recommended, seconds)
    return out


# The verdicts the chapters print, each with the position (FEN) it is about, the move judged and the
# move preferred, and the depth it is printed at.  ``claim`` is "worse": ``recommended`` is better
# than ``played`` by about ``men`` men (the printed number) at ``depth`` and ``depth + DEEPER``, and
# by half a man or more in the timed search (whose evaluation has another scale).  ``source`` says
# where the position comes from (a game of notebooks/data/partidas.pdn by its White player and
# ply), so that a test can check the FEN against the file.
VERDICTS = {
    "centro": dict(chapter="08", source=("С. Тютин", 14), fen="W:W14,16,22,26-32:B1-5,7,10,11,13,20",
                   played="g5-h6", recommended="c3-b4", depth=8, men=1),
    "trocas": dict(chapter="08", source=("В. Медков", 33), fen="B:W12,16,19,20,22,24-26,30:B3,4,7,8,11,13,14,17,21",
                   played="f6-e5", recommended="c5-d4", depth=8, men=3),
    "isolada": dict(chapter="08", source=("С. Соколов", 4), fen="W:W18,19,21,23,25-32:B1-7,9-12,16",
                    played="a3-b4", recommended="d4-c5", depth=8, men=3),
    "fundo": dict(chapter="08", source=("В. Лисенко", 19), fen="B:W13,14,18,20,22,24,26,28,30-32:B1,2,4-7,9,11,15,19",
                  played="h8-g7", recommended="c7-d6", depth=8, men=1),
    # the coach's turning point in chapter 08's review of a short game (the sixth trap): «depois dele,
    # você estava atrás (cerca de 1 pedra a menos). Melhor era b6-c5»; the position before it is level
    "revisao": dict(chapter="08-coach", source=None, fen="B:W17,21,22,25-28,30-32:B1-9,19",
                    played="e7-f6", recommended="b6-c5", depth=6, men=1,
                    moves="c3-b4 f6-e5 b2-c3 e5-f4 g3xe5 d6xf4 e3xg5 h6xf4 a1-b2 e7-f6 b4-c5 b6xd4 c3xg3"),
}


def _verdict(value, name):
    """An entry of VERDICTS: the moves compared, the depth and the printed number of men."""
    if not isinstance(value, dict) or not all(k in value for k in ("played", "recommended", "depth", "men")):
        raise refuse(name, "um veredito como os de VERDICTS (lances comparados, profundidade e pedras)", value)
    _move_or_text(value["played"], name + "['played']")
    _move_or_text(value["recommended"], name + "['recommended']")
    whole(value["depth"], name + "['depth']", 1, 40)
    number(value["men"], name + "['men']", 0)
    return value


def _found(value, name):
    """The gaps of confirm(): a non-empty dictionary of names and hundredths of a man."""
    if not isinstance(value, dict) or not value or not all(
            isinstance(k, str) and type(v) in (int, float) for k, v in value.items()):
        raise refuse(name, "as diferenças dadas por confirm (um dicionário de nomes e números)", value)
    return value


@checked(verdict=_verdict, seconds=number_spec(0.01, 3600))
def confirm(board, verdict: dict, seconds: float = SECONDS) -> dict:
    """The three gaps of :func:`gaps` for one entry of :data:`VERDICTS`."""
    return gaps(board, verdict["played"], verdict["recommended"], depth=verdict["depth"], seconds=seconds)


@checked(found=_found, verdict=_verdict)
def survives(found: dict, verdict: dict) -> bool:
    """True if the gaps ``found`` (:func:`confirm`) say what the printed verdict says: «cerca de N
    pedras» (N = ``men``) at the printed depth and 4 plies deeper, i.e. half a man or more and within
    :data:`ABOUT` of N men; half a man or more on the clock (another evaluation, another scale)."""
    fixed = [v for k, v in found.items() if k.startswith("profundidade")]
    timed = [v for k, v in found.items() if not k.startswith("profundidade")]
    return (all(v >= 50 and abs(v - 100 * verdict["men"]) <= ABOUT for v in fixed)
            and all(v >= 50 for v in timed))

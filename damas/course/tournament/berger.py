"""Round robin by the Berger tables (FIDE Handbook C.05, Annex 1).

Every player meets every other once.  With ``n`` players (``n`` even) there are ``n - 1`` rounds
of ``n / 2`` games; with an odd ``n`` a «ghost» player ``n + 1`` is added and whoever meets it has
the round off (FIDE: «where there is an odd number of players, the highest number counts as a
bye»).  The tables are built by the rule that produces the published ones:

* players ``1 .. n-1`` sit on a ring and ``n`` stays out of it;
* in round ``r`` the player ``1 + (r - 1) * n/2`` (counted round the ring) meets ``n`` on board 1,
  with White in odd rounds and Black in even ones (so ``n`` alternates too);
* on board ``k + 1`` the player ``k`` places after him on the ring has White against the player
  ``k`` places before him.

:func:`berger_round` gives round ``r`` as a list of (white, black) pairing numbers;
``tests/course/tournament/test_berger.py`` compares every table from 3 to 16 players with the
published ones.
"""

from __future__ import annotations

from damas.rules.args import whole

__all__ = ["berger_rounds", "berger_round", "round_count", "MAX_PLAYERS"]

MAX_PLAYERS = 1000      # a round robin of more would take years of Sundays


def round_count(players: int) -> int:
    """How many rounds a round robin of ``players`` takes."""
    whole(players, "players (o número de jogadores)", 2, MAX_PLAYERS)
    return players - 1 if players % 2 == 0 else players


def berger_rounds(players: int) -> list[list[tuple[int, int]]]:
    """Every round of the Berger table for ``players`` (2 or more): [[(white, black), ...], ...],
    pairing numbers from 1; with an odd number the boards with ``players + 1`` (the round off) are
    kept, so that the caller knows who rests."""
    whole(players, "players (o número de jogadores)", 2, MAX_PLAYERS)
    n = players + players % 2
    half, ring = n // 2, n - 1                 # players 1 .. n-1 turn round a ring; n stays

    def on_ring(k: int) -> int:
        return (k - 1) % ring + 1

    rounds = []
    for r in range(1, n):
        top = on_ring(1 + (r - 1) * half)      # who meets the fixed player n
        pairs = [(top, n) if r % 2 == 1 else (n, top)]
        pairs += [(on_ring(top + k), on_ring(top - k)) for k in range(1, half)]
        rounds.append(pairs)
    return rounds


def berger_round(players: int, number: int) -> list[tuple[int, int]]:
    """Round ``number`` (from 1) of the Berger table for ``players``."""
    whole(players, "players (o número de jogadores)", 2, MAX_PLAYERS)
    whole(number, "number (a rodada)", 1, round_count(players))
    return berger_rounds(players)[number - 1]

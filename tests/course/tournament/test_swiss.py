"""Swiss pairings: 1,000 random tournaments never pair a couple twice and keep every colour
difference within ±2 (and no colour three times in a row); a round is refused only when an
exhaustive search finds no pairing within the rules either.

The tournaments are random but seeded (one seed per tournament): random sizes (3 to 16 players),
random numbers of rounds, random results (wins, draws, W.O.), byes for odd numbers, withdrawals and
late entries between rounds.  The whole file runs in a few seconds (marked slow)."""

from __future__ import annotations

import itertools
import random

import pytest

from damas.course.tournament import model
from damas.course.tournament._matching import Matching
from damas.course.tournament.standings import history
from damas.course.tournament.swiss import Entrant, PairingError, allowed_colours, pair_round

pytestmark = pytest.mark.slow


def _exists(entrants) -> bool:
    """Whether some pairing within the rules exists (brute force, for a few players)."""
    players = list(entrants)

    def ok(a, b):
        return (b.number not in a.opponents
                and any({"W": "B", "B": "W"}[c] in allowed_colours(b.colours) for c in allowed_colours(a.colours)))

    def perfect(rest):
        if not rest:
            return True
        a = rest[0]
        return any(ok(a, b) and perfect([x for x in rest[1:] if x is not b]) for b in rest[1:])

    if len(players) % 2 == 0:
        return perfect(players)
    fresh = [p for p in players if not p.had_bye] or players
    return any(perfect([p for p in players if p is not bye]) for bye in fresh)


def _check_round(t: model.Tournament) -> None:
    rnd = t.rounds[-1]
    seen = [x for g in rnd.games for x in (g.white, g.black)] + ([rnd.bye] if rnd.bye else [])
    assert len(seen) == len(set(seen))
    assert set(seen) == {p.number for p in t.players if p.plays_in(rnd.number)}


def _check_history(t: model.Tournament) -> None:
    pairs = [frozenset((g.white, g.black)) for r in t.rounds for g in r.games]
    assert len(pairs) == len(set(pairs)), "a couple met twice"
    byes = [r.bye for r in t.rounds if r.bye]
    for p in t.players:
        colours = [i.colour for i in history(t, p.number) if i.kind == "jogo"]
        diff = colours.count("W") - colours.count("B")
        assert abs(diff) <= 2, (p, colours)
        assert not any(colours[k] == colours[k + 1] == colours[k + 2] for k in range(len(colours) - 2)), colours
    assert len(byes) == len(set(byes)) or len(t.players) <= len(t.rounds), "a second bye"


def _random_tournament(seed: int) -> tuple[int, int]:
    rng = random.Random(seed)
    n = rng.randint(3, 16)
    most = n - 1 + n % 2
    data = model.new_data(f"T{seed}", [f"P{k}" for k in range(n)], rounds=rng.randint(1, min(most, 9)),
                          scoring=rng.choice(["2-1-0", "1-meio-0"]))
    refused = paired = 0
    for r in range(1, data["rodadas"] + 1):
        t = model.Tournament(data)
        active = [p for p in t.players if p.plays_in(r)]
        if rng.random() < 0.15 and len(active) > 3:
            model.withdraw(data, rng.choice(active).number)
        if rng.random() < 0.1:
            model.add_players(data, [f"L{seed}-{r}"])
        t = model.Tournament(data)
        try:
            model.pair_next(data)
        except model.TournamentError:
            entrants = model._entrants(t, r)
            assert len(entrants) <= 14 and not _exists(entrants), f"seed {seed}: refused a pairable round"
            refused += 1
            break
        paired += 1
        t = model.Tournament(data)
        _check_round(t)
        _check_history(t)
        for g in t.rounds[-1].games:
            model.record(data, r, g.board, rng.choice(["brancas", "empate", "pretas", "brancas", "pretas",
                                                       "brancas-wo"]))
    return paired, refused


def test_a_thousand_random_tournaments_keep_the_rules():
    paired = refused = 0
    for seed in range(1000):
        p, r = _random_tournament(seed)
        paired += p
        refused += r
    assert paired > 3000           # the tournaments really ran
    print(f"{paired} rounds paired, {refused} refused (each refusal confirmed by exhaustive search)")


def test_small_rounds_are_paired_exactly_when_possible():
    rng = random.Random(7)
    checked = 0
    for _ in range(400):
        n = rng.randint(2, 9)
        players = []
        for k in range(1, n + 1):
            colours = []
            for _r in range(rng.randint(0, 4)):
                options = sorted(allowed_colours(colours))
                colours.append(rng.choice(options))
            players.append(Entrant(k, rng.randint(0, 8), colours,
                                   {j for j in range(1, n + 1) if j != k and rng.random() < 0.35},
                                   rng.random() < 0.3))
        for a in players:                       # «met» is symmetric
            for b in a.opponents:
                players[b - 1].opponents.add(a.number)
        possible = _exists(players)
        try:
            pairs, bye = pair_round(players)
        except PairingError:
            assert not possible
            continue
        checked += 1
        assert possible
        used = [x for p in pairs for x in p] + ([bye] if bye else [])
        assert sorted(used) == list(range(1, n + 1))
        for w, b in pairs:
            assert b not in players[w - 1].opponents
            assert "W" in allowed_colours(players[w - 1].colours) and "B" in allowed_colours(players[b - 1].colours)
    assert checked > 100


def test_the_top_half_meets_the_bottom_half_in_round_one():
    pairs, bye = pair_round([Entrant(k) for k in range(1, 9)])
    assert pairs == [(1, 5), (6, 2), (3, 7), (8, 4)] and bye is None
    pairs, bye = pair_round([Entrant(k) for k in range(1, 10)])
    assert bye == 9 and pairs[0] == (1, 5)


def test_the_bye_goes_to_the_lowest_player_without_one():
    players = [Entrant(k, score=4 - k // 3) for k in range(1, 6)]
    players[4].had_bye = True
    _pairs, bye = pair_round(players)
    assert bye == 4


def test_matching_repairs_and_refuses():
    # a path 0-1-2-3: the perfect matching is 0-1, 2-3; fixing 1-2 would leave 0 and 3 alone
    m = Matching([{1}, {0, 2}, {1, 3}, {2}])
    assert not m.unmatched()
    assert not m.fix(1, 2)
    assert m.fix(0, 1) and m.fix(2, 3)
    # a blossom: a triangle 0-1-2 with a tail 2-3 and 0-4-5
    edges = {(0, 1), (1, 2), (0, 2), (2, 3), (0, 4), (4, 5)}
    nb = [set() for _ in range(6)]
    for a, b in edges:
        nb[a].add(b)
        nb[b].add(a)
    m = Matching(nb)
    assert not m.unmatched()
    for n in range(2, 9):                           # agrees with brute force on random graphs
        rng = random.Random(n)
        for _ in range(50):
            nb = [set() for _ in range(n)]
            for a, b in itertools.combinations(range(n), 2):
                if rng.random() < 0.4:
                    nb[a].add(b)
                    nb[b].add(a)
            best = max((k for k in range(n // 2 + 1) for combo in itertools.combinations(
                itertools.combinations(range(n), 2), k)
                if all(b in nb[a] for a, b in combo) and len({x for e in combo for x in e}) == 2 * k), default=0)
            assert n - len(Matching(nb).unmatched()) == 2 * best

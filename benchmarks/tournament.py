"""The class tournament at scale: Swiss pairings of a class (40) and a school festival (300).

    python3 benchmarks/tournament.py                        # 40 and 300 players, 7 rounds
    python3 benchmarks/tournament.py --players 40 300 1000 --rounds 7 --seed 1

For each size, a tournament file is created in a temporary folder and played as the teacher's app
plays it (:class:`damas.course.tournament.TournamentFile`): each round is paired
(``pair_next``: read the file under its lock, pair, write it atomically) and every board gets a
result drawn by a seeded random generator (wins for White and Black and draws, one in ten a draw).
It prints, per round, the time of the pairing alone (:func:`damas.course.tournament.swiss.pair_round`
on the same players, the algorithm) and of the whole ``pair_next`` (the file's read, check and
write included), the byes, and at the end the peak memory of the pairing (``tracemalloc``: the
Python objects allocated while pairing the largest round) and of the process (``ru_maxrss``).
Every round is checked: nobody meets an opponent twice and every colour difference stays within ±2.

Target (issue 47): under 1 s a round for 300 players on the project's machine (2 cores).  The
figures depend on the machine and on what else runs on it: the load average is printed with them.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from damas.course.tournament import TournamentFile  # noqa: E402
from damas.course.tournament.model import _entrants  # noqa: E402
from damas.course.tournament.standings import history  # noqa: E402
from damas.course.tournament.swiss import pair_round  # noqa: E402


def _ms(seconds: float) -> str:
    """Milliseconds the Brazilian way: «1.234,5 ms»."""
    whole, tenth = divmod(round(seconds * 10000), 10)
    return f"{_thousands(whole)},{tenth} ms"


def _thousands(n: int) -> str:
    return f"{n:,}".replace(",", ".")


def run(players: int, rounds: int, seed: int, folder: Path) -> dict:
    rng = random.Random(seed)
    file = TournamentFile.create(folder / f"festival-{players}.json", f"Festival de {players}",
                                 [f"Jogador {k:03d}" for k in range(1, players + 1)], rounds=rounds)
    out = {"pairing": [], "pair_next": [], "peak_kib": 0}
    for r in range(1, rounds + 1):
        t = file.read()
        entrants = _entrants(t, r)
        start = time.perf_counter()
        pair_round(entrants, r)
        out["pairing"].append(time.perf_counter() - start)
        tracemalloc.start()                       # the memory in a second run (tracemalloc slows it)
        pair_round(entrants, r)
        out["peak_kib"] = max(out["peak_kib"], tracemalloc.get_traced_memory()[1] // 1024)
        tracemalloc.stop()
        start = time.perf_counter()
        file.pair_next()
        out["pair_next"].append(time.perf_counter() - start)
        t = file.read()
        rnd = t.rounds[-1]
        for g in rnd.games:
            file.change(lambda d, g=g: d["lancamentos"].append(
                {"id": f"{r}-{g.board}", "rodada": r, "mesa": g.board,
                 "resultado": rng.choice(["brancas"] * 9 + ["pretas"] * 9 + ["empate"] * 2)}))
        print(f"  rodada {r}: emparelhamento {_ms(out['pairing'][-1])}; com o arquivo "
              f"{_ms(out['pair_next'][-1])}; {len(rnd.games)} mesas"
              + (f", folga do nº {rnd.bye}" if rnd.bye else ""), flush=True)
    t = file.read()
    pairs = [frozenset((g.white, g.black)) for rnd in t.rounds for g in rnd.games]
    assert len(pairs) == len(set(pairs)), "a pair met twice"
    for p in t.players:
        colours = [i.colour for i in history(t, p.number) if i.kind == "jogo"]
        assert abs(colours.count("W") - colours.count("B")) <= 2, colours
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="+", default=[40, 300])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(f"carga média no início: {os.getloadavg()[0]:.2f} (2 núcleos)".replace(".", ","))
    with tempfile.TemporaryDirectory() as tmp:
        for n in args.players:
            print(f"{n} jogadores, {args.rounds} rodadas (sistema suíço):")
            out = run(n, args.rounds, args.seed, Path(tmp))
            worst, total = max(out["pairing"]), sum(out["pairing"])
            print(f"  pior rodada: {_ms(worst)} (emparelhamento), {_ms(max(out['pair_next']))} (com o "
                  f"arquivo); as {args.rounds} rodadas: {_ms(total)}; pico de memória do emparelhamento: "
                  f"{_thousands(out['peak_kib'])} KiB")
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(f"memória máxima do processo (ru_maxrss): {rss // 1024} MiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""How a full run spent its pytest-xdist workers, from the file ``DAMAS_TIMELINE`` names.

    DAMAS_TIMELINE=/tmp/linha.tsv pytest
    python scripts/test_timeline.py /tmp/linha.tsv            # per worker, and the end of the run
    python scripts/test_timeline.py /tmp/linha.tsv --over 20   # and every test over 20 s, in order

The root ``conftest.py`` writes one line per test phase (worker, start, stop, phase, test).  This
prints, per worker, when it started and stopped, the seconds it spent in tests and how many it ran;
how long the first worker to finish waited for the last; each worker's last tests; and, with
``--over``, the tests that took longer than that many seconds (setup, call and teardown together),
by the time they started.
"""

from __future__ import annotations

import argparse
import collections
from pathlib import Path


def read(path: Path) -> list[tuple[str, float, float, str, str]]:
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        worker, start, stop, phase, test = line.split("\t", 4)
        rows.append((worker, float(start), float(stop), phase, test))
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", type=Path)
    parser.add_argument("--over", type=float, default=None, help="list the tests longer than this (s)")
    args = parser.parse_args(argv)
    rows = read(args.file)
    if not rows:
        print("nothing recorded")
        return 1
    t0 = min(r[1] for r in rows)
    workers: dict[str, list] = collections.defaultdict(list)
    for row in rows:
        workers[row[0]].append(row)
    ends = {}
    for worker, own in sorted(workers.items()):
        first, last = min(r[1] for r in own) - t0, max(r[2] for r in own) - t0
        busy = sum(r[2] - r[1] for r in own)
        ends[worker] = last
        print(f"{worker}: {first:7.1f} s to {last:7.1f} s, {busy:7.1f} s in tests, "
              f"{sum(1 for r in own if r[3] == 'call')} tests")
    print(f"the run: {max(ends.values()):.1f} s; the first worker to finish waited "
          f"{max(ends.values()) - min(ends.values()):.1f} s for the last")
    for worker, own in sorted(workers.items()):
        for r in sorted((r for r in own if r[3] == "call"), key=lambda r: r[2])[-3:]:
            print(f"  {worker} last: {r[1] - t0:7.1f} s to {r[2] - t0:7.1f} s  {r[4]}")
    if args.over is not None:
        spans: dict[str, list] = {}
        for worker, start, stop, _phase, test in rows:
            span = spans.setdefault(test, [start, stop, worker])
            span[0], span[1] = min(span[0], start), max(span[1], stop)
        for test, (start, stop, worker) in sorted(spans.items(), key=lambda kv: kv[1][0]):
            if stop - start > args.over:
                print(f"{worker} {start - t0:7.1f} s  {stop - start:6.1f} s  {test}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

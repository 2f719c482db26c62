"""Speed of the rules package, side by side with py-draughts.

    python3 benchmarks/rules.py            # full run (a minute or two)
    python3 benchmarks/rules.py --quick    # a few seconds

It measures, through each library's public API and with the same harness
(benchmarks/peer_harness.py):

* perft from the initial position (Brazilian depth 7, International depth 6),
  counting leaves at depth 0: every move of the last ply is pushed and popped,
  so the figure is "leaves per second" of legal moves + push + pop, no bulk
  counting; the leaf counts are checked against the published ones;
* microseconds per legal-move listing, over the 2,300 positions per variant
  of tests/data/crosscheck_*.json (a fresh board from the FEN for each
  listing, so no cache helps);
* the time of ``import damas`` (and ``import draughts``), median of several
  fresh interpreters, from ``python -X importtime``.

damas runs in this interpreter; py-draughts runs in its own virtual
environment (see benchmarks/README.md), found with --peer-python, the
DAMAS_PEER_PYTHON environment variable, or /opt/peers/pydr/bin/python.
Without it, only the damas figures are shown.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, ROOT)
sys.path.insert(0, HERE)

import peer_harness  # noqa: E402

DEFAULT_PEER = "/opt/peers/pydr/bin/python"

# Published perft counts from the initial position, depth 1.. (rules.md).
PUBLISHED = {
    "brazilian": (7, 49, 302, 1469, 7473, 37628, 187302, 907830, 4431766, 21560022),
    "international": (9, 81, 658, 4265, 27117, 167140, 1049442, 6483961, 41022423, 258895763),
}

HOW_TO_PEER = """\
py-draughts is not installed where expected ({path}).  Create its environment with
    python3 -m venv /opt/peers/pydr
    /opt/peers/pydr/bin/pip install "py-draughts==1.10.*"
or point --peer-python / DAMAS_PEER_PYTHON at a Python that has it.  Showing damas only."""


def import_time(python: str, module: str, runs: int) -> float | None:
    """Median cumulative import time of ``module`` (milliseconds) over
    ``runs`` fresh interpreters, from ``-X importtime``."""
    env = dict(os.environ, PYTHONPATH=ROOT)
    times = []
    subprocess.run([python, "-c", f"import {module}"], capture_output=True, cwd=ROOT, env=env)  # warm the .pyc
    for _ in range(runs):
        proc = subprocess.run([python, "-X", "importtime", "-c", f"import {module}"],
                              capture_output=True, text=True, cwd=ROOT, env=env)
        if proc.returncode != 0:
            return None
        for line in proc.stderr.splitlines():
            parts = line.split("|")
            if len(parts) == 3 and parts[2].strip() == module:
                times.append(int(parts[1]) / 1000)
    return statistics.median(times) if times else None


def run_peer(python: str, tasks: list[str], repeat: int, limit: int | None) -> dict:
    cmd = [python, os.path.join(HERE, "peer_harness.py"), "--library", "py-draughts",
           "--repeat", str(repeat), "--data-dir", peer_harness.DEFAULT_DATA]
    for t in tasks:
        cmd += ["--task", t]
    if limit:
        cmd += ["--limit", str(limit)]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        raise SystemExit(f"peer harness failed:\n{proc.stderr}")
    return json.loads(proc.stdout)


def best_of(old: dict | None, new: dict) -> dict:
    """Merge two runs of the harness, keeping the faster figure of each task."""
    if old is None:
        return new
    for task, r in new["results"].items():
        o = old["results"][task]
        if "seconds" in r and r["seconds"] < o["seconds"]:
            old["results"][task] = r
        if "us_per_position" in r and r["us_per_position"] < o["us_per_position"]:
            old["results"][task] = r
    return old


def fmt(x: float | None, unit: str) -> str:
    if x is None:
        return "-"
    if unit == "n/s":
        return f"{x:,.0f}"
    return f"{x:,.1f}"


def main() -> None:
    ap = argparse.ArgumentParser(description="Speed of damas beside py-draughts.")
    ap.add_argument("--quick", action="store_true", help="short run: shallower perft, fewer repeats")
    ap.add_argument("--peer-python", default=os.environ.get("DAMAS_PEER_PYTHON", DEFAULT_PEER),
                    help="Python of the py-draughts venv (default: $DAMAS_PEER_PYTHON or %(default)s)")
    ap.add_argument("--brazilian-depth", type=int)
    ap.add_argument("--international-depth", type=int)
    ap.add_argument("--repeat", type=int, help="best of N runs for each measure")
    args = ap.parse_args()

    bd = args.brazilian_depth or (6 if args.quick else 7)
    idp = args.international_depth or (5 if args.quick else 6)
    repeat = args.repeat or (1 if args.quick else 3)
    limit = 500 if args.quick else None
    import_runs = 3 if args.quick else 9
    tasks = [f"perft:brazilian:{bd}", f"perft:international:{idp}", "movegen:brazilian", "movegen:international"]

    peer_ok = os.path.exists(args.peer_python)
    if peer_ok:
        check = subprocess.run([args.peer_python, "-c", "import draughts.boards.brazilian"], capture_output=True)
        peer_ok = check.returncode == 0

    # Rounds alternate damas and py-draughts, so that a burst of load from
    # another process does not fall on one library only; best of the rounds.
    ours, theirs = None, None
    for _ in range(repeat):
        ours = best_of(ours, peer_harness.run_tasks("damas", tasks, 1, peer_harness.DEFAULT_DATA, limit))
        if peer_ok:
            theirs = best_of(theirs, run_peer(args.peer_python, tasks, 1, limit))
    ours_import = import_time(sys.executable, "damas", import_runs)
    theirs_import = import_time(args.peer_python, "draughts", import_runs) if peer_ok else None

    print(f"damas {ours['version']} (Python {ours['python']})", end="")
    if theirs:
        print(f" beside py-draughts {theirs['version']} (Python {theirs['python']}, {args.peer_python})")
    else:
        print()
    print(f"CPU time of the process, best of {repeat} round(s); perft counts leaves at depth 0 (each last-ply move pushed and popped),"
          f" through legal moves / push / pop; movegen = first listing on a fresh board from FEN.")
    print()

    rows = []  # (label, damas value, peer value, unit, higher_is_better, note)
    problems = []
    for variant, depth in (("brazilian", bd), ("international", idp)):
        key = f"perft:{variant}:{depth}"
        pub = PUBLISHED[variant][depth - 1] if depth <= len(PUBLISHED[variant]) else None
        notes = []
        for name, res in (("damas", ours), ("py-draughts", theirs)):
            if res is None:
                continue
            leaves = res["results"][key]["leaves"]
            if pub is not None and leaves != pub:
                problems.append(f"{name} perft {variant} depth {depth} = {leaves}, published {pub}")
        ok = "ok" if not any(variant in p for p in problems) else "MISMATCH"
        label = f"perft {variant} d{depth} ({ours['results'][key]['leaves']:,} leaves, {ok}), leaves/s"
        rows.append((label, ours["results"][key]["leaves_per_second"],
                     theirs and theirs["results"][key]["leaves_per_second"], "n/s", True))
    for variant in ("brazilian", "international"):
        key = f"movegen:{variant}"
        r = ours["results"][key]
        label = f"legal moves, {variant} ({r['positions']} positions), us/position"
        rows.append((label, r["us_per_position"], theirs and theirs["results"][key]["us_per_position"], "us", False))
        if theirs and theirs["results"][key]["moves"] != r["moves"]:
            problems.append(f"movegen {variant}: {r['moves']} moves in total for damas, "
                            f"{theirs['results'][key]['moves']} for py-draughts")
    rows.append(("import time (median, -X importtime), ms", ours_import, theirs_import, "ms", False))

    width = max(len(r[0]) for r in rows)
    print(f"{'measure':<{width}}  {'damas':>12}  {'py-draughts':>12}  {'damas/py-draughts':>18}")
    for label, a, b, unit, higher in rows:
        ratio = f"{a / b:.2f}" if (a and b) else "-"
        better = " (higher is better)" if higher else " (lower is better)"
        print(f"{label:<{width}}  {fmt(a, unit):>12}  {fmt(b, unit):>12}  {ratio:>8}{better}")
    if not peer_ok:
        print()
        print(HOW_TO_PEER.format(path=args.peer_python))
    if problems:
        print()
        for p in problems:
            print("PROBLEM:", p)
        sys.exit(1)


if __name__ == "__main__":
    main()

"""Where a pytest run spends its time: run pytest, then print the time per folder and per file.

    python scripts/test_times.py                       # the full run, as CI does
    python scripts/test_times.py -m "not slow"         # the quick loop
    python scripts/test_times.py tests/browser -x      # any pytest arguments
    python scripts/test_times.py --json times.json -- -m "not slow"

pytest runs in this process, with a small plugin that adds up, for each test, the time of its
setup, call and teardown (so a fixture that starts a server is counted on the test that first asks
for it).  At the end the script prints:

* the wall time, the CPU time of the run's processes and the load average before and after,
  since the machine may be shared and a wall time alone says little.  The CPU time is that of
  this process and of every process started under it (kernels, servers, Chromium and its
  renderers, pytest-xdist's workers), read from /proc every half second, each process counted
  from its last reading (a process that lives less than half a second may be missed); where
  /proc is missing, only this process and the children it waited for (getrusage);
* a table per folder (``tests/browser``, ``tests/rules``, ..., ``notebooks`` for nbval) and the
  slowest files, with the number of tests and their seconds.

pytest's own ``--durations=25`` is added unless another ``--durations`` is given.  The exit code
is pytest's.  ``--json FILE`` writes the figures (per test too) to FILE.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import sys
import threading
import time
from collections import defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


class _Recorder:
    """A pytest plugin: seconds and outcome per test id (setup + call + teardown)."""

    def __init__(self):
        self.seconds: dict[str, float] = defaultdict(float)
        self.outcome: dict[str, str] = {}

    def pytest_runtest_logreport(self, report):
        self.seconds[report.nodeid] += report.duration
        if report.when == "call" or report.outcome != "passed":
            if self.outcome.get(report.nodeid) in (None, "passed"):
                self.outcome[report.nodeid] = report.outcome


def _folder(nodeid: str) -> str:
    """``tests/rules/test_board.py::x`` -> ``tests/rules``; ``notebooks/03_Tomada.ipynb::Cell 4``
    -> ``notebooks``; a file at the root of tests/ -> ``tests``."""
    path = nodeid.split("::", 1)[0]
    parent = str(Path(path).parent)
    return parent if parent != "." else path


def _cpu() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


class _TreeCPU:
    """The CPU seconds of this process and of all the processes started under it, read from
    /proc/<pid>/stat every ``period`` seconds.  A process stays counted once seen, even after
    its parent dies and it is given to init (Chromium's renderers, a server's kernels)."""

    def __init__(self, period: float = 0.5):
        self.period = period
        self.tick = os.sysconf("SC_CLK_TCK")
        self.seen: dict[tuple[int, int], float] = {}       # (pid, start time) -> CPU seconds
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)

    @staticmethod
    def available() -> bool:
        return os.path.exists(f"/proc/{os.getpid()}/stat")

    def _stats(self):
        for entry in os.scandir("/proc"):
            if not entry.name.isdigit():
                continue
            try:
                with open(f"/proc/{entry.name}/stat", "rb") as f:
                    data = f.read().decode("ascii", "replace")
            except OSError:
                continue
            fields = data[data.rindex(")") + 2:].split()       # after "pid (comm) "
            # fields[1]: ppid; [11], [12]: utime, stime; [19]: start time (clock ticks)
            yield int(entry.name), int(fields[1]), int(fields[11]) + int(fields[12]), int(fields[19])

    def sample(self):
        stats = {pid: (ppid, ticks, start) for pid, ppid, ticks, start in self._stats()}
        children: dict[int, list[int]] = {}
        for pid, (ppid, _ticks, _start) in stats.items():
            children.setdefault(ppid, []).append(pid)
        # this process, the processes seen before (the same ones: same start time), and all
        # the processes under them
        todo = [pid for pid, (_ppid, _ticks, start) in stats.items()
                if pid == os.getpid() or (pid, start) in self.seen]
        visited = set()
        while todo:
            pid = todo.pop()
            if pid in visited:
                continue
            visited.add(pid)
            _ppid, ticks, start = stats[pid]
            self.seen[(pid, start)] = ticks / self.tick
            todo.extend(children.get(pid, []))

    def _run(self):
        while not self.stop.wait(self.period):
            self.sample()

    def __enter__(self):
        self.sample()
        self.start = sum(self.seen.values())
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.stop.set()
        self.thread.join()
        self.sample()
        self.seconds = sum(self.seen.values()) - self.start


def _table(rows, title, limit=None):
    rows = sorted(rows, key=lambda r: -r[2])
    total = sum(r[2] for r in rows) or 1.0
    print(f"\n{title}")
    print(f"{'':48} {'tests':>6} {'seconds':>9} {'share':>6}")
    for name, count, seconds in rows[:limit]:
        print(f"{name[:48]:48} {count:6d} {seconds:9.1f} {seconds / total:6.1%}")
    if limit is not None and len(rows) > limit:
        rest = rows[limit:]
        print(f"{f'({len(rest)} more)':48} {sum(r[1] for r in rest):6d} {sum(r[2] for r in rest):9.1f}")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--json", type=Path, help="write the figures to this file")
    parser.add_argument("--files", type=int, default=15, help="how many of the slowest files to list")
    ours, pytest_args = parser.parse_known_args(argv)
    if pytest_args[:1] == ["--"]:
        pytest_args = pytest_args[1:]
    if not any(a.startswith("--durations") for a in pytest_args):
        pytest_args = ["--durations=25", *pytest_args]

    import pytest

    os.chdir(REPO)
    recorder = _Recorder()
    load_before = os.getloadavg()
    wall_start, cpu_start = time.monotonic(), _cpu()
    if _TreeCPU.available():
        with _TreeCPU() as tree:
            code = pytest.main(list(pytest_args), plugins=[recorder])
        cpu, how = tree.seconds, "this process and every process under it, from /proc"
    else:
        code = pytest.main(list(pytest_args), plugins=[recorder])
        cpu, how = _cpu() - cpu_start, "this process and the children it waited for"
    wall = time.monotonic() - wall_start
    load_after = os.getloadavg()

    folders: dict[str, list] = defaultdict(lambda: [0, 0.0])
    files: dict[str, list] = defaultdict(lambda: [0, 0.0])
    for nodeid, seconds in recorder.seconds.items():
        for table, key in ((folders, _folder(nodeid)), (files, nodeid.split("::", 1)[0])):
            table[key][0] += 1
            table[key][1] += seconds
    outcomes: dict[str, int] = defaultdict(int)
    for outcome in recorder.outcome.values():
        outcomes[outcome] += 1

    print("\n" + "=" * 72)
    print(f"pytest {' '.join(pytest_args)}  (exit {int(code)})")
    print(f"wall {wall / 60:.1f} min ({wall:.0f} s), CPU {cpu / 60:.1f} min ({cpu:.0f} s: {how}), "
          f"CPU/wall {cpu / wall if wall else 0:.2f}, {os.cpu_count()} cores")
    print(f"load average before {load_before[0]:.2f} {load_before[1]:.2f} {load_before[2]:.2f}, "
          f"after {load_after[0]:.2f} {load_after[1]:.2f} {load_after[2]:.2f}")
    print("tests: " + ", ".join(f"{n} {k}" for k, n in sorted(outcomes.items())))
    _table([(k, n, s) for k, (n, s) in folders.items()], "per folder (setup + call + teardown)")
    _table([(k, n, s) for k, (n, s) in files.items()], f"slowest {ours.files} files", limit=ours.files)
    if ours.json:
        ours.json.write_text(json.dumps({
            "args": pytest_args, "exit": int(code), "wall": round(wall, 1), "cpu": round(cpu, 1),
            "load_before": load_before, "load_after": load_after, "outcomes": outcomes,
            "folders": {k: {"tests": n, "seconds": round(s, 2)} for k, (n, s) in folders.items()},
            "tests": {k: round(s, 3) for k, s in recorder.seconds.items()},
        }, indent=1) + "\n", encoding="utf-8")
    return int(code)


if __name__ == "__main__":
    sys.exit(main())

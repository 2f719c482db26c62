"""A class on one server: N simulated students, each with a kernel of their own.

    python3 benchmarks/classroom.py                  # N = 30, then upward in steps until p95 >= 500 ms
    python3 benchmarks/classroom.py --students 30 --no-search
    python3 benchmarks/classroom.py --step 15 --max 120 --think 2 --json benchmarks/out/classroom.json

Each student, as in a lesson:

1. logs in: a Python kernel of their own (jupyter_client; ZeroMQ over Unix sockets, or with
   ``--transport tcp`` over 127.0.0.1 only, as Jupyter Server does) is started;
   all N start at once (the worst case: the whole class clicks the link together) or, with
   ``--login-window S``, at times spread over S seconds;
2. runs chapter 03 (``notebooks/03_Tomada.ipynb``) cell by cell in that kernel, as "Run all";
3. plays 20 moves (plies) on a board widget through its Python API, ``BoardWidget.click(square)``:
   two clicks per move (the piece, then its destination), with a think time between clicks
   (``--think``, 1 to 3 s by default, seeded), the moves drawn from the legal ones by a seeded
   choice, different for each student.

A click is timed from the request sent to the widget's new state received on the kernel's IOPub
channel (the ``comm`` update a browser would draw), and checked: after the second click of a move
the state's ``fen`` must be the position computed here by the rules package.

It prints, for each N: the time until all kernels are up (target: under 2 minutes), the chapter's
run time, p50 and p95 of click-to-new-state, the memory per student (PSS and RSS of the kernel
process, read from /proc after the chapter and the moves), and finally the largest N whose p95 is
under 500 ms with every kernel up in time and no error.  With JupyterHub each student also has a
Jupyter server of their own: its memory is measured once (one idle ``jupyter lab``) and added.

The figures depend on the machine and on what else runs on it: the load average at the start is
printed with them.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from damas import Board  # noqa: E402

CHAPTER = ROOT / "notebooks" / "03_Tomada.ipynb"
P95_TARGET = 0.5          # seconds
LOGIN_TARGET = 120.0      # seconds until every kernel is up
MOVES = 20
SETUP = ("from damas import Game as _Game\nfrom damas.widget.board import BoardWidget as _BW\n"
         "_aula = _BW(_Game())\n_aula.comm.comm_id")


def chapter_cells(path: Path = CHAPTER) -> list[str]:
    notebook = json.loads(path.read_text(encoding="utf-8"))
    return ["".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == "code"]


def plan_moves(seed: int, plies: int = MOVES) -> list[tuple[int, int, str]]:
    """(start, end, fen after) for ``plies`` moves, each a move that two clicks make unambiguously
    (no other legal move shares its start and end); a new game starts if one ends."""
    rng = random.Random(seed)
    board, plan = Board(), []
    while len(plan) < plies:
        moves = board.legal_moves()
        clickable = [m for m in moves if sum((x.start, x.end) == (m.start, m.end) for x in moves) == 1]
        if not clickable:
            board = Board()
            plan.append(None)            # the student presses "Nova partida"
            continue
        move = rng.choice(clickable)
        board.push(move)
        plan.append((move.start, move.end, board.fen()))
    return plan


def memory_kb(pid: int) -> tuple[int, int]:
    """(PSS, RSS) of a process in kB, from /proc (0, 0 when unreadable)."""
    pss = rss = 0
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                pss = int(line.split()[1])
            elif line.startswith("Rss:"):
                rss = int(line.split()[1])
    except OSError:
        pass
    return pss, rss


def available_mb() -> int:
    for line in Path("/proc/meminfo").read_text().splitlines():
        if line.startswith("MemAvailable:"):
            return int(line.split()[1]) // 1024
    return 0


def server_memory_mb() -> tuple[float, float] | None:
    """(PSS, RSS) in MB of one idle Jupyter server (``jupyter lab``, what JupyterHub starts for each
    student beside the kernel), on a free 127.0.0.1 port after its page was asked for; None if it
    cannot start."""
    import socket
    import subprocess
    import urllib.request
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    with tempfile.TemporaryDirectory(prefix="damas-server-") as root:
        proc = subprocess.Popen(
            [sys.executable, "-m", "jupyterlab", "--allow-root", "--no-browser", "--ip=127.0.0.1",
             f"--port={port}", f"--ServerApp.root_dir={root}", "--IdentityProvider.token=",
             "--ServerApp.password="], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            env=dict(os.environ, JUPYTER_RUNTIME_DIR=root))
        try:
            url = f"http://127.0.0.1:{port}"
            for _ in range(240):
                try:
                    urllib.request.urlopen(url + "/api/status", timeout=2).read()
                    break
                except OSError:
                    if proc.poll() is not None:
                        return None
                    time.sleep(0.5)
            else:
                return None
            for path in ("/lab", "/api/contents", "/lab/api/settings", "/api/kernelspecs"):
                urllib.request.urlopen(url + path, timeout=30).read()
            pss, rss = memory_kb(proc.pid)
            return round(pss / 1024, 1), round(rss / 1024, 1)
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()


class Student:
    def __init__(self, number: int, think: tuple[float, float], seed: int, transport: str, folder: Path):
        self.number = number
        self.transport = transport
        self.folder = folder
        self.log = None
        self.think = think
        self.rng = random.Random(seed * 1000 + number)
        self.plan = plan_moves(seed * 1000 + number)
        self.km = None
        self.kc = None
        self.up_at = None
        self.chapter_time = None
        self.clicks: list[float] = []
        self.errors: list[str] = []
        self.memory = (0, 0)

    async def start(self, t0: float, delay: float):
        from jupyter_client.manager import AsyncKernelManager
        await asyncio.sleep(delay)
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
        env["MPLBACKEND"] = "Agg"
        self.km = AsyncKernelManager(kernel_name="python3")
        if self.transport == "ipc":         # Unix sockets: no network, no port to collide
            self.km.transport = "ipc"
            self.km.ip = str(self.folder / f"kernel-{self.number}")
        else:
            self.km.transport = "tcp"
            self.km.ip = "127.0.0.1"        # loopback only
        self.km.connection_file = str(self.folder / f"kernel-{self.number}.json")
        self.log = open(self.folder / f"kernel-{self.number}.log", "wb")
        await self.km.start_kernel(cwd=str(CHAPTER.parent), env=env, stdout=self.log, stderr=self.log)
        self.kc = self.km.client()
        self.kc.start_channels()
        await self.kc.wait_for_ready(timeout=LOGIN_TARGET * 3)
        self.up_at = time.perf_counter() - t0

    async def execute(self, code: str, wait_state=None):
        """Run ``code``; return (seconds until the awaited comm state arrived, or until idle,
        the last state update seen, error text or None)."""
        sent = time.perf_counter()
        msg_id = self.kc.execute(code, store_history=False)
        got_state, state, error = None, {}, None
        while True:
            msg = await self.kc.get_iopub_msg(timeout=600)
            if msg["parent_header"].get("msg_id") != msg_id:
                continue
            kind = msg["header"]["msg_type"]
            if kind == "comm_msg" and msg["content"]["data"].get("method") == "update":
                state.update(msg["content"]["data"].get("state", {}))
                if got_state is None and wait_state is not None and wait_state(state):
                    got_state = time.perf_counter() - sent
            elif kind == "error":
                error = f"{msg['content']['ename']}: {msg['content']['evalue']}"
            elif kind == "status" and msg["content"]["execution_state"] == "idle":
                break
        reply = await self.kc.get_shell_msg(timeout=600)
        while reply["parent_header"].get("msg_id") != msg_id:
            reply = await self.kc.get_shell_msg(timeout=600)
        if reply["content"]["status"] != "ok" and error is None:
            error = reply["content"].get("ename", "error")
        return (got_state if got_state is not None else time.perf_counter() - sent), state, error

    async def lesson(self):
        began = time.perf_counter()
        for i, code in enumerate(chapter_cells()):
            _t, _s, error = await self.execute(code)
            if error:
                self.errors.append(f"chapter cell {i + 1}: {error}")
                return
        self.chapter_time = time.perf_counter() - began
        _t, _s, error = await self.execute(SETUP)
        if error:
            self.errors.append(f"widget: {error}")
            return
        for step in self.plan:
            if step is None:
                await self.execute("_aula.new_game()")
                continue
            start, end, fen = step
            for square, check in ((start, lambda s, q=start: s.get("selected") == q),
                                  (end, lambda s, f=fen: s.get("fen") == f)):
                await asyncio.sleep(self.rng.uniform(*self.think))
                seconds, state, error = await self.execute(f"_aula.click({square})", wait_state=check)
                if error or not check(state):
                    self.errors.append(f"click {square}: {error or 'state not reached'} ({state.get('fen')})")
                    return
                self.clicks.append(seconds)
        self.memory = memory_kb(self.km.provisioner.process.pid)

    async def stop(self):
        if self.kc is not None:
            self.kc.stop_channels()
        if self.km is not None:
            try:
                await self.km.shutdown_kernel(now=True)
            except Exception:        # a kernel that died is already gone
                pass
        if self.log is not None:
            self.log.close()


def percentile(values, q):
    values = sorted(values)
    if not values:
        return float("nan")
    index = min(len(values) - 1, max(0, round(q / 100 * (len(values) - 1))))
    return values[index]


async def run_class(n: int, think, login_window: float, seed: int, transport: str = "ipc") -> dict:
    with tempfile.TemporaryDirectory(prefix="damas-classroom-") as folder:
        return await _run_class(n, think, login_window, seed, transport, Path(folder))


async def _run_class(n, think, login_window, seed, transport, folder) -> dict:
    students = [Student(i, think, seed, transport, folder) for i in range(n)]
    t0 = time.perf_counter()
    delays = [login_window * i / max(1, n - 1) if login_window else 0.0 for i in range(n)]
    try:
        started = await asyncio.gather(*(s.start(t0, d) for s, d in zip(students, delays)),
                                       return_exceptions=True)
        failed = [f"student {s.number}: {r!r}" for s, r in zip(students, started) if isinstance(r, Exception)]
        all_up = time.perf_counter() - t0
        if not failed:
            await asyncio.gather(*(s.lesson() for s in students))
    finally:
        await asyncio.gather(*(s.stop() for s in students), return_exceptions=True)
    clicks = [c for s in students for c in s.clicks]
    errors = failed + [f"student {s.number}: {e}" for s in students for e in s.errors]
    chapters = [s.chapter_time for s in students if s.chapter_time is not None]
    memories = [s.memory for s in students if s.memory[0]]
    return {
        "students": n,
        "all_kernels_up_s": round(all_up, 2),
        "chapter_p50_s": round(statistics.median(chapters), 2) if chapters else None,
        "chapter_max_s": round(max(chapters), 2) if chapters else None,
        "clicks": len(clicks),
        "click_p50_ms": round(percentile(clicks, 50) * 1000, 1) if clicks else None,
        "click_p95_ms": round(percentile(clicks, 95) * 1000, 1) if clicks else None,
        "click_max_ms": round(max(clicks) * 1000, 1) if clicks else None,
        "pss_per_student_mb": round(statistics.mean(m[0] for m in memories) / 1024, 1) if memories else None,
        "rss_per_student_mb": round(statistics.mean(m[1] for m in memories) / 1024, 1) if memories else None,
        "errors": errors[:10],
        "error_count": len(errors),
    }


def holds(result: dict) -> bool:
    return (result["error_count"] == 0 and result["all_kernels_up_s"] <= LOGIN_TARGET
            and result["click_p95_ms"] is not None and result["click_p95_ms"] < P95_TARGET * 1000)


def report(result: dict) -> None:
    print(f"N = {result['students']:>3}: all kernels up in {result['all_kernels_up_s']:.1f} s; "
          f"chapter 03 p50 {result['chapter_p50_s']} s (max {result['chapter_max_s']} s); "
          f"click to new state p50 {result['click_p50_ms']} ms, p95 {result['click_p95_ms']} ms "
          f"(max {result['click_max_ms']} ms, {result['clicks']} clicks); memory per student "
          f"{result['pss_per_student_mb']} MB PSS ({result['rss_per_student_mb']} MB RSS); "
          f"errors {result['error_count']}" + ("" if holds(result) else "  <- does not hold"), flush=True)
    for error in result["errors"]:
        print("   ", error)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description="N simulated students, each with their own kernel.")
    parser.add_argument("--students", type=int, default=30, help="first N (default 30)")
    parser.add_argument("--step", type=int, default=15, help="N grows by this much (default 15)")
    parser.add_argument("--max", type=int, default=150, help="largest N tried (default 150)")
    parser.add_argument("--no-search", action="store_true", help="only the first N")
    parser.add_argument("--think", type=float, nargs=2, default=(1.0, 3.0), metavar=("MIN", "MAX"),
                        help="seconds between two clicks of a student (default 1 3)")
    parser.add_argument("--login-window", type=float, default=0.0,
                        help="spread the logins over this many seconds (default 0: all at once)")
    parser.add_argument("--min-free-mb", type=int, default=3000,
                        help="stop the search when the machine would have less free memory than this")
    parser.add_argument("--transport", choices=("ipc", "tcp"), default="ipc",
                        help="kernel sockets: ipc (Unix sockets, default) or tcp on 127.0.0.1")
    parser.add_argument("--no-server", action="store_true",
                        help="skip the memory of one idle Jupyter server (measured once, beside the kernels)")
    parser.add_argument("--seed", type=int, default=14)
    parser.add_argument("--json", type=Path, help="also write the figures here")
    args = parser.parse_args(argv)

    print(f"machine: {os.cpu_count()} cores, {available_mb()} MB available, "
          f"load average {' '.join(f'{x:.1f}' for x in os.getloadavg())} (other work included)", flush=True)
    server = None if args.no_server else server_memory_mb()
    if server:
        print(f"one idle Jupyter server (jupyter lab, started per student by JupyterHub): "
              f"{server[0]} MB PSS ({server[1]} MB RSS)", flush=True)
    results, best, n, stop = [], None, args.students, ""
    while n <= args.max:
        result = asyncio.run(run_class(n, tuple(args.think), args.login_window, args.seed, args.transport))
        result["load_average_after"] = [round(x, 1) for x in os.getloadavg()]
        results.append(result)
        report(result)
        if not holds(result):
            break
        best = n
        if args.no_search:
            break
        per_student = (result["pss_per_student_mb"] or 100) * 1.3
        if available_mb() - per_student * (n + args.step) < args.min_free_mb:
            print(f"stop: N = {n + args.step} would leave less than {args.min_free_mb} MB free", flush=True)
            stop = " (at least: the search stopped on free memory, not on time)"
            break
        n += args.step
    else:
        stop = f" (at least: --max {args.max} reached)" if best is not None and not args.no_search else ""
    if server and results and results[0]["pss_per_student_mb"]:
        print(f"memory per student with JupyterHub: kernel {results[0]['pss_per_student_mb']} MB + server "
              f"{server[0]} MB = {results[0]['pss_per_student_mb'] + server[0]:.0f} MB (PSS)")
    if best is None:
        print(f"largest N with p95 under {P95_TARGET * 1000:.0f} ms: none of those tried (from N = {args.students})")
    else:
        print(f"largest N with p95 under {P95_TARGET * 1000:.0f} ms and every kernel up within "
              f"{LOGIN_TARGET:.0f} s: {best}" + (" (only this N was tried)" if args.no_search else stop))
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps({"results": results, "largest_n": best,
                                         "server_pss_rss_mb": server}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""SIGKILL in the middle of every write of the package (issue 44, items 3 and 7).

Each operation runs in a real process that kills itself (SIGKILL: nothing can catch it) at a
chosen call of the file system (:mod:`faults`): the calls of one run are counted first, then a
seeded sample of them is hit (all of them with ``scripts/fault_sweep.py --long``).  After each kill
the file the operation writes is whole, the old one or the new one, never cut; the next run of the
operation succeeds and leaves no temporary file.  Then several processes save into one progress
file at once while others kill them at random (seeded) moments: every save a process finished
(and said so) is on disk at the end.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest

import faults
from faults import count_calls, kill_points, killed, leftovers, run_child, seeded

pytestmark = pytest.mark.slow

SAMPLE = int(os.environ.get("DAMAS_FAULT_KILLS", "10"))   # kills per operation in CI (None: all)


def _sweep(folder, setup, operation, check, prepare, rng, **env):
    """Kill ``operation`` at each sampled call; ``prepare()`` resets the folder, ``check(out)``
    checks it after each kill.  Returns the number of kills."""
    prepare()
    total = count_calls(setup, operation, folder, **env)
    kills = 0
    for point in kill_points(total, SAMPLE or None, rng):
        prepare()
        out = run_child(setup, operation, folder, point, **env)
        assert killed(out), (point, out.returncode, out.stderr[-2000:])
        check(point)
        kills += 1
    faults.report("kills", operation=operation.split("(")[0], calls=total, kills=kills)
    return total, kills


# -- a progress file ---------------------------------------------------------------------------------
PROGRESS_SETUP = "from damas.course.kit.progress import Progress\np = Progress('ana', folder='.')"


@pytest.mark.parametrize("operation, start", [
    ("p.record_stars('tomada/nova', 3)", "full"),
    ("p.record_attempt('problemas/novo', 'primeira')", "full"),
    ("p.record_stars('tomada/nova', 3)", "none"),          # the very first save
    ("p.record_stars('tomada/nova', 3)", "version2"),      # the save that writes .bak, .v2 and the file
])
def test_a_progress_save_killed_at_any_step_leaves_the_file_whole(tmp_path, operation, start):
    rng = seeded(1)
    old = faults.full_progress()
    v2 = {**{k: v for k, v in old.items() if k not in ("futuro", "versao_minima")}, "versao": 2}
    content = {"full": faults.json_bytes(old), "version2": faults.json_bytes(v2), "none": None}[start]

    def prepare():
        for p in tmp_path.iterdir():
            p.unlink()
        if content is not None:
            (tmp_path / "ana.json").write_bytes(content)

    def check(point):
        path = tmp_path / "ana.json"
        if content is None and not path.exists():
            return
        data = json.loads(path.read_text(encoding="utf-8"))          # whole: it parses
        if path.read_bytes() != content:                               # the new one, with everything
            before = json.loads(content) if content else {"estrelas": {}, "problemas": {}}
            assert set(before["estrelas"]) <= set(data["estrelas"]), point
            assert data["problemas"] == before["problemas"], point
            if content is not None and start == "full":
                assert data["futuro"] == old["futuro"], point
        for kept in ("ana.json.bak", "ana.json.v2"):
            if (tmp_path / kept).exists():
                assert (tmp_path / kept).read_bytes() in (content, path.read_bytes()) or \
                    json.loads((tmp_path / kept).read_text(encoding="utf-8")), point
        again = run_child(PROGRESS_SETUP, "p.record_stars('tomada/depois', 1)", tmp_path)
        assert again.returncode == 0, (point, again.stderr)
        assert leftovers(tmp_path) == [], point

    total, kills = _sweep(tmp_path, PROGRESS_SETUP, operation, check, prepare, rng)
    assert kills >= min(total, SAMPLE or total) and total >= 8


# -- a tournament, a CSV, an endgame table, the course's copy ----------------------------------------
def test_a_tournament_result_killed_at_any_step_leaves_the_file_whole(tmp_path):
    from damas.course.tournament.storage import TournamentFile
    t = TournamentFile.create(tmp_path / "t.json", "Torneio", ["Ana", "Bia", "Caio", "Duda"])
    t.pair_next()
    content = (tmp_path / "t.json").read_bytes()

    def prepare():
        for p in list(tmp_path.iterdir()):
            if p.name != "t.json":
                p.unlink()
        (tmp_path / "t.json").write_bytes(content)

    def check(point):
        data = json.loads((tmp_path / "t.json").read_text(encoding="utf-8"))
        assert data["formato"] == "damas-torneio", point
        TournamentFile(tmp_path / "t.json").read()
        again = run_child("from damas.course.tournament.storage import TournamentFile\n"
                          "t = TournamentFile('t.json')", "t.record(1, 2, 'empate')", tmp_path)
        assert again.returncode == 0, (point, again.stderr)
        assert leftovers(tmp_path) == [], point

    _sweep(tmp_path, "from damas.course.tournament.storage import TournamentFile\nt = TournamentFile('t.json')",
           "t.record(1, 1, 'brancas')", check, prepare, seeded(2))


def test_a_csv_killed_at_any_step_is_old_or_new(tmp_path):
    setup = ("from damas.course.classroom.class_training import write_csv\n"
             "rows = [['ana', 1500, 300, 3, 1, 'x (1)', 0, 1]] * 50\n"
             "problems = [['classicos/1', 'Golpes', 't', 'tema', 1500, 1, 0]] * 50")
    old = b"velho"

    def prepare():
        for p in tmp_path.iterdir():
            p.unlink()
        (tmp_path / "turma.csv").write_bytes(old)

    def check(point):
        data = (tmp_path / "turma.csv").read_bytes()
        assert data == old or data.decode("utf-8-sig").count("\n") == 51, point
        problems = tmp_path / "turma-problemas.csv"
        assert not problems.exists() or problems.read_bytes().decode("utf-8-sig").count("\n") == 51, point

    _sweep(tmp_path, setup, "write_csv(rows, problems, 'turma.csv')", check, prepare, seeded(3))


def test_an_endgame_table_killed_while_saved_is_never_trusted_cut(tmp_path):
    cache = tmp_path / "finais"
    setup = ("from damas.engine import endgames\nfrom damas import Board\n"
             "t = endgames.table('brazilian', (0, 1, 0, 1), progress=False)\n"
             "codes, info = t.codes, t.info\n"
             "import os\nfor f in os.listdir(os.environ['DAMAS_ENDGAME_CACHE']): os.unlink(os.path.join(os.environ['DAMAS_ENDGAME_CACHE'], f))")
    operation = "endgames._save(endgames.get_variant('brazilian'), (0, 1, 0, 1), codes, info)"
    probe = "from damas.engine import endgames\nfrom damas import Board\n"

    def prepare():
        cache.mkdir(exist_ok=True)

    def check(point):
        for table in cache.glob("*.egtb"):
            assert table.read_bytes().startswith(b"DAMAS"), point
        out = run_child(probe, "print(endgames.probe(Board('W:WK1:BK32')))", tmp_path, DAMAS_ENDGAME_CACHE=cache)
        assert out.returncode == 0 and out.stdout.strip().splitlines()[0].startswith("("), (point, out.stderr)

    _sweep(tmp_path, setup, operation, check, prepare, seeded(4), DAMAS_ENDGAME_CACHE=cache)


def test_the_course_copy_killed_at_any_step_has_no_cut_file_and_is_finished_next_run(tmp_path):
    from repo_paths import REPO
    copy = tmp_path / "curso"
    setup = "from damas.course.classroom.workcopy import make_copy"
    operation = f"make_copy({str(copy)!r})"

    def prepare():
        import shutil
        shutil.rmtree(copy, ignore_errors=True)

    def check(point):
        for path in copy.rglob("*"):
            if path.is_file() and not path.name.endswith(".tmp"):
                rel = path.relative_to(copy)
                assert path.read_bytes() == (REPO / rel).read_bytes(), (point, rel)
        again = run_child(setup, operation, tmp_path)
        assert again.returncode == 0, (point, again.stderr)
        assert leftovers(copy) == [], point
        assert (copy / "notebooks" / "00_Comece_aqui.ipynb").is_file()

    _sweep(tmp_path, setup, operation, check, prepare, seeded(5))


# -- processes saving at once, killed at random moments ----------------------------------------------
SAVER = r"""
import os, random, sys
from damas.course.kit.progress import Progress
worker, seed = sys.argv[1], int(sys.argv[2])
rng = random.Random(seed)
p = Progress("ana", folder=".")
i = 0
while True:
    i += 1
    key = f"w{worker}/{seed}-{i}"
    if rng.random() < 0.3:
        p.record_attempt(f"problemas/{worker}-{seed}-{i}", "primeira")
        print("A", f"problemas/{worker}-{seed}-{i}", flush=True)
    else:
        p.record_stars(key, rng.randint(1, 3))
        print("S", key, flush=True)
"""


def test_savers_killed_at_random_moments_lose_no_finished_save(tmp_path):
    rng = seeded(6)
    kills_wanted = int(os.environ.get("DAMAS_FAULT_RANDOM_KILLS", "12"))
    env = faults.child_env()
    procs, acked, kills, starts = {}, [], 0, 0

    def start(worker):
        nonlocal starts
        starts += 1
        procs[worker] = subprocess.Popen([sys.executable, "-c", SAVER, str(worker), str(rng.randrange(10 ** 9))],
                                         cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                         text=True)

    def collect(proc):
        out, err = proc.communicate(timeout=120)
        assert "Traceback" not in err, err
        acked.extend(line.split(" ", 1) for line in out.splitlines() if line[:2] in ("A ", "S "))

    for worker in range(4):
        start(worker)
    while kills < kills_wanted:
        victim = rng.randrange(4)
        # wait until the victim has finished a save (a state, not a time), then a seeded sliver
        # more, so that the kill falls anywhere: inside a save or between two
        line = procs[victim].stdout.readline()
        if line[:2] in ("A ", "S "):
            acked.append(line.rstrip("\n").split(" ", 1))
        time.sleep(rng.uniform(0.0, 0.05))
        procs[victim].send_signal(signal.SIGKILL)
        collect(procs[victim])
        kills += 1
        start(victim)
    for proc in procs.values():
        proc.send_signal(signal.SIGKILL)
        collect(proc)
    data = json.loads((tmp_path / "ana.json").read_text(encoding="utf-8"))
    stars = set(data["estrelas"])
    attempts = {a["problema"] for a in data.get("treino", {}).get("tentativas", [])}
    assert len(acked) > kills
    for kind, key in acked:
        assert key in (stars if kind == "S" else attempts), key
    faults.report("random_kills", processes=starts, kills=kills, saves=len(acked))
    from damas.course.kit.progress import Progress
    Progress("ana", folder=tmp_path).record_stars("fim/1", 1)      # the next save cleans up
    assert leftovers(tmp_path) == []

"""damas.course.kit.progress under concurrency: two notebooks of one student saving at once lose nothing,
in any section of the file (issue 27, item 1)."""

from __future__ import annotations

import json
import multiprocessing
import os
import random
import sys
import threading
from datetime import datetime, timedelta, timezone

import pytest

import damas.course.kit.progress as progress_module
from damas.course.kit.progress import Progress

DAY0 = datetime(2026, 3, 2, 15, 0, tzinfo=timezone(timedelta(hours=-3)))


def test_a_save_between_another_saves_read_and_rename_is_not_lost(tmp_path, monkeypatch):
    """A reads and merges, B saves, A renames: B's star must survive (it was lost every time)."""
    filelock = pytest.importorskip("filelock")
    a = Progress("ana", folder=tmp_path)
    b = Progress("ana", folder=tmp_path)
    a_at_rename, a_may_rename, b_moved = threading.Event(), threading.Event(), threading.Event()
    real_replace, real_acquire = os.replace, filelock.FileLock.acquire

    def replace(src, dst, *args, **kwargs):
        if threading.current_thread().name == "A" and not a_at_rename.is_set():
            a_at_rename.set()
            assert a_may_rename.wait(30)
        return real_replace(src, dst, *args, **kwargs)

    def acquire(self, *args, **kwargs):
        if threading.current_thread().name == "B":
            b_moved.set()          # B is about to wait for A's lock
        return real_acquire(self, *args, **kwargs)

    monkeypatch.setattr(os, "replace", replace)
    monkeypatch.setattr(filelock.FileLock, "acquire", acquire)
    errors = []

    def run(obj, key):
        try:
            obj.record_stars(key, 2)
        except BaseException as error:  # reported below, in the main thread
            errors.append(error)
        finally:
            if threading.current_thread().name == "B":
                b_moved.set()

    ta = threading.Thread(target=run, args=(a, "tomada/a"), name="A")
    ta.start()
    assert a_at_rename.wait(30)            # A has read, merged and written its temporary file
    tb = threading.Thread(target=run, args=(b, "tomada/b"), name="B")
    tb.start()
    assert b_moved.wait(30)                # B has saved (old code) or waits for the lock
    a_may_rename.set()
    ta.join(30)
    tb.join(30)
    assert not ta.is_alive() and not tb.is_alive() and not errors
    assert Progress("ana", folder=tmp_path).all_stars == {"tomada/a": 2, "tomada/b": 2}


def _saver(folder, worker, saves, seed, start, queue):
    """One notebook: ``saves`` random saves (stars on shared and own keys, problems solved)."""
    rng = random.Random(seed)
    p = Progress("ana", folder=folder)
    done = []
    start.wait()
    for i in range(saves):
        if rng.random() < 0.2:
            index = rng.randrange(1000)
            p.record_solved(f"col{worker}", index)
            done.append(("solved", f"col{worker}", index))
        else:
            key = f"comum/{rng.randrange(8)}" if rng.random() < 0.5 else f"w{worker}/{i}"
            stars = rng.randint(1, 3)
            p.record_stars(key, stars)
            done.append(("stars", key, stars))
        if rng.random() < 0.3:
            p = Progress("ana", folder=folder)      # a restarted kernel: only the disk remembers
    queue.put(done)


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2])
def test_property_many_notebooks_saving_at_once_lose_nothing(tmp_path, seed):
    """4 processes x 50 saves, random keys and restarts: every save's stars are on disk at the end."""
    workers, saves = 4, 50
    ctx = multiprocessing.get_context("fork" if sys.platform.startswith("linux") else "spawn")
    start, queue = ctx.Event(), ctx.Queue()
    procs = [ctx.Process(target=_saver, args=(str(tmp_path), w, saves, seed * 100 + w, start, queue))
             for w in range(workers)]
    for proc in procs:
        proc.start()
    start.set()
    results = [queue.get(timeout=120) for _ in procs]
    for proc in procs:
        proc.join(60)
        assert proc.exitcode == 0
    expected_stars, expected_solved = {}, {}
    for done in results:
        assert len(done) == saves
        for kind, key, value in done:
            if kind == "stars":
                expected_stars[key] = max(value, expected_stars.get(key, 0))
            else:
                expected_solved.setdefault(key, set()).add(value)
    data = json.loads((tmp_path / "ana.json").read_text(encoding="utf-8"))
    assert data["estrelas"] == expected_stars
    assert {k: set(v) for k, v in data["problemas"].items()} == expected_solved
    assert not [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_without_filelock_saving_still_works(tmp_path, monkeypatch):
    """Where filelock cannot be imported (a browser course on Pyodide) the save needs no lock."""
    monkeypatch.setitem(sys.modules, "filelock", None)      # `import filelock` raises ImportError
    a = Progress("ana", folder=tmp_path)
    b = Progress("ana", folder=tmp_path)
    a.record_stars("tomada/a", 3)
    b.record_stars("tomada/b", 1)
    assert Progress("ana", folder=tmp_path).all_stars == {"tomada/a": 3, "tomada/b": 1}
    assert not list(tmp_path.glob("*.lock"))


def test_on_pyodide_saving_takes_no_lock(tmp_path, monkeypatch):
    monkeypatch.setattr(progress_module.sys, "platform", "emscripten")
    Progress("ana", folder=tmp_path).record_stars("tomada/a", 2)
    assert Progress("ana", folder=tmp_path).stars("tomada/a") == 2
    assert not list(tmp_path.glob("*.lock"))


def test_a_lock_held_too_long_is_reported_and_changes_nothing(tmp_path, monkeypatch):
    filelock = pytest.importorskip("filelock")
    p = Progress("ana", folder=tmp_path)
    p.record_stars("tomada/a", 1)
    before = (tmp_path / "ana.json").read_bytes()
    monkeypatch.setattr(progress_module, "LOCK_TIMEOUT", 0.05)
    with filelock.FileLock(str(tmp_path / "ana.json.lock")):     # another notebook, stuck mid-save
        other = Progress("ana", folder=tmp_path)
        with pytest.raises(progress_module.ProgressError, match="outro caderno"):
            other.record_stars("tomada/b", 3)
    assert (tmp_path / "ana.json").read_bytes() == before


# -- each section of the file, saved by two notebooks that never saw each other's save ---------------
def test_two_notebooks_at_once_lose_nothing(tmp_path):
    a = Progress("ana", folder=tmp_path)
    b = Progress("ana", folder=tmp_path)
    a.record_stars("03/dama-1", 3)
    b.record_stars("04/todas-1", 1)         # b never saw a's stars: the save merges
    c = Progress("ana", folder=tmp_path)
    assert c.all_stars == {"03/dama-1": 3, "04/todas-1": 1}


def test_two_notebooks_at_once_keep_the_highest_level(tmp_path):
    a = Progress("ana", folder=tmp_path)
    b = Progress("ana", folder=tmp_path)
    a.record_level_beaten(3)
    b.record_stars("03/dama-1", 2)                  # b never saw a's level: the save merges
    b.record_level_beaten(2)
    c = Progress("ana", folder=tmp_path)
    assert c.level_beaten() == 3 and c.stars("03/dama-1") == 2


def test_two_notebooks_at_once_keep_every_problems_count(tmp_path):
    a = Progress("ana", folder=tmp_path)
    b = Progress("ana", folder=tmp_path)
    a.record_tries("problemas/abc", 3)
    b.record_tries("problemas/def", 1)                      # b never saw a's count: the save merges
    b.record_tries("problemas/abc", 2)
    c = Progress("ana", folder=tmp_path)
    assert c.tries("problemas/abc") == 3 and c.tries("problemas/def") == 1


def test_two_notebooks_at_once_lose_no_attempt(tmp_path):
    a = Progress("ana", folder=tmp_path)
    b = Progress("ana", folder=tmp_path)
    a.record_attempt("c/0", "primeira", DAY0)
    b.record_attempt("c/1", "desistiu", DAY0)          # b never saw a's attempt: the save merges
    a.record_stars("tomada/a", 2)                       # nor a b's
    b.record_attempt("c/2", "com-dica", DAY0 + timedelta(minutes=1))
    c = Progress("ana", folder=tmp_path)
    assert sorted(x["problema"] for x in c.attempts) == ["c/0", "c/1", "c/2"]
    assert c.stars("tomada/a") == 2
    assert len({x["id"] for x in c.attempts}) == 3
    a.record_stars("tomada/b", 1)                        # saving again counts nothing twice
    assert len(Progress("ana", folder=tmp_path).attempts) == 3


def test_same_time_attempts_are_both_kept(tmp_path):
    a = Progress("ana", folder=tmp_path)
    b = Progress("ana", folder=tmp_path)
    a.record_attempt("c/0", "primeira", DAY0)
    b.record_attempt("c/0", "primeira", DAY0)
    assert len(Progress("ana", folder=tmp_path).attempts) == 2

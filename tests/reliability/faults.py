"""The fault harness of issue 44 (item 7): real processes killed at every step of a save, full and
read-only disks, files cut at every offset, hostile names, huge logs, malformed page messages.

Shared by the tests of ``tests/reliability/`` (CI sizes) and by ``scripts/fault_sweep.py``
(``--long``: every offset, more kills, more messages), which prints the counts.

Kills at a step
    A child process does one operation of the package (a save of a progress file, a tournament
    result, a CSV, a plot, an endgame table, the course's copy) with the system's file calls
    counted (``os.open``, ``os.write``, ``os.fsync``, ``os.replace``, ``os.rename``, ``os.unlink``,
    ``os.close``, ``os.mkdir``); at the chosen call it kills itself with SIGKILL, which nothing can
    catch.  A dry run counts the calls of the operation; the kills then hit each of them (or a
    seeded sample), and after each kill the files are checked: what the operation writes is there
    whole, old or new, never cut, and the next run of the operation cleans what the kill left.

Full disk
    A tmpfs of a few hundred kilobytes mounted for the test (root only; the CI machine is root),
    else (not root, or mounting refused) a simulated one: ``os.write`` raises ENOSPC once the
    budget is spent.  :func:`small_disk` says which (``.kind``).
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import uuid
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SEED = int(os.environ.get("DAMAS_FAULT_SEED", "44"))

COUNTED = ("open", "write", "fsync", "replace", "rename", "unlink", "close", "mkdir")

#: The child's preamble: count the file calls, and die by SIGKILL at call ``DAMAS_KILL_AT``
#: (0: never; the count is printed at the end, for the dry run).
_CHILD = r"""
import os, signal, sys, json
_AT = int(os.environ.get("DAMAS_KILL_AT", "0"))
_COUNT = [0]
def _counted(function):
    def call(*args, **kwargs):
        _COUNT[0] += 1
        if _COUNT[0] == _AT:
            os.kill(os.getpid(), signal.SIGKILL)
        return function(*args, **kwargs)
    return call
def _arm():
    for name in %r:
        setattr(os, name, _counted(getattr(os, name)))
""" % (COUNTED,)


def child_env(**extra) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DAMAS_")}
    env.update(PYTHONPATH=str(REPO), MPLBACKEND="Agg", DAMAS_ENDGAME_PROGRESS="0", PYTHONDONTWRITEBYTECODE="1")
    env.update({k: str(v) for k, v in extra.items()})
    return env


def run_child(setup: str, operation: str, folder: Path, kill_at: int = 0, timeout: float = 300,
              **env) -> subprocess.CompletedProcess:
    """Run ``setup`` (imports, not counted), then ``operation`` with the file calls counted and a
    SIGKILL at call ``kill_at``; the last line of stdout is the count (when not killed)."""
    code = (_CHILD + "\n" + setup + "\n_arm()\n" + operation
            + "\nprint('\\nCALLS', _COUNT[0], flush=True)\n")
    return subprocess.run([sys.executable, "-c", code], cwd=folder, capture_output=True, text=True,
                          timeout=timeout, env=child_env(DAMAS_KILL_AT=kill_at, **env))


def count_calls(setup: str, operation: str, folder: Path, **env) -> int:
    out = run_child(setup, operation, folder, 0, **env)
    assert out.returncode == 0, out.stderr
    return int(out.stdout.strip().splitlines()[-1].split()[1])


def killed(out: subprocess.CompletedProcess) -> bool:
    return out.returncode == -signal.SIGKILL


def kill_points(total: int, most: int | None, rng: random.Random) -> list:
    """The calls to kill at: all of ``1..total``, or a seeded sample of ``most``."""
    points = list(range(1, total + 1))
    if most is not None and total > most:
        points = sorted(rng.sample(points, most))
    return points


def leftovers(folder: Path) -> list:
    """Temporary files of the package under ``folder``."""
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*") if p.name.endswith(".tmp"))


# -- disks -----------------------------------------------------------------------------------------
@dataclass
class Disk:
    path: Path
    kind: str            # "tmpfs" (a real small file system) or "simulated" (ENOSPC by a patched write)
    size: int
    used: dict           # the simulated disk's bytes written

    def fill(self, leave: int = 0) -> None:
        """Fill the disk until at most ``leave`` bytes are free."""
        if self.kind == "simulated":
            self.used["bytes"] = max(self.used["bytes"], self.size - leave)
            return
        filler = self.path / f"enchimento-{uuid.uuid4().hex}"
        with open(filler, "wb") as out:
            while shutil.disk_usage(self.path).free > leave:
                try:
                    out.write(b"\0" * max(1, min(4096, shutil.disk_usage(self.path).free - leave)))
                    out.flush()
                except OSError:
                    break

    def make_room(self) -> None:
        """Free the disk again (the fillers removed; the simulated count back to zero)."""
        for filler in self.path.glob("enchimento-*"):
            filler.unlink()
        self.used["bytes"] = 0


def _can_mount() -> bool:
    if os.environ.get("DAMAS_FAULT_NO_MOUNT") == "1":     # try the simulated disks
        return False
    return hasattr(os, "geteuid") and os.geteuid() == 0 and shutil.which("mount") is not None \
        and sys.platform.startswith("linux")


@contextlib.contextmanager
def small_disk(size: int = 256 * 1024, monkeypatch=None):
    """A folder on a file system of ``size`` bytes: a tmpfs mounted for the test, or, where
    mounting is not possible, a folder whose writes fail with ENOSPC past ``size`` bytes (the
    package's own writes: ``os.write`` patched with ``monkeypatch``)."""
    folder = Path(tempfile.mkdtemp(prefix="damas-disco-"))
    mounted = False
    used = {"bytes": 0}
    if _can_mount():
        done = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size},mode=0777", "tmpfs", str(folder)],
                              capture_output=True)
        mounted = done.returncode == 0
    try:
        if mounted:
            yield Disk(folder, "tmpfs", size, used)
        else:
            if monkeypatch is None:
                raise RuntimeError("a simulated full disk needs monkeypatch")
            real = os.write

            def write(fd, data):
                try:
                    where = os.readlink(f"/proc/self/fd/{fd}")
                except OSError:
                    where = ""
                if where.startswith(str(folder)):
                    room = size - used["bytes"]
                    if room <= 0:
                        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
                    n = real(fd, bytes(data)[:room])
                    used["bytes"] += n
                    return n
                return real(fd, data)

            monkeypatch.setattr(os, "write", write)
            yield Disk(folder, "simulated", size, used)
    finally:
        if mounted:
            subprocess.run(["umount", "-l", str(folder)], capture_output=True)
        shutil.rmtree(folder, ignore_errors=True)


@contextlib.contextmanager
def read_only(folder: Path, monkeypatch=None):
    """Make ``folder`` read-only for the package, really: a read-only bind mount over it (root
    bypasses permission bits, so chmod alone would prove nothing); not root: chmod 0555."""
    if _can_mount():
        done = subprocess.run(["mount", "--bind", str(folder), str(folder)], capture_output=True)
        if done.returncode == 0:
            ro = subprocess.run(["mount", "-o", "remount,ro,bind", str(folder)], capture_output=True)
            try:
                if ro.returncode == 0:
                    yield "mount"
                    return
            finally:
                subprocess.run(["umount", "-l", str(folder)], capture_output=True)
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        if monkeypatch is None:
            raise RuntimeError("a simulated read-only folder needs monkeypatch")
        real_open = os.open

        def refusing(path, flags, *args, **kwargs):
            if str(path).startswith(str(folder)) and flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT):
                raise OSError(errno.EROFS, os.strerror(errno.EROFS))
            return real_open(path, flags, *args, **kwargs)

        monkeypatch.setattr(os, "open", refusing)
        yield "simulated"
        return
    mode = folder.stat().st_mode
    folder.chmod(0o555)
    try:
        yield "chmod"
    finally:
        folder.chmod(mode)


# -- hostile names -----------------------------------------------------------------------------------
HOSTILE_NAMES = [
    "ana\x1b[2J\x1b[H", "ana\x1b]0;titulo\x07", "ana\nbia", "ana\rbia", "ana\tbia", "\u202eana", "ana\u200b",
    "ana\u2066x\u2069", "ana\x00", "ana\x7f", "ana\ud800", "\udcff", "Jose\u0301", "José", "e\u0301\u0301\u0301",
    "\u0301ana", "ana/bia", "../ana", "..", ".", "ana\\bia", "CON", "nul", "com1", "a" * 64, "a" * 65, "a" * 4096,
    " ", "", "ana ", " ana", "ana.json", "*", "?", "ana*", '"ana"', "'ana'", "$\\frac{", "=cmd|' /C calc'!A0",
    "+1+1", "@SUM(1)", "-1", "=HYPERLINK(\"x\")", "😀", "👩\u200d👩\u200d👧", "中文名字", "ﷺ", "ǅ", "İ", "ß",
    "ana<script>", "ana&amp;", "{ana}", "%s%n", "ana\u2028bia", "ana\x85",
]


def hostile_names() -> list:
    return list(HOSTILE_NAMES)


# -- progress files with every section -------------------------------------------------------------
def full_progress(name: str = "ana") -> dict:
    """A progress file with every section of today and one of a newer course."""
    attempts = [{"id": f"20261205T10{i:02d}00-{i:08x}", "problema": f"problemas/{i % 5:012x}",
                 "resultado": ("primeira", "depois-de-erro", "com-dica", "desistiu")[i % 4],
                 "quando": f"2026-12-05T10:{i:02d}:00-03:00"} for i in range(6)]
    return {"formato": "damas-progresso", "versao": 3, "versao_minima": 3, "aluno": name,
            "estrelas": {"tomada/todas-1": 3, "movimento/dama-1": 2, "finais/forcada": 1},
            "problemas": {"golpes/treino/golpes": [0, 3, 7], "problemas/abc": [0]},
            "computador": {"nivel_vencido": {"brazilian": 2}},
            "tentativas_por_problema": {"problemas/abc": 4},
            "treino": {"tentativas": attempts},
            "futuro": {"medalhas": ["ouro"]}}


def json_bytes(data) -> bytes:
    return (json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n").encode("utf-8")


def seeded(offset: int = 0) -> random.Random:
    return random.Random(SEED + offset)


def report(what: str, **counts) -> None:
    """Add a line to the sweep's report (``DAMAS_FAULT_REPORT``, set by scripts/fault_sweep.py)."""
    path = os.environ.get("DAMAS_FAULT_REPORT")
    if path:
        with open(path, "a", encoding="utf-8") as out:
            out.write(json.dumps({"what": what, **counts}, ensure_ascii=False) + "\n")

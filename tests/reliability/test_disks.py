"""A full disk and a read-only folder (issue 44, items 2, 3 and 7).

The full disk is a small tmpfs the test mounts (the CI machine runs as root), else a simulated
one (:func:`faults.small_disk`: ``os.write`` fails with ENOSPC past the budget); the read-only
folder is a read-only bind mount (root ignores permission bits), else a simulated EROFS, else
chmod.  Which one ran is printed (``-rP`` shows it).  On either: every message is in Portuguese,
nothing that was saved is lost or cut, nothing is left behind, and once there is room the work
goes on."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

import faults
from faults import leftovers, read_only, small_disk

pytestmark = pytest.mark.slow

ENGLISH_OS = re.compile(r"No space|Permission denied|Read-only|No such file|Errno|Input/output|Traceback",
                        re.IGNORECASE)


def _saves_until_full(progress):
    """Save stars until the disk refuses; (stars saved, the refusal)."""
    from damas.course.kit.progress import ProgressError
    saved = {}
    for i in range(100_000):
        key = f"tomada/{i:05d}-" + "x" * 40
        try:
            progress.record_stars(key, 1 + i % 3)
        except ProgressError as error:
            return saved, error
        saved[key] = 1 + i % 3
    pytest.fail("the disk never filled up")


def test_progress_on_a_full_disk_keeps_every_save_and_says_so(monkeypatch, capsys):
    from damas.course.kit.progress import Progress
    with small_disk(96 * 1024, monkeypatch) as disk:
        print("disco cheio:", disk.kind); faults.report("disk", kind=disk.kind)
        p = Progress("ana", folder=disk.path)
        p.record_attempt("problemas/abc", "primeira")
        saved, error = _saves_until_full(p)
        message = str(error)
        assert "o disco está cheio" in message and not ENGLISH_OS.search(message), message
        assert saved, "nothing could be saved at all"
        again = Progress("ana", folder=disk.path)                      # whole: it reads back
        assert {k: again.stars(k) for k in saved} == saved and len(again.attempts) == 1
        assert leftovers(disk.path) == []
        # once there is room again, the work goes on
        (disk.path / "ana.json.bak").unlink()
        disk.make_room()
        p.record_stars("tomada/depois", 2)
        assert Progress("ana", folder=disk.path).stars("tomada/depois") == 2


def test_turma_on_a_full_disk_writes_no_cut_plot_or_csv(tmp_path, monkeypatch, capsys):
    from damas.course.classroom.turma import run_turma
    from damas.course.kit.progress import Progress
    from repo_paths import PUZZLES
    for name in ("ana", "bia", "caio"):
        Progress(name, folder=tmp_path).record_attempt("problemas/abc", "desistiu")
    with small_disk(16 * 1024, monkeypatch) as disk:
        print("disco cheio:", disk.kind); faults.report("disk", kind=disk.kind)
        disk.fill(leave=2048)
        status = run_turma(str(tmp_path), grafico=str(disk.path / "turma.png"), csv=str(disk.path / "turma.csv"),
                           problemas=str(PUZZLES))
        out, err = capsys.readouterr()
        assert status == 1 and "o disco está cheio" in err and not ENGLISH_OS.search(err), err
        for name in ("turma.png", "turma.csv", "turma-problemas.csv", "turma-treino.png"):
            assert not (disk.path / name).exists()
        assert leftovers(disk.path) == []


def test_the_course_copy_on_a_full_disk_holds_only_whole_files(tmp_path, monkeypatch):
    from damas.course.classroom.workcopy import CourseCopyError, make_copy
    from repo_paths import REPO
    with small_disk(1024 * 1024, monkeypatch) as disk:
        print("disco cheio:", disk.kind); faults.report("disk", kind=disk.kind)
        with pytest.raises(CourseCopyError) as caught:
            make_copy(disk.path / "curso")
        assert "o disco está cheio" in str(caught.value) and not ENGLISH_OS.search(str(caught.value))
        copied = [p for p in (disk.path / "curso").rglob("*") if p.is_file()]
        assert copied
        for path in copied:
            assert path.read_bytes() == (REPO / path.relative_to(disk.path / "curso")).read_bytes(), path
        assert leftovers(disk.path) == []


def test_an_endgame_table_that_cannot_be_saved_is_only_slower(monkeypatch):
    with small_disk(8 * 1024, monkeypatch) as disk:
        print("disco cheio:", disk.kind); faults.report("disk", kind=disk.kind)
        env = faults.child_env(DAMAS_ENDGAME_CACHE=disk.path)
        if disk.kind != "tmpfs":
            pytest.skip("a real small disk is needed for a child process")
        out = subprocess.run([sys.executable, "-c", "from damas import Board\nfrom damas.engine import endgames\n"
                              "print(endgames.probe(Board('W:WK1,K2:BK32')))"], env=env, capture_output=True,
                             text=True, timeout=600)
        assert out.returncode == 0 and out.stdout.startswith("("), out.stderr
        for table in disk.path.glob("*.egtb"):
            assert table.read_bytes().startswith(b"DAMASEGTB")
        assert leftovers(disk.path) == []


def test_a_tournament_on_a_full_disk_keeps_its_results(monkeypatch):
    from damas.course.tournament.model import TournamentError
    from damas.course.tournament.storage import TournamentFile
    with small_disk(64 * 1024, monkeypatch) as disk:
        print("disco cheio:", disk.kind); faults.report("disk", kind=disk.kind)
        t = TournamentFile.create(disk.path / "t.json", "Torneio", [f"Jogador {i}" for i in range(30)])
        t.pair_next()
        before = (disk.path / "t.json").read_bytes()
        disk.fill(leave=len(before) // 2)
        with pytest.raises(TournamentError) as caught:
            t.record(1, 1, "brancas")
        assert "o disco está cheio" in str(caught.value) and not ENGLISH_OS.search(str(caught.value))
        assert (disk.path / "t.json").read_bytes() == before
        assert leftovers(disk.path) == []


# -- read-only folders ---------------------------------------------------------------------------------
def test_a_read_only_progress_folder_is_read_and_refuses_saves_in_portuguese(tmp_path, monkeypatch):
    from damas.course.kit.progress import Progress, ProgressError
    Progress("ana", folder=tmp_path).record_stars("tomada/a", 2)
    before = (tmp_path / "ana.json").read_bytes()
    with read_only(tmp_path, monkeypatch) as how:
        print("só leitura:", how); faults.report("read_only", kind=how)
        p = Progress("ana", folder=tmp_path)
        assert p.stars("tomada/a") == 2
        with pytest.raises(ProgressError) as caught:
            p.record_stars("tomada/b", 3)
        message = str(caught.value)
        assert not ENGLISH_OS.search(message), message
        assert "só permite leitura" in message or "sem permissão" in message, message
        assert "DAMAS_PROGRESSO" in message
    assert (tmp_path / "ana.json").read_bytes() == before and leftovers(tmp_path) == []


def test_turma_reads_a_read_only_folder_and_says_why_it_cannot_write_there(tmp_path, monkeypatch, capsys):
    from damas.course.classroom.turma import run_turma
    from damas.course.kit.progress import Progress
    Progress("ana", folder=tmp_path).record_stars("tomada/a", 2)
    with read_only(tmp_path, monkeypatch) as how:
        print("só leitura:", how); faults.report("read_only", kind=how)
        status = run_turma(str(tmp_path))
        out, err = capsys.readouterr()
        assert "ana" in out and status == 1
        assert not ENGLISH_OS.search(err) and ("só permite leitura" in err or "sem permissão" in err), err


def test_the_course_copy_into_a_read_only_folder_says_why_in_portuguese(tmp_path, monkeypatch):
    from damas.course.classroom.workcopy import CourseCopyError, make_copy
    with read_only(tmp_path, monkeypatch) as how:
        print("só leitura:", how); faults.report("read_only", kind=how)
        with pytest.raises(CourseCopyError) as caught:
            make_copy(tmp_path / "curso")
        assert not ENGLISH_OS.search(str(caught.value)), str(caught.value)


def test_a_read_only_endgame_cache_is_only_slower(tmp_path, monkeypatch):
    from damas import Board
    from damas.engine import endgames
    cache = tmp_path / "finais"
    cache.mkdir()
    monkeypatch.setenv("DAMAS_ENDGAME_CACHE", str(cache))
    monkeypatch.setattr(endgames, "_TABLES", {})
    with read_only(cache, monkeypatch) as how:
        print("só leitura:", how); faults.report("read_only", kind=how)
        assert isinstance(endgames.probe(Board("W:WK1:BK32")), tuple)
        assert not list(cache.iterdir())

"""Files cut at every offset (issue 44, item 7): refused in Portuguese and left untouched, or read
whole; never a crash, never a file trusted half.

The progress file (every section) and a tournament at every offset; the endgame tables and the
puzzle collections at a seeded sample of offsets in CI (every offset with
``scripts/fault_sweep.py --long``)."""

from __future__ import annotations

import json
import os
import re

import pytest

import faults
from faults import seeded

pytestmark = pytest.mark.slow

ENGLISH = re.compile(r"Traceback|Errno|Expecting|line \d+ column|codec", re.IGNORECASE)
SAMPLE = int(os.environ.get("DAMAS_FAULT_OFFSETS", "300"))


def offsets(size: int, rng, most=None):
    """Every offset from 0 to ``size - 1``, or a seeded sample of ``most`` of them."""
    every = list(range(size))
    return every if most is None or size <= most else sorted(rng.sample(every, most))


def test_a_progress_file_cut_at_every_offset(tmp_path):
    from damas.course.kit.progress import Progress, ProgressError, read_class
    whole = faults.json_bytes(faults.full_progress())
    (tmp_path / "ana.json.bak").write_bytes(whole)
    path = tmp_path / "ana.json"
    refused = accepted = 0
    for cut in range(len(whole)):
        path.write_bytes(whole[:cut])
        try:
            p = Progress("ana", folder=tmp_path)
        except ProgressError as error:
            message = str(error)
            assert "ana.json.bak" in message and "não foi alterado" in message and not ENGLISH.search(message), \
                (cut, message)
            refused += 1
        else:
            assert p.total_stars() == 6, cut       # a cut that parses is the whole file (the final newline)
            accepted += 1
        students, problems = read_class(tmp_path)
        assert len(students) + len(problems) == 1, cut
        assert path.read_bytes() == whole[:cut], cut
    faults.report("truncation", file="progresso", offsets=len(whole))
    assert refused == len(whole) - 1 and accepted == 1
    assert len(whole) > 1000


def test_a_tournament_cut_at_every_offset(tmp_path):
    from damas.course.tournament.model import TournamentError
    from damas.course.tournament.storage import TournamentFile
    t = TournamentFile.create(tmp_path / "t.json", "Torneio da turma", ["Ana", "Bia", "Caio", "Duda", "Eva"])
    t.pair_next()
    t.record(1, 1, "brancas")
    whole = (tmp_path / "t.json").read_bytes()
    (tmp_path / "t.json.bak").write_bytes(whole)
    refused = 0
    for cut in range(len(whole)):
        (tmp_path / "t.json").write_bytes(whole[:cut])
        try:
            TournamentFile(tmp_path / "t.json").read()
        except TournamentError as error:
            assert "t.json.bak" in str(error) and not ENGLISH.search(str(error)), (cut, str(error))
            refused += 1
        assert (tmp_path / "t.json").read_bytes() == whole[:cut]
    faults.report("truncation", file="torneio", offsets=len(whole))
    assert refused >= len(whole) - 1


def test_an_endgame_table_cut_anywhere_is_rebuilt_never_trusted(tmp_path, monkeypatch):
    from damas import Board
    from damas.engine import endgames
    monkeypatch.setenv("DAMAS_ENDGAME_CACHE", str(tmp_path))
    monkeypatch.setenv("DAMAS_ENDGAME_PROGRESS", "0")
    monkeypatch.setattr(endgames, "_TABLES", {})
    board = Board("W:WK1,K5:BK32")
    truth = endgames.probe(board)
    tables = sorted(tmp_path.glob("*.egtb"))
    assert tables
    rng = seeded(11)
    checked = 0
    for table in tables:
        whole = table.read_bytes()
        for cut in offsets(len(whole), rng, SAMPLE // len(tables) or 1):
            table.write_bytes(whole[:cut])
            v = endgames.get_variant("brazilian")
            name = table.stem.split("-", 1)[1]
            mat = next(m for m in endgames.materials("brazilian") if endgames.material_name(m) == name)
            assert endgames._load(v, mat, len(whole)) is None, (table.name, cut)
            checked += 1
        table.write_bytes(whole)
    monkeypatch.setattr(endgames, "_TABLES", {})
    faults.report("truncation", file="tabelas de finais", offsets=checked)
    assert endgames.probe(board) == truth and checked >= min(SAMPLE, 50)


def test_a_collection_cut_anywhere_is_refused_in_portuguese_or_read(tmp_path):
    from damas.course.classroom.daily import load_catalog
    from damas.errors import DamasError
    from damas.problems.puzzles import load_collection
    from repo_paths import PUZZLES
    rng = seeded(12)
    sources = sorted(PUZZLES.glob("*.pdn"))
    tried = 0
    for source in sources:
        whole = source.read_bytes()
        for cut in offsets(len(whole), rng, max(1, SAMPLE // len(sources))):
            path = tmp_path / source.name
            path.write_bytes(whole[:cut])
            try:
                load_collection(path)
            except DamasError as error:
                assert not ENGLISH.search(str(error)), (source.name, cut, str(error))
            tried += 1
    faults.report("truncation", file="coleções PDN", offsets=tried)
    assert tried >= min(SAMPLE, 100)
    # the daily training names a cut collection and goes on with the others
    for source in sources:
        (tmp_path / source.name).write_bytes(source.read_bytes())
    data = (tmp_path / "classicos.pdn").read_bytes()
    (tmp_path / "classicos.pdn").write_bytes(data[:len(data) // 2])
    catalog = load_catalog(tmp_path)
    assert catalog.puzzles and any("classicos.pdn" in m for m in catalog.unreadable) or "classicos" in catalog.collections

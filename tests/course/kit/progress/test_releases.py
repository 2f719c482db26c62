"""Today's progress files through saves by the code of every earlier release, taken from git
(issue 44, item 1).

Each release's ``damas/`` is extracted from git (``git archive``) into a folder of its own and
run in a process of its own, as a school server that still runs an older kernel would.  A file
written by today's code (and one written by a course newer than today's) goes through several
rounds of saves: every earlier release tries to save a star into it, then today's code saves.
Nothing the older code does not know may be lost: every earlier release must refuse the file
(it is of a version it does not know) and leave it byte for byte as it was.

The releases: 0.1.0 (``bc96f84``, 2 December), the house of 2 December (``6c7ad3f``), the course
of 4 December (before the games against the computer were saved, ``4053706^``: it knows the
training log but not ``computador``), the course before the trainer's tries were saved
(``d7b6a05^``: it knows ``computador`` but not ``tentativas_por_problema``), the course of
7 December (``cd71e8a``, version 2 with every section but one of today) and the same day's course
with «Treino de coordenadas» (``b13feec``, version 2 with every section of today).

Without the git history (a shallow clone) the test is skipped, unless ``DAMAS_REQUIRE_HISTORY=1``
(CI), where it fails.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tarfile
import io
from datetime import datetime, timedelta, timezone

import pytest

from damas.course.kit.progress import Progress
from repo_paths import REPO

pytestmark = pytest.mark.slow

#: (label, commit, module of the progress file in that release)
RELEASES = [
    ("0.1.0", "bc96f84", "damas.progress"),
    ("house-2-dez", "6c7ad3f", "damas.course.progress"),
    ("curso-4-dez", "4053706^", "damas.course.progress"),
    ("curso-6-dez", "d7b6a05^", "damas.course.progress"),
    ("curso-7-dez", "cd71e8a", "damas.course.kit.progress"),
    ("curso-7-dez-coordenadas", "b13feec", "damas.course.kit.progress"),
]

BRASILIA = timezone(timedelta(hours=-3))
DAY0 = datetime(2026, 12, 5, 10, 30, tzinfo=BRASILIA)

OLD_SAVE = r"""
import importlib, json, sys
module = importlib.import_module(sys.argv[1])
folder, key = sys.argv[2], sys.argv[3]
try:
    p = module.Progress("ana", folder=folder)
    p.record_stars(key, 3)
    print(json.dumps({"saved": True}))
except module.ProgressError as error:
    print(json.dumps({"saved": False, "message": str(error)}))
"""


def _git(*args) -> subprocess.CompletedProcess:
    return subprocess.run(["git", "-C", str(REPO), *args], capture_output=True, timeout=120)


@pytest.fixture(scope="module")
def releases(tmp_path_factory):
    """{label: (folder holding that release's damas/, module name)}."""
    if _git("rev-parse", "--git-dir").returncode != 0 or any(
            _git("cat-file", "-e", f"{commit}^{{commit}}").returncode for _, commit, _ in RELEASES):
        if os.environ.get("DAMAS_REQUIRE_HISTORY") == "1":
            pytest.fail("the git history of the releases is needed (a full clone)")
        pytest.skip("no git history of the earlier releases (a shallow clone)")
    root = tmp_path_factory.mktemp("releases")
    found = {}
    for label, commit, module in RELEASES:
        archive = _git("archive", "--format=tar", commit, "damas")
        assert archive.returncode == 0, archive.stderr.decode()
        folder = root / label
        folder.mkdir()
        with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
            tar.extractall(folder, filter="data") if hasattr(tarfile, "data_filter") else tar.extractall(folder)
        found[label] = (folder, module)
    return found


def old_save(release, folder, key) -> dict:
    """A star saved by the code of ``release`` into ``folder`` (in a process of its own, the
    release's package first on the path and nothing of today's)."""
    code_folder, module = release
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "DAMAS_"))}
    env.update(PYTHONPATH=str(code_folder), DAMAS_ENDGAME_CACHE="0", PYTHONDONTWRITEBYTECODE="1")
    out = subprocess.run([sys.executable, "-c", OLD_SAVE, module, str(folder), key], cwd=code_folder,
                         env=env, capture_output=True, text=True, timeout=180)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_each_release_really_is_that_release(releases, tmp_path):
    """The harness works: every earlier release saves into a folder of its own, and the course of
    4 December drops the sections it does not know from a version-2 file (the loss this test
    guards against)."""
    for label, release in releases.items():
        folder = tmp_path / label
        folder.mkdir()
        assert old_save(release, folder, "tomada/a") == {"saved": True}, label
    version2 = {"formato": "damas-progresso", "versao": 2, "aluno": "ana", "estrelas": {}, "problemas": {},
                "computador": {"nivel_vencido": {"brazilian": 2}}, "tentativas_por_problema": {"p/x": 2}}
    folder = tmp_path / "perda"
    folder.mkdir()
    (folder / "ana.json").write_text(json.dumps(version2), encoding="utf-8")
    assert old_save(releases["curso-4-dez"], folder, "tomada/a") == {"saved": True}
    saved = json.loads((folder / "ana.json").read_text(encoding="utf-8"))
    assert "computador" not in saved and "tentativas_por_problema" not in saved


def _todays_file(folder):
    p = Progress("ana", folder=folder)
    p.record_stars("tomada/a", 2)
    p.record_level_beaten(2)
    p.record_tries("problemas/abc", 3)
    p.record_attempt("problemas/abc", "depois-de-erro", DAY0)
    p.record_solved("golpes", 1)
    p.record_coordinates(9, "international", "B")


@pytest.mark.parametrize("start", ["today", "newer"])
def test_no_release_loses_what_it_does_not_know(releases, tmp_path, start):
    from test_forward_compat import EXPECTED, future_file, unknown_parts
    path = tmp_path / "ana.json"
    if start == "today":
        _todays_file(tmp_path)
    else:
        path.write_text(json.dumps(future_file()), encoding="utf-8")
    before = json.loads(path.read_text(encoding="utf-8"))
    for round_number in range(3):
        for label, release in releases.items():
            content = path.read_bytes()
            result = old_save(release, tmp_path, f"velho/{label}-{round_number}")
            assert result["saved"] is False, f"{label} saved into today's file"
            assert "versão mais nova" in result["message"], (label, result["message"])
            assert path.read_bytes() == content, f"{label} changed the file"
        Progress("ana", folder=tmp_path).record_stars(f"hoje/{round_number}", 1)
    after = json.loads(path.read_text(encoding="utf-8"))
    for section in ("computador", "tentativas_por_problema", "treino", "problemas", "coordenadas"):
        assert after[section] == before[section], section
    assert after["estrelas"] == {**before["estrelas"], "hoje/0": 1, "hoje/1": 1, "hoje/2": 1}
    if start == "newer":
        assert unknown_parts(after) == EXPECTED
    assert not [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    shutil.rmtree(tmp_path / "__pycache__", ignore_errors=True)

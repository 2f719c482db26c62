"""A progress file written by a newer course loses nothing, whatever code saves it (issue 44, item 1).

A newer course may add sections to the file, keys to a section and fields to an attempt record;
the code that does not know them keeps them through every save.  The code of every earlier
release (taken from git: ``tests/course/kit/progress/releases.py``) must refuse a file it would
damage and leave it untouched: it knows the format only up to version 2, so today's files say
version 3.  A file that asks for a newer reader (``versao_minima``) is refused by today's code
too, and left untouched.
"""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone

import pytest

from damas.course.kit.progress import FORMAT, VERSION, Progress, ProgressError, read_class

BRASILIA = timezone(timedelta(hours=-3))
DAY0 = datetime(2026, 12, 5, 10, 30, tzinfo=BRASILIA)

#: What a newer course might write: a section nobody knows today, new keys inside the known
#: sections and a new field in an attempt record.
FUTURE_PARTS = {
    "futuro": {"medalhas": ["ouro", "prata"], "nivel": {"x": [1, 2, {"y": None}]}},
    "conquistas": {"melhor": 17, "tempo": 30.5},
}


def future_file(version=VERSION + 1, minimum=VERSION) -> dict:
    return {"formato": FORMAT, "versao": version, "versao_minima": minimum, "aluno": "ana",
            "estrelas": {"tomada/a": 2}, "problemas": {"golpes": [1]},
            "computador": {"nivel_vencido": {"brazilian": 2}, "empates": {"brazilian": 1}},
            "tentativas_por_problema": {"problemas/abc": 3},
            "coordenadas": {"brazilian/brancas": 12, "brazilian/cego": {"rodadas": 3}},
            "treino": {"tentativas": [{"id": "20261205T103000-aaaa", "problema": "problemas/abc",
                                       "resultado": "primeira", "quando": "2026-12-05T10:30:00-03:00",
                                       "segundos": 41}],
                       "meta": {"por_dia": 8}},
            **FUTURE_PARTS}


def unknown_parts(data: dict) -> dict:
    """The parts of ``data`` that today's code does not know."""
    return {"futuro": data.get("futuro"), "conquistas": data.get("conquistas"),
            "cego": data.get("coordenadas", {}).get("brazilian/cego"),
            "empates": data.get("computador", {}).get("empates"),
            "meta": data.get("treino", {}).get("meta"),
            "segundos": [a.get("segundos") for a in data.get("treino", {}).get("tentativas", [])
                         if a["id"] == "20261205T103000-aaaa"]}


EXPECTED = {"futuro": FUTURE_PARTS["futuro"], "conquistas": FUTURE_PARTS["conquistas"], "cego": {"rodadas": 3},
            "empates": {"brazilian": 1}, "meta": {"por_dia": 8}, "segundos": [41]}


def test_todays_code_keeps_every_section_and_key_it_does_not_know(tmp_path):
    path = tmp_path / "ana.json"
    path.write_text(json.dumps(future_file()), encoding="utf-8")
    p = Progress("ana", folder=tmp_path)
    assert p.stars("tomada/a") == 2 and p.level_beaten() == 2 and len(p.attempts) == 1
    p.record_stars("tomada/b", 3)
    p.record_level_beaten(3)
    p.record_tries("problemas/abc", 4)
    p.record_attempt("problemas/def", "com-dica", DAY0 + timedelta(minutes=2))
    p.record_solved("golpes", 2)
    p.record_coordinates(15)
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["coordenadas"]["brazilian/brancas"] == 15
    assert unknown_parts(saved) == EXPECTED
    assert saved["versao"] == VERSION + 1 and saved["versao_minima"] == VERSION   # still the newer file
    assert saved["estrelas"] == {"tomada/a": 2, "tomada/b": 3}
    assert saved["computador"]["nivel_vencido"] == {"brazilian": 3}
    assert len(saved["treino"]["tentativas"]) == 2
    # a second notebook that never saw the newer parts does not drop them either
    (tmp_path / "ana.json").write_text(json.dumps(future_file()), encoding="utf-8")
    p.record_stars("tomada/c", 1)
    assert unknown_parts(json.loads(path.read_text(encoding="utf-8"))) == EXPECTED


def test_the_class_table_reads_a_newer_file(tmp_path):
    (tmp_path / "ana.json").write_text(json.dumps(future_file()), encoding="utf-8")
    students, problems = read_class(tmp_path)
    assert problems == [] and [s["aluno"] for s in students] == ["ana"]


def test_todays_files_say_which_code_may_save_them(tmp_path):
    Progress("ana", folder=tmp_path).record_stars("tomada/a", 1)
    saved = json.loads((tmp_path / "ana.json").read_text(encoding="utf-8"))
    # every earlier release knows versions up to 2 and refuses a newer one: they cannot drop
    # a section they do not know from a file that says 3
    assert saved["versao"] == VERSION == 3 and saved["versao_minima"] == 3


@pytest.mark.parametrize("data", [future_file(VERSION + 1, VERSION + 1), future_file(9, 4),
                                  {**future_file(4, 3), "versao_minima": None},
                                  {**future_file(4, 3), "versao_minima": 5},
                                  {k: v for k, v in future_file(VERSION + 1).items() if k != "versao_minima"}])
def test_a_file_for_a_newer_reader_is_refused_and_left_untouched(tmp_path, data):
    path = tmp_path / "ana.json"
    content = json.dumps(data).encode("utf-8")
    path.write_bytes(content)
    with pytest.raises(ProgressError) as caught:
        Progress("ana", folder=tmp_path)
    message = str(caught.value)
    assert "não foi alterado" in message and str(path) in message
    assert "versão mais nova" in message or "versão mínima é inválida" in message
    p = Progress("bia", folder=tmp_path)          # another student is not stopped by it
    p.record_stars("tomada/a", 1)
    assert path.read_bytes() == content and not (tmp_path / "ana.json.bak").exists()
    students, problems = read_class(tmp_path)
    assert [s["aluno"] for s in students] == ["bia"] and len(problems) == 1 and "ana.json" in problems[0]


def test_a_version_2_file_is_kept_beside_the_version_3_one(tmp_path):
    """The first save of today's code keeps the version-2 file as ana.json.v2, which an older
    course can still open."""
    path = tmp_path / "ana.json"
    old = {"formato": FORMAT, "versao": 2, "aluno": "ana", "estrelas": {"tomada/a": 2}, "problemas": {},
           "computador": {"nivel_vencido": {"brazilian": 1}}}
    content = json.dumps(old).encode("utf-8")
    path.write_bytes(content)
    Progress("ana", folder=tmp_path).record_stars("tomada/b", 1)
    assert (tmp_path / "ana.json.v2").read_bytes() == content
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["versao"] == 3 and saved["computador"] == {"nivel_vencido": {"brazilian": 1}}

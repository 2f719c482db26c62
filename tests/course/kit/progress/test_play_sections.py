"""The progress file's sections of the mini-games («minijogos») and the stage tests («provas»):
saved, read back, only growing, merged between two notebooks, a malformed one refused (the file
left as it was), the keys a newer course adds inside them kept."""

from __future__ import annotations

import json

import pytest

from damas.course.kit.progress import FORMAT, VERSION, Progress, ProgressError


def write(path, **sections):
    data = {"formato": FORMAT, "versao": VERSION, "aluno": "ana", "estrelas": {}, "problemas": {}, **sections}
    path.write_text(json.dumps(data), encoding="utf-8")
    return path.read_bytes()


def test_wins_and_stars_survive_a_restart(tmp_path):
    p = Progress("ana", folder=tmp_path)
    assert p.minigame_stars("so-pedras", 1) == 0
    assert p.record_minigame_win("so-pedras", 1, 1) == 1
    assert p.record_minigame_win("so-pedras", 1, 3) == 3
    assert p.record_minigame_win("so-pedras", 1, 2) == 3          # the best is kept
    again = Progress("ana", folder=tmp_path)
    assert again.minigame_stars("so-pedras", 1) == 3
    assert again.minigame_stars("so-pedras", 2) == 0
    data = json.loads((tmp_path / "ana.json").read_text(encoding="utf-8"))
    assert data["minijogos"] == {"estrelas": {"so-pedras/1": 3}, "vitorias": {"so-pedras/1": 3}}


def test_stage_results_keep_the_best(tmp_path):
    p = Progress("ana", folder=tmp_path)
    assert p.stage_result("regras") is None
    p.record_stage("regras", 1, 7, 10, "2026-05-04")
    p.record_stage("regras", 3, 10, 10, "2026-05-06")
    best = p.record_stage("regras", 2, 9, 10, "2026-05-07")
    assert best == {"estrelas": 3, "acertos": 10, "itens": 10, "data": "2026-05-06"}
    p.record_stage("regras", 3, 10, 10, "2026-05-05")               # as good, earlier: that day
    assert Progress("ana", folder=tmp_path).stage_result("regras")["data"] == "2026-05-05"


def test_two_notebooks_lose_nothing(tmp_path):
    one = Progress("ana", folder=tmp_path)
    two = Progress("ana", folder=tmp_path)
    one.record_minigame_win("tome-todas", 2, 2)
    one.record_stage("tomadas", 2, 8, 10, "2026-05-04")
    two.record_minigame_win("so-pedras", 1, 3)
    two.record_stage("regras", 3, 10, 10, "2026-05-05")
    final = Progress("ana", folder=tmp_path)
    assert final.minigame_stars("tome-todas", 2) == 2 and final.minigame_stars("so-pedras", 1) == 3
    assert final.stage_result("tomadas")["estrelas"] == 2 and final.stage_result("regras")["estrelas"] == 3


@pytest.mark.parametrize("value", [
    ("so-pedras", 1, 4), ("so-pedras", 0, 1), ("So Pedras", 1, 1), ("so-pedras", True, 1), ("", 1, 1),
    ("so-pedras", 1, -1), ("../x", 1, 1),
])
def test_a_bad_win_is_refused_and_changes_nothing(tmp_path, value):
    p = Progress("ana", folder=tmp_path)
    with pytest.raises(ProgressError):
        p.record_minigame_win(*value)
    assert not (tmp_path / "ana.json").exists()


@pytest.mark.parametrize("value", [
    ("regras", 4, 1, 10, "2026-05-04"), ("regras", 1, 11, 10, "2026-05-04"), ("regras", 1, 1, 0, "2026-05-04"),
    ("regras", 1, 1, 10, "2026-02-30"), ("regras", 1, 1, 10, "4/5/2026"), ("Regras!", 1, 1, 10, "2026-05-04"),
])
def test_a_bad_stage_result_is_refused(tmp_path, value):
    with pytest.raises(ProgressError, match="inválid"):
        Progress("ana", folder=tmp_path).record_stage(*value)
    assert not (tmp_path / "ana.json").exists()


@pytest.mark.parametrize("sections", [
    {"minijogos": []},
    {"minijogos": {"estrelas": {"so-pedras/1": 5}}},
    {"minijogos": {"estrelas": {"so pedras": 1}}},
    {"minijogos": {"vitorias": {"so-pedras/1": -1}}},
    {"minijogos": {"estrelas": []}},
    {"provas": {"regras": {"estrelas": 2}}},
    {"provas": {"regras": {"estrelas": 2, "acertos": 9, "itens": 10, "data": "ontem"}}},
    {"provas": []},
])
def test_a_malformed_section_is_refused_and_the_file_kept(tmp_path, sections):
    path = tmp_path / "ana.json"
    before = write(path, **sections)
    with pytest.raises(ProgressError, match="fora do formato"):
        Progress("ana", folder=tmp_path)
    assert path.read_bytes() == before


def test_keys_a_newer_course_adds_inside_the_sections_are_kept(tmp_path):
    write(tmp_path / "ana.json",
          minijogos={"estrelas": {"so-pedras/1": 1}, "vitorias": {}, "recordes": {"so-pedras": 12}},
          provas={"regras": {"estrelas": 2, "acertos": 9, "itens": 10, "data": "2026-05-04", "tempo": 300}})
    p = Progress("ana", folder=tmp_path)
    p.record_minigame_win("so-pedras", 1, 2)
    data = json.loads((tmp_path / "ana.json").read_text(encoding="utf-8"))
    assert data["minijogos"]["recordes"] == {"so-pedras": 12}
    assert data["provas"]["regras"]["tempo"] == 300
    assert data["minijogos"]["estrelas"]["so-pedras/1"] == 2

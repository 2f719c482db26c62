"""The attempts at each problem survive a reload: «Tentativas neste problema» is kept in the
progress file by the problem's position, like the problems solved."""

from __future__ import annotations

import json

import pytest

from damas.course.kit.progress import Progress, ProgressError

TURCO_FEN = "W:W6,14,15,17,27:BK2"


def test_the_count_of_each_problem_is_saved_and_only_grows(tmp_path):
    p = Progress("ana", folder=tmp_path)
    assert p.tries("problemas/abc") == 0
    assert p.record_tries("problemas/abc", 2) == 2
    assert p.record_tries("problemas/abc", 1) == 2          # a lower count later changes nothing
    assert p.record_tries("problemas/def", 1) == 1
    again = Progress("ana", folder=tmp_path)
    assert again.tries("problemas/abc") == 2 and again.tries("problemas/def") == 1
    data = json.loads((tmp_path / "ana.json").read_text(encoding="utf-8"))
    assert data["tentativas_por_problema"] == {"problemas/abc": 2, "problemas/def": 1}


def test_two_notebooks_at_once_keep_every_problems_count(tmp_path):
    a = Progress("ana", folder=tmp_path)
    b = Progress("ana", folder=tmp_path)
    a.record_tries("problemas/abc", 3)
    b.record_tries("problemas/def", 1)                      # b never saw a's count: the save merges
    b.record_tries("problemas/abc", 2)
    c = Progress("ana", folder=tmp_path)
    assert c.tries("problemas/abc") == 3 and c.tries("problemas/def") == 1


@pytest.mark.parametrize("count", [-1, 2.0, True, "3", None])
def test_a_bad_count_is_refused_and_nothing_changes(tmp_path, count):
    p = Progress("ana", folder=tmp_path)
    p.record_tries("problemas/abc", 1)
    before = (tmp_path / "ana.json").read_bytes()
    with pytest.raises(ProgressError, match="Número de tentativas inválido"):
        p.record_tries("problemas/abc", count)
    assert (tmp_path / "ana.json").read_bytes() == before and p.tries("problemas/abc") == 1


@pytest.mark.parametrize("key", ["", "  ", None, 3])
def test_a_bad_problem_key_is_refused(tmp_path, key):
    p = Progress("ana", folder=tmp_path)
    with pytest.raises(ProgressError, match="Nome de tarefa inválido"):
        p.record_tries(key, 1)
    with pytest.raises(ProgressError, match="Nome de tarefa inválido"):
        p.tries(key)
    assert not (tmp_path / "ana.json").exists()


@pytest.mark.parametrize("section", [[], {"problemas/abc": -1}, {"problemas/abc": "2"}, {"": 1},
                                     {"problemas/abc": True}, "2"])
def test_a_file_with_a_bad_section_is_refused_unchanged(tmp_path, section):
    path = tmp_path / "ana.json"
    path.write_text(json.dumps({"formato": "damas-progresso", "versao": 2, "aluno": "ana",
                                "estrelas": {}, "problemas": {}, "tentativas_por_problema": section}),
                    encoding="utf-8")
    before = path.read_bytes()
    with pytest.raises(ProgressError, match="tentativas nos problemas"):
        Progress("ana", folder=tmp_path)
    assert path.read_bytes() == before


def _trainers():
    pytest.importorskip("anywidget")
    from damas.course.kit import practice
    from damas.problems.puzzles import Puzzle
    turco = Puzzle(TURCO_FEN, goal="win", max_plies=3, title="Golpe turco", solution="27-23 2x10 14x7")
    other = Puzzle("W:W22,25,29:B8,13,15", goal="win", max_plies=3, solution="22-17 13x22 25x4")
    return practice, turco, other


def test_a_trainer_made_again_shows_the_attempts_made_before():
    practice, turco, other = _trainers()
    from damas.course.kit.store import _reset_progress_cache
    t = practice.PuzzleTrainer([turco, other])
    t.play("f2-g3")                                          # a wrong move: one attempt
    t.play("27-23")                                          # the second attempt starts
    t.play("14x7")
    assert t.verdict.status == "correct" and t.attempts == {0: 2}
    _reset_progress_cache()                                  # a new kernel: the file is read again
    again = practice.PuzzleTrainer([turco, other])
    assert again.solved == {0} and again.attempts == {0: 2}
    assert "Tentativas neste problema: 2." in again.progress_text()
    # the same problem elsewhere (another collection, another place) has the same count
    elsewhere = practice.PuzzleTrainer({"Outra": [other, turco]})
    assert elsewhere.attempts == {1: 2}
    elsewhere.load(1)
    elsewhere.play("27-23")                                  # a third attempt, saved from there
    _reset_progress_cache()
    assert practice.PuzzleTrainer([turco]).attempts == {0: 3}
    from damas.course.kit.catalogue import position_key
    assert Progress().tries(position_key(turco)) == 3


def test_a_refused_progress_file_leaves_the_trainer_counting_and_the_file_alone(tmp_path, monkeypatch):
    practice, turco, other = _trainers()
    from damas.course.kit.store import _reset_progress_cache
    monkeypatch.setenv("DAMAS_PROGRESSO", str(tmp_path))
    (tmp_path / "ana.json").write_text("{não é json", encoding="utf-8")
    monkeypatch.setenv("DAMAS_ALUNO", "ana")
    _reset_progress_cache()
    t = practice.PuzzleTrainer([turco])
    t.play("f2-g3")
    assert t.attempts == {0: 1} and "não estão sendo gravados" in t.progress_text()
    assert (tmp_path / "ana.json").read_text(encoding="utf-8") == "{não é json"

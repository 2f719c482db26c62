"""The training log in the progress file: it survives a restart and concurrent saves, and a
malformed one is refused."""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone

import pytest

from damas.course.kit.progress import Progress, ProgressError
from damas.course.kit.review import due_reviews
from damas.course.kit.training import Catalog, TrainingError
from damas.errors import DamasError
from damas.problems.puzzles import Puzzle

BRASILIA = timezone(timedelta(hours=-3))
DAY0 = datetime(2026, 3, 2, 15, 0, tzinfo=BRASILIA)


def catalog():
    turco = Puzzle("W:W6,14,15,17,27:BK2", goal="win", max_plies=3, title="Golpe turco",
                   themes=("golpe turco",), difficulty=2, solution="27-23 2x10 14x7")
    return Catalog({"c": ("Coleção", [turco] * 6)})


def test_ratings_and_reviews_survive_a_restart(tmp_path):
    p = Progress("ana", folder=tmp_path)
    p.record_attempt("c/0", "desistiu", DAY0)
    p.record_attempt("c/1", "primeira", DAY0 + timedelta(minutes=2))
    cat = catalog()
    rating = cat.book(p.attempts).student("eu")
    again = Progress("ana", folder=tmp_path)          # a new kernel
    assert again.attempts == p.attempts and len(again.attempts) == 2
    assert cat.book(again.attempts).student("eu") == rating and rating.r != 1500
    assert [k for k, _ in due_reviews(again.attempts, DAY0 + timedelta(days=1))] == ["c/0"]


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


def test_a_file_without_training_is_written_without_it(tmp_path):
    Progress("ana", folder=tmp_path).record_stars("tomada/a", 1)
    assert "treino" not in json.loads((tmp_path / "ana.json").read_text(encoding="utf-8"))


BAD = [
    [],
    {"tentativas": "x"},
    {"tentativas": [{"id": "1", "problema": "c/0", "resultado": "talvez", "quando": "2026-03-02T15:00:00-03:00"}]},
    {"tentativas": [{"id": "1", "problema": "c/0", "resultado": "primeira", "quando": "ontem"}]},
    {"tentativas": [{"id": "1", "problema": "c/0", "resultado": "primeira", "quando": "2026-03-02T15:00:00"}]},
    {"tentativas": [{"id": "", "problema": "c/0", "resultado": "primeira", "quando": "2026-03-02T15:00:00-03:00"}]},
    {"tentativas": [{"id": "1", "problema": "c/0", "resultado": "primeira", "quando": "2026-03-02T15:00:00-03:00",
                     "extra": 1}]},
    {"tentativas": [], "nota": 1500},
]


@pytest.mark.parametrize("section", BAD)
def test_a_malformed_training_section_is_refused_and_left_alone(tmp_path, section):
    content = json.dumps({"formato": "damas-progresso", "versao": 2, "aluno": "ana", "estrelas": {},
                          "problemas": {}, "treino": section}).encode("utf-8")
    (tmp_path / "ana.json").write_bytes(content)
    with pytest.raises(ProgressError, match="o treino está fora do formato"):
        Progress("ana", folder=tmp_path)
    assert (tmp_path / "ana.json").read_bytes() == content


def test_a_good_training_section_is_accepted(tmp_path):
    record = {"id": "20260302T150000-ab12cd34", "problema": "c/0", "resultado": "primeira",
              "quando": "2026-03-02T15:00:00-03:00"}
    (tmp_path / "ana.json").write_text(json.dumps(
        {"formato": "damas-progresso", "versao": 2, "aluno": "ana", "estrelas": {}, "problemas": {},
         "treino": {"tentativas": [record]}}), encoding="utf-8")
    assert Progress("ana", folder=tmp_path).attempts == [record]


def test_bad_attempts_are_refused_and_change_nothing(tmp_path):
    p = Progress("ana", folder=tmp_path)
    with pytest.raises(TrainingError, match="Resultado de tentativa desconhecido"):
        p.record_attempt("c/0", "talvez", DAY0)
    with pytest.raises(ProgressError, match="Nome de tarefa inválido"):
        p.record_attempt("", "primeira", DAY0)
    assert isinstance(TrainingError("x"), DamasError)
    assert not (tmp_path / "ana.json").exists()

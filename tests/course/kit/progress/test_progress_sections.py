"""What the progress file records, section by section: the training log (it survives a restart,
a malformed one is refused), the stars, the highest level of the computer beaten on each board,
the attempts at each problem.  Each only grows; a bad value or a bad section is refused and
changes nothing.  (Two notebooks saving at once: test_progress_concurrency.py.)"""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone

import pytest

from damas.course.kit.panel import summary
from damas.course.kit.progress import FORMAT, VERSION, Progress, ProgressError
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
    {"tentativas": [{"id": "1", "problema": "c/0", "resultado": "primeira"}]},
]

# What a newer course may add to the section (a key, a field of a record): kept, not refused
# (issue 44, item 1; tests/course/kit/progress/test_forward_compat.py).
NEWER = [
    {"tentativas": [{"id": "1", "problema": "c/0", "resultado": "primeira", "quando": "2026-03-02T15:00:00-03:00",
                     "extra": 1}]},
    {"tentativas": [], "nota": 1500},
]


@pytest.mark.parametrize("section", NEWER)
def test_what_a_newer_course_adds_to_the_training_section_is_kept(tmp_path, section):
    path = tmp_path / "ana.json"
    path.write_text(json.dumps({"formato": "damas-progresso", "versao": 2, "aluno": "ana", "estrelas": {},
                                "problemas": {}, "treino": section}), encoding="utf-8")
    Progress("ana", folder=tmp_path).record_stars("tomada/a", 1)
    assert json.loads(path.read_text(encoding="utf-8"))["treino"] == section


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


# -- the stars of the tasks and quizzes ---------------------------------------------------------------
def test_stars_are_saved_and_come_back(tmp_path):
    p = Progress("ana", folder=tmp_path)
    assert p.stars("04/todas-1") == 0 and not (tmp_path / "ana.json").exists()
    assert p.record_stars("04/todas-1", 2) == 2
    assert p.record_stars("04/todas-1", 1) == 2          # the best is kept
    assert p.record_stars("04/todas-1", 3) == 3
    p.record_solved("golpes", 4)
    p.record_solved("golpes", 1)
    # A new object (a restarted kernel) reads the same.
    q = Progress("ana", folder=tmp_path)
    assert q.stars("04/todas-1") == 3 and q.solved("golpes") == {1, 4}
    data = json.loads((tmp_path / "ana.json").read_text(encoding="utf-8"))
    assert data["formato"] == FORMAT and data["versao"] == VERSION and data["aluno"] == "ana"
    assert "3 estrelas em 1 tarefa; 2 problemas resolvidos" in summary(q)
    # The previous version is kept as a backup.
    backup = json.loads((tmp_path / "ana.json.bak").read_text(encoding="utf-8"))
    assert backup["problemas"] == {"golpes": [4]}


@pytest.mark.parametrize("value", [-1, 4, 2.5, True, "3", None])
def test_bad_stars_are_refused(tmp_path, value):
    p = Progress("ana", folder=tmp_path)
    with pytest.raises(ProgressError, match="estrelas inválido"):
        p.record_stars("03/x", value)
    assert not (tmp_path / "ana.json").exists()


# -- the highest level of the computer beaten, per board -------------------------------------------
def test_the_highest_level_beaten_is_saved_per_board_and_only_grows(tmp_path):
    p = Progress("ana", folder=tmp_path)
    assert p.level_beaten() == 0 and p.level_beaten("international") == 0
    assert p.record_level_beaten(2) == 2
    assert p.record_level_beaten(1) == 2            # a lower level beaten later changes nothing
    assert p.record_level_beaten(1, "international") == 1
    again = Progress("ana", folder=tmp_path)
    assert again.level_beaten() == 2 and again.level_beaten("international") == 1
    data = json.loads((tmp_path / "ana.json").read_text(encoding="utf-8"))
    assert data["computador"] == {"nivel_vencido": {"brazilian": 2, "international": 1}}


@pytest.mark.parametrize("level", [0, -1, 2.0, True, "3", None])
def test_a_bad_level_is_refused_and_nothing_changes(tmp_path, level):
    p = Progress("ana", folder=tmp_path)
    p.record_level_beaten(1)
    before = (tmp_path / "ana.json").read_bytes()
    with pytest.raises(ProgressError, match="Nível inválido"):
        p.record_level_beaten(level)
    assert (tmp_path / "ana.json").read_bytes() == before and p.level_beaten() == 1


@pytest.mark.parametrize("section", [[], {"nivel_vencido": {"brazilian": 0}}, {"nivel_vencido": []},
                                     {"nivel_vencido": {"brazilian": "2"}}, {"outra": {}, "nivel_vencido": 3}])
def test_a_file_with_a_bad_levels_section_is_refused_unchanged(tmp_path, section):
    path = tmp_path / "ana.json"
    path.write_text(json.dumps({"formato": "damas-progresso", "versao": 2, "aluno": "ana",
                                "estrelas": {}, "problemas": {}, "computador": section}), encoding="utf-8")
    before = path.read_bytes()
    with pytest.raises(ProgressError, match="níveis vencidos"):
        Progress("ana", folder=tmp_path)
    assert path.read_bytes() == before


# -- the attempts at each problem, by its position ----------------------------------------------------
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
def test_a_file_with_a_bad_tries_section_is_refused_unchanged(tmp_path, section):
    path = tmp_path / "ana.json"
    path.write_text(json.dumps({"formato": "damas-progresso", "versao": 2, "aluno": "ana",
                                "estrelas": {}, "problemas": {}, "tentativas_por_problema": section}),
                    encoding="utf-8")
    before = path.read_bytes()
    with pytest.raises(ProgressError, match="tentativas nos problemas"):
        Progress("ana", folder=tmp_path)
    assert path.read_bytes() == before

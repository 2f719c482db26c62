"""«Treino do dia» (damas.course.classroom.daily) on the real collections, with a fake clock."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

pytest.importorskip("anywidget")

from damas.course.classroom.daily import DailyTraining, load_catalog  # noqa: E402
from damas.course.kit.progress import Progress  # noqa: E402
from damas.problems.checker import check  # noqa: E402
from repo_paths import PUZZLES  # noqa: E402

BRASILIA = timezone(timedelta(hours=-3))
DAY0 = datetime(2026, 3, 2, 15, 0, tzinfo=BRASILIA)


@pytest.fixture(scope="module")
def catalog():
    return load_catalog(PUZZLES)


class Clock:
    def __init__(self, now=DAY0):
        self.now = now

    def __call__(self):
        return self.now


def solve_on_board(trainer):
    """Play the solving side's moves, each one the checker accepts, until solved."""
    while trainer.verdict is None or trainer.verdict.status != "correct":
        line = trainer.line()
        move = next(m for m in trainer.widget.board.legal_moves()
                    if check(trainer.puzzle, line + [m]).status != "wrong")
        trainer.play(move)


def test_a_session_is_mixed_never_repeats_and_says_where_each_problem_comes_from(catalog, tmp_path):
    d = DailyTraining(catalog, n=8, progress=Progress("ana", folder=tmp_path), clock=Clock())
    assert len(d.keys) == len(set(d.keys)) == 8
    assert len({catalog.theme(k) for k in d.keys}) >= 4
    # near the level of a new student (1500): the problems nearest it
    assert all(abs(catalog.start[k].r - 1500) <= 150 for k in d.keys)
    text = d.describe(0)
    key = d.keys[0]
    assert f"Coleção: {catalog.titles[key]}. Tema: {catalog.theme(key)}." in text
    assert "Seu nível: 1500." in text
    assert "Revisão" not in text
    for word in ("Glicko", "rating", "desvio", "RD"):
        assert word not in text


def test_solving_raises_the_level_and_is_saved(catalog, tmp_path):
    progress = Progress("ana", folder=tmp_path)
    d = DailyTraining(catalog, n=4, progress=progress, clock=Clock())
    d.box()
    solve_on_board(d.trainer)
    assert d.level > 1500 and "subiu" in d.describe(0)
    assert "Seu nível: " + str(round(d.level)) in d.trainer._note.value
    saved = Progress("ana", folder=tmp_path).attempts
    assert [(a["problema"], a["resultado"]) for a in saved] == [(d.keys[0], "primeira")]
    d.trainer.restart()                     # solving it again, or coming back to it, counts once
    solve_on_board(d.trainer)
    d.trainer.next()
    d.trainer.previous()
    d.trainer.show_solution()
    assert len(Progress("ana", folder=tmp_path).attempts) == 1


def test_the_daily_trainer_is_the_courses_and_keeps_each_problem_solved(catalog, tmp_path):
    # No registry: «Treino do dia» makes the course's trainer, which saves the problem by its
    # position, as every trainer of the course does (the widget's own trainer saves nothing).
    from damas.course.kit import practice, store
    d = DailyTraining(catalog, n=4, progress=Progress("ana", folder=tmp_path), clock=Clock())
    assert type(d.trainer) is practice.PuzzleTrainer
    solve_on_board(d.trainer)
    assert store._progress().solved(d.keys[0]) == {0}


def test_a_missed_golpe_comes_back_with_its_review_line(catalog, tmp_path):
    clock = Clock()
    d = DailyTraining(catalog, n=4, progress=Progress("ana", folder=tmp_path), clock=clock)
    missed = d.keys[1]
    d.trainer.next()
    d.trainer.show_solution()                # given up
    assert d.level < 1500 and "desceu" in d.describe(1)
    clock.now = DAY0 + timedelta(hours=2)    # the same day: not offered again
    assert missed not in DailyTraining(catalog, n=4, progress=Progress("ana", folder=tmp_path), clock=clock).keys
    clock.now = DAY0 + timedelta(days=3)
    later = DailyTraining(catalog, n=4, progress=Progress("ana", folder=tmp_path), clock=clock)
    assert later.keys[0] == missed
    assert later.describe(0).startswith("Revisão: você errou este golpe há 3 dias.")
    solve_on_board(later.trainer)            # solved cleanly: out of review
    clock.now = DAY0 + timedelta(days=10)
    again = DailyTraining(catalog, n=4, progress=Progress("ana", folder=tmp_path), clock=clock)
    assert missed not in again.keys


def test_a_refused_progress_file_does_not_stop_the_training(catalog, tmp_path):
    (tmp_path / "ana.json").write_text("{não é json", encoding="utf-8")
    from damas.course.kit.progress import ProgressError
    try:
        Progress("ana", folder=tmp_path)
    except ProgressError as error:
        refused = error
    d = DailyTraining(catalog, n=3, progress=refused, clock=Clock())
    solve_on_board(d.trainer)
    assert d.level > 1500
    assert "O treino não está sendo gravado" in d.describe(0)
    assert (tmp_path / "ana.json").read_text(encoding="utf-8") == "{não é json"


# -- issue 44: a student who finished everything, a collection cut in half ---------------------------
def _finished(catalog, folder, name="ana"):
    """A progress file in which every problem of the catalog was solved at the first try."""
    p = Progress(name, folder=folder)
    for i, key in enumerate(sorted(catalog.puzzles)):
        p._data.setdefault("treino", {"tentativas": []})["tentativas"].append(
            {"id": f"r{i:05d}", "problema": key, "resultado": "primeira",
             "quando": (DAY0 - timedelta(days=30, minutes=i)).isoformat()})
    p.record_stars("tomada/a", 1)           # saves the whole log
    return p


def test_a_student_who_finished_everything_gets_parabens_not_an_error(catalog, tmp_path):
    from damas.course.classroom.daily import daily_training
    from repo_paths import PUZZLES
    _finished(catalog, tmp_path)
    d = daily_training(PUZZLES, progress=Progress("ana", folder=tmp_path), clock=Clock())
    assert d.finished and d.keys == []
    box = d.box()
    assert "Parabéns" in box.value and "Seu nível" in box.value and "Traceback" not in box.value


def test_a_student_who_tried_everything_today_is_told_to_come_back(catalog, tmp_path):
    p = Progress("ana", folder=tmp_path)
    for i, key in enumerate(sorted(catalog.puzzles)):
        p._data.setdefault("treino", {"tentativas": []})["tentativas"].append(
            {"id": f"r{i:05d}", "problema": key, "resultado": "com-dica", "quando": DAY0.isoformat()})
    p.record_stars("tomada/a", 1)
    d = DailyTraining(catalog, n=4, progress=Progress("ana", folder=tmp_path), clock=Clock())
    assert d.finished and "Por hoje é só" in d.box().value and "Parabéns" not in d.box().value


def test_a_collection_cut_in_half_is_named_and_the_training_goes_on(tmp_path):
    import shutil
    from repo_paths import PUZZLES
    copy = tmp_path / "puzzles"
    shutil.copytree(PUZZLES, copy)
    data = (PUZZLES / "tomadas.pdn").read_bytes()
    (copy / "tomadas.pdn").write_bytes(data[:len(data) // 2])      # a full disk stopped the copy
    catalog = load_catalog(copy)
    assert catalog.puzzles and "tomadas" not in catalog.collections
    d = DailyTraining(catalog, n=4, progress=Progress("ana", folder=tmp_path), clock=Clock())
    text = d.describe(0)
    assert str(copy / "tomadas.pdn") in text and "python -m damas curso" in text


def test_no_collection_at_all_is_said_in_place_of_the_board(tmp_path):
    from damas.course.classroom.daily import daily_training
    (tmp_path / "puzzles").mkdir()
    (tmp_path / "puzzles" / "classicos.pdn").write_bytes(b'[Event "x"]\n[FEN "W:W')
    d = daily_training(tmp_path / "puzzles", progress=Progress("ana", folder=tmp_path), clock=Clock())
    assert d.finished and "classicos.pdn" in d.box().value and "Parabéns" not in d.box().value

"""Refusals of the newer modules, one bad call each (issue 27, item 3): what the walk of the
public API (``tests/api_walk.py``) found in them, each now the package's own error in Portuguese."""

from __future__ import annotations

import importlib

import pytest

from api_walk import in_portuguese
from damas import DamasError


class _Any:
    def __repr__(self):
        return "<um objeto qualquer>"


ANY = _Any()

# (dotted name, positional arguments, keyword arguments): one bad call each.
CASES = [
    ("damas.rules.textfiles.read_text_file", (None, None), {}),
    ("damas.rules.textfiles.read_text_file", ("x.pdn", "?"), {}),
    ("damas.rules.textfiles.decode_text", ("?", "?"), {}),
    ("damas.engine.players.level_settings", (None,), {}),
    ("damas.engine.players.level_settings", (2,), {"variant": []}),
    ("damas.engine.players.level_move", (None, None), {}),
    ("damas.engine.players.is_careless", (None, None), {}),
    ("damas.engine.players.safe_moves", (ANY,), {}),
    ("damas.engine.players.random_safe_move", (None, None), {}),
    ("damas.widget.texts.level_label", (None,), {}),
    ("damas.widget.texts.level_about", (-1,), {}),
    ("damas.widget.sync.sheet_rows", (None, None), {}),
    ("damas.widget.sync.sheet_rows", (["c3-d4"], "?"), {}),
    ("damas.problems.book.book_order", (None,), {}),
    ("damas.problems.book.measure", (None,), {}),
    ("damas.problems.book.source_line", (ANY,), {}),
    ("damas.problems.fact_context.game_contexts", (None,), {}),
    ("damas.problems.fact_context.gives_piece", (None, None, None), {}),
    ("damas.problems.fact_context.line_steps", (None, None), {}),
    ("damas.problems.fact_context.puzzle_context", (None,), {}),
    ("damas.problems.fact_checks.comment_problems", (None, None), {}),
    ("damas.problems.fact_checks.game_problems", (None,), {}),
    ("damas.problems.fact_checks.puzzle_problems", (None,), {}),
    ("damas.problems.fact_checks.comment_facts", (None, None), {}),
    ("damas.problems.fact_checks.check_fact", (None, None), {}),
    ("damas.problems.fact_lint.lint_comment", (None,), {}),
    ("damas.problems.fact_lint.lint_markdown", (None,), {}),
    ("damas.problems.sources.readable_source", (None,), {}),
    ("damas.course.classroom.workcopy.make_copy", (None,), {}),
    ("damas.course.classroom.workcopy.make_copy", (), {"source": 5}),
    ("damas.course.classroom.workcopy.run_curso", (ANY,), {"open_lab": False}),
    ("damas.course.classroom.workcopy.run_curso", (), {"open_lab": "?"}),
    ("damas.course.chapters.ch05_jogar_e_analisar.levels_text", ([],), {}),
    ("damas.course.kit.sentences.after_verdict", (None, None), {}),
    ("damas.course.kit.sentences.captures_sentence", (None,), {}),
    ("damas.course.chapters.ch05_jogar_e_analisar.levels_sentence", ([],), {}),
    ("damas.course.kit.sentences.moves_sentence", (None,), {}),
    ("damas.course.kit.sentences.path_sentence", (None, None), {}),
    ("damas.course.chapters.ch06_golpes_classicos.themes_sentence", (None,), {}),
    ("damas.course.chapters.ch08_como_jogar.verdicts.gaps", (None, None, None), {}),
    ("damas.course.chapters.ch08_como_jogar.verdicts.move_value", (None, None), {}),
    ("damas.course.chapters.ch08_como_jogar.verdicts.survives", ({"profundidade 8": 100}, {"played": "g5-h6"}), {}),
    ("damas.course.chapters.ch08_como_jogar.verdicts.survives", (None, None), {}),
    ("damas.course.kit.catalogue.chapter_of", (None,), {}),
    ("damas.course.kit.catalogue.file_positions", (None,), {}),
    ("damas.course.kit.keys.position_key", (None,), {}),
    ("damas.course.kit.catalogue.solved_count", (None,), {}),
    ("damas.course.kit.catalogue.solved_problems", ([],), {}),
    ("damas.course.classroom.class_training.training_tables", (None, None, None), {}),
    ("damas.course.classroom.class_training.training_plot", (None, None), {}),
    ("damas.course.classroom.class_training.write_csv", (None, None, None), {}),
    ("damas.course.classroom.class_training.run_training_view", (None, None), {}),
    ("damas.course.classroom.turma.plot_path", (None,), {}),
    ("damas.course.classroom.daily.DailyTraining", (None,), {}),
    ("damas.course.classroom.daily.daily_training", (), {"folder": None}),
    ("damas.course.classroom.daily.load_catalog", (None,), {}),
    ("damas.course.kit.games.beginner_words", (None, None), {}),
    ("damas.course.kit.practice.collection_key", (None, None), {}),
    ("damas.course.kit.practice.keep_progress", (None,), {}),
    ("damas.course.kit.practice.migrate_legacy", (None,), {}),
    ("damas.course.kit.ratings.RatingBook", (ANY,), {}),
    ("damas.course.kit.ratings.expected_score", (None, None), {}),
    ("damas.course.kit.ratings.glicko2_update", (ANY, ANY), {}),
    ("damas.course.kit.ratings.play", (None, None, None), {}),
    ("damas.course.kit.ratings.puzzle_moves", (None,), {}),
    ("damas.course.kit.ratings.starting_rating", (None, None), {}),
    ("damas.course.kit.review.attempt_day", (None,), {}),
    ("damas.course.kit.review.due_reviews", (None, None), {}),
    ("damas.course.kit.review.review_states", (None,), {}),
    ("damas.course.kit.review.schedule", (None,), {}),
    ("damas.course.kit.training.Catalog", (None,), {}),
    ("damas.course.kit.training.add_attempt", (None, None), {}),
    ("damas.course.kit.training.checked_section", (None, None), {}),
    ("damas.course.kit.training.choose_daily", (None, None), {}),
    ("damas.course.kit.training.merge_attempts", (None,), {}),
    ("damas.course.kit.training.merge_section", (None, None), {}),
    ("damas.course.kit.training.problem_key", (None,), {}),
    ("damas.course.kit.tasks.record_text", (None,), {}),
    ("damas.course.chapters.ch08_como_jogar.rule_sets.forced_only_text", (None,), {}),
    ("damas.course.chapters.ch08_como_jogar.rule_sets.forced_only_under", ("?",), {}),
    ("damas.course.kit.sentences.winners_moves", (None, 3), {}),
    ("damas.course.kit.sentences.winners_moves", (1, "?"), {}),
    ("damas.display.sequence.sequence_frames", (None, ["c3-d4"]), {}),
    ("damas.display.sequence.sequence_svg", ([], []), {}),
    ("damas.course.kit.tasks.record_text", ("?",), {}),
    ("damas.course.kit.ratings.glicko2_update", (ANY, [(ANY, 1.0)]), {}),
    ("damas.course.kit.ratings.play", (ANY, ANY, "primeira"), {}),
    ("damas.course.classroom.turma.plot_path", ([],), {}),
    ("damas.course.classroom.workcopy.make_copy", (), {"source": "?"}),
]


def _function(dotted):
    module, _, name = dotted.rpartition(".")
    return getattr(importlib.import_module(module), name)


@pytest.mark.parametrize(("dotted", "args", "kwargs"), CASES,
                         ids=[f"{d.rpartition('.')[2]}-{i}" for i, (d, _, _) in enumerate(CASES)])
def test_a_bad_argument_is_the_packages_error_in_portuguese(dotted, args, kwargs, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("DAMAS_PROGRESSO", str(tmp_path / "progresso"))
    with pytest.raises(DamasError) as caught:
        _function(dotted)(*args, **kwargs)
    assert in_portuguese(str(caught.value)), str(caught.value)
    assert not (tmp_path / "progresso").exists()


def test_level_settings_of_a_valid_level_are_unchanged():
    from damas.engine.players import level_settings
    from damas.engine.search import LEVELS
    assert level_settings(3) == LEVELS[3]
    assert level_settings(5, "international").depth == 3

"""What the sweep of issue 44 found beyond the issue's list (each test failed before its fix).

The tests of the harness found some of these on their own (``test_hostile_names``: a file with an
empty student name, a player's name with a lone surrogate, matplotlib's English warnings; the
kills: temporary files left forever); the ones here were found by hand around them."""

from __future__ import annotations

import json

import pytest

from damas import Board, DamasError, Game
from damas.course.kit.progress import Progress, ProgressError, read_class


def test_a_game_asked_for_another_variant_than_its_board_is_refused():
    """An old finding that still held: Game(Board(), variant='international') stayed Brazilian."""
    with pytest.raises(DamasError, match="damas brasileiras.*damas internacionais"):
        Game(Board(), variant="international")
    assert Game(Board(), variant="brazilian").board.variant.name == "brazilian"
    assert Game(Board("international"), variant="international").board.variant.name == "international"


def test_a_damaged_file_under_the_old_name_does_not_stop_the_student(tmp_path):
    """«ana maria» looked at ana_maria.json (the file of her name up to 0.2): when it could not be
    read, Progress("ana maria") failed, and she could save nothing."""
    (tmp_path / "ana_maria.json").write_text("{", encoding="utf-8")
    p = Progress("ana maria", folder=tmp_path)
    p.record_stars("tomada/a", 2)
    assert Progress("ana maria", folder=tmp_path).stars("tomada/a") == 2
    assert (tmp_path / "ana_maria.json").read_text(encoding="utf-8") == "{"


@pytest.mark.parametrize("name", ["", "   "])
def test_a_file_with_no_student_name_is_left_out_of_the_class_not_a_crash(tmp_path, name, capsys, monkeypatch):
    """A hand-edited file with an empty "aluno" made turma stop with ArgumentError."""
    from damas.course.classroom.turma import run_turma
    monkeypatch.setattr("damas.course.classroom.turma.class_plot", lambda header, rows, path: None)
    monkeypatch.setattr("damas.course.classroom.class_training.training_plot", lambda rows, path: None)
    Progress("bia", folder=tmp_path).record_attempt("problemas/abc", "primeira")
    (tmp_path / "x.json").write_text(json.dumps({
        "formato": "damas-progresso", "versao": 2, "aluno": name, "estrelas": {}, "problemas": {},
        "treino": {"tentativas": [{"id": "1", "problema": "p", "resultado": "primeira",
                                   "quando": "2026-12-05T10:00:00-03:00"}]}}), encoding="utf-8")
    assert run_turma(str(tmp_path)) == 0
    _, err = capsys.readouterr()
    assert "x.json" in err and "falta o nome do aluno" in err


def test_a_progress_folder_that_is_a_file_is_said_plainly(tmp_path):
    """DAMAS_PROGRESSO naming a file: the message spoke of an unreadable progress file and its
    backup; it is the folder."""
    (tmp_path / "pasta").write_text("x", encoding="utf-8")
    p = Progress("ana", folder=tmp_path / "pasta")
    with pytest.raises(ProgressError) as caught:
        p.record_stars("tomada/a", 1)
    assert "Não foi possível gravar" in str(caught.value) and "Errno" not in str(caught.value)
    assert (tmp_path / "pasta").read_text(encoding="utf-8") == "x"


def test_a_tournament_message_says_how_to_put_the_backup_back(tmp_path):
    from damas.course.tournament.model import TournamentError
    from damas.course.tournament.storage import TournamentFile
    t = TournamentFile.create(tmp_path / "t.json", "T", ["Ana", "Bia"])
    t.pair_next()
    t.record(1, 1, "brancas")
    (tmp_path / "t.json").write_text("{", encoding="utf-8")
    with pytest.raises(TournamentError) as caught:
        TournamentFile(tmp_path / "t.json").read()
    assert "renomeie t.json para t.json.danificado" in str(caught.value) and "t.json.bak para t.json" in str(caught.value)


def test_the_reviews_wait_at_most_ten_years():
    """SM-2's wait grows by the ease each pass (1.3 at least): some sixty passes with a mistake ran
    the review day off the calendar (OverflowError)."""
    from damas.course.kit.review import MAX_INTERVAL, _sm2, ReviewState
    from datetime import date, datetime, timezone
    state = ReviewState(date(2026, 1, 1), 10 ** 6, 5, 1.3, datetime(2026, 1, 1, tzinfo=timezone.utc))
    assert _sm2(state, 3, date(2026, 1, 1), state.missed).interval == MAX_INTERVAL


def test_the_tournaments_csv_never_lands_on_a_progress_file(tmp_path, capsys):
    """The teacher's typo again, in the tournament: ``torneio csv t.json bia.json`` wrote the
    tables over bia's progress file."""
    from damas.__main__ import main
    from damas.course.tournament.storage import TournamentFile
    TournamentFile.create(tmp_path / "t.json", "T", ["Ana", "Bia"])
    Progress("bia", folder=tmp_path).record_stars("tomada/a", 3)
    before = (tmp_path / "bia.json").read_bytes()
    try:
        status = main(["torneio", "csv", str(tmp_path / "t.json"), str(tmp_path / "bia.json")])
    except SystemExit as exit_:
        status = exit_.code
    assert status == 2 and ".csv" in capsys.readouterr().err
    assert (tmp_path / "bia.json").read_bytes() == before


@pytest.mark.parametrize("state", [{"locked": [[[[[]]]]]}, {"locked": ["W", ["B"]]}, {"mode": "\x1b[2J"},
                                   {"setup_piece": "W:W21-32:B1-12"}, {"mode": "montagem", "locked": [[]]}])
def test_a_bad_value_from_the_page_leaves_the_board_as_it_was(state):
    """Found by the malformed messages (150 to each widget): the board's own checks refused a bad
    value with DamasError, which traitlets does not roll back (only TraitError), so a page's
    update kept it: ``locked`` became a nested list and every later message to the board failed
    with TypeError («unhashable type: 'list'»)."""
    pytest.importorskip("anywidget")
    from traitlets import TraitError
    from damas.widget.board import BoardWidget
    board = BoardWidget()
    before = {name: getattr(board, name) for name in ("locked", "mode", "setup_piece")}
    with pytest.raises(TraitError) as caught:
        board.set_state(state)                   # what ipywidgets does with the page's update
    assert isinstance(caught.value, DamasError)  # still the package's error, in Portuguese
    assert {name: getattr(board, name) for name in before} == before
    board.handle_message({"type": "click", "square": 22})
    board.handle_message({"type": "action", "name": "flip"})
    assert board.board.fen()

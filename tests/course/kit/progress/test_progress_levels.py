"""The highest level of the computer a student has beaten, kept in their progress file."""

from __future__ import annotations

import json

import pytest

from damas.course.kit.progress import Progress, ProgressError


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


def test_two_notebooks_at_once_keep_the_highest_level(tmp_path):
    a = Progress("ana", folder=tmp_path)
    b = Progress("ana", folder=tmp_path)
    a.record_level_beaten(3)
    b.record_stars("03/dama-1", 2)                  # b never saw a's level: the save merges
    b.record_level_beaten(2)
    c = Progress("ana", folder=tmp_path)
    assert c.level_beaten() == 3 and c.stars("03/dama-1") == 2


@pytest.mark.parametrize("level", [0, -1, 2.0, True, "3", None])
def test_a_bad_level_is_refused_and_nothing_changes(tmp_path, level):
    p = Progress("ana", folder=tmp_path)
    p.record_level_beaten(1)
    before = (tmp_path / "ana.json").read_bytes()
    with pytest.raises(ProgressError, match="Nível inválido"):
        p.record_level_beaten(level)
    assert (tmp_path / "ana.json").read_bytes() == before and p.level_beaten() == 1


@pytest.mark.parametrize("section", [[], {"nivel_vencido": {"brazilian": 0}}, {"nivel_vencido": []},
                                     {"nivel_vencido": {"brazilian": "2"}}, {"outra": {}}])
def test_a_file_with_a_bad_section_is_refused_unchanged(tmp_path, section):
    path = tmp_path / "ana.json"
    path.write_text(json.dumps({"formato": "damas-progresso", "versao": 2, "aluno": "ana",
                                "estrelas": {}, "problemas": {}, "computador": section}), encoding="utf-8")
    before = path.read_bytes()
    with pytest.raises(ProgressError, match="níveis vencidos"):
        Progress("ana", folder=tmp_path)
    assert path.read_bytes() == before


def _win(game):
    """White wins: 22-17 (the computer must take 13x22), then 25x4 takes the last three."""
    w = game.widget
    w.click(22)
    w.click(17)
    assert len(w.moves) == 2                       # the computer answered
    w.click(25)
    w.click(4)
    assert w.result == "2-0"


def test_a_game_won_against_the_computer_records_its_level():
    from damas.course.kit.games import ComputerGame
    game = ComputerGame(3, position="W:W22,25,29:B8,13,15")
    _win(game)
    assert Progress().level_beaten() == 3
    lower = ComputerGame(2, position="W:W22,25,29:B8,13,15")
    _win(lower)
    assert Progress().level_beaten() == 3


def test_the_level_beaten_is_the_lowest_the_computer_played_in_that_game():
    from damas.course.kit.games import ComputerGame
    game = ComputerGame(1, position="W:W22,25,29:B8,13,15")
    w = game.widget
    w.click(22)
    w.click(17)                                    # the computer answers at level 1
    w.set_level(5)                                 # then the student raises it before winning
    w.click(25)
    w.click(4)
    assert w.result == "2-0" and Progress().level_beaten() == 1

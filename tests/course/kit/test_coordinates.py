"""«Treino de coordenadas» (issue 42, item 3): rounds judged by a clock the test injects (no test
waits), both sides of the board, 8x8 names and 10x10 numbers, the best score saved in the progress
file (a section checked on load and merged by max), bad input said and ignored."""

from __future__ import annotations

import json

import pytest

from damas.course.kit.coordinates import GRACE_SECONDS, ROUND_SECONDS, CoordinatesTrainer, coordinates_trainer
from damas.course.kit.progress import Progress, ProgressError


class Clock:
    """A clock the test moves by hand."""

    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


def _trainer(variant="brazilian", seed=7):
    clock = Clock()
    return CoordinatesTrainer(variant, clock=clock, seed=seed), clock


def test_a_round_counts_the_squares_found_in_thirty_seconds(store):
    t, clock = _trainer()
    assert not t.running and "Começar" in t.message
    t.start("W")
    assert t.running and t.prompt() == f"Clique na casa {t.name(t.target)}."
    named = []
    for i in range(5):
        named.append(t.target)
        clock.now += 2
        t.click(t.target, elapsed_ms=(i + 1) * 2000)
    assert t.score == 5 and t.message_kind == "success"
    assert all(a != b for a, b in zip(named, named[1:]))         # never the same square twice in a row
    wrong = next(s for s in t.board.variant.square_range if s != t.target)
    t.click(wrong, elapsed_ms=12_000)
    assert t.mistakes == 1 and t.score == 5 and t.message_kind == "error"
    assert f"Essa é a casa {t.name(wrong)}" in t.message
    t.click(0, elapsed_ms=13_000)                                 # a light square
    assert "clara" in t.message and t.mistakes == 2
    clock.now += ROUND_SECONDS                                    # the page's timer ran out
    t.timeout(t.round)
    assert not t.running and t.last_score == 5
    assert "5 casas achadas" in t.message and "2 erros" in t.message and "Novo recorde" in t.message
    assert Progress("teste", folder=store).best_coordinates("brazilian", "W") == 5


def test_the_clock_is_checked_on_both_sides(store):
    t, clock = _trainer()
    t.start("W")
    clock.now += 10
    t.timeout(t.round)                       # a page that ends the round early: not taken
    assert t.running
    t.timeout(t.round - 1)                   # the end of an old round: not taken
    assert t.running
    clock.now += 20.5                        # 30,5 s by the trainer: a click the page timed at 29,9 s
    t.click(t.target, elapsed_ms=29_900)     # arrives late by the network, within the grace: it counts
    assert t.score == 1 and t.running
    t.click(t.target, elapsed_ms=30_100)     # after the page's own end: not counted, the round ends
    assert not t.running and t.score == 1 and t.message.startswith("O tempo tinha acabado")
    t.start("B")
    clock.now += ROUND_SECONDS + GRACE_SECONDS + 1
    t.click(t.target, elapsed_ms=1000)       # a page claiming 1 s when the trainer counted 34 s
    assert not t.running and t.score == 0
    t.start("W")
    clock.now += ROUND_SECONDS + 0.1
    t.click(t.target)                        # from Python, no page: the trainer's clock alone
    assert not t.running and t.score == 0


def test_both_sides_and_both_boards(store):
    t, clock = _trainer()
    t.start("B")
    assert t.side == "B"
    t.click(t.target, elapsed_ms=1000)
    clock.now += ROUND_SECONDS
    t.timeout()
    assert Progress("teste", folder=store).best_coordinates("brazilian", "B") == 1
    assert Progress("teste", folder=store).best_coordinates("brazilian", "W") == 0
    names = {t.name(s) for s in t.board.variant.square_range}
    assert len(names) == 32 and "e5" in names and "a1" in names and "a2" not in names and "e4" not in names
    big, clock = _trainer("international")
    assert {big.name(s) for s in big.board.variant.square_range} == {str(n) for n in range(1, 51)}
    big.start("W")
    assert big.prompt().startswith("Clique na casa ") and big.prompt()[15:-1].isdigit()
    big.click(big.target, elapsed_ms=500)
    clock.now += ROUND_SECONDS
    big.timeout()
    assert Progress("teste", folder=store).best_coordinates("international", "W") == 1
    with pytest.raises(Exception):
        coordinates_trainer("russian")


def test_the_best_score_only_grows_and_survives_a_new_kernel(store):
    from damas.course.kit.store import _reset_progress_cache
    t, clock = _trainer()
    for score in (3, 1):
        t.start("W")
        for _ in range(score):
            t.click(t.target, elapsed_ms=100)
        clock.now += ROUND_SECONDS
        t.timeout()
    assert "Novo recorde" not in t.message
    _reset_progress_cache()
    again, _clock = _trainer()
    assert again.best("W") == 3 and again.best_text("W") == "Seu recorde com as brancas embaixo: 3."
    assert again.best_text("B") == "Seu recorde com as pretas embaixo: ainda nenhum."


@pytest.mark.parametrize("content", [None, [], {"type": "click", "square": 33}, {"type": "click", "square": "e5"},
                                     {"type": "click", "square": True}, {"type": "click", "square": 3, "elapsed": -5},
                                     {"type": "click", "square": 3, "elapsed": "1s"},
                                     {"type": "click", "square": 3, "elapsed": float("nan")},
                                     {"type": "start", "side": "X"}, {"type": "jump"}])
def test_bad_messages_are_said_and_change_nothing(store, content):
    t, clock = _trainer()
    t.start("W")
    before = (t.running, t.score, t.mistakes, t.target, t.round)
    t.handle_message(content)
    assert t.message_kind == "error" and t.message
    assert (t.running, t.score, t.mistakes, t.target, t.round) == before


def test_a_click_outside_a_round_is_said(store):
    t, _clock = _trainer()
    t.click(5)
    assert t.message == "Clique em «Começar» para começar uma rodada." and t.score == 0


BAD_SECTIONS = [[], {"brazilian/brancas": -1}, {"brazilian/brancas": 1.5}, {"brazilian/brancas": True},
                {"brazilian/brancas": 301}]
# Keys this course does not know are a newer course's (issue 44, item 1: kept, never refused).
NEWER_KEYS = [{"russian/brancas": 3}, {"brazilian": 3}, {"brazilian/azuis": 3}]


@pytest.mark.parametrize("section", BAD_SECTIONS)
def test_a_corrupt_score_in_the_file_is_refused_and_left_alone(tmp_path, section):
    path = tmp_path / "ana.json"
    text = json.dumps({"formato": "damas-progresso", "versao": 2, "aluno": "ana", "estrelas": {},
                       "problemas": {}, "coordenadas": section})
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ProgressError, match="coordenadas"):
        Progress("ana", folder=tmp_path)
    assert path.read_text(encoding="utf-8") == text


@pytest.mark.parametrize("section", NEWER_KEYS)
def test_a_key_of_a_newer_course_is_kept(tmp_path, section):
    path = tmp_path / "ana.json"
    path.write_text(json.dumps({"formato": "damas-progresso", "versao": 2, "aluno": "ana", "estrelas": {},
                                "problemas": {}, "coordenadas": section}), encoding="utf-8")
    Progress("ana", folder=tmp_path).record_coordinates(7)
    saved = json.loads(path.read_text(encoding="utf-8"))["coordenadas"]
    assert saved == {**section, "brazilian/brancas": 7}


def test_a_good_section_is_read_and_merged_by_max(tmp_path):
    path = tmp_path / "ana.json"
    path.write_text(json.dumps({"formato": "damas-progresso", "versao": 2, "aluno": "ana", "estrelas": {},
                                "problemas": {}, "coordenadas": {"brazilian/brancas": 9}}), encoding="utf-8")
    first = Progress("ana", folder=tmp_path)
    second = Progress("ana", folder=tmp_path)          # another notebook open at the same time
    second.record_coordinates(12, "brazilian", "W")
    first.record_coordinates(4, "brazilian", "B")      # saves on top: keeps the other's 12
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["coordenadas"] == {"brazilian/brancas": 12, "brazilian/pretas": 4}
    assert first.record_coordinates(10, "brazilian", "W") == 12
    for bad in (-1, 301, 2.0, True):
        with pytest.raises(ProgressError):
            first.record_coordinates(bad)
    with pytest.raises(ProgressError):
        first.record_coordinates(3, "russian", "W")
    with pytest.raises(ProgressError):
        first.best_coordinates("brazilian", "X")


def test_a_corrupt_progress_file_does_not_stop_the_round(store):
    from damas.course.kit.store import _reset_progress_cache
    (store / "teste.json").write_text("{ nada", encoding="utf-8")
    _reset_progress_cache()
    t, clock = _trainer()
    t.start("W")
    t.click(t.target, elapsed_ms=100)
    clock.now += ROUND_SECONDS
    t.timeout()
    assert "não foi gravado" in t.message and (store / "teste.json").read_text(encoding="utf-8") == "{ nada"


def test_the_board_widget_forwards_the_page_and_names_no_square(store):
    pytest.importorskip("anywidget")
    t, clock = _trainer()
    w = t.widget
    assert 'data-name="' not in w.svg and w.size == 8 and len(w.layout_squares) == 32
    assert w.labels["dark"] == "casa escura" and not w.running
    w.handle_message({"type": "start", "side": "B"})
    assert w.running and w.flipped and w.round == 1 and w.prompt == t.prompt()
    w.handle_message({"type": "click", "square": t.target, "elapsed": 800})
    assert w.score == 1 and w.message.startswith("Certo")
    clock.now += ROUND_SECONDS
    w.handle_message({"type": "timeout", "round": 1})
    assert not w.running and "1 casa achada" in w.message and "pretas embaixo: 1" in w.best

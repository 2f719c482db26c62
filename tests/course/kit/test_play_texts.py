"""The playing pieces' data in the texts JSON («summary», «classmate», «stage_test»): well formed,
and every claim proven by the package (each task's par is the fewest moves, each fact true, each
question's right option the fact's value)."""

from __future__ import annotations

import copy
import json

import pytest

from damas import Board
from damas.course.kit.chapter_texts import TEXTS_DIR, check_texts
from damas.course.kit.play_texts import PlayTextsError, check_play_texts
from damas.course.kit.tasks import BoardTask
from damas.errors import DamasError

FILES = {path.stem: json.loads(path.read_text(encoding="utf-8")) for path in sorted(TEXTS_DIR.glob("*.json"))}


def entries(key):
    return [(slug, data[key]) for slug, data in FILES.items() if key in data]


def fact_value(fact):
    """What the package says the fact's value is."""
    kind = fact["kind"]
    if kind == "dark_squares":
        return Board(fact["variant"]).variant.squares
    if kind == "winner":
        from damas.course.kit.goal_search import solve_goal
        from damas.course.kit.minigames import MINIGAMES
        game = MINIGAMES[fact["minigame"]]
        start = game.start(fact["start"])
        return solve_goal(start, lambda b: game.winner(b, start))[0]
    board = Board(fact["fen"], variant=fact.get("variant", "brazilian"))
    moves = board.legal_moves()
    if kind == "legal_moves":
        return len(moves)
    if kind == "max_capture":
        return max((len(m.captured) for m in moves), default=0)
    if kind == "only_move":
        return board.move_text(moves[0]) if len(moves) == 1 else None
    if kind == "moves":
        return sorted(board.move_text(m) for m in moves)
    if kind == "endgame":
        from damas.engine.endgames import probe
        return probe(board)[0]
    if kind == "line":
        for text in fact["value"].split():
            board.push(board.parse_move(text))
        return fact["value"]
    raise AssertionError(kind)


def test_every_chapter_has_a_summary_and_a_classmate_section_from_02_on():
    from damas.course.kit.chapter_list import CHAPTERS
    slugs = [slug for slug, *_ in CHAPTERS]
    assert [s for s in slugs if "summary" not in FILES.get(s, {})] == []
    assert [s for s in slugs[2:] if "classmate" not in FILES.get(s, {})] == []


def test_each_summary_and_classmate_position_has_a_proven_fact():
    for slug, data in FILES.items():
        for key in ("summary", "classmate"):
            if key in data:
                assert data[key].get("facts"), f"{slug}.{key}: sem fato provado"


def test_a_classmate_minigame_is_played_from_its_start():
    from damas.course.kit.minigames import MINIGAMES
    for slug, entry in entries("classmate"):
        if "minigame" in entry:
            assert Board(entry["fen"]).fen() in MINIGAMES[entry["minigame"]].starts, slug


def all_facts():
    for slug, data in FILES.items():
        for key in ("summary", "classmate"):
            for i, fact in enumerate(data.get(key, {}).get("facts", [])):
                yield f"{slug}.{key}[{i}]", fact
        for i, item in enumerate(data.get("stage_test", {}).get("items", [])):
            if "fact" in item:
                yield f"{slug}.stage_test[{i}]", item["fact"]


FACTS = list(all_facts())


@pytest.mark.parametrize("where,fact", FACTS, ids=[w for w, _ in FACTS])
def test_each_fact_is_proven(where, fact):
    value = fact_value(fact)
    expected = sorted(fact["value"]) if fact["kind"] == "moves" else fact["value"]
    assert value == expected, f"{where}: o pacote diz {value!r}, o texto diz {fact['value']!r}"


def test_a_false_fact_is_caught():
    assert fact_value({"kind": "max_capture", "fen": "W:Wc1,g3:Bd2,f4,f6", "value": 2}) == 3
    assert fact_value({"kind": "only_move", "fen": "W:Wc3:Bh6", "value": "c3-d4"}) is None


STAGE_ITEMS = [(slug, i, item) for slug, test in entries("stage_test") for i, item in enumerate(test["items"])]


@pytest.mark.parametrize("slug,i,item", [x for x in STAGE_ITEMS if x[2]["kind"] == "task"],
                         ids=[f"{s}-{i}" for s, i, x in STAGE_ITEMS if x["kind"] == "task"])
def test_each_stage_task_has_its_par_proven(slug, i, item):
    task = BoardTask(f"{slug}/prova-{i}", item["fen"], item["goal"], item["par"], item["title"], item["text"])
    line = task.shortest(max_moves=item["par"] + 2)
    assert line is not None and len(line) == item["par"]
    assert task.judge(line).done and task.judge(line).stars == 3


@pytest.mark.parametrize("slug,i,item", [x for x in STAGE_ITEMS if x[2]["kind"] == "question"],
                         ids=[f"{s}-{i}" for s, i, x in STAGE_ITEMS if x["kind"] == "question"])
def test_a_question_with_a_fact_marks_the_fact_right(slug, i, item):
    if "fact" not in item:
        assert "fen" not in item, "a question about a position says its fact"
        return
    value = item["fact"]["value"]
    assert item["options"][item["answer"]] == str(value)
    if "fen" in item:
        assert Board(item["fen"]).fen() == Board(item["fact"]["fen"]).fen()


def test_an_explanation_leaves_the_verdict_to_the_test():
    """«Certo! » or «Ainda não. » comes before each explanation: it does not say it again."""
    import re
    for slug, i, item in STAGE_ITEMS:
        for why in item.get("why", []):
            assert not re.match(r"(Certo|Isso|Não|Errado)\b", why), f"{slug} item {i}: {why}"


def test_three_stage_tests_of_about_ten_items():
    stages = {test["stage"]: (slug, len(test["items"])) for slug, test in entries("stage_test")}
    assert stages == {"regras": ("lei-da-maioria", 10), "tomadas": ("exercicios-de-tomada", 10),
                      "finais": ("finais", 10)}


def test_the_draw_and_ending_claims_of_the_finais_test():
    """Claims of the «finais» questions, asked of the package: 20 moves for three kings against
    one (the Brazilian rules), two kings do not catch one, the long diagonal holds."""
    from damas.engine.endgames import probe
    from damas.rules.game import DRAW_RULES
    endgame = DRAW_RULES["brazilian"]["endgames"][0]
    assert endgame["stronger"] == ((3, 0),) and endgame["moves"] == 20
    assert DRAW_RULES["international"]["endgames"][0]["moves"] == 10
    assert probe(Board("W:WKc1,Ke1:BKh8"))[0] == 0              # two kings against one: a draw
    assert probe(Board("W:WKb8,Kh4,Kg1:BKg7"))[0] == 0          # the lone king on the long diagonal
    assert probe(Board("W:WKb8,Kh4,Kg1:BKf8"))[0] == 1          # off it: caught


@pytest.mark.parametrize("change,message", [
    (lambda d: d["stage_test"].__setitem__("stage", "finais"), "a prova deste capítulo"),
    (lambda d: d["stage_test"]["items"][0].__setitem__("answer", 7), "answer"),
    (lambda d: d["stage_test"]["items"][1].__setitem__("goal", "voar"), "goal"),
    (lambda d: d["stage_test"]["items"][1].__setitem__("par", 0), "par"),
    (lambda d: d["stage_test"]["items"][1].__setitem__("fen", "X:W"), "fen"),
    (lambda d: d["stage_test"]["items"][0].__setitem__("fact", {"kind": "palpite", "value": 1}), "kind"),
    (lambda d: d["stage_test"].__setitem__("items", d["stage_test"]["items"][:3]), "de 8 a 12"),
    (lambda d: d["stage_test"]["items"][0].pop("why"), "falta"),
    (lambda d: d["stage_test"].__setitem__("extra", 1), "desconhecida"),
])
def test_a_broken_stage_test_is_refused(change, message):
    data = copy.deepcopy(FILES["lei-da-maioria"])
    check_texts(data, "lei-da-maioria")
    change(data)
    with pytest.raises(DamasError, match=message):
        check_texts(data, "lei-da-maioria")


def test_check_play_texts_says_where():
    data = {"summary": {"rule": "uma\nduas", "title": "t", "fen": "W:Wc3:Bd6", "example": "e"}}
    with pytest.raises(PlayTextsError, match=r"x\.summary\.rule"):
        check_play_texts(data, "tomada", "x")

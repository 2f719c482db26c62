"""The texts JSON's keys of the playing pieces: ``"summary"``, ``"classmate"`` and ``"stage_test"``.

Each chapter's file (:mod:`damas.course.kit.chapter_texts`) may hold:

``"summary"`` — the chapter's «ficha-resumo», the Steps Method's one-page reminder
(:func:`damas.course.kit.sheets.summary_sheet`)::

    {"rule": "one line", "title": "the diagram's caption", "fen": "...", "variant": "brazilian",
     "example": "one example, in a sentence or two", "facts": [FACT, ...]}

``"classmate"`` — «Jogue com um colega», from chapter 02 on (:mod:`damas.course.kit.classmate`)::

    {"title": "...", "fen": "...", "text": "what to play at the wooden board (about ten minutes)",
     "watch": ["2 or 3 short lines: what to watch for"], "minigame": "so-pedras" (optional),
     "variant": "international" (optional), "record": "results" | "tries" | "score" (optional: what
     the printed sheet has to fill, a table of results, of turns, or a score sheet),
     "facts": [FACT, ...]}

``"stage_test"`` — the stage test after chapters 04, 07 and 09 (:mod:`damas.course.kit.stage_tests`)::

    {"stage": "regras", "title": "...", "intro": "...",
     "items": [{"kind": "task", "fen", "goal", "par", "title", "text"},
               {"kind": "question", "text", "options", "answer", "why", "fen" (optional),
                "fact": FACT (optional)}, ...]}

A FACT is a claim about a position that the tests prove with the package
(``tests/course/kit/test_play_texts.py``): ``{"kind": KIND, ...}`` with KIND one of
:data:`FACT_KINDS`: ``"legal_moves"`` (``fen``, ``value``: how many legal moves),
``"max_capture"`` (``fen``, ``value``: how many pieces the compulsory capture takes),
``"only_move"`` (``fen``, ``value``: the only legal move, as the variant writes it),
``"moves"`` (``fen``, ``value``: the legal moves, as a list), ``"winner"`` (``minigame``,
``start``: its start position number, ``value``: who wins it with best play, ``"W"`` or ``"B"``),
``"dark_squares"`` (``variant``, ``value``), ``"line"`` (``fen``, ``value``: moves that are
legal one after the other, as a text) and ``"endgame"`` (``fen``, ``value``: the endgame
database's verdict for the side to move, 1 a win, 0 a draw, -1 a loss).  A question's fact also says which option is right:
the option at ``answer`` is the fact's value written out.  :func:`check_play_texts` refuses a
malformed entry with a message that says where.
"""

from __future__ import annotations

from damas.errors import DamasError

__all__ = ["check_play_texts", "PLAY_KEYS", "FACT_KINDS", "STAGE_CHAPTERS", "PlayTextsError"]

#: The keys of a chapter's file this module checks.
PLAY_KEYS = ("summary", "classmate", "stage_test")
#: The kinds of facts, with the fields each needs besides ``kind`` and ``value``.
FACT_KINDS = {
    "legal_moves": ("fen",), "max_capture": ("fen",), "only_move": ("fen",), "moves": ("fen",),
    "winner": ("minigame", "start"), "dark_squares": ("variant",), "line": ("fen",), "endgame": ("fen",),
}
_FACT_OPTIONAL = ("variant",)
#: The stage of each stage test, by the chapter whose file holds it.
STAGE_CHAPTERS = {"lei-da-maioria": "regras", "exercicios-de-tomada": "tomadas", "finais": "finais"}
_VARIANTS = ("brazilian", "international", "russian", "portuguese")
_RULE_CHARS = 160
_WATCH_WORDS = 20


class PlayTextsError(DamasError):
    """A ``summary``, ``classmate`` or ``stage_test`` entry that cannot be used."""


def _text(value, where) -> str:
    if not isinstance(value, str) or not value.strip():
        raise PlayTextsError(f"{where}: falta o texto (uma cadeia não vazia).")
    return value


def _fields(entry, allowed, required, where):
    if not isinstance(entry, dict):
        raise PlayTextsError(f"{where}: esperava um objeto JSON.")
    unknown = sorted(set(entry) - set(allowed))
    if unknown:
        raise PlayTextsError(f"{where}: chave desconhecida {', '.join(unknown)}.")
    missing = sorted(set(required) - set(entry))
    if missing:
        raise PlayTextsError(f"{where}: falta {', '.join(missing)}.")


def _fen(entry, where, field="fen"):
    from damas.rules.board import Board
    variant = entry.get("variant", "brazilian")
    if variant not in _VARIANTS:
        raise PlayTextsError(f"{where}.variant: {variant!r} não é um destes: {', '.join(_VARIANTS)}.")
    try:
        Board(_text(entry[field], f"{where}.{field}"), variant=variant)
    except DamasError as error:
        raise PlayTextsError(f"{where}.{field}: {error}") from None


def _fact(fact, where):
    kind = fact.get("kind") if isinstance(fact, dict) else None
    if kind not in FACT_KINDS:
        raise PlayTextsError(f"{where}.kind: {kind!r} não é um destes: {', '.join(FACT_KINDS)}.")
    needed = FACT_KINDS[kind]
    _fields(fact, ("kind", "value", *needed, *_FACT_OPTIONAL), ("kind", "value", *needed), where)
    if "fen" in needed:
        _fen(fact, where)
    if kind == "winner":
        from damas.course.kit.minigames import MINIGAMES
        if fact["minigame"] not in MINIGAMES:
            raise PlayTextsError(f"{where}.minigame: {fact['minigame']!r} não é um minijogo.")
        start = fact["start"]
        if isinstance(start, bool) or not isinstance(start, int) or not 0 <= start < len(MINIGAMES[fact["minigame"]].starts):
            raise PlayTextsError(f"{where}.start: {start!r} não é uma posição de início do minijogo.")


def _facts(entry, where):
    facts = entry.get("facts", [])
    if not isinstance(facts, list):
        raise PlayTextsError(f"{where}.facts: esperava uma lista.")
    for i, fact in enumerate(facts):
        _fact(fact, f"{where}.facts[{i}]")


def check_summary(entry, where) -> None:
    _fields(entry, ("rule", "title", "fen", "variant", "example", "facts"), ("rule", "title", "fen", "example"),
            where)
    if "\n" in _text(entry["rule"], where + ".rule") or len(entry["rule"]) > _RULE_CHARS:
        raise PlayTextsError(f"{where}.rule: a regra cabe numa linha ({_RULE_CHARS} letras no máximo).")
    _text(entry["title"], where + ".title")
    _text(entry["example"], where + ".example")
    _fen(entry, where)
    _facts(entry, where)


def check_classmate(entry, where) -> None:
    _fields(entry, ("title", "fen", "variant", "text", "watch", "minigame", "record", "facts"),
            ("title", "fen", "text", "watch"), where)
    if entry.get("record", "score") not in ("results", "tries", "score"):
        raise PlayTextsError(f"{where}.record: {entry['record']!r} não é «results», «tries» nem «score».")
    _text(entry["title"], where + ".title")
    _text(entry["text"], where + ".text")
    _fen(entry, where)
    watch = entry["watch"]
    if not isinstance(watch, list) or not 2 <= len(watch) <= 3:
        raise PlayTextsError(f"{where}.watch: esperava de 2 a 3 linhas curtas.")
    for i, line in enumerate(watch):
        if len(_text(line, f"{where}.watch[{i}]").split()) > _WATCH_WORDS:
            raise PlayTextsError(f"{where}.watch[{i}]: no máximo {_WATCH_WORDS} palavras.")
    if "minigame" in entry:
        from damas.course.kit.minigames import MINIGAMES
        if entry["minigame"] not in MINIGAMES:
            raise PlayTextsError(f"{where}.minigame: {entry['minigame']!r} não é um minijogo.")
    _facts(entry, where)


def _check_item(item, where):
    # the stage test's board tasks are solo (the other side stands still) and need no target
    from damas.course.kit.task_search import SOLO_GOALS
    GOALS = tuple(g for g in SOLO_GOALS if g != "reach")
    kind = item.get("kind") if isinstance(item, dict) else None
    if kind == "task":
        _fields(item, ("kind", "fen", "goal", "par", "title", "text"), ("kind", "fen", "goal", "par", "title", "text"),
                where)
        _fen(item, where)
        if item["goal"] not in GOALS:
            raise PlayTextsError(f"{where}.goal: {item['goal']!r} não é um destes: {', '.join(GOALS)}.")
        par = item["par"]
        if isinstance(par, bool) or not isinstance(par, int) or par < 1:
            raise PlayTextsError(f"{where}.par: {par!r} não é um número de lances (inteiro, 1 ou mais).")
        _text(item["title"], where + ".title")
        _text(item["text"], where + ".text")
    elif kind == "question":
        _fields(item, ("kind", "text", "options", "answer", "why", "fen", "fact"),
                ("kind", "text", "options", "answer", "why"), where)
        _text(item["text"], where + ".text")
        options, why, answer = item["options"], item["why"], item["answer"]
        if not isinstance(options, list) or len(options) < 2 or len(set(map(str, options))) != len(options):
            raise PlayTextsError(f"{where}.options: esperava duas opções diferentes ou mais.")
        for i, option in enumerate(options):
            _text(option, f"{where}.options[{i}]")
        if not isinstance(why, list) or len(why) != len(options):
            raise PlayTextsError(f"{where}.why: esperava uma explicação por opção ({len(options)}).")
        for i, text in enumerate(why):
            _text(text, f"{where}.why[{i}]")
        if isinstance(answer, bool) or not isinstance(answer, int) or not 0 <= answer < len(options):
            raise PlayTextsError(f"{where}.answer: {answer!r} não é o índice de uma opção (0 a {len(options) - 1}).")
        if "fen" in item:
            _fen(item, where)
        if "fact" in item:
            _fact(item["fact"], where + ".fact")
    else:
        raise PlayTextsError(f"{where}.kind: {kind!r} não é «task» nem «question».")


def check_stage_test(entry, slug, where) -> None:
    _fields(entry, ("stage", "title", "intro", "items"), ("stage", "title", "intro", "items"), where)
    if STAGE_CHAPTERS.get(slug) != entry["stage"]:
        raise PlayTextsError(f"{where}.stage: a prova deste capítulo é {STAGE_CHAPTERS.get(slug)!r}, "
                             f"não {entry['stage']!r}.")
    _text(entry["title"], where + ".title")
    _text(entry["intro"], where + ".intro")
    items = entry["items"]
    if not isinstance(items, list) or not 8 <= len(items) <= 12:
        raise PlayTextsError(f"{where}.items: uma prova tem de 8 a 12 itens.")
    kinds = {item.get("kind") for item in items if isinstance(item, dict)}
    for i, item in enumerate(items):
        _check_item(item, f"{where}.items[{i}]")
    if kinds != {"task", "question"}:
        raise PlayTextsError(f"{where}.items: uma prova mistura tarefas no tabuleiro e perguntas.")


def check_play_texts(data: dict, slug: str, where: str) -> None:
    """Check the ``summary``, ``classmate`` and ``stage_test`` entries of a chapter's ``data``
    (PlayTextsError, saying where, for a malformed one)."""
    if not isinstance(data, dict) or not isinstance(slug, str) or not isinstance(where, str):
        raise PlayTextsError(f"{where if isinstance(where, str) else 'texts'}: esperava os dados de um capítulo "
                             "(um objeto JSON), o nome do capítulo e onde estão.")
    if "summary" in data:
        check_summary(data["summary"], where + ".summary")
    if "classmate" in data:
        check_classmate(data["classmate"], where + ".classmate")
    if "stage_test" in data:
        check_stage_test(data["stage_test"], slug, where + ".stage_test")

"""The tournament as data: what the file holds, checked, and the changes a teacher makes.

The file (JSON, :mod:`damas.course.tournament.storage`) holds::

    {"formato": "damas-torneio", "versao": 1, "id": "3f2a…",
     "nome": "Torneio da 7ª B", "escola": "E. E. …", "data": "12/05/2026",
     "sistema": "suico" | "todos", "rodadas": 5, "pontuacao": "2-1-0" | "1-meio-0",
     "desempates": ["confronto", "sonneborn", "buchholz", "vitorias"],
     "jogadores": [{"numero": 1, "nome": "Ana", "entrou": 1, "saiu": null}, …],
     "emparelhamentos": [{"rodada": 1, "mesas": [[1, 5], [6, 2], …], "folga": 9, "wo": {}}, …],
     "lancamentos": [{"id": "a1…", "rodada": 1, "mesa": 2, "resultado": "brancas"},
                     {"id": "b7…", "rodada": 1, "mesa": 2, "desfaz": "a1…"}, …]}

* ``mesas``: (white, black) pairing numbers, board 1 first; ``folga``: who has the round off (a bye,
  worth a win); ``wo``: boards whose result is fixed when the round is paired (a round robin's game
  against a player who withdrew: «brancas-wo» or «pretas-wo»).
* ``lancamentos``: every result entered, in the order it was entered, never rewritten: a result is
  ``brancas`` (White won), ``empate``, ``pretas``, ``brancas-wo`` or ``pretas-wo`` (won without
  playing); an undo names the entry it takes back.  A board's result is its latest entry not taken
  back, so «undo» brings back the result entered before the mistake.
* ``entrou``: the first round a player may be paired in (a late entry misses the rounds before,
  with no points); ``saiu``: the first round he is no longer paired in (a withdrawal).

The scores are kept in half points (a win is 2, a draw 1), which is the 2-1-0 scoring itself and
twice the 1-½-0 one.  :class:`Tournament` reads a checked copy; the functions ``add_players``,
``withdraw``, ``pair_next``, ``record`` and ``undo`` change a data dict (the storage calls them
under the file's lock, on what is on disk at that moment) or raise :class:`TournamentError`.
"""

from __future__ import annotations

import math
import secrets
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TypeGuard, TypedDict, cast, final

from damas.course.tournament.berger import berger_round, round_count
from damas.course.tournament.names import MAX_NAME, clean_name, shown
from damas.course.tournament.swiss import Entrant, PairingError, pair_round
from damas.course.tournament.history import _rounds_of
from damas.course.tournament.texts import DEFAULT_TIEBREAKS, POINTS, RESULTS, SCORINGS, SYSTEMS, TEXTS, TIEBREAKS
from damas.errors import DamasError
from damas.rules.args import choice, instance_spec, refuse, whole

__all__ = ["TournamentError", "Tournament", "Player", "Round", "Game", "new_data", "add_players", "withdraw",
           "pair_next", "record", "undo", "result_code", "default_rounds", "FORMAT", "VERSION", "MAX_PLAYERS",
           "MAX_ROUNDS", "POINTS"]

FORMAT = "damas-torneio"
VERSION = 1
MAX_PLAYERS = 1000
MAX_ROUNDS = 30
MAX_TITLE = 120
class _PlayerKeys(TypedDict):
    numero: int
    nome: str
    entrou: int


class PlayerData(_PlayerKeys, total=False):
    """One player of the file: ``numero`` (from 1), ``nome``, ``entrou`` (the first round he may be
    paired in), ``saiu`` (the first round he is no longer paired in, or None; may be missing)."""
    saiu: int | None


class _RoundKeys(TypedDict):
    rodada: int
    mesas: list[list[int]]          # [white, black] pairing numbers, board 1 first


class RoundData(_RoundKeys, total=False):
    """One paired round of the file: ``folga`` (the bye, or None) and ``wo`` (board number as text:
    «brancas-wo» or «pretas-wo») may be missing."""
    folga: int | None
    wo: dict[str, str]


@final
class ResultEntry(TypedDict):
    """A result entered for a board (``resultado``: one of RESULTS)."""
    id: str
    rodada: int
    mesa: int
    resultado: str


@final
class UndoEntry(TypedDict):
    """An undo: ``desfaz`` is the id of the result it takes back."""
    id: str
    rodada: int
    mesa: int
    desfaz: str


#: An entry of ``lancamentos``.
Entry = ResultEntry | UndoEntry


class _TournamentKeys(TypedDict):
    id: str
    nome: str
    sistema: str
    rodadas: int
    pontuacao: str
    desempates: list[str]
    jogadores: list[PlayerData]
    emparelhamentos: list[RoundData]
    lancamentos: list[Entry]


class TournamentData(_TournamentKeys, total=False):
    """The content of a tournament file, as :func:`new_data` makes it and :func:`_check_data`
    accepts it (``formato`` and ``versao`` are the storage's; ``escola`` and ``data`` may be
    missing)."""
    formato: str
    versao: int
    escola: str
    data: str


class NewSettings(TypedDict, total=False):
    """The settings :func:`new_data` takes besides the name and the players (by keyword)."""
    system: str
    rounds: int | None
    scoring: str
    tiebreaks: Iterable[str] | None
    school: str
    date: str


#: The spec of an argument that must be a tournament (:func:`damas.rules.args.checked`).
TOURNAMENT = instance_spec("damas.course.tournament.model.Tournament",
                           "um torneio (Tournament, como TournamentFile.read() o dá)")


class TournamentError(DamasError):
    """A tournament file that cannot be used, or a change that cannot be made; nothing changed."""


@dataclass(frozen=True)
class Player:
    number: int
    name: str
    entered: int = 1
    left: int | None = None

    def plays_in(self, round_number: int) -> bool:
        return self.entered <= round_number and (self.left is None or round_number < self.left)

    @property
    def shown(self) -> str:
        return shown(self.name)


@dataclass(frozen=True)
class Game:
    """One board of a round."""
    round: int
    board: int
    white: int
    black: int
    result: str | None = None        # one of RESULTS, or None while not entered
    fixed: bool = False              # a W.O. set when the round was paired


@dataclass(frozen=True)
class Round:
    number: int
    games: tuple[Game, ...]
    bye: int | None = None
    absent: tuple[int, ...] = ()

    @property
    def complete(self) -> bool:
        return all(g.result is not None for g in self.games)

    @property
    def missing(self) -> list[int]:
        return [g.board for g in self.games if g.result is None]


# -- checking a file's content ------------------------------------------------------------------
def _is_int(value: object, low: int = 1, high: int | None = None) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool) and value >= low and (high is None or value <= high)


def _check_data(data: object, refuse: Callable[[str], Exception]) -> TournamentData:
    """The content of a tournament file, checked; ``refuse(detail)`` makes the error for a value out
    of the format.  Returns the same dict."""
    if not isinstance(data, dict):
        raise refuse("o conteúdo não é um objeto JSON")
    if not isinstance(data.get("id"), str) or not data["id"]:
        raise refuse("falta a identificação do torneio")
    if not isinstance(data.get("nome"), str) or not 0 < len(data["nome"]) <= MAX_TITLE:
        raise refuse("o nome do torneio está fora do formato")
    for key in ("escola", "data"):
        if not isinstance(data.get(key, ""), str) or len(data.get(key, "")) > MAX_TITLE:
            raise refuse(f"o campo {key!r} está fora do formato")
    if data.get("sistema") not in SYSTEMS:
        raise refuse("o sistema de emparelhamento é desconhecido")
    if data.get("pontuacao") not in SCORINGS:
        raise refuse("a pontuação é desconhecida")
    ties = data.get("desempates")
    if not isinstance(ties, list) or any(t not in TIEBREAKS for t in ties) or len(set(ties)) != len(ties):
        raise refuse("a lista de desempates está fora do formato")
    if not _is_int(data.get("rodadas"), 1, MAX_ROUNDS):
        raise refuse("o número de rodadas está fora do formato")
    players = data.get("jogadores")
    if not isinstance(players, list) or not 2 <= len(players) <= MAX_PLAYERS:
        raise refuse("a lista de jogadores está fora do formato")
    for k, p in enumerate(players, 1):
        if (not isinstance(p, dict) or set(p) - {"numero", "nome", "entrou", "saiu"} or p.get("numero") != k
                or not isinstance(p.get("nome"), str) or clean_name(p["nome"]) != p["nome"]
                or not _is_int(p.get("entrou"))
                or not (p.get("saiu") is None or _is_int(p.get("saiu")))):
            raise refuse(f"o jogador {k} está fora do formato")
    rounds = data.get("emparelhamentos")
    if not isinstance(rounds, list) or len(rounds) > data["rodadas"]:
        raise refuse("as rodadas estão fora do formato")
    n = len(players)
    for r, rnd in enumerate(rounds, 1):
        if not isinstance(rnd, dict) or rnd.get("rodada") != r or set(rnd) - {"rodada", "mesas", "folga", "wo"}:
            raise refuse(f"a rodada {r} está fora do formato")
        boards = rnd.get("mesas")
        seen: list[int] = []
        if not isinstance(boards, list) or not all(
                isinstance(b, list) and len(b) == 2 and all(_is_int(x, 1, n) for x in b) for b in boards):
            raise refuse(f"as mesas da rodada {r} estão fora do formato")
        for b in boards:
            seen += b
        if rnd.get("folga") is not None:
            if not _is_int(rnd["folga"], 1, n):
                raise refuse(f"a folga da rodada {r} está fora do formato")
            seen.append(rnd["folga"])
        if len(seen) != len(set(seen)):
            raise refuse(f"um jogador aparece duas vezes na rodada {r}")
        wo = rnd.get("wo", {})
        if not isinstance(wo, dict) or not all(
                # a board as it is looked up: «1», not «01» nor «١»
                isinstance(k, str) and k.isascii() and k.isdecimal() and k == str(int(k))
                and 1 <= int(k) <= len(boards) and v in ("brancas-wo", "pretas-wo")
                for k, v in wo.items()):
            raise refuse(f"os W.O. da rodada {r} estão fora do formato")
    log = data.get("lancamentos")
    if not isinstance(log, list):
        raise refuse("os resultados estão fora do formato")
    ids = set()
    for entry in log:
        if not isinstance(entry, dict) or not isinstance(entry.get("id"), str) or entry["id"] in ids:
            raise refuse("um resultado está fora do formato")
        at, b = entry.get("rodada"), entry.get("mesa")
        if not _is_int(at, 1, len(rounds)) or not _is_int(b, 1, len(rounds[at - 1]["mesas"])):
            raise refuse("um resultado aponta para uma mesa que não existe")
        if set(entry) == {"id", "rodada", "mesa", "resultado"}:
            if entry["resultado"] not in RESULTS:
                raise refuse("um resultado é desconhecido")
        elif set(entry) == {"id", "rodada", "mesa", "desfaz"}:
            if entry["desfaz"] not in ids:
                raise refuse("uma anulação aponta para um resultado que não existe")
        else:
            raise refuse("um resultado está fora do formato")
        ids.add(entry["id"])
    return cast(TournamentData, data)       # every key and value checked above


# -- reading ------------------------------------------------------------------------------------
def _checked(data: object) -> TournamentData:
    """``data`` if it is a tournament's data (as :func:`new_data` makes it), else ArgumentError."""
    words = "os dados de um torneio (como model.new_data os faz)"
    if not isinstance(data, dict):
        raise refuse("data", words, data)
    return _check_data(data, lambda detail: refuse("data", f"{words}; {detail}", data))


class Tournament:
    """A checked tournament (read only: changes go through the storage)."""

    def __init__(self, data: TournamentData) -> None:
        self.data = _checked(data)
        self.players = [Player(p["numero"], p["nome"], p["entrou"], p.get("saiu")) for p in data["jogadores"]]
        current = _current_results(data["lancamentos"])
        self.rounds: list[Round] = []
        for rnd in data["emparelhamentos"]:
            r = rnd["rodada"]
            wo = rnd.get("wo", {})
            games = tuple(Game(r, b, w, k, wo.get(str(b)) or current.get((r, b)), str(b) in wo)
                          for b, (w, k) in enumerate(rnd["mesas"], 1))
            playing = {x for g in games for x in (g.white, g.black)} | {rnd.get("folga")}
            absent = tuple(p.number for p in self.players if p.number not in playing and p.plays_in(r))
            self.rounds.append(Round(r, games, rnd.get("folga"), absent))

    # the settings
    @property
    def id(self) -> str:
        return self.data["id"]

    @property
    def name(self) -> str:
        return self.data["nome"]

    @property
    def school(self) -> str:
        return self.data.get("escola", "")

    @property
    def date(self) -> str:
        return self.data.get("data", "")

    @property
    def system(self) -> str:
        return self.data["sistema"]

    @property
    def scoring(self) -> str:
        return self.data["pontuacao"]

    @property
    def tiebreaks(self) -> list[str]:
        return list(self.data["desempates"])

    @property
    def planned_rounds(self) -> int:
        return self.data["rodadas"]

    def player(self, number: int) -> Player:
        if not _is_int(number, 1, len(self.players)):
            raise TournamentError(TEXTS["no_player"].format(value=shown(str(number))))
        return self.players[number - 1]

    def game(self, round_number: int, board: int) -> Game:
        if not _is_int(round_number, 1, len(self.rounds)):
            raise TournamentError(TEXTS["no_round"].format(value=shown(str(round_number))))
        games = self.rounds[round_number - 1].games
        if not _is_int(board, 1, len(games)):
            raise TournamentError(TEXTS["no_board"].format(round=round_number, value=shown(str(board))))
        return games[board - 1]

    @property
    def finished(self) -> bool:
        return len(self.rounds) >= self.planned_rounds and (not self.rounds or self.rounds[-1].complete)

    def result_text(self, code: str | None) -> str:
        """How a result is written in this tournament's scoring («2-0», «½-½», «2-0 W.O.»)."""
        if code is None:
            return ""
        base = SCORINGS[self.scoring]["results"][code.split("-")[0]]
        return base + (" " + TEXTS["wo"] if code.endswith("-wo") else "")

    def __repr__(self) -> str:
        return f"Tournament({self.name!r}: {len(self.players)} jogadores, {len(self.rounds)} rodadas)"


def _current_results(log: list[Entry]) -> dict[tuple[int, int], str]:
    """{(round, board): result}: each board's latest entry not taken back."""
    undone = {e["desfaz"] for e in log if "desfaz" in e}
    out = {}
    for e in log:
        if "resultado" in e and e["id"] not in undone:
            out[(e["rodada"], e["mesa"])] = e["resultado"]
    return out


def result_code(scoring: str, text: object) -> str:
    """The result code of a result as typed («2-0», «1-1», «0-2», «1-0», «½-½», «0-1», also «2-0wo»,
    «1/2-1/2», «0,5-0,5»); TournamentError otherwise."""
    choice(scoring, "scoring (a pontuação)", {k: k for k in SCORINGS})
    if not isinstance(text, str):
        raise TournamentError(TEXTS["bad_result"].format(value=shown(repr(text)), choices=_choices(scoring)))
    raw = text.strip().lower().replace(" ", "").replace("w.o.", "wo").replace("1/2", "½").replace("0,5", "½")
    wo = raw.endswith("wo")
    raw = raw[:-2] if wo else raw
    for code, written in SCORINGS[scoring]["results"].items():
        if raw == written:
            if wo and code == "empate":
                break
            return code + ("-wo" if wo else "")
    raise TournamentError(TEXTS["bad_result"].format(value=shown(text), choices=_choices(scoring)))


def _choices(scoring: str) -> str:
    return ", ".join(SCORINGS[scoring]["results"].values())


# -- making and changing ------------------------------------------------------------------------
def _names(values: Iterable[object], existing: Iterable[str] = ()) -> list[str]:
    out = []
    taken = {n.casefold() for n in existing}
    for value in values:
        name = clean_name(value)
        if name is None:
            raise TournamentError(TEXTS["bad_name"].format(value=shown(repr(value))[:MAX_NAME + 10]))
        if name.casefold() in taken:
            raise TournamentError(TEXTS["duplicate"].format(name=shown(name)))
        taken.add(name.casefold())
        out.append(name)
    return out


def default_rounds(players: int) -> int:
    """A Swiss event's usual length: enough rounds for a clear winner (log2 of the players, plus one)."""
    whole(players, "players (o número de jogadores)", 2, MAX_PLAYERS)
    return max(1, min(players - 1, math.ceil(math.log2(max(players, 2))) + 1))


def new_data(name: str, names: Iterable[str], system: str = "suico", rounds: int | None = None, scoring: str = "2-1-0",
             tiebreaks: Iterable[str] | None = None, school: str = "", date: str = "") -> TournamentData:
    """A new tournament's data (checked: TournamentError in Portuguese for a bad setting)."""
    title = name.strip() if isinstance(name, str) else ""
    if not 0 < len(title) <= MAX_TITLE:
        raise TournamentError(TEXTS["bad_title"])
    for value in (school, date):
        if not isinstance(value, str) or len(value.strip()) > MAX_TITLE:
            raise TournamentError(TEXTS["bad_school"])
    if system not in SYSTEMS:
        raise TournamentError(TEXTS["bad_system"].format(value=shown(repr(system))))
    if scoring not in SCORINGS:
        raise TournamentError(TEXTS["bad_scoring"].format(value=shown(repr(scoring))))
    tiebreaks = list(DEFAULT_TIEBREAKS if tiebreaks is None else tiebreaks)
    for t in tiebreaks:
        if t not in TIEBREAKS:
            raise TournamentError(TEXTS["bad_tiebreak"].format(value=shown(repr(t))))
        if tiebreaks.count(t) > 1:
            raise TournamentError(TEXTS["repeated_tiebreak"].format(value=t))
    if isinstance(names, (str, bytes)) or not hasattr(names, "__iter__"):
        raise TournamentError(TEXTS["few_players"])
    players = _names(list(names))
    if len(players) < 2:
        raise TournamentError(TEXTS["few_players"])
    if len(players) > MAX_PLAYERS:
        raise TournamentError(TEXTS["too_many"].format(most=MAX_PLAYERS))
    if system == "todos":
        rounds = round_count(len(players))
        if rounds > MAX_ROUNDS:
            raise TournamentError(TEXTS["bad_rounds"].format(value=rounds, most=MAX_ROUNDS))
    else:
        rounds = default_rounds(len(players)) if rounds is None else rounds
        most = min(MAX_ROUNDS, len(players) - 1 + len(players) % 2)
        if not _is_int(rounds, 1, most):
            raise TournamentError(TEXTS["bad_rounds"].format(value=shown(repr(rounds)), most=most))
    return {"formato": FORMAT, "versao": VERSION, "id": secrets.token_hex(8), "nome": title,
            "escola": school.strip(), "data": date.strip(), "sistema": system, "rodadas": rounds,
            "pontuacao": scoring, "desempates": tiebreaks,
            "jogadores": [{"numero": k, "nome": p, "entrou": 1, "saiu": None} for k, p in enumerate(players, 1)],
            "emparelhamentos": [], "lancamentos": []}


def add_players(data: TournamentData, names: str | Iterable[str]) -> list[int]:
    """Late entries: the new players are paired from the next round on (they miss the rounds already
    paired, with no points).  Returns their numbers."""
    _checked(data)
    if data["sistema"] == "todos" and data["emparelhamentos"]:
        raise TournamentError(TEXTS["late_round_robin"])
    if isinstance(names, (str, bytes)):
        names = [names]
    new = _names(list(names), [p["nome"] for p in data["jogadores"]])
    if len(data["jogadores"]) + len(new) > MAX_PLAYERS:
        raise TournamentError(TEXTS["too_many"].format(most=MAX_PLAYERS))
    start = len(data["emparelhamentos"]) + 1
    numbers = []
    for name in new:
        number = len(data["jogadores"]) + 1
        data["jogadores"].append({"numero": number, "nome": name, "entrou": start, "saiu": None})
        numbers.append(number)
    if data["sistema"] == "todos":
        data["rodadas"] = round_count(len(data["jogadores"]))
    return numbers


def withdraw(data: TournamentData, number: int) -> None:
    """Player ``number`` leaves: he is not paired from the next round on (his games stay)."""
    t = Tournament(data)
    player = t.player(number)
    if player.left is not None:
        raise TournamentError(TEXTS["already_out"].format(name=player.shown))
    data["jogadores"][number - 1]["saiu"] = len(data["emparelhamentos"]) + 1


def pair_next(data: TournamentData, expected: int | None = None) -> int:
    """Pair the next round (every result of the round before must be in); returns its number.
    With ``expected``, a round already paired (by another window) is not paired again."""
    t = Tournament(data)
    if expected is not None:
        whole(expected, "expected (a rodada esperada)", 1, MAX_ROUNDS)
    if expected is not None and len(t.rounds) >= expected:
        return expected
    if len(t.rounds) >= t.planned_rounds:
        raise TournamentError(TEXTS["finished"].format(rounds=t.planned_rounds))
    if t.rounds and not t.rounds[-1].complete:
        last = t.rounds[-1]
        key = "missing_results" if len(last.missing) == 1 else "missing_results_many"
        raise TournamentError(TEXTS[key].format(round=last.number, boards=", ".join(map(str, last.missing))))
    number = len(t.rounds) + 1
    if t.system == "todos":
        entry = _round_robin(t, number)
    else:
        entry = _swiss(t, number)
    data["emparelhamentos"].append(entry)
    return number


def _round_robin(t: Tournament, number: int) -> RoundData:
    n = len(t.players)
    boards: list[list[int]] = []
    bye: int | None = None
    wo: dict[str, str] = {}
    for w, b in berger_round(n, number):
        if max(w, b) > n:                    # the «ghost» of an odd number: the other has the round off
            bye = min(w, b)
            continue
        boards.append([w, b])
        out_w, out_b = not t.player(w).plays_in(number), not t.player(b).plays_in(number)
        if out_w or out_b:
            wo[str(len(boards))] = "pretas-wo" if out_w and not out_b else "brancas-wo"
    entry: RoundData = {"rodada": number, "mesas": boards, "folga": bye}
    if bye is not None and not t.player(bye).plays_in(number):
        entry["folga"] = None
    entry["wo"] = wo
    return entry


def _entrants(t: Tournament, number: int) -> list[Entrant]:
    """The players of round ``number`` as the Swiss pairer sees them."""
    out = []
    for p in t.players:
        if not p.plays_in(number):
            continue
        e = Entrant(p.number)
        for item in _rounds_of(t, p.number):
            e.score += item.points
            if item.kind == "jogo" and item.colour is not None:     # a game played always has its colour
                e.colours.append(item.colour)
            if item.opponent is not None:
                e.opponents.add(item.opponent)
            if item.kind == "folga":
                e.had_bye = True
        out.append(e)
    return out


def _swiss(t: Tournament, number: int) -> RoundData:
    try:
        pairs, bye = pair_round(_entrants(t, number), number)
    except PairingError as error:
        raise TournamentError(str(error)) from None
    return {"rodada": number, "mesas": [list(p) for p in pairs], "folga": bye, "wo": {}}


def record(data: TournamentData, round_number: int, board: int, code: str) -> str:
    """Enter the result of a board (``code``: one of RESULTS, or a result as written); returns the
    entry's id."""
    t = Tournament(data)
    game = t.game(round_number, board)
    if code not in RESULTS:
        code = result_code(t.scoring, code)
    if game.fixed:
        raise TournamentError(TEXTS["wo_fixed"].format(round=round_number, board=board))
    entry: ResultEntry = {"id": secrets.token_hex(8), "rodada": round_number, "mesa": board, "resultado": code}
    data["lancamentos"].append(entry)
    return entry["id"]


def undo(data: TournamentData, round_number: int, board: int) -> str:
    """Take back the latest result of a board (the one before it, if any, counts again)."""
    t = Tournament(data)
    t.game(round_number, board)
    undone = {e["desfaz"] for e in data["lancamentos"] if "desfaz" in e}
    for e in reversed(data["lancamentos"]):
        if (e["rodada"], e["mesa"]) == (round_number, board) and "resultado" in e and e["id"] not in undone:
            entry: UndoEntry = {"id": secrets.token_hex(8), "rodada": round_number, "mesa": board, "desfaz": e["id"]}
            data["lancamentos"].append(entry)
            return entry["id"]
    raise TournamentError(TEXTS["nothing_to_undo"].format(round=round_number, board=board))

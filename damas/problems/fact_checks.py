"""The fact tags of a comment checked on the board: one function per kind of tag.

A comment's tags (:mod:`damas.rules.pdn_facts`) are read in the context of the comment (a
problem's stored line, or a game's moves with the move a note follows:
:class:`damas.problems.fact_context.Context`), and each is checked by the function of its kind
in :data:`CHECKS`, with the rules (:meth:`damas.Board.legal_moves`), the solver
(:func:`damas.problems.solver.solve`) or the engine (:func:`damas.engine.search.analyse`).  A
check returns ``''`` when the fact holds, else the reason in Portuguese.

Where a tag's move is played: a move of the line (of a game: from the commented move on, then
before it), else the first position of the line where it is legal, else the position of the
game before a trap; with ``after M...``, the moves of the tag are played in order from the
position after those moves.  :func:`comment_problems` adds what the lint finds
(:mod:`damas.problems.fact_lint`); :func:`puzzle_problems` and :func:`game_problems` run both on
a problem and on a game.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from damas.errors import DamasError, SquareError
from damas.problems.fact_context import (Context, _captures, _forced_gain, _free_text, _other, _safe,  # noqa: F401
                                        game_contexts, gives_piece, level, puzzle_context, PROOF)
from damas.rules.args import PDN_GAME, checked, instance_spec, optional, text_spec
from damas.rules.board import BLACK, WHITE, Board, Move
from damas.rules.colors import NAMES, Color
from damas.rules.pdn_facts import Fact, facts_in, sentences

if TYPE_CHECKING:
    from damas.problems.puzzles import Puzzle
    from damas.problems.solver import Proof
    from damas.rules.pdn import PDNGame

__all__ = ["CHECKS", "check_fact", "comment_facts", "comment_problems", "puzzle_problems", "game_problems",
           "Context", "puzzle_context", "game_contexts"]

_NAME = NAMES           # «brancas», «pretas» (damas.rules.colors)
_SIDE: dict[str, Color] = {"W": WHITE, "B": BLACK}


class _NotFound(Exception):
    """A move of a tag that no position of the context plays (the reason, in Portuguese)."""


@dataclass
class _Played:
    """Where a tag's move is played: the position before it, the move, its text, and the
    opponent's reply when the line (or the tag's own sequence) gives one."""

    before: Board
    move: Move
    text: str
    index: int | None = None        # its step in the context's line
    reply: Move | None = None

    @property
    def after(self) -> Board:
        b = self.before.copy(stack=False)
        b.push(self.move)
        return b


# ---------------------------------------------------------------------------
# Where a tag's moves are played
# ---------------------------------------------------------------------------
def _bare(text: str) -> str:
    """A move's text without its move number: '16.a1-b2' -> 'a1-b2'."""
    return text.rsplit(".", 1)[-1]


def _ply_of(ctx: Context, text: str) -> int | None:
    """The step index a numbered move names ('16.a1-b2', '19...e5-f4'), or None."""
    if "." not in text:
        return None
    number = int(text.split(".", 1)[0])
    black = text.count(".") > 1
    first: int = getattr(ctx, "first_number", 1)
    white_first = ctx.start.turn == WHITE
    ply = 2 * (number - first) + (1 if black else 0) - (0 if white_first else 1)
    return ply


def _order(ctx: Context, start: int) -> list[int]:
    n = len(ctx.steps)
    return list(range(start, n)) + list(range(0, min(start, n)))


def _boards(ctx: Context) -> list[Board]:
    """The positions a move may be played in, in the order they are tried."""
    steps = ctx.steps
    if ctx.focus is not None:
        idx = _order(ctx, ctx.focus)
        out = [steps[ctx.focus].after] + [steps[i].before for i in idx]
    else:
        out = [st.before for st in steps] + [ctx.end]
    if ctx.before_start is not None:
        out.append(ctx.before_start)
    out += [b for b, _ in reversed(ctx.history)]
    return out


def _on_line(ctx: Context, text: str, start: int) -> int | None:
    bare = _bare(text)
    ply = _ply_of(ctx, text)
    if ply is not None:
        if 0 <= ply < len(ctx.steps) and ctx.steps[ply].text == bare:
            return ply
        return None
    full = len(re.split(r"[-x]", bare)) > 2          # a capture written with its whole path
    for i in _order(ctx, start):
        st = ctx.steps[i]
        if st.text == bare or (full and _legal(st.before, bare) == st.move):
            return i
    return None


def _from_step(ctx: Context, i: int) -> _Played:
    st = ctx.steps[i]
    reply = ctx.steps[i + 1].move if i + 1 < len(ctx.steps) else None
    return _Played(st.before, st.move, st.text, i, reply)


def _legal(board: Board, text: str) -> Move | None:
    try:
        return board.parse_move(_bare(text))
    except DamasError:
        return None


def _chain(board: Board, texts: Iterable[str]) -> list[_Played]:
    """The moves ``texts`` played in order from ``board`` (each with the next as its reply);
    _NotFound if one of them is not legal where it comes."""
    out: list[_Played] = []
    b = board.copy(stack=False)
    for t in texts:
        mv = _legal(b, t)
        if mv is None:
            raise _NotFound(f"{_bare(t)} não é lance possível depois de "
                            + (", ".join(_bare(x.text) for x in out) if out else "a posição de partida da frase"))
        out.append(_Played(b.copy(stack=False), mv, b.move_text(mv)))
        b.push(mv)
    for a, nxt in zip(out, out[1:]):
        a.reply = nxt.move
    return out


def _after_board(ctx: Context, fact: Fact) -> Board | None:
    """The position after the ``after`` moves of ``fact``, or where its ``before`` move is
    played (None without them)."""
    if fact.before:
        return _locate(ctx, fact.before).before.copy(stack=False)
    if not fact.after:
        return None
    first = _locate(ctx, fact.after[0])
    rest = _chain(first.after, fact.after[1:])
    return rest[-1].after if rest else first.after


def _locate(ctx: Context, text: str, start: int | None = None, anywhere: bool = True) -> _Played:
    """Where the move ``text`` is played: on the line, else (``anywhere``) in the first
    position of the context where it is legal."""
    if start is None:
        start = ctx.focus or 0
    i = _on_line(ctx, text, start)
    if i is not None:
        return _from_step(ctx, i)
    if ctx.puzzle is not None and ctx.focus is None:      # an accepted first move of the problem
        mv = _legal(ctx.start, text)
        if mv is not None and mv in ctx.puzzle.accepted_moves():
            return _Played(ctx.start.copy(stack=False), mv, ctx.start.move_text(mv))
    if not anywhere:
        where = "da partida" if ctx.puzzle is None else "da linha"
        raise _NotFound(f"{_bare(text)} não é lance {where} (um lance de uma variante se escreve com 'after')")
    for b in _boards(ctx):
        mv = _legal(b, text)
        if mv is not None:
            return _Played(b.copy(stack=False), mv, b.move_text(mv))
    where = "da partida" if ctx.puzzle is None else "da linha"
    raise _NotFound(f"{_bare(text)} não é lance {where} nem possível em nenhuma posição dela")


#: the kinds whose moves may be played off the line without 'after' (a try at the start, the
#: move a trap's victim played, the engine's choice, a capture the majority law forbids)
_OFF_LINE = {"error", "safe", "played", "attacks", "supports", "touches", "best", "forbidden", "threat"}


def _played(ctx: Context, fact: Fact, texts: Sequence[str] | None = None) -> list[_Played]:
    """The moves of ``fact`` (or ``texts``), each where it is played: after the ``after``
    moves, in order; else each on the line, at or after the one before it (a kind of
    :data:`_OFF_LINE` also in the first position of the context where it is legal)."""
    texts = list(fact.typed(ctx.size, "move") if texts is None else texts)
    base = _after_board(ctx, fact)
    if base is not None:
        return _chain(base, texts)
    out: list[_Played] = []
    start = ctx.focus or 0
    for t in texts:
        p = _locate(ctx, t, start, anywhere=fact.kind in _OFF_LINE or ctx.free)
        if p.index is not None:
            start = p.index + 1
        out.append(p)
    return out


def _commented(ctx: Context) -> _Played:
    """A game's note: the move it follows."""
    assert ctx.focus is not None  # its callers ask only in a game's note
    return _from_step(ctx, ctx.focus)


def _position(ctx: Context, fact: Fact, default: str = "end") -> Board:
    """The position a fact about a position talks about: after its ``after`` moves; else in a
    game's note the position after the commented move; else the line's end (or its start)."""
    base = _after_board(ctx, fact)
    if base is not None:
        return base
    if ctx.focus is not None:
        return ctx.steps[ctx.focus].after
    return ctx.end if default == "end" else ctx.start


def _sq(ctx: Context, text: str) -> int:
    square = ctx.start.variant.parse_square(text)
    if square is None:   # a Fact built by hand (Fact.read refuses a light square)
        raise SquareError(f"Casa inválida: {text}; as casas vão de 1 a {ctx.start.variant.squares}.")
    return square


def _name(ctx: Context, sq: int) -> str:
    v = ctx.start.variant
    return v.square_name(sq) if v.size == 8 else str(sq)


# ---------------------------------------------------------------------------
# One check per kind
# ---------------------------------------------------------------------------
def _new_capture_takes(p: _Played, target: int) -> str:
    """A move off the line: some new capture of the opponent after it takes ``target``."""
    after = p.after
    for reply in after.legal_moves():
        if reply.is_capture and target in reply.captured and not gives_piece(p.before, p.move, reply, target):
            return ""
    return "nenhuma tomada nova do adversário leva essa peça"


def _gives_one(ctx: Context, p: _Played, target: int) -> str:
    if p.reply is not None:
        why = gives_piece(p.before, p.move, p.reply, target)
    else:
        why = _new_capture_takes(p, target)
    if why:
        return f"{p.text} não entrega a peça de {_name(ctx, target)}: {why}"
    piece = p.after.piece_at(target)
    if piece is None or piece.color != p.before.turn:
        return f"a peça de {_name(ctx, target)} não é das {_NAME[p.before.turn]}, que jogam {p.text}"
    return ""


def _check_gives(ctx: Context, fact: Fact) -> str:
    if not fact.args:
        if ctx.focus is None:
            return "%gives sem argumentos só serve na nota de um lance"
        p = _commented(ctx)
        return _gives_one(ctx, p, p.move.end)
    groups: list[tuple[_Played | None, list[int]]] = []
    errors: list[str] = []
    played = iter(_played(ctx, fact))
    for word in fact.args:
        if "-" in word or "x" in word:
            groups.append((next(played), []))
        elif groups:
            groups[-1][1].append(_sq(ctx, word))
        else:
            groups.append((None, [_sq(ctx, word)]))
    for given, targets in groups:
        if given is not None:
            errors += [e for t in (targets or [given.move.end]) if (e := _gives_one(ctx, given, t))]
            continue
        for t in targets:
            steps = range(len(ctx.steps)) if ctx.focus is None else [ctx.focus]
            if not any(not ctx.steps[i].move.is_capture and not _gives_one(ctx, _from_step(ctx, i), t) for i in steps):
                errors.append(f"nenhum lance da linha entrega a peça de {_name(ctx, t)}")
    return "; ".join(errors)


def _only_or_forced(ctx: Context, fact: Fact, only: bool) -> str:
    moves = [_commented(ctx)] if not fact.args and ctx.focus is not None else _played(ctx, fact)
    if not moves:
        return f"%{fact.kind} sem lance"
    errors = []
    for p in moves:
        legal = p.before.legal_moves()
        texts = [p.before.move_text(m) for m in legal]
        if only and texts != [p.text]:
            errors.append(f"onde se joga {p.text}, os lances possíveis são {', '.join(texts)}")
        elif not only and not all(m.is_capture for m in legal):
            errors.append(f"onde se joga {p.text}, há lances sem tomada: "
                          + ", ".join(t for m, t in zip(legal, texts) if not m.is_capture))
    return "; ".join(errors)


def _check_only(ctx: Context, fact: Fact) -> str:
    return _only_or_forced(ctx, fact, True)


def _check_forced(ctx: Context, fact: Fact) -> str:
    return _only_or_forced(ctx, fact, False)


def _where_piece_moves(ctx: Context, fact: Fact, sq: int) -> Board | None:
    base = _after_board(ctx, fact)
    if base is not None:
        return base
    if ctx.focus is not None:
        return ctx.steps[ctx.focus].after
    for b in [st.before for st in ctx.steps] + [ctx.end]:
        piece = b.piece_at(sq)
        if piece is not None and piece.color == b.turn:
            return b
    return None


def _check_moves(ctx: Context, fact: Fact) -> str:
    sq, *dest = [_sq(ctx, a) for a in fact.args]
    b = _where_piece_moves(ctx, fact, sq)
    if b is None or b.piece_at(sq) is None:
        return f"não há peça em {_name(ctx, sq)} com a vez de jogar"
    have = {m.end for m in b.legal_moves() if m.start == sq}
    if have != set(dest):
        words = ", ".join(sorted(_name(ctx, x) for x in have)) or "nenhuma casa"
        return f"a peça de {_name(ctx, sq)} pode ir para {words}"
    return ""


def _check_blocked(ctx: Context, fact: Fact) -> str:
    side = _SIDE[fact.args[0]]
    b = _position(ctx, fact)
    if b.turn != side:
        return f"ali não é a vez das {_NAME[side]}"
    moves = b.legal_moves()
    return "" if not moves else f"as {_NAME[side]} têm lances: " + ", ".join(b.move_text(m) for m in moves)


def _check_untouchable(ctx: Context, fact: Fact) -> str:
    errors = []
    for word in fact.args:
        sq = _sq(ctx, word)
        b = _position(ctx, fact)
        piece = b.piece_at(sq)
        if piece is None:
            errors.append(f"não há peça em {word}")
            continue
        takers = [c for c in _captures(b, _other(piece.color)) if sq in c.captured]
        if takers:
            errors.append(f"a peça de {word} pode ser tomada: " + ", ".join(_free_text(b, c) for c in takers))
    return "; ".join(errors)


def _check_nocapture(ctx: Context, fact: Fact) -> str:
    word = fact.args[0]
    b = _position(ctx, fact)
    if word in _SIDE:
        caps = _captures(b, _SIDE[word])
        who = f"as {_NAME[_SIDE[word]]}"
    else:
        sq = _sq(ctx, word)
        piece = b.piece_at(sq)
        if piece is None:
            return f"não há peça em {word}"
        caps = [c for c in _captures(b, piece.color) if c.start == sq]
        who = f"a peça de {word}"
    return "" if not caps else f"{who} têm tomada: " + ", ".join(_free_text(b, c) for c in caps)


def _check_error(ctx: Context, fact: Fact) -> str:
    if not fact.args:
        if ctx.focus is None:
            return "%error sem lance só serve na nota de um lance"
        p = _commented(ctx)
        return _forced_gain(p.after, _other(p.before.turn), 1)
    from damas.problems.solver import _proof
    errors = []
    for text in fact.args:
        text = _bare(text)
        if ctx.puzzle is not None:
            proof = ctx.proof if ctx.proof is not None else _proof(ctx.puzzle)   # a Context built by hand
            start = ctx.start
            legal = {start.move_text(m): m for m in start.legal_moves()}
            if text in legal:
                if legal[text] in proof.winning_moves:
                    errors.append(f"{text} também resolve o problema: não é um erro")
                continue
            from damas.problems.themes import free_captures
            if text in {_free_text(start, m) for m in free_captures(start)}:
                continue                    # a capture the majority law forbids (4.13)
            reached = getattr(ctx.puzzle, "reached", "")
            if ctx.before_start is not None and reached:
                from damas.problems.puzzles import _tokens
                if text == _tokens(reached)[-1] and proof.proven:
                    continue
            errors.append(f"{text} não é lance das {_NAME[ctx.solver]} na posição, nem o último lance da "
                          "partida que levou a ela")
        else:
            p = _locate(ctx, text)
            if (why := _forced_gain(p.after, _other(p.before.turn), 1)):
                errors.append(f"depois de {text}: {why}")
    return "; ".join(errors)


def _check_safe(ctx: Context, fact: Fact) -> str:
    if ctx.before_start is not None and not fact.placed:      # a trap: instead of the victim's last move
        board = ctx.before_start
        if _legal(board, fact.args[0]) is None:
            return f"{_bare(fact.args[0])} não é lance possível no lugar do último lance da partida"
        return _safe(board, _bare(fact.args[0]), ctx.puzzle)
    p, = _played(ctx, fact)
    return _safe(p.before, p.text, ctx.puzzle)


def _check_threat(ctx: Context, fact: Fact) -> str:
    b = _position(ctx, fact, default="start")
    side = _other(b.turn)
    text = _bare(fact.args[0])
    caps = {_free_text(b, c): c for c in _captures(b, side)}
    if text not in caps:
        return (f"ali as {_NAME[side]} não teriam a tomada {text}; teriam "
                + (", ".join(caps) or "nenhuma tomada"))
    want = {_sq(ctx, a) for a in fact.args[1:]}
    if want and want != set(caps[text].captured):
        return f"{text} levaria as peças de " + ", ".join(sorted(_name(ctx, x) for x in caps[text].captured))
    return ""


def _intent(ctx: Context, fact: Fact, kind: str) -> str:
    p, = _played(ctx, fact, fact.args[:1])
    x = _sq(ctx, fact.args[1])
    after, mover = p.after, p.before.turn
    v = ctx.start.variant
    if kind == "attacks":
        if not any(x in c.captured for c in _captures(after, mover)):
            return f"depois de {p.text} nenhuma tomada das {_NAME[mover]} levaria a peça de {fact.args[1]}"
        return ""
    piece = after.piece_at(x)
    (r1, c1), (r2, c2) = v.square_to_rc(p.move.end), v.square_to_rc(x)
    near = abs(r1 - r2) == 1 and abs(c1 - c2) == 1
    forward = -1 if after.variant.promotion_row(mover) < r1 else 1
    if kind == "supports":
        if not (near and piece is not None and piece.color == mover and r2 - r1 == forward):
            return f"{p.text} não põe uma pedra logo atrás da pedra de {fact.args[1]}"
    elif not (near and piece is not None and piece.color != mover):
        return f"{p.text} não encosta numa peça adversária em {fact.args[1]}"
    return ""


def _check_attacks(ctx: Context, fact: Fact) -> str:
    return _intent(ctx, fact, "attacks")


def _check_supports(ctx: Context, fact: Fact) -> str:
    return _intent(ctx, fact, "supports")


def _check_touches(ctx: Context, fact: Fact) -> str:
    return _intent(ctx, fact, "touches")


def _check_material(ctx: Context, fact: Fact) -> str:
    b = _position(ctx, fact)
    have = {WHITE: b.count(WHITE), BLACK: b.count(BLACK)}
    errors = []
    for word in fact.args:
        side, rest = _SIDE[word[0]], word[1:]
        if rest[0] in "+-":
            lead = have[side] - have[_other(side)]
            if lead != int(rest):
                errors.append(f"as {_NAME[side]} têm {lead:+d} peças de diferença, não {int(rest):+d}")
        elif have[side] != int(rest):
            errors.append(f"as {_NAME[side]} têm {have[side]} peças, não {int(rest)}")
    if errors:
        errors.append(f"(ali: brancas {have[WHITE]}, pretas {have[BLACK]})")
    return " ".join(errors)


def _check_exchange(ctx: Context, fact: Fact) -> str:
    took, lost = (int(a) for a in fact.args)
    start = _after_board(ctx, fact) or (ctx.start if ctx.focus is None else ctx.steps[ctx.focus].before)
    end = ctx.end
    me = ctx.solver if ctx.focus is None else ctx.steps[ctx.focus].color
    gained = start.count(_other(me)) - end.count(_other(me))
    given = start.count(me) - end.count(me)
    if (gained, given) != (took, lost):
        return f"até o fim, as {_NAME[me]} tomam {gained} e perdem {given}"
    return ""


def _check_takes(ctx: Context, fact: Fact) -> str:
    p, = _played(ctx, fact, fact.args[:1])
    if not p.move.is_capture:
        return f"{p.text} não é uma tomada"
    want = {_sq(ctx, a) for a in fact.args[1:]}
    have = set(p.move.captured)
    if want and want != have:
        return f"{p.text} leva as peças de " + ", ".join(sorted(_name(ctx, x) for x in have))
    return ""


def _crowned(p: _Played) -> bool:
    piece = p.before.piece_at(p.move.start)
    after = p.after.piece_at(p.move.end)
    return piece is not None and not piece.king and after is not None and after.king


def _check_crowns(ctx: Context, fact: Fact) -> str:
    errors = []
    moves = fact.typed(ctx.size, "move")
    if moves:
        errors += [f"{p.text} não faz dama" for p in _played(ctx, fact, moves) if not _crowned(p)]
    base = _after_board(ctx, fact)
    for word in fact.args:
        if word in moves:
            continue
        sq = _sq(ctx, word)
        steps = [_from_step(ctx, i) for i in range(len(ctx.steps))]
        if base is not None:
            steps = []
        if not any(p.move.end == sq and _crowned(p) for p in steps):
            errors.append(f"nenhuma pedra da linha vira dama em {word}")
    return "; ".join(errors)


def _check_move(ctx: Context, fact: Fact) -> str:
    if fact.placed:
        _played(ctx, fact)
        return ""
    start = ctx.focus or 0
    errors = []
    history = {b.move_text(m) for b, m in ctx.history}     # the game that reached a problem's position
    for text in fact.args:
        i = _on_line(ctx, text, start)
        if i is None and _bare(text) not in history:
            errors.append(f"{_bare(text)} não é lance " + ("da partida" if ctx.puzzle is None else "da linha"))
        elif i is not None:
            start = i + 1
    return "; ".join(errors)


def _check_played(ctx: Context, fact: Fact) -> str:
    text = _bare(fact.args[0])
    if ctx.puzzle is None:
        return _check_move(ctx, fact)
    legal = [ctx.start.move_text(m) for m in ctx.start.legal_moves()]
    return "" if text in legal else f"{text} não é lance possível na posição do problema"


def _check_gain(ctx: Context, fact: Fact) -> str:
    word = fact.args[0]
    side, n = _SIDE[word[0]], int(word[1:].lstrip("+"))
    b = _position(ctx, fact, default="start")
    puzzle = ctx.puzzle if (ctx.focus is None and not fact.placed) else None
    return _forced_gain(b, side, n, puzzle)


def _check_level(ctx: Context, fact: Fact) -> str:
    if ctx.focus is None and not fact.placed:
        return "%level sem 'after' só serve na nota de um lance"
    return level(_position(ctx, fact))


#: the engine's depth for %best and %winning, by board size (pure Python: less on 100 squares)
ENGINE_DEPTH = {8: 8, 10: 6}


def _check_best(ctx: Context, fact: Fact) -> str:
    from damas.engine.search import analyse
    base = _after_board(ctx, fact)
    if base is None:
        base = ctx.steps[ctx.focus].before if ctx.focus is not None else ctx.start
    best = analyse(base, depth=ENGINE_DEPTH[ctx.size]).best
    if best is None:
        return "ali não há lance"
    chosen = base.move_text(best)
    wanted = [_bare(a) for a in fact.args] or [ctx.steps[ctx.focus].text if ctx.focus is not None else ""]
    if chosen not in wanted:
        return f"o computador, a {ENGINE_DEPTH[ctx.size]} lances de profundidade, escolhe {chosen}"
    return ""


def _check_winning(ctx: Context, fact: Fact) -> str:
    from damas.engine.search import analyse
    side = _SIDE[fact.args[0]]
    b = _position(ctx, fact)
    score = analyse(b, depth=ENGINE_DEPTH[ctx.size]).score
    score = score if b.turn == side else -score
    if score < 100:
        return f"o computador dá às {_NAME[side]} {score / 100:+.2f} pedra, menos de uma pedra de vantagem"
    return ""


def _check_forbidden(ctx: Context, fact: Fact) -> str:
    from damas.problems.themes import free_captures
    base = _after_board(ctx, fact)
    boards = [base] if base is not None else (
        [ctx.steps[ctx.focus].before, ctx.steps[ctx.focus].after] if ctx.focus is not None else _boards(ctx))
    errors = []
    groups: list[tuple[str, list[int]]] = []
    for word in fact.args:
        if "-" in word or "x" in word:
            groups.append((_bare(word), []))
        elif groups:
            groups[-1][1].append(_sq(ctx, word))
    for text, squares in groups:
        found = None
        for b in boards:
            free = {_free_text(b, m): m for m in free_captures(b)}
            if text in free:
                found, move = b, free[text]
                break
        if found is None:
            errors.append(f"a tomada {text} não existe em nenhuma posição da linha")
        elif text in {found.move_text(m) for m in found.legal_moves()}:
            errors.append(f"a tomada {text} é um lance possível: a lei da maioria não a proíbe")
        elif squares and set(squares) != set(move.captured):
            errors.append(f"a tomada {text} levaria as peças de " + ", ".join(sorted(_name(ctx, x) for x in move.captured)))
    return "; ".join(errors)


def _check_theme(ctx: Context, fact: Fact) -> str:
    from damas.problems.themes import THEMES, line_facts, theme_by_name
    if ctx.focus is not None:          # a game's note: the commented move alone
        step = ctx.steps[ctx.focus]
        facts = line_facts(step.before, [step.move])
    elif ctx.puzzle is None:
        return "%theme só serve no comentário de um problema ou na nota de um lance"
    else:
        facts = line_facts(ctx.start, [st.move for st in ctx.steps])
    errors = []
    for key in fact.args:
        theme = theme_by_name(key.replace("-", " ")) or theme_by_name(key)
        if theme is None:
            errors.append(f"tema desconhecido {key!r}; os temas são " + ", ".join(THEMES))
        elif not theme(facts):
            errors.append(f"o mecanismo de {theme.name} ({theme.definition}) não está na linha")
    return "; ".join(errors)


def _check_piece(ctx: Context, fact: Fact) -> str:
    base = _after_board(ctx, fact)
    boards = [base] if base is not None else [ctx.start] + [st.after for st in ctx.steps]
    errors = []
    for word in fact.args:
        m = re.fullmatch(r"([WB]?)(K?)(.+)", word)
        assert m is not None  # a fact's argument is never empty
        color, king, sq = _SIDE.get(m.group(1)), bool(m.group(2)), _sq(ctx, m.group(3))
        if not any((p := b.piece_at(sq)) is not None and (color is None or p.color == color) and (not king or p.king)
                   for b in boards):
            what = "dama" if king else "peça"
            errors.append(f"não há {what}{' das ' + _NAME[color] if color else ''} em {m.group(3)}"
                          + (" ali" if base is not None else " em nenhuma posição da linha"))
    return "; ".join(errors)


def _no_check(ctx: Context, fact: Fact) -> str:
    return ""


def _check_fen(ctx: Context, fact: Fact) -> str:
    return "%fen só serve no texto de um capítulo"


#: kind -> the function that checks it (each takes the context and the Fact)
CHECKS: dict[str, Callable[[Context, Fact], str]] = {"gives": _check_gives, "only": _check_only, "forced": _check_forced, "moves": _check_moves,
          "blocked": _check_blocked, "untouchable": _check_untouchable, "nocapture": _check_nocapture,
          "error": _check_error, "safe": _check_safe, "threat": _check_threat,
          "attacks": _check_attacks, "supports": _check_supports, "touches": _check_touches,
          "material": _check_material, "exchange": _check_exchange, "takes": _check_takes, "crowns": _check_crowns,
          "move": _check_move, "played": _check_played, "gain": _check_gain, "level": _check_level, "best": _check_best, "winning": _check_winning,
          "forbidden": _check_forbidden, "piece": _check_piece, "theme": _check_theme, "opinion": _no_check, "quote": _no_check, "rule": _no_check,
          "fen": _check_fen}


_CONTEXT = instance_spec("damas.problems.fact_context.Context", "o contexto de um comentário (puzzle_context)")
_FACT = instance_spec("damas.rules.pdn_facts.Fact", "uma etiqueta de fato (Fact)")


@checked(ctx=_CONTEXT, fact=_FACT)
def check_fact(ctx: Context, fact: Fact) -> str:
    """'' when ``fact`` holds in ``ctx``, else why not (Portuguese)."""
    try:
        return CHECKS[fact.kind](ctx, fact)
    except _NotFound as missing:
        return str(missing)
    except DamasError as err:          # a square or a move the board refuses
        return str(err)


@checked(ctx=_CONTEXT, comment=text_spec())
def comment_facts(ctx: Context, comment: str) -> list[tuple[str, Fact, str]]:
    """(sentence, fact, reason) for every fact tag of ``comment`` (reason '' when it holds)."""
    out = []
    for sentence in sentences(comment):
        for fact in facts_in(sentence, ctx.size):
            out.append((sentence, fact, check_fact(ctx, fact)))
    return out


@checked(ctx=_CONTEXT, comment=text_spec())
def comment_problems(ctx: Context, comment: str) -> list[str]:
    """Every false tag of ``comment`` and every sentence the lint refuses, as Portuguese
    messages ([] when the comment holds)."""
    from damas.problems.fact_lint import lint_comment
    out = [f"{fact}: {why}" for _, fact, why in comment_facts(ctx, comment) if why]
    return out + lint_comment(comment, ctx.size)


@checked(proof=optional(PROOF))
def puzzle_problems(puzzle: Puzzle, proof: Proof | None = None) -> list[str]:
    """Every problem of a collection problem's comment (:func:`comment_problems`)."""
    return comment_problems(puzzle_context(puzzle, proof), puzzle.comment)


@checked(game=PDN_GAME)
def game_problems(game: PDNGame) -> list[tuple[str, str]]:
    """(where, message) for every false tag and every sentence the lint refuses in a game's notes."""
    out: list[tuple[str, str]] = []
    for ctx, comment in game_contexts(game):
        where = ("nota inicial" if ctx.focus is None else
                 f"{ctx.focus // 2 + 1}{'.' if ctx.steps[ctx.focus].color == WHITE else '...'} "
                 f"{ctx.steps[ctx.focus].text}")
        out.extend((where, e) for e in comment_problems(ctx, comment))
    return out

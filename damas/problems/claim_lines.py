"""The readers of what a comment says about one move of a line, or of a variation the sentence
itself spells out (:mod:`damas.problems.claims`): «M é obrigatória», «M entrega uma pedra», and
the count of a combination, «três por um».  :class:`LineReaders` is a part of the claims reader;
its methods use the reader's context (``self.ctx``), pointer and move pattern (``self.move_re``).

A move the sentence names is looked for in the line first; a move off the line is found by
playing the moves the sentence names, in their order, from a position of the line (the first
where they are all legal, from the point the text has reached).  A move found in neither is
reported: the sentence cannot be checked, which is a failure, not a pass."""

from __future__ import annotations

import re

from damas.errors import DamasError
from damas.problems.claim_facts import _NUM, Claim, _num, _other, gives_piece
from damas.rules.board import BLACK, WHITE

_SIDE_NAME = {WHITE: "brancas", BLACK: "pretas"}


def _gives_some(before, move, reply, king=False) -> str:
    """'' when ``move`` gives a piece (a king, if ``king``) that ``reply`` takes by a capture that
    did not exist before the move (:func:`damas.problems.claim_facts.gives_piece`); else why not."""
    if reply is None or not reply.is_capture or move.is_capture:
        return gives_piece(before, move, reply)
    after = before.copy(stack=False)
    after.push(move)
    why = "a tomada seguinte do adversário não leva nenhuma dama" if king else ""
    for target in reply.captured:
        piece = after.piece_at(target)
        if king and (piece is None or not piece.king):
            continue
        why = gives_piece(before, move, reply, target)
        if not why:
            return ""
    return why or gives_piece(before, move, reply)


class LineReaders:
    """The move readers of the claims reader (each takes a sentence, returns its claims)."""

    # -- where a named move is played --------------------------------------------------
    def _candidates(self):
        steps = self.ctx.steps
        if self.ctx.focus is not None:
            f = self.ctx.focus
            return [steps[f].after, steps[f].before]
        boards = [st.before for st in steps] + [self.ctx.end]
        order = list(range(self.pointer, len(boards))) + list(range(0, min(self.pointer, len(boards))))
        return [boards[i] for i in order]

    def played_at(self, s, pos, text):
        """(board before, move, following move or None) of the move ``text`` named at ``pos`` of
        sentence ``s``: a move of the line, else one of the variation the sentence spells out up
        to it; None if neither plays it."""
        i = self.ctx.find(text, self.pointer)
        if i is not None and self.ctx.focus is None:
            st = self.ctx.steps[i]
            nxt = self.ctx.steps[i + 1].move if i + 1 < len(self.ctx.steps) else None
            return st.before, st.move, nxt
        named = [(m.start(), m.group(1)) for m in self.move_re.finditer(s)]
        upto = [k for k, (p, _) in enumerate(named) if p == pos]
        if not upto:
            return None
        k = upto[0]
        for start in self._candidates():
            b = start.copy(stack=False)
            found = None
            for j, (_, t) in enumerate(named):
                try:
                    mv = b.parse_move(t)
                except DamasError:
                    break
                if j == k:
                    found = (b.copy(stack=False), mv)
                elif j == k + 1 and found is not None:
                    return found[0], found[1], mv
                b.push(mv)
            else:
                if found is not None:
                    return found[0], found[1], None
            if found is not None:
                return found[0], found[1], None
        if i is not None:            # a game: the move elsewhere in the game
            st = self.ctx.steps[i]
            nxt = self.ctx.steps[i + 1].move if i + 1 < len(self.ctx.steps) else None
            return st.before, st.move, nxt
        return None

    def _located(self, s, m, kind, out):
        """Where the move of match ``m`` is played (:meth:`played_at`), or None after adding to
        ``out`` a claim of ``kind`` that says the sentence names a move found nowhere."""
        where = self.played_at(s, m.start(1), m.group(1))
        if where is None:
            out.append(Claim(kind, m.group(0), f"{m.group(1)} não é lance da linha nem da variante "
                                               f"que a frase descreve",
                             tag=f"[%{'only' if kind == 'forced' else 'gives'} {m.group(1)}]"))
        return where

    # -- the readers ---------------------------------------------------------------------
    def compulsory(self, s):
        """«d4xb2 é obrigatória», «a tomada g3xe1 é obrigatória»: the move is the only legal one
        where it is played (a lone capture is compulsory, regra 4.1)."""
        out = []
        pat = re.compile(r"(?:\d+\.+\s*)?" + self.move_re.pattern + r"(?:,\s+que\s+[^,]*,)?"
                         r"\s+(?:é|era|fica)\s+(?:a\s+)?obrigatóri[ao]\b", re.IGNORECASE)
        found = list(pat.finditer(s))
        # «a pedra de g7 toma duas, g7xc3, e por isso é a obrigatória»: the last move named before
        for m in re.finditer(r"\bé\s+a\s+obrigatória\b", s, re.IGNORECASE):
            if any(f.start() <= m.start() < f.end() for f in found):
                continue
            named = list(self.move_re.finditer(s, 0, m.start()))
            if named:
                found.append(named[-1])
        for m in found:
            where = self._located(s, m, "forced", out)
            if where is None:
                continue
            before, move, _ = where
            legal = [before.move_text(x) for x in before.legal_moves()]
            ok = legal == [before.move_text(move)]
            out.append(Claim("forced", m.group(0), "" if ok else
                             f"diz {m.group(0)!r}, mas ali os lances possíveis são " + ", ".join(legal),
                             tag=f"[%only {m.group(1)}{self._after_of(s, m.group(1), before)}]"))
        # «cada tomada das pretas é obrigatória»: each capture of that side on the line is its only move
        for m in re.finditer(r"\bcada\s+tomada\s+das\s+(brancas|pretas)\s+(?:é|era|foi)\s+obrigatória\b", s,
                             re.IGNORECASE):
            color = {"brancas": WHITE, "pretas": BLACK}[m.group(1).lower()]
            steps = [st for st in self.ctx.steps if st.color == color and st.move.is_capture]
            bad = [st.text for st in steps if len(st.before.legal_moves()) != 1]
            out.append(Claim("forced", m.group(0), "" if steps and not bad else
                             f"diz {m.group(0)!r}, mas " + (f"{', '.join(bad)} não é o único lance" if bad else
                                                            "essas peças não tomam na linha"),
                             tag="[%only " + " ".join(st.text for st in steps) + "]"))
        return out

    def gives(self, s):
        """«1. b2-c3 entrega uma pedra», «as brancas entregam uma dama com e3-b6»: the piece the
        move brings to its square is taken by the reply, by a capture that did not exist before."""
        out = []
        mv = r"(?:\d+\.+\s*)?" + self.move_re.pattern
        pats = (re.compile(mv + r"\s+(?:entrega|oferece)\s+(?:uma\s+|outra\s+)?(?:pedra|dama|peça)\b", re.IGNORECASE),
                re.compile(r"\b(?:entrega|oferece)m?\s+(?:uma\s+|outra\s+)?(?:pedra|dama|peça)\s+com\s+" + mv,
                           re.IGNORECASE))
        # (the move's match, whether the words say a king is given)
        found = [(m, "dama" in m.group(0).lower()) for pat in pats for m in pat.finditer(s)]
        # «as brancas entregam uma dama»: the last move of that side named before the words
        for m in re.finditer(r"\b(?:as\s+(brancas|pretas)\s+)?(?:entrega|oferece)m?\s+(?:uma|outra)\s+(pedra|dama|peça)\b",
                             s, re.IGNORECASE):
            if any(f.start() <= m.start() < f.end() or m.start() <= f.start() < m.end() for f, _ in found):
                continue
            color = {"brancas": WHITE, "pretas": BLACK}.get((m.group(1) or "").lower())
            named = [x for x in self.move_re.finditer(s, 0, m.start())
                     if color is None or self._color_of(s, x) in (color, None)]
            if named:
                found.append((named[-1], m.group(2).lower() == "dama"))
        for m, king in found:
            where = self._located(s, m, "sacrifice", out)
            if where is None:
                continue
            before, move, reply = where
            why = _gives_some(before, move, reply, king=king)
            out.append(Claim("sacrifice", m.group(0), f"{m.group(1)} não é uma entrega: {why}" if why else "",
                             tag=self._gives_tag(s, m.group(1), before, move, reply, king)))
        # «as brancas entregam três pedras, com d4-e5, d2-e3 e b2-c3»: as many moves as said, each a gift
        mv = self.move_re.pattern
        listed_at = []
        for m in re.finditer(rf"\b(?:entrega|oferece)m?\s+{_NUM}\s+(?:pedras|peças)(?:,|:)?\s+(?:com\s+)?"
                             rf"((?:(?:\d+\.+\s*)?{mv}(?:,\s*|\s+e\s+))+(?:\d+\.+\s*)?{mv})", s, re.IGNORECASE):
            n = _num(m.group(1))
            listed_at.append(m.start())
            listed = list(self.move_re.finditer(s, m.start(2), m.end(2)))
            errors = [] if len(listed) == n else [f"nomeia {len(listed)} lances, não {n}"]
            for x in listed:
                where = self.played_at(s, x.start(1), x.group(1))
                if where is None:
                    errors.append(f"{x.group(1)} não é lance da linha")
                    continue
                before, move, reply = where
                why = _gives_some(before, move, reply)
                if why:
                    errors.append(f"{x.group(1)} não é uma entrega: {why}")
            out.append(Claim("sacrifice", m.group(0), "; ".join(errors),
                             tag="[%gives " + " ".join(x.group(1) for x in listed) + "]"))
        out.extend(self._gives_many(s, listed_at))
        return out

    def _gives_many(self, s, done):
        """«1. h4-g5 entrega duas pedras»: the reply takes that many, the piece moved among them;
        «As pretas entregam duas pedras: 1... h4-g3 obriga f2xh4 e 2... f6-g5 obriga h4xf6»: that many
        moves of that side named after the words, each a gift; «As brancas entregam duas pedras»
        (no move named): that side loses that many pieces on the line."""
        out = []
        for m in re.finditer(rf"\b(?:(?:as\s+)?(brancas|pretas)\s+)?(?:entrega|oferece)m?\s+{_NUM}\s+(?:pedras|peças)\b",
                             s, re.IGNORECASE):
            if any(m.start() <= d < m.end() + 3 for d in done) or any(d <= m.start() < m.end() for d in done):
                continue
            n = _num(m.group(2))
            color = {"brancas": WHITE, "pretas": BLACK}.get((m.group(1) or "").lower())
            words = m.group(0)
            right_before = re.search(r"(?:\d+\.+\s*)?" + self.move_re.pattern + r"\s+$", s[:m.start()])
            if right_before and not color:
                where = self.played_at(s, right_before.start(1), right_before.group(1))
                if where is None:
                    out.append(Claim("sacrifice", words, f"{right_before.group(1)} não é lance da linha",
                                     tag=f"[%gives {right_before.group(1)}]"))
                    continue
                before, move, reply = where
                why = gives_piece(before, move, reply, move.end)
                if not why and len(reply.captured) != n:
                    why = f"a resposta toma {len(reply.captured)}"
                name = before.variant.square_name if before.variant.size == 8 else str
                took = list(reply.captured) if reply is not None and reply.is_capture else []
                took = ([move.end] if move.end in took else []) + [x for x in took if x != move.end]
                took = (took + [move.end] * n)[:n] if len(took) != n else took
                out.append(Claim("sacrifice", words, f"{right_before.group(1)} não entrega {m.group(2)} pedras: {why}"
                                 if why else "", tag=f"[%gives {right_before.group(1)} "
                                 + " ".join(name(x) for x in took) + self._after_of(s, right_before.group(1), before) + "]"))
                continue
            if color is None:
                color = self.ctx.solver
            after = [x for x in self.move_re.finditer(s, m.end()) if self._color_of(s, x) == color]
            if after:
                errors = [] if len(after) == n else [f"nomeia {len(after)} lances das {_SIDE_NAME[color]}, não {n}"]
                for x in after:
                    before, move, reply = self.played_at(s, x.start(1), x.group(1))
                    why = _gives_some(before, move, reply)
                    if why:
                        errors.append(f"{x.group(1)} não é uma entrega: {why}")
                out.append(Claim("sacrifice", words, "; ".join(errors),
                                 tag="[%gives " + " ".join(x.group(1) for x in after) + "]"))
                continue
            if self.ctx.focus is not None:     # a game's note: the gifts in a row from the commented move
                steps, i, gifts = self.ctx.steps, self.ctx.focus, 0
                while i + 1 < len(steps) and steps[i].color == color \
                        and not _gives_some(steps[i].before, steps[i].move, steps[i + 1].move):
                    gifts, i = gifts + 1, i + 2
                moves = [steps[self.ctx.focus + 2 * k].text for k in range(n) if self.ctx.focus + 2 * k < len(steps)]
                out.append(Claim("sacrifice", words, "" if gifts == n else
                                 f"diz {words!r}, mas a partida tem {gifts} entregas seguidas a partir dali",
                                 tag="[%gives " + " ".join(moves) + "]"))
                continue
            lost = self.ctx.start.count(color) - self.ctx.end.count(color)
            other = _other(color)
            took = self.ctx.start.count(other) - self.ctx.end.count(other)
            pair = f"{took} {n}" if color == self.ctx.solver else f"{n} {took}"
            out.append(Claim("sacrifice", words, "" if lost == n else
                             f"diz {words!r}, mas as {_SIDE_NAME[color]} perdem {lost} na linha",
                             tag=f"[%exchange {pair}]"))
        return out

    def _after_of(self, s, text, before):
        """' after M' when the move ``text``, played in ``before``, is not a move of the line
        (M: the moves that lead from a position of the line to ``before``), else ''."""
        if self.ctx.focus is None and self.ctx.find(text, 0) is not None:
            return ""
        if self.ctx.focus is not None and self.ctx.find(text, self.ctx.focus) is not None:
            return ""
        for st in self.ctx.steps:
            if st.after == before:
                return f" after {st.text}"
        named = [x.group(1) for x in self.move_re.finditer(s)]
        path = named[:named.index(text)] if text in named else []
        return f" after {' '.join(path)}" if path else ""

    def _gives_tag(self, s, text, before, move, reply, king):
        """The %gives tag of the move ``text``: the piece it moves, or (a king given) the king taken."""
        after = before.copy(stack=False)
        after.push(move)
        name = before.variant.square_name if before.variant.size == 8 else str
        target = move.end
        if reply is not None and reply.is_capture:
            kings = [x for x in reply.captured if after.piece_at(x) is not None and after.piece_at(x).king]
            if king and kings:
                target = kings[0]
            elif target not in reply.captured and reply.captured:
                target = reply.captured[0]
        extra = "" if target == move.end else f" {name(target)}"
        return f"[%gives {text}{extra}{self._after_of(s, text, before)}]"

    def _color_of(self, s, match):
        """The side that plays the move named by ``match`` (None if the sentence does not place it)."""
        where = self.played_at(s, match.start(1), match.group(1))
        return where[0].turn if where else None

    def exchange(self, s):
        """«três por um», «quatro por dois»: from the problem's start to the last move of the line
        the sentence names (else to the end of the line), the side that solves takes the first
        number of pieces and loses the second.  Not read in a game's note, nor «uma por uma»
        (one after the other)."""
        out = []
        if self.ctx.focus is not None or self.ctx.puzzle is None:
            return out
        for m in re.finditer(rf"\b{_NUM}\s+por\s+{_NUM}\b", s, re.IGNORECASE):
            if m.group(1).lower() == m.group(2).lower() and m.group(1).lower() in ("um", "uma"):
                continue
            took, lost = _num(m.group(1)), _num(m.group(2))
            after = ""
            board = self.ctx.end
            me, start = self.ctx.solver, self.ctx.start
            other = _other(me)
            since = re.match(r"\s+desde\s+a\s+(primeira|segunda|terceira|quarta)\s+entrega\b", s[m.end():], re.IGNORECASE)
            if since:
                k = ("primeira", "segunda", "terceira", "quarta").index(since.group(1).lower())
                gifts = [i for i, st in enumerate(self.ctx.steps[:-1]) if st.color == me
                         and not _gives_some(st.before, st.move, self.ctx.steps[i + 1].move)]
                if len(gifts) <= k:
                    out.append(Claim("material", m.group(0) + since.group(0),
                                     f"diz {since.group(0).strip()!r}, mas a linha tem {len(gifts)} entregas",
                                     tag=f"[%exchange {took} {lost} after {self.ctx.steps[-1].text}]"))
                    continue
                start = self.ctx.steps[gifts[k]].before
                after = f" after {self.ctx.steps[gifts[k]].text}"
            gained = start.count(other) - board.count(other)
            given = start.count(me) - board.count(me)
            ok = gained == took and given == lost
            out.append(Claim("material", m.group(0), "" if ok else
                             f"diz {m.group(0)!r}, mas até ali quem resolve toma {gained} e perde {given}",
                             tag=f"[%exchange {took} {lost}{after}]"))
        return out

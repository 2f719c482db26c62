"""The readers of what a comment says about captures (:mod:`damas.problems.claims`): which
capture takes which pieces and where it stops, who takes back, what one move obliges, which
capture the majority law forbids, and the move a master played instead of the combination.
:class:`CaptureReaders` is a part of the claims reader; its methods use the reader's context
(``self.ctx``), square pattern (``self.sq``) and move pattern (``self.move_re``)."""

from __future__ import annotations

import re

from damas.problems.claim_facts import _NUM, Claim, _num


class CaptureReaders:
    """The capture readers of the claims reader (each takes a sentence, returns its claims)."""

    def played(self, s):
        """«Na partida, Medkov jogou e3-d4»: in a problem, a legal move of its position."""
        out = []
        if self.ctx.puzzle is None or self.ctx.focus is not None:
            return out
        for m in re.finditer(r"\bjogou\s+(?:primeiro\s+)?" + self.move_re.pattern, s):
            start = self.ctx.start
            legal = [start.move_text(x) for x in start.legal_moves()]
            out.append(Claim("played", m.group(0), "" if m.group(1) in legal else
                             f"diz {m.group(0)!r}, mas {m.group(1)} não é lance possível na posição do problema",
                             tag=f"[%played {m.group(1)}]"))
        return out

    def forbidden(self, s):
        """«A tomada h2xf4 leva uma peça só e a lei da maioria (regra 4.13) não a permite»: the
        capture is not a legal move of the problem's position, and (on 64 squares, where the
        Russian rules show every capture, the majority law aside) it takes one piece."""
        out = []
        if self.ctx.puzzle is None or self.ctx.focus is not None:
            return out
        mv = self.move_re.pattern
        pat = re.compile(rf"\btomadas?\s+{mv}(?:\s+e\s+{mv})?(?:,\s*de\s+uma\s+peça\s+só,)?\s+"
                         rf"(?:(?:leva|levam)\s+uma\s+(?:peça\s+só|só|peça\s+cada(?:\s+uma)?)\b|"
                         rf"(?:não\s+(?:é|são)\s+permitid))", re.IGNORECASE)
        start = self.ctx.start
        legal = {start.move_text(x) for x in start.legal_moves()}
        every = None
        if start.variant.size == 8 and start.variant.majority_rule:
            from damas.rules.board import Board
            free = Board(start.fen(), variant="russian")
            every = {free.move_text(x): len(x.captured) for x in free.legal_moves() if x.is_capture}
        for m in pat.finditer(s):
            if not re.search(r"não\s+(?:a|as|o|os)?\s*permit|não\s+(?:é|são)\s+permitid|proíbe|não\s+valem|obriga\s+a\s+maior",
                             s[m.start():], re.IGNORECASE):
                continue
            for text in (t for t in m.group(1, 2) if t):
                err = ""
                if text in legal:
                    err = f"diz que a tomada {text} não é permitida, mas ela é um lance possível"
                elif every is not None and every.get(text) != 1:
                    err = (f"diz que a tomada {text} leva uma peça, mas ela não existe na posição" if text not in every
                           else f"diz que a tomada {text} leva uma peça, mas ela leva {every[text]}")
                out.append(Claim("only", m.group(0), err, tag=f"[%forbidden {text}]"))
        return out

    def stopped(self, s):
        """«Parada em d6, a dama é tomada por 2. c5xe7»: that capture of the line takes the piece
        on d6; «1. d4-e5 esvazia a casa d4»: the move leaves that square."""
        out = []
        mv = r"(?:\d+\.+\s*)?" + self.move_re.pattern
        pat = re.compile(rf"\bparad[ao]\s+em\s+({self.sq}),\s+(?:a\s+(?:dama|pedra)(?:\s+(?:branca|preta))?|ela)"
                         rf"\s+é\s+tomada\s+por\s+{mv}", re.IGNORECASE)
        for m in pat.finditer(s):
            i = self.ctx.find(m.group(2), self.pointer)
            if i is None:
                continue
            x = self.square(m.group(1))
            move = self.ctx.steps[i].move
            out.append(Claim("takes", m.group(0), "" if x in move.captured else
                             f"diz {m.group(0)!r}, mas {m.group(2)} não leva a peça de {m.group(1)}",
                             tag=self._takes_tag(move) if x in move.captured else f"[%takes {m.group(2)} {m.group(1)}]"))
        for m in re.finditer(rf"{mv}\s+esvazia\s+a\s+casa\s+({self.sq})", s, re.IGNORECASE):
            i = self.ctx.find(m.group(1), self.pointer)
            if i is None:
                continue
            ok = self.ctx.steps[i].move.start == self.square(m.group(2))
            out.append(Claim("intent", m.group(0), "" if ok else f"diz {m.group(0)!r}, mas {m.group(1)} não sai de {m.group(2)}",
                             tag=f"[%move {m.group(1)}]" if ok else f"[%move {m.group(2)}-{m.group(2)}]"))
        return out

    def obliges(self, s):
        """«1. a3-b4 obriga c5xa3»: after the first move (one of the line) the second is the
        only legal move (regra 4.1 makes a lone capture compulsory)."""
        out = []
        mv = r"(?:\d+\.+\s*)?" + self.move_re.pattern
        pat = re.compile(rf"{mv}\s+obriga\s+(?:a\s+)?{mv}", re.IGNORECASE)
        for m in pat.finditer(s):
            i = self.ctx.find(m.group(1), self.pointer)
            if i is None:
                continue
            after = self.ctx.steps[i].after
            legal = [after.move_text(x) for x in after.legal_moves()]
            ok = legal == [m.group(2)]
            out.append(Claim("forced", m.group(0), "" if ok else
                             f"diz {m.group(0)!r}, mas depois de {m.group(1)} os lances possíveis são "
                             + ", ".join(legal), tag=f"[%only {m.group(2)} after {m.group(1)}]"))
        return out

    def _capture_path(self, s):
        """«a pedra de g3 toma f4, d6 e b6 num só lance e para em a5», «g7xc3 toma f6 e d4»,
        «a pedra de g5 toma para trás, f4 e f2, e para em g1», «a pedra de e7 toma quatro peças
        em zigue-zague até a3»: a capture of the line (from that square, or the one named) takes
        exactly those pieces, or that many, and stops there.  A piece that makes no capture on
        the line, or a capture off the line, is not read here."""
        out = []
        sq = self.sq
        cap = rf"{sq}(?:x{sq})+"
        pat = re.compile(rf"(?:\b(?:pedra|dama)(?:\s+(?:branca|preta))?\s+de\s+({sq})|(?<![\w-])({cap}))"
                         rf"\s+(?:então\s+|ainda\s+)?toma(?:\s+então)?(?:\s+para\s+trás,?)?\s+"
                         rf"(?:((?:{sq})(?:\s*,\s*{sq})*(?:\s+e\s+{sq})?)(?![\w-])(?!\s+e\s+(?:a|as|o|os|uma|duas|mais)\b)"
                         rf"|{_NUM}\s+(?:pedras?|peças?))"
                         rf"(?:\s+num\s+só\s+lance)?(?:,?\s*em\s+zigue-zague,?)?"
                         rf"(?:,?\s+e\s+(?:para|vira\s+dama|chega|termina)\s+(?:em|a)\s+({sq})|\s+até\s+({sq}))?",
                         re.IGNORECASE)
        for m in pat.finditer(s):
            if m.group(1):
                start = self.square(m.group(1))
                mine = [st.move for st in self.ctx.steps if st.move.is_capture and st.move.start == start]
                who = f"a tomada da peça de {self.name(start)}"
            else:
                i = self.ctx.find(m.group(2), self.pointer)
                mine = [self.ctx.steps[i].move] if i is not None else []
                who = m.group(2)
            if not mine:
                continue
            listed = {self.square(x) for x in re.findall(sq, m.group(3))} if m.group(3) else None
            count = _num(m.group(4)) if m.group(4) else None
            end = m.group(5) or m.group(6)
            end = self.square(end) if end else None
            if listed is None and end is None and m.group(2):
                continue        # «M toma N peças»: read by _takes_many
            good = [mv for mv in mine if (listed is None or set(mv.captured) == listed)
                    and (count is None or len(mv.captured) == count) and (end is None or mv.end == end)]
            ok = bool(good)
            if good:
                tag = self._takes_tag(good[0])
            else:
                mv = mine[0]
                i = next((i for i, st in enumerate(self.ctx.steps) if st.move == mv), None)
                text = self.ctx.steps[i].text if i is not None else str(mv)
                if end is not None and mv.end != end:
                    text = text.rsplit("x", 1)[0] + "x" + self.name(end)
                sqs = sorted(listed) if listed is not None else list(mv.captured)
                if count is not None and len(sqs) != count:
                    sqs = (sqs * count)[:count] if sqs else []
                tag = f"[%takes {text} " + " ".join(self.name(x) for x in sqs) + "]"
            out.append(Claim("takes", m.group(0), "" if ok else
                             f"diz {m.group(0)!r}, mas {who} leva "
                             + " / ".join(", ".join(sorted(self.name(x) for x in mv.captured))
                                          + f" e para em {self.name(mv.end)}" for mv in mine), tag=tag))
        return out

    def retakes(self, s):
        """«a pedra de f8 retoma com f8xd6», «a pedra de e3 responde com 2. e3xc5»: that
        capture of the line starts on that square."""
        out = []
        pat = re.compile(rf"\b(?:pedra|dama)(?:\s+(?:branca|preta))?\s+de\s+({self.sq})\s+(?:retoma|responde|toma)"
                         rf"(?:\s+de\s+volta)?\s+com\s+(?:\d+\.+\s*)?" + self.move_re.pattern, re.IGNORECASE)
        for m in pat.finditer(s):
            i = self.ctx.find(m.group(2), self.pointer)
            if i is None:
                continue
            move = self.ctx.steps[i].move
            ok = move.start == self.square(m.group(1))
            out.append(Claim("takes", m.group(0), "" if ok else
                             f"diz {m.group(0)!r}, mas {m.group(2)} sai de {self.name(move.start)}",
                             tag=self._takes_tag(move) if ok else f"[%takes {m.group(1)}x{m.group(2).split('x')[-1]}]"))
        return out

    def _takes_many(self, s):
        """«6. g3xc3 toma duas pedras, f4 e d4»: the capture written just before the words takes
        that many pieces and, when they are listed, exactly those."""
        out = []
        pat = re.compile(rf"(?<![\w-])({self.sq}(?:x{self.sq})+)\s+(?:toma|leva)\s+{_NUM}\s+(?:pedras?|peças?)"
                         rf"(?:\s*[,:(]\s*((?:{self.sq})(?:\s*,\s*{self.sq})*\s+e\s+{self.sq}))?", re.IGNORECASE)
        for m in pat.finditer(s):
            n = _num(m.group(2))
            listed = {self.square(x) for x in re.findall(self.sq, m.group(3) or "")}
            i = self.ctx.find(m.group(1), self.pointer)
            if i is None:
                continue        # a capture off the line (one the majority law forbids, a variation)
            move = self.ctx.steps[i].move
            ok = len(move.captured) == n and (not listed or set(move.captured) == listed)
            sqs = sorted(listed) if listed else list(move.captured)
            if not listed and len(sqs) != n:
                sqs = (sqs * n)[:n]
            tag = self._takes_tag(move) if ok else f"[%takes {m.group(1)} " + " ".join(self.name(x) for x in sqs) + "]"
            out.append(Claim("takes", m.group(0), "" if ok else
                             f"diz {m.group(0)!r}, mas {m.group(1)} leva as peças de "
                             f"{', '.join(sorted(self.name(x) for x in move.captured))}", tag=tag))
        return out

    def crowned(self, s):
        """«vira dama em d8», «a pedra de c7 vai a d8 e vira dama»: a man of the line ends a move on
        that square and is crowned there (regra 3.5)."""
        out = []
        sq = self.sq
        pat = re.compile(rf"\bvira(?:m|ndo)?\s+dama\s+em\s+({sq})|\b(?:vai|chega)\s+a\s+({sq})\s+e\s+vira\s+dama",
                         re.IGNORECASE)
        for m in pat.finditer(s):
            y = self.square(m.group(1) or m.group(2))
            crowned = [st for st in self.ctx.steps if st.move.end == y and not st.before.piece_at(st.move.start).king
                       and st.after.piece_at(y) is not None and st.after.piece_at(y).king]
            out.append(Claim("takes", m.group(0), "" if crowned else
                             f"diz {m.group(0)!r}, mas nenhuma pedra da linha vira dama em {self.name(y)}",
                             tag=f"[%crowns {crowned[0].text}]" if crowned else f"[%crowns {self.name(y)}]"))
        return out


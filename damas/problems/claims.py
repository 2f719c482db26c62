"""What a comment says about a position, read by meaning and checked on the board.

A comment (of a problem or of a game move) is cut into sentences; each
sentence is read by the readers below, and every claim a reader finds is
checked against the position with the rules (:meth:`damas.Board.legal_moves`,
the captured squares of each move), the solver
(:func:`damas.problems.solver.solve`) or the engine
(:func:`damas.engine.search.analyse`).  The kinds of claim:

* ``sacrifice``: «a pedra (dama) de X se entrega em Y», «entrega (oferece) a
  pedra de Y», a game note opening with «Entrega»: the move X-Y is played, the
  opponent's very next move is a capture that takes the piece standing on Y,
  and that capture did not exist, in that form or longer (the same piece
  capturing along a route that begins with it), before the move; the piece
  offered need not be the one that moves («g5-h4 oferece a pedra de f6»,
  «a pedra de g5 vai a h4 e oferece a pedra de f6»), but it is of the side
  that moves (and of the colour the sentence gives it); «M entrega uma pedra
  (dama)», «as brancas entregam uma dama»: the reply takes, by a new capture,
  a piece (a king) of the side that played M; «entregam N pedras, com M1, M2
  e M3» (or named after the words): N moves, each a gift; «M entrega duas
  pedras»: the reply takes that many; with no move named, that side loses N
  on the line (a game's note: N gifts in a row from the commented move)
  (:mod:`damas.problems.claim_lines`);
* ``forced``: «obrigada a tomar», «tomada obrigatória», «tem de tomar»: every
  legal move of that side is a capture (regra 4.1), made by the piece named
  as subject and taking the piece just offered («tomá-la») when the sentence
  says so; «único lance», «única tomada», «só têm M»: exactly one legal move;
  «M é obrigatória», «M, que ..., é obrigatória», «... M, e por isso é a
  obrigatória»: M is the only legal move where it is played, on the line or
  in the variation the sentence spells out; «cada tomada das pretas é
  obrigatória»: each capture of that side on the line is its only move;
  «tomar é obrigatório»: every move of that side there is a capture;
* ``only``: «a pedra de X só pode ir para Y (ou Z)»: the destinations of that
  piece's legal moves; «não tem lance»: that side (piece) has no move; «a
  pedra de X (ela) não pode ser tomada»: the opponent, to move, has no capture
  that takes it;
* ``error``: «o erro é M» (and «o iniciante ... M», «toma com a pedra de X»):
  M is a legal move of the solving side at the start that the solver refutes
  (it is not among the moves that force the goal), or a capture the majority
  law forbids (4.13), or, in a trap, the victim's last move; a game note
  opening with «Erro»: after that move the opponent wins a man by force;
* ``intent``: what a move does or was meant to do («queriam atacar / apoiar a
  pedra de X», «encostar na pedra de X», «ocupar a casa X»), read on the board
  after it;
* ``safe``: «em vez de M, o lance N era seguro»: after N the opponent has no
  forced gain of material within the problem's limit;
* ``material``: «N pedras à frente», «uma peça a mais (a menos)», «termina N
  contra M», «N contra M», «cada lado perdeu N pedras»: the piece counts at the
  end of the line (of a game: after the commented move), for the side named
  last before the count («as brancas retomam uma, e as pretas terminam com
  seis peças contra cinco»), else first after it, else the solving side;
  «três por um» (not «uma por uma»): over the line (from the k-th gift when
  «desde a segunda entrega»), the solving side takes three and loses one;
* ``takes``: «toma em X», «toma a pedra (dama) de X»: X is a captured square
  of a capture named in the sentence (or of the line), not a landing square;
  «M toma (leva) N pedras, X e Y»: capture M of the line takes N pieces, those;
  «a pedra de X toma A, B e C ... e para em Y»: a capture of the line from X
  takes exactly those and stops on Y; «M obriga N» (kind ``forced``): after M,
  N is the only legal move;
* ``played``: «Na partida, P jogou M»: M is a legal move of the problem's
  position (what the player did instead of the combination);
* ``gain``: «ganha(m) uma pedra à força», «já não evitam a perda de uma
  pedra»: the solver proves the gain of a man for that side;
* ``balance``: «mantinha o equilíbrio»: the engine's verdict at the depth the
  text rests on (:data:`DEPTH`) and at that depth + 4 both say level (within
  :data:`LEVEL`), and the solver finds no forced loss (nor gain) of a man.

A sentence that uses the words of one of these kinds but that no reader can
read is reported as unread: a failure, not a pass.  A sentence that opens
with «Na opinião do autor» is the author's judgement and may state no fact
(it names no square, no move and no number); one that says «segundo a nota»
(«a fonte», «o livro») reports its cited source and is not checked.  What it
cannot read: a sentence without those words (a beginner's thoughts, a plan,
«está a dois passos da dama»), which is neither checked nor flagged.
"""

from __future__ import annotations

import re

from damas.rules.args import PDN_GAME, checked, instance_spec, optional, text_spec
from damas.rules.board import BLACK, WHITE
from damas.problems.claim_captures import CaptureReaders
from damas.problems.claim_lines import LineReaders
from damas.problems.claim_facts import (_NUM, _NUMBER, Claim, _num, DEPTH, LEVEL,  # noqa: F401
                                        Context, Step, _all_moves, _captures, _counts,
                                        _forced_gain, _free_text, _other, _safe, game_contexts, gives_piece, level,
                                        puzzle_context, PROOF)

__all__ = ["Step", "Context", "Claim", "read_comment", "comment_problems", "puzzle_context", "puzzle_problems",
           "game_problems", "game_contexts", "gives_piece", "level", "DEPTH", "LEVEL"]

_SIDE = {"brancas": WHITE, "pretas": BLACK, "branca": WHITE, "preta": BLACK}
_NAME = {WHITE: "brancas", BLACK: "pretas"}
def _sentences(text: str) -> list:
    return [s for s in re.split(r"(?<=[.!?;])\s+(?=[A-ZÁÉÍÓÚÂÊÔÃÕÇ(«])", text.strip()) if s]


class _Reader(CaptureReaders, LineReaders):
    """Reads the sentences of one comment in order, keeping track of the
    step the text has reached (a problem's comment walks along its line)."""

    def __init__(self, ctx: Context):
        self.ctx = ctx
        v = ctx.start.variant
        self.v = v
        if v.size == 8:
            self.sq = r"[a-h][1-8]"
            self.move_re = re.compile(r"(?<![\w-])([a-h][1-8](?:[-x][a-h][1-8])+)(?![\w-])")
        else:
            self.sq = r"\d{1,2}"
            self.move_re = re.compile(r"(?<![\w.-])(\d{1,2}(?:[-x]\d{1,2})+)(?![\w.-])")
        self.pointer = 0 if ctx.focus is None else ctx.focus
        self.offered = None        # the square of the piece last given

    def square(self, text):
        return self.v.parse_square(text)

    def name(self, sq):
        return self.v.square_name(sq) if self.v.size == 8 else str(sq)

    # the step a claim refers to ------------------------------------------
    def named_steps(self, sentence, lo=0, hi=None):
        out = []
        for m in self.move_re.finditer(sentence[lo:hi]):
            i = self.ctx.find(m.group(1), self.pointer)
            if i is not None:
                out.append((m.start() + lo, i))
        return out

    def advance(self, sentence, upto=None):
        if self.ctx.focus is not None:
            return
        for _, i in self.named_steps(sentence, 0, upto):
            self.pointer = i + 1

    def step_for(self, color=None):
        """The step at the pointer (a game: the commented move), or the next
        one played by ``color``."""
        if self.ctx.focus is not None:
            return self.ctx.steps[self.ctx.focus]
        for i in range(self.pointer, len(self.ctx.steps)):
            if color is None or self.ctx.steps[i].color == color:
                return self.ctx.steps[i]
        return None

    def position_with(self, sq, color, king=None):
        """The first position at or after the pointer where a piece of
        ``color`` stands on ``sq`` with its side to move (a game: after the
        commented move)."""
        if self.ctx.focus is not None:
            b = self.ctx.steps[self.ctx.focus].after
            return b
        boards = [s.before for s in self.ctx.steps[self.pointer:]] + [self.ctx.end]
        for b in boards:
            p = b.piece_at(sq)
            if p is not None and b.turn == p.color and (color is None or p.color == color) \
                    and (king is None or p.king == king):
                return b
        return None

    def after_for(self, b, sq=None):
        """The ``after`` clause that names the position ``b`` of the line for a tag whose
        default position differs ('' when the default is ``b``)."""
        if self.ctx.focus is not None:
            return "" if b is self.ctx.steps[self.ctx.focus].after else " after " + self.ctx.steps[self.ctx.focus].text
        boards = [st.before for st in self.ctx.steps] + [self.ctx.end]
        k = next((i for i, x in enumerate(boards) if x is b), None)
        if k is None:
            return ""
        default = len(boards) - 1
        if sq is not None:
            default = next((i for i, x in enumerate(boards) if x.piece_at(sq) is not None
                            and x.piece_at(sq).color == x.turn), default)
        if k == default or k == 0:
            return ""
        return " after " + self.ctx.steps[k - 1].text

    # the readers ------------------------------------------------------------
    def read(self, sentence: str) -> tuple:
        claims = []
        low = sentence.lower()
        if low.startswith("na opinião do autor"):
            if self.move_re.search(sentence) or re.search(rf"\b{self.sq}\b|\d", sentence):
                claims.append(Claim("opinion", sentence, "uma opinião não pode afirmar fatos da posição "
                                                         "(cita casa, lance ou número)", tag="[%opinion]"))
            else:
                claims.append(Claim("opinion", sentence, tag="[%opinion]"))
            return claims, []
        if re.search(r"\bsegundo\s+(?:a\s+nota|a\s+fonte|o\s+livro)\b", low):
            # a fact reported from the cited source, not derived from the position: no check, no unread words
            self.advance(sentence)
            return [Claim("source", sentence, tag="[%quote]")], []
        for reader in (self.sacrifice, self.forced, self.only, self.untouchable, self.error, self.safe, self.intent, self.material,
                       self.takes, self.retakes, self.stopped, self.crowned, self.obliges, self.forbidden, self.played, self.gain, self.balance,
                       self.compulsory, self.gives, self.exchange):
            claims.extend(reader(sentence))
        self.advance(sentence)
        stated = _THOUGHT.split(low)[0]     # what someone thinks («o iniciante acha que ...») is no claim
        unread = [w for w in _TRIGGERS.findall(stated) if not any(c.kind in _kinds_of(w) for c in claims)]
        return claims, unread

    def sacrifice(self, s):
        out = []
        pat = re.compile(rf"\b(pedra|dama)(?:\s+(branca|preta))?\s+de\s+({self.sq})\s+(?:se\s+entrega|se\s+oferece|"
                         rf"é\s+entregue|vai\s+a\s+{self.sq}\s+e\s+se\s+(?:entrega|oferece))(?:\s+(?:em|a)\s+({self.sq}))?",
                         re.IGNORECASE)
        for m in pat.finditer(s):
            x = self.square(m.group(3))
            y = self.square(m.group(4)) if m.group(4) else None
            self.advance(s, m.start())
            rng = [self.ctx.focus] if self.ctx.focus is not None else range(self.pointer, len(self.ctx.steps))
            idx = next((i for i in rng if self.ctx.steps[i].move.start == x
                        and (y is None or self.ctx.steps[i].move.end == y)
                        and not self.ctx.steps[i].move.is_capture), None)
            if y is None and idx is not None:
                y = self.ctx.steps[idx].move.end
            out.append(self._check_sacrifice(m.group(0), idx, y, f"nenhum lance da linha leva a peça de "
                                             f"{m.group(3)}{' a ' + m.group(4) if m.group(4) else ''}",
                                             said=f"{m.group(3)}-{m.group(4)}" if m.group(4) else m.group(3)))
            if idx is not None:
                if self.ctx.focus is None:
                    self.pointer = idx + 1
                self.offered = y
        # «entrega (oferece) a pedra de Y»: the piece on Y, which need not be the one that moves, is given by
        # the move named before the words (or «a pedra de X vai a Z e oferece ...»; a game: the commented move)
        pat2 = re.compile(rf"\b(?:entrega|oferece)m?\s+a\s+(pedra|dama)(?:\s+(branca|preta))?\s+de\s+({self.sq})"
                          rf"(?:\s+em\s+({self.sq}))?", re.IGNORECASE)
        for m in pat2.finditer(s):
            y = self.square(m.group(3))
            if m.group(4):          # «entregam a pedra de X em Y»: the piece on X goes to Y and is given there
                x, y = y, self.square(m.group(4))
                rng = [self.ctx.focus] if self.ctx.focus is not None else range(self.pointer, len(self.ctx.steps))
                idx = next((i for i in rng if self.ctx.steps[i].move.start == x and self.ctx.steps[i].move.end == y
                            and not self.ctx.steps[i].move.is_capture), None)
            elif self.ctx.focus is not None:
                idx = self.ctx.focus
            else:
                named = [i for _, i in self.named_steps(s, 0, m.start()) if self.ctx.steps[i].color == self.ctx.solver]
                goes = list(re.finditer(rf"\b(?:pedra|dama)(?:\s+(?:branca|preta))?\s+de\s+({self.sq})\s+(?:vai|joga|avança)"
                                        rf"\s+(?:a|para|até)\s+({self.sq})", s[:m.start()], re.IGNORECASE))
                if named:
                    idx = named[-1]
                elif goes:
                    x, z = self.square(goes[-1].group(1)), self.square(goes[-1].group(2))
                    idx = next((i for i in range(self.pointer, len(self.ctx.steps)) if self.ctx.steps[i].move.start == x
                                and self.ctx.steps[i].move.end == z and not self.ctx.steps[i].move.is_capture), None)
                else:
                    idx = self._step_to(y)
            claim = self._check_sacrifice(m.group(0), idx, y, f"nenhum lance da linha entrega a peça de {m.group(3)}"
                                          + (f" em {m.group(4)}" if m.group(4) else ""),
                                          said=f"{m.group(3)}-{m.group(4)}" if m.group(4) else m.group(3))
            if idx is not None:        # whose piece it is, before whether the capture takes it
                st = self.ctx.steps[idx]
                piece = st.after.piece_at(y)
                said = _SIDE.get((m.group(2) or "").lower())
                if said is not None and (piece is None or piece.color != said):
                    claim.error = f"a peça de {self.name(y)} não é das {_NAME[said]}"
                elif piece is None or piece.color != st.color:
                    claim.error = f"a peça de {self.name(y)} não é das {_NAME[st.color]}, que jogam {st.text}"
            out.append(claim)
            if idx is not None:
                self.offered = y
        # a game note opening with «Entrega»: the commented move gives the piece it moves
        if self.ctx.focus is not None and re.match(r"(?i)entrega\b", s) and not pat2.match(s):
            step = self.ctx.steps[self.ctx.focus]
            out.append(self._check_sacrifice(s[:7], self.ctx.focus, step.move.end, ""))
            self.offered = step.move.end
        return out

    def _step_to(self, y):
        for i in range(self.pointer, len(self.ctx.steps)):
            st = self.ctx.steps[i]
            if st.move.end == y and not st.move.is_capture:
                return i
        return None

    def _check_sacrifice(self, words, idx, y, missing, said=""):
        if idx is None:
            return Claim("sacrifice", words, missing, tag=f"[%gives {said}]" if said else "")
        st = self.ctx.steps[idx]
        reply = self.ctx.steps[idx + 1].move if idx + 1 < len(self.ctx.steps) else None
        why = gives_piece(st.before, st.move, reply, y)
        if self.ctx.focus is not None and idx == self.ctx.focus:
            tag = "[%gives]" if y == st.move.end else f"[%gives {self.name(y)}]"
        else:
            tag = f"[%gives {st.text}]" if y == st.move.end else f"[%gives {st.text} {self.name(y)}]"
        return Claim("sacrifice", words, f"{st.text} não é uma entrega: {why}" if why else "", tag=tag)

    def forced(self, s):
        out = []
        pat = re.compile(r"\b(?:(?:(?:é|são|está|estão)\s+(?:de\s+novo\s+)?)?obrigad[ao]s?\s+a\s+tom\w*|"
                         r"tomada\s+obrigatória|tomar\s+é\s+obrigatório|t[êe]m\s+(?:de|que)\s+tom\w*|único\s+lance|"
                         r"única\s+(?:tomada|jogada|resposta)|só\s+t[êe]m\s+(?=[a-h]?\d))", re.IGNORECASE)
        for m in pat.finditer(s):
            words = m.group(0).lower()
            head = s[:m.start()]
            clause = re.split(r"[:;]", head)[-1]
            subj = list(re.finditer(rf"\b(pedra|dama)(?:\s+(branca|preta))?(?:\s+de\s+({self.sq}))?\b|"
                                    r"\b(brancas|pretas)\b", clause, re.IGNORECASE))
            subj = [x for x in subj if x.group(4) or x.group(2) or x.group(3)]
            color = None
            piece_sq = None
            if subj:
                last = subj[-1]
                color = _SIDE.get((last.group(2) or last.group(4) or "").lower())
                piece_sq = self.square(last.group(3)) if last.group(3) else None
            # the step: a move named right after the words («... das pretas: M», «tem de tomar com M»),
            # else the last capture named before them in the sentence, else the next move of that side
            tail = s[m.end():]
            right = re.match(r"[\s:,]*(?:(?:das\s+(?:brancas|pretas)|agora\s+com|com|é)[\s:,]*)*(?:\d+\.+\s*)?", tail)
            after = self.named_steps(s, m.end() + right.end(), m.end() + right.end() + 12)
            after = [x for x in after if x[0] == m.end() + right.end()]
            before_named = [i for _, i in self.named_steps(s, 0, m.start())]
            if piece_sq is not None and color is None:
                b = self.position_with(piece_sq, None)
                if b is not None:
                    color = b.piece_at(piece_sq).color
            close = [i for pos, i in self.named_steps(s, 0, m.start())
                     if re.fullmatch(r"\s*(?:\([^)]*\)\s*)?(?:é|era|foi)\s+(?:a|o)\s+",
                                     s[pos + len(self.ctx.steps[i].text):m.start()])]
            if close:
                step = self.ctx.steps[close[-1]]
            elif after:
                step = self.ctx.steps[after[0][1]]
            elif self.ctx.focus is not None:
                step = self.ctx.steps[self.ctx.focus]
            elif before_named and (color is None or self.ctx.steps[before_named[-1]].color == color) \
                    and self.ctx.steps[before_named[-1]].move.is_capture:
                step = self.ctx.steps[before_named[-1]]
            else:
                self.advance(s, m.start())
                step = self.step_for(color)
                if step is None and self.pointer > 0:
                    step = self.ctx.steps[self.pointer - 1]
            if step is not None and piece_sq is not None:
                here = step.before.piece_at(piece_sq)
                if here is None or here.color != step.color:
                    piece_sq = None
            if step is None:
                out.append(Claim("forced", words, "não há, na linha, lance desse lado a que a frase se refira",
                                 tag="[%forced]"))
                continue
            legal = step.before.legal_moves()
            err = ""
            if "únic" in words or words.startswith("só"):
                if len(legal) != 1:
                    err = (f"diz que há um só lance, mas as {_NAME[step.color]} têm {len(legal)}: "
                           + ", ".join(step.before.move_text(x) for x in legal))
            elif not all(x.is_capture for x in legal) or not legal:
                err = f"diz que a tomada é obrigatória, mas as {_NAME[step.color]} têm lances sem tomada"
            if not err and piece_sq is not None and "tom" in words + s[m.end():m.end() + 3].lower():
                if not all(x.start == piece_sq for x in legal if x.is_capture):
                    err = f"diz que a peça de {self.name(piece_sq)} é que tem de tomar, mas outra peça também pode"
            if re.match(r"-l[ao]\b", s[m.end():]) and self.offered is None:
                quiet = [self.ctx.steps[i] for _, i in self.named_steps(s, 0, m.start())
                         if not self.ctx.steps[i].move.is_capture]
                self.offered = quiet[-1].move.end if quiet else None
            if not err and re.match(r"-l[ao]\b", s[m.end():]) and self.offered:
                if not any(self.offered in x.captured for x in legal if x.is_capture) \
                        or any(self.offered not in x.captured for x in legal if x.is_capture):
                    err = (f"diz que a peça entregue em {self.name(self.offered)} é tomada, mas a tomada "
                           f"obrigatória não a leva")
            kind = "only" if ("únic" in words or words.startswith("só")) else "forced"
            own = self.ctx.focus is not None and step is self.ctx.steps[self.ctx.focus]
            out.append(Claim("forced", words, err, tag=f"[%{kind}]" if own else f"[%{kind} {step.text}]"))
            self.pointer = max(self.pointer, self.ctx.steps.index(step) + 1) if self.ctx.focus is None else self.pointer
        return out

    def only(self, s):
        out = []
        pat = re.compile(rf"\b(pedra|dama)(?:\s+(branca|preta))?\s+de\s+({self.sq})\s+só\s+pode\s+(?:ir|andar|jogar|"
                         rf"sair)\s+(?:para|a|até|em)\s+({self.sq})(?:\s+(?:ou|e)\s+(?:para\s+|a\s+)?({self.sq}))?",
                         re.IGNORECASE)
        for m in pat.finditer(s):
            self.advance(s, m.start())
            x = self.square(m.group(3))
            color = _SIDE.get((m.group(2) or "").lower())
            want = {self.square(g) for g in m.groups()[3:] if g}
            b = self.position_with(x, color, m.group(1).lower() == "dama")
            if b is None:
                out.append(Claim("only", m.group(0), f"não há essa peça em {m.group(3)} com a vez de jogar",
                                 tag=f"[%moves {m.group(3)} " + " ".join(self.name(q) for q in sorted(want)) + "]"))
                continue
            have = {mv.end for mv in b.legal_moves() if mv.start == x}
            err = "" if have == want else (f"diz que a peça de {m.group(3)} só pode ir para "
                                           f"{', '.join(sorted(self.name(q) for q in want))}, mas ela pode ir para "
                                           f"{', '.join(sorted(self.name(q) for q in have)) or 'nenhuma casa'}")
            out.append(Claim("only", m.group(0), err, tag=f"[%moves {m.group(3)} "
                             + " ".join(self.name(q) for q in sorted(want)) + self.after_for(b, x) + "]"))
        pat = re.compile(rf"\b(?:(pedra|dama)(?:\s+(branca|preta))?\s+de\s+({self.sq})|(brancas|pretas))\s+"
                         r"(?:não\s+(?:tem|têm)\s+(?:nenhum\s+)?lance|ficam\s+sem\s+lance|não\s+pode(?:m)?\s+tomar)",
                         re.IGNORECASE)
        for m in pat.finditer(s):
            self.advance(s, m.start())
            capture = "tomar" in m.group(0).lower()
            if m.group(3):
                x = self.square(m.group(3))
                color = _SIDE.get((m.group(2) or "").lower())
                b = self.position_with(x, color)
                if b is None and self.ctx.focus is None:
                    b = self.ctx.end
                if b is None:
                    out.append(Claim("only", m.group(0), f"não há essa peça em {m.group(3)}",
                                     tag=f"[%moves {m.group(3)}]"))
                    continue
                if capture and self.ctx.focus is not None:
                    piece = b.piece_at(x)
                    moves = _captures(b, piece.color) if piece is not None else []
                else:
                    moves = b.legal_moves()
                moves = [mv for mv in moves if mv.start == x and (mv.is_capture or not capture)]
            else:
                color = _SIDE[m.group(4).lower()]
                b = self.ctx.end if self.ctx.focus is None else self.ctx.steps[self.ctx.focus].after
                moves = [mv for mv in (b.legal_moves() if b.turn == color else []) if mv.is_capture or not capture]
                if b.turn != color and not capture:
                    out.append(Claim("only", m.group(0), f"no fim da linha não é a vez das {m.group(4)}",
                                     tag=f"[%blocked {color}]"))
                    continue
            if m.group(3):
                tag = f"[%nocapture {m.group(3)}]" if capture else f"[%moves {m.group(3)}{self.after_for(b, x)}]"
            else:
                tag = f"[%nocapture {color}]" if capture else f"[%blocked {color}{self.after_for(b)}]"
            out.append(Claim("only", m.group(0), "" if not moves else
                             f"diz que não há {'tomada' if capture else 'lance'}, mas há: "
                             + ", ".join(b.move_text(mv) for mv in moves if mv in b.legal_moves()
                                         or True), tag=tag))
        return out

    def untouchable(self, s):
        """«a pedra de X não pode ser tomada»: the opponent, to move, has no capture that takes it."""
        out = []
        pat = re.compile(rf"(?:\b(pedra|dama)(?:\s+(branca|preta))?\s+de\s+({self.sq})|\bela)\s+não\s+pode\s+ser\s+"
                         rf"tomad[ao]", re.IGNORECASE)
        for m in pat.finditer(s):
            self.advance(s, m.start())
            if m.group(3):
                x = self.square(m.group(3))
            elif self.ctx.focus is not None:        # «ela»: the piece the commented move brought
                x = self.ctx.steps[self.ctx.focus].move.end
            else:
                out.append(Claim("only", m.group(0), "não se sabe de que peça a frase fala", tag="[%untouchable]"))
                continue
            b = self.ctx.steps[self.ctx.focus].after if self.ctx.focus is not None else (
                self.step_for().before if self.step_for() is not None else self.ctx.end)
            piece = b.piece_at(x)
            if piece is None:
                out.append(Claim("only", m.group(0), f"não há peça em {self.name(x)}",
                                 tag=f"[%untouchable {self.name(x)}{self.after_for(b)}]"))
                continue
            takers = [c for c in _captures(b, _other(piece.color)) if x in c.captured]
            out.append(Claim("only", m.group(0), "" if not takers else
                             f"diz que a peça de {self.name(x)} não pode ser tomada, mas "
                             + ", ".join(b.move_text(c) if c in b.legal_moves() else str(c) for c in takers)
                             + " a toma", tag=f"[%untouchable {self.name(x)}{self.after_for(b)}]"))
        return out

    def error(self, s):
        out = []
        ctx = self.ctx
        g = re.match(r"(?i)erro\b", s)
        if g and ctx.focus is not None:
            # a game note: after the commented move the opponent wins a man by force
            step = ctx.steps[ctx.focus]
            return [Claim("error", g.group(0), _forced_gain(step.after, _other(step.color), 1), tag="[%error]")]
        m = re.search(r"\b(?:o|um)\s+erro\b", s, re.IGNORECASE)
        novice = re.search(r"\bo\s+iniciante\b", s, re.IGNORECASE)
        if not m and not novice:
            return out
        m = m or novice
        named = self.move_re.findall(s[m.end():]) or self.move_re.findall(s[:m.start()])[-1:]
        if not named:
            piece = re.search(rf"\b(?:toma|tomar|joga|jogar|avança|avançar)\s+(?:primeiro\s+)?com\s+a\s+"
                              rf"(?:pedra|dama)\s+de\s+({self.sq})", s, re.IGNORECASE)
            if piece and ctx.puzzle is not None:
                x = self.square(piece.group(1))
                mine = [mv for mv in _all_moves(ctx.start) if mv.start == x]
                if not mine:
                    return [Claim("error", piece.group(0), f"a peça de {piece.group(1)} não tem lance na posição",
                                  tag=f"[%error {piece.group(1)}-{piece.group(1)}]")]
                wins = [mv for mv in mine if mv in ctx.proof.winning_moves]
                return [Claim("error", piece.group(0), "" if not wins else
                              f"{ctx.start.move_text(wins[0])} resolve o problema: não é um erro",
                              tag="[%error " + " ".join(_free_text(ctx.start, mv) for mv in mine) + "]")]
            if novice is m:
                return out          # what a beginner thinks: no fact about the position
            return [Claim("error", m.group(0), "diz qual é o erro sem nomear o lance", tag="[%error]")]
        for text in named[:1]:
            if ctx.puzzle is not None and ctx.proof is not None:
                moves = {ctx.start.move_text(x): x for x in ctx.start.legal_moves()}
                if text in moves:
                    ok = moves[text] not in ctx.proof.winning_moves
                    out.append(Claim("error", text, "" if ok else f"{text} também resolve o problema: não é um erro",
                                     tag=f"[%error {text}]"))
                    continue
                if text in {_free_text(ctx.start, x) for x in _all_moves(ctx.start)}:
                    out.append(Claim("error", text, tag=f"[%error {text}]"))   # a capture the majority law forbids
                    continue
                reached = getattr(ctx.puzzle, "reached", "")
                if ctx.before_start is not None and reached:
                    from damas.problems.puzzles import _tokens
                    last = _tokens(reached)[-1]
                    ok = text == last and ctx.proof.proven
                    out.append(Claim("error", text, "" if ok else
                                     f"{text} não é o último lance da partida que levou à posição",
                                     tag=f"[%error {text}]"))
                    continue
                out.append(Claim("error", text, f"{text} não é lance das {_NAME[ctx.solver]} na posição",
                                 tag=f"[%error {text}]"))
            elif ctx.focus is None:
                # a game's opening note: the move named is a move of the game that lets the opponent win a man
                i = ctx.find(text)
                out.append(Claim("error", text, f"{text} não é lance da partida" if i is None else
                                 _forced_gain(ctx.steps[i].after, _other(ctx.steps[i].color), 1),
                                 tag=f"[%error {text}]"))
            else:
                step = ctx.steps[ctx.focus]
                b = step.before if step is not None else ctx.start
                legal = {b.move_text(x): x for x in b.legal_moves()}
                out.append(Claim("error", text, "" if text in legal else f"{text} não é lance possível ali",
                                 tag=f"[%error {text}]"))
        return out

    def safe(self, s):
        """«em vez de M, N era seguro»: N is legal where M was played (a trap: the
        victim's last move) and leaves the opponent no forced gain of material."""
        out = []
        m = re.search(r"\b(?:em\s+vez\s+de|no\s+lugar\s+de)\b", s, re.IGNORECASE)
        if not m or not re.search(r"\bsegur[oa]\b", s, re.IGNORECASE):
            return out
        named = self.move_re.findall(s[m.end():])
        if len(named) < 2:
            return [Claim("safe", m.group(0), "diz que outro lance era seguro sem nomear os dois lances",
                          tag="[%safe]")]
        bad, good = named[0], named[1]
        board = self.ctx.before_start
        if board is None or board.move_text(self._last_reached()) != bad:
            return [Claim("safe", bad, f"{bad} não é o último lance da partida que levou à posição",
                          tag=f"[%safe {good} after {bad}]")]
        if good not in self.ctx.alternatives:
            return [Claim("safe", good, f"{good} não é lance possível no lugar de {bad}",
                          tag=f"[%safe {good}] [%error {bad}]")]
        return [Claim("safe", good, _safe(board, good, self.ctx.puzzle), tag=f"[%safe {good}] [%error {bad}]")]

    def _last_reached(self):
        from damas.problems.puzzles import _tokens
        return self.ctx.before_start.parse_move(_tokens(self.ctx.puzzle.reached)[-1])

    def intent(self, s):
        """What a move does or was meant to do, read on the board after it:
        «(M) ataca a pedra de X» (its side, if it were to move again, would have a
        capture that takes X), «apoia a pedra de X» (it lands right behind a piece
        of its own side on X), «encosta na pedra de X» (it lands next to an
        opponent's piece on X), «ocupa a casa X» (it lands on X).  The move is the
        one named just before the words, or, in a trap after «queria(m)», the
        victim's last move."""
        out = []
        pat = re.compile(rf"\b(atac\w*|ameaç\w*\s+tomar|apoi\w*|encost\w*(?:\s+mais\s+uma\s+pedra)?|ocup\w*)\s+"
                         rf"(?:na|a)\s+(?:(pedra|dama)(?:\s+(?:branca|preta))?\s+de|casa)\s+({self.sq})", re.IGNORECASE)
        for m in pat.finditer(s):
            verb, x = m.group(1).lower(), self.square(m.group(3))
            move, before = self._move_before(s, m.start())
            if move is None:
                out.append(Claim("intent", m.group(0), "não há lance a que a frase se refira", tag="[%attacks]"))
                continue
            after = before.copy(stack=False)
            after.push(move)
            mover = before.turn
            err = ""
            if verb.startswith("ocup"):
                if move.end != x:
                    err = f"{before.move_text(move)} não vai para {m.group(3)}"
            elif verb.startswith(("atac", "ameaç")):
                if not any(x in c.captured for c in _captures(after, mover)):
                    err = f"depois de {before.move_text(move)} nenhuma tomada das {_NAME[mover]} levaria a peça de {m.group(3)}"
            else:
                piece = after.piece_at(x)
                (r1, c1), (r2, c2) = self.v.square_to_rc(move.end), self.v.square_to_rc(x)
                near = abs(r1 - r2) == 1 and abs(c1 - c2) == 1
                forward = -1 if after.variant.promotion_row(mover) < r1 else 1
                if verb.startswith("apoi"):
                    if not (near and piece is not None and piece.color == mover and r2 - r1 == forward):
                        err = f"{before.move_text(move)} não põe uma pedra logo atrás da pedra de {m.group(3)}"
                elif not (near and piece is not None and piece.color != mover):
                    err = f"{before.move_text(move)} não encosta numa peça adversária em {m.group(3)}"
            kind = ("move" if verb.startswith("ocup") else "attacks" if verb.startswith(("atac", "ameaç"))
                    else "supports" if verb.startswith("apoi") else "touches")
            mt = before.move_text(move)
            out.append(Claim("intent", m.group(0), err,
                             tag=f"[%move {mt}]" if kind == "move" else f"[%{kind} {mt} {m.group(3)}]"))
        return out

    def _move_before(self, s, pos):
        """The move named last before ``pos`` in the sentence and the position it is
        played in (a move of the line, of the game that reached the position, or
        of a game's note); else, after «queria(m)», the victim's last move."""
        named = [mm.group(1) for mm in self.move_re.finditer(s[:pos])]
        for text in reversed(named):
            i = self.ctx.find(text, 0 if self.ctx.focus is None else self.ctx.focus)
            if i is not None:
                return self.ctx.steps[i].move, self.ctx.steps[i].before
            for before, mv in reversed(self.ctx.history):
                if before.move_text(mv) == text:
                    return mv, before
        if self.ctx.focus is not None:
            st = self.ctx.steps[self.ctx.focus]
            return st.move, st.before
        if self.ctx.before_start is not None and re.search(r"\bquer\w*\b", s[:pos], re.IGNORECASE):
            return self._last_reached(), self.ctx.before_start
        return None, None

    def material(self, s):
        out = []
        end = self.ctx.end
        c = _counts(end)
        c0 = _counts(self.ctx.start if self.ctx.focus is None else self.ctx.steps[self.ctx.focus].before)
        at_end = re.search(r"\b(?:no\s+fim|termina\w*|sobra\w*|resta\w*|fica\w*|deixa\w*|acaba\w*)\b", s, re.I)
        sides = [(x.start(), _SIDE[x.group(1).lower()]) for x in re.finditer(r"\b(brancas|pretas)\b", s, re.IGNORECASE)]

        def subject(pos):
            """The side a count at ``pos`` belongs to: the side named last before it
            («as brancas retomam uma, e as pretas terminam com ...»), else the first
            named after it («... a favor das pretas»), else the solver."""
            before = [c for at, c in sides if at < pos]
            after = [c for at, c in sides if at >= pos]
            return before[-1] if before else after[0] if after else self.ctx.solver

        def says(n_side, n_other, words, who):
            here = [c] if at_end or self.ctx.focus is not None else [c, c0]
            tag = f"[%material {who}{n_side} {_other(who)}{n_other}]"
            if any((cc[who], cc[_other(who)]) == (n_side, n_other) for cc in here):
                return Claim("material", words, tag=tag)
            return Claim("material", words, f"diz {words!r}, mas {'no fim ' if self.ctx.focus is None else ''}"
                         f"as {_NAME[who]} têm {c[who]} peças e as {_NAME[_other(who)]} {c[_other(who)]}", tag=tag)

        for m in re.finditer(rf"\b{_NUM}\s+(?:pedras?|peças?)\s+(à\s+frente|a\s+mais|a\s+menos)\b", s, re.IGNORECASE):
            if _THOUGHT.search(s[:m.start()].lower()):
                continue            # what someone thinks («o iniciante acha que duas pedras a menos é perder»)
            n = _num(m.group(1)) * (-1 if m.group(2).lower().endswith("menos") else 1)
            side = subject(m.start())
            lead = c[side] - c[_other(side)]
            out.append(Claim("material", m.group(0), "" if lead == n else
                             f"diz {m.group(0)!r}, mas {'no fim ' if self.ctx.focus is None else ''}as {_NAME[side]} "
                             f"têm {c[side]} peças e as {_NAME[_other(side)]} {c[_other(side)]}",
                             tag=f"[%material {side}{n:+d}]"))
        start = _counts(self.ctx.start)
        for m in re.finditer(rf"\b(cada\s+lado|brancas|pretas)\s+(?:já\s+)?(?:perdeu|perderam)\s+{_NUM}\s+(?:pedras?|peças?)",
                             s, re.IGNORECASE):
            who = {"brancas": [WHITE], "pretas": [BLACK]}.get(m.group(1).lower(), [WHITE, BLACK])
            n = _num(m.group(2))
            lost = {w: start[w] - c[w] for w in who}
            out.append(Claim("material", m.group(0), "" if all(v == n for v in lost.values()) else
                             f"diz {m.group(0)!r}, mas " + ", ".join(f"as {_NAME[w]} perderam {v}" for w, v in lost.items()),
                             tag="[%material " + " ".join(f"{w}{start[w] - n}" for w in who) + "]"))
        for m in re.finditer(rf"\b{_NUM}\s+(?:pedras?\s+|peças?\s+|damas?\s+)?(?:(brancas|pretas)\s+)?contra\s+"
                             rf"{_NUM}\b", s, re.IGNORECASE):
            who = _SIDE[m.group(2).lower()] if m.group(2) else subject(m.start())
            out.append(says(_num(m.group(1)), _num(m.group(3)), m.group(0), who))
        return out

    def takes(self, s):
        out = []
        pat = re.compile(rf"\b(?:toma|tomam|leva|levam|captura|capturam)(?:\s+em\s+linha|\s+de\s+volta|\s+para\s+trás)?"
                         rf"\s+(?:em\s+({self.sq})|a\s+(?:pedra|dama)(?:\s+(?:branca|preta))?\s+de\s+({self.sq}))"
                         rf"(?!\s+(?:a|até|para)\s+{self.sq})", re.IGNORECASE)
        for m in pat.finditer(s):
            x = self.square(m.group(1) or m.group(2))
            named = [self.ctx.steps[i].move for _, i in self.named_steps(s)]
            pool = [mv for mv in named if mv.is_capture]
            if not pool:
                pool = ([self.ctx.steps[self.ctx.focus].move] if self.ctx.focus is not None else
                        [st.move for st in self.ctx.steps[self.pointer:]]) 
                pool = [mv for mv in pool if mv.is_capture] or [st.move for st in self.ctx.steps if st.move.is_capture]
            ok = any(x in mv.captured for mv in pool)
            mv = next((mv for mv in pool if x in mv.captured), pool[0] if pool else None)
            tag = "" if mv is None else self._takes_tag(mv, None if ok else [x])
            out.append(Claim("takes", m.group(0), "" if ok else
                             f"diz que se toma a peça de {self.name(x)}, mas nenhuma tomada citada a leva"
                             + (" (é a casa onde a tomada termina)" if any(mv.end == x for mv in pool) else ""),
                             tag=tag))
        out.extend(self._takes_many(s))
        out.extend(self._capture_path(s))
        return out

    def _takes_tag(self, mv, squares=None):
        """The %takes tag of the capture ``mv`` of the line (the squares it takes, or ``squares``)."""
        i = next((i for i, st in enumerate(self.ctx.steps) if st.move == mv), None)
        text = self.ctx.steps[i].text if i is not None else str(mv)
        squares = mv.captured if squares is None else squares
        return f"[%takes {text} " + " ".join(self.name(x) for x in sorted(squares)) + "]"

    def gain(self, s):
        out = []
        pat = re.compile(rf"\b(brancas|pretas)\s+(?:jogam\s+e\s+)?(?:ganham|ganhavam)\s+{_NUM}\s+(?:pedras?|peças?)"
                         rf"\s+à\s+força|\b(brancas|pretas)\s+(?:já\s+)?não\s+evitam\s+a\s+perda\s+de\s+{_NUM}\s+pedras?",
                         re.IGNORECASE)
        for m in pat.finditer(s):
            if m.group(1):
                side, n = _SIDE[m.group(1).lower()], _num(m.group(2))
            else:
                side, n = _other(_SIDE[m.group(3).lower()]), _num(m.group(4))
            b = self.ctx.start if self.ctx.focus is None else self.ctx.steps[self.ctx.focus].after
            out.append(Claim("gain", m.group(0), _forced_gain(b, side, n, self.ctx.puzzle), tag=f"[%gain {side}{n}]"))
        return out

    def balance(self, s):
        out = []
        m = re.search(r"\bmant(?:inha|ém|eria)\s+o\s+equilíbrio\b", s, re.IGNORECASE)
        if m and self.ctx.focus is not None:
            b = self.ctx.steps[self.ctx.focus].after
            out.append(Claim("balance", m.group(0), level(b), tag="[%level]"))
        elif m:
            out.append(Claim("balance", m.group(0), "diz que o equilíbrio se mantém, mas não há lance comentado",
                             tag="[%level]"))
        return out


_THOUGHT = re.compile(r"\b(?:acha|pensa|julga|teme)m?\s+que\b")
_TRIGGERS = re.compile(r"obrigad[ao]s?\s+a\s+tom|tomada\s+obrigatória|único\s+lance|única\s+(?:tomada|jogada|resposta)|"
                       r"só\s+pode\s+(?:ir|andar|jogar|sair)|não\s+pode\s+ser\s+tomad|não\s+(?:tem|têm)\s+(?:nenhum\s+)?lance|\berro\b|à\s+frente|"
                       r"(?:pedras?|peças?)\s+a\s+(?:mais|menos)|perde(?:u|ram)\s+(?:\d|uma|duas|três|quatro)|\bcontra\s+(?:\d|um|uma|dois|duas|três|quatro|cinco|seis|sete|"
                       r"oito|nenhuma)|toma\s+em\s+[a-h]?\d|toma\s+a\s+(?:pedra|dama)\s+de|se\s+entrega|se\s+oferece|"
                       r"(?:entrega|oferece)m?\s+a\s+(?:pedra|dama)|equilíbrio|"
                       r"ganham\s+\w+\s+(?:pedras?|peças?)\s+à\s+força|não\s+evitam|"
                       r"(?:é|era|fica)\s+(?:a\s+)?obrigatóri[ao]\b|(?:entrega|oferece)m?\s+(?:uma|outra)\s+(?:pedra|dama|peça)|"
                       r"(?:entrega|oferece)m?\s+(?:duas|três|quatro|cinco|\d+)\s+(?:pedras|peças)|"
                       r"\b(?:dois|duas|três|quatro|cinco|seis|sete|oito)\s+por\s+(?:um|uma|dois|duas|três|quatro)\b")
def _kinds_of(word):
    """The kinds of claim a trigger word belongs to (a sentence that uses it must be read by one of them)."""
    w = word
    if " por " in w:
        return ("material",)
    if "obrigad" in w or "obrigatóri" in w:
        return ("forced",)
    if "únic" in w:
        return ("forced",)
    if "só pode" in w or "lance" in w or "ser tomad" in w:
        return ("only",)
    if "erro" in w:
        return ("error",)
    if "frente" in w or "a mais" in w or "a menos" in w or "contra" in w or "perde" in w:
        return ("material",)
    if "toma" in w:
        return ("takes",)
    if "entrega" in w or "oferece" in w:
        return ("sacrifice",)
    if "equilíbrio" in w:
        return ("balance",)
    return ("gain",)


# ---------------------------------------------------------------------------
# Entry points
# ---------------------------------------------------------------------------
_CONTEXT = instance_spec("damas.problems.claim_facts.Context", "o contexto de um comentário (puzzle_context)")


@checked(ctx=_CONTEXT, comment=text_spec())
def read_comment(ctx: Context, comment: str) -> tuple:
    """Read ``comment`` in ``ctx``: (claims, unread), where ``unread`` lists
    (sentence, words) for words of a claim kind that no reader could read."""
    r = _Reader(ctx)
    claims, unread = [], []
    for sentence in _sentences(comment):
        cs, un = r.read(sentence)
        claims.extend(cs)
        unread.extend((sentence, w) for w in un)
    return claims, unread


@checked(ctx=_CONTEXT, comment=text_spec())
def comment_problems(ctx: Context, comment: str) -> list:
    """Every false claim and every unread sentence of ``comment``, as
    Portuguese messages ([] when the comment holds)."""
    claims, unread = read_comment(ctx, comment)
    out = [f"{c.words!r}: {c.error}" for c in claims if c.error]
    out += [f"não sei ler {w!r} em {s!r}" for s, w in unread]
    return out


@checked(proof=optional(PROOF))
def puzzle_problems(puzzle, proof=None) -> list:
    """Every problem of a collection problem's comment: the claims read by
    meaning (:func:`comment_problems`) and the shape checks of
    :func:`damas.problems.themes.comment_errors` (themes, "N por M", moves
    named, where a piece stops)."""
    from damas.problems.themes import comment_errors
    ctx = puzzle_context(puzzle, proof)
    return (comment_errors(ctx.start, puzzle.solution_moves(), puzzle.comment, ctx.proof.tree, puzzle.reached)
            + comment_problems(ctx, puzzle.comment))


@checked(game=PDN_GAME)
def game_problems(game) -> list:
    """(where, message) for every false or unread claim of a game's notes."""
    out = []
    for ctx, comment in game_contexts(game):
        where = ("nota inicial" if ctx.focus is None else
                 f"{ctx.focus // 2 + 1}{'.' if ctx.steps[ctx.focus].color == WHITE else '...'} "
                 f"{ctx.steps[ctx.focus].text}")
        out.extend((where, e) for e in comment_problems(ctx, comment))
    return out

"""Chapter 09 — Finais: what ``notebooks/09_Finais.ipynb`` uses.

The endings as the endgame database counts them (:mod:`damas.course.kit.forcada`, shared with
chapter 14), the database's verdict on a position in words (:func:`endgame_sentence`), and the
drills on the forçada (three kings against one), judged by the endgame database, with the
challenge against the database's longest defence.

The notebook imports it whole (``from damas.course.chapters.ch09_finais import *``): ``__all__``
is what the notebook calls, its own helpers and the kit's pieces it uses; the other public names
serve the tests.

>>> from damas.course.chapters.ch09_finais import EndgameDrill
>>> drill = EndgameDrill()        # in a notebook: the board and the task  # doctest: +SKIP
>>> drill.play("d6-b4")           # or a click on the board               # doctest: +SKIP

The drills are graded: first the final trap (the triangle of Petrov against
a king on the desvio), then the middle of the method, then the whole ending
from Ruiz Montero's position and from the longest resistance.  The student
moves the white kings (the black king is locked); after each move the
database judges it (:mod:`damas.engine.endgames`):

* a move that keeps the win is accepted, however long the win it keeps; the
  defender then answers with the longest defence;
* a move that throws the win away is taken back, and the message shows the
  line that saves the black king.

The challenge (``EndgameDrill(challenge=True)``) starts from the position of
the longest resistance; no move is taken back, the black king defends as long
as it can, and the game (:class:`damas.rules.game.Game`, behind the widget) counts
the 20-move limit of the Brazilian game: catch the king before it, or the game
is drawn.  The drills won are saved in the student's progress file, like the problems of
the trainer (``finais/forcada`` for the drills of :data:`DRILLS`, ``finais/desafio`` for the
challenge), and a drill made again starts with them counted.  Everything is also a Python method (``play``, ``restart``,
``next``, ``load``), so tests drive it without a browser.  This module imports
the widget (ipywidgets, anywidget) only when a drill is made.
"""

from __future__ import annotations

from dataclasses import dataclass
import hashlib

from damas.course.kit import forcada
from damas.course.kit import store as _store
from damas.course.kit.chapter_texts import chapter_quiz, chapter_stage
from damas.course.kit.classmate import classmate_section
from damas.course.kit.sentences import Sentence, plural, winners_moves
from damas.course.kit.stage_tests import stage_test
from damas.course.kit.words import COLOR
from damas.course.kit.words import TEXTS as COURSE_TEXTS
from damas.engine import endgames
from damas.rules.args import checked, flag, refuse, whole_spec
from damas.rules.board import BLACK, WHITE, Board
from damas.rules.notation import numbered_line, shown

__all__ = ["Board", "prepare", "chapter_stage", "position_picture", "endgame_sentence", "lines_picture", "stages_picture", "stage_check", "drill",
           "challenge", "chapter_quiz", "stage_test", "classmate_section", "tables", "resistance_sentence", "resistance_picture",
           "resistance_counts", "long_diagonal_counts", "two_kings_counts", "two_kings_picture",
           "king_against_men_counts", "corner_counts", "corner_picture", "teacher_check"]

# (group, title, FEN); every position is won for White (checked in the tests).
DRILLS = (
    ("A armadilha final", "Triângulo de Petrov, dama preta em a5", "W:WKc3,Kd6,Ke3:BKa5"),
    ("A armadilha final", "Triângulo de Petrov, dama preta em h4", "W:WKc3,Kd6,Ke3:BKh4"),
    ("A armadilha final", "Triângulo de Petrov, dama preta em d8", "W:WKc3,Kd6,Ke3:BKd8"),
    ("O meio da forçada", "Grande diagonal, bi-diagonal e tri-diagonal", "W:WKa1,Kc5,Kf4:BKd8"),
    ("O meio da forçada", "As duas linhas da bi-diagonal", "W:WKa1,Kd4,Kh2:BKd8"),
    ("A forçada inteira", "A posição de Ruiz Montero (1591)", "W:WKa1,Kb2,Kc3:BKb8"),
    ("A forçada inteira", "A posição de Petrov (1827)", "W:WKa1,Kc1,Ke1:BKf8"),
)

TEXTS = {
    "task": "{group} — {title}. Brancas jogam e pegam a dama preta.",
    "challenge": ("Desafio: pegue a dama preta antes do fim dos 20 lances da regra da forçada. "
                  "A dama preta se defende o melhor possível."),
    "good": "Bom lance: a vitória continua ({left}, contando os dois lados). {reply}",
    "reply": "As pretas responderam {move}.",
    "won": "Você pegou a dama preta! Vitória das brancas em {moves} lances.",
    "thrown": ("Esse lance deixa a dama preta escapar: depois de {move}, ela se salva com {line}. "
               "Tente de novo."),
    "thrown_loses": "Esse lance perde: depois de {move}, as pretas vencem com {line}. Tente de novo.",
    "draw": "Empate: {reason}",
    "escaped": ("A dama preta escapou: com a melhor defesa dela, agora é empate. {reply} "
                "Continue até o fim da regra dos 20 lances ou recomece."),
    "done": "Este exercício já terminou. Passe ao próximo ou recomece.",
    "progress": "Resolvidos: {solved} de {n}.",
}


def good_text(left: int, reply_text: str) -> str:
    """The verdict on a move that keeps the win: how many lances are left (both sides counted)
    and the reply played."""
    return TEXTS["good"].format(left=("falta " if left == 1 else "faltam ") + plural(left, "lance", "lances"),
                                reply=TEXTS["reply"].format(move=reply_text))


@dataclass
class Verdict:
    """The database's judgement of a move: ``status`` is 'good' (the win
    goes on), 'won' (the king is caught), 'thrown' (the move was taken back;
    ``line`` is the defender's saving line), 'escaped' (challenge: a slip let
    the king escape, the game goes on) or 'draw' (the challenge ended by a
    draw rule); ``message`` is what the student reads."""

    status: str
    message: str
    reply: object = None
    line: tuple = ()


class EndgameDrill:
    """The drills (or, with ``challenge=True``, the challenge) on a
    :class:`damas.widget.board.BoardWidget`."""

    def __init__(self, drills=DRILLS, index: int = 0, challenge: bool = False):
        flag(challenge, "challenge")
        if not isinstance(drills, (list, tuple)) or not all(
                isinstance(d, (list, tuple)) and len(d) == 3 and all(isinstance(x, str) for x in d) for d in drills):
            raise refuse("drills", "uma lista de exercícios (grupo, título, FEN), textos", drills)
        count = 1 if challenge else len(drills)
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < count:
            raise endgames.EndgameError(f"Exercício inexistente: {shown(index)}; há {count}, "
                                        f"numerados de 0 a {count - 1}.")
        self.challenge = bool(challenge)
        if self.challenge:
            from damas.course.kit.forcada import longest_resistance
            start = longest_resistance()["board"].fen()
            self.drills = (("Desafio", "A resistência mais longa", start),)
        else:
            self.drills = tuple(drills)
        if not self.drills:
            raise endgames.EndgameError("EndgameDrill espera ao menos um exercício.")
        for group, title, fen in self.drills:
            value, _ = endgames.probe(Board(fen), progress=False)
            if value != 1:
                raise endgames.EndgameError(f"O exercício {title!r} não é uma vitória de quem joga: {fen}.")
        from damas.widget.board import BoardWidget  # ipywidgets/anywidget only when a drill is made
        # An exercise board: no «Desfazer», «Nova partida» or set-up (no move is taken back in the
        # challenge); when a drill is over it offers «Tentar de novo» and «Próximo».
        self.widget = BoardWidget(Board(self.drills[0][2]), exercise=True)
        self.widget.on_move(self._on_move)
        self.widget.on_action("retry", self.restart)
        self.widget.on_action("next", self.next)
        self.solved = set()
        self.verdict = None
        self.progress_error = None
        self._progress_line = None
        self.key = self._key()
        store = _store._progress()
        if isinstance(store, Exception):
            self.progress_error = store
        else:
            self.solved.update(i for i in store.solved(self.key) if i < len(self.drills))
        self.load(index)

    # -- navigation ---------------------------------------------------------------
    def load(self, index: int) -> None:
        if not isinstance(index, int) or not 0 <= index < len(self.drills):
            raise endgames.EndgameError(f"Exercício inexistente: {shown(index)}; há {len(self.drills)}, "
                             f"numerados de 0 a {len(self.drills) - 1}.")
        self.index = index
        self.restart()

    def restart(self) -> None:
        w = self.widget
        w.unlock()
        w.set_fen(self.drills[self.index][2])
        w.lock(BLACK)
        self.verdict = None
        w.show_message(self.task_text())

    def next(self) -> None:
        self.load(min(self.index + 1, len(self.drills) - 1))

    def task_text(self) -> str:
        if self.challenge:
            return TEXTS["challenge"]
        group, title, _ = self.drills[self.index]
        return f"Exercício {self.index + 1} de {len(self.drills)}: " + TEXTS["task"].format(group=group, title=title)

    def _key(self) -> str:
        """Where the drills won are saved."""
        if self.challenge:
            return "finais/desafio"
        if self.drills == DRILLS:
            return "finais/forcada"
        fens = "\n".join(fen for _, _, fen in self.drills)
        return "finais/" + hashlib.sha1(fens.encode("utf-8")).hexdigest()[:10]

    def progress_text(self) -> str:
        """How many drills are won, in Portuguese (and, if it happens, why they are not saved)."""
        text = TEXTS["progress"].format(solved=len(self.solved), n=len(self.drills))
        if self.progress_error is not None:
            text += " " + COURSE_TEXTS["problem_not_saved"].format(error=self.progress_error)
        return text

    def _save(self) -> None:
        from damas.course.kit.progress import ProgressError
        store = _store._progress()
        try:
            if isinstance(store, ProgressError):
                raise store
            store.record_solved(self.key, self.index)
        except ProgressError as error:   # the drill goes on, unsaved, and says so
            self.progress_error = error
        if self._progress_line is not None:
            from html import escape
            self._progress_line.value = escape(self.progress_text())

    @property
    def board(self) -> Board:
        return self.widget.board

    # -- moves ----------------------------------------------------------------------
    def play(self, move) -> Verdict:
        """Play the student's ``move`` (Move or text) as if made on the board;
        returns the verdict."""
        if self.verdict is not None and self.verdict.status in ("won", "draw"):
            self.widget.show_message(TEXTS["done"], "info")
            return self.verdict
        before = len(self.widget.game.moves)
        self.widget.play(move)
        if len(self.widget.game.moves) == before + 1:
            self._judge()
        return self.verdict

    def _on_move(self, event):
        if event.by != "click":
            return  # the drill's own replies, and play() which judges itself
        self._judge()

    def _judge(self):
        w = self.widget
        board = w.board
        move = board.peek()
        game = w.game
        result = game.result()
        if result.score == "2-0":
            self.solved.add(self.index)
            self._save()
            return self._say(Verdict("won", TEXTS["won"].format(moves=_white_moves(game))), "success")
        value, plies = endgames.probe(board, progress=False)
        if value != -1 and not self.challenge:
            line = tuple(endgames.best_line(board, 6))
            text = TEXTS["thrown_loses" if value == 1 else "thrown"].format(
                move=_move_text(game, move), line=numbered_line(board, line))
            w.undo()
            return self._say(Verdict("thrown", text, line=line), "error")
        if result.score is not None:  # a draw rule of the Game (challenge)
            return self._say(Verdict("draw", TEXTS["draw"].format(reason=result.reason)), "error")
        # the defender's longest defence (or, after a slip in the challenge, a saving move)
        reply = endgames.best_moves(board)[0]
        reply_text = board.move_text(reply)
        w.play(reply)
        result = game.result()
        if result.score is not None and result.score != "2-0":
            return self._say(Verdict("draw", TEXTS["draw"].format(reason=result.reason), reply), "error")
        value, left = endgames.probe(w.board, progress=False)
        if value != 1:  # the challenge: a slip let the king escape
            text = TEXTS["escaped"].format(reply=TEXTS["reply"].format(move=reply_text))
            return self._say(Verdict("escaped", text, reply), "error")
        text = good_text(left, reply_text)
        return self._say(Verdict("good", text, reply), "info")

    def _say(self, verdict, kind):
        self.verdict = verdict
        self.widget.show_message(verdict.message, kind)
        return verdict

    # -- display ------------------------------------------------------------------------
    def box(self):
        """The task, the board and the buttons (Recomeçar, Próximo)."""
        import ipywidgets as ipw
        restart = ipw.Button(description="Recomeçar")
        restart.on_click(lambda _: self.restart())
        items = [restart]
        if not self.challenge and len(self.drills) > 1:
            nxt = ipw.Button(description="Próximo")
            nxt.on_click(lambda _: self.next())
            items.append(nxt)
        from html import escape
        self._progress_line = ipw.HTML(escape(self.progress_text()))
        return ipw.VBox([self.widget, ipw.HBox(items), self._progress_line])

    def _ipython_display_(self):  # pragma: no cover - needs a notebook front end
        # The box, plus a static picture of the board for a page with no kernel
        # or an untrusted notebook (damas/display/output.py).
        from damas.display.output import show_widget
        from damas.display.svg import board_svg
        show_widget(self.box(), board_svg(self.widget.board, flipped=self.widget.flipped), None, text=repr(self))

    def __repr__(self):
        kind = "desafio" if self.challenge else f"exercício {self.index + 1} de {len(self.drills)}"
        return f"<EndgameDrill {kind}: {self.board.fen()}>"


def _white_moves(game) -> int:
    return (len(game.moves) + 1) // 2  # every drill starts with White to move


def _move_text(game, move):
    b = game.board.copy()
    b.pop()
    return b.move_text(move)


def endgame_sentence(board) -> Sentence:
    """What the endgame database says of ``board``: «As brancas jogam e vencem em 1 lance.»; the
    distance counts the winner's lances."""
    value, plies = endgames.probe(board)
    side = COLOR[board.turn]
    if value == 0:
        return Sentence(f"As {side} jogam: é empate, com o melhor jogo dos dois lados.")
    n = plural(winners_moves(value, plies), "lance", "lances")
    if value > 0:
        return Sentence(f"As {side} jogam e vencem em {n}.")
    if plies == 0:
        return Sentence(f"As {side} não têm lance: perderam (regra 7.2).")
    other = COLOR["B" if board.turn == "W" else "W"]
    return Sentence(f"As {side} jogam e perdem: as {other} vencem em {n}.")



# -- what the notebook shows (one call a cell) -------------------------------------------------------------
def prepare() -> None:
    """Build (or read from the disk) every 8x8 table the chapter asks, so that its cells answer at once."""
    forcada.load()


def position_picture(board, title=None, line=None):
    """``board`` as the chapter draws an ending (with the moves of ``line``, if given)."""
    return forcada.picture(board, title=title, line=line)


def lines_picture():
    """The four lines of the Brazilian board that the forçada's method names."""
    return forcada.lines_row()


@checked(number=whole_spec(1, len(forcada.STAGES)))
def stage(number: int):
    """The diagram of stage ``number`` (1 to 5) of the method: its formation, its lines, its move."""
    return forcada.stage_figure(forcada.STAGES[number - 1])


def stages_picture(size: int = 200):
    """The five stages of the method side by side, as a strip the student reads from left to right
    (each diagram titled «Etapa N», with its lines coloured and its move drawn)."""
    from damas.display.output import img_tag
    return forcada.Html("".join(
        "<div style='display:inline-block;margin:4px;vertical-align:top'>"
        f"{img_tag(forcada.stage_figure(st, size))}</div>" for st in forcada.STAGES))


@checked(number=whole_spec(1, len(forcada.STAGES)))
def stage_check(number: int):
    """Stage ``number`` with what the database says of it: every position of the stage won, and the
    move shown keeps the win."""
    return forcada.stage_report(number)


def drill():
    """The drills on the forçada, judged by the database."""
    return EndgameDrill()


def challenge():
    """The challenge: the longest resistance, with the 20-move limit."""
    return EndgameDrill(challenge=True)


def tables():
    """The tables of the Brazilian game (8x8): each ending, with its positions counted."""
    return forcada.tables_summary("brazilian")


def _counts_sentence(counts: dict, what: str, win: str, loss: str) -> Sentence:
    from damas.display.numbers import integer_text as n
    return Sentence(f"{what}: {n(counts['positions'])} posições; {n(counts['draws'])} empates, "
                    f"{n(counts['losses'])} {loss} e {n(counts['wins'])} {win}.")


def resistance_sentence() -> Sentence:
    """The longest win of three kings against one off the long diagonal, in the winner's lances."""
    found = forcada.longest_resistance()
    return Sentence(f"Na vitória mais longa, as brancas precisam de {found['moves']} lances; nunca mais do que isso.")


def resistance_picture():
    """One of the positions of the longest resistance, with the best line (the defence that lasts
    longest, the quickest attack)."""
    found = forcada.longest_resistance()
    return forcada.picture(found["board"], title=f"Brancas jogam e vencem em {found['moves']} lances",
                           line=found["line"])


def resistance_counts() -> Sentence:
    """How many positions with the lone king off the long diagonal (White to move) are won."""
    from damas.display.numbers import integer_text as n
    c = forcada.longest_resistance()["counts"]
    return Sentence(f"{n(c['positions'])} posições: {n(c['wins'])} vitórias das brancas, {n(c['draws'])} empates.")


def long_diagonal_counts() -> Sentence:
    """The lone king on the long diagonal, no white king on it, Black to move: almost all drawn."""
    c = forcada.long_diagonal()
    text = _counts_sentence(c, "Dama preta na grande diagonal", "vitórias dela", "derrotas da dama preta")
    return Sentence(f"{text} A derrota mais longa: as brancas vencem em {c['loss_moves']} lances.")


def two_kings_counts() -> Sentence:
    """Two kings against one, the lone king to move: draws, losses (short) and wins."""
    c = forcada.two_kings()
    text = _counts_sentence(c, "Duas damas contra uma", "vitórias dela", "derrotas da dama sozinha")
    return Sentence(f"{text} A derrota mais longa: as brancas vencem em {c['loss_moves']} lances.")


def two_kings_picture():
    """The longest loss of the lone king against two kings, with its line."""
    board = Board(forcada.two_kings()["longest_loss"])
    return forcada.picture(board, title="Pretas jogam e perdem", line=endgames.best_line(board))


def king_against_men_counts() -> Sentence:
    """One king against one man and against two men (the king to move)."""
    from damas.display.numbers import integer_text as n
    lines = []
    for what, c in forcada.king_against_men().items():
        lines.append(f"Contra {what}: {n(c['positions'])} posições, {n(c['wins'])} vitórias da dama, "
                     f"{n(c['draws'])} empates, {n(c['losses'])} derrotas.")
    return Sentence("\n".join(lines))


def corner_counts() -> Sentence:
    """The king in a corner of the long diagonal against two men, the king to move: how many are lost."""
    from damas.display.numbers import integer_text as n
    c = forcada.corner_trap()
    return Sentence(f"Dama em a1 ou h8 contra 2 pedras, a dama joga: {n(c['losses'])} posições perdidas "
                    f"de {n(c['positions'])}.")


def corner_picture():
    """The longest loss of the king caught in the corner, with its line."""
    board = Board(forcada.corner_trap()["longest_loss"])
    return forcada.picture(board, title="Pretas jogam e perdem", line=endgames.best_line(board))


def teacher_check() -> Sentence:
    """What the chapter says, checked by the database: 13 lances at most off the long diagonal (within
    the 20 of the Brazilian rules), the long diagonal drawn in more than 95 positions in 100, two kings
    drawn in more than 90 in 100 with short losses, the king never losing to one man, the corner king
    leaving only by the long diagonal and caught by a sacrifice, every stage of the method won;
    then the quiz."""
    from damas.course.kit.exercises import check_items
    found = forcada.longest_resistance()
    assert found["moves"] == 13 and found["line"][21].is_capture and found["line"][23].is_capture
    assert found["moves"] <= Board("brazilian").variant.draw_rules["endgames"][0]["moves"]
    diagonal = forcada.long_diagonal()
    assert diagonal["draws"] > 0.95 * diagonal["positions"]
    two = forcada.two_kings()
    assert two["draws"] > 0.9 * two["positions"] and two["max_loss"] <= 8
    assert forcada.king_against_men()["1 pedra"]["losses"] == 0
    corner = Board(forcada.corner_trap()["longest_loss"])
    trap = endgames.best_line(corner)
    assert all(move.end in forcada.line_squares("grande diagonal") for move in corner.legal_moves())
    assert trap[2].is_capture and trap[3].is_capture and len(trap) == 4
    assert all(forcada.check_stage(s)["all_won"] and forcada.check_stage(s)["keeps_win"] for s in forcada.STAGES)
    return check_items(chapter_quiz("09"))

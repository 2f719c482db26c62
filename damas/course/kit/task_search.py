"""The goal of a board task and its proofs: when it is done, the fewest moves, the opponent's defence.

A task (:class:`damas.course.kit.tasks.BoardTask`) has one goal.  In some the other side's pieces
stand still and only the student moves («solo»: after each move the turn comes back); in the others
the other side answers every move with its best defence («versus»), played by :meth:`TaskGoal.defence`.

Solo goals:

- ``capture_all``: no piece of the other side is left;
- ``promote``: the student has a king more than at the start;
- ``reach``: a piece of the student stands on the ``target`` square;
- ``capture``: one capture, the one the majority law allows (every legal move is one);
- ``only_capture``: one move, the only legal one, a capture («ache a única tomada»).

Versus goals (the other side moves too; a position where the other side, to move, cannot move is a
win, regra 7.2, and meets every goal; a position where the student, to move, cannot move fails it):

- ``win``: the other side has no piece or no move left;
- ``material``: the student is ``gain`` pieces better off than at the start (its pieces minus the
  other side's), in a position where the side to move has no capture pending;
- ``stop``: «não deixe a pedra passar»: the other side (no king at the start) has no man left, or
  no move, and never made a king: a king of the other side fails the task.

The search: solo goals by a breadth-first search over the student's moves; versus goals by an
AND-OR search (one move of the student must work, every reply of the other side must fail to stop
it) with a table of the positions proven and refuted, deepened one student move at a time, so
the first depth that works is the fewest moves against the best defence.  The defence
(:meth:`TaskGoal.defence`) is deterministic: a reply that fails the task at once, else one after
which the goal cannot be forced within the moves left, else the one that holds out longest; ties
go to the first in the board's order of moves.

Pure Python: every move is the board's (compulsory capture and the majority law apply).
"""

from __future__ import annotations

from collections import deque

from damas.rules.args import board as check_board, choice, whole
from damas.rules.board import BLACK, WHITE, Board

__all__ = ["SOLO_GOALS", "VERSUS_GOALS", "ALL_GOALS", "DONE", "FAILED", "OPEN", "TaskGoal"]

SOLO_GOALS = ("capture_all", "promote", "reach", "capture", "only_capture")
VERSUS_GOALS = ("win", "material", "stop")
ALL_GOALS = SOLO_GOALS + VERSUS_GOALS
ONE_MOVE_GOALS = ("capture", "only_capture")

DONE, FAILED, OPEN = "done", "failed", "open"

#: The most moves of the student the live board looks ahead when it chooses the defence.
DEFENCE_HORIZON = 8
#: The most positions one choice of the defence looks at: past them, the ranking of the last
#: look-ahead finished is used (a quick answer on any computer; the same answer every time).
DEFENCE_NODES = 4_000


class _OutOfBudget(Exception):
    pass


class TaskGoal:
    """The goal ``goal`` of a task that starts at ``start`` (the student is the side to move).

    ``target``: the square of a ``reach`` goal (a number); ``gain``: the pieces a ``material``
    goal asks for."""

    def __init__(self, start: Board, goal: str, target: int | None = None, gain: int = 1):
        check_board(start, "start")
        choice(goal, "goal", ALL_GOALS)
        if goal == "reach":
            whole(target, "target", 1, start.variant.squares)
        whole(gain, "gain", 1, 100)
        self.start = start.copy(stack=False)
        self.goal = goal
        self.side = start.turn
        self.other = BLACK if self.side == WHITE else WHITE
        self.versus = goal in VERSUS_GOALS
        self.target = target
        self.gain = gain
        self._kings0 = len(start.kings(self.side))
        self._balance0 = start.count(self.side) - start.count(self.other)
        self._table = {}      # position -> (fewest moves proven, most moves refuted)
        self._budget = None   # positions the current defence may still look at (None: no limit)

    # -- the rules of the goal ----------------------------------------------------------------
    def after(self, board: Board, move) -> Board:
        """The position after the student's ``move`` on a copy of ``board`` (solo: the turn
        given back to the student)."""
        board = board.copy(stack=False)
        board.push(move)
        if not self.versus:
            board.turn = self.side
        return board

    def status(self, board: Board, moves: int) -> str:
        """:data:`DONE`, :data:`FAILED` or :data:`OPEN` for ``board``, reached after ``moves``
        moves of the student."""
        goal = self.goal
        if goal in ONE_MOVE_GOALS:
            return DONE if moves >= 1 else OPEN
        if not self.versus:
            if goal == "capture_all":
                reached = board.count(self.other) == 0
            elif goal == "promote":
                reached = len(board.kings(self.side)) > self._kings0
            else:
                piece = board.piece_at(self.target)
                reached = piece is not None and piece.color == self.side
            if reached:
                return DONE
            return OPEN if board.legal_moves() else FAILED
        if goal == "stop" and board.kings(self.other):
            return FAILED
        legal = board.legal_moves()
        if not legal:
            return DONE if board.turn == self.other else FAILED
        if goal == "stop":
            return DONE if not board.men(self.other) else OPEN
        if goal == "material":
            quiet = not legal[0].is_capture
            balance = board.count(self.side) - board.count(self.other)
            return DONE if quiet and balance - self._balance0 >= self.gain else OPEN
        return OPEN

    # -- the search -------------------------------------------------------------------------
    def shortest(self, max_moves: int = 12):
        """The fewest moves of the student that do the task against the best defence, as a
        line of moves (the student's and, in a versus task, the replies between them), or None
        if it cannot be done within ``max_moves`` moves of the student."""
        if not self.versus:
            return self._solo_shortest(max_moves)
        n = self.distance(self.start, max_moves)
        if n is None:
            return None
        return self.line(n)

    def distance(self, board: Board, max_moves: int):
        """Versus: the fewest moves of the student (to move on ``board``) that force the goal
        against every defence, or None if more than ``max_moves`` are needed."""
        board = board.copy(stack=False)
        for n in range(1, max_moves + 1):
            if self._forced(board, n):
                return n
        return None

    def forced(self, board: Board, n: int) -> bool:
        """Versus: can the student (to move on ``board``) force the goal within ``n`` moves,
        whatever the other side replies?"""
        return self._forced(board.copy(stack=False), n)

    def _forced(self, board: Board, n: int) -> bool:
        if self._budget is not None:
            self._budget -= 1
            if self._budget < 0:
                raise _OutOfBudget
        student = board.turn == self.side
        if not student:           # the other side to move: every reply must leave a forced goal
            for move in board.legal_moves():
                board.push(move)
                state = self.status(board, 1)
                ok = state == DONE or (state == OPEN and self._forced(board, n))
                board.pop()
                if not ok:
                    return False
            return True
        if n <= 0:
            return False
        key = board.bitboards
        proven, refuted = self._table.get(key, (10 ** 6, 0))
        if proven <= n:
            return True
        if refuted >= n:
            return False
        result = False
        for move in board.legal_moves():
            board.push(move)
            state = self.status(board, 1)
            result = state == DONE or (state == OPEN and self._forced(board, n - 1))
            board.pop()
            if result:
                break
        # only positions with the student to move are kept (n counts the student's moves)
        proven, refuted = self._table.get(key, (10 ** 6, 0))
        self._table[key] = (min(proven, n), refuted) if result else (proven, max(refuted, n))
        return result

    def defence(self, board: Board, moves_left: int):
        """The other side's reply on ``board`` (the other side to move): one that fails the task
        at once, else one after which the goal cannot be forced within ``moves_left`` moves of the
        student (at most :data:`DEFENCE_HORIZON`), else the one that holds out longest; ties go
        to the first in the board's order.  The look-ahead deepens one move at a time; if a depth
        needs more than :data:`DEFENCE_NODES` positions, the ranking of the depth before is used
        (each choice starts with an empty table, so the same position gets the same reply).
        None if the other side has no move."""
        horizon = max(0, min(moves_left, DEFENCE_HORIZON))
        work = board.copy(stack=False)
        if not work.legal_moves():
            return None
        saved, self._table, self._budget = self._table, {}, DEFENCE_NODES
        try:
            best = self._ranked(work, 0)
            for depth in range(1, horizon + 1):
                try:
                    best = self._ranked(work, depth)
                except _OutOfBudget:
                    break
        finally:
            self._table, self._budget = saved, None
        return best

    def _ranked(self, work: Board, depth: int):
        """The defence's choice when it looks ``depth`` moves of the student ahead."""
        best = None
        for move in work.legal_moves():
            work.push(move)
            try:
                state = self.status(work, 1)
                if state == FAILED:
                    rank = (0, 0)
                elif state == DONE:
                    rank = (3, 0)
                else:
                    d = self.distance(work, depth)
                    rank = (1, 0) if d is None else (2, -d)
            finally:
                work.pop()
            if best is None or rank < best[0]:
                best = (rank, move)
        return best[1]

    def line(self, n: int) -> list:
        """Versus: the main line of a win in ``n`` moves: the student's first move that forces
        the goal soonest, the defence's reply, and so on."""
        board = self.start.copy(stack=False)
        out = []
        moves = 0
        while True:
            left = n - moves
            choice = None
            for move in board.legal_moves():
                board.push(move)
                state = self.status(board, 1)
                ok = state == DONE or (state == OPEN and self._forced(board, left - 1))
                board.pop()
                if ok:
                    choice = move
                    break
            if choice is None:
                return out
            played = board.push(choice)
            out.append(played)
            moves += 1
            if self.status(board, moves) != OPEN:
                return out
            reply = self.defence(board, n - moves)
            out.append(board.push(reply))
            if self.status(board, moves) != OPEN:
                return out

    def _solo_shortest(self, max_moves):
        start = self.start.copy(stack=False)
        seen = {start.bitboards}
        queue = deque([(start, [])])
        while queue:
            board, line = queue.popleft()
            if len(line) >= max_moves:
                continue
            for move in board.legal_moves():
                after = self.after(board, move)
                state = self.status(after, len(line) + 1)
                if state == DONE:
                    return line + [move]
                if state == OPEN and after.bitboards not in seen:
                    seen.add(after.bitboards)
                    queue.append((after, line + [move]))
        return None

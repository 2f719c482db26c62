"""The PDN move tree and the facts both halves of PDN share: the error,
the results, the strength marks and the limits of the numbers read.

A game's moves are a :class:`PDNLine` of :class:`PDNNode` (a move's text, its
comments, marks and variations); the tree may nest to any depth and is walked
with an explicit stack (:func:`_run`, :func:`_same_tree`), never by recursion.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable, Iterator
from typing import TYPE_CHECKING, Any, TypeVar, cast, overload

from damas.errors import PDNError  # PDNError lives in damas.errors (the fact tags raise it too)
from damas.rules.values import refuse, whole
from damas.rules.move import Move

if TYPE_CHECKING:
    from damas.rules.pdn_facts import Fact

T = TypeVar("T")

__all__ = ["PDNError", "PDNLine", "PDNNode", "RESULTS", "MARKS", "FORCED_NAG", "LARGEST_NUMBER",
           "LARGEST_NAG"]


# Results accepted in the move text; the first three are the FMJD ones.
RESULTS = ("2-0", "0-2", "1-1", "1-0", "0-1", "1/2-1/2", "0-0", "*")
# Strength marks (art. 9) and their NAG numbers.
MARKS = {"!": 1, "?": 2, "!!": 3, "??": 4, "!?": 5, "?!": 6}
_MARK_OF_NAG = {v: k for k, v in MARKS.items()}
FORCED_NAG = 7
LARGEST_NUMBER = 10 ** 6   # the largest move number read
LARGEST_NAG = 255


# ---------------------------------------------------------------------------
# The move tree
# ---------------------------------------------------------------------------
def _items(value: object, name: str, words: str, good: Callable[[Any], bool]) -> None:
    """Refuse ``value`` unless it is a list or tuple whose items are all ``good``."""
    if not isinstance(value, (list, tuple)) or not all(good(item) for item in value):
        raise refuse(name, words, value)


class PDNNode:
    """One move of a game, with what the PDN attaches to it.

    ``move`` is the :class:`damas.Move` (None only before the game is replayed),
    ``text`` the move as it was written (``'c3xe5'``), ``nags`` the NAG numbers
    (strength marks included), ``comments`` the comments that follow the move,
    and ``variations`` the alternative lines that replace this move (each a
    :class:`PDNLine` starting from the position before it).
    """

    __slots__ = ("move", "text", "nags", "comments", "variations", "source_line")

    def __init__(self, move: Move | None = None, text: str | None = None, nags: Iterable[int] = (),
                 comments: Iterable[str] = (), variations: Iterable[PDNLine] = (),
                 source_line: int | None = None) -> None:
        if move is not None and not isinstance(move, Move):
            raise refuse("move", "um lance (Move) ou None", move)
        if text is not None and not isinstance(text, str):
            raise refuse("text", "o lance escrito (um texto) ou None", text)
        _items(nags, "nags", "uma lista de números NAG", lambda n: type(n) is int and 0 <= n <= LARGEST_NAG)
        _items(comments, "comments", "uma lista de comentários (textos)", lambda c: isinstance(c, str))
        _items(variations, "variations", "uma lista de variantes (PDNLine)", lambda v: isinstance(v, PDNLine))
        if source_line is not None:
            whole(source_line, "source_line", 0)
        self.move: Move | None = move
        self.text: str = text if text is not None else (str(move) if move is not None else "")
        self.nags: list[int] = list(nags)
        self.comments: list[str] = list(comments)
        self.variations: list[PDNLine] = list(variations)
        self.source_line: int | None = source_line

    @property
    def marks(self) -> str:
        """The strength marks of the move as text ('!', '?!', ...), '' if none."""
        return "".join(_MARK_OF_NAG[n] for n in self.nags if n in _MARK_OF_NAG)

    @property
    def forced(self) -> bool:
        """True if the move is marked as forced ($7, the ``*`` of art. 9)."""
        return FORCED_NAG in self.nags

    def facts(self, size: int = 8) -> list[Fact]:
        """The fact tags of the comments on this move (:mod:`damas.rules.pdn_facts`), like
        python-chess's ``GameNode.eval()``: ``[Fact.read('[%only d6xb4]')]``."""
        return _facts_of(self.comments, size)

    def prose(self) -> str:
        """The comments as a person reads them: the fact tags taken out."""
        return _prose_of(self.comments)

    def _head(self) -> tuple[object, list[int], list[str], int]:
        """What the node says, without its variations."""
        what = self.move if self.move is not None else self.text
        return (what, self.nags, self.comments, len(self.variations))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PDNNode):
            return NotImplemented
        return _same_tree([(self, other)])

    __hash__ = None  # type: ignore[assignment]  # compared by value, changed in place: not hashable

    def __repr__(self) -> str:
        extra = ""
        if self.nags:
            extra += f", nags={self.nags!r}"
        if self.comments:
            extra += f", comments={self.comments!r}"
        if self.variations:
            extra += f", variations={len(self.variations)}"
        return f"PDNNode({self.text!r}{extra})"


class PDNLine:
    """A line of play: ``comments`` before its first move, then ``nodes``.

    The main line of a game is a PDNLine; so is every variation.
    """

    __slots__ = ("comments", "nodes")

    def __init__(self, nodes: Iterable[PDNNode] = (), comments: Iterable[str] = ()) -> None:
        _items(nodes, "nodes", "uma lista de lances (PDNNode)", lambda n: isinstance(n, PDNNode))
        _items(comments, "comments", "uma lista de comentários (textos)", lambda c: isinstance(c, str))
        self.nodes: list[PDNNode] = list(nodes)
        self.comments: list[str] = list(comments)

    @property
    def moves(self) -> list[Move]:
        """The :class:`damas.Move` objects of this line (every node of a game read or built
        has its move; a node not replayed yet would give None)."""
        return cast("list[Move]", [node.move for node in self.nodes])

    def facts(self, size: int = 8) -> list[Fact]:
        """The fact tags of the comments before the first move."""
        return _facts_of(self.comments, size)

    def prose(self) -> str:
        """The comments before the first move as a person reads them: the tags taken out."""
        return _prose_of(self.comments)

    def __iter__(self) -> Iterator[PDNNode]:
        return iter(self.nodes)

    def __len__(self) -> int:
        return len(self.nodes)

    @overload
    def __getitem__(self, index: int) -> PDNNode: ...
    @overload
    def __getitem__(self, index: slice) -> list[PDNNode]: ...

    def __getitem__(self, index: int | slice) -> PDNNode | list[PDNNode]:
        return self.nodes[index]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PDNLine):
            return NotImplemented
        return _same_tree([(self, other)])

    __hash__ = None  # type: ignore[assignment]  # compared by value, changed in place: not hashable

    def __repr__(self) -> str:
        return f"PDNLine({len(self.nodes)} lances)"


def _facts_of(comments: list[str], size: int) -> list[Fact]:
    from damas.rules.pdn_facts import facts_in
    return [f for c in comments for f in facts_in(c, size)]


def _prose_of(comments: list[str]) -> str:
    from damas.rules.pdn_facts import strip_facts
    return " ".join(strip_facts(c) for c in comments)


def _same_tree(pairs: list[tuple[PDNLine, PDNLine]] | list[tuple[PDNNode, PDNNode]]) -> bool:
    """Are the (line or node) pairs equal, variations included?  Walked
    with an explicit stack: a tree nested 10,000 deep compares too."""
    stack: list[tuple[object, object]] = list(pairs)
    while stack:
        a, b = stack.pop()
        if isinstance(a, PDNLine):
            if not isinstance(b, PDNLine) or a.comments != b.comments or len(a.nodes) != len(b.nodes):
                return False
            stack.extend(zip(a.nodes, b.nodes))
        elif isinstance(a, PDNNode):
            if not isinstance(b, PDNNode) or a._head() != b._head():
                return False
            stack.extend(zip(a.variations, b.variations))
    return True


#: A step of a recursive walk run by :func:`_run`: it yields the sub-walks it needs and returns
#: its value.
Walk = Generator[Any, Any, T]


def _run(call: Walk[T]) -> T:
    """Run a recursive generator function without recursion: each ``yield
    sub_call`` runs the generator ``sub_call`` to its end and sends back its
    return value.  The depth is limited by memory only."""
    stack = [call]
    value: Any = None
    while stack:
        try:
            sub = stack[-1].send(value)
        except StopIteration as stop:
            stack.pop()
            value = stop.value
            continue
        stack.append(sub)
        value = None
    return cast(T, value)

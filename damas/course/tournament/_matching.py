"""Perfect matchings of a general graph (Edmonds' blossom algorithm), for the Swiss pairings.

The Swiss pairer (:mod:`damas.course.tournament.swiss`) asks one question many times: «if these
two play each other, can everyone else still be paired?»  The players are the vertices of a
graph, an edge joins two who may meet (they have not met, and their colours allow it), and the
answer is yes when the rest of the graph has a *perfect matching*.  :class:`Matching` keeps a
maximum matching and repairs it after two vertices are taken out, by one search for an augmenting
path (Edmonds 1965: *Paths, trees, and flowers*; the odd cycles of a general graph, the
«blossoms», are shrunk to one vertex while searching).  Each search is O(V·E) at worst and is
cheap in the dense graphs of a real tournament, where most repairs need one step.

Vertices are 0 .. n-1; ``neighbours[v]`` is a set.  Pure Python.
"""

from __future__ import annotations

__all__ = ["Matching"]

NONE = -1


class Matching:
    """A maximum matching of the graph ``neighbours`` (a list of sets), kept on the live vertices.

    ``mate[v]`` is v's partner or -1.  :meth:`fix` takes out a pair (u, w) if the live graph minus
    them still has a matching as large as before minus one edge (a perfect matching stays perfect),
    and refuses (changing nothing) otherwise."""

    def __init__(self, neighbours: list[set[int]]) -> None:
        self.neighbours = neighbours
        n = len(neighbours)
        self.alive = [True] * n
        self.mate = [NONE] * n
        for v in range(n):                       # a greedy start: most vertices are matched here
            if self.mate[v] == NONE:
                for w in neighbours[v]:
                    if self.mate[w] == NONE and w != v:
                        self.mate[v], self.mate[w] = w, v
                        break
        for v in range(n):
            if self.mate[v] == NONE:
                self._augment(v)

    @property
    def size(self) -> int:
        """The number of matched live vertices."""
        return sum(1 for v, m in enumerate(self.mate) if m != NONE and self.alive[v])

    def unmatched(self) -> list[int]:
        return [v for v, m in enumerate(self.mate) if m == NONE and self.alive[v]]

    def remove(self, v: int) -> bool:
        """Take vertex ``v`` out; its partner, left alone, looks for a new one.  True when the
        matching lost no other vertex (the partner found one, or ``v`` had none)."""
        partner = self.mate[v]
        self.alive[v] = False
        self.mate[v] = NONE
        if partner == NONE:
            return True
        self.mate[partner] = NONE
        return self._augment(partner)

    def restore(self, v: int, mate_before: list[int]) -> None:
        """Put vertex ``v`` back with the matching saved in ``mate_before``."""
        self.alive[v] = True
        self.mate[:] = mate_before

    def fix(self, u: int, w: int) -> bool:
        """Pair ``u`` with ``w`` (neighbours) for good and take both out, if the other live vertices
        stay perfectly matched; otherwise change nothing and return False.  (Call it only while
        the matching is perfect.)"""
        if self.mate[u] == w:
            self.alive[u] = self.alive[w] = False
            return True
        before = list(self.mate)
        a, b = self.mate[u], self.mate[w]
        for v in (u, w, a, b):
            self.mate[v] = NONE
        self.alive[u] = self.alive[w] = False
        if b in self.neighbours[a]:
            self.mate[a], self.mate[b] = b, a
            return True
        if self._augment(a):                    # a and b are the only free vertices: the path ends at b
            return True
        self.alive[u] = self.alive[w] = True
        self.mate[:] = before
        return False

    # -- Edmonds: one search for an augmenting path from ``root`` ------------------------------
    def _augment(self, root: int) -> bool:
        """Look for an augmenting path from the free vertex ``root`` (shrinking blossoms); flip it
        and return True if found."""
        nb, mate, alive = self.neighbours, self.mate, self.alive
        n = len(nb)
        parent = [NONE] * n
        base = list(range(n))
        used = [False] * n
        used[root] = True
        queue = [root]
        head = 0

        def lca(a: int, b: int) -> int:
            seen: set[int] = set()
            while True:
                a = base[a]
                seen.add(a)
                if mate[a] == NONE:
                    break
                a = parent[mate[a]]
            while True:
                b = base[b]
                if b in seen:
                    return b
                b = parent[mate[b]]

        def mark(v: int, b: int, child: int, blossom: set[int]) -> None:
            while base[v] != b:
                blossom.add(base[v])
                blossom.add(base[mate[v]])
                parent[v] = child
                child = mate[v]
                v = parent[mate[v]]

        while head < len(queue):
            v = queue[head]
            head += 1
            for to in nb[v]:
                if not alive[to] or base[v] == base[to] or mate[v] == to:
                    continue
                if to == root or (mate[to] != NONE and parent[mate[to]] != NONE):
                    b = lca(v, to)
                    blossom: set[int] = set()
                    mark(v, b, to, blossom)
                    mark(to, b, v, blossom)
                    for i in range(n):
                        if base[i] in blossom:
                            base[i] = b
                            if not used[i]:
                                used[i] = True
                                queue.append(i)
                elif parent[to] == NONE:
                    parent[to] = v
                    if mate[to] == NONE:
                        u = to
                        while u != NONE:
                            pv = parent[u]
                            nxt = mate[pv]
                            mate[u], mate[pv] = pv, u
                            u = nxt
                        return True
                    used[mate[to]] = True
                    queue.append(mate[to])
        return False

"""The plays of 跑得快 (§3 牌型及大小, rulings 12–16): what a set of cards is, what beats what, and every legal
play of a hand, generated from its rank counts.

A :class:`Play` is named by type and ranks only (ruling 16): ``kind`` (``single pair straight pairs trio plane
bomb four``), ``main`` the rank compared (the top of a run, the triple, the bomb), ``length`` the ranks in a run
(1 otherwise) and ``wings`` the ranks carried by a 三带二 / 飞机 / 四带三, sorted. A ``trio`` or ``plane`` with
fewer wings than full (三张, 三带一, a short 飞机) exists only as the last cards of a hand (§3, ruling 13).

Its code is what logs carry: ``single:7 pair:7 straight:3-7 pairs:3-5 trio:Q+3+5 trio:Q plane:8-9+3+4+5+6
bomb:9 four:9+3+4+5`` (ruling 16's ``trio2`` is spelled ``trio``: an action verb has letters only).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from .cards import ACE, N_RANKS, RANK_OF, RANKS

KINDS = ("single", "pair", "straight", "pairs", "trio", "plane", "bomb", "four")
MIN_STRAIGHT = 5
MIN_PAIRS = 2
MIN_PLANE = 2
# Runs stop at A: a 2 never sits in a 顺子, 连对 or 飞机 (§3, ruling 5).
RUN_TOP = ACE


@dataclass(frozen=True, slots=True)
class PlayRules:
    """What the room options change in plays: 允许4带3, 最后三条可甩尾, whether a bomb's cards may be split."""

    four_with_three: bool = False
    triple_tail: bool = False
    split_bombs: bool = True


class Play(NamedTuple):
    kind: str
    main: int
    length: int = 1
    wings: tuple[int, ...] = ()

    @property
    def low(self) -> int:
        return self.main - self.length + 1

    def body(self) -> tuple[int, ...]:
        """The ranks of the play's core, one per card (the run, the triple(s), the four)."""
        if self.kind == "single":
            return (self.main,)
        if self.kind in ("pair", "pairs"):
            return tuple(r for r in range(self.low, self.main + 1) for _ in range(2))
        if self.kind == "straight":
            return tuple(range(self.low, self.main + 1))
        if self.kind in ("trio", "plane"):
            return tuple(r for r in range(self.low, self.main + 1) for _ in range(3))
        return (self.main,) * 4

    def ranks(self) -> tuple[int, ...]:
        """Every card's rank, sorted."""
        return tuple(sorted(self.body() + self.wings))

    @property
    def size(self) -> int:
        return len(self.body()) + len(self.wings)

    def full_wings(self) -> int:
        return {"trio": 2, "plane": 2 * self.length, "four": 3}.get(self.kind, 0)

    @property
    def short(self) -> bool:
        """A 三张 / 三带一 / 飞机 with fewer wings: only ever the last cards of a hand."""
        return self.kind in ("trio", "plane") and len(self.wings) < self.full_wings()

    @property
    def code(self) -> str:
        if self.kind in ("straight", "pairs", "plane"):
            head = f"{RANKS[self.low]}-{RANKS[self.main]}"
        else:
            head = RANKS[self.main]
        return head + "".join("+" + RANKS[w] for w in self.wings)


def parse_play(kind: str, spec: str) -> Play:
    """The inverse of ``Play.kind`` + ``Play.code``; ValueError on anything malformed."""
    if kind not in KINDS:
        raise ValueError(kind)
    head, *wings = spec.split("+")
    w = tuple(RANK_OF[x] for x in wings)
    if kind in ("straight", "pairs", "plane"):
        lo, _, hi = head.partition("-")
        low, main = RANK_OF[lo], RANK_OF[hi]
        if main < low:
            raise ValueError(spec)
        play = Play(kind, main, main - low + 1, w)
    else:
        play = Play(kind, RANK_OF[head], 1, w)
    if (kind not in ("trio", "plane", "four") and w) or tuple(sorted(w)) != w:
        raise ValueError(spec)
    return play


def beats(p: Play, cur: Play, rules: PlayRules) -> bool:
    """Does ``p`` beat ``cur``? Same type and length, higher rank; a bomb beats any non-bomb and lower bombs; a
    short 三张 / 三带一 / 飞机 beats a lower full one only with 甩尾 (rulings 11, 13); a 四带三 is beaten only by a
    higher 四带三 or a bomb and never beats a 三带二 (ruling 7)."""
    if cur.kind == "bomb":
        return p.kind == "bomb" and p.main > cur.main
    if p.kind == "bomb":
        return True
    if p.kind != cur.kind or p.length != cur.length or p.main <= cur.main:
        return False
    if p.kind in ("trio", "plane"):
        if cur.short:
            return False  # a short one ends the hand: nothing ever follows it
        return not p.short or rules.triple_tail
    return True


# -- generation -----------------------------------------------------------------------------------------------------
@lru_cache(maxsize=65536)
def _multisets(avail: tuple[int, ...], k: int, start: int = 0) -> tuple[tuple[int, ...], ...]:
    """Every sorted multiset of ``k`` ranks drawn from ``avail`` (counts per rank), from rank ``start`` up."""
    if k == 0:
        return ((),)
    out: list[tuple[int, ...]] = []
    for r in range(start, N_RANKS):
        c = avail[r]
        if not c:
            continue
        for m in range(1, min(c, k) + 1):
            head = (r,) * m
            for rest in _multisets(avail, k - m, r + 1):
                out.append(head + rest)
    return tuple(out)


def _usable(counts: list[int] | tuple[int, ...], rules: PlayRules) -> tuple[int, ...]:
    """Counts the non-bomb plays may draw on: without ``split_bombs`` the four of a rank go only as a bomb
    (or 四带三)."""
    if rules.split_bombs:
        return tuple(counts)
    return tuple(0 if c == 4 else c for c in counts)


def _runs(u: tuple[int, ...], need: int, length: int | None, min_len: int, above: int) -> list[tuple[int, int]]:
    """(low, top) of every run of ranks ≤ A holding ``need`` each: of exactly ``length`` when given, else every
    length ≥ ``min_len``; top above ``above``."""
    out = []
    for low in range(RUN_TOP + 1):
        if u[low] < need:
            continue
        top = low
        while top + 1 <= RUN_TOP and u[top + 1] >= need:
            top += 1
        # every run starting at `low` ends somewhere in [low + min_len - 1, top]
        if length is not None:
            hi = low + length - 1
            if hi <= top and hi > above:
                out.append((low, hi))
        else:
            for hi in range(max(low + min_len - 1, above + 1), top + 1):
                out.append((low, hi))
    return out


def _with_wings(kind: str, lo: int, hi: int, counts: tuple[int, ...], u: tuple[int, ...], n: int,
                short_ok: bool, out: list[Play]) -> None:
    """A trio (lo == hi) or plane on ranks lo..hi with full wings from the other ranks, and, when ``short_ok``,
    the short form that takes every card left (three of each body rank exactly, nothing unplayable)."""
    k = hi - lo + 1
    avail = list(u)
    for r in range(lo, hi + 1):
        avail[r] = 0
    key = tuple(avail)
    need = 2 * k
    for w in _multisets(key, need):
        out.append(Play(kind, hi, k, w))
    if short_ok and 3 * k <= n < 3 * k + need and sum(key) == n - 3 * k and all(
            counts[r] == 3 for r in range(lo, hi + 1)):
        out.append(Play(kind, hi, k, tuple(r for r in range(N_RANKS) for _ in range(key[r]))))


def lead_plays(counts: list[int] | tuple[int, ...], rules: PlayRules) -> list[Play]:
    """Every play a hand with these rank counts may lead."""
    counts = tuple(counts)
    return list(_lead_cached(counts, rules))


@lru_cache(maxsize=8192)
def _lead_cached(counts: tuple[int, ...], rules: PlayRules) -> tuple[Play, ...]:
    return tuple(_lead(counts, rules))


def _lead(counts: tuple[int, ...], rules: PlayRules) -> list[Play]:
    n = sum(counts)
    u = _usable(counts, rules)
    out: list[Play] = []
    for r in range(N_RANKS):
        c = u[r]
        if c:
            out.append(Play("single", r))
            if c >= 2:
                out.append(Play("pair", r))
                if c >= 3:
                    _with_wings("trio", r, r, counts, u, n, True, out)
    for lo, hi in _runs(u, 1, None, MIN_STRAIGHT, -1):
        out.append(Play("straight", hi, hi - lo + 1))
    for lo, hi in _runs(u, 2, None, MIN_PAIRS, -1):
        out.append(Play("pairs", hi, hi - lo + 1))
    for lo, hi in _runs(u, 3, None, MIN_PLANE, -1):
        _with_wings("plane", lo, hi, counts, u, n, True, out)
    _bombs(counts, u, rules, -1, True, out)
    return out


def _bombs(counts: tuple[int, ...], u: tuple[int, ...], rules: PlayRules, above: int, fours: bool,
           out: list[Play]) -> None:
    for r in range(above + 1, N_RANKS):
        if counts[r] == 4:
            out.append(Play("bomb", r))
    if fours and rules.four_with_three:
        for r in range(N_RANKS):
            if counts[r] == 4:
                avail = list(u)
                avail[r] = 0
                for w in _multisets(tuple(avail), 3):
                    out.append(Play("four", r, 1, w))


def follow_plays(counts: list[int] | tuple[int, ...], cur: Play, rules: PlayRules) -> list[Play]:
    """Every play of a hand with these rank counts that beats ``cur`` (bombs included)."""
    return list(_follow_cached(tuple(counts), cur, rules))


@lru_cache(maxsize=8192)
def _follow_cached(counts: tuple[int, ...], cur: Play, rules: PlayRules) -> tuple[Play, ...]:
    return tuple(_follow(counts, cur, rules))


def _follow(counts: tuple[int, ...], cur: Play, rules: PlayRules) -> list[Play]:
    out: list[Play] = []
    if cur.kind == "bomb":
        _bombs(counts, counts, rules, cur.main, False, out)
        return out
    n = sum(counts)
    u = _usable(counts, rules)
    kind = cur.kind
    if kind in ("single", "pair"):
        need = 1 if kind == "single" else 2
        out += [Play(kind, r) for r in range(cur.main + 1, N_RANKS) if u[r] >= need]
    elif kind in ("straight", "pairs"):
        need = 1 if kind == "straight" else 2
        out += [Play(kind, hi, hi - lo + 1) for lo, hi in _runs(u, need, cur.length, 0, cur.main)]
    elif kind in ("trio", "plane") and not cur.short:
        runs = ([(r, r) for r in range(cur.main + 1, N_RANKS) if u[r] >= 3] if kind == "trio"
                else _runs(u, 3, cur.length, 0, cur.main))
        for lo, hi in runs:
            _with_wings(kind, lo, hi, counts, u, n, rules.triple_tail, out)
    elif kind == "four":
        for r in range(cur.main + 1, N_RANKS):
            if counts[r] == 4:
                avail = list(u)
                avail[r] = 0
                out += [Play("four", r, 1, w) for w in _multisets(tuple(avail), 3)]
    _bombs(counts, counts, rules, -1, False, out)
    return out

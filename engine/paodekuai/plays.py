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
from itertools import combinations
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
        return _ranks(self)

    @property
    def size(self) -> int:
        return _PER_RANK[self.kind] * self.length + len(self.wings)

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


_PER_RANK = {"single": 1, "pair": 2, "straight": 1, "pairs": 2, "trio": 3, "plane": 3, "bomb": 4, "four": 4}


@lru_cache(maxsize=65536)
def _ranks(p: Play) -> tuple[int, ...]:
    return tuple(sorted(p.body() + p.wings))


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


_new = tuple.__new__  # a Play without NamedTuple's keyword-parsing __new__: generation makes thousands
RANK_RANGE = range(N_RANKS)
SINGLES = tuple(Play("single", r) for r in RANK_RANGE)
PAIRS = tuple(Play("pair", r) for r in RANK_RANGE)
BOMBS = tuple(Play("bomb", r) for r in RANK_RANGE)


def _usable(counts: tuple[int, ...], rules: PlayRules) -> tuple[int, ...]:
    """Counts the non-bomb plays may draw on: without ``split_bombs`` the four of a rank go only as a bomb
    (or 四带三)."""
    if rules.split_bombs:
        return counts
    return tuple(0 if c == 4 else c for c in counts)


def _runs(u: tuple[int, ...], need: int, length: int | None, min_len: int, above: int) -> list[tuple[int, int]]:
    """(low, top) of every run of ranks ≤ A holding ``need`` each: of exactly ``length`` when given, else every
    length ≥ ``min_len``; top above ``above``."""
    out: list[tuple[int, int]] = []
    low = -1
    for r in range(RUN_TOP + 2):
        if r <= RUN_TOP and u[r] >= need:
            if low < 0:
                low = r
            continue
        if low >= 0:  # a maximal run low..r-1: every sub-run of it
            top = r - 1
            if length is not None:
                out += [(lo, lo + length - 1) for lo in range(max(low, above - length + 2), top - length + 2)]
            else:
                out += [(lo, hi) for lo in range(low, top - min_len + 2)
                        for hi in range(max(lo + min_len - 1, above + 1), top + 1)]
            low = -1
    return out


def _segments(u: tuple[int, ...], need: int) -> list[tuple[int, int]]:
    """The maximal runs (low, top) of ranks 3…A holding ``need`` cards each."""
    out = []
    low = -1
    for r in range(RUN_TOP + 1):
        if u[r] >= need:
            if low < 0:
                low = r
        elif low >= 0:
            out.append((low, r - 1))
            low = -1
    if low >= 0:
        out.append((low, RUN_TOP))
    return out


def _table(kind: str, min_len: int) -> tuple[tuple[tuple[Play, ...], ...], ...]:
    """``table[low][top]``: every run of ``kind`` inside the ranks low..top, built once: a hand looks up the
    runs of each maximal segment instead of searching them."""
    return tuple(tuple(tuple(Play(kind, hi, hi - lo + 1) for lo in range(low, top + 1)
                             for hi in range(lo + min_len - 1, top + 1))
                       for top in range(RUN_TOP + 1)) for low in range(RUN_TOP + 1))


STRAIGHTS = _table("straight", MIN_STRAIGHT)
PAIR_RUNS = _table("pairs", MIN_PAIRS)
PLANE_RUNS = _table("plane", MIN_PLANE)  # wingless: only their (low, top) is read


def _with_wings(kind: str, lo: int, hi: int, counts: tuple[int, ...], cards: list[int], n: int,
                short_ok: bool, out: list[Play]) -> None:
    """A trio (lo == hi) or plane on ranks lo..hi with full wings from ``cards`` (the playable cards' ranks,
    sorted) of other ranks — the distinct ``combinations`` of sorted cards are the sorted wing multisets — and,
    when ``short_ok``, the short form that takes every card left (three of each body rank exactly)."""
    k = hi - lo + 1
    rest = [r for r in cards if r < lo or r > hi]
    need = 2 * k
    out += [_new(Play, (kind, hi, k, w)) for w in dict.fromkeys(combinations(rest, need))]
    if short_ok and 3 * k <= n < 3 * k + need and len(rest) == n - 3 * k and all(
            counts[r] == 3 for r in range(lo, hi + 1)):
        out.append(_new(Play, (kind, hi, k, tuple(rest))))


# every 三带二 built once: TRIO_PLAYS[triple][(wing, wing)], wings never of the triple's rank
TRIO_PLAYS = tuple({(a, b): Play("trio", t, 1, (a, b)) for a in RANK_RANGE for b in range(a, N_RANKS)
                    if t not in (a, b)} for t in RANK_RANGE)


def _trios(trios: list[int], counts: tuple[int, ...], u: tuple[int, ...], cards: list[int], n: int,
           short_ok: bool, out: list[Play]) -> None:
    """三带二 on each rank of ``trios``: the two wings are any two cards of other ranks, so the distinct pairs
    of the whole hand are found once and each triple keeps those without its rank."""
    ranks = [r for r in RANK_RANGE if u[r]]
    pairs = [(a, b) for i, a in enumerate(ranks) for b in ranks[i + 1:]]
    pairs += [(a, a) for a in ranks if u[a] >= 2]
    for t in trios:
        table = TRIO_PLAYS[t]
        out += [p for w in pairs if (p := table.get(w)) is not None]
        if short_ok and 3 <= n < 5 and counts[t] == 3 and len(cards) == n:
            out.append(_new(Play, ("trio", t, 1, tuple(r for r in cards if r != t))))


def _fours(counts: tuple[int, ...], cards: list[int], above: int, out: list[Play]) -> None:
    for r in range(above + 1, N_RANKS):
        if counts[r] == 4:
            rest = [x for x in cards if x != r]
            out += [_new(Play, ("four", r, 1, w)) for w in dict.fromkeys(combinations(rest, 3))]


def lead_plays(counts: list[int] | tuple[int, ...], rules: PlayRules) -> list[Play]:
    """Every play a hand with these rank counts may lead."""
    return list(_lead_cached(tuple(counts), rules))


@lru_cache(maxsize=4096)
def _lead_cached(counts: tuple[int, ...], rules: PlayRules) -> tuple[Play, ...]:
    return tuple(_lead(counts, rules))


def _lead(counts: tuple[int, ...], rules: PlayRules) -> list[Play]:
    n = sum(counts)
    u = _usable(counts, rules)
    out = [SINGLES[r] for r in RANK_RANGE if u[r]]
    out += [PAIRS[r] for r in RANK_RANGE if u[r] >= 2]
    cards = [r for r in RANK_RANGE for _ in range(u[r])]
    trios = [r for r in RANK_RANGE if u[r] >= 3]
    if trios:
        _trios(trios, counts, u, cards, n, True, out)
    for lo, top in _segments(u, 1):
        out += STRAIGHTS[lo][top]
    for lo, top in _segments(u, 2):
        out += PAIR_RUNS[lo][top]
    for lo, top in _segments(u, 3):
        for run in PLANE_RUNS[lo][top]:
            _with_wings("plane", run.low, run.main, counts, cards, n, True, out)
    out += [BOMBS[r] for r in RANK_RANGE if counts[r] == 4]
    if rules.four_with_three:
        _fours(counts, cards, -1, out)
    return out


def follow_plays(counts: list[int] | tuple[int, ...], cur: Play, rules: PlayRules) -> list[Play]:
    """Every play of a hand with these rank counts that beats ``cur`` (bombs included)."""
    return list(_follow_cached(tuple(counts), cur, rules))


@lru_cache(maxsize=4096)
def _follow_cached(counts: tuple[int, ...], cur: Play, rules: PlayRules) -> tuple[Play, ...]:
    return tuple(_follow(counts, cur, rules))


def _follow(counts: tuple[int, ...], cur: Play, rules: PlayRules) -> list[Play]:
    bombs = [BOMBS[r] for r in range(cur.main + 1 if cur.kind == "bomb" else 0, N_RANKS) if counts[r] == 4]
    if cur.kind == "bomb":
        return bombs
    n = sum(counts)
    u = _usable(counts, rules)
    kind = cur.kind
    out: list[Play]
    if kind == "single":
        out = [SINGLES[r] for r in range(cur.main + 1, N_RANKS) if u[r]]
    elif kind == "pair":
        out = [PAIRS[r] for r in range(cur.main + 1, N_RANKS) if u[r] >= 2]
    elif kind in ("straight", "pairs"):
        need = 1 if kind == "straight" else 2
        out = [_new(Play, (kind, hi, hi - lo + 1, ())) for lo, hi in _runs(u, need, cur.length, 0, cur.main)]
    else:
        out = []
        cards = [r for r in RANK_RANGE for _ in range(u[r])]
        if kind == "four":
            _fours(counts, cards, cur.main, out)
        elif not cur.short:
            if kind == "trio":
                trios = [r for r in range(cur.main + 1, N_RANKS) if u[r] >= 3]
                if trios:
                    _trios(trios, counts, u, cards, n, rules.triple_tail, out)
            else:
                for lo, hi in _runs(u, 3, cur.length, 0, cur.main):
                    _with_wings(kind, lo, hi, counts, cards, n, rules.triple_tail, out)
    return out + bombs

"""The win checker (胡牌判断): 4X + Y — 顺子/刻子 groups and one 将 (雀头) — with wildcards, 七对 and 十三幺.

A hand is a 34-count array (``engine.mahjong.tiles``) of the tiles still in hand, plus ``wild``: the number of
wildcards (赖子, the 红中 of 红中麻将) held, *not* counted in the array. A wildcard stands for any tile of
``wild_targets`` (default: the 27 suited tiles), with no cap on copies (红中 ruling 12: it may be a fifth copy).

Shapes:

* standard (4X+Y): a hand of 14 − 3k tiles (k melds already laid down) is 4 − k groups — 顺子 (three consecutive
  tiles of one suit; never 字) or 刻子 (three identical) — plus one pair, the 将;
* 七对 (七小对, 七对子): seven pairs, 14 tiles, no melds; a 4-of-a-kind is two pairs (龙七对 / 豪华七对);
* 十三幺: one of each 幺九 tile (1 and 9 of each suit, the seven 字) plus a second copy of one of them.

Four 红中 by themselves are *not* a win here: that is a variant's special rule (红中麻将 4-红中 game).

How it is fast: each block — the nine tiles of a suit, or the seven 字 — is priced independently: the fewest
wildcards that complete it into groups without a pair (``w0``) and with the pair (``w1``). Within a congruence class
mod 3 more wildcards always fit (three wildcards make one more 刻子 of any target), so these two numbers per block
decide the hand: the blocks need Σ w0 plus the cheapest pair placement (a block's ``w1 − w0``, or two wildcards), and the
wildcards left over must make whole groups. Block prices are memoised on the block's counts as ``bytes`` (bounded).
"""

from __future__ import annotations

import itertools
import operator
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from .tiles import ALL, KINDS, SUITED, YAOJIU

INF = 1 << 20
_YAOJIU_SET = frozenset(YAOJIU)
_YAO_COUNTS = operator.itemgetter(*YAOJIU)  # a hand's counts of the 13 幺九, as a tuple
_HALVES = bytes(n // 2 for n in range(256))  # pairs in n copies, for ``bytes.translate``: a hand's pairs by kind
# a block's (or two blocks') (r, d) frontiers: without the 将, with it (``_frontier``)
Frontiers = tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]
# one block's split without wildcards: its 刻子 and its 顺子 (each sorted by tile), and the 将's tile if it holds it
PlainWay = tuple[tuple["Group", ...], tuple["Group", ...], int | None]
MEMO_LIMIT = 100_000  # entries per block table; cleared when full (as the 字牌 memo)

# (offset, length, honour) of the four blocks: 万 筒 条 字.
_BLOCKS = ((0, 9, False), (9, 9, False), (18, 9, False), (27, 7, True))


@dataclass(frozen=True, order=True)
class Group:
    """One group of a standard decomposition: ``kind`` "shun" (顺子) or "ke" (刻子), ``tile`` its lowest tile id,
    ``wild`` the tile ids the wildcards inside it stand for (sorted; ``()`` when it is all real tiles)."""

    kind: str
    tile: int
    wild: tuple[int, ...] = ()

    @property
    def tiles(self) -> tuple[int, ...]:
        t = self.tile
        return (t, t + 1, t + 2) if self.kind == "shun" else (t, t, t)


@dataclass(frozen=True)
class Decomposition:
    """One way a hand wins.

    ``shape``: "standard" (4X+Y), "qidui" (七对) or "shisanyao" (十三幺).

    * standard: ``pair`` is the 将 tile (``None`` when the 将 is two wildcards, ``free_pairs == 1``: it may be any
      allowed tile); ``groups`` hold every group with at least one real tile; ``free_groups`` groups are three
      wildcards each, which may be any 刻子 (or 顺子) of an allowed tile — so they never spoil 碰碰胡 or 清一色.
    * qidui: ``pairs`` are the seven pair tiles except the ``free_pairs`` made of two wildcards (a 4-of-a-kind appears
      twice: 龙七对 / 豪华七对, see ``quads``).
    * shisanyao: ``pair`` is the doubled 幺九 tile (``None`` when a wildcard doubles any of them).

    ``wild_as``: the tile ids the wildcards stand for outside free groups/pairs, sorted.
    """

    shape: str
    pair: int | None = None
    groups: tuple[Group, ...] = ()
    pairs: tuple[int, ...] = ()
    free_groups: int = 0
    free_pairs: int = 0
    wild_as: tuple[int, ...] = field(default=())

    @property
    def all_ke(self) -> bool:
        """Every group is a 刻子 (碰碰胡 from the hand's side; melds are the caller's)."""
        return self.shape == "standard" and all(g.kind == "ke" for g in self.groups)

    @property
    def quads(self) -> int:
        """七对: how many 4-of-a-kinds count as two pairs (0 = 七小对, 1 = 龙七对/豪华七对, …)."""
        if self.shape != "qidui":
            return 0
        return sum(1 for t in set(self.pairs) if self.pairs.count(t) >= 2)

    def tiles(self) -> list[int]:
        """Tile ids of the completed hand, wildcards replaced, free groups/pairs left out (they are any tile)."""
        out: list[int] = []
        if self.shape == "standard":
            for g in self.groups:
                out.extend(g.tiles)
            if self.pair is not None:
                out += [self.pair, self.pair]
        elif self.shape == "qidui":
            for t in self.pairs:
                out += [t, t]
        else:
            out.extend(YAOJIU)
            if self.pair is not None:
                out.append(self.pair)
        return sorted(out)


@lru_cache(maxsize=256)  # 顺子 and 刻子 of real tiles: at most 61
def _group(kind: str, tile: int) -> Group:
    """The one ``Group`` of real tiles of this kind and tile (a frozen dataclass is slow to build)."""
    return Group(kind, tile)


def _group_order(g: Group) -> tuple[str, int, tuple[int, ...]]:
    """``Group``'s own order (its fields in turn), as a sort key: faster than its generated ``__lt__``."""
    return (g.kind, g.tile, g.wild)


def _order(d: Decomposition) -> tuple[object, ...]:
    return (d.shape, -1 if d.pair is None else d.pair, d.groups, d.pairs, d.free_groups, d.free_pairs, d.wild_as)


def _plain_order(d: Decomposition) -> tuple[object, ...]:
    """``_order`` of standard ways without wildcards (only the 将 and the groups differ), by plain tuples."""
    return (d.pair, [(g.kind, g.tile) for g in d.groups])


# A standard way of a hand without wildcards, as ``Decomposition("standard", pair=…, groups=…)`` would build it: a
# frozen dataclass's ``__init__`` sets its seven fields one ``object.__setattr__`` at a time (≈ 2 µs, as much as the
# rest of a cold plain hand's ways); the instance's ``__dict__`` is filled in the fields' order instead, the same
# object (tests/mahjong/test_win_brute.py compares the two).
_PLAIN_FIELDS: dict[str, object] = {
    "shape": "standard", "pair": None, "groups": (), "pairs": (), "free_groups": 0, "free_pairs": 0, "wild_as": ()
}


def _plain_way(pair: int | None, groups: tuple[Group, ...]) -> Decomposition:
    d: Decomposition = object.__new__(Decomposition)
    fields = d.__dict__
    fields.update(_PLAIN_FIELDS)
    fields["pair"] = pair
    fields["groups"] = groups
    return d


def _mask(targets: Iterable[int], offset: int, length: int) -> int:
    m = 0
    for t in targets:
        if offset <= t < offset + length:
            m |= 1 << (t - offset)
    return m


@lru_cache(maxsize=1 << 17)
def _cost(c: tuple[int, ...], pair: bool, honour: bool, mask: int) -> int:
    """Fewest wildcards completing block counts ``c`` into groups (each with ≥ 1 real tile) plus, if ``pair``, one
    pair with ≥ 1 real tile. The first real tile must sit in some group: try each group that can hold it."""
    i = 0
    n = len(c)
    while i < n and not c[i]:
        i += 1
    if i == n:
        return INF if pair else 0
    best = INF
    ci = c[i]
    free_i = mask >> i & 1
    lst = list(c)
    for t in range(1, min(ci, 3) + 1):  # 刻子 of tile i, 3 − t wildcards
        w = 3 - t
        if w and not free_i:
            continue
        lst[i] = ci - t
        best = min(best, w + _cost(tuple(lst), pair, honour, mask))
    if pair:
        for t in range(1, min(ci, 2) + 1):  # 将 of tile i
            w = 2 - t
            if w and not free_i:
                continue
            lst[i] = ci - t
            best = min(best, w + _cost(tuple(lst), False, honour, mask))
    lst[i] = ci
    if not honour:
        for s in (i - 2, i - 1, i):  # 顺子 s, s+1, s+2 holding tile i (tiles below i are wildcards: none is real)
            if s < 0 or s > n - 3:
                continue
            base = 0
            ok = True
            for m in range(s, i):
                if not mask >> m & 1:
                    ok = False
                base += 1
            if not ok:
                continue
            lst[i] = ci - 1
            above = [m for m in range(i + 1, s + 3)]
            for use in itertools.product((True, False), repeat=len(above)):
                w = base
                good = True
                for m, real in zip(above, use, strict=True):
                    if real:
                        if not lst[m]:
                            good = False
                            break
                    elif not mask >> m & 1:
                        good = False
                        break
                    else:
                        w += 1
                if not good or w >= best:
                    continue
                for m, real in zip(above, use, strict=True):
                    if real:
                        lst[m] -= 1
                best = min(best, w + _cost(tuple(lst), pair, honour, mask))
                for m, real in zip(above, use, strict=True):
                    if real:
                        lst[m] += 1
            lst[i] = ci
    return best


# Per 字 tile with x copies (字 make no 顺子, so each kind is priced alone): wildcards completing it into 刻子,
# and into 刻子 plus the 将 (INF for no copy: a 将 of two wildcards is priced apart); 0 needs no wildcard at all.
_HONOUR_KE = (0, 2, 1, 0, 2)
_HONOUR_PAIR = (INF, 1, 0, 2, 1)


def _groups_only(c: list[int]) -> bool:
    """Whether a suit's counts, no wildcard, split into 顺子 and 刻子 alone: the lowest tile's copies beyond a
    multiple of three must start 顺子 (three 顺子 from one tile are three 刻子), so one pass decides."""
    n = len(c)
    for i in range(n):
        x = c[i]
        if x < 0:
            return False
        r = x % 3
        if r:
            if i + 2 >= n:
                return False
            c[i + 1] -= r
            c[i + 2] -= r
    return True


def _plain_prices(c: tuple[int, ...]) -> tuple[int, int]:
    """(w0, w1) of a suit no wildcard may enter, as ``_cost`` would find them (0 or INF), without its search."""
    # Groups hold 3k tiles and their positions sum to 0 mod 3 (i + i+1 + i+2, or 3i), so a block of 3k tiles
    # can only be groups, one of 3k + 2 only groups and a 将 at a position p with 2p ≡ Σ position (mod 3).
    n = sum(c)
    if n % 3 == 0:
        return (0 if _groups_only(list(c)) else INF), INF
    if n % 3 == 1:
        return INF, INF
    p = 2 * (sum(c[1::3]) + 2 * sum(c[2::3])) % 3  # 2 Σ i·c[i] mod 3
    for i in range(p, len(c), 3):
        if c[i] >= 2:
            rest = list(c)
            rest[i] -= 2
            if _groups_only(rest):
                return INF, 0
    return INF, INF


def _plain_splits(c: list[int], want: bool, honour: bool) -> list[tuple[tuple[tuple[str, int], ...], int | None]]:
    """Every split of a block no wildcard may enter into groups and, if ``want``, one pair: (groups as (kind,
    first), pair position); what ``_block_decomps`` yields for it, found without its wildcard cases."""
    n = len(c)
    i = 0
    while i < n and not c[i]:
        i += 1
    if i == n:
        return [] if want else [((), None)]
    out: list[tuple[tuple[tuple[str, int], ...], int | None]] = []
    if c[i] >= 3:
        c[i] -= 3
        out += [((("ke", i),) + g, p) for g, p in _plain_splits(c, want, honour)]
        c[i] += 3
    if want and c[i] >= 2:
        c[i] -= 2
        out += [(g, i) for g, _ in _plain_splits(c, False, honour)]
        c[i] += 2
    if not honour and i + 2 < n and c[i + 1] and c[i + 2]:
        c[i] -= 1
        c[i + 1] -= 1
        c[i + 2] -= 1
        out += [((("shun", i),) + g, p) for g, p in _plain_splits(c, want, honour)]
        c[i] += 1
        c[i + 1] += 1
        c[i + 2] += 1
    return out


_KE = tuple(_group("ke", t) for t in range(KINDS))
_SHUN = tuple(_group("shun", t) for t in range(27))  # (those of an 8 or a 9 are never used; 字 make none)


def _group_ways(c: list[int], i: int, off: int, honour: bool) -> list[tuple[tuple[Group, ...], tuple[Group, ...]]]:
    """Every split of a block's counts from position ``i`` on (``c``, no wildcard, restored on return) into groups
    alone, as (刻子, 顺子) sorted by tile, each split once: the lowest tile's copies are some 顺子 starting there (its
    count mod 3, or three more: three 顺子 are three 刻子 of other tiles) and 刻子 for the rest — distinct choices,
    distinct splits."""
    n = len(c)
    while i < n and not c[i]:
        i += 1
    if i == n:
        return [((), ())]
    x = c[i]
    ke = _KE[i + off]
    out: list[tuple[tuple[Group, ...], tuple[Group, ...]]] = []
    for shun in range(x % 3, x + 1, 3):
        shuns: tuple[Group, ...] = ()
        if shun:
            if honour or i + 2 >= n or c[i + 1] < shun or c[i + 2] < shun:
                break
            c[i + 1] -= shun
            c[i + 2] -= shun
            shuns = (_SHUN[i + off],) * shun
        kes = (ke,) * ((x - shun) // 3)
        for k, s in _group_ways(c, i + 1, off, honour):
            out.append((kes + k, shuns + s))
        if shun:
            c[i + 1] += shun
            c[i + 2] += shun
    return out


def _honour_prices(c: tuple[int, ...], mask: int) -> tuple[int, int]:
    """(w0, w1) of the 字 block, as ``_cost`` would find them, without its search."""
    w0 = 0
    delta = INF
    for i, x in enumerate(c):
        if not x:
            continue
        free = mask >> i & 1
        ke = _HONOUR_KE[x] if free or not _HONOUR_KE[x] else INF
        pair = _HONOUR_PAIR[x] if free or not _HONOUR_PAIR[x] else INF
        w0 += ke
        delta = min(delta, pair - ke)
    # Exact sums first (a kind that cannot be a 刻子 must then hold the 将), capped after.
    return min(w0, INF), min(w0 + delta, INF)


class Checker:
    """The win checker for one set of rules (built once per variant; the module functions cache them).

    ``wild_targets``: tiles a wildcard may stand for. ``qidui``: 七对 allowed; ``qidui_quads``: a 4-of-a-kind counts
    as two pairs (all our variants; ``False`` only to compare with checkers that refuse it). ``shisanyao``: 十三幺
    allowed. ``universe``: tile kinds that exist in the game (``waits`` candidates, ``distance`` draws).
    """

    def __init__(
        self,
        *,
        wild_targets: Iterable[int] = SUITED,
        qidui: bool = True,
        shisanyao: bool = False,
        qidui_quads: bool = True,
        universe: Iterable[int] = ALL,
    ) -> None:
        self.wild_targets = frozenset(wild_targets)
        self.qidui = qidui
        self.shisanyao = shisanyao
        self.qidui_quads = qidui_quads
        self.universe = tuple(sorted(set(universe)))
        self._any = bool(self.wild_targets)
        self._free_pair = 2 if self._any else INF
        self._yao_any = any(t in self.wild_targets for t in YAOJIU)
        self._masks = tuple(_mask(self.wild_targets, off, ln) for off, ln, _ in _BLOCKS)
        self._lone_rejects = not self._masks[3]  # a lone 字 is never completed (十三幺 aside)
        reach = self.wild_targets | set(self.universe)
        self._dmasks = tuple(_mask(reach, off, ln) for off, ln, _ in _BLOCKS)
        # blocks whose distance prices are the same for the mirror image (suits) or any order (字)
        self._dsym = tuple(
            m in (0, (1 << ln) - 1) if honour else all((m >> i & 1) == (m >> (ln - 1 - i) & 1) for i in range(ln))
            for (_, ln, honour), m in zip(_BLOCKS, self._dmasks, strict=True)
        )
        shared: dict[int, dict[bytes, tuple[int, ...]]] = {}
        tables: list[dict[bytes, tuple[int, ...]]] = []
        for (_, _, honour), mask in zip(_BLOCKS, self._masks, strict=True):
            if honour:
                tables.append({})
            else:
                tables.append(shared.setdefault(mask, {}))
        self._tables: tuple[dict[bytes, tuple[int, ...]], ...] = tuple(tables)
        self._tz = tables[3]
        # distance: (r, d) frontiers of 万+筒 and of 条+字 by their counts (``_standard_distance``)
        self._distances: dict[tuple[bytes, int], int] = {}  # distance by (counts, wildcards)
        # a winning hand's ways by (counts, wildcards): a win is priced when offered, again when taken, and split
        # into groups for the settlement
        self._decomps: dict[tuple[bytes, int], tuple[Decomposition, ...]] = {}
        # Frontiers are few (many counts share one), so they are interned: a block's frontiers and a half's
        # (万+筒 or 条+字) each get an id, and the match of two halves is memoised on (id, id, wildcards).
        self._pairs: dict[bytes, int] = {}  # a half's counts → its frontiers' id
        self._fids: dict[Frontiers, int] = {}  # a block's frontiers → id
        self._block_fronts: list[Frontiers] = []
        # a block's counts → its frontiers' id; the suits whose draws reach the same kinds share one table (a
        # block's frontiers depend only on its counts, whether it is 字 and that mask)
        shared_ids: dict[int, dict[bytes, int]] = {}
        self._block_ids: tuple[dict[bytes, int], ...] = tuple(
            {} if honour else shared_ids.setdefault(m, {})
            for (_, _, honour), m in zip(_BLOCKS, self._dmasks, strict=True))
        self._products: dict[tuple[int, int], int] = {}  # two blocks' ids → their half's id
        self._pids: dict[Frontiers, int] = {}  # a half's frontiers → id
        self._half_fronts: list[Frontiers] = []
        self._matches: dict[tuple[int, int, int], int] = {}  # (half id, half id, w) → ``_standard_distance``
        # decompositions: each block's splits by (block, counts, holds the 将, wildcards at most)
        self._splits_memo: dict[
            tuple[int, bytes, bool, int], tuple[tuple[tuple[Group, ...], int | None, tuple[int, ...]], ...]
        ] = {}
        # decompositions without wildcards: each block's tile count mod 3 and ways, by counts (``_plain_block``)
        self._plain_memo: tuple[dict[bytes, tuple[int, tuple[PlainWay, ...]]], ...] = ({}, {}, {}, {})

    # -- block prices -----------------------------------------------------------------------------------------------
    def _entry(self, b: int, key: bytes) -> tuple[int, ...]:
        """(lower bound, w0, w1, tiles, 七对 wildcards, 十三幺 wildcards, 十三幺 pairs) of one block."""
        table = self._tables[b]
        if len(table) >= MEMO_LIMIT:
            table.clear()
        _, _, honour = _BLOCKS[b]
        mask = self._masks[b]
        if not mask:
            # No wildcard enters: 字 are priced kind by kind, so the entry is that of the sorted counts (≤ 330 are
            # ever worked out); a suit prices as its mirror image (9 → 1), so half the suits are looked up.
            canon = bytes(sorted(key)) if honour else min(key, key[::-1])
            if canon != key:
                entry = table.get(canon) or self._entry(b, canon)
                table[key] = entry
                return entry
        c = tuple(key)
        if honour:
            w0, w1 = _honour_prices(c, mask)
        elif not mask:
            w0, w1 = _plain_prices(c)
        else:
            w0 = _cost(c, False, honour, mask)
            w1 = _cost(c, True, honour, mask)
        qn = INF
        if not mask:
            qn, sn, sd = self._plain_specials(key, honour)
            entry = (min(w0, w1, qn, sn), w0, w1, sum(key), qn, sn, sd)
            table[key] = entry
            return entry
        if self.qidui:
            qn = 0
            for i, x in enumerate(c):
                if x % 2:
                    qn = qn + 1 if mask >> i & 1 else INF
                if not self.qidui_quads and x >= 3:
                    qn = INF
            qn = min(qn, INF)
        sn, sd = INF, 0
        if self.shisanyao:
            yao = range(7) if honour else (0, 8)
            sn = 0
            for i, x in enumerate(c):
                if i in yao:
                    if x == 0:
                        sn = sn + 1 if mask >> i & 1 else INF
                    elif x == 2:
                        sd += 1
                    elif x > 2:
                        sn = INF
                elif x:
                    sn = INF
            sn = min(sn, INF)
        entry = (min(w0, w1, qn, sn), w0, w1, sum(c), qn, sn, sd)
        table[key] = entry
        return entry

    def _plain_specials(self, key: bytes, honour: bool) -> tuple[int, int, int]:
        """(七对, 十三幺 wildcards, 十三幺 pairs) of a block no wildcard may enter: ``_entry``'s loops, by counts."""
        qn = INF
        if self.qidui:
            qn = INF if any(x & 1 for x in key) or (not self.qidui_quads and max(key) >= 3) else 0
        sn, sd = INF, 0
        if self.shisanyao:
            ends = key if honour else key[::8]
            sd = ends.count(2)
            if (honour or not any(key[1:8])) and 0 not in ends and max(ends) <= 2:
                sn = 0
        return qn, sn, sd

    # -- the check --------------------------------------------------------------------------------------------------
    def is_win(self, counts: Sequence[int], wild: int = 0) -> bool:
        """Whether ``counts`` + ``wild`` wildcards form a winning hand (胡牌): 4X+Y (fewer groups after melds),
        七对 or 十三幺 as configured. The group count follows from the tile count (14 − 3k)."""
        # 字 first: in random hands a lone 字 (no 顺子 can take it) rejects at once — before any key is built or
        # looked up when no wildcard may be a 字 (a cold check then prices no block for most random hands), unless
        # 十三幺 is on and every 字 is there (its 字 are singles; no wildcard can stand for a missing one).
        z = counts[27:34]
        if 1 in z and self._lone_rejects and (0 in z or not self.shisanyao):
            return False
        # The keys are slices of the hand as one ``bytes`` (``bytes()`` of a list costs as much for 34 counts as
        # for 7, a slice of bytes far less; a caller's ``bytes`` is taken as it is).
        hand = bytes(counts)
        k = hand[27:34]
        try:
            ez = self._tz[k]
        except KeyError:
            ez = self._entry(3, k)
        if ez[0] > wild:
            return False
        tm, tp, ts, _ = self._tables
        k = hand[0:9]
        try:
            em = tm[k]
        except KeyError:
            em = self._entry(0, k)
        if em[0] > wild:
            return False
        k = hand[9:18]
        try:
            ep = tp[k]
        except KeyError:
            ep = self._entry(1, k)
        if ep[0] > wild:
            return False
        k = hand[18:27]
        try:
            es = ts[k]
        except KeyError:
            es = self._entry(2, k)
        if es[0] > wild:
            return False
        need = em[1] + ep[1] + es[1] + ez[1]
        need += min(em[2] - em[1], ep[2] - ep[1], es[2] - es[1], ez[2] - ez[1], self._free_pair)
        left = wild - need
        if left >= 0 and left % 3 == 0 and (self._any or not left):
            return True
        if em[3] + ep[3] + es[3] + ez[3] + wild != 14:
            return False
        if self.qidui:
            q = em[4] + ep[4] + es[4] + ez[4]
            if q <= wild and (q == wild or self._any):
                return True
        if self.shisanyao:
            sn = em[5] + ep[5] + es[5] + ez[5]
            sd = em[6] + ep[6] + es[6] + ez[6]
            if sd <= 1 and sn <= wild:
                if sd == 1:
                    return sn == wild
                return sn + 1 == wild and (sn > 0 or self._yao_any)
        return False

    def completing(self, counts: Sequence[int], wild: int = 0) -> int:
        """The blocks (bit 0 万, 1 筒, 2 条, 3 字) one more tile of which may make ``counts`` + ``wild`` wildcards a
        win: ``is_win`` refuses a hand any block of which needs more wildcards than it holds, and a tile changes only
        its own block, so every other block must pass already — all four blocks when each does, the one that does
        not when one does not, none when two do not. A necessary condition only (``is_win`` has the last word):
        what a game asks once of a hand that every other seat's discard is then checked against."""
        bad = 0
        hand = bytes(counts)
        for b, (off, ln, _) in enumerate(_BLOCKS):
            k = hand[off:off + ln]
            entry = self._tables[b].get(k)
            if entry is None:
                entry = self._entry(b, k)
            if entry[0] > wild:
                if bad:
                    return 0
                bad = 1 << b
        return bad or 0b1111

    # -- decompositions ---------------------------------------------------------------------------------------------
    def decompositions(self, counts: Sequence[int], wild: int = 0) -> list[Decomposition]:
        """Every distinct way the hand wins (sorted; ``[]`` when it does not). Scoring picks among them (碰碰胡,
        清一色, 七对/龙七对, 将将胡 …). Groups of three wildcards and a pair of two are reported as free (see
        ``Decomposition``), so the list stays finite and small."""
        if max(counts) <= 4 and not self.is_win(counts, wild):
            # The block prices say so at once (most callers ask of hands that do not win); they are tabled for at
            # most four copies, and a caller may ask with the 红中 counted as tiles (eight of them).
            return []
        key = (bytes(counts), wild)
        known = self._decomps.get(key)
        if known is None:
            if len(self._decomps) >= MEMO_LIMIT:
                self._decomps.clear()
            known = self._decomps[key] = tuple(self._ways(key[0], wild))
        return list(known)  # (the caller's own list)

    def _ways(self, counts: bytes, wild: int) -> list[Decomposition]:
        total = sum(counts) + wild
        if not wild:
            return self._plain_ways(counts, total)
        out: set[Decomposition] = set()
        if total % 3 == 2:
            self._standard(counts, wild, out)
        if total == 14 and self.qidui and (wild or (1 not in counts and 3 not in counts)):
            # (without wildcards an odd count is never a 七对: most winning hands hold one)
            d = self._qidui(counts, wild)
            if d is not None:
                out.add(d)
        if total == 14 and self.shisanyao:
            d = self._shisanyao(counts, wild)
            if d is not None:
                out.add(d)
        return sorted(out, key=_order)

    def _plain_ways(self, counts: bytes, total: int) -> list[Decomposition]:
        """``_ways`` of a hand without wildcards, already distinct and in ``_order`` (no set, no sort of one way).

        Groups hold 3k tiles, so the 将 sits in the one block of 3k + 2 tiles and every other block holds 3k (else
        nothing splits), and each way is one split per block (``_combine`` with nothing to share out). A block's
        splits are distinct and their groups sorted (刻子 then 顺子, each by tile: ``Group``'s order), and blocks
        follow in tile order, so a way's groups are the blocks' 刻子 and then their 顺子, in block order."""
        out: list[Decomposition] = []
        if total == 14:
            # (七对 and 十三幺 sort first: their shapes' names come before "standard"; no hand is both)
            if self.qidui and 1 not in counts and 3 not in counts:  # (an odd count is never a 七对 pair)
                d = self._qidui(counts, 0)
                if d is not None:
                    out.append(d)
            if self.shisanyao:
                d = self._shisanyao(counts, 0)
                if d is not None:
                    out.append(d)
        if total % 3 != 2:
            return out
        tm, tp, ts, tz = self._plain_memo
        k = counts[0:9]
        rm, wm = tm.get(k) or self._plain_block(0, k)
        k = counts[9:18]
        rp, wp = tp.get(k) or self._plain_block(1, k)
        k = counts[18:27]
        rs, ws = ts.get(k) or self._plain_block(2, k)
        k = counts[27:34]
        rz, wz = tz.get(k) or self._plain_block(3, k)
        # (a block of 3k + 1 tiles has no split; of the others exactly one may hold 3k + 2: the 将)
        if rm + rp + rs + rz != 2 or not (wm and wp and ws and wz):
            return out
        standard = [
            _plain_way(
                pm if pm is not None else pp if pp is not None else ps if ps is not None else pz,
                km + kp + ks + kz + sm + sp + ss,
            )
            for (km, sm, pm), (kp, sp, pp), (ks, ss, ps), (kz, _, pz) in itertools.product(wm, wp, ws, wz)
        ]
        if len(standard) > 1:
            standard.sort(key=_plain_order)
        return out + standard

    def _plain_block(self, b: int, key: bytes) -> tuple[int, tuple[PlainWay, ...]]:
        """Block ``b``'s tile count mod 3 and its splits without wildcards — with the 将 when it holds 3k + 2
        tiles, none when 3k + 1 — each as (刻子, 顺子, 将 tile) in tile ids with its groups sorted, every split once
        (the set ``_plain_splits`` finds); tabled in ``_plain_memo``."""
        memo = self._plain_memo[b]
        if len(memo) >= MEMO_LIMIT:
            memo.clear()
        off, n, honour = _BLOCKS[b]
        c = list(key)
        r = sum(key) % 3
        found: tuple[PlainWay, ...] = ()
        if r == 0:
            found = tuple((ke, shun, None) for ke, shun in _group_ways(c, 0, off, honour))
        elif r == 2:
            # Groups' positions sum to 0 mod 3 (i + i+1 + i+2, or 3i), so the 将 sits at p with 2p ≡ Σ i·c[i].
            ways: list[PlainWay] = []
            for p in range(2 * (sum(key[1::3]) + 2 * sum(key[2::3])) % 3, n, 3):
                if c[p] >= 2:
                    c[p] -= 2
                    ways += [(ke, shun, p + off) for ke, shun in _group_ways(c, 0, off, honour)]
                    c[p] += 2
            found = tuple(ways)
        entry = memo[key] = (r, found)
        return entry

    def _standard(self, counts: Sequence[int], wild: int, out: set[Decomposition]) -> None:
        key = bytes(counts)
        blocks = [key[off : off + ln] for off, ln, _ in _BLOCKS]
        for pair_block in (0, 1, 2, 3, None):
            self._combine(blocks, 0, pair_block, wild, (), None, (), out)

    def _combine(
        self,
        blocks: list[bytes],
        b: int,
        pair_block: int | None,
        budget: int,
        groups: tuple[Group, ...],
        pair: int | None,
        wild_as: tuple[int, ...],
        out: set[Decomposition],
    ) -> None:
        if b == 4:
            free_pair = 0
            if pair_block is None:
                if budget < 2:
                    return
                budget -= 2
                free_pair = 1
            if budget % 3 or ((budget or free_pair) and not self._any):
                return
            out.add(
                Decomposition(
                    "standard",
                    pair=pair,
                    groups=tuple(sorted(groups, key=_group_order)),
                    free_groups=budget // 3,
                    free_pairs=free_pair,
                    wild_as=tuple(sorted(wild_as)),
                )
            )
            return
        for bg, bp, bw in self._splits(b, blocks[b], pair_block == b, budget):
            self._combine(blocks, b + 1, pair_block, budget - len(bw), groups + bg,
                          pair if bp is None else bp, wild_as + bw, out)

    def _splits(
        self, b: int, key: bytes, want: bool, budget: int
    ) -> tuple[tuple[tuple[Group, ...], int | None, tuple[int, ...]], ...]:
        """Every split of block ``b`` (``_block_decomps``) within ``budget`` wildcards, in tile ids, memoised on the
        block's counts (a hand's blocks recur across the hands scoring and 听牌 lists look at)."""
        memo = self._splits_memo
        k = (b, key, want, budget)
        try:
            return memo[k]
        except KeyError:
            pass
        if len(memo) >= MEMO_LIMIT:
            memo.clear()
        off, _, honour = _BLOCKS[b]
        mask = self._masks[b]
        c = tuple(key)
        found: tuple[tuple[tuple[Group, ...], int | None, tuple[int, ...]], ...] = ()
        if not mask:
            found = tuple(
                (tuple(_group(kind, first + off) for kind, first in bg), None if bp is None else bp + off, ())
                for bg, bp in _plain_splits(list(c), want, honour)
            )
        elif _cost(c, want, honour, mask) <= budget:
            found = tuple(
                (
                    tuple(Group(g[0], g[1] + off, tuple(sorted(x + off for x in g[2]))) for g in bg),
                    None if bp is None else bp + off,
                    tuple(x + off for x in bw),
                )
                for bg, bp, bw in _block_decomps(c, want, honour, mask, budget)
            )
        memo[k] = found
        return found

    def _qidui(self, counts: Sequence[int], wild: int) -> Decomposition | None:
        pairs: list[int] = []
        wild_as: list[int] = []
        for t in range(KINDS):
            x = counts[t]
            if not self.qidui_quads and x >= 3:
                return None
            pairs += [t] * (x // 2)
            if x % 2:
                if t not in self.wild_targets:
                    return None
                pairs.append(t)
                wild_as.append(t)
        left = wild - len(wild_as)
        if left < 0 or left % 2 or (left and not self._any):
            return None
        return Decomposition("qidui", pairs=tuple(pairs), free_pairs=left // 2, wild_as=tuple(wild_as))

    def _shisanyao(self, counts: Sequence[int], wild: int) -> Decomposition | None:
        if any(counts[t] for t in range(KINDS) if t not in YAOJIU):
            return None
        doubled = [t for t in YAOJIU if counts[t] == 2]
        if len(doubled) > 1 or any(counts[t] > 2 for t in YAOJIU):
            return None
        missing = [t for t in YAOJIU if not counts[t]]
        if any(t not in self.wild_targets for t in missing):
            return None
        need = len(missing) + (0 if doubled else 1)
        if need != wild or (not doubled and not missing and not self._yao_any):
            return None
        return Decomposition("shisanyao", pair=doubled[0] if doubled else None, wild_as=tuple(missing))

    # -- waits and distance -----------------------------------------------------------------------------------------
    def waits(self, counts: Sequence[int], wild: int = 0, *, wild_tile: int | None = None) -> list[int]:
        """Sorted tile ids that complete a 13 − 3k tile hand (its 听牌 list): each kind of ``universe`` with fewer than
        four copies in the hand. With ``wild_tile`` (红中 = 33) that id is listed too when one more wildcard wins."""
        c = list(counts)
        out: list[int] = []
        for t in self.universe:
            if c[t] >= 4:
                continue
            if not wild and not (self.shisanyao and t in _YAOJIU_SET):
                # Without wildcards only a tile touching the hand can complete it (十三幺 aside).
                if t >= 27:
                    if not c[t]:
                        continue
                else:
                    lo, hi = t - t % 9, t - t % 9 + 8
                    if not any(c[u] for u in range(max(lo, t - 2), min(hi, t + 2) + 1)):
                        continue
            c[t] += 1
            if self.is_win(c, wild):
                out.append(t)
            c[t] -= 1
        if wild_tile is not None and wild_tile not in out and self.is_win(counts, wild + 1):
            out.append(wild_tile)
        return sorted(out)

    def distance(self, counts: Sequence[int], wild: int = 0, *, limit: int | None = None) -> int:
        """Tiles away from a win (for the AI): the fewest draws, each replacing one hand tile, after which the hand
        wins. A winning 14 − 3k hand is 0, a 听牌 13 − 3k hand is 1 (standard 向听数 = distance − 1).

        A drawn tile may be any kind of ``universe`` (or of ``wild_targets``); exact when ``wild == 0`` or the
        wildcards reach every kind of the universe, otherwise a lower bound. The 4-copy limit is not considered.
        ``limit``: only whether the hand is within ``limit`` matters — a farther hand answers ``limit + 1``, which
        lets the search stop early (the AI asks "is this discard as good as the best?").

        Memoised on the hand (the AI asks of the same hands again and again); a bounded answer is the exact one
        capped at ``limit + 1``."""
        memo = self._distances
        key = (bytes(counts), wild)
        try:
            out = memo[key]
        except KeyError:
            if len(self._pairs) >= MEMO_LIMIT or len(self._matches) >= MEMO_LIMIT:
                self._forget_frontiers()  # (not in the middle of a search: ids are kept within one)
            out = self._exact_distance(key[0], wild)
            if len(memo) >= MEMO_LIMIT:
                memo.clear()
            memo[key] = out
        return out if limit is None else min(out, limit + 1)

    def first_discard(
        self, hand: bytes, wild: int, ranked: Sequence[int], target: int | None = None
    ) -> tuple[int, int]:
        """The first tile of ``ranked`` whose discard leaves a hand within ``target`` of a win, with that distance
        (``distance`` capped at ``target + 1``), else the nearest one; ``ranked`` holds tiles of ``hand`` (3k + 2
        tiles without the ``wild`` wildcards, which no candidate is). ``target`` defaults to what the best discard
        keeps: ``max(distance(hand, wild), 1)``, worked out here from the same halves and counts.

        What the AI asks on every turn, one candidate after another: each candidate's hand differs from ``hand`` by
        one tile, so the half it leaves alone keeps its frontier id (the figures are ``distance``'s, in the same
        steps)."""
        if len(self._pairs) >= MEMO_LIMIT or len(self._matches) >= MEMO_LIMIT:
            self._forget_frontiers()
        pairs = self._pairs
        matches = self._matches
        low, high = hand[:18], hand[18:]
        a = pairs.get(low)
        if a is None:
            a = self._pair_entry(low, 0)
        b = pairs.get(high)
        if b is None:
            b = self._pair_entry(high, 2)
        n = sum(hand) + wild
        if n % 3 != 2:
            raise ValueError("a discard is made from a hand of 3n+2 tiles")
        w = wild + 1  # the 13 − 3k hand left needs one more tile
        specials = n == 14 and (self.qidui or self.shisanyao)
        # With the hand's own distance as the target no candidate is nearer than it (a hand k away after a discard
        # was k + 1 away before it, that tile given up too), so a candidate the 4X+Y figure brings to the target
        # needs no 七对 / 十三幺 figure; with a caller's target, every candidate is priced whole.
        own = target is None
        # With its own target, a candidate whose 七对 / 十三幺 figure cannot reach the target needs none either: one
        # tile out and one free tile in moves those figures by at most one, so a candidate's is at least the hand's
        # less one, and a hand priced above the target leaves every candidate at or beyond it.
        skip_specials = False
        if target is None:  # ``_exact_distance`` of the whole hand (3k + 2 tiles: nothing extra)
            k = (a, b, wild)
            d = matches.get(k)
            if d is None:
                d = matches[k] = self._match(a, b, wild)
            if specials and d > 0:
                special = self._special_distance(hand, wild)
                d = min(d, special)
                skip_specials = special > max(d, 1)
            target = max(d, 1)
        best: tuple[int, int] | None = None
        for t in ranked:
            half = bytearray(low if t < 18 else high)
            half[t if t < 18 else t - 18] -= 1
            key = bytes(half)
            other = pairs.get(key)
            if other is None:
                other = self._pair_entry(key, 0 if t < 18 else 2)
            k = (other, b, w) if t < 18 else (a, other, w)
            d = matches.get(k)
            if d is None:
                d = matches[k] = self._match(*k)
            if specials and d > 0 and not (own and (d < target or skip_specials)):
                d = min(d, self._special_distance(key + high if t < 18 else low + key, w))
            d = min(d + 1, target + 1)
            if d <= target:
                return t, d
            if best is None or d < best[1]:
                best = (t, d)
        assert best is not None, "a candidate to discard"
        return best

    def _exact_distance(self, counts: bytes, wild: int) -> int:
        n = sum(counts) + wild
        if n % 3 == 0:
            raise ValueError("distance needs a hand of 3n+1 or 3n+2 tiles")
        extra = 1 if n % 3 == 1 else 0
        w = wild + extra
        # 七对 / 十三幺: cheap to price, and they bound the 4X+Y search below
        special = self._special_distance(counts, w) if n + extra == 14 else INF
        best = special if special <= 0 else min(self._standard_distance(counts, w, special - 1), special)
        return best + extra

    def _standard_distance(self, key: bytes, w: int, cap: int = INF) -> int:
        """The fewest tiles given up (r) so that the kept tiles plus ``w + r`` free tiles form the groups and the
        将 (answers above ``cap`` are ``cap + 1``).

        Each block offers (s, d) choices — s of its tiles given up, d = wildcards it then needs − s — and only its
        Pareto frontier matters (fewer tiles given up and no more wildcards net is never worse); the blocks' choices
        add up, the hand wins when Σ d ≤ w, and r = Σ s is minimised. 万+筒 and 条+字 are folded into one frontier
        each (memoised on their counts: a discard changes one of the two), then the two are matched. ``key``: the
        hand's counts as bytes."""
        pairs = self._pairs
        low = key[:18]
        a = pairs.get(low)
        if a is None:
            a = self._pair_entry(low, 0)
        high = key[18:]
        b = pairs.get(high)
        if b is None:
            b = self._pair_entry(high, 2)
        k = (a, b, w)
        best = self._matches.get(k)
        if best is None:
            best = self._matches[k] = self._match(a, b, w)
        if best > cap:
            return cap + 1 if cap < INF else INF  # INF unreachable: replacing every tile always works
        return best

    def _match(self, low: int, high: int, w: int) -> int:
        """The fewest tiles given up with the halves' frontiers (ids) and ``w`` free tiles (``_standard_distance``)."""
        n1, p1 = self._half_fronts[low]
        n2, p2 = self._half_fronts[high]
        best = INF
        for a, x in n1:
            for b, y in p2:
                if x + y <= w:
                    if a + b < best:
                        best = a + b
                    break  # d falls as r grows: the first that fits is the cheapest
            for b, y in n2:
                if x + y + 2 <= w:  # the 将 from two free tiles
                    if a + b < best:
                        best = a + b
                    break
        for a, x in p1:
            for b, y in n2:
                if x + y <= w:
                    if a + b < best:
                        best = a + b
                    break
        return best

    def _forget_frontiers(self) -> None:
        for ids in self._block_ids:
            ids.clear()
        self._pairs.clear()
        self._fids.clear()
        self._block_fronts.clear()
        self._products.clear()
        self._pids.clear()
        self._half_fronts.clear()
        self._matches.clear()

    def _pair_entry(self, key: bytes, first: int) -> int:
        """The id of the (r, d) frontiers of blocks ``first`` and ``first + 1`` together: without the 将, and with
        it in either block."""
        cut = _BLOCKS[first][1]
        ids = self._block_ids
        k = key[:cut]
        fa = ids[first].get(k)  # (``_block_id``'s first step: most blocks are known)
        if fa is None:
            fa = self._block_id(k, first)
        k = key[cut:]
        fb = ids[first + 1].get(k)
        if fb is None:
            fb = self._block_id(k, first + 1)
        pid = self._products.get((fa, fb))
        if pid is None:
            a0, a1 = self._block_fronts[fa]
            b0, b1 = self._block_fronts[fb]
            none = _pareto([(s + t, d + e) for s, d in a0 for t, e in b0])
            paired = _pareto([(s + t, d + e) for s, d in a0 for t, e in b1]
                             + [(s + t, d + e) for s, d in a1 for t, e in b0])
            entry = (tuple(none), tuple(paired))
            pid = self._pids.get(entry)
            if pid is None:
                pid = self._pids[entry] = len(self._half_fronts)
                self._half_fronts.append(entry)
            self._products[(fa, fb)] = pid
        self._pairs[key] = pid
        return pid

    def _block_id(self, key: bytes, b: int) -> int:
        ids = self._block_ids[b]
        fid = ids.get(key)
        if fid is not None:
            return fid
        # A block whose draws reach every kind alike (or none) shares its frontiers with its mirror image (a suit) or
        # any reordering (字, priced kind by kind), so fewer are worked out; it takes the id of that image when it is
        # known (no frontier looked up and hashed again).
        honour = _BLOCKS[b][2]
        canon = (bytes(sorted(key)) if honour else min(key, key[::-1])) if self._dsym[b] else key
        if canon is not key:
            fid = ids.get(canon)
            if fid is not None:
                ids[key] = fid
                return fid
        entry = _frontier(canon, honour, self._dmasks[b])
        fid = self._fids.get(entry)
        if fid is None:
            fid = self._fids[entry] = len(self._block_fronts)
            self._block_fronts.append(entry)
        ids[key] = fid
        if canon is not key:
            ids[canon] = fid
        return fid

    def _special_distance(self, counts: bytes, w: int) -> int:
        """The distance of 13 or 14 tiles with ``w`` free ones to 七对 or 十三幺, as played (INF if neither is)."""
        special = INF
        if self.qidui:
            special = self._qidui_distance(counts, w)
        if self.shisanyao:
            special = min(special, self._shisanyao_distance(counts, w))
        return special

    def _qidui_distance(self, counts: bytes, w: int) -> int:
        if not self.qidui_quads:
            # Seven different kinds are needed (the common 七对 向听 formula); wildcards ignored (a lower bound).
            kinds = len(counts) - counts.count(0)
            pairs = kinds - counts.count(1)
            return max(0, 7 - pairs + max(0, 7 - kinds) - w)
        # A 4-of-a-kind is two pairs: every tile is in a pair or a single, and each draw pairs one single.
        pairs = sum(counts.translate(_HALVES))
        singles = sum(counts) - 2 * pairs
        a = min(singles, w)
        return max(0, 7 - (pairs + a + (w - a) // 2))

    def _shisanyao_distance(self, counts: bytes, w: int) -> int:
        ends: tuple[int, ...] = _YAO_COUNTS(counts)
        missing = ends.count(0)
        doubled = max(ends) >= 2
        return max(0, missing + (0 if doubled else 1) - w)


@lru_cache(maxsize=1 << 17)
def _profile(c: tuple[int, ...], honour: bool, mask: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """``_cost`` for every number of tiles given up, without and with the pair: entry r is the fewest wildcards
    completing the best kept part of ``c`` with r tiles given up (replaced by free draws). The lowest real tile is
    either given up (one copy) or kept in one of the groups ``_cost`` tries for it, so only the states that search
    reaches are priced, not every kept subset; both profiles in one pass (they take the same steps, the pair's
    profile also the 将 of that tile on the profile without)."""
    n = len(c)
    i = 0
    while i < n and not c[i]:
        i += 1
    if i == n:
        return (0,), (INF,)
    ci = c[i]
    lst = list(c)
    lst[i] = ci - 1
    none, paired = _profile(tuple(lst), honour, mask)  # one copy of tile i given up: r + 1
    best0 = [INF, *none]
    best1 = [INF, *paired]

    def keep(w: int, rest: list[int]) -> None:
        none, paired = _profile(tuple(rest), honour, mask)
        for r, v in enumerate(none):
            v += w
            if v < best0[r]:
                best0[r] = v
        for r, v in enumerate(paired):
            v += w
            if v < best1[r]:
                best1[r] = v

    free_i = mask >> i & 1
    for t in range(1, min(ci, 3) + 1):  # 刻子 of tile i, 3 − t wildcards
        w = 3 - t
        if w and not free_i:
            continue
        lst[i] = ci - t
        keep(w, lst)
    for t in range(1, min(ci, 2) + 1):  # 将 of tile i: the pair's profile from the rest's without
        w = 2 - t
        if w and not free_i:
            continue
        lst[i] = ci - t
        for r, v in enumerate(_profile(tuple(lst), honour, mask)[0]):
            v += w
            if v < best1[r]:
                best1[r] = v
    if not honour:
        # 顺子 s, s+1, s+2 holding tile i: its tiles below i are wildcards (none is real), each above is a real
        # copy or a wildcard
        lst[i] = ci - 1
        for s in (i - 2, i - 1, i):
            if s < 0 or s > n - 3 or (s < i and not mask >> s & 1) or (s < i - 1 and not mask >> (s + 1) & 1):
                continue
            base = i - s
            if s == i - 2:
                keep(base, lst)
                continue
            m = i + 1
            if s == i - 1:
                if c[m]:
                    lst[m] -= 1
                    keep(base, lst)
                    lst[m] += 1
                if mask >> m & 1:
                    keep(base + 1, lst)
                continue
            m2 = i + 2
            free_m = mask >> m & 1
            free_m2 = mask >> m2 & 1
            if c[m]:
                lst[m] -= 1
                if c[m2]:
                    lst[m2] -= 1
                    keep(base, lst)
                    lst[m2] += 1
                if free_m2:
                    keep(base + 1, lst)
                lst[m] += 1
            if free_m:
                if c[m2]:
                    lst[m2] -= 1
                    keep(base + 1, lst)
                    lst[m2] += 1
                if free_m2:
                    keep(base + 2, lst)
    return tuple([v if v < INF else INF for v in best0]), tuple([v if v < INF else INF for v in best1])


def _pareto(points: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The (r, d) points no other point beats on both (r ascending, d strictly descending)."""
    points.sort()
    out: list[tuple[int, int]] = []
    last = INF
    for a, x in points:
        if x < last:
            out.append((a, x))
            last = x
    return out


@lru_cache(maxsize=1 << 16)
def _frontier(key: bytes, honour: bool, mask: int) -> tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]:
    """A block's (tiles given up, wildcards needed − tiles given up) frontier, without and with the 将."""
    p0, p1 = _profile(tuple(key), honour, mask)
    return (tuple(_pareto([(s, c - s) for s, c in enumerate(p0) if c < INF])),
            tuple(_pareto([(s, c - s) for s, c in enumerate(p1) if c < INF])))


def _block_decomps(
    c: tuple[int, ...], pair: bool, honour: bool, mask: int, budget: int
) -> Iterator[tuple[list[tuple[str, int, tuple[int, ...]]], int | None, list[int]]]:
    """Every split of one block into groups (each with a real tile) and, if ``pair``, one pair, using at most
    ``budget`` wildcards: yields (groups as (kind, first, wild positions), pair position, wildcard positions)."""
    n = len(c)
    i = 0
    while i < n and not c[i]:
        i += 1
    if i == n:
        if not pair:
            yield [], None, []
        return
    ci = c[i]
    free_i = mask >> i & 1
    lst = list(c)

    def rest(
        sub: list[int], still_pair: bool, used: int
    ) -> Iterator[tuple[list[tuple[str, int, tuple[int, ...]]], int | None, list[int]]]:
        t = tuple(sub)
        if used + _cost(t, still_pair, honour, mask) > budget:
            return
        yield from _block_decomps(t, still_pair, honour, mask, budget - used)

    for t in range(1, min(ci, 3) + 1):
        w = 3 - t
        if w and not free_i:
            continue
        lst[i] = ci - t
        wild = (i,) * w
        for g, p, ws in rest(lst, pair, w):
            yield [("ke", i, wild)] + g, p, list(wild) + ws
    if pair:
        for t in range(1, min(ci, 2) + 1):
            w = 2 - t
            if w and not free_i:
                continue
            lst[i] = ci - t
            wild = (i,) * w
            for g, _, ws in rest(lst, False, w):
                yield g, i, list(wild) + ws
    lst[i] = ci
    if honour:
        return
    for s in (i - 2, i - 1, i):
        if s < 0 or s > n - 3:
            continue
        below = list(range(s, i))
        if any(not mask >> m & 1 for m in below):
            continue
        above = list(range(i + 1, s + 3))
        for use in itertools.product((True, False), repeat=len(above)):
            if any(real and not c[m] for m, real in zip(above, use, strict=True)):
                continue
            if any(not real and not mask >> m & 1 for m, real in zip(above, use, strict=True)):
                continue
            wild_pos = tuple(below + [m for m, real in zip(above, use, strict=True) if not real])
            sub = list(c)
            sub[i] -= 1
            for m, real in zip(above, use, strict=True):
                if real:
                    sub[m] -= 1
            for g, p, ws in rest(sub, pair, len(wild_pos)):
                yield [("shun", s, wild_pos)] + g, p, list(wild_pos) + ws


def clear_memo() -> None:
    """Forget every memoised block price (benchmarks measure the cold start with it)."""
    _cost.cache_clear()
    _profile.cache_clear()
    _frontier.cache_clear()
    checker.cache_clear()


@lru_cache(maxsize=64)
def checker(
    wild_targets: frozenset[int] = SUITED,
    qidui: bool = True,
    shisanyao: bool = False,
    qidui_quads: bool = True,
    universe: frozenset[int] = ALL,
) -> Checker:
    """The shared ``Checker`` for these rules."""
    return Checker(
        wild_targets=wild_targets, qidui=qidui, shisanyao=shisanyao, qidui_quads=qidui_quads, universe=universe
    )


def is_win(
    counts: Sequence[int],
    wild: int = 0,
    *,
    allow_qidui: bool = True,
    allow_shisanyao: bool = False,
    wild_targets: Iterable[int] = SUITED,
) -> bool:
    """Whether the hand wins (胡牌); see ``Checker.is_win``."""
    return checker(frozenset(wild_targets), allow_qidui, allow_shisanyao).is_win(counts, wild)


def decompositions(
    counts: Sequence[int],
    wild: int = 0,
    *,
    allow_qidui: bool = True,
    allow_shisanyao: bool = False,
    wild_targets: Iterable[int] = SUITED,
) -> list[Decomposition]:
    """Every way the hand wins; see ``Checker.decompositions``."""
    return checker(frozenset(wild_targets), allow_qidui, allow_shisanyao).decompositions(counts, wild)


def waits(
    counts: Sequence[int],
    wild: int = 0,
    *,
    allow_qidui: bool = True,
    allow_shisanyao: bool = False,
    wild_targets: Iterable[int] = SUITED,
    universe: Iterable[int] = ALL,
    wild_tile: int | None = None,
) -> list[int]:
    """The 听牌 list of a 13 − 3k tile hand; see ``Checker.waits``."""
    return checker(frozenset(wild_targets), allow_qidui, allow_shisanyao, True, frozenset(universe)).waits(
        counts, wild, wild_tile=wild_tile
    )


def distance(
    counts: Sequence[int],
    wild: int = 0,
    *,
    allow_qidui: bool = True,
    allow_shisanyao: bool = False,
    wild_targets: Iterable[int] = SUITED,
    universe: Iterable[int] = ALL,
) -> int:
    """Tiles away from a win; see ``Checker.distance``."""
    return checker(frozenset(wild_targets), allow_qidui, allow_shisanyao, True, frozenset(universe)).distance(
        counts, wild
    )

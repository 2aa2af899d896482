"""Baseline 字牌 AI: always legal, cheap, sensible — wins when it can, keeps sets and pairs, takes
claims that tidy its hand, and discards loose cards others are unlikely to 吃/碰."""

from __future__ import annotations

from ..core import Action, Game
from .cards import N_KINDS, name, parse_cards
from .game import ZipaiGame
from .groups import group_huxi


def _links(counts: list[int], c: int) -> float:
    """How well card ``c`` fits with the rest of the hand (pairs, neighbours, 绞 and 二七十 partners)."""
    n = counts[c]
    if n >= 3:
        return 100.0  # 坎: never broken
    score = 3.0 if n == 2 else 0.0
    case, r = divmod(c, 10)
    for d, w in ((1, 1.5), (2, 0.8)):
        if r - d >= 0 and counts[c - d]:
            score += w
        if r + d <= 9 and counts[c + d]:
            score += w
    other = c + 10 if case == 0 else c - 10
    if counts[other]:
        score += 1.0 + (0.5 if counts[other] == 2 else 0)
    if r in (1, 6, 9):
        score += 0.7 * sum(1 for rr in (1, 6, 9) if rr != r and counts[case * 10 + rr])
    return score


def _isolated(counts: list[int]) -> int:
    return sum(counts[c] for c in range(N_KINDS) if counts[c] and _links(counts, c) < 1.0)


def _visible(game: ZipaiGame, card: int) -> int:
    seen = sum(o.count(card) for o in game.outs)
    for melds in game.melds:
        for m in melds:
            if m.shown:
                seen += m.group.cards.count(card)
    return seen


def discard_badness(game: ZipaiGame, seat: int, a: Action) -> tuple[float, int]:
    """How little a discard costs the hand (and how unlikely another seat claims it): lowest is thrown first."""
    c = parse_cards(a.cards[0])[0]
    danger = 0.0 if _visible(game, c) >= 2 else 0.6
    return (_links(game.hands[seat], c) + danger, c)


def choose_discard(game: ZipaiGame, seat: int, legal: list[Action]) -> Action:
    return min(legal, key=lambda a: discard_badness(game, seat, a))


def choose(game: Game, seat: int) -> Action:
    assert isinstance(game, ZipaiGame)
    legal = game.legal_actions(seat)
    if not legal:
        raise ValueError(f"seat {seat} has nothing to do")
    by_kind: dict[str, list[Action]] = {}
    for a in legal:
        by_kind.setdefault(a.kind, []).append(a)
    if "hu" in by_kind:
        return by_kind["hu"][0]
    if "discard" in by_kind:
        return choose_discard(game, seat, by_kind["discard"])
    if "peng" in by_kind:
        return by_kind["peng"][0]
    if "chi" in by_kind:
        counts = game.hands[seat]
        before = _isolated(counts)
        best: tuple[float, Action] | None = None
        for a in by_kind["chi"]:
            groups = [tuple(parse_cards(g)) for g in a.cards]
            after = list(counts)
            card = game.window.card if game.window is not None else None
            used = [c for g in groups for c in g]
            if card is not None:
                used.remove(card)
            for c in used:
                after[c] -= 1
            gain = sum(group_huxi("chi", g) for g in groups)
            merit = (before - _isolated(after)) + gain / 3 - 0.5 * (len(groups) - 1)
            if merit >= 0 and (best is None or merit > best[0]):
                best = (merit, a)
        if best is not None:
            return best[1]
    return Action("pass")


def choose_easy(game: Game, seat: int) -> Action:
    """简单: a beginner. Wins, 碰s and 吃s as 普通 does, but discards by a shallow rule — the card it holds fewest
    of, the biggest first — blind to neighbours, 绞, 二七十 and what the table has shown. (Missing every 吃 was
    tried first: over 300 duplicate deals of 跑胡子 it lost nothing against 普通, so it is no 简单.)"""
    assert isinstance(game, ZipaiGame)
    legal = game.legal_actions(seat)
    discards = [a for a in legal if a.kind == "discard"]
    if not discards or any(a.kind == "hu" for a in legal):
        return choose(game, seat)
    counts = game.hands[seat]
    return min(discards, key=lambda a: (counts[c := parse_cards(a.cards[0])[0]], -c))


__all__ = ["choose", "choose_easy", "name"]

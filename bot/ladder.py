"""The ladder as players read it: rank tiers named as the Chinese apps name them, a ruleset in words, recent form.

Tiers (段位) go by the ladder points (``storage.ratings.ladder_points``: 1000 for a new player, μ − 3σ on a scale of
40 per unit): 青铜 below 1200, 白银, 黄金, 铂金, 钻石 every 200 points up, 大师 from 2200 on, 王者 from 2600. A
player is in 定级赛 (placement) until five rated matches on that ladder, as the apps show no tier before.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.registry import get_variant
from storage.ratings import PLACEMENT, ladder_points, rules_of

from .i18n import marked, tr
from .options_text import choice_label, option_label, variant_name

# (lowest points, the tier's name in the reader's words), highest first
TIERS: list[tuple[int, Callable[[], str]]] = [
    (2600, lambda: tr("王者")), (2200, lambda: tr("大师")), (2000, lambda: tr("钻石")), (1800, lambda: tr("铂金")),
    (1600, lambda: tr("黄金")), (1200, lambda: tr("白银")), (-(10 ** 9), lambda: tr("青铜"))]


def tier(points: int, matches: int) -> str:
    """The tier of ``points`` in the reader's words, or 定级赛 while the player has fewer than five matches."""
    if matches < PLACEMENT:
        return tr("定级赛 {n}/{of}", n=matches, of=PLACEMENT)
    return next(name for lowest, name in TIERS if points >= lowest)()


def ruleset_name(ruleset: str) -> str:
    """A ladder in words: the variant, then each rule option whose value is not the default (「长沙麻将 · 抓鸟 4」)."""
    variant = get_variant(ruleset.split(";", 1)[0])
    declared = {o.key: o for o in variant.options}
    parts = [variant_name(variant)]
    for key, value in rules_of(ruleset).items():
        opt = declared.get(key)
        if opt is not None and value != opt.default:
            parts.append(f"{option_label(opt)} {choice_label(opt, value)}")
    return marked(" · ").join(parts) if len(parts) > 1 else parts[0]


def rating_line(row: dict[str, Any]) -> str:
    """A rating as a board or /rank shows it: points and tier."""
    points = ladder_points(row["mu"], row["sigma"])
    return tr("{points} 分 · {tier}", points=points, tier=tier(points, int(row["matches"])))


def form_text(form: list[dict[str, Any]]) -> str:
    """Recent form, newest first: each match's place among its humans and the change in points."""
    return marked("、").join(tr("第{place}/{of}（{change}）", place=f["place"], of=f["of"], change=f"{f['change']:+d}")
                             for f in form)

"""Controls are named by the family: the bot lays out any family's actions from the engine's names and
groups, and a panel with more actions than five selects hold pages instead of dropping the rest."""

from __future__ import annotations

import copy
import random
import re
from typing import Any

from bot.present.controls import ASK_PAGE, action_view
from bot.service.table import Seat, Table
from engine.core import PASS_ROLE, WIN_ROLE, Action, ActionName
from engine.match import Match
from engine.registry import all_variants
from fake_discord import playing
from fake_discord.layout import action_rows, controls

from .conftest import Env

ASCII_LETTER = re.compile(r"[A-Za-z]")


def _toy_table() -> Table:
    match = Match("toy", {}, first_dealer=0)
    seats = [Seat(1 + i, n) for i, n in enumerate(["小明", "阿强", "老王"])]
    table = Table(9, 1, 1, 1, "toy", match.options, {"timer": 0}, "playing", seats)
    table.match = match
    match.new_hand(1)
    return table


class NewFamily:
    """A family the bot has never heard of: verbs no table in bot/ knows, named by the game itself."""

    WORDS = {"flip": "翻", "swap": "换", "fold": "扣", "claim": "报听", "skip": "让"}

    def __init__(self, inner: Any, legal: list[Action]) -> None:
        self.inner, self.legal = inner, legal
        self.applied: list[Action] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def to_act(self) -> list[int]:
        return [0]

    def legal_actions(self, seat: int) -> list[Action]:
        return list(self.legal) if seat == 0 else []

    def name_action(self, action: Action) -> ActionName:
        word = self.WORDS[action.kind]
        role = {"claim": WIN_ROLE, "skip": PASS_ROLE}.get(action.kind, "")
        return ActionName(f"{word}{''.join(action.cards)}", word, role)

    def apply(self, seat: int, action: Action | str) -> list[Any]:
        assert isinstance(action, Action) and action in self.legal
        self.applied.append(action)
        return []


def _controls(view: Any) -> list[Any]:
    return [getattr(c, "item", c) for c in view.children]  # persistent items wrap the Discord control


def test_a_new_family_gets_labelled_controls_without_a_bot_edit() -> None:
    table = _toy_table()
    legal = [Action("flip", (c,)) for c in "一二三"] + [Action("swap", ("四", "五")), Action("claim"), Action("skip")]
    table.match.game = NewFamily(table.game, legal)  # type: ignore[union-attr,assignment]
    view = action_view(table, 0)
    assert view is not None
    buttons = {c.label: c for c in _controls(view) if hasattr(c, "label") and not hasattr(c, "options")}
    selects = [c for c in _controls(view) if hasattr(c, "options")]
    assert set(buttons) == {"换四五", "报听", "让"}
    assert buttons["报听"].style.name == "success"  # the family's win stands out
    assert buttons["让"].custom_id.endswith(":?pass")  # passing while a win is on offer asks first
    assert len(selects) == 1 and selects[0].placeholder == "选择翻…"
    assert [o.label for o in selects[0].options] == ["翻一", "翻二", "翻三"]
    assert [o.value for o in selects[0].options] == ["flip:一", "flip:二", "flip:三"]
    every = [c.label for c in buttons.values()] + [o.label for s in selects for o in s.options] + \
        [s.placeholder for s in selects]
    assert not any(ASCII_LETTER.search(t) or "操作" in t for t in every), every


def _play_labels(variant: str, options: dict[str, Any], seeds: range) -> tuple[set[str], set[str]]:
    """Every label and group of every legal action met while playing whole hands with random choices."""
    labels: set[str] = set()
    kinds: set[str] = set()
    for seed in seeds:
        match = Match(variant, options, first_dealer=0)
        game = match.new_hand(seed)
        rng = random.Random(seed)
        while not game.finished:
            seat = game.to_act()[0]
            legal = game.legal_actions(seat)
            for a in legal:
                named = game.name_action(a)
                labels |= {named.label, named.group}
                kinds.add(a.kind)
            game.apply(seat, rng.choice(legal))
    return labels, kinds


def test_every_zipai_label_met_in_real_games_is_chinese() -> None:
    seen_kinds: set[str] = set()
    seen: set[str] = set()
    for v in all_variants():
        if v.family != "zipai":
            continue
        options = {"daniao": True} if any(o.key == "daniao" for o in v.options) else {}
        labels, kinds = _play_labels(v.id, options, range(1, 13))
        seen |= labels
        seen_kinds |= kinds
        bad = [t for t in labels if not t or ASCII_LETTER.search(t) or "操作" in t]
        assert not bad, (v.id, bad)
    assert {"discard", "chi", "peng", "hu", "pass", "stake"} <= seen_kinds, seen_kinds
    assert "不打鸟" in seen and any(" · 比 " in t for t in seen)


def _options_of(env: Env, mid: int) -> tuple[list[str], dict[str, str], list[list[dict[str, Any]]]]:
    msg = env.world.messages[mid]
    rows = [row["components"] for row in action_rows(msg.get("components"))]
    values = [o["value"] for row in rows for c in row if c["type"] != 2 for o in c["options"]]
    buttons = {c["label"]: c["custom_id"] for row in rows for c in row if c["type"] == 2}
    return values, buttons, rows


async def test_more_than_125_actions_page_and_none_is_dropped(env: Env) -> None:
    table = await env.open_table("toy", [env.alice, env.bob], "hands=1")
    seat = table.seat_of(env.alice)
    legal = [Action("flip", (str(n),)) for n in range(300)] + [Action("claim"), Action("skip")]
    fake = NewFamily(table.game, legal)
    fake.to_act = lambda: [seat]  # type: ignore[method-assign]
    alices = seat

    def legal_actions(seat: int) -> list[Action]:  # named as the method's own parameter
        return list(legal) if seat == alices else []

    fake.legal_actions = legal_actions  # type: ignore[method-assign]
    table.match.game = fake
    table.version += 1
    env.bot.service.delivery.publish(table)
    await env.bot.service.idle()
    mid = env.world.latest_dm(env.alice)
    assert mid is not None

    reached: list[str] = []
    pages = 0
    first_page = copy.deepcopy(env.world.messages[mid])
    while True:
        values, buttons, rows = _options_of(env, mid)
        pages += 1
        assert len(rows) <= 5 and all(len(r) <= 5 for r in rows)
        assert all(len(c["options"]) <= 25 for r in rows for c in r if c["type"] != 2)
        assert all(len(c["custom_id"]) <= 100 for r in rows for c in r)
        reached += values
        more = [cid for label, cid in buttons.items() if label.startswith("更多")]
        if not more:
            break
        assert more[0].endswith(f":{ASK_PAGE}{pages}")
        version = table.version
        p = await env.click(env.alice, mid, more[0])
        assert not p.ephemeral and table.version == version and not fake.applied  # a page changes nothing
    assert pages == 4  # 302 actions, 100 a page
    assert sorted(reached) == sorted([a.code for a in legal if a.kind != "skip"] + ["?pass"])
    back = [cid for label, cid in _options_of(env, mid)[1].items() if label.startswith("◀")]
    assert back and back[0].endswith(f":{ASK_PAGE}{pages - 2}")

    # the last action on the last page is playable
    select = next(c for r in _options_of(env, mid)[2] for c in r if c["type"] != 2 and
                  any(o["value"] == "flip:299" for o in c["options"]))
    await env.click(env.alice, mid, select["custom_id"], ["flip:299"])
    assert fake.applied == [Action("flip", ("299",))]

    # a page button of the panel as it was before the move is stale: refused, nothing changes
    version = table.version
    old_more = next(c["custom_id"] for c in controls(first_page["components"])
                    if c.get("label", "").startswith("更多"))
    p = await playing.click(env.world, env.bot, env.alice, mid, old_more, message=first_page)
    assert p.ephemeral and "过期" in p.text()
    assert table.version == version and fake.applied == [Action("flip", ("299",))]

"""The golden images' positions: views of seeded hands of each family, captured once into ``positions.json`` so
the golden tests follow the drawing, not the AI (``python -m tests.pictures.regenerate --positions`` captures
them again from the engine)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from bot.i18n import Lang, speaking
from bot.present import pictures
from bot.present.registry import presenter_for
from engine.core import Game, HandResult
from engine.outcome import Outcome
from engine.registry import get_variant
from engine.selfplay import play_hand
from engine.zipai.views import seat_view, table_view

HERE = Path(__file__).parent
POSITIONS = HERE / "positions.json"
GOLDEN = HERE / "golden"

# name: (variant, seed, AI steps played (None: to the end), what is drawn, language)
CAPTURE: dict[str, tuple[str, int, int | None, str, Lang]] = {
    "zipai_hand": ("paohuzi", 3, 12, "hand", "zh-CN"),
    "zipai_table": ("paohuzi", 1, 24, "table", "zh-CN"),
    "zipai_result": ("paohuzi", 1, None, "result", "zh-CN"),
    "mahjong_hand": ("changsha", 3, 20, "hand", "zh-CN"),
    "mahjong_table": ("changsha", 5, 30, "table", "zh-CN"),
    "mahjong_result": ("changsha", 1, None, "result", "zh-CN"),
    "hongzhong_result": ("hongzhong", 2, None, "result", "en"),
    "hongzhong_zimo_result": ("hongzhong", 28, None, "result", "zh-CN"),  # 自摸 with an 暗杠 and a 红中
    "paodekuai_hand": ("paodekuai", 3, 4, "hand", "zh-CN"),
    "paodekuai_table": ("paodekuai", 3, 14, "table", "zh-TW"),
    "paodekuai_result": ("paodekuai", 4, None, "result", "zh-CN"),  # a 报单 loser
    # as a phone shows them (issue 19): tables well into the hand, each seat's discards or a trick of many plays
    "changsha_phone_table": ("changsha", 7, 60, "table", "zh-CN"),
    "paohuzi_phone_table": ("paohuzi", 3, 40, "table", "zh-CN"),
    "paodekuai_phone_table": ("paodekuai", 9, 8, "table", "en"),
}
PHONE_TABLES = ("changsha_phone_table", "paohuzi_phone_table", "paodekuai_phone_table")


def play(variant: str, seed: int, steps: int | None) -> Game:
    v = get_variant(variant)
    return play_hand(v.new_hand(v.validate({}), seed, 0, {}), steps=steps)


def capture(names: Iterable[str] | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name in CAPTURE if names is None else names:
        variant, seed, steps, kind, lang = CAPTURE[name]
        game = play(variant, seed, steps)
        if kind == "hand":
            seat = game.to_act()[0] if game.to_act() else 0
            data: Any = game.view(seat)
        elif kind == "table":
            data = game.public_view()
            if game.family == "paodekuai":  # its typed view is not read back from JSON: keep what its picture draws
                picture = pictures.table_picture(data)
                assert picture is not None
                data = picture.inputs
        else:
            assert game.result is not None, name
            data = {"family": get_variant(variant).family, "seats": game.seats}
            if game.result.outcome is not None:  # a family that tells its hands as an Outcome draws from it
                data["outcome"] = game.result.outcome.to_json()
                data["result"] = {"winners": game.result.winners, "deltas": game.result.deltas}
            else:
                assert game.result.detail, name
                data["detail"] = game.result.detail
        if not isinstance(data, dict):
            data = data.to_json()  # a typed view, as it is stored or sent
        out[name] = {"kind": kind, "lang": lang, "data": json.loads(json.dumps(data, ensure_ascii=False, default=str))}
    return out


def typed(view: dict[str, Any]) -> Any:
    """A captured view as its engine gives it: a family's typed view (字牌's) read back from its JSON, else the dict."""
    if (view.get("family") or get_variant(str(view["variant"])).family) == "zipai":
        return seat_view(view) if "seat" in view else table_view(view)
    return view


def load() -> dict[str, Any]:
    return dict(json.loads(POSITIONS.read_text(encoding="utf-8")))


def builder(position: dict[str, Any]) -> Callable[[], pictures.Picture | None]:
    kind, data = position["kind"], position["data"]

    def build() -> pictures.Picture | None:
        with speaking(position["lang"]):
            if kind == "hand":
                return pictures.hand_picture(typed(data))
            if kind == "table":
                return pictures.table_picture(typed(data))
            if "outcome" in data:
                played = data.get("result") or {"winners": [], "deltas": []}
                result = HandResult(played["winners"], played["deltas"], False, data.get("detail") or {},
                                    outcome=Outcome.from_json(data["outcome"]))
                return presenter_for(data["family"]).result_picture(result, data["seats"])
            return pictures.settlement_picture(data["family"], data["detail"], data["seats"])
    return build


def render(position: dict[str, Any]) -> bytes:
    pic = builder(position)()
    assert pic is not None
    return pic.data

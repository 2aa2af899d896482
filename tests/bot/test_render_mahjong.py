"""麻将 tables and settlements read in the game's words: tiles by Chinese name grouped by suit, the drawn tile
apart, 碰/明杠/补杠/吃 and a public 暗杠 with one tile up, discards cut to the phone, 牌墙/加锤/杠钱/扎鸟, and
settlements naming every winner and every payment with its why — all from the keys of mahjong_api.md."""

from __future__ import annotations

import copy
import dataclasses
import re
from types import SimpleNamespace
from typing import Any

import pytest

from bot.families.mahjong.text import DISCARDS_SHOWN
from bot.families.mahjong.words import hand_text, melds_text
from bot.families.mahjong.words import melds_text as mahjong_melds_text
from bot.present.dm import dm_panel
from bot.present.parts import EMBED_LIMIT
from bot.present.settlement import settlement_text
from bot.present.table_message import player_block, public_lines, table_message
from bot.service.table import Seat, Table
from engine.core import HandResult, MeldView, Win
from engine.ledger import Payment
from engine.mahjong import result as said
from engine.mahjong.game import chui_words
from engine.mahjong.rules import Priced, pattern_label
from engine.mahjong.tiles import tile_id
from engine.mahjong.views import ChangshaSeatView, ChangshaView, MahjongSeatView, MahjongView, Shown
from engine.outcome import Bird, How, Outcome, Step, Termination
from engine.registry import get_variant
from engine.views import Choosing, Phase
from engine.words import Listing, Msg, msg
from engine.words import Seat as SeatArg

NAMES = ["小明", "阿强", "老王", "小红"]
RAW = re.compile(r"(?<![A-Za-z0-9])[1-9][mpsz](?![A-Za-z])|None|null|angang|bugang|peng|self_draw|discard")


class FakeGame:
    """Serves the two views of mahjong_api.md exactly as given; the renderer may read nothing else. Its family is
    none registered: it gives no hints."""

    family = "fake"
    variant_id = "fake"

    def __init__(self, public: dict[str, Any], private: dict[int, dict[str, Any]]) -> None:
        self.public = public
        self.private = private
        self.finished = bool(public.get("finished"))

    def public_view(self) -> MahjongView:
        return typed(self.public)

    def view(self, seat: int) -> MahjongView:
        return typed(self.private[seat])

    def to_act(self) -> list[int]:
        return list(self.public.get("to_act") or [])

    def legal_actions(self, seat: int) -> list[Any]:
        return []


class MahjongTable(Table):
    """A bot table of a 麻将 variant the registry does not hold yet (the game is still being written)."""

    @property
    def variant(self) -> Any:
        real = get_variant(self.variant_id)  # what the family's presenter reads: the family, its rules (吃 or not)
        name = {"hongzhong": "红中麻将", "tuidaohu": "推倒胡"}.get(self.variant_id, real.name)
        return SimpleNamespace(id=self.variant_id, name=name, family=real.family, after_hand=_after_hand, options=[],
                               fixed_hands=None,
                               seat_count=lambda options: 4, rules_for=real.rules_for, validate=real.validate)


def _after_hand() -> None:
    """No fixed hand count: the title reads 第 n 局."""


def make_table(variant: str = "hongzhong", game: FakeGame | None = None,
               totals: list[int] | None = None) -> MahjongTable:
    seats = [Seat(1 + i, n) for i, n in enumerate(NAMES)]
    table = MahjongTable(9, 1, 1, 1, variant, {}, {"timer": 0}, "playing", seats)
    table.match = SimpleNamespace(game=game, totals=totals or [0, 0, 0, 0], options={},  # type: ignore[assignment]
                                  progress=SimpleNamespace(hand_no=0, carry={}))
    return table


def public_view(**over: Any) -> dict[str, Any]:
    view: dict[str, Any] = {
        "variant": "hongzhong", "family": "mahjong", "dealer": 0, "wall": 57, "hand_sizes": [13, 10, 13, 6],
        "melds": [[], [{"type": "peng", "cards": ["5m", "5m", "5m"], "from": 0}], [],
                  [{"type": "angang", "cards": ["9p"], "hidden": 3},
                   {"type": "bugang", "cards": ["2s", "2s", "2s", "2s"], "from": 2}]],
        "discards": [["1m", "7z", "9s"], ["3p"], [], ["4s", "1z"]],
        "revealed": "5m", "to_act": [], "claims_pending": True, "phase": "claim", "chui": None, "choosing": None,
        "kong_money": [-2, -2, -2, 6],
        "payments": [{"payer": s, "payee": 3, "amount": 2, "why": "暗杠"} for s in (0, 1, 2)],
        "birds": None, "version": 7, "finished": False, "result": None,
    }
    view.update(over)
    return view


def private_view(public: dict[str, Any], seat: int, **over: Any) -> dict[str, Any]:
    view = copy.deepcopy(public)
    view.update({"seat": seat, "hand": ["1m", "2m", "3m", "5m", "5p", "5p", "6s", "7s", "8s", "9s", "9s", "1z", "1z",
                                        "7z"],
                 "drawn": "5m", "legal": [], "waits": [], "barred": False})
    view.update(over)
    return view


def typed(view: dict[str, Any]) -> MahjongView:
    """The view as the engine gives it (typed): 长沙's own class where it has its steps, a seat's where it has a
    seat; ``birds`` are given typed."""
    v = dict(view)
    fields: dict[str, Any] = {
        "variant": v["variant"], "seats": 4, "dealer": v["dealer"], "to_act": tuple(v["to_act"]),
        "claims_pending": v["claims_pending"], "phase": Phase(v["phase"]), "version": v["version"],
        "finished": v["finished"], "hand_sizes": tuple(v["hand_sizes"]), "wall": v["wall"],
        "claim_words": ("碰", "杠", "胡") if v["variant"] == "hongzhong" else ("吃", "碰", "杠", "胡"),
        "melds": tuple(tuple(MeldView.from_json(m) for m in melds) for melds in v["melds"]),
        "choosing": None if v["choosing"] is None else Choosing(**v["choosing"]),
        "discards": tuple(tuple(d) for d in v["discards"]), "revealed": v["revealed"],
        "chui": None if v["chui"] is None else tuple(v["chui"]), "kong_money": tuple(v["kong_money"]),
        "payments": tuple(Payment(p["payer"], p["payee"], p["amount"], Msg(p["why"])) for p in v["payments"]),
        "birds": v["birds"]}
    changsha = "piao" in v
    if changsha:
        fields.update(piao=None if v["piao"] is None else tuple(v["piao"]),
                      qishou=tuple(Shown(int(s), q["name"], tuple(q["tiles"])) for s, found in v["qishou"].items()
                                   for q in found),
                      kong_tiles=tuple(v["kong_tiles"]), locked=tuple(v["locked"]), haidi=v["haidi"])
    if "seat" not in v:
        return ChangshaView(**fields) if changsha else MahjongView(**fields)
    fields.update(seat=v["seat"], hand=tuple(v["hand"]), legal=tuple(v["legal"]), drawn=v["drawn"],
                  waits=tuple(v["waits"]), barred=v["barred"])
    return ChangshaSeatView(**fields) if changsha else MahjongSeatView(**fields)


def raw_codes(text: str) -> list[str]:
    return RAW.findall(text)


def test_a_hand_reads_by_suit_in_chinese() -> None:
    assert hand_text(["1m", "2m", "3m", "5p", "5p", "7z"]) == "一二三万 五五筒 中"
    assert hand_text(["9s", "1m", "1z", "7z", "1z", "5s"]) == "一万 五九条 东东 中"


def test_melds_in_mahjong_words_and_a_public_angang_shows_one_tile() -> None:
    melds = [{"type": "peng", "cards": ["5m"] * 3, "from": 0}, {"type": "gang", "cards": ["6p"] * 4, "from": 1},
             {"type": "bugang", "cards": ["2s"] * 4, "from": 2}, {"type": "chi", "cards": ["3m", "4m", "5m"], "from": 3},
             {"type": "angang", "cards": ["9p"], "hidden": 3}]
    text = melds_text(melds)
    assert text == "碰 五万、明杠 六筒、补杠 二条、吃 三四五万、暗杠 九筒（三张扣着）"
    own = melds_text([{"type": "angang", "cards": ["9p"] * 4, "from": None}])
    assert own == "暗杠 九筒"
    assert mahjong_melds_text([{"type": "angang", "cards": [], "hidden": 4}]) == "暗杠（四张扣着）"


def test_channel_table_reads_the_mahjong_table() -> None:
    view = public_view()
    table = make_table(game=FakeGame(view, {}))
    lines = public_lines(table, typed(view))
    text = "\n".join(lines)
    assert lines[0].startswith("**轮到**：等待玩家表态（碰/杠/胡）")  # 红中麻将 has no 吃
    assert lines[1] == "牌墙剩余 57 · 打出 五万"
    assert "底牌剩余" not in text and "示众" not in text
    assert "杠钱：1号 小明 -2 ｜ 2号 阿强 -2 ｜ 3号 老王 -2 ｜ 4号 小红 +6" in lines
    assert "　副露：碰 五万" in lines
    assert "　副露：暗杠 九筒（三张扣着）、补杠 二条" in lines
    assert "　弃牌：一万 中 九条" in lines and "　弃牌：四条 东" in lines
    assert "九筒九筒" not in text and "胡息" not in text and "门子" not in text
    assert raw_codes(text) == [], text


def test_tuidaohu_claim_window_offers_chi() -> None:
    view = public_view(variant="tuidaohu")
    assert "等待玩家表态（吃/碰/杠/胡）" in public_lines(make_table("tuidaohu"), typed(view))[0]


def test_discards_keep_the_latest_and_say_how_many() -> None:
    played = ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "4p", "5p", "6p", "7p", "8p",
              "9p", "1s", "7z"]
    view = public_view(discards=[played, played, played, played], melds=[[], [], [], []])
    table = make_table(game=FakeGame(view, {}))
    block = player_block(table, typed(view), 0, [0, 0, 0, 0])
    assert len(block) <= 3
    shown = block[-1]
    assert shown.startswith("　弃牌：…九万 一筒")
    assert shown.endswith("九筒 一条 中（共 20 张）")
    assert "八万" not in shown and len(shown.split("：", 1)[1].split("（")[0].split()) == DISCARDS_SHOWN


def test_no_kong_money_no_line_and_birds_after_a_win() -> None:
    view = public_view(kong_money=[0, 0, 0, 0], revealed=None, claims_pending=False, to_act=[1],
                       birds=(Bird("1m", None, (1,)), Bird("5p", None, (1,))),
                       result=None)
    lines = public_lines(make_table(), typed(view))
    assert not any(line.startswith("杠钱") for line in lines)
    assert lines[1] == "牌墙剩余 57"
    assert "扎鸟：一万 五筒 → 2号 阿强 中鸟 2" in lines
    none_hit = public_lines(make_table(), typed(public_view(birds=(Bird("2m"),))))
    assert "扎鸟：二万 → 未中鸟" in none_hit


def test_jiachui_hidden_until_all_chose_then_named_per_seat() -> None:
    choosing = public_view(variant="tuidaohu", phase="choose", choosing={"chosen": 2, "of": 4}, to_act=[1, 3],
                           claims_pending=False, revealed=None)
    lines = public_lines(make_table("tuidaohu"), typed(choosing))
    assert "加锤：已选 2/4（全部选完后公布）" in lines
    assert not any("打鸟" in line for line in lines)
    chosen = public_view(variant="tuidaohu", chui=[1, 0, 2, 0])
    lines = public_lines(make_table("tuidaohu"), typed(chosen))
    assert "加锤：1号 小明 加1锤 · 2号 阿强 不加锤 · 3号 老王 加2锤 · 4号 小红 不加锤" in lines


def test_table_message_fits_a_phone() -> None:
    played = ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "4p", "5p", "6p", "7p", "8p",
              "9p", "1s", "7z"] * 2
    melds = [{"type": "gang", "cards": ["6p"] * 4, "from": 1}, {"type": "angang", "cards": ["9p"], "hidden": 3},
             {"type": "peng", "cards": ["1s"] * 3, "from": 2}, {"type": "bugang", "cards": ["2s"] * 4, "from": 0}]
    view = public_view(discards=[played] * 4, melds=[melds] * 4, chui=[2, 2, 2, 2], birds=(Bird("1m", None, (0,)),) * 6)
    table = make_table(game=FakeGame(view, {}), totals=[-120, 40, 40, 40])
    table.log.extend(["1号 小明 打 五万", "4号 小红 补杠 二条"])
    desc = table_message(table).text()
    assert len(desc) <= EMBED_LIMIT
    assert desc.count("弃牌：") == 4 and desc.count("（共 40 张）") == 4
    for seat in range(4):
        assert len(player_block(table, typed(view), seat, [0] * 4)) <= 3
    assert raw_codes(desc) == [], desc


def test_dm_shows_the_drawn_tile_apart_and_own_angang_face_up() -> None:
    public = public_view(claims_pending=False, to_act=[0], revealed=None,
                         melds=[[], [], [], [{"type": "angang", "cards": ["9p"], "hidden": 3}]])
    own = private_view(public, 3, hand=["1m", "2m", "3m", "5m", "5p", "5p", "6s", "7s", "8s", "1z", "1z"],
                       drawn="5m", waits=["4m", "7z"], barred=True,
                       melds=[[], [], [], [{"type": "angang", "cards": ["9p"] * 4, "from": None}]])
    table = make_table(game=FakeGame(public, {3: own}))
    content = dm_panel(table, 3).text()
    assert "**手牌**（11 张）：一二三万 五五筒 六七八条 东东 ｜ 摸到 **五万**" in content, content
    assert "**我的副露**：暗杠 九筒" in content and "扣着" not in content.split("我的副露")[1].split("\n")[0]
    assert "听牌：四万 中" in content and "过胡不胡" in content
    assert "牌墙剩余 57" in content and "底牌剩余" not in content
    assert raw_codes(content) == [], content
    assert len(content) <= 2000


def test_dm_hand_of_thirteen_has_no_drawn_tile_taken_out() -> None:
    public = public_view()
    own = private_view(public, 0, hand=["1m", "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "9m", "9m", "7z"],
                       drawn=None)
    content = dm_panel(make_table(game=FakeGame(public, {0: own})), 0).text()
    assert "**手牌**（13 张）：一一二三四五六七八九九九万 中" in content and "摸到" not in content


def _result(detail: dict[str, Any], deltas: list[int], wins: list[Win] | None = None, draw: bool = False,
            tuidaohu: bool = False) -> HandResult:
    """A settled hand as the engine tells it (its outcome), from the wins, payments and birds a test names."""
    winners = []
    hows = []
    for w in detail.get("wins", []):
        patterns = tuple(w["patterns"])
        priced = Priced(patterns, w["share"], w.get("fan"), label=pattern_label(patterns, w.get("fan"), times=tuidaohu))
        card = None if w["card"] is None else tile_id(w["card"])
        winners.append(said.winner(w["seat"], w["win_from"], w["from_seat"], card, w["hand"],
                                   [MeldView.from_json(m) for m in w["melds"]], priced, 0, None))
        hows.append(said.how_words(w["win_from"], w["from_seat"], patterns, gangshangpao=tuidaohu))
    chui = detail.get("chui")
    steps = () if not chui else (Step(msg("加锤：{seats}", seats=Listing(tuple(
        msg("{seat} {chui}", seat=SeatArg(s), chui=chui_words(n)) for s, n in enumerate(chui)), " · "))),)
    birds = detail.get("birds")
    outcome = Outcome(Termination.DRAW if draw else Termination.WIN, tuple(winners),
                      tuple(Payment(p["payer"], p["payee"], p["amount"], Msg(p["why"])) for p in detail["payments"]),
                      said.summary(winners, hows) if winners else msg("荒庄"),
                      cancelled=tuple(Payment(p["payer"], p["payee"], p["amount"], Msg(p["why"]))
                                      for p in detail.get("cancelled", [])),
                      birds=birds or (), birds_drawn=birds is not None, steps=steps)
    return HandResult(winners=[w.seat for w in winners], deltas=deltas, draw=draw, detail={}, wins=wins or [],
                      outcome=outcome)


def _pay(payer: int, payee: int, amount: int, why: str) -> dict[str, Any]:
    return {"payer": payer, "payee": payee, "amount": amount, "why": why}


def test_self_draw_names_every_payment_and_its_why() -> None:
    payments = [_pay(s, 1, 4, "自摸 2 + 杠 1 + 无红中 1") for s in (0, 2, 3)] + [_pay(0, 3, 2, "暗杠"),
                                                                            _pay(2, 3, 2, "暗杠")]
    detail = {"payments": payments, "cancelled": [], "birds": (Bird("1m", None, (1,)), Bird("5p", None, (1,))),
              "chui": None,
              "wins": [{"seat": 1, "from_seat": None, "card": "5m", "win_from": "self_draw", "patterns": [], "share": 2,
                        "hand": ["1m", "2m", "3m", "5m", "5m", "5p", "6p", "7p", "7z", "7z", "7z"],
                        "melds": [{"type": "peng", "cards": ["9s"] * 3, "from": 0}]}]}
    result = _result(detail, [-6, 12, -6, 0], [Win(1, None, "5m", (), 2)])
    table = make_table(totals=[-6, 12, -6, 0])
    text = settlement_text(table, result, 0)
    lines = text.split("\n")
    assert lines[0] == "🀄 第 1 局 2号 阿强 胡了 五万（自摸）！"
    assert "　2号 阿强：无番种 · 一份 2" in lines
    assert "　　胡牌：一二三五**五**万 五六七筒 中中中 ｜ 碰 九条" in lines  # the drawn 五万 marked
    assert "扎鸟：一万 五筒 → 2号 阿强 中鸟 2" in lines
    assert "　1号 小明、3号 老王、4号 小红 各付 2号 阿强 4（自摸 2 + 杠 1 + 无红中 1）" in lines
    assert "　1号 小明、3号 老王 各付 4号 小红 2（暗杠）" in lines
    assert "本局：1号 小明 -6 ｜ 2号 阿强 +12 ｜ 3号 老王 -6 ｜ 4号 小红 +0" in lines
    assert lines[-1] == "累计：1号 小明 -6 ｜ 2号 阿强 +12 ｜ 3号 老王 -6 ｜ 4号 小红 +0"
    assert "荒庄" not in text and "座位" not in text
    assert raw_codes(text) == [], text


def test_one_discard_won_by_two_names_both_and_each_payment() -> None:
    wins = [{"seat": s, "from_seat": 0, "card": "5m", "win_from": "discard", "patterns": p, "share": n,
             "hand": ["5m", "5m"], "melds": []} for s, p, n in ((1, ["七对"], 4), (3, [], 1))]
    payments = [_pay(0, 1, 4, "接炮 1 + 七对 3"), _pay(0, 3, 1, "接炮 1")]
    result = _result({"payments": payments, "cancelled": [], "birds": None, "chui": None, "wins": wins},
                     [-5, 4, 0, 1])
    text = settlement_text(make_table(), result, 2)
    lines = text.split("\n")
    assert lines[0] == "🀄 第 3 局 2号 阿强、4号 小红 胡了 五万（1号 小明 放炮，一炮多响）！"
    assert "　2号 阿强：七对 · 一份 4" in lines and "　4号 小红：无番种 · 一份 1" in lines
    assert "　1号 小明 付 2号 阿强 4（接炮 1 + 七对 3）" in lines
    assert "　1号 小明 付 4号 小红 1（接炮 1）" in lines
    assert raw_codes(text) == [], text


def test_robbed_kong_and_tuidaohu_kong_shot_say_so() -> None:
    rob = [{"seat": 2, "from_seat": 0, "card": "3s", "win_from": "robbing_kong", "patterns": ["抢杠胡"], "fan": 4,
            "share": 4, "hand": [], "melds": []}]
    text = settlement_text(make_table("tuidaohu"), _result(
        {"payments": [_pay(0, 2, 12, "抢杠包赔 3 家 × 4")], "cancelled": [], "wins": rob, "chui": [1, 0, 0, 0]},
        [-12, 0, 12, 0], tuidaohu=True), 0)
    assert text.split("\n")[0] == "🀄 第 1 局 3号 老王 胡了 三条（抢 1号 小明 的补杠）！"
    assert "　3号 老王：抢杠胡（4 倍） · 一份 4" in text
    assert "加锤：1号 小明 加1锤 · 2号 阿强 不加锤 · 3号 老王 不加锤 · 4号 小红 不加锤" in text
    assert "　1号 小明 付 3号 老王 12（抢杠包赔 3 家 × 4）" in text
    shot = [{"seat": 1, "from_seat": 3, "card": "7p", "win_from": "discard", "patterns": ["碰碰胡"], "fan": 8,
             "share": 4, "hand": [], "melds": []}]
    text = settlement_text(make_table("tuidaohu"), _result(
        {"payments": [_pay(3, 1, 4, "杠上炮 8 番 ÷ 2")], "cancelled": [], "wins": shot, "chui": None},
        [0, 4, 0, -4], tuidaohu=True), 0)
    assert text.split("\n")[0] == "🀄 第 1 局 2号 阿强 胡了 七筒（4号 小红 杠上炮）！"
    assert raw_codes(text) == [], text


def test_drawn_hand_cancels_kong_money_and_says_whose() -> None:
    cancelled = [_pay(s, 2, 1, "补杠") for s in (0, 1, 3)] + [_pay(1, 0, 3, "明杠")]
    result = _result({"payments": [], "cancelled": cancelled, "birds": None, "chui": None, "wins": [],
                      "text": "荒庄"}, [0, 0, 0, 0], draw=True)
    text = settlement_text(make_table(), result, 4)
    lines = text.split("\n")
    assert lines[0] == "🤝 第 5 局 荒庄（流局）"
    assert ("荒庄：杠钱作废（1号 小明、2号 阿强、4号 小红 各付 3号 老王 1（补杠）；2号 阿强 付 1号 小明 3（明杠））"
            in lines), text
    assert "本局：无人输赢" in lines and "付分：" not in lines
    assert "黄庄" not in text and raw_codes(text) == [], text


def test_a_long_settlement_keeps_every_payment_within_the_limit() -> None:
    wins = [{"seat": s, "from_seat": 0, "card": "5m", "win_from": "robbing_kong", "patterns": ["清一色", "七对"] * 6,
             "fan": 99, "share": 40, "hand": ["1m"] * 14, "melds": []} for s in (1, 2, 3)]
    payments = [_pay(p, q, 1 + i, "明杠 " + "加锤×4 " * 5) for i, (p, q) in
                enumerate([(p, q) for p in range(4) for q in range(4) if p != q] * 2)]
    text = settlement_text(make_table(), _result({"payments": payments, "cancelled": [], "wins": wins},
                                                 [0, 0, 0, 0]), 0)
    assert len(text) <= 2000
    assert all(f"{1 + i}（明杠" in text for i in range(len(payments))), text
    assert text.split("\n")[-1].startswith("累计：")


def test_changsha_steps_read_on_the_table() -> None:
    """长沙's public steps: 坐飘 while choosing and once chosen, 起手胡 with the tiles shown, the two 开杠 tiles,
    the 海底 taker and the seat locked after 开杠 — by name, never a raw flag or tile code."""
    table = make_table("changsha")
    choosing = public_view(variant="changsha", piao=None, qishou={}, kong_tiles=[], locked=[False] * 4, haidi=None,
                           choosing={"chosen": 2, "of": 4}, wall=None, revealed=None)
    text = "\n".join(public_lines(table, typed(choosing)))
    assert "坐飘：已选 2/4（全部选完后公布）" in text and "加锤" not in text
    later = public_view(variant="changsha", piao=[0, 2, 0, 5], revealed=None,
                        qishou={"1": [{"name": "六六顺", "tiles": ["3m", "3m", "3m", "7p", "7p", "7p"]}]},
                        kong_tiles=["4s", "9m"], locked=[False, False, True, False], haidi=3)
    text = "\n".join(public_lines(table, typed(later)))
    assert f"坐飘：{table.seat_label(0)} 飘0 · {table.seat_label(1)} 飘2" in text
    assert f"起手胡：{table.seat_label(1)} 六六顺（三三三万 七七七筒）" in text
    assert "开杠亮牌：四条 九万" in text
    assert f"海底：{table.seat_label(3)} 要了海底" in text
    assert f"开杠后锁牌：{table.seat_label(2)}\n" in text
    assert text.split("\n")[1].startswith("牌墙剩余 57 · 开杠亮牌")  # short facts share the wall's line
    assert not raw_codes(text)


def test_changsha_birds_say_whom_each_lands_on() -> None:
    table = make_table("changsha")
    view = public_view(variant="changsha", finished=True,
                       birds=(Bird("8m", 3, (3,)), Bird("3p", None, ())))
    text = "\n".join(public_lines(table, typed(view), finished=True))
    assert f"扎鸟：八万→{table.seat_label(3)} · 三筒→空" in text


@pytest.mark.parametrize(("variant", "seed"), [("hongzhong", 7), ("hongzhong", 12), ("hongzhong", 28),
                                               ("tuidaohu", 1), ("tuidaohu", 3), ("tuidaohu", 4)])
def test_a_self_drawn_hand_reads_as_the_same_hand_won_on_a_discard(variant: str, seed: int) -> None:
    """A 自摸's result holds the winning tile in the hand, a discard win's does not: the 胡牌 line shows the same
    whole hand either way (14 tiles, 3 fewer per meld), the winning tile marked in its place."""
    from tests.pictures.positions import play

    game = play(variant, seed, None)
    assert game.result is not None and game.result.outcome is not None
    outcome = game.result.outcome
    [win] = outcome.winners
    assert win.how is How.SELF_DRAW and len(win.hand) + 3 * len(win.melds) == 14
    on_discard = dataclasses.replace(outcome, winners=(dataclasses.replace(win, how=How.DISCARD,
                                                                          from_seat=(win.seat + 1) % 4),))

    def hand_line(o: Outcome) -> str:
        text = settlement_text(make_table(variant), HandResult([win.seat], [0] * 4, False, {}, outcome=o), 0)
        [line] = [line for line in text.split("\n") if line.startswith("　　胡牌：")]
        return line

    drawn = hand_line(outcome)
    assert drawn == hand_line(on_discard)
    assert drawn.count("**") == 2  # one tile marked
    assert len(re.sub(r"[^一二三四五六七八九中]", "", drawn.split("｜")[0])) == len(win.hand)

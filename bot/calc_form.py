"""`/calc` input in the words players type, turned into the calculator's JSON contract, and its answer
turned back into a readable line.

``hand`` may also be a whole JSON object (``python -m engine score`` input), which is used as it is.
Melds: ``碰一 偎三 臭偎五 跑九 提四 吃一二三 吃二二贰`` or ``peng:一一一``. Flags: ``庄 海底 首张 未进张 杠上``
(dealer, last_card, first_discard, no_draw_yet, after_kong). Options: ``mingtang=honghei chongtun=2`` or the
options' Chinese names (``名堂=红黑 扎鸟=胡几奖几``). Mahjong tiles, melds and answers: ``bot/calc_mahjong.py``.
"""

from __future__ import annotations

import re
from typing import Any

from engine.calculator import evaluate
from engine.core import InvalidInput, OptionError
from engine.registry import all_variants

from . import calc_mahjong as mj
from .options_text import chinese_option_keys, json_object, parse_options_text
from .words import GROUP_WORDS, group_word, parse_group_code


class CalcFormError(ValueError):
    """Input a player typed that cannot be read; the message says what is wrong, in Chinese."""


SOURCES = {"self_draw": "自摸", "other_draw": "胡别人摸的牌", "discard": "点炮/放炮/接炮", "deal": "起手（天胡/地胡）",
           "robbing_kong": "抢杠胡（麻将）"}
# 来源 as players say it: (win_from, whether it also means the tile came right after a kong).
SOURCE_WORDS = {
    "自摸": ("self_draw", False), "杠开": ("self_draw", True), "杠上花": ("self_draw", True),
    "点炮": ("discard", False), "放炮": ("discard", False), "接炮": ("discard", False),
    "杠上炮": ("discard", True), "抢杠": ("robbing_kong", False), "抢杠胡": ("robbing_kong", False),
    "起手": ("deal", False), "天胡": ("deal", False), "胡别人摸的牌": ("other_draw", False),
}
MELD_WORDS = {"碰": "peng", "偎": "wei", "臭偎": "chouwei", "跑": "pao", "提": "ti", "吃": "chi", "杠": "gang",
              "暗杠": "angang"}
FLAG_WORDS = {
    "庄": "dealer", "庄家": "dealer", "dealer": "dealer",
    "海底": "last_card", "海胡": "last_card", "last_card": "last_card",
    "首张": "first_discard", "first_discard": "first_discard",
    "未进张": "no_draw_yet", "听胡": "no_draw_yet", "no_draw_yet": "no_draw_yet",
    "杠后": "after_kong", "杠上": "after_kong", "杠开": "after_kong", "杠上花": "after_kong", "杠上炮": "after_kong",
    "after_kong": "after_kong",
}
_SPLIT = re.compile(r"[\s,，、;；]+")
MAX_FIELD = 200  # a 字牌 hand is ~21 characters; anything far longer is not a hand
FIELD_WORDS = {"hand": "手牌", "win_from": "来源", "win_card": "胡的牌", "variant": "玩法", "melds": "门子",
               "context": "情形", "options": "房间选项"}
BAD_INPUT = "输入不合规则，请检查手牌、胡的牌、门子和选项。"


def _kind(word: str) -> str:
    return GROUP_WORDS.get(word, word if not word.isascii() else "门子")


# The calculator's error lines (engine/zipai/calc.py, engine/options.py) in the players' words.
_ERRORS: list[tuple[re.Pattern[str], Any]] = [(re.compile(p), f) for p, f in [*mj.ERRORS,
    (r"input must be a JSON object", lambda m: "输入必须是一个 JSON 对象 {...}。"),
    (r"missing field '(\w+)'", lambda m: f"缺少「{FIELD_WORDS.get(m[1], m[1])}」（`{m[1]}`）。"),
    (r"unknown variant", lambda m: "没有这个玩法。"),
    (r"win_from .* is not one of", lambda m: f"来源必须是 {'、'.join(SOURCES.values())} 之一。"),
    (r"win_card may be null only", lambda m: "只有起手牌（天胡/地胡）可以不写胡的牌。"),
    (r"win_card must be exactly one card", lambda m: "胡的牌必须正好一张。"),
    (r"unknown 字牌 card 「(.*)」", lambda m: f"不认识的牌「{m[1][:10]}」：字牌是 一…十 和 壹…拾。"),
    (r"card must be a string", lambda m: "牌要写成文字，如 一二三。"),
    (r"melds must be a list", lambda m: "门子必须是一个列表 [...]。"),
    (r"meld type .* unknown", lambda m: "不认识的门子种类：可用 吃、碰、偎、臭偎、跑、提、坎。"),
    (r"meld field '(\w*)' unknown", lambda m: f"门子里不认识的字段「{m[1][:20]}」：只有 type 和 cards（或 card）。"),
    (r"unknown field '(\w*)'", lambda m: f"不认识的字段「{m[1][:20]}」：可用 " + "、".join(
        f"{w}（`{k}`）" for k, w in FIELD_WORDS.items()) + "。"),
    (r"meld (\w+) needs (\d+) cards, got (\d+)", lambda m: f"{_kind(m[1])}要 {m[2]} 张牌，给了 {m[3]} 张。"),
    (r"chi meld .* is neither", lambda m: "吃的三张既不是一句话也不是绞。"),
    (r"(\w+) meld .* must be identical cards", lambda m: f"{_kind(m[1])}必须是相同的牌。"),
    (r"meld .*: missing type", lambda m: "门子缺少种类（碰、偎、跑、提、吃…）。"),
    (r"meld .*: missing cards", lambda m: "门子缺少牌。"),
    (r"meld .*: expected", lambda m: "门子写法不对：请写成 碰一、吃一二三（麻将：碰5m、吃345s），"
                                       "或 {\"type\": \"peng\", \"cards\": [\"一\"]}。"),
    (r"four identical cards in hand", lambda m: "手里有四张相同的牌：起手的四张请写成「提」门子。"),
    (r"kan meld plus more copies", lambda m: "坎之外手里还有同样的牌。"),
    (r"(\d+) copies of (.): the set has (\d+)", lambda m: f"「{m[2]}」有 {m[1]} 张：一副牌每种只有 {m[3]} 张。"),
    (r"context must be an object", lambda m: "情形必须是一个对象 {...}。"),
    (r"options must be an object", lambda m: "房间选项必须是一个对象 {...}。"),
    # engine/options.py speaks Chinese already; only the raw option keys it names are left out
    (r"^没有选项 「(.+?)」", lambda m: f"没有房间选项「{m[1][:20]}」（/rules 列出每个玩法的选项）。"),
    (r"^选项 「\w+」（(.+?)）只能取 (.+)$", lambda m: f"房间选项「{m[1]}」只能取 {m[2]}。"),
]]
_REASONS: list[tuple[re.Pattern[str], Any]] = [(re.compile(p), f) for p, f in [*mj.REASONS,
    (r"no winning card and no start-of-hand win", lambda m: "没有胡的牌，也不是起手即胡。"),
    (r"a discarded card cannot be won", lambda m: "这个玩法不能胡别人打出的牌（不能放炮）。"),
    (r"only the dealer's first discard may be won", lambda m: "只能胡庄家打出的第一张牌（地胡）。"),
    (r"another player's draw cannot be won", lambda m: "这个玩法不能胡别人翻出的牌。"),
    (r"亮张 cannot be won", lambda m: "这个玩法不能胡庄家的亮张。"),
    (r"(\d+) cards do not form (\d+) 方门子", lambda m: f"{m[1]} 张牌凑不成 {m[2]} 方门子。"),
    (r"best arrangement has (\d+) 胡息, (\d+) needed", lambda m: f"最好的组法只有 {m[1]} 胡息，要 {m[2]} 胡息才能胡。"),
    (r"^[a-z]+: (.*[\u4e00-\u9fff].*)$", lambda m: m[1]),  # a variant's own reason, already in Chinese
]]


def _translate(text: str, table: list[tuple[re.Pattern[str], Any]], fallback: str) -> str:
    for pattern, say in table:
        m = pattern.search(text)
        if m:
            return str(say(m))
    return text if re.fullmatch(r"[^A-Za-z]*", text) else fallback


def calculator_error(text: str) -> str:
    """The calculator's (English) error line as a player reads it."""
    return _translate(text, _ERRORS, BAD_INPUT)


def refusal_reason(text: str) -> str:
    return _translate(text, _REASONS, "这手牌不能胡。")


def calculate(data: dict[str, Any]) -> dict[str, Any]:
    """The engine's calculator, every failure a :class:`CalcFormError` in Chinese (a reply must always go out)."""
    try:
        return evaluate(data)
    except InvalidInput as e:
        raise CalcFormError(calculator_error(str(e))) from None
    except RecursionError:
        raise CalcFormError("输入嵌套太深。") from None
    except (ValueError, TypeError, KeyError, AttributeError, OverflowError):
        raise CalcFormError(BAD_INPUT) from None


def _tokens(text: str | None) -> list[str]:
    return [t for t in _SPLIT.split(text or "") if t]


def _family(variant: str) -> str | None:
    return next((v.family for v in all_variants() if v.id == variant), None)


def _cards(text: str, mahjong: bool = False) -> list[str]:
    """Zipai cards are one character each; mahjong tiles are ``1m 2p …``, ``123m`` or their Chinese names."""
    if mahjong or mj.is_notation(text):
        try:
            return mj.tiles(text)
        except mj.TileTextError as e:
            raise CalcFormError(str(e)) from None
    return list("".join(_tokens(text)))


def _meld(token: str, mahjong: bool = False) -> dict[str, Any]:
    if mahjong:
        try:
            found = mj.meld(token)
        except mj.TileTextError as e:
            raise CalcFormError(f"门子「{token[:20]}」：{e}") from None
        if found is not None:
            return found
        raise CalcFormError(f"看不懂的门子「{token[:20]}」：请写成 碰5m、杠5m、暗杠7p、吃345s 或 peng:5m5m5m")
    if ":" in token or "：" in token:
        kind, cards = re.split("[:：]", token, maxsplit=1)
        return {"type": MELD_WORDS.get(kind, kind), "cards": _cards(cards)}
    for word in sorted(MELD_WORDS, key=len, reverse=True):
        if token.startswith(word) and len(token) > len(word):
            return {"type": MELD_WORDS[word], "cards": _cards(token[len(word):])}
    raise CalcFormError(f"看不懂的门子「{token}」：请写成 碰一、偎三、吃一二三 或 peng:一一一")


def _source(source: str) -> tuple[str, bool]:
    """(win_from, after a kong): the command's choice key or a word a player typed (杠上炮 …)."""
    word = (source or "").strip()
    if word in SOURCES:
        return word, False
    if word in SOURCE_WORDS:
        return SOURCE_WORDS[word]
    raise CalcFormError(f"来源必须是 {'、'.join(SOURCE_WORDS)} 之一。")


def build_input(variant: str, hand: str, win: str | None = None, source: str = "self_draw",
                melds: str | None = None, flags: str | None = None, options: str | None = None) -> dict[str, Any]:
    text = (hand or "").strip()
    for field, value in (("手牌", hand), ("胡的牌", win), ("门子", melds), ("情形", flags), ("房间选项", options)):
        if value and len(value) > MAX_FIELD and not (field == "手牌" and text.startswith("{")):
            raise CalcFormError(f"{field}太长（最多 {MAX_FIELD} 个字符）。")
    if not text:
        raise CalcFormError("手牌为空：请给出手牌（如 一二三四，麻将如 123m456p77z），或一个 JSON 对象。")
    if text.startswith("{"):
        try:
            return {"variant": variant, **json_object(text)}
        except ValueError as e:
            raise CalcFormError(str(e)) from None
    if text.startswith("["):
        raise CalcFormError("请给出 JSON 对象 {...}，或直接写牌，而不是列表。")
    win_from, after_kong = _source(source)
    mahjong = _family(variant) == "mahjong"
    win_cards = _cards(win, mahjong) if win and win.strip() else []
    if len(win_cards) > 1:
        raise CalcFormError(f"胡的牌只能写一张，写了 {len(win_cards)} 张。")
    data: dict[str, Any] = {"variant": variant, "hand": _cards(text, mahjong),
                            "melds": [_meld(t, mahjong) for t in _tokens(melds)],
                            "win_card": win_cards[0] if win_cards else None, "win_from": win_from}
    context: dict[str, bool] = {"after_kong": True} if after_kong else {}
    for word in _tokens(flags):
        if word not in FLAG_WORDS:
            raise CalcFormError(f"看不懂的情形「{word}」：可用 {'、'.join(k for k in FLAG_WORDS if not k.isascii())}")
        context[FLAG_WORDS[word]] = True
    data["context"] = context
    try:
        raw = parse_options_text(options or "")
    except OptionError as e:
        raise CalcFormError(f"房间选项写法不对（应写成 键=值，如 chongtun=2）：{e}") from None
    try:
        data["options"] = chinese_option_keys(variant, raw)
    except OptionError as e:
        raise CalcFormError(f"房间选项：{e}") from None
    return data


def describe_result(result: dict[str, Any], data: dict[str, Any] | None = None) -> str:
    """One readable block: win or not, 胡息, 名堂, 番, 囤/等, score, and the arrangement; a mahjong win (no 胡息)
    as 番种, 倍数 and 得分, who pays it read from ``data`` (the input) when given."""
    if not result.get("win"):
        return f"不能胡：{refusal_reason(str(result.get('reason', '')))}" if result.get("reason") else "不能胡："
    lines = ["**能胡**"]
    if _is_mahjong(result, data):
        return "\n".join(lines + mj.describe(result, data))
    if "huxi" in result:
        lines.append(f"胡息：{result['huxi']}")
    lines.append("名堂：" + ("、".join(result.get("patterns") or []) or "无"))
    if "fan" in result:
        lines.append(f"番数：{result['fan']}")
    if "units" in result:
        lines.append(f"囤/等：{result['units']}")
    lines.append(f"得分：{result.get('score')}")
    if result.get("arrangement"):
        lines.append("组牌：" + " ".join(_group(str(g)) for g in result["arrangement"]))
    return "\n".join(lines)


def _is_mahjong(result: dict[str, Any], data: dict[str, Any] | None) -> bool:
    return data is not None and isinstance(data.get("variant"), str) and _family(data["variant"]) == "mahjong"


def _group(code: str) -> str:
    """``pao:壹壹壹壹`` → ``跑壹壹壹壹``; an entry already in words stays as it is."""
    kind, cards = parse_group_code(code)
    return f"{group_word(kind)}{cards}" if cards else code

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
from engine.registry import all_variants, get_variant
from engine.zipai.cards import parse_card as zipai_card

from . import calc_mahjong as mj
from .i18n import SOURCE, tr, tr_in, tr_n
from .options_text import chinese_option_keys, json_object, parse_options_text, variant_name
from .words import GROUP_WORDS, engine_text, faces, group_word, joined, parse_group_code


class CalcFormError(ValueError):
    """Input a player typed that cannot be read; the message says what is wrong, in Chinese."""


# The command's 来源 choices (sources: ``tr(SOURCES[key])`` in a message; the command's own names are the frame's).
SOURCES = {"self_draw": tr_in(SOURCE, "自摸"), "other_draw": tr_in(SOURCE, "胡别人摸的牌"),
           "discard": tr_in(SOURCE, "点炮/放炮/接炮"), "deal": tr_in(SOURCE, "起手（天胡/地胡）"),
           "robbing_kong": tr_in(SOURCE, "抢杠胡（麻将）")}
# 来源 as players say it: (win_from, whether it also means the tile came right after a kong).
SOURCE_WORDS = {
    "自摸": ("self_draw", False), "杠开": ("self_draw", True), "杠上花": ("self_draw", True),  # i18n: input
    "点炮": ("discard", False), "放炮": ("discard", False), "接炮": ("discard", False),  # i18n: input
    "杠上炮": ("discard", True), "抢杠": ("robbing_kong", False), "抢杠胡": ("robbing_kong", False),  # i18n: input
    "起手": ("deal", False), "天胡": ("deal", False), "胡别人摸的牌": ("other_draw", False),  # i18n: input
}
MELD_WORDS = {"碰": "peng", "偎": "wei", "臭偎": "chouwei", "跑": "pao", "提": "ti", "吃": "chi",  # i18n: input
              "杠": "gang", "暗杠": "angang"}  # i18n: input
FLAG_WORDS = {
    "庄": "dealer", "庄家": "dealer", "dealer": "dealer",  # i18n: input
    "海底": "last_card", "海胡": "last_card", "last_card": "last_card",  # i18n: input
    "首张": "first_discard", "first_discard": "first_discard",  # i18n: input
    "未进张": "no_draw_yet", "听胡": "no_draw_yet", "no_draw_yet": "no_draw_yet",  # i18n: input
    "杠后": "after_kong", "杠上": "after_kong", "杠开": "after_kong",  # i18n: input
    "杠上花": "after_kong", "杠上炮": "after_kong",  # i18n: input
    "after_kong": "after_kong",
}
_SPLIT = re.compile(r"[\s,，、;；]+")
MAX_FIELD = 200  # a 字牌 hand is ~21 characters; anything far longer is not a hand
FIELD_WORDS = {"hand": tr_in(SOURCE, "手牌"), "win_from": tr_in(SOURCE, "来源"), "win_card": tr_in(SOURCE, "胡的牌"),
               "variant": tr_in(SOURCE, "玩法"), "melds": tr_in(SOURCE, "门子"), "context": tr_in(SOURCE, "情形"),
               "options": tr_in(SOURCE, "房间选项")}
MELD_EXAMPLE = '{"type": "peng", "cards": ["一"]}'  # i18n: input (JSON as a player types it)
BAD_INPUT = tr_in(SOURCE, "输入不合规则，请检查手牌、胡的牌、门子和选项。")  # shown as tr(BAD_INPUT)


def _kind(word: str) -> str:
    """The source word of a meld kind the calculator names (``peng`` → 碰), or a Chinese word as written."""
    return GROUP_WORDS.get(word, word if not word.isascii() else tr_in(SOURCE, "门子"))


def _field(key: str) -> str:
    return tr(FIELD_WORDS[key]) if key in FIELD_WORDS else key


# The calculator's error lines (engine/zipai/calc.py, engine/options.py) in the players' words.
_ERRORS: list[tuple[re.Pattern[str], Any]] = [(re.compile(p), f) for p, f in [*mj.ERRORS,
    (r"input must be a JSON object", lambda m: tr("输入必须是一个 JSON 对象 {...}。")),
    (r"missing field '(\w+)'", lambda m: tr("缺少「{field}」（`{key}`）。", field=_field(m[1]), key=m[1])),
    (r"unknown variant", lambda m: tr("没有这个玩法。")),
    (r"^variant 「(\w+)」 has no hand calculator",
     lambda m: tr("{variant}没有算分器。", variant=variant_name(get_variant(m[1])))),
    (r"win_from .* is not one of", lambda m: tr("来源必须是 {sources} 之一。", sources=joined([tr(w) for w in SOURCES.values()]))),
    (r"win_card may be null only", lambda m: tr("只有起手牌（天胡/地胡）可以不写胡的牌。")),
    (r"win_card must be exactly one card", lambda m: tr("胡的牌必须正好一张。")),
    (r"unknown 字牌 card 「(.*)」",  # i18n: input
     lambda m: tr("不认识的牌「{card}」：字牌是 一…十 和 壹…拾。", card=m[1][:10])),
    (r"card must be a string", lambda m: tr("牌要写成文字，如 一二三。")),
    (r"melds must be a list", lambda m: tr("门子必须是一个列表 [...]。")),
    (r"meld type .* unknown", lambda m: tr("不认识的门子种类：可用 吃、碰、偎、臭偎、跑、提、坎。")),
    (r"meld field '(\w*)' unknown",
     lambda m: tr("门子里不认识的字段「{field}」：只有 type 和 cards（或 card）。", field=m[1][:20])),
    (r"unknown field '(\w*)'", lambda m: tr("不认识的字段「{field}」：可用 {fields}。", field=m[1][:20], fields=joined(
        [f"{tr(w)}（`{k}`）" for k, w in FIELD_WORDS.items()]))),
    (r"meld (\w+) needs (\d+) cards, got (\d+)",
     lambda m: tr_n("{kind}要 {need} 张牌，给了 {n} 张。", int(m[3]), kind=tr(_kind(m[1])), need=m[2])),
    (r"chi meld .* is neither", lambda m: tr("吃的三张既不是一句话也不是绞。")),
    (r"(\w+) meld .* must be identical cards", lambda m: tr("{kind}必须是相同的牌。", kind=tr(_kind(m[1])))),
    (r"meld .*: missing type", lambda m: tr("门子缺少种类（碰、偎、跑、提、吃…）。")),
    (r"meld .*: missing cards", lambda m: tr("门子缺少牌。")),
    (r"meld .*: expected", lambda m: tr("门子写法不对：请写成 碰一、吃一二三（麻将：碰5m、吃345s），"
                                          "或 {json}。", json=MELD_EXAMPLE)),
    (r"four identical cards in hand", lambda m: tr("手里有四张相同的牌：起手的四张请写成「提」门子。")),
    (r"kan meld plus more copies", lambda m: tr("坎之外手里还有同样的牌。")),
    (r"(\d+) copies of (.): the set has (\d+)",
     lambda m: tr("「{card}」有 {n} 张：一副牌每种只有 {most} 张。", card=faces(m[2]), n=m[1], most=m[3])),
    (r"context must be an object", lambda m: tr("情形必须是一个对象 {...}。")),
    (r"options must be an object", lambda m: tr("房间选项必须是一个对象 {...}。")),
    # engine/options.py speaks Chinese already; only the raw option keys it names are left out
    (r"^没有选项 「(.+?)」",  # i18n: input (the engine's words, read)
     lambda m: tr("没有房间选项「{option}」（/rules 列出每个玩法的选项）。", option=m[1][:20])),
    (r"^选项 「\w+」（(.+?)）只能取 (.+)$",  # i18n: input
     lambda m: tr("房间选项「{option}」只能取 {choices}。", option=tr(m[1]), choices=m[2])),
]]
_REASONS: list[tuple[re.Pattern[str], Any]] = [(re.compile(p), f) for p, f in [*mj.REASONS,
    (r"no winning card and no start-of-hand win", lambda m: tr("没有胡的牌，也不是起手即胡。")),
    (r"a discarded card cannot be won", lambda m: tr("这个玩法不能胡别人打出的牌（不能放炮）。")),
    (r"only the dealer's first discard may be won", lambda m: tr("只能胡庄家打出的第一张牌（地胡）。")),
    (r"another player's draw cannot be won", lambda m: tr("这个玩法不能胡别人翻出的牌。")),
    (r"亮张 cannot be won", lambda m: tr("这个玩法不能胡庄家的亮张。")),  # i18n: input
    (r"(\d+) cards do not form (\d+) 方门子",  # i18n: input
     lambda m: tr_n("{n} 张牌凑不成 {groups} 方门子。", int(m[1]), groups=m[2])),
    (r"best arrangement has (\d+) 胡息, (\d+) needed",  # i18n: input
     lambda m: tr("最好的组法只有 {huxi} 胡息，要 {need} 胡息才能胡。", huxi=m[1], need=m[2])),
    (r"^[a-z]+: (.*[\u4e00-\u9fff].*)$", lambda m: engine_text(m[1])),  # a variant's own reason, already in Chinese
]]


def _translate(text: str, table: list[tuple[re.Pattern[str], Any]], fallback: str) -> str:
    """The first table entry matching ``text`` says it in the language spoken; text with no Latin is the
    engine's own Chinese (read clause by clause); else ``fallback``."""
    for pattern, say in table:
        m = pattern.search(text)
        if m:
            return str(say(m))
    return engine_text(text) if re.fullmatch(r"[^A-Za-z]*", text) else fallback


def calculator_error(text: str) -> str:
    """The calculator's (English) error line as a player reads it."""
    return _translate(text, _ERRORS, tr(BAD_INPUT))


def refusal_reason(text: str) -> str:
    return _translate(text, _REASONS, tr("这手牌不能胡。"))


def calculate(data: dict[str, Any]) -> dict[str, Any]:
    """The engine's calculator, every failure a :class:`CalcFormError` in the player's words (a reply must
    always go out)."""
    try:
        return evaluate(data)
    except InvalidInput as e:
        raise CalcFormError(calculator_error(str(e))) from None
    except RecursionError:
        raise CalcFormError(tr("输入嵌套太深。")) from None
    except (ValueError, TypeError, KeyError, AttributeError, OverflowError):
        raise CalcFormError(tr(BAD_INPUT)) from None


def _tokens(text: str | None) -> list[str]:
    return [t for t in _SPLIT.split(text or "") if t]


def _family(variant: str) -> str | None:
    return next((v.family for v in all_variants() if v.id == variant), None)


def _cards(text: str, mahjong: bool = False, field: str = "hand") -> list[str]:
    """Zipai cards are one character each; mahjong tiles are ``1m 2p …``, ``123m`` or their Chinese names.
    Characters that are no 字牌 card are named at once, all of them, before anything else is judged (a hand
    of unknown cards would otherwise be answered about whatever the calculator checks first)."""
    if mahjong or mj.is_notation(text):
        try:
            return mj.tiles(text)
        except mj.TileTextError as e:
            raise CalcFormError(str(e)) from None
    cards = list("".join(_tokens(text)))
    unknown = list(dict.fromkeys(c for c in cards if not _is_zipai_card(c)))
    if unknown:
        raise CalcFormError(tr("{field}里有不认识的牌：{cards}。字牌是 一…十 和 壹…拾。", field=_field(field),
                               cards="".join(f"「{c[:10]}」" for c in unknown[:10])))
    return cards


def _is_zipai_card(card: str) -> bool:
    try:
        zipai_card(card)
    except ValueError:
        return False
    return True


def _meld(token: str, mahjong: bool = False) -> dict[str, Any]:
    if mahjong:
        try:
            found = mj.meld(token)
        except mj.TileTextError as e:
            raise CalcFormError(tr("门子「{meld}」：{why}", meld=token[:20], why=e)) from None
        if found is not None:
            return found
        raise CalcFormError(tr("看不懂的门子「{meld}」：请写成 碰5m、杠5m、暗杠7p、吃345s 或 peng:5m5m5m", meld=token[:20]))
    if ":" in token or "：" in token:
        kind, cards = re.split("[:：]", token, maxsplit=1)
        return {"type": MELD_WORDS.get(kind, kind), "cards": _cards(cards, field="melds")}
    for word in sorted(MELD_WORDS, key=len, reverse=True):
        if token.startswith(word) and len(token) > len(word):
            return {"type": MELD_WORDS[word], "cards": _cards(token[len(word):], field="melds")}
    raise CalcFormError(tr("看不懂的门子「{meld}」：请写成 碰一、偎三、吃一二三 或 peng:一一一", meld=token[:20]))


def _source(source: str) -> tuple[str, bool]:
    """(win_from, after a kong): the command's choice key or a word a player typed (杠上炮 …)."""
    word = (source or "").strip()
    if word in SOURCES:
        return word, False
    if word in SOURCE_WORDS:
        return SOURCE_WORDS[word]
    raise CalcFormError(tr("来源必须是 {sources} 之一。", sources=joined(list(SOURCE_WORDS))))


def build_input(variant: str, hand: str, win: str | None = None, source: str = "self_draw",
                melds: str | None = None, flags: str | None = None, options: str | None = None) -> dict[str, Any]:
    text = (hand or "").strip()
    for field, value in (("hand", hand), ("win_card", win), ("melds", melds), ("context", flags), ("options", options)):
        if value and len(value) > MAX_FIELD and not (field == "hand" and text.startswith("{")):
            raise CalcFormError(tr("{field}太长（最多 {n} 个字符）。", field=_field(field), n=MAX_FIELD))
    if not text:
        raise CalcFormError(tr("手牌为空：请给出手牌（如 一二三四，麻将如 123m456p77z），或一个 JSON 对象。"))
    if text.startswith("{"):
        try:
            return {"variant": variant, **json_object(text)}
        except ValueError as e:
            raise CalcFormError(str(e)) from None
    if text.startswith("["):
        raise CalcFormError(tr("请给出 JSON 对象 {...}，或直接写牌，而不是列表。"))
    win_from, after_kong = _source(source)
    mahjong = _family(variant) == "mahjong"
    win_cards = _cards(win, mahjong, "win_card") if win and win.strip() else []
    if len(win_cards) > 1:
        raise CalcFormError(tr("胡的牌只能写一张，写了 {n} 张。", n=len(win_cards)))
    data: dict[str, Any] = {"variant": variant, "hand": _cards(text, mahjong),
                            "melds": [_meld(t, mahjong) for t in _tokens(melds)],
                            "win_card": win_cards[0] if win_cards else None, "win_from": win_from}
    context: dict[str, bool] = {"after_kong": True} if after_kong else {}
    for word in _tokens(flags):
        if word not in FLAG_WORDS:
            raise CalcFormError(tr("看不懂的情形「{flag}」：可用 {flags}", flag=word[:20],
                                   flags=joined([k for k in FLAG_WORDS if not k.isascii()])))
        context[FLAG_WORDS[word]] = True
    data["context"] = context
    try:
        raw = parse_options_text(options or "")
    except OptionError as e:
        raise CalcFormError(tr("房间选项写法不对（应写成 键=值，如 chongtun=2）：{why}", why=engine_text(str(e)))) from None
    try:
        data["options"] = chinese_option_keys(variant, raw)
    except OptionError as e:
        raise CalcFormError(tr("房间选项：{why}", why=engine_text(str(e)))) from None
    return data


def describe_result(result: dict[str, Any], data: dict[str, Any] | None = None) -> str:
    """One readable block: win or not, 胡息, 名堂, 番, 囤/等, score, and the arrangement; a mahjong win (no 胡息)
    as 番种, 倍数 and 得分, who pays it read from ``data`` (the input) when given."""
    if not result.get("win"):
        return tr("不能胡：{why}", why=refusal_reason(str(result["reason"]))) if result.get("reason") \
            else tr("不能胡：{why}", why="")
    lines = [tr("**能胡**")]
    if _is_mahjong(result, data):
        return "\n".join(lines + mj.describe(result, data))
    if "huxi" in result:
        lines.append(tr("胡息：{huxi}", huxi=result["huxi"]))
    lines.append(tr("名堂：{names}", names=joined([tr(str(p)) for p in result.get("patterns") or []]) or tr("无")))
    if "fan" in result:
        lines.append(tr("番数：{fan}", fan=result["fan"]))
    if "units" in result:
        lines.append(tr("囤/等：{units}", units=result["units"]))
    lines.append(tr("得分：{score}", score=result.get("score")))
    if result.get("arrangement"):
        lines.append(tr("组牌：{groups}", groups=" ".join(_group(str(g)) for g in result["arrangement"])))
    return "\n".join(lines)


def _is_mahjong(result: dict[str, Any], data: dict[str, Any] | None) -> bool:
    return data is not None and isinstance(data.get("variant"), str) and _family(data["variant"]) == "mahjong"


def _group(code: str) -> str:
    """``pao:壹壹壹壹`` → ``跑壹壹壹壹``; an entry already in words stays as it is."""
    kind, cards = parse_group_code(code)
    return f"{group_word(kind)}{faces(cards)}" if cards else code

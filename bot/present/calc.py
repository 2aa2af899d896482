"""`/calc` input in the words players type, turned into the calculator's JSON contract, and its answer turned back
into readable lines; each family's form reads its cards and melds and words its wins.

``hand`` may also be a whole JSON object (``python -m engine score`` input), which is used as it is. Flags:
``庄 海底 首张 未进张 杠上`` (dealer, last_card, first_discard, no_draw_yet, after_kong). Options:
``mingtang=honghei chongtun=2`` or the options' Chinese names (``名堂=红黑 扎鸟=胡几奖几``).
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from engine.calculator import evaluate
from engine.core import InvalidInput, OptionError
from engine.registry import all_variants, get_variant

from ..engine_words import said
from ..i18n import SOURCE, tr, tr_in
from ..options_text import chinese_option_keys, json_object, parse_options_text, variant_name
from .calc_parts import FIELD_WORDS, field_word, value_lines
from .contract import CalcForm, CalcFormError, Say
from .registry import presenter_for, presenters
from .words import engine_text, joined

__all__ = ["BAD_INPUT", "FLAG_WORDS", "SOURCES", "CalcFormError", "build_input", "calculate", "calculator_error",
           "describe_result", "refusal_reason"]

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
MELD_EXAMPLE = '{"type": "peng", "cards": ["一"]}'  # i18n: input (JSON as a player types it)
BAD_INPUT = tr_in(SOURCE, "输入不合规则，请检查手牌、胡的牌、门子和选项。")  # shown as tr(BAD_INPUT)

# The error lines every calculator shares (engine/contract.py, engine/calculator.py, engine/options.py, the meld
# and option checks), tried after each family's own.
COMMON_ERRORS: list[tuple[re.Pattern[str], Say]] = [(re.compile(p), f) for p, f in [
    (r"input must be a JSON object", lambda m: tr("输入必须是一个 JSON 对象 {...}。")),
    (r"missing field '(\w+)'", lambda m: tr("缺少「{field}」（`{key}`）。", field=field_word(m[1]), key=m[1])),
    (r"unknown variant", lambda m: tr("没有这个玩法。")),
    (r"^variant 「(\w+)」 has no hand calculator",
     lambda m: tr("{variant}没有算分器。", variant=variant_name(get_variant(m[1])))),
    (r"win_from .* is not one of", lambda m: tr("来源必须是 {sources} 之一。", sources=joined([tr(w) for w in SOURCES.values()]))),
    (r"win_card may be null only", lambda m: tr("只有起手牌（天胡/地胡）可以不写胡的牌。")),
    (r"win_card must be exactly one card", lambda m: tr("胡的牌必须正好一张。")),
    (r"melds must be a list", lambda m: tr("门子必须是一个列表 [...]。")),
    (r"meld field '(\w*)' unknown",
     lambda m: tr("门子里不认识的字段「{field}」：只有 type 和 cards（或 card）。", field=m[1][:20])),
    (r"unknown field '(\w*)'", lambda m: tr("不认识的字段「{field}」：可用 {fields}。", field=m[1][:20], fields=joined(
        [f"{tr(w)}（`{k}`）" for k, w in FIELD_WORDS.items()]))),
    (r"meld .*: missing type", lambda m: tr("门子缺少种类（碰、偎、跑、提、吃…）。")),
    (r"meld .*: missing cards", lambda m: tr("门子缺少牌。")),
    (r"meld .*: expected", lambda m: tr("门子写法不对：请写成 碰一、吃一二三（麻将：碰5m、吃345s），"
                                          "或 {json}。", json=MELD_EXAMPLE)),
    (r"context must be an object", lambda m: tr("情形必须是一个对象 {...}。")),
    (r"^unknown context flag '(\w*)'",
     lambda m: tr("不认识的情形「{flag}」：可写 庄家、海底、首张、未进张、杠上（杠开、杠上炮）。", flag=m[1][:20])),
    (r"^context flag '(\w*)' must be true or false",
     lambda m: tr("情形「{flag}」只能是 true 或 false。", flag=m[1][:20])),
    (r"options must be an object", lambda m: tr("房间选项必须是一个对象 {...}。")),
]]
# A variant's own reason, already in Chinese.
COMMON_REASONS: list[tuple[re.Pattern[str], Say]] = [
    (re.compile(r"^[a-z]+: (.*[\u4e00-\u9fff].*)$"), lambda m: engine_text(m[1]))]


def _forms() -> list[CalcForm]:
    return [p.calc for p in presenters() if p.calc is not None]


@cache
def _errors() -> list[tuple[re.Pattern[str], Say]]:
    # the families' patterns match their own calculators' messages only: their order among them does not matter
    return [e for form in _forms() for e in form.errors] + COMMON_ERRORS


@cache
def _reasons() -> list[tuple[re.Pattern[str], Say]]:
    return [r for form in _forms() for r in form.reasons] + COMMON_REASONS


def _translate(text: str, table: list[tuple[re.Pattern[str], Say]], fallback: str) -> str:
    """The first table entry matching ``text`` says it in the language spoken; text with no Latin is the
    engine's own Chinese (read clause by clause); else ``fallback``."""
    for pattern, say in table:
        m = pattern.search(text)
        if m:
            return str(say(m))
    return engine_text(text) if re.fullmatch(r"[^A-Za-z]*", text) else fallback


def calculator_error(text: str) -> str:
    """A calculator's (English) error line as a player reads it."""
    return _translate(text, _errors(), tr(BAD_INPUT))


def refusal_reason(text: str) -> str:
    return _translate(text, _reasons(), tr("这手牌不能胡。"))


def calculate(data: dict[str, Any]) -> dict[str, Any]:
    """The engine's calculator, every failure a :class:`CalcFormError` in the player's words (a reply must
    always go out)."""
    try:
        return evaluate(data)
    except OptionError as e:  # a room option refused: the engine's message id and fields, worded here
        raise CalcFormError(tr("房间选项：{why}", why=said(e))) from None
    except InvalidInput as e:
        raise CalcFormError(calculator_error(str(e))) from None
    except RecursionError:
        raise CalcFormError(tr("输入嵌套太深。")) from None
    except (ValueError, TypeError, KeyError, AttributeError, OverflowError):
        raise CalcFormError(tr(BAD_INPUT)) from None


def _tokens(text: str | None) -> list[str]:
    return [t for t in _SPLIT.split(text or "") if t]


def _form(variant: Any) -> CalcForm | None:
    """The ``/calc`` form of the variant's family (None: no such variant, or no calculator)."""
    family = next((v.family for v in all_variants() if v.id == variant), None)
    return presenter_for(family).calc if family is not None else None


def _cards(form: CalcForm, text: str, field: str = "hand") -> list[str]:
    """The cards of ``text`` as the variant's family reads them, or as the family whose own notation it is
    (``123m`` is read as tiles whatever variant was chosen: the calculator then names what does not belong)."""
    reader = next((f for f in _forms() if f is not form and f.reads(text)), form)
    return reader.cards(text, field_word(field))


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
            raise CalcFormError(tr("{field}太长（最多 {n} 个字符）。", field=field_word(field), n=MAX_FIELD))
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
    # a variant without a form of its own (none such, or no calculator: the calculator says which) is read by the
    # first family's form, as the menus list the families
    form = _form(variant) or _forms()[0]
    win_cards = _cards(form, win, "win_card") if win and win.strip() else []
    if len(win_cards) > 1:
        raise CalcFormError(tr("胡的牌只能写一张，写了 {n} 张。", n=len(win_cards)))
    data: dict[str, Any] = {"variant": variant, "hand": _cards(form, text),
                            "melds": [form.meld(t, lambda cards: _cards(form, cards, "melds")) for t in _tokens(melds)],
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
        raise CalcFormError(tr("房间选项写法不对（应写成 键=值，如 chongtun=2）：{why}", why=said(e))) from None
    try:
        data["options"] = chinese_option_keys(variant, raw)
    except OptionError as e:
        raise CalcFormError(tr("房间选项：{why}", why=said(e))) from None
    return data


def describe_result(result: dict[str, Any], data: dict[str, Any] | None = None) -> str:
    """One readable block: win or not and why not; a win in its family's words (胡息, 名堂, 番, 囤/等, score and the
    arrangement; a mahjong win as 番种, 倍数 and 得分 with who pays it, read from ``data``, the input, when given)."""
    if not result.get("win"):
        return tr("不能胡：{why}", why=refusal_reason(str(result["reason"]))) if result.get("reason") \
            else tr("不能胡：{why}", why="")
    form = _form(data.get("variant")) if data is not None else None
    return "\n".join([tr("**能胡**"), *(form.describe(result, data) if form is not None else value_lines(result))])

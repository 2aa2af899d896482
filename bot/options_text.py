"""Room options typed as text (`/table create options:` and `/calc options:`).

Players write them the way they say them: ``局数=4 名堂=红黑 限时=30秒`` (Chinese labels, spaces around
``=``, full-width ``＝``/``，``) or as keys and raw values (``hands=4 bot.timer=30``), or a JSON object.
Every mistake is answered in the reader's language, naming the option and the values it allows; the labels
players type stay the zh-CN ones (or the keys), whatever their language.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

from engine.core import OptionError
from engine.options import Option
from engine.registration import Variant

from .edge.errors import Denied, echoed
from .i18n import SOURCE, tr, tr_in
from .service.table import BOT_OPTIONS, listing

MAX_JSON_CHARS = 6000  # Discord's longest slash-command text
MAX_JSON_DEPTH = 16  # a hand is an object of lists of strings; anything deeper is not one
MAX_JSON_STRING = 500


class _BadConstant(ValueError):
    pass


def _no_constant(name: str) -> Any:
    raise _BadConstant(name)


def _check_json(data: Any) -> None:
    """Depth, numbers and strings of parsed JSON, walked without recursion (a deep input must not crash us)."""
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if depth > MAX_JSON_DEPTH:
            raise ValueError(tr("JSON 嵌套太深（最多 {n} 层）。", n=MAX_JSON_DEPTH))
        if isinstance(value, float) and not math.isfinite(value):
            raise ValueError(tr("JSON 里的数字超出范围（如 1e400）。"))
        if isinstance(value, str) and len(value) > MAX_JSON_STRING:
            raise ValueError(tr("JSON 里的字符串太长（最多 {n} 个字符）。", n=MAX_JSON_STRING))
        if isinstance(value, dict):
            stack += [(k, depth + 1) for k in value] + [(v, depth + 1) for v in value.values()]
        elif isinstance(value, list):
            stack += [(v, depth + 1) for v in value]
SEED_KEY = "seed"
SEED_LABEL = tr_in(SOURCE, "牌局种子")  # read as typed input, and said through the catalogue
# A seed is stored with the table and must fit an SQLite integer.
SEED_LIMIT = 1 << 63
_UNITS = "局分秒人胡倍次个"  # i18n: input
_TRUE_WORDS = ("开", "是", "有", "要", "true", "on", "1")  # i18n: input
_FALSE_WORDS = ("关", "否", "无", "不要", "false", "off", "0")  # i18n: input


def option_label(opt: Option) -> str:
    """An option's label (名堂玩法, 出牌限时) in the language being spoken."""
    return tr(opt.label)


def choice_label(opt: Option, value: Any) -> str:
    """One of an option's choices as the reader says it (开, 30秒, 红黑点); a bare number stays a number."""
    return tr(opt.choice_label(value))


def variant_name(variant: Variant) -> str:
    """A variant's name as the reader says it (「Paohuzi 跑胡子」 in English)."""
    return tr(variant.name)


def variant_named(variant_id: str) -> Variant:
    """The variant a command names. Discord offers only the registered ones, but what arrives is what the client
    sent: any other is refused in the reader's words, what was sent shortened."""
    from engine.registry import get_variant

    try:
        return get_variant(variant_id)
    except OptionError:
        raise Denied(tr("没有玩法「{variant}」。", variant=echoed(variant_id))) from None


def variant_summary(variant: Variant) -> str:
    return tr(variant.summary) if variant.summary else ""


def seed_label() -> str:
    return tr(SEED_LABEL)
_EQUALS = re.compile(r"\s*[=＝]\s*")


def json_object(text: str) -> dict[str, Any]:
    """A JSON object a player typed, or ValueError saying (in Chinese) what is wrong with it."""
    if len(text) > MAX_JSON_CHARS:
        raise ValueError(tr("JSON 太长（最多 {n} 个字符）。", n=MAX_JSON_CHARS))
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as e:
        raise ValueError(tr("JSON 格式错误（第 {n} 个字符附近）。", n=e.colno)) from None
    except _BadConstant as e:
        raise ValueError(tr("JSON 里不能有 {word}（不是数字）。", word=e)) from None
    except RecursionError:
        raise ValueError(tr("JSON 嵌套太深。")) from None
    except ValueError:  # e.g. an integer with thousands of digits
        raise ValueError(tr("JSON 里的数字太大。")) from None
    _check_json(data)
    if not isinstance(data, dict):
        raise ValueError(tr("JSON 必须是一个对象 {...}。"))
    return data


def parse_options_text(text: str, variant: Variant | None = None) -> dict[str, Any]:
    """``"key=value key2=value2"`` (commas or spaces) or a JSON object.

    With ``variant``, keys may be the options' Chinese labels (or part of one: ``名堂`` for 名堂玩法,
    ``限时`` for 出牌限时) and values their choice labels; the result then holds the options' own keys
    (``bot.`` ones included) and values the engine accepts. Without it, keys and values pass through.
    """
    text = text.strip()
    if not text:
        return {}
    if text.startswith("{"):
        try:
            raw = json_object(text)
        except ValueError as e:
            raise OptionError(tr("房间选项 {reason}", reason=e)) from None
    else:
        raw = {}
        for part in _EQUALS.sub("=", text).replace("，", ",").replace(",", " ").split():
            key, sep, value = part.partition("=")
            if not sep or not key:
                raise OptionError(tr("「{part}」应写成 选项=值，如 局数=4 或 hands=4", part=echoed(part)))
            if key in raw:
                raise OptionError(tr("选项「{key}」写了两次", key=echoed(key)))
            raw[key] = value
    # JSON carries its own types: like the calculator's contract, 4.0 is not the integer 4 there (typed text
    # "局数=4" is converted, and so is a JSON string such as "30秒", which is text as the player wrote it).
    return raw if variant is None else _resolve(variant, raw, strict=text.startswith("{"))


def _resolve(variant: Variant, raw: dict[str, Any], strict: bool = False) -> dict[str, Any]:
    declared = [(o.key, o) for o in variant.options] + [(f"bot.{o.key}", o) for o in BOT_OPTIONS]
    out: dict[str, Any] = {}
    for typed, value in raw.items():
        key, opt = _match_key(declared, typed)
        if key in out:
            raise OptionError(tr("「{option}」写了两次（{typed}）", option=option_label(opt) if opt else key,
                                 typed=echoed(typed)))
        if opt is None and strict:
            seed_value(value, strict=True)
        out[key] = value if opt is None else option_value(opt, value, typed, key, strict=strict)
    return out


def _match_key(declared: list[tuple[str, Option]], typed: str) -> tuple[str, Option | None]:
    """The option a typed key names: its key, its label, or the one label that contains it."""
    if typed == f"bot.{SEED_KEY}" or typed == SEED_LABEL:
        return f"bot.{SEED_KEY}", None
    for key, opt in declared:
        if typed in (key, opt.label):
            return key, opt
    hits = [(k, o) for k, o in declared if typed and not o.internal and typed in o.label]
    if len(hits) == 1:
        return hits[0]
    if hits:
        raise OptionError(tr("「{typed}」可以指{options}，请写全", typed=echoed(typed),
                             options=listing(f"「{option_label(o)}」" for _, o in hits)))
    known = listing([f"{option_label(o)}（{k}）" for k, o in declared if not o.internal]
                    + [f"{seed_label()}（bot.{SEED_KEY}）"])
    raise OptionError(tr("没有选项「{typed}」；可用：{known}", typed=echoed(typed), known=known))


def _name(opt: Option, typed: str | None) -> str:
    return f"「{option_label(opt)}」" + (f"（{echoed(typed)}）" if typed and typed != opt.label else "")


def allowed_text(opt: Option) -> str:
    """The choices as a player reads them: labels, or a compact number range (1–100, 10–1000 每 10)."""
    if opt.labels or not all(type(c) is int for c in opt.choices) or len(opt.choices) <= 12:
        return listing(choice_label(opt, c) for c in opt.choices[:25])
    c = opt.choices
    step = c[1] - c[0]
    if all(b - a == step for a, b in zip(c, c[1:], strict=False)):
        span = f"{c[0]}–{c[-1]}"
        return tr("{span}（每 {step}）", span=span, step=step) if step != 1 else span
    return listing(map(str, c[:25])) + "…"


def _shown(value: Any) -> str:
    if isinstance(value, str) and not value.strip():
        return tr("空值")
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and math.isnan(value):
        return tr("非数字（NaN）")
    if isinstance(value, float) and math.isinf(value):
        return tr("无穷大")
    if isinstance(value, int) and abs(value) >= SEED_LIMIT:
        return tr("一个过大的数")
    return echoed(value)


def option_value(opt: Option, value: Any, typed: str | None = None, key: str | None = None,
                 strict: bool = False) -> Any:
    """One typed value as one of ``opt.choices``, or OptionError naming the option and its choices.

    ``strict`` (a JSON value): a number must be of the option's own type, an integer never 4.0."""
    bad = OptionError(tr("{option}不能取 {value}；可选：{allowed}", option=_name(opt, typed or key),
                         value=_shown(value), allowed=allowed_text(opt)))
    is_bool = isinstance(opt.default, bool)
    if isinstance(value, bool):
        if is_bool:
            return value
        raise bad
    if isinstance(value, float) and strict:
        raise OptionError(tr("{option}要写整数，不能是 {value}；可选：{allowed}", option=_name(opt, typed or key),
                             value=_shown(value), allowed=allowed_text(opt)))
    if isinstance(value, float):
        if not math.isfinite(value) or not value.is_integer():
            raise bad
        value = int(value)
    if isinstance(value, int):
        if not is_bool and value in opt.choices:
            return value
        raise bad
    if not isinstance(value, str):
        raise OptionError(tr("{option}的值要写成文字或数字；可选：{allowed}", option=_name(opt, typed or key),
                             allowed=allowed_text(opt)))
    word = value.strip()
    for c in opt.choices:
        if word == opt.choice_label(c) or (not is_bool and word == str(c)):
            return c
    if is_bool:
        if word.lower() in _TRUE_WORDS:
            return True
        if word.lower() in _FALSE_WORDS:
            return False
        raise bad
    number = word[:-1] if word and word[-1] in _UNITS else word
    if re.fullmatch(r"[+-]?\d{1,30}", number) and int(number) in opt.choices:
        return int(number)
    hits = [c for c in opt.choices if opt.labels and word and word in opt.choice_label(c)]
    if len(hits) == 1:
        return hits[0]
    raise bad


def seed_value(value: Any, strict: bool = False) -> int:
    bad = OptionError(tr("「{option}」（bot.seed）必须是整数，绝对值小于 2^63，不能是 {value}", option=seed_label(),
                         value=_shown(value)))
    if isinstance(value, bool) or (strict and isinstance(value, float)):
        raise bad
    if isinstance(value, float):
        if not math.isfinite(value) or not value.is_integer():
            raise bad
        value = int(value)
    if isinstance(value, str):
        if not re.fullmatch(r"\s*[+-]?\d{1,30}\s*", value):
            raise bad
        value = int(value)
    if not isinstance(value, int) or abs(value) >= SEED_LIMIT:
        raise bad
    return value


def validate_bot_options(raw: dict[str, Any]) -> dict[str, Any]:
    """The bot's own options (keys without ``bot.``), defaults filled in."""
    out: dict[str, Any] = {}
    by_key = {o.key: o for o in BOT_OPTIONS}
    for key, value in raw.items():
        if key == SEED_KEY:
            out[SEED_KEY] = seed_value(value)
            continue
        opt = by_key.get(key)
        if opt is None:
            known = listing([f"{option_label(o)}（bot.{o.key}）" for o in BOT_OPTIONS]
                            + [f"{seed_label()}（bot.{SEED_KEY}）"])
            raise OptionError(tr("没有选项「bot.{key}」；可用：{known}", key=echoed(key), known=known))
        out[key] = option_value(opt, value, key=f"bot.{key}")
    for opt in BOT_OPTIONS:
        out.setdefault(opt.key, opt.default)
    return out


def chinese_option_keys(variant_id: str, raw: dict[str, Any]) -> dict[str, Any]:
    """/calc's options: a key written as the option's Chinese label (``扎鸟``, ``红中数``, ``加锤``; or the one label
    containing it) becomes the engine's key, and a value written as one of its choice labels (``胡几奖几``, ``开``)
    the engine's value. Everything else is left as typed for the calculator to judge (it converts ``"2"`` and
    names a wrong key or value itself); an unknown variant leaves the options untouched."""
    try:
        declared = [(o.key, o) for o in _variant(variant_id).options]
    except OptionError:
        return raw
    out: dict[str, Any] = {}
    for typed, value in raw.items():
        opt = next((o for k, o in declared if typed in (k, o.label)), None)
        if opt is None:
            hits = [o for _, o in declared if typed and not o.internal and typed in o.label]
            if len(hits) > 1:
                raise OptionError(tr("「{typed}」可以指{options}，请写全", typed=echoed(typed),
                                     options=listing(f"「{option_label(o)}」" for o in hits)))
            opt = hits[0] if hits else None
        key = opt.key if opt else typed
        if key in out:
            raise OptionError(tr("「{option}」写了两次（{typed}）", option=option_label(opt) if opt else echoed(key),
                                 typed=echoed(typed)))
        out[key] = _choice(opt, value) if opt else value
    return out


def _choice(opt: Option, value: Any) -> Any:
    if isinstance(value, str):
        word = value.strip()
        for c in opt.choices:
            if opt.labels and word == opt.choice_label(c):
                return c
    return value


def _variant(variant_id: str) -> Variant:
    from engine.registry import get_variant

    return get_variant(variant_id)

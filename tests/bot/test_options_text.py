"""Room options as players type them: Chinese labels and values, loose spacing, full-width signs, and a
Chinese answer naming the option and its values for every mistake."""

from __future__ import annotations

from typing import Any

import pytest

from bot.options_text import parse_options_text, validate_bot_options
from bot.service.table import BOT_OPTIONS
from engine.core import OptionError
from engine.options import validate_options
from engine.registry import all_variants, get_variant

from .conftest import Env

PAOHUZI = get_variant("paohuzi")


def split(text: str, variant: str = "paohuzi") -> tuple[dict[str, Any], dict[str, Any]]:
    """What /table create does with the text: the variant's options and the bot's, both validated."""
    v = get_variant(variant)
    raw = parse_options_text(text, v)
    bot_raw = {k[4:]: raw.pop(k) for k in list(raw) if k.startswith("bot.")}
    return v.validate(raw), validate_bot_options(bot_raw)


@pytest.mark.parametrize("text", [
    "局数=4 名堂=红黑 限时=30",
    "局数 = 4，名堂＝红黑  出牌限时 =30秒",
    "hands=4 mingtang=honghei bot.timer=30",
    "局数=4局 名堂玩法=红黑点 限时=30",
    '{"局数": 4, "名堂": "红黑", "限时": "30秒"}',
])
def test_chinese_and_raw_forms_mean_the_same(text: str) -> None:
    options, bot = split(text)
    assert options["hands"] == 4 and options["mingtang"] == "honghei"
    assert bot["timer"] == 30


def test_labels_of_every_kind() -> None:
    assert split("限时=不限时")[1]["timer"] == 0
    assert split("首局庄家=随机庄")[0]["banker"] == "random"
    assert split("人数=3人 计分=按等", "bopi")[0] | {} == {**get_variant("bopi").validate({}),
                                                           "players": 3, "scoring": "deng"}
    assert split("打鸟=开 鸟分=5", "fangpaofa")[0]["daniao"] is True
    assert split("自摸翻倍=关", "anhua")[0]["zimo_fanbei"] is False


def test_default_turn_timer_is_60_seconds_and_can_be_switched_off() -> None:
    assert split("")[1] == {"timer": 60, "hints": True, "counter": False, "ai_level": "普通", "pictures": True, "hand_picture": False, "idle": 1800}
    assert [o.default for o in BOT_OPTIONS if o.key == "timer"] == [60]
    assert split("bot.timer=0")[1]["timer"] == 0


@pytest.mark.parametrize(("text", "words"), [
    ("局数=3", ["「局数」", "3", "1、2、4、6、8"]),
    ("hands=999", ["「局数」（hands）", "999", "32"]),
    ("局数=", ["「局数」", "空值"]),
    ("限时=45秒", ["「出牌限时」", "不限时、30秒、60秒、120秒"]),
    ("bot.timer=7", ["「出牌限时」（bot.timer）", "7"]),
    ("名堂=乱来", ["「名堂玩法」", "全名堂、红黑点、多红多番"]),
    ("nosuch=1", ["没有选项「nosuch」", "局数（hands）", "出牌限时（bot.timer）"]),
    ("局数", ["「局数」应写成 选项=值"]),
    ("局数=4 hands=8", ["「局数」写了两次"]),
    ('{"bot.seed": true}', ["「牌局种子」", "true"]),
    ('{"bot.seed": 123456789012345678901234567890}', ["「牌局种子」", "过大"]),
    ('{"bot.seed": 1.5}', ["「牌局种子」", "1.5"]),
    ("bot.seed=1e400", ["「牌局种子」", "1e400"]),
    ('{"hands": 4.5}', ["「局数」（hands）", "4.5"]),
    ('{"hands": true}', ["「局数」（hands）", "true"]),
    ('{"hands": [4]}', ["「局数」（hands）", "文字或数字"]),
])
def test_mistakes_are_answered_in_chinese(text: str, words: list[str]) -> None:
    with pytest.raises(OptionError) as err:
        split(text)
    msg = str(err.value)
    for w in words:
        assert w in msg, (w, msg)
    assert "must" not in msg and "None" not in msg


@pytest.mark.parametrize(("value", "word"), [
    (float("inf"), "无穷大"), (float("-inf"), "无穷大"), (float("nan"), "NaN"), (True, "true"), (2**63, "过大"),
    (2.5, "2.5"), ("12abc", "12abc"), (None, "None"),
])
def test_seeds_that_are_not_whole_numbers_are_refused(value: Any, word: str) -> None:
    # what JSON may carry: 1e400 parses to inf, NaN to nan
    with pytest.raises(OptionError) as err:
        validate_bot_options({"seed": value})
    assert "「牌局种子」（bot.seed）必须是整数" in str(err.value) and word in str(err.value)


def test_number_values_that_are_not_choices_are_refused() -> None:
    for value in (float("inf"), float("nan"), 10**400, 30.5, True):
        with pytest.raises(OptionError, match="「出牌限时」（bot.timer）不能取 .*；可选：不限时、30秒"):
            validate_bot_options({"timer": value})
    assert validate_bot_options({"timer": 30.0, "seed": -5}) == {"timer": 30, "hints": True, "counter": False, "ai_level": "普通", "pictures": True,
                                                                  "hand_picture": False, "idle": 1800, "seed": -5}


def test_ambiguous_part_of_a_label_is_refused() -> None:
    with pytest.raises(OptionError) as err:  # 放炮罚 has 打鸟 and 鸟分
        split("鸟=5", "fangpaofa")
    assert "「鸟」可以指「打鸟」、「鸟分」" in str(err.value)
    with pytest.raises(OptionError) as err:  # both 臭庄 values start with these words
        split("臭庄=庄家扣10胡给数醒", "bopi")
    assert "可选：庄家扣10胡给数醒并连庄、庄家扣10胡给数醒并由下家坐庄" in str(err.value)
    assert split("臭庄=连庄", "bopi")[0]["huangzhuang"] == "stay"


def test_large_number_ranges_are_shown_compactly() -> None:
    with pytest.raises(OptionError) as err:
        split("鸟分=0", "fangpaofa")
    assert "1–100" in str(err.value)
    with pytest.raises(OptionError) as err:
        split("满胡结算=15", "fangpaofa")
    assert "10–1000（每 10）" in str(err.value)


def test_engine_messages_are_chinese_and_keep_the_key() -> None:
    with pytest.raises(OptionError) as err:
        validate_options(PAOHUZI.options, {"bogus": 1})
    assert "没有选项 「bogus」" in str(err.value) and "hands（局数）" in str(err.value)
    with pytest.raises(OptionError) as err:
        validate_options(PAOHUZI.options, {"chongtun": 9})
    assert "「chongtun」（充囤）只能取 0、1、2、3、4、5（整数），不能是 9" in str(err.value)
    with pytest.raises(OptionError) as err:
        validate_options(get_variant("anhua").options, {"papo": "maybe"})
    assert "只能取 false、true（布尔值），不能是 「maybe」" in str(err.value)


@pytest.mark.parametrize(("value", "shown"), [
    (True, "不能是 true"), (None, "不能是 null"), (float("inf"), "不能是 Infinity"), ("2", "不能是 「2」"),
    (2.0, "不能是 2.0"), ([1], "不能是 [1]"), (10**40, "不能是 1e30 以上的数"),
])
def test_option_messages_show_values_as_json_writes_them(value: object, shown: str) -> None:
    # issue 7: no Python reprs (True, None, inf, '2') in what a player reads
    with pytest.raises(OptionError) as err:
        validate_options(PAOHUZI.options, {"chongtun": value}, strict=True)
    assert shown in str(err.value), str(err.value)
    assert not any(word in str(err.value) for word in ("True", "None", "inf", "'"))


@pytest.mark.parametrize("variant", [v.id for v in all_variants()])
def test_every_choice_label_can_be_typed_back(variant: str) -> None:
    """issue 7: 剥皮 臭庄's labels held a "，" (and 人数's a space), which the text form splits on."""
    v = get_variant(variant)
    declared = [(o.key, o) for o in v.options] + [(f"bot.{o.key}", o) for o in BOT_OPTIONS]
    for key, opt in declared:
        for choice in opt.choices:
            typed = f"{opt.label}={opt.choice_label(choice)}"
            assert parse_options_text(typed, v) == {key: choice}, typed
    # and all of them in one line, each option's last choice, separated the ways players separate them
    last = {key: opt.choices[-1] for key, opt in declared}
    for sep in (" ", "，", ", "):
        text = sep.join(f"{opt.label}={opt.choice_label(opt.choices[-1])}" for _, opt in declared)
        assert parse_options_text(text, v) == last, text


@pytest.mark.parametrize(("text", "words"), [
    ('{"hands": 4.0}', ["「局数」", "整数", "4.0"]),
    ('{"局数": 8.0}', ["「局数」", "整数", "8.0"]),
    ('{"bot.timer": 30.0}', ["「出牌限时」", "整数", "30.0"]),
    ('{"bot.seed": 1.0}', ["「牌局种子」", "1.0"]),
    ('{"chongtun": true}', ["「充囤」", "true"]),
])
def test_json_options_are_typed_strictly_like_the_calculator(text: str, words: list[str]) -> None:
    with pytest.raises(OptionError) as err:
        split(text)
    for w in words:
        assert w in str(err.value), (w, str(err.value))
    # the typed text form converts as before, and a JSON integer is fine
    assert split("局数=4")[0]["hands"] == 4 and split('{"hands": 4}')[0]["hands"] == 4


def test_json_bool_option_never_a_number() -> None:
    with pytest.raises(OptionError):
        split('{"daniao": 1}', "fangpaofa")
    assert split('{"daniao": true}', "fangpaofa")[0]["daniao"] is True


async def test_table_create_takes_chinese_options(env: Env) -> None:
    p = await env.cmd(env.alice, "table create", variant="paohuzi", options="局数=4 名堂＝红黑 限时 = 30秒")
    assert not p.ephemeral, p.text()
    table = env.table()
    assert table.options["hands"] == 4 and table.options["mingtang"] == "honghei"
    assert table.bot_options["timer"] == 30


async def test_table_create_answers_a_bad_option_in_chinese(env: Env) -> None:
    p = await env.cmd(env.alice, "table create", variant="paohuzi", options="局数=3")
    assert p.ephemeral and "「局数」" in p.text() and "1、2、4" in p.text()
    assert env.table() is None
    # int(inf) used to escape as an OverflowError: a generic apology instead of naming the option
    p = await env.cmd(env.alice, "table create", variant="paohuzi", options='{"bot.seed": 1e400}')
    assert p.ephemeral and "房间选项有误" in p.text() and ("bot.seed" in p.text() or "1e400" in p.text())
    assert env.table() is None

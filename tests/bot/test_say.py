"""``bot.say.say``: an engine ``Msg`` worded in each language — its template through the catalogue, each argument
by its type (seats by the table's names, cards by the family's words, terms through the catalogue, lists with the
language's mark, nested messages, counts choosing a plural form). Hand-made messages: the engine says few yet."""

from __future__ import annotations

import pytest

from bot.engine_words import said, word
from bot.i18n import Lang, speaking
from bot.say import say
from engine.core import ActionName, IllegalAction
from engine.words import Card, Cards, Listing, Msg, Seat, Seats, Term, msg

WON = msg("{who} 胡了 {card}（{how}）", who=Seat(1), card=Card("5m", "五万"), how=Term("自摸"))


@pytest.mark.parametrize(("lang", "text"), [
    ("zh-CN", "座位2 胡了 五万（自摸）"),
    ("zh-TW", "座位2 胡了 五萬（自摸）"),  # the card's zh-CN name through the catalogue: traditional
    ("en", "Seat 2 won on 五万 (自摸 self-draw)"),
])
def test_a_message_with_a_seat_a_card_and_a_term(lang: Lang, text: str) -> None:
    assert say(WON, lang=lang) == text
    with speaking(lang):
        assert say(WON) == text  # the language spoken, by default
    assert WON.zh() == "座位2 胡了 五万（自摸）"  # the engine's own zh-CN, which say agrees with


def test_seats_and_cards_by_the_callers_words() -> None:
    """At a table the seat is its player, and the family presenter words the card (an emoji, a gloss)."""
    names = ["1号 alice", "2号 bob", "3号 carol"]

    def card_words(c: Card | Cards) -> str:
        return f"[{c.code}]" if isinstance(c, Card) else "+".join(c.codes)

    assert say(WON, seat=names.__getitem__, cards=card_words, lang="en") == "2号 bob won on [5m] (自摸 self-draw)"
    assert say(WON, seat=names.__getitem__, cards=card_words, lang="zh-CN") == "2号 bob 胡了 [5m]（自摸）"
    run = msg("结果：{text}", text=Cards(("1m", "2m", "3m"), "一二三万"))
    assert say(run, lang="en") == "Result: 一二三万" and say(run, cards=card_words, lang="en") == "Result: 1m+2m+3m"


@pytest.mark.parametrize(("lang", "text"), [
    ("zh-CN", "计分：胡息 12，天胡、地胡 算 100 胡息"),
    ("zh-TW", "計分：胡息 12，天胡、地胡 算 100 胡息"),
    ("en", "Scoring: huxi 12, 天胡 heavenly win, 地胡 earthly win count as 100 huxi"),
])
def test_a_listing_takes_the_languages_list_mark(lang: Lang, text: str) -> None:
    m = msg("计分：胡息 {huxi}，{names} 算 {n} 胡息", huxi=12, names=Listing((Term("天胡"), Term("地胡"))), n=100)
    assert say(m, lang=lang) == text


@pytest.mark.parametrize(("lang", "text"), [
    ("zh-CN", "坐飘：座位1、座位3 · 结果：座位2 胡了 五万（自摸）"),
    ("zh-TW", "坐飄：座位1、座位3 · 結果：座位2 胡了 五萬（自摸）"),
    ("en", "坐飘 float: Seat 1, Seat 3 · Result: Seat 2 won on 五万 (自摸 self-draw)"),
])
def test_seats_and_nested_messages(lang: Lang, text: str) -> None:
    both = Listing((msg("坐飘：{seats}", seats=Seats((0, 2))), msg("结果：{text}", text=WON)), " · ")
    assert say(Msg("{a}", (("a", both),)), lang=lang) == text  # two sentences in a row
    assert say(msg("坐飘：{seats}", seats=Seats(())), lang=lang).endswith(
        {"zh-CN": "无人", "zh-TW": "無人", "en": "nobody"}[lang])


@pytest.mark.parametrize(("lang", "one", "three"), [
    ("zh-CN", "1 局", "3 局"), ("zh-TW", "1 局", "3 局"), ("en", "1 hand", "3 hands")])
def test_a_count_chooses_the_plural_form(lang: Lang, one: str, three: str) -> None:
    assert say(msg("{n} 局", n=1), lang=lang) == one
    assert say(msg("{n} 局", n=3), lang=lang) == three


def test_a_message_the_catalogue_lacks_reads_as_the_engine_wrote_it() -> None:
    m = msg("{seat} 做了一件新事 {n} 次", seat=Seat(0), n=2)
    assert say(m, lang="en") == "Seat 1 做了一件新事 2 次"  # the template as written, its arguments still worded


def test_engine_errors_are_worded_through_say() -> None:
    """``said`` / ``word`` (the engine's refusals and control labels) are ``say`` of the error's ``.msg``: a field
    that is a word of the catalogue, or an action's name, is worded too."""
    e = IllegalAction("现在不能「{action}」", action=ActionName.worded("{verb} {cards}", "碰", verb="碰", cards="五"))
    with speaking("en"):
        assert said(e) == say(e.msg) and "碰 Pong 五" in said(e)
        assert word("{verb} {cards}", [("verb", "碰"), ("cards", "五")]) == "碰 Pong 五"
    with speaking("zh-CN"):
        assert said(e) == str(e) == "现在不能「碰 五」"
    assert said(ValueError("plain")) == "plain"

"""What the table shows, in English and zh-TW: the table message, DM panels, settlements and 跑得快's panel
read as real sentences in each language, English keeps only game terms in Chinese, and Discord's limits hold
with the longer English. The engine's dynamic words (名堂 / 番种 names, tile names) have catalogue entries."""

from __future__ import annotations

import json
import random
import re
import string
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import discord
import pytest
from discord.http import handle_message_parameters
from discord.utils import MISSING

from bot import catalogue_tool
from bot.i18n import LANGS, MESSAGES, Lang, catalogue, read, speaking
from bot.present.calc import CalcFormError, build_input, calculate, describe_result
from bot.present.dm import dm_panel
from bot.present.panel import Panel
from bot.present.settlement import final_text, settlement_text
from bot.present.table_message import table_message
from bot.present.words import cards_of_family
from bot.say import say
from bot.service.table import Seat, Table
from engine.ai import choose
from engine.core import HandResult, MeldView
from engine.match import Match
from engine.registry import all_variants
from engine.selfplay import play_hand
from engine.words import Msg, msg
from engine.words import Seat as SeatArg
from fake_discord import FakeDiscord, Upload, payload_text, playing, uninstall_webhook_edge
from fake_discord.layout import controls, is_v2
from fake_discord.layout import texts as layout_texts
from fake_discord.refusals import payload_limit_problem, request_problem
from fake_discord.uploads import upload_problem

from .conftest import Env, attach, manual_clock, short

CJK = re.compile(r"[\u3400-\u9fff]")


def pattern_names() -> set[str]:
    """Every 名堂 / 番种 name the registered variants can report: the catalogue tool finds them in the engine."""
    return set(catalogue_tool.pattern_names())


def test_every_pattern_name_has_an_entry_in_every_language() -> None:
    names = pattern_names()
    assert {"清一色", "碰碰胡", "红胡", "十三幺", "四红中", "全关", "条扁", "金童玉女"} <= names  # the scan sees them
    messages = catalogue()["messages"]
    missing = sorted(n for n in names if not all(messages.get(n, {}).get(lang) for lang in LANGS if lang != "zh-CN"))
    assert missing == []


def test_every_tile_name_has_an_entry_in_every_language() -> None:
    from engine.mahjong.tiles import tile_name

    messages = catalogue()["messages"]
    assert [tile_name(t) for t in range(34) if not messages.get(tile_name(t), {}).get("zh-TW")] == []
    assert messages["五万"]["zh-TW"] == "五萬" and messages["五万"]["en"] == "五万"


# --- the table read in English and zh-TW -------------------------------------------------------------------

NAMES = ["alice", "bob", "carol", "dave"]
# table.seat_label, an AI seat's name among them (the frame's words, moved onto the catalogue with the frame)
SEAT_LABEL = re.compile(r"\d+号 (?:电脑\d+)?")
MARKUP = re.compile(r"<t:\d+:[A-Za-z]>|<@!?\d+>|`[^`]*`")


CJK_RUN = re.compile(r"[\u3400-\u9fff]+")
TERM = re.compile(r"[\u3400-\u9fff0-9×]{1,6}")
ENGINE_SEAT = "座位"  # the engine's seat word: table.name_seats turns 座位2 into the seat's label before anyone reads it


def term_entries() -> set[str]:
    """The catalogue's game terms: a short word with no field whose English keeps it (碰, 五万, 清一色 one suit)."""
    return {k for k, v in catalogue()["messages"].items()
            if TERM.fullmatch(k) and not fields(k) and v.get("en", "").startswith(k)}


def english_terms() -> set[str]:
    """The Chinese English may keep: the term entries, the 字牌 faces, and the words the frame's entries give
    (variant names, option and choice labels, which English keeps too)."""
    from bot.families.zipai.words import BIG, SMALL

    frame = {r for w in _frame_words() for r in CJK_RUN.findall(w)}
    return term_entries() | set(SMALL + BIG) | frame | {ENGINE_SEAT}


@cache
def _frame_words() -> tuple[str, ...]:
    """Variant names, option and choice labels (the frame's entries), longest first."""
    from bot.service.table import BOT_OPTIONS

    frame = {v.name for v in all_variants()}
    for options in [BOT_OPTIONS, *(v.options for v in all_variants())]:
        for o in options:
            frame |= {o.label, *(o.choice_label(c) for c in o.choices)}
    return tuple(sorted(frame, key=len, reverse=True))


def fields(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f is not None}




def _texts_of(lang: Lang) -> dict[str, list[str]]:
    """Every text of the language's catalogue, each plural entry with all its forms."""
    texts: dict[str, list[str]] = {}
    for m in read(MESSAGES, lang):
        if not m.id:
            continue
        assert m.string is not None, m.id
        texts[m.id if isinstance(m.id, str) else m.id[0]] = [m.string] if isinstance(m.string, str) else list(m.string)
    return texts


def test_english_keeps_only_game_terms_in_chinese() -> None:
    """Every English text of the catalogue (every plural form): its Chinese is made of game terms the catalogue
    names."""
    terms = english_terms()
    english = _texts_of("en")
    assert len(english) > 500
    loose = {k: texts for k, texts in english.items() if any(loose_chinese_in_english(t, terms) for t in texts)}
    assert loose == {}
    messages = catalogue()["messages"]
    assert messages["**手牌**（{n} 张）：{hand}"]["en"] == "**Hand** ({n}): {hand}"
    assert messages["五万"] == {"zh-TW": "五萬", "en": "五万"} and messages["碰碰胡"]["en"].startswith("碰碰胡 ")


QUOTED = re.compile(r"「[^」]*」")  # a word players type as the calculator reads it (情形「庄家」)


def test_every_traditional_text_is_traditional() -> None:
    """Every zh-TW text of the catalogue, not only those a played hand shows: no character zh-TW writes otherwise,
    but a quoted word players type as the calculator reads it, and 么 (十三么 as Taiwan writes it: OpenCC's own
    s2tw of 十三幺, though it turns 么 alone into 麼)."""
    traditional = _texts_of("zh-TW")
    assert len(traditional) > 500
    bad = {k: texts for k, texts in traditional.items()
           if any(c != "么" for t in texts for c in simplified_in_traditional(QUOTED.sub("", t)))}
    assert bad == {}


def _made_of(run: str, terms: set[str]) -> bool:
    """Whether a run of Chinese is a sequence of terms (一二三万 = 一二三 + 万, 碰十十十 = 碰 + faces)."""
    ok = [True] + [False] * len(run)
    for end in range(1, len(run) + 1):
        ok[end] = any(ok[start] and run[start:end] in terms for start in range(max(0, end - 8), end))
    return ok[-1]


def loose_chinese_in_english(text: str, terms: set[str]) -> list[str]:
    plain = SEAT_LABEL.sub("", MARKUP.sub("", text))
    return [run for run in CJK_RUN.findall(plain) if not _made_of(run, terms)]


@cache
def _traditional(char: str) -> str:
    from bot.catalogue_tool import to_traditional

    return to_traditional(char)


def simplified_in_traditional(text: str) -> list[str]:
    """Characters zh-TW writes otherwise (OpenCC's s2tw, the tool the catalogue's zh-TW came from)."""
    # OpenCC comes with the test extra: this check must run, never skip
    plain = SEAT_LABEL.sub("", MARKUP.sub("", text))
    for word in _frame_words():  # variant names, option and choice labels: the frame's entries
        plain = plain.replace(word, "")
    return sorted({c for c in CJK_RUN.findall(plain) for c in c if _traditional(c) != c and c != "号"})


def _table(variant: str, seed: int, options: dict[str, Any] | None = None, **bot: Any) -> Table:
    match = Match(variant, options or {}, seed=seed)
    seats = [Seat(101 + i, NAMES[i]) for i in range(match.seats)]
    table = Table(7, 1, 1, 1, variant, match.options, {"timer": 60, "hints": True, **bot}, "playing", seats)
    table.match = match
    table.turn_deadline = 1_800_000_000.0
    return table


def _items(panel: Panel) -> list[Any]:
    """The view's buttons and selects (a persistent control is a DynamicItem around one), wherever they sit."""
    view = panel.kwargs().get("view")
    children = view.walk_children() if view is not None else []
    return [getattr(item, "item", item) for item in children
            if isinstance(getattr(item, "item", item), discord.ui.Button | discord.ui.Select)]


def _texts(panel: Panel) -> tuple[list[str], list[str]]:
    """(what the player reads as text, the labels of the controls) of one rendered message."""
    texts = [panel.text()]
    if panel.embed is not None:
        texts.append(panel.embed.footer.text or "")
    labels: list[str] = []
    for item in _items(panel):
        labels += [getattr(item, "label", None) or "", getattr(item, "placeholder", None) or ""]
        labels += [o.label for o in getattr(item, "options", [])]
    return [t for t in texts if t], [t for t in labels if t]


def _within_discords_limits(panel: Panel) -> None:
    """The message as discord.py sends it (its picture a file of the request) passes Discord's spec and limits."""
    kwargs = panel.kwargs()
    files = [panel.picture.file()] if panel.picture is not None else MISSING
    params = handle_message_parameters(content=kwargs["content"], embed=kwargs["embed"], view=kwargs["view"],
                                       files=files)
    if params.payload is not None:
        body = params.payload
    else:
        assert params.multipart is not None  # a request without a JSON body is a multipart one
        body = json.loads(params.multipart[0]["value"])
    assert request_problem("POST", "/channels/{channel_id}/messages", body) is None, body
    uploads = [Upload(i, f.filename, b"x") for i, f in enumerate(params.files or [])]
    assert upload_problem(body, uploads, []) is None, body
    for item in _items(panel):
        if isinstance(item, discord.ui.Button):
            assert 1 <= len(item.label or "") <= 80, item.label
        if isinstance(item, discord.ui.Select):
            assert len(item.placeholder or "") <= 150 and 1 <= len(item.options) <= 25
            assert all(1 <= len(o.label) <= 100 and len(o.value) <= 100 for o in item.options)


def _played(variant: str, seed: int, stops: int = 5, **bot: Any) -> Iterator[Table]:
    """A self-played hand, stopping at ``stops`` steps spread over it, wherever a seat may 吃 (its labels name
    the cards) and at its end."""
    table = _table(variant, seed, **bot)
    assert table.match is not None
    game = table.match.new_hand(seed)
    replay = Match(variant, table.match.options, seed=seed).new_hand(seed)
    length = len(getattr(play_hand(replay), "log", ()))
    every = max(1, length // stops)
    step = 0
    while not game.finished:
        seat = game.to_act()[0]
        chi = any(a.kind == "chi" for s in game.to_act() for a in game.legal_actions(s))
        if step % every == every // 2 or chi:
            yield table
        game.apply(seat, choose(game, seat))
        step += 1
    yield table


def _check_step(table: Table, terms: set[str]) -> dict[str, list[str]]:
    """Render the channel message and every seat's panel in English and zh-TW (zh-CN held to the spec and the
    limits only); return what each language read (zh-TW: the controls' labels too, under ``"zh-TW labels"``)."""
    read: dict[str, list[str]] = {"en": [], "zh-TW": [], "zh-TW labels": [], "zh-CN": []}
    for lang in ("en", "zh-TW", "zh-CN"):
        with speaking(lang):
            panels = [table_message(table)] + [dm_panel(table, s) for s in range(len(table.seats))]
        for panel in panels:
            _within_discords_limits(panel)
            texts, labels = _texts(panel)
            if lang == "zh-CN":
                continue  # the source language: held to the spec and the limits above, its words are its own
            read[lang] += texts
            for text in texts:
                if lang == "en":
                    assert loose_chinese_in_english(text, terms) == [], text
                else:
                    assert simplified_in_traditional(text) == [], text
            if lang == "zh-TW":  # the live controls too: 吃 壹貳參, not the engine's 壹贰叁
                read["zh-TW labels"] += labels
                for label in labels:
                    assert simplified_in_traditional(label) == [], label
    return read


@pytest.mark.parametrize("variant", ["paohuzi", "changsha", "hongzhong", "tuidaohu", "paodekuai", "bopi"])
def test_a_whole_hand_reads_in_english_and_traditional(variant: str) -> None:
    terms = english_terms()
    seen: dict[str, list[str]] = {"en": [], "zh-TW": [], "zh-TW labels": []}
    for table in _played(variant, 3):
        for lang, texts in _check_step(table, terms).items():
            seen.setdefault(lang, []).extend(texts)
    english, traditional = "\n".join(seen["en"]), "\n".join(seen["zh-TW"])
    if variant == "paohuzi":  # a 吃 of cards zh-TW writes apart was on offer, and checked above
        assert any(label.startswith("吃 ") and re.search("[貳參陸]", label) for label in seen["zh-TW labels"])
    assert "Table #7" in english and "Hand 1" in english and "**Hand** (" in english and "in hand" in english
    assert "**Turn**: " in english or "Waiting for claims" in english
    assert "牌桌" not in english and "轮到" not in english and "手牌" not in english
    assert "牌桌 #7" in traditional and "**手牌**（" in traditional and ("**輪到**：" in traditional or "等待" in traditional)


def _settled(variant: str, seed: int, hands: int = 6) -> Iterator[tuple[Table, HandResult, int]]:
    """Real self-played hands of one match, each settled, then the match's end."""
    table = _table(variant, seed)
    match = table.match
    assert match is not None
    for hand in range(hands):
        if match.over:
            break
        play_hand(match.new_hand(seed * 100 + hand))
        yield table, match.finish_hand(), hand


@pytest.mark.parametrize("variant", [v.id for v in all_variants()])
def test_settlements_read_in_english_and_traditional(variant: str) -> None:
    terms = english_terms()
    english: list[str] = []
    for table, result, hand in _settled(variant, 5):
        for lang in ("en", "zh-TW"):
            with speaking(lang):
                text = settlement_text(table, result, hand)
            assert len(text) <= 2000
            if lang == "en":
                assert loose_chinese_in_english(text, terms) == [], text
                english.append(text)
            else:
                assert simplified_in_traditional(text) == [], text
                assert "累計：" in text and "本局：" in text
        with speaking("en"):
            final = final_text(table)
        assert loose_chinese_in_english(final, terms) == [], final
        assert final.startswith("🏁 Table #7: match over · final ranking")
    text = "\n".join(english)
    assert "Totals: " in text and "This hand: " in text
    assert re.search(r"Hand \d+: .* wins|Hand \d+: .*draw", text), text


# --- the calculator in every language ------------------------------------------------------------------------

def _calc(lang: Lang, variant: str, hand: str, win: str | None = None, source: str = "self_draw",
          melds: str | None = None) -> str:
    """The /calc reply's text in ``lang``: the answer, or the error the player is shown."""
    with speaking(lang):
        try:
            data = build_input(variant, hand, win, source, melds)
            return describe_result(calculate(data), data)
        except CalcFormError as e:
            return str(e)


def test_the_calculator_answers_in_english_and_traditional() -> None:
    terms = english_terms()
    zipai = ("paohuzi", "一二三四五六七八九十壹贰叁肆伍陆柒捌玖拾", "拾", "self_draw", "碰一")
    mahjong = ("tuidaohu", "123m456p789s11m23p", "4p")
    en, tw = _calc("en", *zipai), _calc("zh-TW", *zipai)
    assert en.startswith("**Wins**") or en.startswith("Cannot win: "), en
    assert tw.startswith("**能胡**") or tw.startswith("不能胡："), tw
    mj_en, mj_tw = _calc("en", *mahjong), _calc("zh-TW", *mahjong)
    assert mj_en.split("\n")[:2] == ["**Wins**", "番种: 平胡 plain win, 门前清 concealed"], mj_en
    assert "Score: " in mj_en and "each of the other three pays this share" in mj_en
    assert mj_tw.split("\n")[1] == "番種：平胡、門前清" and "其他三家各付這一份" in mj_tw
    for text in (en, mj_en):
        assert loose_chinese_in_english(text, terms) == [], text
    for text in (tw, mj_tw):
        assert simplified_in_traditional(text) == [], text


@pytest.mark.parametrize(("args", "english", "traditional"), [
    (("hongzhong", "123m4x"), "Can't read the tile 「x」", "看不懂的牌「x」"),
    (("hongzhong", "123m", "4p4p"), "The winning card is one card; 2 were given.", "胡的牌只能寫一張"),
    (("paohuzi", "一二三", "四", "self_draw", "碰"), "Can't read the meld 「碰」", "看不懂的門子「碰」"),
    (("tuidaohu", "123m456p789s11m23p", "4p", "discard"), "Cannot win: ", "不能胡："),
    (("hongzhong", "11m", "1m", "self_draw", "吃123m"), "红中麻将 has no 吃", "紅中麻將不能吃牌"),
])
def test_calculator_errors_in_the_players_language(args: tuple[str, ...], english: str, traditional: str) -> None:
    en, tw = _calc("en", *args), _calc("zh-TW", *args)
    assert english in en and traditional in tw, (en, tw)
    assert loose_chinese_in_english(en, english_terms()) == [], en
    assert simplified_in_traditional(tw) == [], tw
    assert _calc("zh-CN", *args) != en


# --- whole matches through the fake Discord, every payload held to Discord's limits ---------------------------

TABLE_HEADS = ("🀄 ", "🤝 ", "🃏 ", "🏁 ")


def _table_texts(body: dict[str, Any]) -> list[str]:
    """The texts of one message body that the table renderers wrote (the table message, DM panels,
    settlements), event lines and 长沙's questions included; lobby and command replies are the frame's."""
    out = []
    lobby = any(str(c.get("custom_id", "")).startswith("ht:lobby:") for c in controls(body.get("components")))
    if is_v2(body) and not lobby:  # the table message, the settlement and the panels laid out for a phone
        out += layout_texts(body.get("components"))
    for e in body.get("embeds") or []:
        title = e.get("title") or ""
        if "#" in title and ("Hand " in title or "局" in title):  # the table message (the lobby is the frame's)
            out += [e.get("title") or "", e.get("description") or "", (e.get("footer") or {}).get("text") or ""]
    content = body.get("content") or ""
    if content.startswith(TABLE_HEADS) or content.startswith("**") and "#" in content.split("\n")[0]:
        out.append(content)
    return [t for t in out if t]


@pytest.mark.parametrize("variant", ["paohuzi", "changsha", "paodekuai", "fangpaofa"])
@pytest.mark.parametrize("lang", ["en", "zh-TW"])
async def test_whole_match_through_the_edge_in_english_and_traditional(tmp_path: Path, variant: str,
                                                                       lang: Lang) -> None:
    """The fake edge refuses any payload past Discord's limits (embed 4096, labels 80/100, 2000 content), so a
    whole match played in the longer English passes them all; and what the table shows is in ``lang``: the
    players' clients and the guild all speak it."""
    locale = {"en": "en-US", "zh-TW": "zh-TW"}[lang]
    world = FakeDiscord()
    users = {n: world.add_user(n, locale=locale) for n in ("alice", "bob")}
    guild = world.add_guild("湖南牌友", users["alice"], locale=locale)
    for uid in users.values():
        world.add_member(guild, uid)
    channel = world.add_channel(guild, "牌桌")
    db_url = f"sqlite:///{tmp_path}/bot.sqlite3"
    env = Env(world, await attach(world, db_url, clock := manual_clock()), db_url, guild, channel, users, clock)
    extra = " daniao=true" if variant == "fangpaofa" else ""
    try:
        await env.open_table(variant, [env.alice, env.bob], f"bot.seed=3 bot.timer=30 {short(variant, 1)}{extra}",
                             start=False)
        started = await env.cmd(env.alice, "table start")
        assert started.text() == {"en": "Started! Hands have been sent by DM.", "zh-TW": "開始！手牌已通過私信發出。"}[lang]
        table = env.table()
        await playing.play_match(env.world, env.bot, env.channel, [env.alice, env.bob], random.Random(7))
    finally:
        await env.bot.close()
        uninstall_webhook_edge()
    assert table.match is not None and table.hand_no
    bodies = [c.body for c in env.world.calls if c.body]
    assert all(payload_limit_problem(b) is None for b in bodies)
    # the phone layouts (Components V2) went through the edge, which checks each against the spec, in ``lang``
    assert any(playing.is_table_message(b) for b in bodies)
    settled = {"en": "Totals: ", "zh-TW": "累計："}[lang]
    assert any(is_v2(b) and settled in payload_text(b) for b in bodies)
    texts = [t for b in bodies for t in _table_texts(b)]
    assert len(texts) > 10
    terms = english_terms()
    for text in texts:
        if lang == "en":
            assert loose_chinese_in_english(text, terms) == [], text
        else:
            assert simplified_in_traditional(text) == [], text
    everything = "\n".join(texts)
    if lang == "en":
        assert "Table #" in everything and "Totals: " in everything and "final ranking" in everything
    else:
        assert "牌桌 #" in everything and "累計：" in everything and "最終排名" in everything


# --- the engine's own phrases --------------------------------------------------------------------------------

def _engine_messages(seeds: int = 3) -> set[tuple[str, Msg]]:
    """What the engine says to players in self-played hands of every variant: public events, each outcome's
    summary, derivation steps and payment reasons, the match's final reasons."""
    out: set[tuple[str, Msg]] = set()
    for variant in all_variants():
        if variant.id == "toy":  # the tests' own variant
            continue
        said: set[Msg] = set()
        for seed in range(seeds):
            match = Match(variant.id, {}, seed=seed)
            for hand in range(3):
                if match.over:
                    break
                game = match.new_hand(seed * 100 + hand)
                while not game.finished:
                    seat = game.to_act()[0]
                    said |= {e.says for e in game.apply(seat, choose(game, seat)) if e.public and e.says}
                outcome = match.finish_hand().outcome
                assert outcome is not None, variant.id
                said.add(outcome.summary)
                said |= {s.says for w in outcome.winners for s in w.steps} | {s.says for s in outcome.steps}
                said |= {p.why for p in (*outcome.payments, *outcome.cancelled)}
            said |= {row["why"] for row in match.final_breakdown()}
        out |= {(variant.family, m) for m in said}
    return out


def test_every_engine_message_reads_in_english_and_traditional() -> None:
    messages = _engine_messages()
    assert len(messages) > 200
    terms = english_terms()
    for family, message in sorted(messages, key=lambda fm: (fm[0], fm[1].zh())):
        cards = cards_of_family(family)  # the family's card words, as its tables word them
        with speaking("en"):
            en = say(message, cards=cards)
        with speaking("zh-TW"):
            tw = say(message, cards=cards)
        assert loose_chinese_in_english(en, terms) == [], (message.zh(), en)
        assert simplified_in_traditional(tw) == [], (message.zh(), tw)
    with speaking("en"):
        assert say(msg("{seat} 摸牌", seat=SeatArg(1))) == "Seat 2 draws"
        assert say(msg("胡息差 {n}", n=80)) == "huxi difference 80"


def test_hint_lines_in_english_and_traditional() -> None:
    from bot.families.mahjong.text import hint_line
    from bot.families.zipai.text import hint_line as zipai_hint_line
    from bot.families.zipai.text import own_huxi_line
    from engine.hints import Wait, WayWin

    mahjong = [Wait("3m", "三万", (WayWin("self_draw", 4, ("清一色",), fan=0), WayWin("discard", 2, ("清一色",)))),
               Wait("6m", "六万", (WayWin("self_draw", 1, (), fan=0),))]
    zipai = [Wait("叁", "叁", (WayWin("self_draw", 3, ("自摸", "红胡"), huxi=18),
                               WayWin("discard", 2, (), huxi=15)))]
    with speaking("en"):
        assert hint_line(mahjong) == ("听牌 Ready: 三万 (清一色 one suit, 自摸 self-draw 4 from each, 接炮 on a discard 2)"
                                      " · 六万 (平胡 plain win, 自摸 self-draw 1 from each)")
        assert zipai_hint_line(zipai) == ("听牌 Ready: 叁 (自摸 self-draw: huxi 18, score 3, 红胡 red; "
                                          "放炮 discard: huxi 15, score 2)")
        assert own_huxi_line([MeldView("peng", "一一一", huxi=3)], list("六六六")) == "**My huxi**: melds 3 + 坎 3 = 6"
    with speaking("zh-TW"):
        line = hint_line(mahjong)
        assert line is not None and line.startswith("聽牌：三萬（清一色，自摸每家 4，接炮 2）")
        assert zipai_hint_line(zipai) == "聽牌：參（自摸 胡息 18 得分 3 紅胡；放炮 胡息 15 得分 2）"
        assert own_huxi_line([MeldView("peng", "一一一", huxi=3)], list("陆陆陆")) == "**我的胡息**：門子 3 + 坎 6 = 9"


def test_changsha_questions_in_the_askeds_language() -> None:
    """长沙's own questions (起手胡, 海底, 开杠) come from the engine as a template and its words, so the asked
    player reads them in their language, the 起手胡 names and tiles included."""
    from bot.present.dm import question_text
    from tests.mahjong.test_changsha_game import KONGER, _to_haidi, make, until

    qishou = make([None, "3m3m3m3m 2p4p6s 2s5s8s", "6m7m8m 4p5p6p 1s2s3s 7p8p9p 5m", "7p7p7p 9s9s9s 2m4m6m 1p"],
                  dealer=1, tails="5p")
    haidi = make([None, None, None, None], dealer=2, tails="6p")
    _to_haidi(haidi)
    kong = make([KONGER, None, None, None], draws=["1m", "3m"], tails=["1s", "6p"])
    until(kong, 0)
    kong.apply(0, "kaigang:5m")
    asked = {"qishou": qishou.view(1), "haidi": haidi.view(haidi.to_act()[0]), "kaigang": kong.view(0)}
    assert all(v.question for v in asked.values())
    question = asked["qishou"].question
    assert question is not None and question_text(asked["qishou"]) == question.zh()  # zh-CN: the engine's own text
    with speaking("en"):
        assert question_text(asked["qishou"]).startswith("You hold 起手胡 opening win (四喜")
        assert question_text(asked["haidi"]).startswith("One tile left, the 海底 last tile: take it?")
        assert question_text(asked["kaigang"]).startswith("开杠 Open kong shows 一条 六筒")
        assert all(loose_chinese_in_english(question_text(v), english_terms()) == [] for v in asked.values())
    with speaking("zh-TW"):
        assert question_text(asked["kaigang"]).startswith("開槓亮出 一條 六筒：")
        assert all(simplified_in_traditional(question_text(v)) == [] for v in asked.values())

"""What each audience sees: channel payloads from public information only, DM panels from ``view(seat)``.

Channel renderers take ``public_view()`` and the table's public event log, never ``view(seat)``: hidden
cards cannot reach a channel by construction, and the tests check every channel payload anyway.
"""

from __future__ import annotations

import inspect
import math
from dataclasses import dataclass
from typing import Any

import discord

from engine.core import PASS_ROLE, WIN_ROLE, Action, ActionName, HandResult, name_action
from engine.hints import Wait, hints, standing
from engine.options import Option

from . import engine_words
from . import render_hints as hint_words
from . import render_paodekuai as pdk
from .edge.components import (
    MAX_CUSTOM_ID,
    ActionButton,
    ActionSelect,
    AutoOffButton,
    LobbyButton,
    OptionSelect,
    ShowHandButton,
)
from .i18n import SOURCE, tr, tr_in
from .options_text import choice_label, option_label, variant_name
from .pictures import Picture
from .pictures import panels as pictures

# re-exported: the service renders everything through this module
from .render_result import chui_text
from .render_result import final_text as final_text
from .render_result import settlement_text as family_settlement_text
from .render_result import totals_line as totals_line
from .service.table import BOT_OPTIONS, Table
from .words import (
    birds_text,
    discards_text,
    engine_text,
    faces,
    hand_text,
    is_mahjong_hand,
    is_mahjong_tile,
    is_zipai_hand,
    joined,
    mahjong_melds_text,
    melds_text,
    tile_word,
    tiles_text,
)

ASK_PASS = "?pass"  # 过 while 胡 is on offer: ask first (漏胡/臭胡 follow a pass)
ASK_BACK = "?back"
ASK_PAGE = "?page:"  # another page of a panel with more actions than five selects hold
PER_SELECT = 25  # Discord's options per select, and its rows per message below
ROWS = 5
PASS_WARNING = tr_in(SOURCE, "确定不胡吗？过了这张牌就不能再胡（漏胡/臭胡）")  # shown as tr(PASS_WARNING)
EMBED_LIMIT = 4000
OPTIONS_PER_PAGE = 4
LOG_SHOWN = 2  # recent event lines on the table message: the phone screen is short
DISCARDS_SHOWN = 12  # latest 麻将 discards per seat: four seats' blocks still fit a phone screen


@dataclass(slots=True)
class Panel:
    """A rendered message: text, optional embed and view. ``signature`` detects no-op re-renders."""

    content: str | None = None
    embed: discord.Embed | None = None
    view: discord.ui.View | None = None
    picture: Picture | None = None  # a PNG sent with it (bot/pictures: uploaded again only when it changes)

    @property
    def signature(self) -> str:
        ids = [getattr(c, "custom_id", "") for c in self.view.children] if self.view else []
        desc = self.embed.description if self.embed else ""
        return f"{self.content}|{desc}|{ids}|{self.picture.digest if self.picture else ''}"

    def kwargs(self) -> dict[str, Any]:
        return {"content": self.content, "embed": self.embed, "view": self.view}


def seat_name(table: Table, seat: int) -> str:
    return table.seat_label(seat)


def _per_seat(view: dict[str, Any], key: str, seat: int) -> Any:
    value = view.get(key)
    return value[seat] if isinstance(value, list) and seat < len(value) else None


def _cards(value: Any) -> str:
    if isinstance(value, list | tuple):
        return "".join(map(str, value))
    return str(value) if value else ""


def _seats(table: Table, seats: Any) -> str:
    return joined([seat_name(table, s) for s in seats if isinstance(s, int) and 0 <= s < len(table.seats)])


def is_mahjong(view: dict[str, Any]) -> bool:
    return view.get("family") == "mahjong"


def hands_target(table: Table) -> int | None:
    """How many hands the match lasts: the 局数 option, or a fixed count the variant's module declares;
    None for a race (满胡) that ends on a score."""
    opts = table.match.options if table.match else table.options
    if isinstance(opts.get("hands"), int):
        return int(opts["hands"])
    fixed = getattr(inspect.getmodule(table.variant.after_hand), "HANDS", None)
    return fixed if isinstance(fixed, int) else None


def hand_title(table: Table, hand_no: int | None = None) -> str:
    n = (table.hand_no if hand_no is None else hand_no) + 1
    target = hands_target(table)
    return tr("第 {n}/{target} 局", n=n, target=target) if target else tr("第 {n} 局", n=n)


def countdown(deadline: float) -> str:
    """A live relative time on every client ("in 30 seconds"): edits notify nobody, but this keeps ticking."""
    return f"<t:{math.ceil(deadline)}:R>"


def turn_line(table: Table, view: dict[str, Any], finished: bool, *, clock: bool = True,
              waiting: bool = False) -> str:
    """轮到 first: whose turn, or that a claim window waits (never naming who may claim), and the countdown.
    ``waiting``: the line of a panel whose owner is not asked (等待：…)."""
    if finished:
        return tr("**本局结束**")
    asking = view.get("asking")
    if view.get("claims_pending") and asking:  # 长沙's one-seat steps: what is asked, never whom
        who = {"qishou": tr("等待玩家表态（起手胡）"), "haidi": tr("等待玩家表态（要不要海底）"),
               "kaigang": tr("等待玩家表态（开杠：胡或打出）")}.get(str(asking), tr("等待玩家表态"))
    elif view.get("claims_pending"):
        who = tr("等待玩家表态（吃/碰/胡）")
        if is_mahjong(view):  # 红中麻将 has no 吃
            who = tr("等待玩家表态（碰/杠/胡）") if view.get("variant") == "hongzhong" else tr("等待玩家表态（吃/碰/杠/胡）")
    else:
        who = _seats(table, view.get("to_act") or []) or "—"
    line = tr("等待：{who}", who=who) if waiting else tr("**轮到**：{who}", who=who)
    if clock and table.turn_deadline is not None:
        line += f" · ⏱ {countdown(table.turn_deadline)}"
    return line


def _money(table: Table, values: list[Any]) -> str:
    return " ｜ ".join(f"{seat_name(table, s)} {v:+d}" for s, v in enumerate(values)
                      if isinstance(v, int) and s < len(table.seats))


def mahjong_facts(table: Table, view: dict[str, Any]) -> list[str]:
    """牌墙, the tile on offer, the 加锤 step (nobody's choice shows until all have chosen), kong money so far
    and the birds of a won hand: the words of 麻将, not 字牌's 底牌/打鸟."""
    facts = []
    if isinstance(view.get("wall"), int):
        facts.append(tr("牌墙剩余 {n}", n=view["wall"]))
    if is_mahjong_tile(view.get("revealed")):
        facts.append(tr("打出 {tile}", tile=tile_word(view["revealed"])))
    inline, extra = changsha_facts(table, view)
    facts += inline  # short facts share the wall's line: four seats must still fit a phone screen
    lines = [" · ".join(facts)] if facts else []
    choosing = view.get("choosing")
    if isinstance(choosing, dict) and choosing.get("of"):  # the choice before the deal: 长沙's 飘, 推倒胡's 锤
        told = tr("坐飘：已选 {chosen}/{of}（全部选完后公布）", chosen=choosing.get("chosen", 0), of=choosing["of"]) \
            if "piao" in view else tr("加锤：已选 {chosen}/{of}（全部选完后公布）", chosen=choosing.get("chosen", 0),
                                      of=choosing["of"])
        lines.append(told)
    chui = chui_text(table, view.get("chui"))
    if chui:
        lines.append(chui)
    lines += extra
    kong = view.get("kong_money")
    if isinstance(kong, list) and any(isinstance(v, int) and v for v in kong):
        lines.append(tr("杠钱：{money}", money=_money(table, kong)))
    birds = birds_text(view.get("birds"), table.seat_label)
    if birds:
        lines.append(birds)
    return lines


def changsha_facts(table: Table, view: dict[str, Any]) -> tuple[list[str], list[str]]:
    """长沙's public steps as (short facts for the wall's line, lines of their own): the two 开杠 tiles, who took
    the 海底, who is locked after 开杠; each seat's 飘 and the 起手胡 shown with their tiles."""
    inline: list[str] = []
    lines = []
    piao = view.get("piao")
    if isinstance(piao, list) and any(isinstance(n, int) and n for n in piao):
        lines.append(tr("坐飘：{seats}", seats=" · ".join(tr("{seat} 飘{n}", seat=seat_name(table, s), n=n)
                                                          for s, n in enumerate(piao)
                                                          if isinstance(n, int) and s < len(table.seats))))
    qishou = view.get("qishou")
    if isinstance(qishou, dict):
        for seat, found in sorted(qishou.items()):
            if not (str(seat).isdigit() and int(seat) < len(table.seats)) or not isinstance(found, list):
                continue
            shown = joined([tr("{name}（{tiles}）", name=tr(str(q["name"])), tiles=tiles_text(q.get("tiles") or []))
                            for q in found if isinstance(q, dict) and q.get("name")])
            if shown:
                lines.append(tr("起手胡：{seat} {shown}", seat=seat_name(table, int(seat)), shown=shown))
    kong = [t for t in view.get("kong_tiles") or [] if is_mahjong_tile(t)]
    if kong:
        inline.append(tr("开杠亮牌：{tiles}", tiles=" ".join(tile_word(t) for t in kong)))
    haidi = view.get("haidi")
    if isinstance(haidi, int) and 0 <= haidi < len(table.seats):
        inline.append(tr("海底：{seat} 要了海底", seat=seat_name(table, haidi)))
    flags = view.get("locked") or []  # one flag per seat
    locked = [s for s, on in enumerate(flags) if on is True and s < len(table.seats)]
    if locked:
        inline.append(tr("开杠后锁牌：{seats}", seats=joined([seat_name(table, s) for s in locked])))
    return inline, lines


def table_facts(table: Table, view: dict[str, Any]) -> list[str]:
    """The wall and the cards everybody sees now; 打鸟 when the hand has it (数醒 is marked at the seat)."""
    if is_mahjong(view):
        return mahjong_facts(table, view)
    if pdk.is_paodekuai(view):
        return pdk.facts(table, view)
    facts = []
    if isinstance(view.get("wall"), int):
        facts.append(tr("底牌剩余 {n}", n=view["wall"]))
    if view.get("liang"):  # the engine names the 亮张 only while it is on offer (天胡/地胡), before it is a hand card
        facts.append(tr("亮张 {card}", card=faces(str(view["liang"]))))
    elif view.get("revealed"):
        facts.append(tr("示众 {card}", card=faces(str(view["revealed"]))))
    lines = [" · ".join(facts)] if facts else []
    if isinstance(view.get("stakes"), list) and view["stakes"]:
        lines.append(tr("打鸟：{seats}", seats=_seats(table, view["stakes"])))
    choosing = view.get("choosing")
    if isinstance(choosing, dict) and choosing.get("of"):  # who chose what stays hidden until all have
        lines.append(tr("打鸟：已选 {chosen}/{of}（全部选完后公布）", chosen=choosing.get("chosen", 0), of=choosing["of"]))
    return lines


def seat_marks(table: Table, view: dict[str, Any], seat: int) -> str:
    marks = []
    if pdk.is_paodekuai(view):  # 跑得快 has no 庄: the leader is named on the turn line
        marks += pdk.marks(view, seat)
    elif view.get("dealer") == seat:
        marks.append(tr("庄"))
    if view.get("sitter") == seat:
        marks.append(tr("数醒"))
    if seat < len(table.seats) and table.seats[seat].auto:
        marks.append(tr("托管"))
    return f"〔{'·'.join(marks)}〕" if marks else ""


def _melds_part(view: dict[str, Any], seat: int) -> str:
    melds = _per_seat(view, "melds", seat)
    if not melds:
        return ""
    if is_mahjong(view):
        return tr("副露：{melds}", melds=mahjong_melds_text(melds))
    huxi = _per_seat(view, "huxi_shown", seat)
    if isinstance(huxi, int):
        return tr("门子（{huxi} 胡息）：{melds}", huxi=huxi, melds=melds_text(melds))
    return tr("门子：{melds}", melds=melds_text(melds))


def _outs_part(view: dict[str, Any], seat: int) -> str:
    discards = _per_seat(view, "discards", seat)
    if is_mahjong_hand(discards):
        return tr("弃牌：{tiles}", tiles=discards_text(list(discards), DISCARDS_SHOWN))
    outs = _cards(_per_seat(view, "outs", seat) or _per_seat(view, "discards", seat))
    return tr("弃牌：{tiles}", tiles=faces(outs)) if outs else ""


def player_block(table: Table, view: dict[str, Any], seat: int, scores: list[int] | None) -> list[str]:
    """One seat in ≤ 3 short lines: name, marks, score, hand size; then melds with 胡息; then discards."""
    head = [f"**{seat_name(table, seat)}**{seat_marks(table, view, seat)}"]
    if scores is not None and seat < len(scores):
        head.append(tr("累计 {score}", score=f"{scores[seat]:+d}"))
    size = _per_seat(view, "hand_sizes", seat)
    if isinstance(size, int) and view.get("sitter") != seat:
        head.append(tr("手牌 {n}", n=size))
    lines = [" · ".join(head)]
    lines += [f"　{part}" for part in (_melds_part(view, seat), _outs_part(view, seat)) if part]
    return lines


def public_lines(table: Table, view: dict[str, Any], *, finished: bool = False,
                 scores: list[int] | None = None) -> list[str]:
    """A public view as players read it: turn and wall first, then one block per seat."""
    lines = [turn_line(table, view, finished), *table_facts(table, view)]
    for seat in range(len(table.seats)):
        lines += player_block(table, view, seat, scores)
    return lines


def table_message(table: Table) -> Panel:
    """The one channel message of the current hand, edited as play goes on; short enough for a phone."""
    game = table.game
    assert game is not None
    view = game.public_view()
    scores = list(table.match.totals) if table.match else None
    lines = public_lines(table, view, finished=game.finished, scores=scores)
    if table.log:
        lines += [f"› {line}" for line in list(table.log)[-LOG_SHOWN:]]
    embed = discord.Embed(title=tr("{variant} · 牌桌 #{id} · {hand}", variant=variant_name(table.variant), id=table.id,
                                   hand=hand_title(table)),
                          description="\n".join(lines)[:EMBED_LIMIT], colour=discord.Colour.dark_red())
    timer = table.bot_options.get("timer", 0)
    embed.set_footer(text=tr("出牌限时 {timer} 秒，超时由电脑托管", timer=timer) if timer else tr("不限时"))
    dview = discord.ui.View(timeout=None)
    dview.add_item(ShowHandButton(table.id))
    picture = pictures.table_view(table, view)
    if picture is not None:
        embed.set_image(url=f"attachment://{picture.filename}")
    return Panel(embed=embed, view=dview, picture=picture)


def action_label(game: Any, action: Action) -> str:
    """The control's text, as the action's family names it."""
    return name_action(game, action).label


def _choice(action: Action, index: int, prefix_len: int) -> str:
    # The code is the readable choice; a code too long for the custom id falls back to its index, which
    # is just as exact because the version pins the legal-action list.
    return action.code if prefix_len + len(action.code) <= MAX_CUSTOM_ID else f"#{index}"


def _button_style(named: ActionName) -> discord.ButtonStyle:
    if named.role == WIN_ROLE:
        return discord.ButtonStyle.success
    return discord.ButtonStyle.secondary if named.role == PASS_ROLE else discord.ButtonStyle.primary


def _layout(named: list[ActionName]) -> tuple[list[int], list[list[int]]]:
    """Indexes of the legal actions as buttons (a group of one) and as selects (≤25 each). When that
    needs more than five rows, everything goes into selects, single decisions first, each group together."""
    by_group: dict[str, list[int]] = {}
    for i, n in enumerate(named):
        by_group.setdefault(n.group, []).append(i)
    buttons = [g[0] for g in by_group.values() if len(g) == 1]
    lists = [g for g in by_group.values() if len(g) > 1]
    chunks = [g[k:k + PER_SELECT] for g in lists for k in range(0, len(g), PER_SELECT)]
    if -(-len(buttons) // ROWS) + len(chunks) <= ROWS:
        return buttons, chunks
    flat = buttons + [i for g in lists for i in g]
    return [], [flat[k:k + PER_SELECT] for k in range(0, len(flat), PER_SELECT)]


def action_view(table: Table, seat: int, page: int = 0) -> discord.ui.View | None:
    """Buttons for single choices (胡/碰/过), selects for many (which card, which 吃), in the groups the
    engine names: ≤5 rows, ≤25 per select; past that, pages of four selects and a row to turn them."""
    game = table.game
    s = table.seats[seat]
    view = discord.ui.View(timeout=None)
    if s.auto:
        view.add_item(AutoOffButton(table.id, seat))
        return view
    if game is None or game.finished or seat not in game.to_act():
        return None
    legal = game.legal_actions(seat)
    named = [name_action(game, a) for a in legal]
    can_win = any(n.role == WIN_ROLE for n in named)
    prefix = len(f"ht:b:{table.id}:{table.version}:{seat}:")

    def choice(i: int, prefix_len: int) -> str:
        return ASK_PASS if named[i].role == PASS_ROLE and can_win else _choice(legal[i], i, prefix_len)

    buttons, chunks = _layout(named)
    pages = 1 if len(chunks) <= ROWS else -(-len(chunks) // (ROWS - 1))
    page = min(max(page, 0), pages - 1)
    first = 0 if pages == 1 else page * (ROWS - 1)
    shown = chunks if pages == 1 else chunks[first:first + ROWS - 1]
    for n, i in enumerate(buttons):
        view.add_item(ActionButton(table.id, table.version, seat, choice(i, prefix), label=engine_words.named(named[i])[:80],
                                   style=_button_style(named[i]), row=n // ROWS))
    first_select_row = -(-len(buttons) // ROWS)
    for n, chunk in enumerate(shown):
        opts = [discord.SelectOption(label=engine_words.named(named[i])[:100], value=choice(i, 0)[:100]) for i in chunk]
        groups = {named[i].group for i in chunk}
        what = tr(groups.pop()) if len(groups) == 1 else tr("操作")
        placeholder = tr("选择{what}…（{first}–{last}）", what=what, first=chunk[0] + 1, last=chunk[-1] + 1) \
            if pages > 1 else tr("选择{what}…", what=what)
        view.add_item(ActionSelect(table.id, table.version, seat, first + n, options=opts,
                                   placeholder=placeholder, row=first_select_row + n))
    if pages > 1:
        if page > 0:
            view.add_item(ActionButton(table.id, table.version, seat, f"{ASK_PAGE}{page - 1}",
                                       label=tr("◀ 上一页（{page}/{pages}）", page=page, pages=pages), style=discord.ButtonStyle.secondary,
                                       row=ROWS - 1))
        if page < pages - 1:
            view.add_item(ActionButton(table.id, table.version, seat, f"{ASK_PAGE}{page + 1}",
                                       label=tr("更多 ▶（{page}/{pages}）", page=page + 2, pages=pages), style=discord.ButtonStyle.secondary,
                                       row=ROWS - 1))
    return view


def question_text(private: dict[str, Any]) -> str:
    """A step's own question in the reader's language: the engine gives its template and the words in it."""
    asked = private.get("question_words")
    if not isinstance(asked, dict):
        return str(private["question"])
    return tr(str(asked["template"]), **{k: engine_text(str(v)) for k, v in asked["params"].items()})


def question_panel(table: Table, seat: int, question: str) -> Panel:
    """The answer to a ``?`` choice, which changes nothing: 过 while 胡 is on offer asks to confirm (its
    确认过 is the real pass); a page shows that page of the seat's actions; 返回, or any other question,
    shows the seat's panel again."""
    game = table.game
    if question.startswith(ASK_PAGE) and question[len(ASK_PAGE):].isdecimal():  # not isdigit(): ² is no int()
        return dm_panel(table, seat, page=int(question[len(ASK_PAGE):]))
    legal = game.legal_actions(seat) if game is not None else []
    passes = [(i, a) for i, a in enumerate(legal) if name_action(game, a).role == PASS_ROLE]
    if question != ASK_PASS or not passes:
        return dm_panel(table, seat)
    i, a = passes[0]
    prefix = len(f"ht:b:{table.id}:{table.version}:{seat}:")
    view = discord.ui.View(timeout=None)
    view.add_item(ActionButton(table.id, table.version, seat, _choice(a, i, prefix),
                               label=tr("确认{action}", action=name_action(game, a).label)[:80],
                               style=discord.ButtonStyle.danger))
    view.add_item(ActionButton(table.id, table.version, seat, ASK_BACK, label=tr("返回"),
                               style=discord.ButtonStyle.secondary))
    head = tr("**{variant}** 牌桌 #{id} · {hand} · {seat}", variant=variant_name(table.variant), id=table.id,
              hand=hand_title(table), seat=seat_name(table, seat))
    return Panel(content=f"{head}\n⚠️ {tr(PASS_WARNING)}", view=view)


def _own_huxi(melds: Any) -> int | None:
    if not isinstance(melds, list):
        return None
    values = [m.get("huxi") for m in melds if isinstance(m, dict)]
    return sum(v for v in values if isinstance(v, int)) if values else None


def hand_huxi(cards: list[str]) -> dict[str, int]:
    """The 胡息 a 字牌 hand already holds whatever else it becomes, per kind: each 坎 (three alike) and 提
    (four alike) kept in hand, by the engine's own 胡息 table."""
    from engine.zipai.cards import parse_card
    from engine.zipai.groups import group_huxi

    held = {"kan": 0, "ti": 0}
    if not is_zipai_hand(cards):
        return held
    for face in sorted(set(cards)):
        n = cards.count(face)
        if n >= 3:
            kind = "kan" if n == 3 else "ti"
            held[kind] += group_huxi(kind, (parse_card(face),) * n)
    return held


def own_huxi_line(melds: Any, cards: list[str]) -> str | None:
    """``我的胡息：门子 3 + 坎 3 = 6`` — what the player holds counts as much as what he has laid down."""
    held = hand_huxi(cards)
    laid = _own_huxi(melds) or 0
    parts = ([tr("门子 {n}", n=laid)] if laid else []) + ([tr("坎 {n}", n=held["kan"])] if held["kan"] else []) \
        + ([tr("提 {n}", n=held["ti"])] if held["ti"] else [])
    if len(parts) == (1 if laid else 0):
        return None  # nothing in hand: the 门子 line already says it
    total = laid + held["kan"] + held["ti"]
    return tr("**我的胡息**：{sum}", sum=" + ".join(parts) + (f" = {total}" if len(parts) > 1 else ""))


def _hint_value(h: Wait) -> str:
    """「平胡，自摸每家 3，接炮 2」: the 名堂 of the win (with its 倍 where the variant counts so) and what it pays."""
    zimo = h.way("self_draw")
    assert zimo is not None
    label = joined([tr(p) for p in zimo.patterns]) or tr("平胡")
    if zimo.fan and "倍" in zimo.parts:  # i18n: input (the engine's pricing words)
        label = tr("{patterns} {fan} 倍", patterns=label, fan=zimo.fan)
    text = tr("{label}，自摸每家 {share}", label=label, share=zimo.score)
    discard = h.way("discard")
    if discard is not None:
        text += tr("，接炮 {score}", score=discard.score) + (" ⛔" if discard.bar is not None else "")
    robbed = h.way("robbing_kong")
    if robbed is not None:
        text += tr("，抢杠 {score}", score=robbed.score) + (" ⛔" if robbed.bar is not None else "")
    return text


def hint_line(hints: list[Wait]) -> str | None:
    """``听牌：三万 六万（平胡，自摸每家 3，接炮 2）· 中（…）``: tiles worth the same share one bracket."""
    groups: dict[str, list[str]] = {}
    for h in hints:
        if not h.now:  # a win on offer now has its own line (render_hints.now_line)
            groups.setdefault(_hint_value(h), []).append(tile_word(h.card))
    if not groups:
        return None
    return tr("听牌：{waits}", waits=" · ".join(tr("{tiles}（{value}）", tiles=" ".join(tiles), value=value)
                                              for value, tiles in groups.items()))


ZIPAI_WAYS = {"self_draw": tr_in(SOURCE, "自摸"), "other_draw": tr_in(SOURCE, "别家摸出"), "discard": tr_in(SOURCE, "放炮")}


def zipai_hint_line(hints: list[Wait]) -> str | None:
    """``听牌：肆（自摸 胡息 18 得分 3；别家摸出 胡息 18 得分 2）``: each card that wins, by each way it may come."""
    parts = []
    for h in hints:
        if h.now:  # a win on offer now has its own line (render_hints.now_line)
            continue
        ways = []
        for w in h.ways:
            named = joined([tr(p) for p in w.patterns if p != ZIPAI_WAYS[w.way]])
            fields = {"way": tr(ZIPAI_WAYS[w.way]), "huxi": w.huxi, "score": w.score}
            ways.append((tr("{way} 胡息 {huxi} 得分 {score} {patterns}", patterns=named, **fields) if named
                         else tr("{way} 胡息 {huxi} 得分 {score}", **fields)) + (" ⛔" if w.bar is not None else ""))
        parts.append(tr("{tiles}（{value}）", tiles=faces(str(h.card)), value=joined(ways, "；")))
    return tr("听牌：{waits}", waits=" · ".join(parts)) if parts else None


def mahjong_own_lines(private: dict[str, Any], cards: list[str],
                      hints: list[Wait] | None = None) -> list[str]:
    """``手牌（14 张）：一二三万 五五筒 中 ｜ 摸到 五万``: the tile just drawn stands apart from the sorted hand
    (taken out of it when the hand lists it too: a hand of 3n+2 tiles holds the draw), then 听 with what each
    tile wins (``hints``; None: the room's 听牌提示 is off) and 过胡不胡."""
    drawn = private.get("drawn")
    shown = list(cards)
    if is_mahjong_tile(drawn) and drawn in shown and len(shown) % 3 == 2:
        shown.remove(drawn)
    held = len(shown) + (1 if is_mahjong_tile(drawn) else 0)
    text = hand_text(shown) if shown else "—"
    if is_mahjong_tile(drawn):
        lines = [tr("**手牌**（{n} 张）：{hand} ｜ 摸到 **{tile}**", n=held, hand=text, tile=tile_word(drawn))]
    else:
        lines = [tr("**手牌**（{n} 张）：{hand}", n=held, hand=text)]
    if hints is not None:  # a game that values no tile (or holds every copy of its wait) still shows 听
        waits = [t for t in private.get("waits") or [] if is_mahjong_tile(t)]
        told = hint_line(hints) or (tr("听牌：{waits}", waits=" ".join(map(tile_word, waits))) if waits else None)
        lines += [t for t in (hint_words.now_line(hints), told) if t]
    bars = hint_words.bar_lines(hints or [])  # each bar on the waits it holds back, else the view's flag
    lines += bars
    if private.get("barred") and not bars:  # hints off: the view's own flag, in its variant's words
        lines.append(tr("漏胡：自己摸牌之前不能再胡这张别人打的牌（胡得更大除外）") if "lou" in private
                     else tr("过胡不胡：刚过了胡，自己摸牌之前不能再胡别人打的牌"))
    return lines


def dm_panel(table: Table, seat: int, page: int = 0, picked: list[str] | None = None) -> Panel:
    """A player's private panel: the hand as players hold it, own melds and 胡息, the wall, the card on
    offer and the others' melds and discards (a 吃/碰 needs no trip to the channel), then the controls.
    ``picked``: the 跑得快 cards the player has chosen and not yet played (the answer to his pick)."""
    game = table.game
    assert game is not None
    private = game.view(seat)
    s = table.seats[seat]
    marks = seat_marks(table, private, seat)
    hand = private.get("hand", [])
    cards = list(hand) if isinstance(hand, str | list) else []
    picture = pictures.hand(table, private)
    lines = [tr("**{variant}** 牌桌 #{id} · {hand} · {seat}", variant=variant_name(table.variant), id=table.id,
                hand=hand_title(table), seat=seat_name(table, seat)) + marks]
    if game.finished:
        lines.append(tr("本局已结束。"))
    elif s.auto:
        lines.append(tr("⏱ 托管中：电脑正在替你出牌。点击「取消托管」收回。"))
    elif seat in game.to_act():
        lines.append(tr("👉 **轮到你了**，请选择 · ⏱ {clock}（超时由电脑托管）", clock=countdown(table.turn_deadline))
                     if table.turn_deadline is not None else tr("👉 **轮到你了**，请选择："))
        if isinstance(private.get("question"), str):  # a step with its own question (长沙 起手胡, 海底, 开杠)
            lines.append(f"❓ {question_text(private)}")
    else:  # a waiting panel is edited in place on every move: no clock of someone else's turn in it
        lines.append(turn_line(table, game.public_view(), False, clock=False, waiting=True))
    if pdk.is_paodekuai(private):
        deciding = not game.finished and not s.auto and seat in game.to_act()
        lines += pdk.dm_lines(table, game, private, seat, picked or [],
                              deciding=deciding and private.get("phase") == "play")
        if deciding and private.get("phase") == "play":
            return Panel(content="\n".join(lines)[:2000], view=pdk.card_view(table, game, seat, private, picked or []),
                         picture=picture)
        return Panel(content="\n".join(lines)[:2000], view=action_view(table, seat, page), picture=picture)
    own = _per_seat(private, "melds", seat)
    if is_mahjong(private):
        lines += mahjong_own_lines(private, cards, hints(game, seat) if table.bot_options.get("hints", True) else None)
        if table.bot_options.get("hints", True):
            lines += [t for t in [hint_words.standing_line(standing(game, seat))] if t]
    else:
        text = hand_text(hand if isinstance(hand, str | list) else [])
        lines.append(tr("**手牌**（{n} 张）（「」为坎，粗体为红字）：{hand}", n=len(cards), hand=text)
                     if is_zipai_hand(cards) else tr("**手牌**（{n} 张）：{hand}", n=len(cards), hand=text))
    if own and is_mahjong(private):
        lines.append(tr("**我的副露**：{melds}", melds=mahjong_melds_text(own)))
    elif own:
        huxi = _own_huxi(own)
        lines.append(tr("**我的门子**（{huxi} 胡息）：{melds}", huxi=huxi, melds=melds_text(own)) if huxi is not None
                     else tr("**我的门子**：{melds}", melds=melds_text(own)))
    mine = own_huxi_line(own, cards)
    if mine:
        lines.append(mine)
    if not is_mahjong(private) and table.bot_options.get("hints", True):
        waits = hints(game, seat)
        told = [hint_words.now_line(waits), zipai_hint_line(waits)]
        lines += [t for t in (hint_words.standing_line(standing(game, seat)), *told) if t]
        lines += hint_words.bar_lines(waits)
    if private.get("chou"):
        lines.append(tr("臭牌（不能再吃/碰，仍可胡）：{cards}", cards=faces(_cards(private["chou"]))))
    lines += table_facts(table, private)
    if table.log:
        lines.append(tr("最近：{event}", event=str(table.log[-1])))
    for other in range(len(table.seats)):
        if other == seat:
            continue
        parts = [f"{seat_name(table, other)}{seat_marks(table, private, other)}"]
        size = _per_seat(private, "hand_sizes", other)
        if isinstance(size, int) and private.get("sitter") != other:
            parts.append(tr("手牌 {n}", n=size))
        parts += [p for p in (_melds_part(private, other), _outs_part(private, other)) if p]
        lines.append(" · ".join(parts))
    return Panel(content="\n".join(lines)[:2000], view=action_view(table, seat, page), picture=picture)


def hand_over_panel(table: Table, hand_no: int) -> Panel:
    return Panel(content=tr("牌桌 #{id} 第 {n} 局已结束，结果见频道。", id=table.id, n=hand_no + 1), view=None)


def all_options(table: Table) -> list[tuple[str, Option, Any]]:
    """(key, declaration, current value): the bot's own (``bot.*``, 出牌限时 on the first page of the room
    panel, where a host looks) then the variant's."""
    bot = [(f"bot.{o.key}", o, table.bot_options.get(o.key, o.default)) for o in BOT_OPTIONS]
    late = [b for b in bot if b[0] == "bot.pictures"]  # 图片 is rarely changed: after the game's own options
    out = [b for b in bot if b not in late]
    # Internal options (e.g. 跑胡子's 黄番 count) are match state the calculator accepts, not room settings.
    out += [(o.key, o, table.options.get(o.key, o.default)) for o in table.variant.options if not o.internal]
    return out + late


def option_window(opt: Option, current: Any) -> list[int]:
    """Indexes of the ≤25 choices shown in a select, centred on the current value."""
    n = len(opt.choices)
    if n <= 25:
        return list(range(n))
    i = opt.choices.index(current) if current in opt.choices else 0
    lo = max(0, min(i - 12, n - 25))
    return list(range(lo, lo + 25))


def option_line(o: Option, value: Any) -> str:
    """``出牌限时：60 秒``: an option and one of its choices (their words are the engine's: lang1's entries)."""
    return tr("{option}：{choice}", option=option_label(o), choice=choice_label(o, value))


def lobby_pages(table: Table) -> int:
    """How many pages of option selects the lobby turns through."""
    return max(1, -(-len(all_options(table)) // OPTIONS_PER_PAGE))


def lobby_message(table: Table, page: int = 0) -> Panel:
    v = table.variant
    need = table.seat_count
    lines = [tr("房主：<@{host}>", host=table.host_id), tr("玩家（{n}/{need}）：", n=len(table.seats), need=need)]
    lines += [f"　{seat_name(table, i)}" for i in range(len(table.seats))]
    lines.append("")
    opts = all_options(table)
    lines += [option_line(o, val) for _, o, val in opts]
    if table.status == "lobby":
        lines.append("\n" + tr("用 `/table join` 或下方按钮加入；房主可修改选项并开始。"))
    else:
        lines.append("\n" + (tr("已开始。") if table.status == "playing" else tr("已结束。")))
    embed = discord.Embed(title=tr("{variant} · 牌桌 #{id}", variant=variant_name(v), id=table.id), description="\n".join(lines)[:EMBED_LIMIT],
                          colour=discord.Colour.gold())
    if table.status != "lobby":
        return Panel(embed=embed, view=None)
    view = discord.ui.View(timeout=None)
    pages = lobby_pages(table)
    page = page % pages
    for row, (key, o, val) in enumerate(opts[page * OPTIONS_PER_PAGE:(page + 1) * OPTIONS_PER_PAGE]):
        choices = [discord.SelectOption(label=option_line(o, o.choices[i])[:100], value=str(i),
                                        default=o.choices[i] == val) for i in option_window(o, val)]
        view.add_item(OptionSelect(table.id, key, options=choices, placeholder=option_label(o)[:150], row=row))
    view.add_item(LobbyButton(table.id, "join", style=discord.ButtonStyle.primary))
    view.add_item(LobbyButton(table.id, "leave"))
    view.add_item(LobbyButton(table.id, "ai"))
    view.add_item(LobbyButton(table.id, "start", style=discord.ButtonStyle.success))
    if pages > 1:
        view.add_item(LobbyButton(table.id, f"page{(page + 1) % pages}", label=tr("更多选项 {page}/{pages}", page=page + 1, pages=pages)))
    return Panel(embed=embed, view=view)


def settlement_text(table: Table, result: HandResult, hand_no: int) -> str:
    """The channel post of a settled hand: 跑得快 in its own words (出完牌, 剩几张, 报单), others by
    ``render_result``."""
    if table.variant.family == pdk.FAMILY:
        return pdk.settlement_text(table, result, hand_no)
    return family_settlement_text(table, result, hand_no)


def public_snapshot(table: Table, view: dict[str, Any], text: str, step: int, total: int) -> str:
    lines = [tr("回放 · 第 {step}/{total} 步：{event}", step=step, total=total - 1, event=text)] + public_lines(table, view, finished=bool(view.get("finished")))
    return "\n".join(lines)[:EMBED_LIMIT]

"""跑得快 on Discord: a 16-card hand and its plays do not fit in buttons, so the player picks the cards of a play
from a multi-select of the hand and confirms with 出牌; the engine names the play (``classify``) or refuses it
with its reason. Beside 出牌 sit quick picks for the likeliest plays, named by the engine.

The pick itself is kept nowhere on the server: the select's answer is the panel again with the picked cards
chosen and an 出牌 button whose custom id carries them (``=S3H3``, at most 16 × 3 characters), so 出牌 needs
nothing but its own id, and a restart loses at most a pick not yet confirmed.

Channel lines come from ``public_view()`` only (card counts, 报单, the trick on the table, bombs paid); the hand
is read from ``view(seat)`` for that seat's own DM.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import discord

from engine.core import PASS_ROLE, Action, HandResult, IllegalAction, name_action
from engine.paodekuai.cards import RANKS
from engine.paodekuai.game import BOMB_MONEY, play_of, play_words

from . import engine_words
from .edge.components import MAX_CUSTOM_ID, ActionButton, CardSelect
from .i18n import tr
from .render_result import payment_lines, totals_line
from .service.table import Table
from .words import engine_text, joined

FAMILY = "paodekuai"
PLAY_CARDS = "="  # an ActionButton choice of concrete cards: ``=S3H3`` is 出牌 with ♠3 ♥3
CARD = re.compile(r"[SHCD](?:10|[2-9JQKA])")
PER_SELECT = 25


def is_paodekuai(view: dict[str, Any]) -> bool:
    return view.get("family") == FAMILY


def pack(cards: Sequence[str]) -> str:
    return "".join(cards)


def unpack(text: str) -> list[str]:
    """``S3H10CA`` → ``["S3", "H10", "CA"]``; text that is not a run of card codes comes back whole, so the
    engine refuses it in its own words (没有这张牌)."""
    cards = CARD.findall(text)
    return cards if pack(cards) == text else [text]


def hand_cards(view: dict[str, Any]) -> list[tuple[str, str]]:
    """(code, as shown) for each card in the seat's hand, in the engine's order (by rank, then ♠♥♣♦)."""
    codes, signed = view.get("hand_codes") or [], view.get("hand") or []
    return list(zip(codes, signed, strict=False))


def _rank_of(code: str) -> str:
    return code[1:]


def hand_line(view: dict[str, Any]) -> str:
    """``**手牌**（16 张）：♠3♥3　♣4　♦5♠5 …``: one group per rank, as a fan is held."""
    groups: list[list[str]] = []
    last = None
    for shown in map(str, view.get("hand") or []):
        if shown[1:] != last:  # ♠10 → 10: a suit sign, then the rank
            groups.append([])
            last = shown[1:]
        groups[-1].append(shown)
    text = "　".join("".join(g) for g in groups) or "—"
    return tr("**手牌**（{n} 张）：{hand}", n=sum(len(g) for g in groups), hand=text)


def _cards(cards: Any) -> str:
    return " ".join(map(str, cards or []))


def play_name(entry: dict[str, Any]) -> str:
    """A play on the table as the reader writes it (三带二 333+48, Trio+2 333+48), from its code: the engine's
    label is zh-CN text, its code names the play exactly."""
    try:
        template, params = play_words(play_of(Action.parse(str(entry.get("play")))))
    except IllegalAction:
        return engine_text(str(entry.get("label") or ""))
    return engine_words.word(template, params.items())


def _play_text(table: Table, entry: dict[str, Any]) -> str:
    return tr("{seat} 出 {play}（{cards}）", seat=table.seat_label(entry["seat"]), play=play_name(entry),
              cards=_cards(entry.get("cards")))


def trick_line(table: Table, view: dict[str, Any]) -> str | None:
    """``本轮：2号 bob 出 对7（♠7 ♥7） · 3号 carol 不出``: the play to beat, who played it, who passed since."""
    if view.get("phase") == "choose":
        return None
    top = view.get("top")
    if not isinstance(top, dict):
        if view.get("finished"):
            return tr("本轮：{trick}", trick="—")
        leader = view.get("to_act") or []
        who = table.seat_label(leader[0]) if leader else "—"
        return tr("本轮：新一轮，{seat} 先出（任意牌型）", seat=who)
    trick = [e for e in view.get("trick") or [] if isinstance(e, dict)]
    last = max((i for i, e in enumerate(trick) if e.get("play")), default=-1)
    passes = [tr("{seat} 不出", seat=table.seat_label(e["seat"])) for e in trick[last + 1:]]
    return " · ".join([tr("本轮：{trick}", trick=_play_text(table, top)), *passes])


def bombs_line(table: Table, view: dict[str, Any]) -> str | None:
    """``炸弹现结 2 个（每个另两家各付 10 分）：1号 alice +20 ｜ …``: the ledger's money so far."""
    bombs = view.get("bombs_paid") or []
    money = view.get("bomb_money") or []
    if not bombs:
        return None
    parts = [f"{table.seat_label(s)} {v:+d}" for s, v in enumerate(money) if isinstance(v, int) and s < len(table.seats)]
    return tr("炸弹现结 {n} 个（每个另两家各付 {money} 分）：{seats}", n=len(bombs), money=BOMB_MONEY,
              seats=" ｜ ".join(parts))


def facts(table: Table, view: dict[str, Any]) -> list[str]:
    """The 跑得快 facts under the turn line: the trick, bombs paid, and 打鸟 (chosen, or being chosen)."""
    lines = [line for line in (trick_line(table, view), bombs_line(table, view)) if line]
    stakes = view.get("stakes")
    if isinstance(stakes, list) and stakes:
        lines.append(tr("打鸟：{seats}", seats=joined([table.seat_label(s) for s in stakes
                                                      if 0 <= s < len(table.seats)])))
    choosing = view.get("choosing")
    if isinstance(choosing, dict) and choosing.get("of"):  # nobody's choice shows until all have chosen
        lines.insert(0, tr("打鸟：已选 {chosen}/{of}（全部选完后公布）", chosen=choosing.get("chosen", 0), of=choosing["of"]))
    return lines


def marks(view: dict[str, Any], seat: int) -> list[str]:
    baodan = view.get("baodan") or []
    return [tr("报单")] if seat < len(baodan) and baodan[seat] else []


def cards_for(codes: Sequence[str], action: Action) -> list[str]:
    """Concrete cards of ``codes`` (a hand, in the order to take them) making up ``action``'s play."""
    left = list(codes)
    out = []
    for r in play_of(action).ranks():
        code = next(c for c in left if _rank_of(c) == RANKS[r])
        left.remove(code)
        out.append(code)
    return out


def quick_picks(game: Any, seat: int, view: dict[str, Any]) -> list[Action]:
    """The likeliest plays: all the cards in one play, the smallest play that beats (leading: the smallest
    lead), the longest straight when leading, and the pass when it is legal. Bombs only when nothing else
    beats: spending one is never the obvious play."""
    legal = game.legal_actions(seat)
    plays = [(a, play_of(a)) for a in legal if a.kind != "pass"]
    held = len(view.get("hand") or [])
    picks: list[Action] = [a for a, p in plays if p.size == held][:1]
    if plays:
        def small(ap: tuple[Action, Any]) -> tuple[Any, ...]:
            p = ap[1]
            return (p.kind in ("bomb", "four"), p.main, p.size, p.wings)
        picks.append(min(plays, key=small)[0])
        if view.get("top") is None:
            runs = [(a, p) for a, p in plays if p.kind == "straight"]
            if runs:
                picks.append(max(runs, key=lambda ap: (ap[1].size, -ap[1].main))[0])
    picks += [a for a in legal if a.kind == "pass"]
    out: list[Action] = []
    for a in picks:
        if a not in out:
            out.append(a)
    return out


def preview(game: Any, seat: int, picked: Sequence[str]) -> tuple[Action | None, str]:
    """The engine's reading of the picked cards: (the play, its name) or (None, why it cannot go)."""
    try:
        action = game.classify(list(picked), seat)
    except IllegalAction as e:
        return None, str(e)
    return action, name_action(game, action).label


def _reading(text: str) -> str:
    """The engine's name of a play (``顺子 3-7``) or its reason for refusing one, in the language spoken."""
    return engine_text(text)


def picked_line(view: dict[str, Any], picked: Sequence[str], reading: tuple[Action | None, str]) -> str:
    shown = dict(hand_cards(view))
    cards = " ".join(shown.get(c, c) for c in picked)
    action, text = reading
    return tr("已选：{cards} → **{play}**", cards=cards, play=_reading(text)) if action is not None \
        else tr("已选：{cards} ⚠️ {why}", cards=cards, why=_reading(text))


SAFE_SHOWN = 4


def counter_lines(game: Any, seat: int) -> list[str]:
    """记牌器 (room option): 「记牌器 未出：2×1 A×3 …」 and the plays nothing unseen can beat."""
    from engine.hints import hints

    told = hints(game, seat)
    if not told:
        return []
    unseen = told[0]["unseen"]
    lines = [tr("**记牌器** 未出：{ranks}", ranks=" ".join(f"{r}×{n}" for r, n in reversed(list(unseen.items())))
                or tr("无"))]
    safe = told[0]["safe"]
    if safe:
        shown = joined([engine_text(str(p)) for p in safe[:SAFE_SHOWN]])
        lines.append(tr("外面管不上：{plays} 等 {n} 种", plays=shown, n=len(safe)) if len(safe) > SAFE_SHOWN
                     else tr("外面管不上：{plays}", plays=shown))
    return lines


def dm_lines(table: Table, game: Any, view: dict[str, Any], seat: int, picked: Sequence[str], *,
             deciding: bool) -> list[str]:
    """The seat's hand by rank with suits, the trick to beat (or the lead), the pick and the others' counts."""
    lines = [hand_line(view)]
    top = view.get("top")
    if deciding and isinstance(top, dict):
        lines.append(tr("**要管**：{play}", play=_play_text(table, top)))
    elif deciding:
        must = view.get("must_show")
        lines.append(tr("**你先出**：任意牌型，首出必须带 {card}", card=must) if must else tr("**你先出**：任意牌型"))
    trick = trick_line(table, view) if deciding else None  # the trick to beat is said above
    for line in facts(table, view):
        if line != trick:
            lines.append(line)
    if table.bot_options.get("counter", False):
        lines += counter_lines(game, seat)
    if deciding and picked:
        lines.append(picked_line(view, picked, preview(game, seat, picked)))
    elif deciding:
        lines.append(tr("在下方选牌后点「出牌」，或点快捷出牌。"))
    event = str(table.log[-1]) if table.log else ""
    if event and not any(event in line for line in lines):  # not twice when it is the trick's play
        lines.append(tr("最近：{event}", event=event))
    sizes = view.get("hand_sizes") or []
    for other in range(len(table.seats)):
        if other == seat:
            continue
        parts = [table.seat_label(other), *([tr("托管")] if table.seats[other].auto else [])]
        if other < len(sizes) and isinstance(sizes[other], int):
            parts.append(tr("手牌 {n}", n=sizes[other]))
        parts += marks(view, other)
        lines.append(" · ".join(parts))
    return lines


def _choice(action: Action, legal: list[Action], prefix_len: int) -> str:
    # as the generic panel: the readable code, or its index in the legal list the version pins
    if prefix_len + len(action.code) <= MAX_CUSTOM_ID:
        return action.code
    return f"#{legal.index(action)}"


def card_view(table: Table, game: Any, seat: int, view: dict[str, Any], picked: Sequence[str]) -> discord.ui.View:
    """Row 1: the hand as a multi-select (picked cards chosen); row 2: 出牌 and the quick picks."""
    dview = discord.ui.View(timeout=None)
    held = {code for code, _ in hand_cards(view)}
    chosen = [c for c in picked if c in held]
    options = [discord.SelectOption(label=shown, value=code, default=code in chosen)
               for code, shown in hand_cards(view)][:PER_SELECT]
    if options:
        dview.add_item(CardSelect(table.id, table.version, seat, options=options,
                                  placeholder=tr("选择要出的牌（可多选）…"), row=0))
    prefix = len(f"ht:b:{table.id}:{table.version}:{seat}:")
    label = tr("出牌")
    if chosen:
        action, text = preview(game, seat, chosen)
        if action is not None:
            label = tr("出牌：{play}", play=_reading(text))[:80]
    confirm = PLAY_CARDS + pack(chosen)
    assert prefix + len(confirm) <= MAX_CUSTOM_ID  # 16 cards × 3 characters at most
    dview.add_item(ActionButton(table.id, table.version, seat, confirm, label=label,
                                style=discord.ButtonStyle.success, row=1, disabled=not chosen))
    legal = game.legal_actions(seat)
    for action in quick_picks(game, seat, view)[:4]:
        named = name_action(game, action)
        style = discord.ButtonStyle.secondary if named.role == PASS_ROLE else discord.ButtonStyle.primary
        dview.add_item(ActionButton(table.id, table.version, seat, _choice(action, legal, prefix),
                                    label=engine_words.named(named)[:80], style=style, row=1))
    return dview


def settlement_text(table: Table, result: HandResult, hand_no: int) -> str:
    """``🃏 第 1 局 3号 出完牌，获胜！``, then what was left in each hand (hands are shown once the hand is
    over), every payment with its why (cards left, 全关, 红桃10, bombs), 本局 and 累计."""
    detail = result.detail or {}
    winner = result.winners[0] if result.winners else None
    who = table.seat_label(winner) if isinstance(winner, int) and winner < len(table.seats) else "—"
    lines = [tr("🃏 第 {n} 局 {who} 出完牌，获胜！", n=hand_no + 1, who=who)]
    left, hands = detail.get("left") or [], detail.get("hands") or []
    closed = set(detail.get("closed") or [])
    for s in range(len(table.seats)):
        if s == winner or s >= len(left):
            continue
        seat = table.seat_label(s)
        if left[s] == 1:  # ruling 14: 报单 pays nothing for the card it holds (bomb money it paid stands)
            state = tr("{seat} 剩 1 张（报单，剩牌不付分）", seat=seat)
        elif s in closed:
            state = tr("{seat} 剩 {n} 张（全关）", seat=seat, n=left[s])
        else:
            state = tr("{seat} 剩 {n} 张", seat=seat, n=left[s])
        cards = _cards(hands[s]) if s < len(hands) else ""
        lines.append(tr("{state}：{cards}", state=state, cards=cards) if cards else state)
    paid = payment_lines(table, detail.get("payments"))
    if paid:
        lines.append(tr("付分："))
        lines += [f"　{line}" for line in paid]
    stakes = detail.get("stakes")
    if isinstance(stakes, list):
        lines.append(tr("打鸟：{seats}（比赛结束时结算）", seats=joined([table.seat_label(s) for s in stakes]) or tr("无人")))
    deltas = list(result.deltas)
    lines.append(tr("本局：{deltas}", deltas=" ｜ ".join(f"{table.seat_label(s)} {d:+d}" for s, d in enumerate(deltas))
                    if any(deltas) else tr("无人输赢")))
    lines.append(tr("累计：{totals}", totals=totals_line(table)))
    return "\n".join(lines)[:2000]

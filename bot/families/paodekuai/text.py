"""跑得快 at the table and in a seat's panel: card counts, 报单, the trick on the table, bombs paid, 打鸟, and the
seat's own hand by rank with its pick; the settlement in its own words (出完牌, 剩几张, 报单, 全关).

Channel lines come from ``public_view()`` only; the hand is read from ``view(seat)`` for that seat's own DM.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from engine.core import Action, IllegalAction
from engine.hints import hints
from engine.paodekuai.game import BOMB_MONEY, play_of, play_words

from ... import engine_words
from ...i18n import tr
from ...present.contract import Settlement
from ...present.results import deltas_line, payment_lines
from ...present.words import engine_text, joined
from .controls import hand_cards, preview, reading

if TYPE_CHECKING:
    from engine.core import HandResult

    from ...present.contract import View
    from ...service.table import Table

SAFE_SHOWN = 4


def hand_line(view: View) -> str:
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


def cards_text(cards: Any) -> str:
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
              cards=cards_text(entry.get("cards")))


def trick_line(table: Table, view: View) -> str | None:
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


def bombs_line(table: Table, view: View) -> str | None:
    """``炸弹现结 2 个（每个另两家各付 10 分）：1号 alice +20 ｜ …``: the ledger's money so far."""
    bombs = view.get("bombs_paid") or []
    money = view.get("bomb_money") or []
    if not bombs:
        return None
    parts = [f"{table.seat_label(s)} {v:+d}" for s, v in enumerate(money) if isinstance(v, int) and s < len(table.seats)]
    return tr("炸弹现结 {n} 个（每个另两家各付 {money} 分）：{seats}", n=len(bombs), money=BOMB_MONEY,
              seats=" ｜ ".join(parts))


def facts(table: Table, view: View) -> list[str]:
    """The facts under the turn line: the trick, bombs paid, and 打鸟 (chosen, or being chosen)."""
    lines = [line for line in (trick_line(table, view), bombs_line(table, view)) if line]
    stakes = view.get("stakes")
    if isinstance(stakes, list) and stakes:
        lines.append(tr("打鸟：{seats}", seats=joined([table.seat_label(s) for s in stakes
                                                      if 0 <= s < len(table.seats)])))
    choosing = view.get("choosing")
    if isinstance(choosing, dict) and choosing.get("of"):  # nobody's choice shows until all have chosen
        lines.insert(0, tr("打鸟：已选 {chosen}/{of}（全部选完后公布）", chosen=choosing.get("chosen", 0), of=choosing["of"]))
    return lines


def marks(view: View, seat: int) -> list[str]:
    baodan = view.get("baodan") or []
    return [tr("报单")] if seat < len(baodan) and baodan[seat] else []


def picked_line(view: View, picked: Sequence[str], read: tuple[Action | None, str]) -> str:
    shown = dict(hand_cards(view))
    cards = " ".join(shown.get(c, c) for c in picked)
    action, text = read
    return tr("已选：{cards} → **{play}**", cards=cards, play=reading(text)) if action is not None \
        else tr("已选：{cards} ⚠️ {why}", cards=cards, why=reading(text))


def counter_lines(game: Any, seat: int) -> list[str]:
    """记牌器 (room option): 「记牌器 未出：2×1 A×3 …」 and the plays nothing unseen can beat."""
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


def panel_lines(table: Table, game: Any, view: View, seat: int, picked: Sequence[str], *, deciding: bool) -> list[str]:
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


def hand_summary(table: Table, result: dict[str, Any]) -> str:
    """``1号 阿强 出完牌``."""
    winners = [w for w in result.get("winners") or [] if isinstance(w, int)]
    if result.get("draw") or not winners:
        return tr("荒庄")
    return tr("{who} 出完牌", who=joined([table.seat_label(w) if 0 <= w < len(table.seats) else "—" for w in winners]))


def settlement_body(table: Table, result: HandResult, hand_no: int) -> Settlement:
    """``🃏 第 1 局 3号 出完牌，获胜！``, then what was left in each hand (hands are shown once the hand is
    over), every payment with its why (cards left, 全关, 红桃10, bombs) and 本局."""
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
        cards = cards_text(hands[s]) if s < len(hands) else ""
        lines.append(tr("{state}：{cards}", state=state, cards=cards) if cards else state)
    paid = payment_lines(table, detail.get("payments"))
    if paid:
        lines.append(tr("付分："))
        lines += [f"　{line}" for line in paid]
    stakes = detail.get("stakes")
    if isinstance(stakes, list):
        lines.append(tr("打鸟：{seats}（比赛结束时结算）", seats=joined([table.seat_label(s) for s in stakes]) or tr("无人")))
    lines.append(deltas_line(table, list(result.deltas)))
    return Settlement(lines)

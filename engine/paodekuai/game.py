"""One hand of 跑得快 (``../shared/rules/paodekuai.md``): deal, tricks, 报单, bombs paid on the spot, settlement.

The deal (documented for stacked walls): ``wall`` is the cards in play (48 or 45, each once; with 随机抽取4张 any
48 of the 52) dealt in blocks: seat 0 takes the first 16 (15), seat 1 the next, seat 2 the last. A shuffled
hand draws the 4 removed cards (随机抽取4张) and then the order from one ``random.Random(seed)``.

Turn flow: counter-clockwise, seat s → s + 1. The first hand is led by the holder of the lead card (♠3, or the
fallback of §2), and with 黑桃3先出 that first play must contain it; later hands by the previous winner (the
hand names him as ``HandResult.next_dealer``, so ``dealer`` is the leader). A leader plays any legal play; the
others beat it or pass; when both others pass the trick closes and its last player leads. With 有牌必压 a seat
that can beat must (a bomb counts, ruling 12). A player left with one card is announced (报单, public); while
the next seat has 报单, a single played by its 上家 must be his highest card (报单必顶).

Money: an unbeaten bomb (the trick closes on it, or it ends the hand) is paid at once into the hand's ledger, 10
from each other player (炸弹现结, never multiplied); at the end each loser pays the winner his cards left, ×2 for
全关 (he played nothing), ×2 when the winner or he was dealt ♥10 (红桃10翻倍), 0 with one card (报单) — ruling 14.

What the hand says (events, refusals, payments' reasons, the settlement's steps) is ``engine.words.Msg``s; its
views are typed (``engine.paodekuai.views``) and its result carries an ``Outcome``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Any

from ..core import PASS_ROLE, Action, ActionName, HandResult, IllegalAction, InvalidActionCode, Win
from ..hand import Hand
from ..ledger import KEEP, Ledger, Payment, net
from ..outcome import Fan, How, Outcome, Step, Termination, Winner
from ..predeal import PreDeal, choose_stakes, daniao
from ..views import Choosing, Phase, ResultView
from ..words import Arg, Card, Cards, Listing, Msg, Seat, Seats, msg
from .cards import HEART10, NOTATION, RANKS, SIGNED, counts_of, deck_for, lead_card, parse_cards, rank
from .plays import KINDS, Play, PlayRules, beats, follow_plays, lead_plays, parse_play
from .views import PaodekuaiSeatView, PaodekuaiView, PlayShown, TrickEntry

FAMILY = "paodekuai"
VARIANT_ID = "paodekuai"
SEATS = 3
BOMB_MONEY = 10  # 炸弹现结: "相当于10张牌的积分" from each other player
PASS = Action("pass")
PLAY_ACTIONS = frozenset(KINDS)
OTHER_ACTIONS = frozenset({"pass", "stake"})

# the win's pricing factors (名堂 of 跑得快): a loser who played nothing, and ♥10 with the winner or the loser
FULL_CLOSE = "全关"
HEARTS10_DOUBLE = "红桃10"
# what a loser who played nothing all hand was left with (全关): the settlement's words, which the table reads
CLOSED_LEFT = "剩 {n} 张（全关）"

KIND_NAMES = {"single": "单张", "pair": "对子", "straight": "顺子", "pairs": "连对", "trio": "三带二",
              "plane": "飞机", "bomb": "炸弹", "four": "四带三"}


def play_msg(p: Play) -> Msg:
    """How players write a play: 单张 7, 对7, 顺子 3-7, 连对 3-5, 三带二 QQQ+35, 三张 Q, 飞机 888999+3456, 炸弹 9.
    A play that carries cards is written as players write it: its own cards, then + the cards carried (三带二
    333+48; "3带48" would read as a 3 carrying a 48). Ranks are the same words in every language: they are
    :class:`~engine.words.Cards` of rank names."""
    rank = _ranks((p.main,), RANKS[p.main])
    run = _ranks(range(p.low, p.main + 1), f"{RANKS[p.low]}-{RANKS[p.main]}")
    body = _ranks(p.body(), "".join(RANKS[r] for r in p.body()))  # the play's own cards run together: QQQ, JJJQQQ
    wings = _ranks(p.wings)
    if p.kind == "single":
        return msg("单张 {rank}", rank=rank)
    if p.kind == "pair":
        return msg("对{rank}", rank=rank)
    if p.kind == "straight":
        return msg("顺子 {run}", run=run)
    if p.kind == "pairs":
        return msg("连对 {run}", run=run)
    if p.kind == "trio":
        if not p.wings:
            return msg("三张 {rank}", rank=rank)
        if len(p.wings) == 1:
            return msg("三带一 {cards}+{wings}", cards=body, wings=wings)
        return msg("三带二 {cards}+{wings}", cards=body, wings=wings)
    if p.kind == "plane":
        if p.wings:
            return msg("飞机 {cards}+{wings}", cards=body, wings=wings)
        return msg("飞机 {cards}", cards=body)
    if p.kind == "bomb":
        return msg("炸弹 {rank}", rank=rank)
    return msg("四带三 {cards}+{wings}", cards=body, wings=wings)


def play_label(p: Play) -> str:
    """:func:`play_msg` in zh-CN."""
    return play_msg(p).zh()


def play_words(p: Play) -> tuple[str, dict[str, str]]:
    """:func:`play_msg` as a template and its fields as text, for a control's label
    (:meth:`~engine.core.ActionName.worded`)."""
    said = play_msg(p)
    return said.id, {k: _zh(v) for k, v in said.args}


def _zh(value: Arg) -> str:
    return str(value) if isinstance(value, int) else value.zh()


def _ranks(ranks: Iterable[int], text: str | None = None) -> Cards:
    """Ranks as a play names them: run together as players write them (35, 10J), a space only between two
    letters (J A), since a run of letters would read as a word."""
    names = tuple(RANKS[r] for r in ranks)
    if text is None:
        text = ""
        for name in names:
            if text and text[-1].isalpha() and name.isalpha():
                text += " "
            text += name
    return Cards(names, text)


def shown(p: Play) -> PlayShown:
    """The play as a view shows it: code, kind, ranks and name."""
    return PlayShown(action_of(p).code, p.kind, tuple(RANKS[r] for r in p.ranks()), play_msg(p))


def card_arg(c: int) -> Card:
    return Card(NOTATION[c], SIGNED[c])


def cards_arg(cards: Iterable[int]) -> Cards:
    """Cards as the table shows them: notation codes, and ♠3 ♥3 as their zh-CN text."""
    held = tuple(cards)
    return Cards(tuple(NOTATION[c] for c in held), " ".join(SIGNED[c] for c in held))


@lru_cache(maxsize=65536)
def play_of(action: Action) -> Play:
    """The play an action code names; :class:`InvalidActionCode` for a code that names none (a malformed log or
    custom id)."""
    if action.kind not in KINDS or len(action.cards) != 1:
        raise InvalidActionCode("没有这种出牌：{code}", code=action.code[:40])
    try:
        return parse_play(action.kind, action.cards[0])
    except (KeyError, ValueError):
        raise InvalidActionCode("没有这种出牌：{code}", code=action.code[:40]) from None


@lru_cache(maxsize=65536)
def action_of(p: Play) -> Action:
    return Action(p.kind, (p.code,))


def rules_from(options: dict[str, Any]) -> PlayRules:
    return PlayRules(four_with_three=bool(options.get("four_with_three")),
                     triple_tail=bool(options.get("triple_tail")),
                     split_bombs=bool(options.get("split_bombs", True)))


class PaodekuaiGame(Hand):
    family = FAMILY

    def __init__(self, options: dict[str, Any], seed: int, dealer: int = 0, carry: dict[str, Any] | None = None,
                 *, wall: Sequence[int] | None = None, variant_id: str = VARIANT_ID) -> None:
        super().__init__(variant_id, SEATS, dealer)
        self.options = dict(options)
        self.rules = rules_from(options)
        self.seed = seed
        self.carry = dict(carry or {})
        self.first_hand = not self.carry.get("hands_played")
        each = int(options.get("cards", 16))
        random4 = each == 16 and bool(options.get("random_remove4"))
        rng = random.Random(seed)
        if wall is None:
            deck = deck_for(each, random4, rng)
            rng.shuffle(deck)
        else:
            deck = list(wall)
            if len(set(deck)) != len(deck) or len(deck) != each * SEATS or not set(deck) <= set(range(52)):
                raise ValueError(f"a stacked wall must hold {each * SEATS} distinct cards")
            if not random4 and sorted(deck) != deck_for(each, False):
                raise ValueError("a stacked wall must hold the cards of this game exactly")
        self.deck = tuple(deck)
        self.each = each
        self.hands: list[list[int]] = [[] for _ in range(SEATS)]
        self.counts: list[list[int]] = [[0] * 13 for _ in range(SEATS)]
        self.plays_made = [0] * SEATS
        self.baodan = [False] * SEATS
        self.ledger = Ledger(SEATS)
        self.bombs_paid: list[int] = []  # the seats paid for each unbeaten bomb, in order
        self.played: list[list[int]] = [[] for _ in range(SEATS)]  # cards each seat has shed, face up
        self.trick: list[tuple[int, Play | None, tuple[int, ...]]] = []  # (seat, play or None = pass, cards)
        self.top: tuple[int, Play, tuple[int, ...]] | None = None
        self.passes = 0
        self.turn: int | None = None
        self.lead_card: int | None = None
        self.must_show: int | None = None  # the card the first play must contain (黑桃3先出)
        self.hearts10: int | None = None
        self.stakes: list[int] | None = None
        self.predeal: PreDeal | None = None
        if options.get("daniao") and "stakes" not in self.carry:
            # 打鸟 "开局可选择": every player chooses at once before the first deal; the match keeps the stakes.
            self.predeal = daniao(list(range(SEATS)))  # stakes are reported by seat number
        else:
            if "stakes" in self.carry:
                self.stakes = list(self.carry["stakes"])
            self._deal()

    # --------------------------------------------------------------------- deal
    def _deal(self) -> None:
        for s in range(SEATS):
            block = self.deck[s * self.each:(s + 1) * self.each]
            self.hands[s] = sorted(block)
            self.counts[s] = counts_of(block)
            self.emit("deal", {"seat": s, "hand": self.names(s)}, s,
                      msg("你的手牌：{cards}", cards=cards_arg(self.hands[s])))
        if HEART10 in self.deck:
            self.hearts10 = next(s for s in range(SEATS) if HEART10 in self.hands[s])
        if self.first_hand:
            self.lead_card = lead_card(self.deck)
            self.dealer = next(s for s in range(SEATS) if self.lead_card in self.hands[s])
            if self.options.get("spade3_first", True):
                self.must_show = self.lead_card
            # naming the lead card would tell a card still in his hand: the table is told only who leads
            said = msg("发牌完毕，首局 {seat} 先出", seat=Seat(self.dealer))
        else:
            said = msg("发牌完毕，上局赢家 {seat} 先出", seat=Seat(self.dealer))
        self.turn = self.dealer
        self.emit("dealt", {"leader": self.dealer}, None, said)
        if self.must_show is not None:
            self.emit("must_show", {"card": NOTATION[self.must_show]}, self.dealer,
                      msg("首出必须带 {card}", card=card_arg(self.must_show)))

    def names(self, seat: int) -> list[str]:
        return [NOTATION[c] for c in self.hands[seat]]

    def signed(self, seat: int) -> list[str]:
        return [SIGNED[c] for c in self.hands[seat]]

    # ------------------------------------------------------------------- legal
    def _top_play(self) -> Play | None:
        return None if self.top is None else self.top[1]

    def _plays(self, seat: int) -> list[Play]:
        counts = self.counts[seat]
        cur = self._top_play()
        plays = lead_plays(counts, self.rules) if cur is None else follow_plays(counts, cur, self.rules)
        if self.must_show is not None:
            need = rank(self.must_show)
            plays = [p for p in plays if need in p.body() or need in p.wings]
        nxt = (seat + 1) % SEATS
        if self.options.get("baodan_must_top", True) and self.baodan[nxt]:
            # 报单必顶: a single must be the highest card a single may be played from
            singles = [p.main for p in lead_plays(counts, self.rules) if p.kind == "single"]
            if singles:
                top = max(singles)
                plays = [p for p in plays if p.kind != "single" or p.main == top]
        return plays

    def _legal(self, seat: int) -> list[Action]:
        if self.finished or seat not in self.to_act():
            return []
        if self.predeal is not None:
            return self.predeal.legal(seat)
        out = [action_of(p) for p in self._plays(seat)]
        if self.top is not None and (not out or not self.options.get("must_beat", True)):
            out.append(PASS)
        return out

    def to_act(self) -> list[int]:
        if self.finished:
            return []
        if self.predeal is not None:
            return self.predeal.to_act()
        return [self.turn] if self.turn is not None else []

    def parse_action(self, code: str) -> Action:
        """A code names a play (``pair:7``, checked against the play notation), a pass or a 打鸟 stake; anything
        else is :class:`InvalidActionCode`."""
        action = Action.parse(code)
        if action.kind in PLAY_ACTIONS:
            play_of(action)
        elif action.kind not in OTHER_ACTIONS or action.cards:
            raise InvalidActionCode("不是一个操作：「{code}」", code=code[:40])
        return action

    def name_action(self, action: Action) -> ActionName:
        if action.kind == "stake":
            return ActionName("打鸟", "打鸟")
        if action.kind == "pass":
            if self.predeal is not None:
                return ActionName("不打鸟", "不打鸟", PASS_ROLE)
            seat = self.turn
            can = seat is not None and any(a.kind != "pass" for a in self.legal_actions(seat))
            label = "不要" if can else "要不起"
            return ActionName(label, label, PASS_ROLE)
        p = play_of(action)
        template, params = play_words(p)
        return ActionName.worded(template, KIND_NAMES[p.kind], **params)

    def classify(self, cards: str | Sequence[str], seat: int | None = None) -> Action:
        """The legal action a chosen set of concrete cards (``"S3 H3"``) is for ``seat`` (the seat to act):
        raises :class:`IllegalAction` with the reason in the game's words."""
        if seat is None:
            acting = self.to_act()
            if not acting:
                raise IllegalAction("现在不是出牌的时候")
            seat = acting[0]
        if self.predeal is not None or seat not in self.to_act():
            raise IllegalAction("现在不是你出牌")
        chosen = parse_cards(cards)
        if not chosen:
            raise IllegalAction("请选择要出的牌")
        missing = [c for c in chosen if c not in self.hands[seat]]
        if missing:
            raise IllegalAction("你没有这张牌：{cards}", cards=cards_arg(sorted(missing)))
        want = tuple(sorted(rank(c) for c in chosen))
        matches = [a for a in self.legal_actions(seat) if a.kind != "pass" and play_of(a).ranks() == want]
        if matches:
            # one card set, several readings (555666777 888999…): the strongest one
            return max(matches, key=lambda a: (play_of(a).kind == "bomb", play_of(a).main, play_of(a).length))
        raise refusal(self._why_not(seat, want))

    def _why_not(self, seat: int, want: tuple[int, ...]) -> Msg:
        """Why these ranks are no play now."""
        sub = [0] * 13
        for r in want:
            sub[r] += 1
        hand = self.counts[seat]
        loose = PlayRules(four_with_three=self.rules.four_with_three, triple_tail=True, split_bombs=True)
        shapes = [p for p in lead_plays(sub, loose) if p.ranks() == want]
        if not shapes:
            return _shape_reason(sub)
        full = [p for p in shapes if not p.short]
        if not full and len(want) < sum(hand):
            return msg("三带二 要带两张") if shapes[0].kind == "trio" else msg("飞机 每个三张要带两张")
        if not self.rules.split_bombs and any(hand[r] == 4 for r in want) and not any(
                p.kind in ("bomb", "four") for p in shapes):
            return msg("炸弹不能拆开出")
        if self.must_show is not None and rank(self.must_show) not in want:
            return msg("首出必须带 {card}", card=card_arg(self.must_show))
        cur = self._top_play()
        if (len(want) == 1 and self.options.get("baodan_must_top", True) and self.baodan[(seat + 1) % SEATS]
                and (cur is None or beats(shapes[0], cur, self.rules))):
            return msg("下家报单，出单张必须出最大的牌")
        if cur is not None:
            return msg("管不上：要比 {play} 大", play=play_msg(cur))
        return msg("这几张牌不能这样出")

    # ------------------------------------------------------------------- apply
    def _apply(self, seat: int, action: Action) -> None:
        if self.predeal is not None:
            self._choose_stake(seat, action)
        elif action.kind == "pass":
            self._pass(seat)
        else:
            self._play(seat, play_of(action))

    def _choose_stake(self, seat: int, action: Action) -> None:
        assert self.predeal is not None
        self.stakes = choose_stakes(self.predeal, seat, action, self.emit)
        if self.stakes is not None:
            self.predeal = None
            self._deal()

    def _take(self, seat: int, p: Play) -> tuple[int, ...]:
        """The cards leaving the hand for play ``p``: by rank, the lowest suit first (so ♠3 goes whenever a 3
        does: the lead card is the lowest-suited of its rank in its holder's hand)."""
        taken: list[int] = []
        hand = self.hands[seat]
        for r in p.ranks():
            c = next(c for c in hand if c // 4 == r and c not in taken)
            taken.append(c)
        for c in taken:
            hand.remove(c)
            self.counts[seat][c // 4] -= 1
        return tuple(sorted(taken))

    def _play(self, seat: int, p: Play) -> None:
        cards = self._take(seat, p)
        self.must_show = None
        self.plays_made[seat] += 1
        self.played[seat].extend(cards)
        self.trick.append((seat, p, cards))
        self.top = (seat, p, cards)
        self.passes = 0
        self.emit("play", {"seat": seat, "play": action_of(p).code, "cards": [NOTATION[c] for c in cards],
                           "left": len(self.hands[seat])}, None,
                  msg("{seat} 出 {play}（{cards}）", seat=Seat(seat), play=play_msg(p), cards=cards_arg(cards)))
        left = len(self.hands[seat])
        if left == 0:
            self._bomb_stands()
            self._finish(seat)
            return
        if left == 1 and not self.baodan[seat]:
            self.baodan[seat] = True
            self.emit("baodan", {"seat": seat}, None, msg("{seat} 报单！", seat=Seat(seat)))
        self.turn = (seat + 1) % SEATS

    @property
    def pass_tells(self) -> bool:
        """Whether taking a seat's only action, a pass, for it at once would tell the table what it holds:
        without 有牌必压 a pass is also a choice, so an instant pass would show the seat had nothing to beat."""
        return not self.options.get("must_beat", True)

    def pass_said(self, seat: int) -> Msg:
        """The table's word for any pass. With 有牌必压 a pass is legal only when nothing beats, so every pass
        is a 要不起 by rule; without it the word must not tell whether the seat could have beaten (who holds
        the 2 or a bomb), so every pass is 不出, as the trick on the table shows it."""
        return msg("{seat} 不出", seat=Seat(seat)) if self.pass_tells else msg("{seat} 要不起", seat=Seat(seat))

    def _pass(self, seat: int) -> None:
        self.trick.append((seat, None, ()))
        self.passes += 1
        self.emit("pass", {"seat": seat}, None, self.pass_said(seat))
        assert self.top is not None
        if self.passes < SEATS - 1:
            self.turn = (seat + 1) % SEATS
            return
        self._bomb_stands()
        leader = self.top[0]
        self.top = None
        self.trick = []
        self.passes = 0
        self.turn = leader
        self.emit("lead", {"seat": leader}, None, msg("{seat} 获得出牌权", seat=Seat(leader)))

    def _bomb_stands(self) -> None:
        """炸弹现结: the trick's last play is a bomb nobody beat — each other player pays the bomber now."""
        if self.top is None or self.top[1].kind != "bomb" or not self.options.get("bomb_instant", True):
            return
        bomber = self.top[0]
        why = msg("炸弹现结 {play}", play=play_msg(self.top[1]))
        paid = [self.ledger.pay(s, bomber, BOMB_MONEY, why) for s in range(SEATS) if s != bomber]
        self.bombs_paid.append(bomber)
        self.emit("bomb_money", {"seat": bomber, "payments": [p.to_json() for p in paid]}, None,
                  msg("炸弹现结：{payers} 各付 {seat} {money} 分", payers=Seats(tuple(p.payer for p in paid)),
                      seat=Seat(bomber), money=BOMB_MONEY))

    # --------------------------------------------------------------------- end
    def _closed(self, seat: int) -> bool:
        """全关: the seat played nothing all hand."""
        return self.plays_made[seat] == 0

    def card_payments(self, winner: int) -> list[Payment]:
        """Ruling 14: cards left × 2 for 全关 × 2 for ♥10 (winner's or loser's), 报单 pays nothing."""
        out = []
        for s in range(SEATS):
            if s == winner:
                continue
            left = len(self.hands[s])
            if left <= 1:
                continue
            amount = left
            closed = bool(self.options.get("full_close_double", True)) and self._closed(s)
            hearts = bool(self.options.get("hearts10_double")) and self.hearts10 in (s, winner)
            if closed:
                amount *= 2
            if hearts:
                amount *= 2
            out.append(Payment(s, winner, amount, _cards_why(left, closed, hearts)))
        return out

    def _left(self, seat: int) -> Msg:
        """What a loser was left with, in the settlement's words: 报单 pays nothing for its card."""
        left = len(self.hands[seat])
        if left == 1:
            return msg("剩 1 张（报单，剩牌不付分）")
        return msg(CLOSED_LEFT, n=left) if self._closed(seat) else msg("剩 {n} 张", n=left)

    def _told(self, seat: int, left: Msg) -> Msg:
        """A loser in the hand's summary: 报单 pays nothing for its card, anyone else as his step says."""
        return msg("{seat} 报单，剩牌不付分", seat=Seat(seat)) if len(self.hands[seat]) == 1 else left

    def _finish(self, winner: int) -> None:
        cards = self.card_payments(winner)
        standing = self.ledger.settle(False, KEEP)
        deltas = [a + b for a, b in zip(net(SEATS, cards), net(SEATS, standing), strict=True)]
        losers = [s for s in range(SEATS) if s != winner]
        fans = []
        if self.options.get("full_close_double", True) and any(self._closed(s) for s in losers):
            fans.append(Fan(FULL_CLOSE, fan=2))
        if self.options.get("hearts10_double") and self.hearts10 is not None:
            fans.append(Fan(HEARTS10_DOUBLE, fan=2))
        paid = {p.payer: p.amount for p in cards}
        # each loser: what he was left with and what it costs him (the payment's why gives the doubling)
        steps = tuple(Step(msg("{seat} {left}", seat=Seat(s), left=self._left(s)), paid.get(s, 0)) for s in losers)
        told = tuple(self._told(s, step.says) for s, step in zip(losers, steps, strict=True))
        summary = msg("{seat} 出完牌，获胜；{losers}", seat=Seat(winner), losers=Listing(told, "；"))
        hand_steps = () if self.stakes is None else (
            Step(msg("打鸟：{seats}（比赛结束时结算）", seats=Seats(tuple(self.stakes)))),)
        patterns = tuple(f.name for f in fans)
        value = sum(p.amount for p in cards)
        outcome = Outcome(
            Termination.WIN,
            # the winner's complete hand: every card he played, all face up now
            (Winner(winner, How.OUT, None, None, tuple(NOTATION[c] for c in sorted(self.played[winner])),
                    patterns=patterns, fans=tuple(fans), value=value, steps=steps),),
            (*standing, *cards), summary, steps=hand_steps, next_dealer=winner,
            hands=tuple(tuple(self.names(s)) for s in range(SEATS)))
        # what the engine itself carries to the next hand (after_hand): the 打鸟 stakes of the match
        detail: dict[str, Any] = {} if self.stakes is None else {"stakes": list(self.stakes)}
        self.result = HandResult([winner], deltas, False, detail, wins=[Win(winner, None, None, patterns, value)],
                                 ledger=standing, next_dealer=winner, outcome=outcome)
        self.finished = True
        self.turn = None
        self.emit("win", {"winner": winner, "deltas": deltas, "hands": [self.names(s) for s in range(SEATS)]}, None,
                  summary)

    # -------------------------------------------------------------------- views
    def census(self) -> list[int]:
        """Every card of the deal, where it is now (hands and the played piles): each exactly once."""
        if self.predeal is not None:
            return sorted(self.deck)
        return sorted([c for h in self.hands for c in h] + [c for p in self.played for c in p])

    def _phase(self) -> Phase:
        if self.finished:
            return Phase.OVER
        return Phase.CHOOSE if self.predeal is not None else Phase.PLAY

    def _table(self) -> dict[str, Any]:
        """The fields of the table's view (a seat's view adds its own)."""
        dealt = self.predeal is None
        result = self.result
        chosen = None if self.predeal is None else self.predeal.public()
        return {
            "variant": self.variant_id,
            "seats": SEATS,
            "dealer": self.dealer,
            "to_act": tuple(self.to_act()),
            "claims_pending": False,
            "phase": self._phase(),
            "version": self.version,
            "finished": self.finished,
            "hand_sizes": tuple(len(h) for h in self.hands) if dealt else None,
            "melds": ((),) * SEATS,
            "choosing": None if chosen is None else Choosing(chosen["chosen"], chosen["of"]),
            "result": None if result is None or result.outcome is None else ResultView(
                tuple(result.winners), tuple(result.deltas), False, result.outcome.summary),
            # 报单 is a seat down to its last card: the winner who went out from it holds none
            "baodan": tuple(b and len(h) == 1 for b, h in zip(self.baodan, self.hands, strict=True)),
            "trick": tuple(_entry(s, p, cards) for s, p, cards in self.trick),
            "top": None if self.top is None else _entry(*self.top),
            "played": tuple(tuple(NOTATION[c] for c in p) for p in self.played),
            "bombs_paid": tuple(self.bombs_paid),
            "bomb_money": tuple(self.ledger.totals()),
            "payments": tuple(self.ledger.payments),
            # who was dealt ♥10 is hidden until the hand is over (it is a card in a hand)
            "hearts10": self.hearts10 if self.options.get("hearts10_double") and self.finished else None,
            "stakes": None if self.stakes is None else tuple(self.stakes),
        }

    def opens_turn(self) -> bool | None:
        # a replay's turn is a trick: from its lead until the next
        return None if self.predeal is not None or self.finished else not self.trick

    def public_view(self) -> PaodekuaiView:
        return PaodekuaiView(**self._table())

    def view(self, seat: int) -> PaodekuaiSeatView:
        dealt = self.predeal is None
        return PaodekuaiSeatView(
            **self._table(), seat=seat, hand=tuple(self.names(seat)) if dealt else (),
            legal=tuple(a.code for a in self.legal_actions(seat)),
            # the card this seat's first play must contain (黑桃3先出): his own card, so only his view names it
            must_show=NOTATION[self.must_show] if self.must_show is not None and self.turn == seat else None)


def _entry(seat: int, p: Play | None, cards: tuple[int, ...]) -> TrickEntry:
    return TrickEntry(seat, None if p is None else shown(p), tuple(NOTATION[c] for c in cards))


def _cards_why(left: int, closed: bool, hearts: bool) -> Msg:
    """Why a loser pays for his cards (ruling 14): 剩 N 张, doubled for 全关 and for ♥10."""
    if closed and hearts:
        return msg("剩 {n} 张，全关×2，红桃10×2", n=left)
    if closed:
        return msg("剩 {n} 张，全关×2", n=left)
    if hearts:
        return msg("剩 {n} 张，红桃10×2", n=left)
    return msg("剩 {n} 张", n=left)


def refusal(reason: Msg) -> IllegalAction:
    """The error that refuses a play for ``reason``."""
    return IllegalAction(reason.id, **dict(reason.args))


def _shape_reason(sub: list[int]) -> Msg:
    """Why a set of cards is no play at all, in the table's words."""
    ranks = [r for r in range(13) if sub[r]]
    size = sum(sub)
    if size >= 5 and all(sub[r] == 1 for r in ranks) and ranks == list(range(ranks[0], ranks[-1] + 1)):
        return msg("顺子里不能有 2")
    if all(sub[r] == 1 for r in ranks) and ranks == list(range(ranks[0], ranks[-1] + 1)) and size > 1:
        return msg("顺子至少要五张")
    if all(sub[r] == 2 for r in ranks) and ranks == list(range(ranks[0], ranks[-1] + 1)):
        return msg("连对里不能有 2")
    if any(c == 3 for c in sub):
        return msg("三带二 要带两张") if size < 5 else msg("三带二 只带两张；飞机的三张要连着")
    if any(c == 4 for c in sub):
        return msg("没有开 4带3：炸弹要单独出") if size == 7 else msg("炸弹要单独出")
    return msg("这几张牌不成牌型")

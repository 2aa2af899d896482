"""Scripted 跑得快 hands: each rule of ``../shared/rules/paodekuai.md`` shown on a few cards."""

from __future__ import annotations

import random

import pytest

from engine.core import Action, IllegalAction, InvalidActionCode
from engine.match import Match
from engine.outcome import How
from engine.paodekuai.cards import DECK, SPADE3, counts_of, parse_cards
from engine.paodekuai.game import PaodekuaiGame, play_label, play_msg, play_of
from engine.paodekuai.variant import final_breakdown, final_settlement
from engine.registry import get_variant
from engine.selfplay import play_hand
from engine.views import Choosing
from engine.words import Card, Cards, Seat, msg

from .helpers import codes, options, play, scripted


def test_must_beat_when_one_can_and_a_bomb_counts() -> None:
    g = scripted(["S5 S9 H9", "S7 D3", "S4 H4 C4 D4 S6"])
    play(g, "single:5")
    assert codes(g) == ["single:7"]  # no 要不起 while 7 beats 5
    play(g, "single:7")
    assert codes(g) == ["bomb:4"]  # only the bomb beats: it must go (ruling 12)
    relaxed = scripted(["S5 S9 H9", "S7 D3", "S4 H4 C4 D4 S6"], must_beat=False)
    play(relaxed, "single:5")
    assert codes(relaxed) == ["single:7", "pass"]


def test_bomb_paid_when_the_trick_closes_on_it_and_in_the_result() -> None:
    g = scripted(["S5 S9 H9", "S7 D3", "S4 H4 C4 D4 S6"])
    events = []
    for m in ("single:5", "single:7", "bomb:4", "pass"):
        events += g.apply(g.to_act()[0], m)
    assert not g.ledger.payments  # not yet: seat 1 may still beat it
    assert [e.kind for e in events if e.public].count("baodan") == 2  # seat 1 after its 7, seat 2 after the bomb
    events = g.apply(1, "pass")
    assert [(p.payer, p.payee, p.amount) for p in g.ledger.payments] == [(0, 2, 10), (1, 2, 10)]
    [paid] = [e for e in events if e.kind == "bomb_money" and e.public]
    assert paid.says is not None and paid.says.zh() == "炸弹现结：座位1、座位2 各付 座位3 10 分"
    assert [p.why.zh() for p in g.ledger.payments] == ["炸弹现结 炸弹 4"] * 2
    assert g.public_view().bomb_money == (-10, -10, 20)
    play(g, "single:6")
    r = g.result
    assert r is not None and r.winners == [2] and r.next_dealer == 2
    # seat 0 pays its 2 cards; seat 1 reported one card (报单) and pays nothing; bombs never multiplied
    assert r.deltas == [-12, -10, 22]
    assert [(p.payer, p.payee, p.amount) for p in r.ledger] == [(0, 2, 10), (1, 2, 10)]
    assert [a - b for a, b in zip(r.deltas, r.ledger_net, strict=True)] == [-2, 0, 2]
    # the outcome: every payment with its reason (the bombs', then the cards'), what each loser was left with
    assert r.outcome is not None
    assert [(p.payer, p.payee, p.amount, p.why.zh()) for p in r.outcome.payments] == [
        (0, 2, 10, "炸弹现结 炸弹 4"), (1, 2, 10, "炸弹现结 炸弹 4"), (0, 2, 2, "剩 2 张")]
    [winner] = r.outcome.winners
    assert (winner.seat, winner.how, winner.value, winner.hand) == (2, How.OUT, 2, ("S4", "H4", "C4", "D4", "S6"))
    assert [(s.says.zh(), s.value) for s in winner.steps] == [("座位1 剩 2 张", 2),
                                                              ("座位2 剩 1 张（报单，剩牌不付分）", 0)]
    assert r.outcome.summary.zh() == "座位3 出完牌，获胜；座位1 剩 2 张；座位2 报单，剩牌不付分"
    assert r.outcome.hands == (("S9", "H9"), ("D3",), ()) and r.outcome.next_dealer == 2


def test_a_beaten_bomb_is_not_paid_the_higher_one_is() -> None:
    g = scripted(["S5 H5 C5 D5 S9 H9", "S7 H7 C7 D7 S3", "SK S6"])
    play(g, "bomb:5", "bomb:7", "pass", "pass")
    assert [(p.payer, p.payee, p.amount) for p in g.ledger.payments] == [(0, 1, 10), (2, 1, 10)]


def test_a_bomb_that_ends_the_hand_is_paid() -> None:
    g = scripted(["S5 H5 C5 D5", "S7 H7 S3", "SK S6 H6"])
    play(g, "bomb:5")
    assert g.finished and g.result is not None
    # 全关 both: 3 cards ×2 each, plus 10 each for the bomb
    assert g.result.deltas == [32, -16, -16]


def test_bomb_money_off() -> None:
    g = scripted(["S5 H5 C5 D5", "S7 H7 S3", "SK S6 H6"], bomb_instant=False)
    play(g, "bomb:5")
    assert g.result is not None and not g.result.ledger and g.result.deltas == [12, -6, -6]


def test_baodan_is_public_and_the_upper_seat_must_top() -> None:
    g = scripted(["S3 S5 SK H8 C8", "S4 D9", "S6 H6 D7"], leader=1)
    events = g.apply(1, "single:4")
    assert any(e.kind == "baodan" and e.public and e.data["seat"] == 1 for e in events)
    assert g.public_view().baodan == (False, True, False)
    assert set(codes(g)) == {"single:6", "single:7", "pair:6"} - {"pair:6"}  # seat 2's 下家 has not 报单
    play(g, "single:6")
    assert codes(g) == ["single:K"]  # seat 0 is seat 1's 上家: a single must be his highest
    play(g, "single:K", "pass", "pass")
    assert set(codes(g)) == {"single:8", "pair:8"}  # leading too: the single is the highest left
    free = scripted(["S3 S5 SK H8 C8", "S4 D9", "S6 H6 D7"], leader=1, baodan_must_top=False)
    play(free, "single:4", "single:6")
    assert set(codes(free)) == {"single:8", "single:K"}


def test_full_close_doubles_and_hearts10_compounds() -> None:
    hands = ["S3 S4 S5 S6 S7", "H3 H4 H10 HJ", "C3 C4 C9 CJ CQ CK"]
    g = scripted(hands)
    play(g, "straight:3-7")
    assert g.result is not None and g.result.deltas == [20, -8, -12]
    assert g.result.outcome is not None
    assert [s.says.zh() for s in g.result.outcome.winners[0].steps] == ["座位2 剩 4 张（全关）", "座位3 剩 6 张（全关）"]
    assert [p.why.zh() for p in g.result.outcome.payments] == ["剩 4 张，全关×2", "剩 6 张，全关×2"]
    h = scripted(hands, hearts10_double=True)
    play(h, "straight:3-7")
    assert h.result is not None and h.result.deltas == [28, -16, -12]  # 4 × 全关 2 × 红桃10 2 for seat 1
    assert h.result.outcome is not None
    assert [p.why.zh() for p in h.result.outcome.payments] == ["剩 4 张，全关×2，红桃10×2", "剩 6 张，全关×2"]
    assert h.result.outcome.winners[0].patterns == ("全关", "红桃10")
    assert h.public_view().hearts10 == 1
    plain = scripted(hands, full_close_double=False)
    play(plain, "straight:3-7")
    assert plain.result is not None and plain.result.deltas == [10, -4, -6]


def test_hearts10_with_the_winner_doubles_every_loser() -> None:
    g = scripted(["S3 S4 S5 S6 S7 H10", "H3 H4", "C3 C4 C9"], hearts10_double=True, full_close_double=False)
    assert g.public_view().hearts10 is None  # hidden during the hand
    play(g, "straight:3-7", "pass", "pass", "single:10")
    assert g.result is not None and g.result.deltas == [10, -4, -6]


def test_four_with_three_only_with_the_option_and_never_over_a_trio() -> None:
    hand = "S9 H9 C9 D9 S3 S4 S5 HQ"
    allowed = scripted([hand, "SK", "SA"], four_with_three=True)
    assert "four:9+3+4+5" in codes(allowed)
    assert not any(c.startswith("four") for c in codes(scripted([hand, "SK", "SA"])))
    g = scripted(["S6 H6 C6 S7 S8 SJ", hand, "SA HA"], four_with_three=True)
    play(g, "trio:6+7+8")
    assert not any(c.startswith("four") for c in codes(g))  # 不能压三带二
    assert "bomb:9" in codes(g)
    h = scripted([hand, "SJ HJ CJ DJ S6 H6 C6 D7", "SA HA"], four_with_three=True)
    play(h, "four:9+3+4+5")
    assert set(codes(h)) == {"four:J+6+6+6", "four:J+6+6+7", "bomb:J"}
    assert all(c.split(":")[0] in ("four", "bomb") for c in codes(h))


def test_triple_tail_beats_a_lower_trio_only_with_the_option() -> None:
    lead = "S5 H5 C5 S3 S4 SK"
    tail = scripted([lead, "SQ HQ CQ S6", "SA"], triple_tail=True)
    play(tail, "trio:5+3+4")
    assert codes(tail) == ["trio:Q+6"]
    play(tail, "trio:Q+6")
    assert tail.finished and tail.result is not None and tail.result.winners == [1]
    plain = scripted([lead, "SQ HQ CQ S6", "SA"])
    play(plain, "trio:5+3+4")
    assert codes(plain) == ["pass"]


def test_last_trio_and_trio_with_one_always_lead() -> None:
    assert codes(scripted(["SQ HQ CQ S6", "SA", "SK"])) == ["single:6", "single:Q", "pair:Q", "trio:Q+6"]
    assert "trio:Q" in codes(scripted(["SQ HQ CQ", "SA", "SK"]))
    # with more cards left a trio needs its two wings
    assert not any(c in ("trio:Q", "trio:Q+6") for c in codes(scripted(["SQ HQ CQ S6 S7 S8", "SA", "SK"])))


def test_short_plane_at_the_end() -> None:
    g = scripted(["S8 H8 C8 S9 H9 C9 S3 H3", "SA", "SK"])
    assert "plane:8-9+3+3" in codes(g)  # 8 cards: fewer wings than the full four, all his cards (ruling 13)


def test_split_bombs_off_keeps_the_four_together() -> None:
    g = scripted(["S9 H9 C9 D9 S3 S4", "SA", "SK"], split_bombs=False)
    assert set(codes(g)) == {"single:3", "single:4", "bomb:9"}
    assert {"single:9", "pair:9"} <= set(codes(scripted(["S9 H9 C9 D9 S3 S4", "SA", "SK"])))


def test_names_of_actions() -> None:
    g = scripted(["S3 S4 S5 S6 S7 H7 SQ HQ CQ S9 H9 C9 D9", "SA", "SK"])
    legal = g.legal_actions(0)
    label = {a.code: g.name_action(a).label for a in legal}
    assert label["pair:7"] == "对7"
    assert label["straight:3-7"] == "顺子 3-7"
    # issue 17: a play that carries cards reads as players write it, its own cards + the cards carried
    assert label["trio:Q+3+5"] == "三带二 QQQ+35"
    assert label["bomb:9"] == "炸弹 9"
    assert play_label(play_of(Action.parse("trio:3+4+8"))) == "三带二 333+48"
    assert play_label(play_of(Action.parse("trio:10+4"))) == "三带一 101010+4"
    assert play_label(play_of(Action.parse("plane:8-9+3+4+5+6"))) == "飞机 888999+3456"
    assert play_label(play_of(Action.parse("four:9+3+4+5"))) == "四带三 9999+345"
    assert play_label(play_of(Action.parse("plane:J-Q+A+2"))) == "飞机 JJJQQQ+A2"
    assert play_label(play_of(Action.parse("trio:3+J+A"))) == "三带二 333+J A"  # two letters: a space between
    assert play_msg(play_of(Action.parse("trio:3+4+8"))) == msg(
        "三带二 {cards}+{wings}", cards=Cards(("3", "3", "3"), "333"), wings=Cards(("4", "8"), "48"))
    g2 = scripted(["S5 S9", "S3 D3", "SK"])
    play(g2, "single:5")
    assert g2.name_action(Action("pass")).label == "要不起"
    assert g2.name_action(Action("pass")).role == "pass"


def test_classify_maps_a_card_set_to_its_action_or_says_why() -> None:
    g = scripted(["S3 H3 S4 S5 S6 S7 SQ HQ CQ", "S8 H8 SA", "SK"])
    assert g.classify("H3 S3").code == "pair:3"
    assert g.classify(["♠3", "♠4", "♠5", "♠6", "♠7"]).code == "straight:3-7"
    assert g.classify("SQ HQ CQ S3 H3").code == "trio:Q+3+3"
    with pytest.raises(IllegalAction, match="三带二 要带两张"):
        g.classify("SQ HQ CQ")
    with pytest.raises(IllegalAction, match="你没有这张牌"):
        g.classify("DK")
    with pytest.raises(IllegalAction, match="不成牌型|顺子"):
        g.classify("S3 S5")
    play(g, "pair:3")
    with pytest.raises(IllegalAction, match="管不上：要比 对3 大") as beaten:
        g.classify("SA")
    # the refusal is a message id and typed words: the play to beat is a message of its own, its rank a card word
    assert beaten.value.msg == msg("管不上：要比 {play} 大", play=msg("对{rank}", rank=Cards(("3",), "3")))
    assert g.classify("S8 H8").code == "pair:8"
    with pytest.raises(IllegalAction) as missing:
        g.classify("SK H8")
    assert missing.value.msg == msg("你没有这张牌：{cards}", cards=Cards(("SK",), "♠K"))
    with pytest.raises(IllegalAction) as typo:
        g.classify("X9")
    assert typo.value.msg == msg("没有这张牌：{card}", card=Card("X9", "X9"))


def test_first_hand_lead_card_holder_leads_and_must_show_it() -> None:
    m = Match("paodekuai", {"hands": 2})
    g = m.new_hand(5)
    assert isinstance(g, PaodekuaiGame)
    holder = next(s for s in range(3) if SPADE3 in g.hands[s])
    assert g.to_act() == [holder]
    assert all(0 in play_of(a).ranks() for a in g.legal_actions(holder))
    assert g.view(holder).must_show == "S3" and not hasattr(g.public_view(), "must_show")
    assert [e.says.zh() if e.says is not None else "" for e in g.events if e.kind == "must_show"] == ["首出必须带 ♠3"]
    assert [e.audience for e in g.events if e.kind == "must_show"] == [holder]
    play_hand(g)
    winner = m.finish_hand().winners[0]
    second = m.new_hand(6)
    assert second.to_act() == [winner]  # the previous winner leads
    free = Match("paodekuai", {"spade3_first": False}).new_hand(5)
    assert free.to_act() == [holder]
    assert any(0 not in play_of(a).ranks() for a in free.legal_actions(holder))


def test_wall_is_dealt_in_blocks() -> None:
    deck = [c for c in DECK if c not in parse_cards("H2 C2 D2 SA")]
    rng = random.Random(3)
    rng.shuffle(deck)
    g = PaodekuaiGame(options(), 0, 0, {}, wall=deck)
    assert [g.hands[s] for s in range(3)] == [sorted(deck[16 * s:16 * s + 16]) for s in range(3)]
    with pytest.raises(ValueError):
        PaodekuaiGame(options(), 0, 0, {}, wall=deck[:-1] + [parse_cards("H2")[0]])
    g15 = PaodekuaiGame(options(cards=15), 0)
    assert len(g15.census()) == 45 and all(len(h) == 15 for h in g15.hands)
    assert not set(parse_cards("H2 C2 D2 SA HA CA SK")) & set(g15.census())


def test_random_remove4_removes_four_random_cards_and_falls_back_for_the_lead() -> None:
    removed = set()
    for seed in range(20):
        g = PaodekuaiGame(options(random_remove4=True), seed)
        assert len(g.census()) == 48
        removed.add(tuple(sorted(set(DECK) - set(g.census()))))
    assert len(removed) > 10
    # ♠3 removed: ♥3 leads ("依黑红梅方依次类推")
    deck = [c for c in DECK if c not in parse_cards("S3 S4 SK SQ")]
    g = PaodekuaiGame(options(random_remove4=True), 0, 0, {}, wall=deck)
    h3 = parse_cards("H3")[0]
    holder = next(s for s in range(3) if h3 in g.hands[s])
    assert g.to_act() == [holder] and g.view(holder).must_show == "H3"
    # every 3 gone: ♠4
    deck = [c for c in DECK if c not in parse_cards("S3 H3 C3 D3")]
    g = PaodekuaiGame(options(random_remove4=True), 0, 0, {}, wall=deck)
    assert g.view(g.to_act()[0]).must_show == "S4"
    with pytest.raises(ValueError):
        PaodekuaiGame(options(), 0, 0, {}, wall=deck)  # the fixed game keeps its own 48


def test_daniao_chosen_before_the_deal_hidden_until_all_chose_and_settled_pairwise() -> None:
    m = Match("paodekuai", {"daniao": True, "hands": 2})
    g = m.new_hand(1)
    assert isinstance(g, PaodekuaiGame)
    v = g.public_view()
    assert v.phase == "choose" and v.hand_sizes is None and g.view(0).hand == ()
    assert sorted(g.to_act()) == [0, 1, 2]
    assert {a.code for a in g.legal_actions(0)} == {"stake", "pass"}
    assert g.name_action(Action("pass")).label == "不打鸟"
    [told] = g.apply(0, "stake")
    assert told.audience == 0 and told.says is not None and told.says.zh() == "你选择了打鸟"
    assert g.public_view().stakes is None and g.public_view().choosing == Choosing(1, 3)
    g.apply(1, "pass")
    announced = [e for e in g.apply(2, "stake") if e.kind == "stakes"]
    assert [(e.audience, e.says.zh() if e.says else "") for e in announced] == [(None, "打鸟：座位1、座位3")]
    assert g.public_view().stakes == (0, 2) and g.public_view().phase == "play"
    assert all(len(h) == 16 for h in g.hands)
    play_hand(g)
    first = m.finish_hand()
    assert m.progress.carry["stakes"] == [0, 2]
    assert first.outcome is not None
    assert [s.says.zh() for s in first.outcome.steps] == ["打鸟：座位1、座位3（比赛结束时结算）"]
    second = m.new_hand(2)
    assert second.public_view().phase == "play"  # chosen once per match
    play_hand(second)
    m.finish_hand()
    assert m.over
    assert m.final_scores() == final_settlement(m.options, m.totals, m.progress.carry)
    opts = get_variant("paodekuai").validate({"daniao": True})
    rows = final_breakdown(opts, [5, -2, -3], {"stakes": [0, 2]})
    assert [(r["payer"], r["payee"], r["amount"]) for r in rows] == [(1, 0, 10), (2, 0, 20), (2, 1, 10)]
    assert [r["why"].zh() for r in rows] == ["鸟分 10+0", "鸟分 10+10", "鸟分 0+10"]
    assert final_settlement(opts, [5, -2, -3], {"stakes": [0, 2]}) == [35, -2, -33]
    assert final_settlement(get_variant("paodekuai").validate({}), [5, -2, -3], {"stakes": [0, 2]}) == [5, -2, -3]


def test_match_counts_hands() -> None:
    m = Match("paodekuai", {"hands": 3})
    for i in range(3):
        assert not m.over
        play_hand(m.new_hand(i))
        m.finish_hand()
    assert m.over


def test_illegal_actions_change_nothing() -> None:
    g = scripted(["S5 S9 H9", "S7 D3", "SK"])
    with pytest.raises(IllegalAction):
        g.apply(0, "pass")  # a leader cannot pass
    with pytest.raises(IllegalAction):
        g.apply(1, "single:7")  # not his turn
    with pytest.raises(IllegalAction):
        g.apply(0, "single:7")
    assert g.log == [] and counts_of(g.hands[0]) == counts_of(parse_cards("S5 S9 H9"))


def test_classify_names_the_baodan_and_four_with_three_reasons() -> None:
    g = scripted(["S3 S5 SK H8 C8", "S4 D9", "S6 H6 D7"], leader=1)
    play(g, "single:4", "single:6")
    with pytest.raises(IllegalAction, match="下家报单，出单张必须出最大的牌"):
        g.classify("H8")
    assert g.classify("SK").code == "single:K"
    h = scripted(["S9 H9 C9 D9 S3 S4 S5 SK", "SA", "SQ"])
    with pytest.raises(IllegalAction, match="没有开 4带3"):
        h.classify("S9 H9 C9 D9 S3 S4 S5")


def test_a_pass_tells_the_table_nothing_about_the_hand() -> None:
    """Without 有牌必压 the public pass is one word, 不出, whether the seat could have beaten (2 holds ♠7) or not
    (2 holds ♠3): the table must not learn who holds what. Only the passer's own control says 要不起."""
    could = scripted(["S5 S9", "S7 D3", "SK"], must_beat=False)
    could_not = scripted(["S5 S9", "S3 D3", "SK"], must_beat=False)
    said = []
    for g in (could, could_not):
        play(g, "single:5")
        events = g.apply(1, "pass")
        assert [e.audience for e in events] == [None]
        said.append([(e.kind, e.data, e.says) for e in events])
    assert said[0] == said[1] == [("pass", {"seat": 1}, msg("{seat} 不出", seat=Seat(1)))]
    assert could.name_action(Action("pass")).label == "不要"  # seat 2 (third) may still beat ♠5 with ♠K
    assert could_not.public_view().trick == could.public_view().trick
    assert could.pass_tells  # the bot must not take his pass for him at once either
    # 有牌必压: a pass is legal only when nothing beats, so every pass is a 要不起 by rule
    h = scripted(["S5 S9", "S3 D3", "SK"])
    play(h, "single:5")
    said_h = h.apply(1, "pass")[0].says
    assert said_h is not None and said_h.zh() == "座位2 要不起" and not h.pass_tells


def test_a_code_that_names_no_play_is_malformed_not_illegal() -> None:
    """A code no play has (a broken log or custom id) is InvalidActionCode, refused before any rule is asked; a
    well-formed play the hand cannot make now is IllegalAction. Neither changes anything."""
    g = scripted(["S5 S9 H9", "S7 D3", "SK"])
    for code in ("single:Z", "pair:3+4", "straight:7-3", "dance", "stake:5", "pass:3"):
        with pytest.raises(InvalidActionCode):
            g.apply(0, code)
    with pytest.raises(IllegalAction) as illegal:
        g.apply(0, "pair:3")
    assert not isinstance(illegal.value, InvalidActionCode)
    assert str(illegal.value) == "现在不能「对3」" and g.log == [] and g.version == 0

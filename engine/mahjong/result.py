"""A 麻将 hand's end as typed data (:mod:`engine.outcome`), for every variant: each winner's whole hand in its
groups, its 番种 and share as the variant priced them, the hand's summary, and the words of its last event.

The words are message ids with typed arguments (:mod:`engine.words`): the bot says them in each reader's language.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..melds import MeldView
from ..outcome import Group, How, Step, Winner
from ..words import Arg, Card, Cards, Listing, Msg, Seat, Seats, Term, msg
from .rules import DEAL, DISCARD, ROBBING, SELF_DRAW, Priced
from .tiles import HONG_ZHONG, NAMES, NOTATION, SUITED, tile_id, tile_str
from .win import Checker, Decomposition, decompositions

HOW = {SELF_DRAW: How.SELF_DRAW, DISCARD: How.DISCARD, ROBBING: How.ROBBING_KONG, DEAL: How.DEAL}
GANGSHANGPAO = "杠上炮"


_CARDS = tuple(Card(NOTATION[t], NAMES[t]) for t in range(len(NOTATION)))  # one each: every draw and discard says one


def card(tile: int) -> Card:
    return _CARDS[tile]


def cards(tiles: Sequence[int]) -> Cards:
    """Tiles shown together (起手胡, the 开杠 tiles), each by name: 「五万 五万」."""
    return Cards(tuple(NOTATION[t] for t in tiles), " ".join(NAMES[t] for t in tiles))


def run(tiles: Sequence[int]) -> Cards:
    """A 吃's run as players say it: 「一二三万」."""
    return Cards(tuple(NOTATION[t] for t in tiles), "".join(NAMES[t][0] for t in tiles) + NAMES[tiles[-1]][1:])


def win_groups(codes: Sequence[str], wild: int | None, checker: Checker | None = None) -> tuple[Group, ...]:
    """The whole winning hand in its groups: 刻子 (``ke``) / 顺子 (``seq``) and the 将 (``pair``), 七对 as pairs;
    wildcards (红中) stay where the split put them. A hand no split explains (长沙's 将将胡, 十三幺) is one group of
    kind ``""``, sorted. ``checker``: the one the win was priced with (its memo holds the hand's ways, see
    ``_ways``)."""
    counts = [0] * len(NOTATION)
    for c in codes:
        counts[tile_id(c)] += 1
    wild_code = None if wild is None else NOTATION[wild]
    held_wild = counts[wild] if wild is not None and wild_code in codes and not _plain_win(counts) else 0
    if wild is not None and held_wild:
        counts[wild] = 0
    found = _ways(counts, held_wild, checker)
    whole = (Group("", tuple(sorted(codes, key=tile_id))),)
    if not found:
        return whole
    d = found[0]
    w = wild_code or NOTATION[HONG_ZHONG]
    if d.shape == "qidui":
        return tuple(Group("pair", (tile_str(p),) * 2) for p in d.pairs) + (Group("pair", (w, w)),) * d.free_pairs
    if d.shape == "shisanyao":
        return whole
    out: list[Group] = []
    for g in d.groups:
        real = list(g.tiles)
        for t in g.wild:
            real.remove(t)
        # 麻将 calls a run 顺子 (字牌's 一句话 is the same code)
        out.append(Group("seq" if g.kind == "shun" else g.kind, tuple(tile_str(t) for t in real) + (w,) * len(g.wild)))
    out += [Group("ke", (w, w, w))] * d.free_groups
    out.append(Group("pair", (tile_str(d.pair),) * 2 if d.pair is not None else (w, w)))
    return tuple(out)


def _ways(counts: list[int], wild: int, checker: Checker | None) -> list[Decomposition]:
    """Every way the hand wins with 七对 and 十三幺 allowed, wildcards standing for suited tiles. The variant's
    ``checker`` finds the same ways when it allows what could be in this hand (七对 with a 4-of-a-kind as two pairs;
    十三幺, or no 字 held, without which no 十三幺 is; the wildcards' tiles) and has them memoised from pricing the
    win, so it is asked then instead of working them out again."""
    if checker is not None and checker.qidui and checker.qidui_quads \
            and (checker.shisanyao or not any(counts[27:34])) and (not wild or checker.wild_targets == SUITED):
        return checker.decompositions(counts, wild)
    return decompositions(counts, wild, allow_qidui=True, allow_shisanyao=True)


def _plain_win(counts: list[int]) -> bool:
    return bool(decompositions(counts, 0, allow_qidui=True, allow_shisanyao=True))


def winner(seat: int, win_from: str, from_seat: int | None, tile: int | None, hand: Sequence[str],
           melds: Sequence[MeldView], priced: Priced, value: int, wild: int | None,
           checker: Checker | None = None) -> Winner:
    """One winner: his whole hand with the winning tile in it once (a tile won off another is added; a drawn one
    is in hand already), his melds face up, his hand in groups (``win_groups``, with the ``checker`` that priced
    it), the 番种 and share as priced."""
    whole = list(hand)
    if win_from in (DISCARD, ROBBING) and tile is not None:
        whole.append(NOTATION[tile])
    # the win as the settlement names it, then how its share is made up (each 番种 / part with the rule's number),
    # then the share one payer owes before birds and 锤
    steps = (Step(priced.label or msg("无番种"), priced.fan), *priced.steps,
             Step(msg("一份 {share}", share=priced.share), priced.share))
    return Winner(seat, HOW[win_from], from_seat, None if tile is None else NOTATION[tile], tuple(whole),
                  tuple(melds), win_groups(whole, wild, checker), priced.patterns, priced.fans, value, steps)


def how_words(win_from: str, from_seat: int | None, patterns: Sequence[str], *, gangshangpao: bool) -> Msg:
    """Where one win came from, as the table says it: 自摸, 放炮 (杠上炮 where the variant wins a discard only so,
    or the win is one), 抢 N号 的补杠, 起手胡牌."""
    if win_from == DISCARD and from_seat is not None:
        if gangshangpao or GANGSHANGPAO in patterns:
            return msg("{seat} 杠上炮", seat=Seat(from_seat))
        return msg("{seat} 放炮", seat=Seat(from_seat))
    if win_from == ROBBING and from_seat is not None:
        return msg("抢 {seat} 的补杠", seat=Seat(from_seat))
    if win_from == DEAL:
        return msg("起手胡牌")
    return msg("自摸")


def summary(winners: Sequence[Winner], hows: Sequence[Msg]) -> Msg:
    """The hand in one line, as history and the settlement say it: 「座位2 胡了 五万（座位1 放炮，一炮多响）」."""
    who = Seats(tuple(w.seat for w in winners))
    tile = next((w.card for w in winners if w.card is not None), None)
    distinct = list(dict.fromkeys(hows))
    how: Arg = distinct[0] if len(distinct) == 1 else Listing(tuple(distinct), "；")
    if len(winners) > 1 and winners[0].how is How.DISCARD:
        how = msg("{how}，一炮多响", how=how)
    elif len(winners) > 1 and winners[0].how is How.ROBBING_KONG:
        how = msg("{how}，多家抢杠", how=how)
    if tile is None:
        return msg("{who} 胡了（{how}）", who=who, how=how)
    return msg("{who} 胡了 {card}（{how}）", who=who, card=card(tile_id(tile)), how=how)


def won_words(winners: Sequence[int], how: Term, tile: int | None, from_seat: int | None, win_from: str,
              several: Term) -> Msg:
    """The hand's last event: 「座位2 接炮 五万（座位1 放炮）」, 「座位1、座位3 接炮 五万（座位2 放炮），一炮多响」."""
    seats = Seats(tuple(winners))
    said = msg("{seats} {how}", seats=seats, how=how) if tile is None \
        else msg("{seats} {how} {tile}", seats=seats, how=how, tile=card(tile))
    if from_seat is not None and win_from == DISCARD:
        said = msg("{won}（{seat} 放炮）", won=said, seat=Seat(from_seat))
    elif from_seat is not None and win_from == ROBBING:
        said = msg("{won}（{seat} 被抢杠）", won=said, seat=Seat(from_seat))
    if len(winners) > 1:
        said = msg("{won}，{several}", won=said, several=several)
    return said

"""A choice every listed seat makes at once before play (字牌 打鸟, 推倒胡 加锤, 长沙 坐飘, 跑得快 打鸟).

Family-independent: the game owning the step feeds it the seats' actions (the same actions its log stores, so a
replay is the log applied again) and reads the choices once all are in. Until then nobody's choice is public —
another's answer would let a seat choose knowing it — so ``public()`` tells only how many have chosen.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .core import Action, IllegalAction
from .words import Msg, Seats, msg


class PreDeal:
    def __init__(self, seats: list[int], choices: dict[int, list[Action]]) -> None:
        """``seats``: the table order the choices are reported in; ``choices``: each choosing seat's options
        (a seat left out does not choose, e.g. the 数醒)."""
        unknown = sorted(set(choices) - set(seats))
        if unknown:
            raise ValueError(f"choosing seats {unknown} are not at the table {seats}")
        if any(not options for options in choices.values()):
            raise ValueError("every choosing seat needs at least one option")
        self.order = [s for s in seats if s in choices]
        self.choices = {s: list(choices[s]) for s in self.order}
        self.chosen: dict[int, Action] = {}

    def to_act(self) -> list[int]:
        """The seats that have not chosen yet, in table order."""
        return [s for s in self.order if s not in self.chosen]

    def legal(self, seat: int) -> list[Action]:
        return list(self.choices[seat]) if seat in self.choices and seat not in self.chosen else []

    def choose(self, seat: int, action: Action) -> None:
        if seat not in self.choices:
            raise IllegalAction(f"seat {seat} does not choose here")
        if seat in self.chosen:
            raise IllegalAction(f"seat {seat} has already chosen")
        if action not in self.choices[seat]:
            raise IllegalAction(f"{action.code} is not one of {', '.join(a.code for a in self.choices[seat])}")
        self.chosen[seat] = action

    @property
    def complete(self) -> bool:
        return len(self.chosen) == len(self.order)

    def result(self) -> dict[int, Action]:
        """Every seat's choice, in table order; only once everyone has chosen."""
        if not self.complete:
            raise IllegalAction(f"still choosing: {self.to_act()}")
        return {s: self.chosen[s] for s in self.order}

    def public(self) -> dict[str, Any]:
        """What the table sees while choosing: how many have chosen (已选) of how many, never what."""
        return {"chosen": len(self.chosen), "of": len(self.order)}


STAKE = Action("stake")
NO_STAKE = Action("pass")
Emit = Callable[[str, dict[str, Any], "int | None", str], None]
# ``Hand.emit``: what the event says is a message
EmitSays = Callable[[str, dict[str, Any], "int | None", Msg], None]


def daniao(seats: list[int], choosing: list[int] | None = None) -> PreDeal:
    """打鸟 (字牌, 跑得快): before play every seat in ``choosing`` (default: all of ``seats``, the table order)
    stakes or does not."""
    return PreDeal(seats, {s: [STAKE, NO_STAKE] for s in (seats if choosing is None else choosing)})


def choose_stakes(predeal: PreDeal, seat: int, action: Action, emit: EmitSays) -> list[int] | None:
    """One seat's 打鸟 answer, told to that seat alone; once everyone has answered, the staking seats (in the
    PreDeal's table order), announced to the table. ``emit(kind, data, audience, says)`` is the game's event writer
    (``Hand.emit``)."""
    predeal.choose(seat, action)
    staked = action == STAKE
    emit("stake" if staked else "pass", {"seat": seat}, seat, Msg("你选择了打鸟") if staked else Msg("你选择了不打鸟"))
    if not predeal.complete:
        return None
    stakes = [s for s, a in predeal.result().items() if a == STAKE]
    emit("stakes", {"seats": list(stakes)}, None, msg("打鸟：{seats}", seats=Seats(tuple(stakes))))
    return stakes


def choose_daniao(predeal: PreDeal, seat: int, action: Action, emit: Emit) -> list[int] | None:
    """:func:`choose_stakes` for a game whose events still carry zh-CN text (``emit(kind, data, audience, text)``);
    it goes once every family emits messages."""
    return choose_stakes(predeal, seat, action, lambda kind, data, audience, says: emit(kind, data, audience,
                                                                                       says.zh()))

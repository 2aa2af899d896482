"""字牌 settlements that explain themselves, from the hand's typed outcome: who won on what and from whom, the winner's
groups each with its 胡息, each 名堂 with its 番, the engine's derivation (胡息 → 囤/等 → the score → who pays), the 打鸟
stakes and the hand's 本局 line. Every number and step is the engine's; this module only words them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.outcome import Fan, Outcome, Termination, Winner
from engine.zipai.stored import stored_outcome

from ...i18n import tr
from ...present.contract import Settlement
from ...present.words import joined
from .words import faces, group_word

if TYPE_CHECKING:
    from engine.core import HandResult

    from ...present.contract import Presenter
    from ...service.table import Table


def _groups_line(winner: Winner) -> str | None:
    if not winner.groups:
        return None
    parts = [f"{group_word(g.kind)}{faces(''.join(g.cards))}" + (f" {g.huxi}" if g.huxi is not None else "")
             for g in winner.groups]
    return tr("组牌（胡息）：{groups}", groups=" · ".join(parts))


def _fan_part(presenter: Presenter, table: Table, fan: Fan) -> str:
    """One 名堂 with what it does (4番, ×2, +1囤, 算100胡息)."""
    name = tr(fan.name) if fan.name else tr("名堂")  # a factor stored without its name
    if fan.effect is not None:
        return f"{name} {presenter.say(table, fan.effect)}"
    if fan.fan is not None:
        return tr("{name} {fan} 番", name=name, fan=fan.fan)
    return f"{name} +{fan.points}" if fan.points is not None else name


def _fans_line(presenter: Presenter, table: Table, winner: Winner) -> str:
    if winner.fans:
        return tr("名堂：{names}", names=joined([_fan_part(presenter, table, f) for f in winner.fans]))
    if winner.patterns:
        return tr("名堂：{names}", names=joined([tr(p) for p in winner.patterns]))
    return tr("名堂：无")


def settlement_body(presenter: Presenter, table: Table, result: HandResult, hand_no: int) -> Settlement:
    outcome = result.outcome
    assert outcome is not None, "a zipai hand is told as an Outcome"

    def say(step: Any) -> str:
        return presenter.say(table, step.says)

    if outcome.termination is Termination.DRAW or not outcome.winners:
        lines = [tr("🤝 第 {n} 局 黄庄（流局）", n=hand_no + 1)]
    else:
        winner = outcome.winners[0]
        lines = [tr("🀄 第 {n} 局 {won}！", n=hand_no + 1, won=presenter.say(table, outcome.summary))]
        groups = _groups_line(winner)
        if groups:
            lines.append(groups)
        lines.append(_fans_line(presenter, table, winner))
        # the 计分 line, then the lines under it
        lines += [("　" if i else "") + say(step) for i, step in enumerate(winner.steps)]
    money = len(lines)
    lines += [say(step) for step in outcome.steps]  # 打鸟, then 本局
    return Settlement(lines, money=money)


def hand_summary(presenter: Presenter, table: Table, result: dict[str, Any]) -> str:
    """``2号 小明 胡了 叁（1号 阿强 放炮）``, ``黄庄``: a stored hand in one line."""
    return presenter.say(table, stored(table, result).summary)


def stored(table: Table, result: dict[str, Any]) -> Outcome:
    """The stored hand's outcome (read from the older form for hands stored before it)."""
    return stored_outcome(table.variant_id, result)

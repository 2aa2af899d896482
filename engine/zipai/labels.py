"""How 字牌 players call each action: the text of a control and the list it is offered in."""

from __future__ import annotations

from ..core import PASS_ROLE, WIN_ROLE, Action, ActionName

VERBS = {
    "discard": "打", "chi": "吃", "peng": "碰", "pao": "跑", "ti": "提", "wei": "偎", "chouwei": "臭偎",
    "hu": "胡", "pass": "过", "stake": "打鸟",
}
ROLES = {"hu": WIN_ROLE, "pass": PASS_ROLE}


def name_action(action: Action, *, staking: bool = False) -> ActionName:
    """``吃 二二贰 · 比 二七十``: the first group of a 吃 is the 吃 itself, the others are its 比.
    ``staking``: the window before the deal, where 过 means 不打鸟."""
    verb = VERBS.get(action.kind, "操作")
    role = ROLES.get(action.kind, "")
    if action.kind == "pass" and staking:
        return ActionName("不打鸟", verb, role)
    if action.kind == "chi" and len(action.cards) > 1:
        return ActionName.worded("吃 {chi} · 比 {bi}", verb, role, chi=action.cards[0],
                                 bi=" · 比 ".join(action.cards[1:]))
    if not action.cards:
        return ActionName(verb, verb, role)
    return ActionName.worded("{verb} {cards}", verb, role, verb=verb, cards="".join(action.cards))

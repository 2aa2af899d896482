"""Persistent buttons and selects (``DynamicItem``): everything a click needs lives in its ``custom_id``.

Custom ids are ``ht:<kind>:<table id>:...`` and stay under Discord's 100-character limit; action controls
carry the table's state version, so a click on an old message is recognised as stale after any change or
restart. Callbacks hand over to the table service at once (it answers within Discord's 3 seconds).

discord.py runs a ``DynamicItem``'s check and callback in a task of their own and only logs what the callback
raises (``ViewStore.schedule_dynamic_item_call``): no ``View.on_error`` and no tree handler is ever called. So
every control derives from :class:`Control`, whose check admits the interaction like a command's and whose
callback hands any failure to the tree's ``on_error``, the one handler commands use too.
"""

from __future__ import annotations

import logging
import re
from typing import Any, Protocol, TypeVar

import discord
from discord.ui import DynamicItem

from ..i18n import tr
from .errors import About, admit

log = logging.getLogger(__name__)
MAX_CUSTOM_ID = 100
V = TypeVar("V", bound=discord.ui.view.BaseView)


def unhooked(view: V) -> V:
    """``view`` with no item pointing back at it or at its parent. discord.py links every item to its view and
    its container (``_view``, ``_parent``) beside the children lists, so a view is a knot of reference cycles that
    only a full collection frees once the bot lets go of it. A view of persistent controls is only ever
    serialised (discord.py keeps no view whose items are all ``DynamicItem``s, and a click on it is dispatched
    through a fresh one), which reads the children alone: without the links it is freed when dropped."""
    for item in view.walk_children():
        item._view = None
        item._parent = None
    return view


class Controls(discord.ui.View):
    """A classic message's row of persistent controls, with no reference cycles (see :func:`unhooked`)."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    def add_item(self, item: discord.ui.Item[Any]) -> Controls:
        super().add_item(item)
        item._view = None
        return self


class Playing(Protocol):
    """The table service's play desk, as the controls hand it clicks (``bot.service.play.Play``)."""

    async def act(self, interaction: discord.Interaction[Any], table_id: int, version: int, seat: int,
                  choice: str) -> None: ...

    async def pick(self, interaction: discord.Interaction[Any], table_id: int, version: int, seat: int,
                   cards: list[str]) -> None: ...

    async def show_hand(self, interaction: discord.Interaction[Any], table_id: int) -> None: ...

    async def auto_off(self, interaction: discord.Interaction[Any], table_id: int, seat: int) -> None: ...


class Hosting(Protocol):
    """The lobby desk (``bot.service.lobby.Lobby``)."""

    async def click(self, interaction: discord.Interaction[Any], table_id: int, verb: str) -> None: ...

    async def set_option(self, interaction: discord.Interaction[Any], table_id: int, key: str, value: str) -> None: ...

    async def vote(self, interaction: discord.Interaction[Any], table_id: int, round_no: int, agree: bool) -> None: ...


class Replaying(Protocol):
    """The history desk (``bot.service.history.History``)."""

    async def replay(self, interaction: discord.Interaction[Any], hand_id: int, step: int, *, edit: bool) -> None: ...


class Service(Protocol):
    """What of the table service the controls reach (``bot.service.tables.TableService``): typed here, not
    imported, since the service builds its panels from these controls."""

    @property
    def play(self) -> Playing: ...

    @property
    def lobby(self) -> Hosting: ...

    @property
    def history(self) -> Replaying: ...


class ErrorHandling(Protocol):
    async def on_error(self, interaction: discord.Interaction[Any], error: Exception, /) -> None: ...


def service_of(interaction: discord.Interaction[Any]) -> Service:
    return interaction.client.service  # type: ignore[attr-defined,no-any-return]


class Control:
    """The part every persistent control shares (a mixin before ``DynamicItem``, which wants a template of each
    class it makes): admitted like a slash command, its failures sent to the tree's one ``on_error``."""

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        # in this task, so the callback below speaks the clicker's language too; over a limit, admit answered
        admitted = await admit(interaction, self.about())
        if not admitted:
            self._let_go()
        return admitted

    def about(self) -> About:
        """What the click asks about, for the limits (``bot/service/limits.py``): its table, and whether it plays."""
        return About()

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        try:
            await self.act(interaction)
        except Exception as error:
            tree: ErrorHandling = interaction.client.tree  # type: ignore[attr-defined]
            await tree.on_error(interaction, error)
        finally:
            self._let_go()

    def _let_go(self) -> None:
        """The view discord.py built from the clicked message to dispatch this click, unhooked once the click is
        handled (or refused): nothing reads it after, and freed by its reference count it waits for no full
        collection."""
        item: Any = self  # an Item, as every control is one (this mixin comes before DynamicItem)
        if isinstance(item._view, discord.ui.view.BaseView):
            unhooked(item._view)
        item._view = None

    async def act(self, interaction: discord.Interaction[Any]) -> None:
        """What a click on this control does."""
        raise NotImplementedError


class ActionButton(Control, DynamicItem[discord.ui.Button[Any]],
                   template=r"ht:b:(?P<t>\d+):(?P<v>\d+):(?P<s>\d+):(?P<c>.+)"):
    """One game action (胡, 碰, 过 …) for one seat at one state version."""

    def __init__(self, table_id: int, version: int, seat: int, choice: str, *, label: str = "",
                 style: discord.ButtonStyle = discord.ButtonStyle.primary, row: int | None = None,
                 disabled: bool = False, emoji: discord.PartialEmoji | None = None) -> None:
        self.table_id, self.version, self.seat, self.choice = table_id, version, seat, choice
        # a card's emoji may stand alone on its button (one tap on a tile); otherwise the label says what it does
        super().__init__(discord.ui.Button(label=label or (None if emoji else choice), style=style, row=row,
                                           disabled=disabled, emoji=emoji,
                                           custom_id=f"ht:b:{table_id}:{version}:{seat}:{choice}"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> ActionButton:
        return cls(int(match["t"]), int(match["v"]), int(match["s"]), match["c"])

    def about(self) -> About:
        # a question (过 while 胡 is on offer) changes nothing: it pays like any click that does not play
        return About(self.table_id, plays=None if self.choice.startswith("?") else "act", version=self.version,
                     seat=self.seat)

    async def act(self, interaction: discord.Interaction[Any]) -> None:
        await service_of(interaction).play.act(interaction, self.table_id, self.version, self.seat, self.choice)


class ActionSelect(Control, DynamicItem[discord.ui.Select[Any]],
                   template=r"ht:s:(?P<t>\d+):(?P<v>\d+):(?P<s>\d+):(?P<n>\d+)"):
    """A choice among many actions (which card to discard, which 吃 combination); values are action codes."""

    def __init__(self, table_id: int, version: int, seat: int, n: int, *,
                 options: list[discord.SelectOption], placeholder: str | None = None, row: int | None = None) -> None:
        self.table_id, self.version, self.seat = table_id, version, seat
        super().__init__(discord.ui.Select(custom_id=f"ht:s:{table_id}:{version}:{seat}:{n}", options=options,
                                           placeholder=placeholder, row=row))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> ActionSelect:
        assert isinstance(item, discord.ui.Select)
        return cls(int(match["t"]), int(match["v"]), int(match["s"]), int(match["n"]),
                   options=list(item.options), placeholder=item.placeholder)

    def about(self) -> About:
        return About(self.table_id, plays="act", version=self.version, seat=self.seat)

    async def act(self, interaction: discord.Interaction[Any]) -> None:
        values = self.item.values
        await service_of(interaction).play.act(interaction, self.table_id, self.version, self.seat,
                                          values[0] if values else "")


class CardSelect(Control, DynamicItem[discord.ui.Select[Any]], template=r"ht:c:(?P<t>\d+):(?P<v>\d+):(?P<s>\d+)"):
    """跑得快: pick the cards of one play from the hand (a multi-select). Picking changes nothing: the answer is
    the panel again with those cards chosen and an 出牌 button whose id carries them, so no choice is kept on
    the server and a restart loses nothing but an unconfirmed pick."""

    def __init__(self, table_id: int, version: int, seat: int, *, options: list[discord.SelectOption],
                 placeholder: str | None = None, row: int | None = None) -> None:
        self.table_id, self.version, self.seat = table_id, version, seat
        super().__init__(discord.ui.Select(custom_id=f"ht:c:{table_id}:{version}:{seat}", options=options,
                                           placeholder=placeholder, row=row, min_values=1,
                                           max_values=max(1, len(options))))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> CardSelect:
        assert isinstance(item, discord.ui.Select)
        return cls(int(match["t"]), int(match["v"]), int(match["s"]), options=list(item.options),
                   placeholder=item.placeholder)

    def about(self) -> About:
        return About(self.table_id, plays="pick", version=self.version, seat=self.seat)

    async def act(self, interaction: discord.Interaction[Any]) -> None:
        await service_of(interaction).play.pick(interaction, self.table_id, self.version, self.seat,
                                                list(self.item.values))


class ShowHandButton(Control, DynamicItem[discord.ui.Button[Any]], template=r"ht:hand:(?P<t>\d+)"):
    """On the channel's table message: answers the clicker privately with their hand and controls."""

    def __init__(self, table_id: int) -> None:
        self.table_id = table_id
        super().__init__(discord.ui.Button(label=tr("查看我的手牌"), emoji="🎴", style=discord.ButtonStyle.secondary,
                                           custom_id=f"ht:hand:{table_id}"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> ShowHandButton:
        return cls(int(match["t"]))

    def about(self) -> About:
        return About(self.table_id, plays="hand")

    async def act(self, interaction: discord.Interaction[Any]) -> None:
        await service_of(interaction).play.show_hand(interaction, self.table_id)


class AutoOffButton(Control, DynamicItem[discord.ui.Button[Any]], template=r"ht:auto:(?P<t>\d+):(?P<s>\d+)"):
    """Ends 托管 for a seat: the player takes their own decisions again."""

    def __init__(self, table_id: int, seat: int) -> None:
        self.table_id, self.seat = table_id, seat
        super().__init__(discord.ui.Button(label=tr("取消托管"), style=discord.ButtonStyle.danger,
                                           custom_id=f"ht:auto:{table_id}:{seat}"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> AutoOffButton:
        return cls(int(match["t"]), int(match["s"]))

    def about(self) -> About:
        return About(self.table_id)

    async def act(self, interaction: discord.Interaction[Any]) -> None:
        await service_of(interaction).play.auto_off(interaction, self.table_id, self.seat)


def lobby_verb(verb: str) -> str:
    """The lobby buttons' words (an option-page flip brings its own label)."""
    return {"join": tr("加入"), "leave": tr("离开"), "ai": tr("加电脑"), "start": tr("开始")}.get(verb, verb)


class LobbyButton(Control, DynamicItem[discord.ui.Button[Any]], template=r"ht:lobby:(?P<t>\d+):(?P<verb>[a-z]+\d*)"):
    """Join / leave / add AI / start, and option-page flips, on the lobby message."""

    def __init__(self, table_id: int, verb: str, *, label: str | None = None,
                 style: discord.ButtonStyle = discord.ButtonStyle.secondary) -> None:
        self.table_id, self.verb = table_id, verb
        super().__init__(discord.ui.Button(label=label or lobby_verb(verb), style=style, row=4,
                                           custom_id=f"ht:lobby:{table_id}:{verb}"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> LobbyButton:
        return cls(int(match["t"]), match["verb"])

    def about(self) -> About:
        return About(self.table_id)

    async def act(self, interaction: discord.Interaction[Any]) -> None:
        await service_of(interaction).lobby.click(interaction, self.table_id, self.verb)


class OptionSelect(Control, DynamicItem[discord.ui.Select[Any]], template=r"ht:opt:(?P<t>\d+):(?P<key>[\w.]+)"):
    """One room option on the lobby message; values are indexes into the option's declared choices."""

    def __init__(self, table_id: int, key: str, *, options: list[discord.SelectOption],
                 placeholder: str | None = None, row: int | None = None) -> None:
        self.table_id, self.key = table_id, key
        super().__init__(discord.ui.Select(custom_id=f"ht:opt:{table_id}:{key}", options=options,
                                           placeholder=placeholder, row=row))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> OptionSelect:
        assert isinstance(item, discord.ui.Select)
        return cls(int(match["t"]), match["key"], options=list(item.options), placeholder=item.placeholder)

    def about(self) -> About:
        return About(self.table_id)

    async def act(self, interaction: discord.Interaction[Any]) -> None:
        values = self.item.values
        await service_of(interaction).lobby.set_option(interaction, self.table_id, self.key, values[0] if values else "")


class VoteButton(Control, DynamicItem[discord.ui.Button[Any]], template=r"ht:vote:(?P<t>\d+):(?P<r>\d+):(?P<a>yes|no)"):
    """同意 / 拒绝 on a 解散 proposal; the id carries the proposal's round, so a decided proposal's buttons go stale."""

    def __init__(self, table_id: int, round_no: int, agree: bool) -> None:
        self.table_id, self.round_no, self.agree = table_id, round_no, agree
        super().__init__(discord.ui.Button(
            label=tr("同意解散") if agree else tr("拒绝解散"),
            style=discord.ButtonStyle.danger if agree else discord.ButtonStyle.secondary,
            custom_id=f"ht:vote:{table_id}:{round_no}:{'yes' if agree else 'no'}"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> VoteButton:
        return cls(int(match["t"]), int(match["r"]), match["a"] == "yes")

    def about(self) -> About:
        return About(self.table_id)

    async def act(self, interaction: discord.Interaction[Any]) -> None:
        await service_of(interaction).lobby.vote(interaction, self.table_id, self.round_no, self.agree)


class ReplayButton(Control, DynamicItem[discord.ui.Button[Any]], template=r"ht:rp:(?P<h>\d+):(?P<step>\d+)(?::(?P<role>[a-z]))?"):
    """Step through a stored hand (回放); stateless, so old replay messages keep working. ``role`` (f, q, p, n, w,
    e: start, previous turn, back, next, next turn, end) keeps the ids of one message apart when two buttons lead
    to the same step."""

    def __init__(self, hand_id: int, step: int, label: str, *, role: str = "", disabled: bool = False,
                 row: int | None = None) -> None:
        self.hand_id, self.step = hand_id, step
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary, disabled=disabled,
                                           custom_id=f"ht:rp:{hand_id}:{step}" + (f":{role}" if role else ""),
                                           row=row))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> ReplayButton:
        return cls(int(match["h"]), int(match["step"]), "", role=match["role"] or "")

    async def act(self, interaction: discord.Interaction[Any]) -> None:
        await service_of(interaction).history.replay(interaction, self.hand_id, self.step, edit=True)


class ReplaySelect(Control, DynamicItem[discord.ui.Select[Any]], template=r"ht:rs:(?P<h>\d+):(?P<page>\d+)"):
    """Jump to a turn of a stored hand (回放); each option's value is the step the turn begins at, ``page`` the
    group of turns the select lists (a hand of more turns than one select holds lists the current one's)."""

    def __init__(self, hand_id: int, page: int, *, options: list[discord.SelectOption],
                 placeholder: str | None = None, row: int | None = None) -> None:
        self.hand_id = hand_id
        super().__init__(discord.ui.Select(custom_id=f"ht:rs:{hand_id}:{page}", options=options,
                                           placeholder=placeholder, row=row))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> ReplaySelect:
        assert isinstance(item, discord.ui.Select)
        return cls(int(match["h"]), int(match["page"]), options=list(item.options), placeholder=item.placeholder)

    async def act(self, interaction: discord.Interaction[Any]) -> None:
        values = self.item.values
        step = int(values[0]) if values and values[0].isdigit() and len(values[0]) < 7 else -1
        await service_of(interaction).history.replay(interaction, self.hand_id, step, edit=True)


DYNAMIC_ITEMS: tuple[type[DynamicItem[Any]], ...] = (
    ActionButton, ActionSelect, CardSelect, ShowHandButton, AutoOffButton, LobbyButton, OptionSelect, VoteButton, ReplayButton,
    ReplaySelect)


def is_known_custom_id(custom_id: str) -> bool:
    return any(cls.__discord_ui_compiled_template__.fullmatch(custom_id) for cls in DYNAMIC_ITEMS)

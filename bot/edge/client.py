"""The Discord client: opens the database, registers the commands (cogs) and the persistent components, restores
tables. Everything arrives as interactions: a ``commands.Bot`` for its cogs, with no prefix commands and no
privileged intent (members, message content).

Every interaction is admitted the same way (``errors.admit``: the user's language, their locale remembered,
counted in flight), by the tree's ``interaction_check`` for commands and by ``Control.interaction_check`` for
components, and every failure reaches the tree's ``on_error`` (``errors.on_error``), components' too.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands
from discord.webhook.async_ import async_context, interaction_response_params

from storage.db import Database

from ..i18n import CatalogueTranslator, lang_of, speaking, tr
from ..present.registry import presenters
from ..service.clock import SYSTEM, Clock
from ..service.heap import GC_THRESHOLDS, freeze_heap  # noqa: F401 (GC_THRESHOLDS: read from here by tests and benchmarks)
from ..service.limits import Limits
from ..service.tables import TableService
from .cogs import cogs
from .components import DYNAMIC_ITEMS, is_known_custom_id
from .emoji import sync_emojis
from .errors import About, Limited, admit, on_error
from .forward import Forwarder
from .shards import ALL, Shards

log = logging.getLogger(__name__)




class HunanTree(app_commands.CommandTree[Any]):
    """The command tree, whose check and error handler every interaction goes through (components' too)."""

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        # in the command's own task: the command speaks the user's language too; a /table command is about the
        # channel's table (one request in flight per user there), and its cooldown is the command's own check
        data: dict[str, Any] = dict(interaction.data or {})
        name = data.get("name")
        return await admit(interaction, About(channel_table=name == "table", click=False))

    async def on_error(self, interaction: discord.Interaction[Any], error: Exception, /) -> None:  # type: ignore[override]
        await on_error(interaction, error)


class HunanBot(commands.Bot):
    def __init__(self, database_url: str, *, clock: Clock = SYSTEM, sync_commands: bool = False,
                 shards: Shards = ALL, card_emojis: bool = False, limits: Limits | None = None) -> None:
        # Everything arrives as interactions: no privileged intents (members, message content) are needed, and
        # no message ever reaches the (mention-only) prefix.
        super().__init__(command_prefix=commands.when_mentioned, help_command=None, tree_cls=HunanTree,
                         intents=discord.Intents.none() | discord.Intents(guilds=True), **shards.client_options())
        self.database_url = database_url
        self.clock = clock
        self.limits = limits if limits is not None else Limits()
        self.sync_commands = sync_commands
        self.shard_plan = shards
        self._refuse_floods()
        self.db: Database
        self.service: TableService
        self.forwarder: Forwarder | None = None
        # cards as the application's emojis (bot.pictures.emoji): made at start-up in the background, the text
        # falling back to characters until then; off for tests and benchmarks that do not look at them
        self.card_emojis = card_emojis
        self.emoji_sync: asyncio.Task[int] | None = None

    def _refuse_floods(self) -> None:
        """Take INTERACTION_CREATE before discord.py does: a member muted for flooding (``Limiter.muted``: refused
        again and again within a second, which no player ever is) gets their refusal repeated with the cheapest
        answer Discord accepts, before discord.py builds the interaction, its message, its view and its task, so
        a flood costs the loop every table shares as little as can be; past the first refusal of a mute, nothing
        is answered at all. Everyone else's goes on as before."""
        state = self._connection
        parse: Callable[[Any], None] = state.parse_interaction_create

        def parse_interaction_create(data: dict[str, Any]) -> None:
            service: TableService | None = getattr(self, "service", None)
            if service is not None and data.get("type") in (2, 3):  # a command or a click, not autocomplete
                user = (data.get("member") or {}).get("user") or data.get("user") or {}
                muted = service.limiter.muted(int(user.get("id", 0)))
                if muted is not None:
                    if muted.answer:
                        service.spawn(self._refuse_raw(data, muted.words), f"refuse-{data.get('id')}")
                    return
            parse(data)

        state.parse_interaction_create = parse_interaction_create  # type: ignore[method-assign, assignment]
        state.parsers["INTERACTION_CREATE"] = parse_interaction_create  # the gateway's table of parsers

    async def _refuse_raw(self, data: dict[str, Any], words: str) -> None:
        """The private refusal of a muted member's interaction, answered from the raw event (no Interaction)."""
        params = interaction_response_params(discord.InteractionResponseType.channel_message.value,
                                             {"content": f"⚠️ {words}", "flags": discord.MessageFlags.ephemeral.flag})
        try:
            await async_context.get().create_interaction_response(
                int(data["id"]), str(data["token"]), session=self.http._HTTPClient__session,  # type: ignore[attr-defined]
                proxy=self.http.proxy, proxy_auth=self.http.proxy_auth, params=params)
        except Exception:  # gone, or answered meanwhile: nothing was changed either way
            log.debug("refusal of muted interaction %s not delivered", data.get("id"), exc_info=True)

    async def setup_hook(self) -> None:
        self.db = await Database.open(self.database_url)
        self.service = TableService(self, self.db, clock=self.clock, shards=self.shard_plan, limits=self.limits)
        await self.tree.set_translator(CatalogueTranslator())
        for cog in cogs(self.service, self.db):
            await self.add_cog(cog)
        # DynamicItems are matched by custom_id template, so buttons sent before a restart keep working.
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        if self.shard_plan.sharded and not self.shard_plan.everything:
            # DMs reach shard 0 only: clicks on other processes' DM panels come and go through the database
            self.forwarder = Forwarder(self, self.db, self.service.tables, shards=self.shard_plan, clock=self.clock)
            self.forwarder.install()
        restored = await self.service.restore()
        if restored:
            log.info("restored %d live tables from the log (%s)", restored, self.shard_plan)
        if self.forwarder is not None:
            await self.forwarder.start()  # after restore: a forwarded click finds its table in memory
        freeze_heap()
        self.service.heap.frozen()
        if self.card_emojis:
            faces = [(p.family, face) for p in presenters() for face in p.faces()]
            self.emoji_sync = asyncio.create_task(sync_emojis(self, self.service.emoji, faces))
        if self.sync_commands:
            await self.tree.sync()

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        # A component no template claims (an old bot's control, a forged id) would otherwise fail silently.
        if interaction.type is discord.InteractionType.component:
            data: dict[str, Any] = dict(interaction.data or {})
            custom_id = str(data.get("custom_id", ""))
            if not is_known_custom_id(custom_id):
                with speaking(lang_of(interaction.locale)):
                    try:  # a flood of forged ids pays the click bucket like any other click
                        self.service.limiter.click(interaction.user.id, free=False)
                        text = tr("⚠️ 这个按钮已失效或无法识别，什么也没有改变。")
                    except Limited as refusal:
                        text = f"⚠️ {refusal}"
                await interaction.response.send_message(text, ephemeral=True)

    async def close(self) -> None:
        if self.emoji_sync is not None and not self.emoji_sync.done():
            self.emoji_sync.cancel()
        if self.forwarder is not None:
            await self.forwarder.close()
        service = getattr(self, "service", None)
        if service is not None:
            await service.close()
        db = getattr(self, "db", None)
        if db is not None:
            await db.close()
        await super().close()


class ShardedHunanBot(HunanBot, commands.AutoShardedBot):
    """The bot as one of several processes: discord.py's AutoShardedBot on the shards it was given."""


def make_bot(database_url: str, *, shards: Shards = ALL, clock: Clock = SYSTEM,
             sync_commands: bool = False, card_emojis: bool = True, limits: Limits | None = None) -> HunanBot:
    """The client for ``shards``: today's single-connection client when this process owns every guild."""
    cls = ShardedHunanBot if shards.sharded else HunanBot
    return cls(database_url, clock=clock, sync_commands=sync_commands, shards=shards, card_emojis=card_emojis,
               limits=limits)

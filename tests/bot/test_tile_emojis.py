"""The 麻将 tiles redrawn with the faces players know (issue 19) change their emojis' content digests: start-up makes
exactly the tiles whose drawing changed and deletes their old emojis, and leaves every other card's emoji alone."""

from __future__ import annotations

import pytest
from PIL import Image

from bot.families.mahjong import pictures as mahjong
from bot.pictures.emoji import Face, emoji_name, parse_name
from bot.present.registry import presenters
from fake_discord import FakeDiscord

from .test_card_emojis import ALL_FACES, calls, start, world  # noqa: F401  (world: the fixture)


def old_style(face: Face) -> Face:
    """A 筒 or 条 as the pictures drew it before (the numeral over the suit): any drawing other than today's."""
    img = Image.new("RGBA", face.image.size, (250, 248, 236, 255))
    img.alpha_composite(mahjong.text(face.key, 40, (25, 25, 25)), (8, 8))
    return Face(face.card, face.key, img)


async def test_redrawn_tiles_replace_their_own_emojis_only(world: FakeDiscord, db_url: str,  # noqa: F811
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    presenter = next(p for p in presenters() if p.family == "mahjong")
    today = list(presenter.faces())
    before = [old_style(f) if f.card[1] in "ps" else f for f in today]  # 筒 and 条 drawn the old way
    monkeypatch.setattr(type(presenter), "faces", lambda self: before)
    bot = await start(world, db_url)
    old = {f.card: bot.service.emoji.emoji("mahjong", f.card) for f in today}
    others = {(fam, f.card): bot.service.emoji.emoji(fam, f.card) for fam, f in ALL_FACES if fam != "mahjong"}
    await bot.close()

    monkeypatch.setattr(type(presenter), "faces", lambda self: today)
    world.calls.clear()
    bot = await start(world, db_url)
    redrawn = {emoji_name("mahjong", f) for f in today if f.card[1] in "ps"}
    assert {c.body["name"] for c in calls(world, "POST")} == redrawn and len(redrawn) == 18
    deleted = {c.url.rsplit("/", 1)[1] for c in calls(world, "DELETE")}
    assert deleted == {str(e.id) for c, e in old.items() if e is not None and c[1] in "ps"}
    for f in today:  # 万 and the honours kept their emoji, by id; 筒 and 条 have new ones
        new = bot.service.emoji.emoji("mahjong", f.card)
        assert new is not None and (new == old[f.card]) == (f.card[1] not in "ps")
        assert parse_name(str(new.name)) == ("mahjong", f.key, emoji_name("mahjong", f)[-6:])
    assert {k: bot.service.emoji.emoji(*k) for k in others} == others
    assert len(world.app_emojis) == len(ALL_FACES)
    await bot.close()
    assert not world.errors, world.errors

"""A channel picture is drawn from public data only: changing a hidden hand changes nothing in it."""

from __future__ import annotations

import pytest

from bot.pictures.cache import clear
from bot.present import pictures

from .positions import play

CASES = [("paohuzi", 3, 12), ("changsha", 5, 30), ("hongzhong", 3, 10), ("paodekuai", 3, 14)]


def _swap_hidden_card(game: object, seat: int) -> None:
    """One card of ``seat``'s concealed hand becomes another (same hand size)."""
    hands = game.hands  # type: ignore[attr-defined]
    hand = hands[seat]
    if game.family == "paodekuai":  # type: ignore[attr-defined]
        held = {c for h in hands for c in h}
        new = next(c for c in range(52) if c not in held and c // 4 != hand[0] // 4)
        counts = game.counts[seat]  # type: ignore[attr-defined]
        counts[hand[0] // 4] -= 1
        counts[new // 4] += 1
        hand[0] = new
        return
    have = next(k for k, n in enumerate(hand) if n)
    other = next(k for k, n in enumerate(hand) if n == 0 and k != have)
    hand[have] -= 1
    hand[other] += 1


@pytest.mark.parametrize(("variant", "seed", "steps"), CASES)
def test_channel_picture_ignores_hidden_hands(variant: str, seed: int, steps: int) -> None:
    game = play(variant, seed, steps)
    assert not game.finished
    seat = 1
    before_table = pictures.table_picture(game.public_view())
    assert before_table is not None
    before_public = before_table.data
    before_private = pictures.hand_picture(game.view(seat))
    _swap_hidden_card(game, seat)
    clear()  # drawn again from scratch, not served from the cache
    after_private = pictures.hand_picture(game.view(seat))
    assert before_private is not None and after_private is not None
    assert after_private.data != before_private.data  # the hidden hand really changed ...
    after_table = pictures.table_picture(game.public_view())
    assert after_table is not None and after_table.data == before_public  # ... and the channel cannot tell

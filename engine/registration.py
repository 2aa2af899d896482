"""What a family and its variants declare when they register: :class:`Variant` (a playable game: its options, how a
hand is dealt, scored and followed), :class:`Family` (what its variants share: :class:`Traits`, AI, hints) and
:class:`MatchProgress` (what carries from one hand to the next).

A family's modules register here at import; this module imports no family, so nothing here forms a circle with
them. Looking a variant up by id (and importing every variant to find it) is :mod:`engine.registry`'s."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from .core import Action, Game, HandResult, OptionError
from .options import Option, validate_options


class NewHand(Protocol):
    def __call__(self, options: dict[str, Any], seed: int, dealer: int, carry: dict[str, Any], *,
                 wall: Sequence[int] | None = None) -> Game: ...


@dataclass(frozen=True)
class Variant:
    """A playable variant. ``new_hand(options, seed, dealer, carry, *, wall=None)`` builds one hand; ``after_hand``
    decides dealer, carry-over state (黄番, 爬坡 …) and whether the match is over; ``score`` is the hand calculator:
    the JSON contract in, the evaluation out, bad input reported as :class:`~engine.core.InvalidInput` only —
    None where the variant's spec defines no calculator (跑得快: a hand is settled by the cards left in it).

    ``wall`` is for tests only: the hand is dealt from that card order instead of the seed's shuffle (the family
    documents the deal order). Everything else — the rules, the hand's options — is derived exactly as for a
    shuffled hand, so a stacked hand cannot disagree with its options. Stored tables never pass a wall: their
    seed alone replays the hand."""

    id: str
    name: str
    name_en: str
    family: str
    seats: int
    options: tuple[Option, ...]
    new_hand: NewHand
    after_hand: Callable[[MatchProgress, HandResult], None]
    score: Callable[[dict[str, Any]], dict[str, Any]] | None
    summary: str = ""
    # a match length the variant fixes itself (no 局数 option, not a race): what the table's title counts to
    fixed_hands: int | None = None
    seats_for: Callable[[dict[str, Any]], int] | None = None
    # (options, totals, carry) -> final per-seat scores
    final_settlement: Callable[[dict[str, Any], list[int], dict[str, Any]], list[int]] | None = None
    # (options, totals, carry) -> the final settlement as payments (see ``Match.final_breakdown``)
    final_breakdown: Callable[[dict[str, Any], list[int], dict[str, Any]], list[dict[str, Any]]] | None = None
    # How the first hand's dealer is chosen when the variant has its own way (剥皮: seats draw cards).
    first_dealer: Callable[[dict[str, Any], int, random.Random], int] | None = None
    # options -> the family's rules object for a hand with these options (the one place they are derived)
    rules_for: Callable[[dict[str, Any]], Any] | None = None
    # the variant's own AI where its hands have steps the family's does not know (长沙's 起手胡, 海底, 开杠, 坐飘)
    choose: Callable[[Game, int], Action] | None = None
    # the variant's own policy per level (see ``Family.levels``), before its family's
    levels: Mapping[str, Callable[[Game, int], Action]] = field(default_factory=dict)

    def validate(self, raw: dict[str, Any] | None, strict: bool = False) -> dict[str, Any]:
        return validate_options(self.options, raw, strict)

    def seat_count(self, options: dict[str, Any]) -> int:
        return self.seats_for(options) if self.seats_for else self.seats

    def describe(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "name_en": self.name_en,
            "family": self.family,
            "seats": self.seats,
            "options": [
                {"key": o.key, "label": o.label, "default": o.default, "values": list(o.choices),
                 **({"internal": True} if o.internal else {})}
                for o in self.options
            ],
        }


@dataclass
class MatchProgress:
    """What carries from one hand to the next; ``after_hand`` hooks update it."""

    options: dict[str, Any]
    seats: int
    dealer: int = 0
    hand_no: int = 0
    totals: list[int] = field(default_factory=list)
    carry: dict[str, Any] = field(default_factory=dict)
    over: bool = False


@dataclass(frozen=True)
class Traits:
    """What a family's games are like, declared where the family registers (open_spiel's ``GameType``), so nothing
    has to probe a game to find out.

    ``secret_claims``: a card on offer is answered by seats the table may not learn (who is asked is hidden);
    ``card_picking``: a player picks cards from the hand and the game reads them as a play (``Family.classify``);
    ``hints``: the family answers ``Family.hints`` (听牌提示, or a 记牌器); ``standing``: ``Family.standing``."""

    secret_claims: bool = False
    card_picking: bool = False
    hints: bool = False
    standing: bool = False


@dataclass(frozen=True)
class Family:
    """What a family of variants (字牌, 麻将 …) brings beyond its variants: its :class:`Traits`; ``choose(game, seat)``
    its baseline AI, a legal action for that seat now (it fills empty seats and plays for absent players);
    ``hints(game, seat)`` and ``standing(game, seat)`` the private help its traits declare (``engine.hints``);
    ``classify(game, cards, seat)`` the action a set of picked cards makes (``card_picking``), or an
    :class:`~engine.core.IllegalAction` saying why they make none.

    ``levels`` maps a level other than the baseline (``LEVELS``: 简单, 困难) to the family's policy at that level;
    ``choose`` is 普通. A level the family has not registered plays as 普通 (``engine.ai.level_played`` says so).
    Every policy is deterministic given the game's state, so a table replays and restarts the same."""

    id: str
    choose: Callable[[Game, int], Action]
    traits: Traits = Traits()
    hints: Callable[[Game, int], list[Any]] | None = None
    standing: Callable[[Game, int], Any] | None = None
    classify: Callable[[Game, list[str], int], Action] | None = None
    levels: Mapping[str, Callable[[Game, int], Action]] = field(default_factory=dict)


# The AI's levels, weakest first; 普通 is every family's ``choose``.
EASY, NORMAL, HARD = "简单", "普通", "困难"
LEVELS: tuple[str, ...] = (EASY, NORMAL, HARD)


_REGISTRY: dict[str, Variant] = {}
_FAMILIES: dict[str, Family] = {}


def register(variant: Variant) -> Variant:
    _REGISTRY[variant.id] = variant
    return variant


def unregister(variant_id: str) -> None:
    """Drop a variant (a test's own, once it is done with it)."""
    _REGISTRY.pop(variant_id, None)


def register_family(family: Family) -> Family:
    _FAMILIES[family.id] = family
    return family


def unregister_family(family_id: str) -> None:
    _FAMILIES.pop(family_id, None)


def family_of(game: Game) -> Family | None:
    """The family record of a game's family (registered when its module was imported, so before any of its games
    existed); None for a game whose family registered none."""
    return _FAMILIES.get(game.family)


def variant_of(game: Game) -> Variant | None:
    """The registered variant of a game (None for a game no variant registered, such as a test's stand-in)."""
    return _REGISTRY.get(game.variant_id)


def registered_variant(variant_id: str) -> Variant:
    try:
        return _REGISTRY[variant_id]
    except KeyError:
        raise OptionError(f"unknown variant {variant_id!r} (known: {', '.join(sorted(_REGISTRY))})") from None


def registered_variants() -> list[Variant]:
    return list(_REGISTRY.values())


def registered_family(family_id: str) -> Family | None:
    return _FAMILIES.get(family_id)

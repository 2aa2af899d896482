"""Deals anyone can verify (engine/fairness.py, ``python -m engine verify``): the commitment binds the seed, and the
deal recomputed from the seed catches a wall changed by a single card."""

from __future__ import annotations

import io
import json
import sys

import pytest

from engine.__main__ import main
from engine.fairness import commitment, deal, new_salt, verify, verify_record
from engine.match import Match
from engine.registry import all_variants


# the registry's own variants (the bot tests register a toy one, with no deck, in the same process)
@pytest.mark.parametrize("variant", [v.id for v in all_variants() if v.id != "toy"])
def test_a_deal_verifies_and_one_changed_card_fails(variant: str) -> None:
    seed, salt = 912_345_678_901, new_salt()
    digest = commitment(variant, seed, salt)
    # the wall a real hand records (the match's own hand, not the helper's)
    wall = [int(c) for c in Match(variant).new_hand(seed).deck]  # type: ignore[attr-defined]
    assert wall == deal(variant, {}, seed) and len(set(map(str, wall))) > 1
    assert verify(variant, {}, seed, salt, digest, wall).ok
    changed = list(wall)
    other = next(c for c in wall if c != wall[7])
    changed[7] = other  # one card of the stored wall replaced by another
    verdict = verify(variant, {}, seed, salt, digest, changed)
    assert not verdict.ok and verdict.commitment_ok and verdict.wall_ok is False and verdict.first_difference == 7
    # a different seed, or another salt, does not match the commitment shown before play
    assert not verify(variant, {}, seed + 1, salt, digest).commitment_ok
    assert not verify(variant, {}, seed, new_salt(), digest).commitment_ok
    assert not verify(variant, {}, seed + 1, salt, digest, deal(variant, {}, seed + 1)).ok


def run_cli(record: object, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(record if isinstance(record, str) else json.dumps(record)))
    code = main(["verify"])
    out = capsys.readouterr()
    return code, out.out + out.err


def test_cli_verify(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    seed, salt = 77, "00ff" * 8
    options = {"players": 3, "birds": 4}
    wall = deal("changsha", options, seed)
    record = {"variant": "changsha", "options": options, "seed": seed, "salt": salt,
              "commitment": commitment("changsha", seed, salt), "wall": wall}
    code, out = run_cli(record, monkeypatch, capsys)
    assert code == 0 and json.loads(out)["ok"] is True
    tampered = dict(record, wall=[wall[1], wall[0], *wall[2:]] if wall[0] != wall[1] else wall[::-1])
    code, out = run_cli(tampered, monkeypatch, capsys)
    assert code == 1 and json.loads(out)["wall_ok"] is False
    code, out = run_cli(dict(record, salt="x"), monkeypatch, capsys)
    assert code == 1 and json.loads(out)["commitment_ok"] is False
    for bad in ("not json", {"variant": "changsha"}, dict(record, seed="7"), dict(record, variant="nope"),
                dict(record, wall=["1m"])):
        code, out = run_cli(bad, monkeypatch, capsys)
        assert code == 2 and out.startswith("error:"), out
    with pytest.raises(ValueError):
        verify_record([])  # type: ignore[arg-type]

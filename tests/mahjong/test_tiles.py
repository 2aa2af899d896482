"""Tile notation, ids, names and the tile sets."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.mahjong import tiles as T


def test_compact_and_list_notation_parse_to_the_same_canonical_list() -> None:
    assert T.parse("123m 45p7z") == ["1m", "2m", "3m", "4p", "5p", "7z"]
    assert T.parse(["1m", "7z"]) == ["1m", "7z"]
    assert T.ids("19m1p9s17z") == [0, 8, 9, 26, 27, 33]
    assert T.compact(T.ids("7z123m55p")) == "123m55p7z"
    assert T.fmt([33, 0, 13]) == ["1m", "5p", "7z"]


@pytest.mark.parametrize("bad", ["0m", "8z", "5", "m", "12", "5x", ["11m"], ["5"]])
def test_bad_notation_is_refused(bad: str | list[str]) -> None:
    with pytest.raises(T.TileError):
        T.parse(bad)


def test_ids_round_trip_and_chinese_names() -> None:
    for tid in range(34):
        assert T.tile_id(T.tile_str(tid)) == tid
    assert [T.tile_name(t) for t in (0, 8, 9, 17, 18, 26)] == ["一万", "九万", "一筒", "九筒", "一条", "九条"]
    assert "".join(T.tile_name(t) for t in range(27, 34)) == "东南西北白发中"
    assert T.tile_name(T.HONG_ZHONG) == "中" and T.tile_str(T.HONG_ZHONG) == "7z"
    assert len({T.tile_name(t) for t in range(34)}) == 34


def test_counts_round_trip() -> None:
    counts = T.to_counts("1112345678999m7z")
    assert counts[0] == 3 and counts[8] == 3 and counts[33] == 1 and sum(counts) == 14
    assert T.to_counts(T.from_counts(counts)) == counts
    assert T.to_counts([0, 0, 33]) == T.to_counts("11m7z")


@pytest.mark.parametrize(
    ("size", "kinds", "red"), [(108, 27, 0), (112, 28, 4), (116, 28, 8), (136, 34, 4)]
)
def test_tile_sets_and_walls(size: int, kinds: int, red: int) -> None:
    tiles = T.tile_set(size)
    c = Counter(tiles)
    assert len(tiles) == size and len(c) == kinds and c[T.HONG_ZHONG] == red
    assert all(c[t] == 4 for t in range(27))
    wall = T.build_wall(size, random.Random(5))
    assert sorted(wall) == tiles and wall != tiles
    assert wall == T.build_wall(size, random.Random(5))
    with pytest.raises(T.TileError):
        T.tile_set(120)

"""字牌 (zipai): the 80-card family — 跑胡子 and its relatives. Shared cards, groups, decomposition, game."""

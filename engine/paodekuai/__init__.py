"""跑得快 (paodekuai): the poker family — cards, plays, the hand, its AI."""

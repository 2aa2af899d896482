"""麻将 (mahjong): tiles and the win checker shared by 长沙麻将, 红中麻将 and 推倒胡."""

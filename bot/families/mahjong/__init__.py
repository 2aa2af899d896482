"""The mahjong family's presenter and its parts."""

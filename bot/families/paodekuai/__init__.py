"""The paodekuai family's presenter and its parts."""

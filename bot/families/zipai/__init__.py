"""The zipai family's presenter and its parts."""

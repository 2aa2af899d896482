"""Variant modules; importing this package registers every variant."""

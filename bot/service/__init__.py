"""The table service: the live tables, and the parts that act on them (lobby, play, delivery, timers, history)."""

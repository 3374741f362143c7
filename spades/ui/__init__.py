"""The table the player sees: pygame-ce scenes drawn from the engine's views and events.

Nothing below this package imports it: the engine and the computer players know
nothing of pygame, and this package re-derives no rule.
"""

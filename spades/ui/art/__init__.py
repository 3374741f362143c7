"""Card and table art, drawn in code: the cards and suit symbols, the court figures,
the seats' faces, small marks beside text, and the theme (colours, fonts, text).

The lowest floor of the interface: it imports pygame, the engine's cards and the
saved settings' face choices, and nothing else of the interface, so every other floor
may draw with it.
"""

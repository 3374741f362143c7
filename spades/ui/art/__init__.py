"""Card and table art, drawn in code: cards and suits, court figures, faces, marks
and the theme (colours, fonts, text). The interface's lowest floor: it imports pygame,
the engine's cards and the settings' face choices, and nothing else of the interface.
"""

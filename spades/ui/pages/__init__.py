"""The pages around the table: menu, house rules, settings, saves, statistics,
Journey, how to play. Each is a ``screens.Screen`` of widgets. They import the widget
layer, the art, the table's words and levels, the storage and the engine's rules;
only the loop (app.py) opens them.
"""

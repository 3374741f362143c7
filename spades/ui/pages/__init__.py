"""The pages around the table: the start menu, house rules, settings, your saves,
statistics, the Journey and how to play.

Each page is a ``screens.Screen``: a title, a column of the widget layer's widgets that
scrolls, and a footer of buttons. The pages import the widget layer, the art, the
table's words and the Journey's levels (from the table floor), the storage and the
engine's rules; the loop (app.py) opens them, and nothing below imports them.
"""

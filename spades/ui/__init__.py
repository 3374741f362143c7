"""The interface: pygame-ce scenes drawn from the engine's views and events.

It imports the engine, the computer players, the storage and the platform; nothing
of the game imports it but main.py (and the tools). It re-derives no rule. Its folders
are floors, each importing only the floors below it: ``art`` (cards, faces, marks, the
theme) and ``seating`` (who sits at the table: the strengths each seat plays, the
Journey's levels), ``widgets`` (the one widget layer), ``layout`` (where everything on
the table goes), ``speech`` (the table's words, spoken and written), ``table`` (the
scene: a match played by pointer and keys), then ``draw`` (the table drawn), ``pages``
(the menu and the pages around the table) and ``demo`` (the demonstration deal). At
the top: the loop (app.py), its command line (arguments.py), autoplay's player
(autopilot.py) and the sounds (sound.py).
"""

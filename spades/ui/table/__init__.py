"""The table: a match played by mouse, touch or keyboard. ``scene.TableScene`` holds
the match and mixes in input routing, panels and their controls, the motion of events
and the narration (the demonstration deal, a scene built on this one, is
``spades/ui/demo``; who sits at the table, ``spades/ui/seating``). It imports the
players, engine, storage and the floors below (speech, layout, widgets, seating, art);
drawing it is ``draw``'s.
"""

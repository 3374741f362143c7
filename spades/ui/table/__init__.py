"""The table: a match played by mouse, touch or keyboard. ``scene.TableScene`` holds
the match and mixes in input routing, panels and their controls, the motion of events
and the narration; ``levels`` is the Journey's levels (the demonstration deal, a
scene built on this one, is ``spades/ui/demo``). It imports the players, engine,
storage and the floors below (speech, layout, widgets, art); drawing it is ``draw``'s.
"""

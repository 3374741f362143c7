"""The table: a match played by mouse, touch or keyboard. ``scene.TableScene`` holds
the match and mixes in input routing, panels and their controls, the motion of events
and the narration; ``tutorial`` is the demonstration deal, ``levels`` the Journey's
levels. It imports the players, engine, storage and the floors below (speech, layout,
widgets, art); drawing it is ``draw``'s.
"""

"""The table: a whole match played by mouse, touch or keyboard.

``scene.TableScene`` holds the engine's match and never re-derives a rule; it mixes in
the input routing (``routing``), the panels and their controls (``panels``,
``pause_panel``, ``control``, ``help``), the motion of each event (``choreography``,
``anim``) and the narration (from ``speech``). ``tutorial`` is the guided
demonstration played on this table; ``levels`` are the Journey's levels, whose end the
table announces. It imports the computer players, the engine, the storage, and the
floors below it (speech, layout, widgets, art); drawing it is ``draw``'s, a floor above.
"""

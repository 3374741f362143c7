"""Drawing the table scene from the layout, the drawn state and the control list, so
what is drawn is exactly what can be clicked: ``frame.TableDrawer`` (the whole frame
in its order) and what it mixes in (``seats``, ``trick_area``, ``bar``, ``status``,
``bidding``, ``panels``, ``sheet``, ``seen``, ``passing``, ``stock``), with their
helpers (``badge_lines``, ``trick_tags``, ``moments``). It reads the table and the
floors below; no page imports it.
"""

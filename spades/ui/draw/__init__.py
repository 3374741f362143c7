"""Drawing the table scene from the layout, the drawn state and the control list, so
what is drawn is exactly what can be clicked: ``frame.TableDrawer`` and what it mixes
in (``bar``, ``panels``, ``sheet``, ``status``, ``trick_tags``). It reads the table and
the floors below; no page imports it.
"""

"""Drawing the table scene: everything comes from the layout, the drawn state and the
control list, so what is drawn is exactly what can be clicked.

``frame.TableDrawer`` draws a whole frame and mixes in the top bar (``bar``), the
panels and overlays (``panels``), the score sheet (``sheet``), the message line and
turn prompt (``status``) and the flat trick's name tabs (``trick_tags``). It reads the
table scene and the floors below it; it changes nothing and no page imports it.
"""

"""Where everything on the table goes, computed from the window size alone.

``window.compute_layout`` turns a window size into named rectangles (``base.Layout``);
a short landscape window is laid out by ``compact``; ``hand_rows`` splits an upright
phone's hand into two rows. Every drawing and every hit test reads these rectangles.
It imports the art (a card's proportions) and the widget layer's pointer sizes, and no
other floor of the interface.
"""

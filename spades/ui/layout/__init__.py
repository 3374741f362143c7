"""Where everything on the table goes, from the window size alone: ``window``'s
``compute_layout`` names the rectangles (``base.Layout``), ``compact`` lays out a short
landscape window, ``hand_rows`` an upright phone's two-row hand. It imports the art and
the widget layer's pointer sizes, no other floor of the interface.
"""

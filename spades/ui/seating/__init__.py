"""Who sits at the table and how strongly they play: ``strengths`` says which strengths
a page may offer for a game and what each other seat plays, at a table of four, three
or two (from the options' West, North and East); ``levels`` is the Journey's levels,
matches against named opponents who grow stronger, each with its rule preset. It
imports the engine and the players only, nothing of the interface: the table, the
pages and the App's matches read it.
"""

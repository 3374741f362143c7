"""The table's words: what a listener hears and a reader reads about the play.

``announce`` turns the engine's events and the player's moments into short sentences
(it imports the engine only); ``words`` names results in the player's own names for the
panels; ``narration`` decides when the table says what (a mixin of the table scene);
``captions`` writes the latest sentences across the top of a desktop window;
``delivery`` hands them to the browser page's live region or the caption strip. It
imports the engine, the storage's names, the platform, the layout and the art, never
the table, its drawing or the pages.
"""

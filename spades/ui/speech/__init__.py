"""The table's words, spoken and written: ``announce`` makes the sentences (from the
engine alone), ``words`` names results in the player's names, ``narration`` says when
(mixed into the table scene), ``captions`` and ``delivery`` take them to the window or
the page's live region, and on a desktop to the running screen reader
(``screen_reader``, through Prism). It imports the engine, storage, platform, layout
and art.
"""

"""Development tools that drive the game from outside: the random-input tester
(``python -m spades.tools.monkey``), which feeds the real App random public input;
``python -m spades.tools.review_ready``, which plays first hands in the real App
and measures whether "With all cards seen" is ready when each ends;
``python -m spades.tools.review_trace``, which records those hands' frames and
replays their reviews in WebAssembly (Pyodide in headless Chromium: the replay,
``review_replay``, is pure Python); and the idle-socket figures of a table server
(``python -m spades.tools.idle_sockets``).

The game never imports this package (docs/architecture.md): a tool may import any
part of the house, the interface included, and nothing of it goes into the browser's
archive.
"""

"""The command line's commands (``python -m spades COMMAND``), each module the commands
of one kind with their own parsers: records.py (replay, deal), play.py (simulate,
bench, solve, watch), contests.py (tournament, gauntlet, verdict); options.py holds
the arguments they share. ``spades/__main__.py`` puts them together; the table
server's commands (serve, serve-bench, serve-check) come from ``spades/server/cli.py``.
Never imported by the game."""

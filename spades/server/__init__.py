"""The table server: shared tables for friends, behind docs/protocol.md.

Desktop only: the game never imports this package and the browser archive never
holds it (build/pack.py packs what main.py can reach). ``python -m spades serve``
starts it; the WebSocket library is imported only when a server starts.

    protocol.py   the client messages, checked; codes, tokens, names
    table.py      one table: its match, seats and messages (no I/O)
    store.py      where tables live: one small interface, SQLite
    computers.py  computer players thinking in worker processes
    app.py        the server: HTTP for the page, WebSocket for the tables
    cli.py        the serve, serve-bench and serve-check commands
    bench.py      serve-bench: many tables of clients against one server
    check.py      serve-check: random matches checked for leaks, hostile messages
"""

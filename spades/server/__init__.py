"""The table server: shared tables for friends, behind docs/protocol.md.

Desktop only: the game never imports this package and the browser archive never
holds it (build/pack.py packs what main.py can reach). ``python -m spades serve``
starts it; the WebSocket library is imported only when a server starts.

    protocol.py   the client messages, checked; codes, tokens, names
    guard.py      the connections: their rates, deadlines, guesses; sockets per address
    table.py      one table: its match, seats and messages (no I/O)
    seat_filter.py  what one seat may be told of a message: every message goes through it
    store.py      where tables live: one small interface, SQLite
    computers.py  computer players thinking in worker processes
    page.py       the game's page over HTTP, /cdn/ through a cache as make serve does
    presence.py   who is at a table; grace, covering, turn timers; sending to a table
    app.py        the server: its wiring to the store, the connections, each message
                  handed on one table at a time
    requests.py   a table's requests (create, join, resume, seat, start, act, leave)
                  and the play they start: actions stored, applied, computers' turns
    cli.py        the serve, serve-bench, serve-check and serve-chaos commands
    shared/       several servers sharing every table through Redis (--store)
    probes/       real servers started and tried from outside: a server in a
                  subprocess and clients against it (local.py), serve-check (check.py),
                  serve-bench and its client processes (bench.py, bench_clients.py)
"""

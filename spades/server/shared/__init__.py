"""Tables shared by several table servers through Redis (``serve --store redis://...``).

Each table's truth is one Redis Stream, its log: the doc of its seats and settings each
time they change, every action, and who is where; a write goes in only through one
script that checks it against the log (docs/deploy.md says what that guarantees).
Every process that holds a seat of a table follows its log and tells its seats, through
the same per-seat filter as always; one process at a time owns a table (a lease with a
fencing token) and runs its computer players and timers.

    redis_store.py  the store: the log, the write script, the leases, the tokens
    follow.py       a process's side: loading a table from its log, following it,
                    taking and keeping the leases
    redis_local.py  a real redis-server in a folder of its own (the tests, chaos)
    chaos.py        serve-chaos: processes and Redis killed under many tables
"""

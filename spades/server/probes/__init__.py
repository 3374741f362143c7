"""Real table servers started on 127.0.0.1 and tried from outside, as a stranger's
client would try them:

    local.py          a server process and clients that play at it (for the tests too)
    check.py          serve-check: what a server must never do (leaks, cheats, hostile
                      input), tried many times
    bench.py          serve-bench: many tables of clients, actions a second and latency
    bench_clients.py  serve-bench's clients, in processes of their own
"""

"""serve-chaos at a small size: three real table servers sharing one real Redis,
killed (SIGKILL) at random moments while their tables play, and Redis itself killed
once and restarted on its folder. Every table finishes (a cutthroat table and a
two-handed one among them, and one of computers only: adopted when its owner is
killed), every seat's view is that of
its table's log replayed, no acknowledged action is missing from the log, none is in
it twice, no seat heard of a card it could not know, no server wrote a traceback.
``python -m spades serve-chaos`` runs the same at any size."""

from __future__ import annotations

import argparse
import asyncio

from spades.server.shared.chaos import chaos, failures


def test_servers_and_redis_killed_under_play_lose_nothing(redis_server, capsys):
    redis_server.stop()  # the fixture proves redis-server is here; chaos runs its own
    args = argparse.Namespace(processes=3, tables=4, humans=2, alone=2, unwatched=1,
                              kill_every=2.0,
                              redis_kills=1, target=200, pace=0.05, expected_seconds=20.0,
                              timeout=600.0, seed=7)
    result = asyncio.run(chaos(args))
    with capsys.disabled():
        print(f"\nchaos: {result['kills']} kills, {result['redis_kills']} of Redis, "
              f"{result['reconnects']} reconnects: p50 {result['reconnect_p50']:.1f} s, "
              f"p95 {result['reconnect_p95']:.1f} s, max {result['reconnect_max']:.1f} s;"
              f" tables of computers only adopted {result['adopted']} times")
    assert result["problems"] == []
    assert failures(result) == 0, result
    assert result["tables"] == result["finished"] == 5  # one of computers only
    assert result["alone"] == 2  # one cutthroat table, one two-handed
    assert result["redis_kills"] == 1 and result["kills"] >= 2
    assert result["reconnects"] >= 1  # the kills reached clients, and they came back

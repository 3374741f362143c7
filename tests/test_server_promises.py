"""What docs/protocol.md promises a stranger's client, held by a real table server on
127.0.0.1: a bid of 0 and a lower-case card refused with their reason, the limits in
``welcome``, a table at pace 0 that a client may answer at once, a name's one length,
a target that ends, and a taken port said in one line."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys

import pytest
from server_support import ServerProcess, drive, random_legal

from spades.server.probes.check import seated
from spades.server.probes.local import ROOT
from spades.server.protocol import ProtocolError, read_message


def run(coroutine):
    return asyncio.run(asyncio.wait_for(coroutine, 240))


def refusals(c) -> list[str]:
    return [n["reason"] for n in c.notices if n.get("type") == "refused"]


def test_a_bid_of_0_and_a_lower_case_card_are_refused_with_their_reason(tmp_path):
    server = ServerProcess(tmp_path / "data").start()

    async def play():
        ann = (await seated(server.url, ["Ann"]))[0]
        ann.start()
        await drive([ann], lambda: ann.view is not None and ann.my_turn
                    and ann.view.phase == "bidding",
                    players={id(ann): lambda view, rng: None})
        actions = ann.actions
        ann._send({"type": "act", "action": 0})
        ann._send({"type": "act", "action": "qs"})
        ann._send({"type": "act", "action": ["2c", "3C"]})
        await drive([ann], lambda: len(refusals(ann)) == 3)
        zero, card, cards = refusals(ann)
        assert '"nil"' in zero and "0" in zero and "-100" in zero
        assert card == cards == 'Cards are written in capitals, rank then suit: "QS", "TD"'
        assert ann.actions == actions and ann.status == "ready"  # nothing taken, still seated
        ann.close()

    try:
        run(play())
    finally:
        server.stop()


def test_welcome_gives_the_limits_a_client_must_keep(tmp_path):
    server = ServerProcess(tmp_path / "data").start()

    async def hello():
        from websockets.asyncio.client import connect

        async with connect(server.url) as ws:
            await ws.send(json.dumps({"type": "hello", "protocol": "spades-table/1"}))
            return json.loads(await ws.recv())["limits"]

    try:
        limits = run(hello())
    finally:
        server.stop()
    assert limits == {
        "message_bytes": 4096, "messages_per_second": 20, "message_burst": 40,
        "tries_per_minute": 10, "wrong_answers_per_minute": 30, "hello_seconds": 10,
        "idle_seconds": 60, "ping_interval": 5,
    }


def test_a_client_answering_at_once_at_a_table_at_pace_0_is_never_closed(tmp_path):
    """The real rate (20 a second): the table asks as fast as three computers decide,
    and the seat's own actions are not counted against it."""
    server = ServerProcess(tmp_path / "data").start()

    async def play():
        ann = (await seated(server.url, ["Ann"], rules={"target": 500, "mercy": None}, pace=0.0))[0]
        ann.start()
        await drive([ann], lambda: ann.view is not None)
        await drive([ann], lambda: ann.status != "ready" or ann.view.phase == "over",
                    players={id(ann): random_legal}, timeout=200)
        assert ann.status == "ready", ann.reason
        # A whole match: to 500 it takes at least four hands of 56 actions but for a
        # rare run of made nils (one seed's match ended after five hands, 283 actions).
        assert ann.view.phase == "over" and ann.actions > 3 * 56
        ann.close()

    try:
        run(play())
    finally:
        server.stop()


def test_a_name_too_long_is_told_the_length_the_page_gives():
    with pytest.raises(ProtocolError, match="A name is 1 to 20 letters"):
        read_message(json.dumps({"type": "create", "name": "A" * 41}))
    with pytest.raises(ProtocolError, match="A name is 1 to 20 letters"):
        read_message(json.dumps({"type": "join", "code": "AAAA-AAAA", "name": 7}))


def test_a_target_a_match_cannot_reach_is_refused():
    with pytest.raises(ProtocolError, match="target must be at most 5000 points"):
        read_message(json.dumps({"type": "create", "name": "Ann",
                                 "rules": {"target": 10**18}}))
    message = read_message(json.dumps({"type": "create", "name": "Ann",
                                       "rules": {"target": 5000}}))
    assert message["rules"].target == 5000


def test_a_port_in_use_is_said_in_one_line_and_exits_1(tmp_path):
    server = ServerProcess(tmp_path / "data").start()
    try:
        second = subprocess.run(
            [sys.executable, "-m", "spades", "serve", "--port", str(server.port),
             "--data", str(tmp_path / "other"), "--workers", "1"],
            cwd=ROOT, capture_output=True, text=True, timeout=60)
    finally:
        server.stop()
    assert second.returncode == 1
    assert second.stderr.strip().splitlines() == [
        f"Port {server.port} on 127.0.0.1 is in use (another server?): stop it, or choose"
        " another with --port"]

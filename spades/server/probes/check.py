"""serve-check: what a table server must never do, tried many times against a real one.

1. **No leaks.** Random matches under every rule set the server accepts (RULE_SETS
   with nil card passing of 1 or 2 cards, blind nil, 10 for 200, Boston drawn on top;
   and cutthroat and two-handed, ALONE_RULE_SETS, with two-handed's draw),
   one to four friends, computer players in the other seats, random legal play that
   bids nil often; now and then a friend's connection drops and comes back by
   ``resume``. Every message to every seat is kept; once the hands' records tell how
   each hand was dealt, passed and played, every field of each message (``action``,
   ``events``, ``view``, anything else) is checked: it may name no card the seat
   could not know when it was sent, and a hand's record comes only once it is over.
2. **Hostile messages.** Each on a connection of its own, holding a seat at a table
   frozen mid-hand (someone else's turn): malformed JSON, wrong types, unknown fields,
   oversized and binary frames, forged tokens, wrong codes, acts out of turn, floods.
   Each must be refused (the connection stays and still answers a ping) or closed
   with a reason; afterwards the table must be exactly as it was and play on.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import tempfile
import time
from pathlib import Path
from typing import Any

from ...engine.cards import FULL_DECK, cards_of, cards_text, mask_of, parse_cards, partner_of
from ...engine.rules import SEAT_PRESETS, VARIANT_PRESETS, Rules
from ...engine.wire import cards_named
from .local import ServerProcess, client, drive, random_legal

NAMES = ("Ann", "Bob", "Cy", "Di")


def check_inbox(messages: list[dict[str, Any]], seat: int,
                records: dict[int, dict[str, Any]]) -> int:
    """Raise AssertionError at the first message to ``seat`` that names a card the seat
    could not know when it was sent; ``records`` (hand number -> spades-hand/1 record)
    tell each hand as dealt, passed and played. Every field of every message is read
    (``action``, ``events``, ``view``, anything else); what the seat may know is taken
    from the records, never from the server's messages. Returns the messages checked
    (a message of a hand with no record yet cannot be, and is not counted)."""
    deck = Rules.from_dict(next(iter(records.values()))["rules"], any_seats=True).cards \
        if records else FULL_DECK
    latest = (-1, "")  # the hand number and phase of the newest view the seat was sent
    checked = 0
    exchanged = -1  # the newest hand in which the seat took up its partner's pass
    for message in messages:
        if message["type"] == "record":
            # A finished hand's record shows every hand, once that hand is over.
            number, phase = latest
            if not (number > message["hand_number"] or phase == "over"):
                raise AssertionError(f"seat {seat} got hand {message['hand_number']}'s"
                                     f" record in hand {number} ({phase})")
            checked += 1
            continue
        if "view" not in message:
            if cards_named(message, deck):
                raise AssertionError(f"seat {seat} was told of cards in {message}")
            checked += 1
            continue
        view = message["view"]
        latest = (view["hand_number"], view["phase"])
        if view["hand_number"] not in records:
            continue
        told = {k: v for k, v in message.items() if k not in ("action", "events")}
        events = message.get("events", [])
        dealt_at = max((i for i, e in enumerate(events) if e["type"] == "hand_dealt"),
                       default=-1)
        # An action and events before a new deal belong to the finished hand, played
        # out to its last card: every card of it is on the table by then.
        told["events"] = events[dealt_at + 1:]
        if dealt_at < 0 and "action" in message:
            told["action"] = message["action"]
        if any(e["type"] == "cards_exchanged" and seat in e["seats"] for e in told["events"]):
            exchanged = view["hand_number"]
        leaked = cards_named(told, deck) & ~known_to(
            seat, view, records, exchanged == view["hand_number"])
        if leaked:
            raise AssertionError(f"seat {seat} was told of {cards_text(cards_of(leaked))},"
                                 f" which it cannot know, in {message}")
        checked += 1
    return checked


def known_to(seat: int, view: dict[str, Any], records: dict[int, dict[str, Any]],
             exchanged: bool) -> int:
    """The cards ``seat`` may know at the moment of ``view``, from the hand's record:
    its own as dealt (once it has looked), those played so far, and after the exchange
    of a nil card pass (``exchanged``, or the passing over) the cards its partner passed
    to it. In two-handed's draw: both cards of each of its own turns (the one it kept
    and the one it buried or showed), the cards the other showed, and the top of the
    stock when it is its turn to draw (``drawn_so_far``)."""
    record = records[view["hand_number"]]
    rules = Rules.from_dict(record["rules"], any_seats=True)
    deck = rules.cards
    played = rules.seats * len(view["tricks"]) + len(view["trick"])
    known = mask_of(parse_cards(" ".join(record["plays"][:played]), deck))
    if rules.draws:  # its hand is what it kept of the cards it drew
        known |= drawn_so_far(seat, view, record, deck)
    elif view["looked"]:
        known |= mask_of(parse_cards(record["hands"][seat], deck))
    if exchanged or view["phase"] in ("playing", "over"):
        for passer, cards in record.get("passes", []):
            if passer == partner_of(seat):
                known |= mask_of(parse_cards(" ".join(cards), deck))
    return known


def drawn_so_far(seat: int, view: dict[str, Any], record: dict[str, Any], deck: int) -> int:
    """Two-handed: what ``seat`` has seen of the stock at the moment of ``view``, from
    the record's stock (top first) and its draws (two cards a turn)."""
    stock = parse_cards(record["stock"], deck)
    turns = (len(stock) - view["stock_left"]) // 2
    seen = []
    for (drawer, choice), turn in zip(record["draws"][:turns], range(turns), strict=True):
        first, second = stock[2 * turn], stock[2 * turn + 1]
        if drawer == seat:
            seen += [first, second]
        elif choice == "discard":
            seen.append(first)  # shown face up to both
    if view["phase"] == "drawing" and view["to_act"] == seat and turns < len(record["draws"]):
        seen.append(stock[2 * turns])  # the card it looks at now
    return mask_of(seen)


# What the leak run plays: each match on one of these, with house options drawn at
# random on top (nil card passing, blind nil, 10 for 200, Boston whenever they fit).
RULE_SETS = ("standard", "suicide", "mirror", "whiz", "jokers", "deuces")


def random_rules(rng: random.Random) -> dict[str, Any]:
    """Random rules the server accepts: a bidding or deck of RULE_SETS, then house
    options; nil card passing (1 or 2 cards) in half the matches that allow nil."""
    while True:
        name = rng.choice(RULE_SETS)
        base = VARIANT_PRESETS[name].to_dict() if name != "standard" else {}
        target = rng.choice([100, 150, 200, 250])
        free = base.get("bidding", "free") == "free"
        nil = not free or rng.random() < 0.85  # the bidding variants need nil
        options = {
            **base,
            "nil": nil,
            "blind_nil": nil and base.get("bidding") != "mirror" and rng.random() < 0.5,
            "blind_nil_deficit": rng.choice([0, 100]),
            "nil_pass": rng.choice([1, 2]) if nil and rng.random() < 0.5 else 0,
            "ten_for_200": rng.random() < 0.3,
            "boston": rng.random() < 0.3,
            "team_cap_13": rng.random() < 0.5,
            "spades_lead_anytime": rng.random() < 0.2,
            "forced_spade_lead_breaks": rng.random() < 0.3,
            "failed_nil_tricks": rng.choice(["count", "bags"]),
            "bag_limit": rng.choice([5, 10]),
            "target": target,
            # Random bids are set time and again: a mercy rule ends such a match for sure.
            "mercy": -rng.choice([target // 2, target]),
        }
        try:
            Rules.from_dict(options)
        except ValueError:
            continue
        return options


# Each playing alone: three (cutthroat) or two (two-handed, with its draw).
ALONE_RULE_SETS = tuple(SEAT_PRESETS)


def random_alone_rules(rng: random.Random) -> dict[str, Any]:
    """Random rules of three or two seats the server accepts (ALONE_RULE_SETS with
    the house options that fit a player alone)."""
    name = rng.choice(ALONE_RULE_SETS)
    target = rng.choice([100, 150, 200, 250])
    nil = rng.random() < 0.85
    return {
        **SEAT_PRESETS[name].to_dict(),
        "nil": nil,
        "blind_nil": nil and name == "cutthroat" and rng.random() < 0.5,
        "blind_nil_deficit": rng.choice([0, 100]),
        "spades_lead_anytime": rng.random() < 0.2,
        "forced_spade_lead_breaks": rng.random() < 0.3,
        "failed_nil_tricks": rng.choice(["count", "bags"]),
        "bag_limit": rng.choice([5, 10]),
        "target": target,
        "mercy": -rng.choice([target // 2, target]),
    }


def rules_played(rules: dict[str, Any]) -> list[str]:
    """The names serve-check counts a match under (its rule set and house options)."""
    game = Rules.from_dict(rules, any_seats=True).game
    names = [game if game != "partnership"
             else rules.get("bidding", "free") if rules.get("bidding", "free") != "free"
             else rules.get("deck", "standard")]
    if rules.get("nil_pass"):
        names.append(f"nil_pass={rules['nil_pass']}")
    names += [option for option in ("blind_nil", "ten_for_200", "boston") if rules.get(option)]
    return names


def eager_nil(view, rng):
    """Random legal play that bids nil often, so nil card passing comes up."""
    choices = view.legal_actions()
    nils = [a for a in choices if getattr(a, "value", None) == 0]
    if nils and rng.random() < 0.3:
        return nils[0]
    return rng.choice(choices)


async def seated(url: str, names, rules=None, strength="easy", grace=120.0, pace=0.0):
    """A table created by the first name, the others joined in the seats after it, in
    order (each asks for its seat); not started."""
    creator = client(url)
    creator.create(names[0], rules=rules, strength=strength, grace=grace, pace=pace)
    await drive([creator], lambda: creator.status == "ready" and creator.table)
    clients = [creator]
    for name in names[1:]:
        c = client(url)
        c.join(creator.code, name, seat=len(clients))
        clients.append(c)
        await drive(clients, lambda c=c: c.status == "ready")
    await drive(clients, lambda: all(
        c.table and sum(s["player"] == "human" for s in c.table["seats"]) == len(names)
        for c in clients
    ))
    return clients


def kept_inboxes(clients) -> dict[int, list[dict[str, Any]]]:
    """Every message each client receives, kept in order (by the client's id)."""
    inbox: dict[int, list[dict[str, Any]]] = {id(c): [] for c in clients}
    for c in clients:
        original = c._receive

        def keep(message, c=c, original=original):
            inbox[id(c)].append(message)
            original(message)

        c._receive = keep
    return inbox


async def checked_match(url: str, seed: int, alone: bool = False) -> dict[str, Any]:
    """One random match, every message to every seat checked (check_inbox); now and
    then a client's connection drops after its own action, so it comes back by
    ``resume`` and its missed updates are checked too. ``alone``: a match of three or
    two seats (random_alone_rules)."""
    rng = random.Random(seed)
    rules = random_alone_rules(rng) if alone else random_rules(rng)
    seats = Rules.from_dict(rules, any_seats=True).seats
    clients = await seated(url, NAMES[: rng.randint(1, seats)], rules=rules)
    inbox = kept_inboxes(clients)
    drops = {"planned": {}, "done": 0}

    def play(view, rng):
        c = next(c for c in clients if c.seat == view.seat)
        if rng.random() < 0.02 and id(c) not in drops["planned"]:
            drops["planned"][id(c)] = c.actions + 1 + rng.randrange(4)
        return eager_nil(view, rng)

    def over() -> bool:
        for c in clients:  # a planned drop: the network goes, the client comes back
            at = drops["planned"].get(id(c))
            if at is not None and c.actions >= at and c.status == "ready" and c.transport:
                c.transport.close()
                drops["planned"][id(c)] = 10**9
                drops["done"] += 1
        return clients[0].table["state"] == "over" and clients[0].view is not None \
            and clients[0].view.phase == "over" and all(c.status == "ready" for c in clients)

    clients[0].start()
    await drive(clients, over, players={id(c): play for c in clients}, timeout=300, rng=rng)
    await drive(clients, lambda: all(len(c.records) == len(clients[0].records)
                                     for c in clients), timeout=30)
    records = clients[0].hand_records
    checked = sum(check_inbox(inbox[id(c)], c.seat, records) for c in clients)
    for c in clients:
        c.close()
    passes = sum(len(r.get("passes", [])) for r in records.values())
    return {"messages": checked, "hands": len(records), "rules": rules_played(rules),
            "passes": passes, "resumes": drops["done"]}


async def leak_run(url: str, matches: int, seed: int, at_once: int = 8, alone: int = 0
                   ) -> dict[str, Any]:
    """``matches`` random matches of four seats and ``alone`` more of three or two."""
    done: dict[str, Any] = {"matches": 0, "messages": 0, "hands": 0, "leaks": 0, "errors": 0,
                            "passes": 0, "resumes": 0, "rules": {}}
    queue = list(range(matches + alone))

    async def worker():
        while queue:
            n = queue.pop()
            try:
                match = await checked_match(url, seed * 1_000_003 + n, alone=n >= matches)
            except AssertionError as exc:
                failure = "timed out" not in str(exc)
                done["leaks" if failure else "errors"] += 1
                print(f"match {n}: {exc}"[:400], flush=True)
                continue
            except Exception as exc:  # the harness's own trouble: no leak, but counted
                done["errors"] += 1
                print(f"match {n}: {type(exc).__name__}: {exc}"[:400], flush=True)
                continue
            done["matches"] += 1
            for key in ("messages", "hands", "passes", "resumes"):
                done[key] += match[key]
            for name in match["rules"]:
                done["rules"][name] = done["rules"].get(name, 0) + 1
            if done["matches"] % 100 == 0:
                print(f"  {done['matches']} matches checked", flush=True)

    await asyncio.gather(*(worker() for _ in range(at_once)))
    return done


# --- hostile messages ---------------------------------------------------------------


def hostile_messages(rng: random.Random, code: str) -> list[Any]:
    """What a hostile or broken client might send, after hello and its seat's resume:
    text (str) or binary (bytes) frames."""
    valid = [
        {"type": "act", "action": "AS"}, {"type": "seat", "seat": 1}, {"type": "start"},
        {"type": "join", "code": code, "name": "Eve"}, {"type": "ping"},
        {"type": "hello", "protocol": "spades-table/1"},
    ]
    junk_values = [None, True, 1.5, -1, 2**70, "", "x" * 300, [], {}, [1, [2]], {"a": 1},
                   "\u00e9", "AS", "look", "nil", 14, 0]
    out: list[Any] = [
        "", "{", "null", "[]", "1", '"act"', "{}", '{"type": 1}', '{"type": "dance"}',
        '{"type": "act"}', '{"type": "act", "action": "AS", "extra": 1}',
        '{"type": "act", "action": "ZZ"}', '{"type": "act", "action": 99}',
        '{"type": "ping", "ref": {"deep": 1}}', "[" * 3000 + "]" * 3000,
        '{"type": "ping"' + ', "a": 1' * 700 + "}", "x" * 5000,
        '{"type": "create", "name": "Eve", "rules": {"target": -5}}',
        '{"type": "create", "name": "Eve", "rules": {"no_such_rule": true}}',
        '{"type": "resume", "token": "forged-token"}', '{"type": "seat", "seat": 9}',
        '{"type": "hello", "protocol": "spades-table/1"}', '{"type": "name\u00e9"}',
        b"\x00\x01binary", b"{\"type\": \"ping\"}",
        json.dumps({"type": "join", "code": "AAAA-AAAA", "name": "Eve"}),
        json.dumps({"type": "join", "code": code, "name": "<script>"}),
        json.dumps({"type": "act", "action": "look"}), json.dumps({"type": "act", "action": 4}),
        json.dumps({"type": "act", "action": "blind_nil"}),
    ]
    while len(out) < 4 * 200:
        message = dict(rng.choice(valid))
        roll = rng.random()
        if roll < 0.4:
            key = rng.choice(list(message) + ["ref", "seat", "token", "x"])
            message[key] = rng.choice(junk_values)
        elif roll < 0.6:
            message.pop(rng.choice(list(message)))
        elif roll < 0.8:
            message[rng.choice(["type", "action", "code", "name"])] = rng.choice(junk_values)
        text = json.dumps(message, ensure_ascii=rng.random() < 0.8)
        if rng.random() < 0.1:
            cut = rng.randrange(len(text))
            text = text[:cut]
        out.append(text)
    return out


async def hostile_one(url: str, token: str, message: Any, pre_hello: bool) -> str:
    """Send one hostile message; 'refused' if the connection stays and still answers a
    ping, 'closed' if the server closed it with a reason; anything else is a failure."""
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed

    async with connect(url, compression=None, max_size=2**20) as ws:
        if not pre_hello:
            await ws.send(json.dumps({"type": "hello", "protocol": "spades-table/1"}))
            await ws.send(json.dumps({"type": "resume", "token": token}))
        await ws.send(message)
        await ws.send(json.dumps({"type": "ping", "ref": 1}))
        try:
            while True:
                reply = json.loads(await asyncio.wait_for(ws.recv(), 10))
                if reply["type"] == "update":
                    return f"an update followed {message!r:.80}"
                if reply["type"] == "pong":
                    return "refused"
        except ConnectionClosed:
            if ws.close_code in (1008, 1009) and ws.close_reason:
                return "closed"
            return f"closed without a reason ({ws.close_code}) after {message!r:.80}"


async def hostile_run(url: str, count: int, seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    clients = await seated(url, list(NAMES), rules={"target": 300})
    clients[0].start()
    await drive(clients, lambda: all(c.view for c in clients))

    def bid_then_three_tricks(view, rng):
        return random_legal(view, rng) if len(view.tricks) < 3 else None

    await drive(clients, lambda: all(len(c.view.tricks) == 3 for c in clients),
                players={id(c): bid_then_three_tricks for c in clients}, timeout=60)
    before = [(c.actions, c.view) for c in clients]
    to_act = clients[0].view.to_act
    hostile_seat = (to_act + 1) % len(clients)  # never its turn while the table is frozen
    token = clients[hostile_seat].token
    clients[hostile_seat].close()
    code = clients[0].code
    messages = hostile_messages(rng, code)
    tally: dict[str, int] = {"refused": 0, "closed": 0, "failures": 0}
    sent = 0
    while sent < count:
        message = messages[sent % len(messages)]
        outcome = await hostile_one(url, token, message, pre_hello=sent % 7 == 0)
        sent += 1
        if outcome in tally:
            tally[outcome] += 1
        else:
            tally["failures"] += 1
            print("  " + outcome, flush=True)
        if sent % 4 == 0:  # keep the table's own players here, as a real table would be
            for c in clients:
                c.poll()
    # A flood: more than the rate allows, on one connection.
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed

    flood_closed = False
    async with connect(url, compression=None) as ws:
        await ws.send(json.dumps({"type": "hello", "protocol": "spades-table/1"}))
        try:
            for _ in range(200):  # the server's own limit (serve's default: 20 a second)
                await ws.send(json.dumps({"type": "ping"}))
            while True:
                await asyncio.wait_for(ws.recv(), 10)
        except ConnectionClosed:
            flood_closed = ws.close_code == 1008 and "too many" in (ws.close_reason or "")
    others = [c for c in clients if c.seat != hostile_seat]
    await asyncio.sleep(0.5)  # anything the hostile messages caused has arrived by now
    for c in others:
        c.poll()
    after = [(c.actions, c.view) for c in others]
    intact = after == [b for b, c in zip(before, clients, strict=True) if c.seat != hostile_seat]
    # The table plays on: the hostile seat's own player comes back and all finish the hand.
    back = client(url)
    back.resume(token, seen=clients[hostile_seat].actions)
    players = others + [back]
    await drive(players, lambda: all(c.view and (c.view.hand_number >= 1 or c.view.phase ==
                                                 "over") for c in players),
                players={id(c): random_legal for c in players}, timeout=120, rng=rng)
    for c in players:
        c.close()
    return {**tally, "sent": sent, "flood_closed": flood_closed, "table_intact": intact,
            "table_played_on": True}


async def reconnect_run(url: str, count: int) -> list[float]:
    """Seconds from a dropped connection (the network back at once) to the client being
    seated again with the table's latest view, ``count`` times."""
    ann, bob = await seated(url, ["Ann", "Bob"])
    ann.start()
    await drive([ann, bob], lambda: ann.view and bob.view)
    times = []
    for _ in range(count):
        began = time.perf_counter()
        bob.transport.close()
        await drive([ann, bob], lambda: bob.status != "ready")
        await drive([ann, bob], lambda: bob.status == "ready" and bob.actions == ann.actions
                    and bob.view is not None, timeout=30)
        times.append(time.perf_counter() - began)
    for c in (ann, bob):
        c.close()
    return times


def main(args: argparse.Namespace) -> int:
    async def run() -> dict[str, Any]:
        with tempfile.TemporaryDirectory() as data:
            # The bots play far faster than people: the leak run's server lets them; the
            # hostile run meets the limit a real server keeps.
            fast = ServerProcess(Path(data) / "fast", rate=1000, workers=2).start()
            try:
                began = time.perf_counter()
                leaks = await leak_run(fast.url, args.matches, args.seed,
                                       alone=args.alone)
                leak_seconds = time.perf_counter() - began
            finally:
                fast.stop()
            real = ServerProcess(Path(data) / "real").start()
            try:
                hostile = await hostile_run(real.url, args.hostile, args.seed)
                back = sorted(await reconnect_run(real.url, 5))
            finally:
                real.stop()
            crashed = "Traceback" in fast.output() + real.output()
            return {"leaks": leaks, "leak_seconds": leak_seconds, "hostile": hostile,
                    "server_tracebacks": crashed, "reconnect": back}

    result = asyncio.run(run())
    leaks, hostile = result["leaks"], result["hostile"]
    print(f"matches checked: {leaks['matches']} ({leaks['hands']} hands, "
          f"{leaks['messages']} messages to seats) in {result['leak_seconds']:.0f} s;"
          f" leaks: {leaks['leaks']}; matches that could not finish: {leaks['errors']}")
    print(f"  nil card passes made: {leaks['passes']}; seats back by resume:"
          f" {leaks['resumes']}; matches by rules: " + ", ".join(
              f"{name} {count}" for name, count in sorted(leaks["rules"].items())))
    print(f"hostile messages: {hostile['sent']}; refused {hostile['refused']}, closed with a"
          f" reason {hostile['closed']}, failures {hostile['failures']}; a flood closed:"
          f" {hostile['flood_closed']}; table intact: {hostile['table_intact']}, played on:"
          f" {hostile['table_played_on']}; server tracebacks: {result['server_tracebacks']}")
    back = result["reconnect"]
    print(f"back at the table after a dropped connection: {back[len(back) // 2]:.2f} s"
          f" median, {back[-1]:.2f} s at most, of {len(back)} drops")
    ok = (leaks["leaks"] == 0 and leaks["errors"] == 0 and hostile["failures"] == 0
          and hostile["flood_closed"] and hostile["table_intact"]
          and not result["server_tracebacks"])
    return 0 if ok else 1

"""The seat's side of a shared table (docs/protocol.md), for the game's table scene.

    seen.py        the table turned so its player sits South: views, events and
                   finished hands by the seat the player owns
    session.py     TableClient: the latest table, view and updates; requests, actions,
                   reconnection with backoff; polled once a frame, never blocking
    transports.py  the WebSocket under it: the page's own in the browser (through the
                   small shim in build/template.tmpl), the websockets library on desktop

Imports only the engine (and, lazily, the transport's library), so it runs in the
browser archive as on the desktop.
"""

"""The tests' real servers and clients live in spades/server/probes/local.py (serve-check and
serve-bench use them too)."""

from spades.server.probes.local import ServerProcess, client, drive, random_legal

__all__ = ["ServerProcess", "client", "drive", "random_legal"]

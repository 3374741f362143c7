"""Entry point for the desktop and the browser build (pygbag runs this file).

``python main.py`` opens the table; ``python main.py --autoplay`` lets a computer
player take the human seat (see ``--help``). The terminal view of a match is
``python -m spades watch``.
"""

import asyncio

from spades.ui.app import main

if __name__ == "__main__":
    try:
        asyncio.run(main())
    except KeyboardInterrupt:  # Ctrl-C in the terminal: leave quietly, as the CLI does
        raise SystemExit(130) from None

"""Entry point for the desktop and the browser build (pygbag runs this file)."""

import sys

from spades.__main__ import main

if __name__ == "__main__":
    sys.exit(main(["watch"] + sys.argv[1:]))

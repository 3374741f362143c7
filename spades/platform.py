"""Where the game runs, and the two things only a browser does differently.

Everything browser-only sits behind this module, chosen at start-up by
:data:`IN_BROWSER`: the page's ``window`` (for local storage), offering a file to
the player (a download in the browser, a file written on desktop) and handing the
table's words to the page's live region for a screen reader. The rest of the
game is the same code everywhere. Standard library only: no pygame, so the storage
layer and the browser test (Pyodide, which has no pygame) can import it.

Two WebAssembly runtimes run this code: pygbag's (the game), which puts the page's
``window`` in its own ``platform`` module, and Pyodide (the browser test), which
exposes the page's global object as the ``js`` module. Both report
``sys.platform == "emscripten"``.
"""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path
from typing import Any


def in_browser() -> bool:
    """Asked at the moment it matters (tests pretend to be a browser by setting
    ``sys.platform``); :data:`IN_BROWSER` is the answer at start-up."""
    return sys.platform == "emscripten"


IN_BROWSER = in_browser()

_SAFE_NAME = re.compile(r"[^A-Za-z0-9._-]+")


def browser_window() -> Any:
    """The page's ``window`` object, or None outside a browser (or if unreachable)."""
    if not in_browser():
        return None
    try:
        import platform as pygbag_platform  # pygbag replaces the stdlib module

        window = getattr(pygbag_platform, "window", None)
        if window is not None:
            return window
    except Exception:
        pass
    try:
        import js  # Pyodide's view of the page's global object

        return js
    except Exception:
        return None


def pixel_ratio() -> float:
    """The page's devicePixelRatio (device pixels for one CSS pixel); 1 outside a
    browser, or when the page cannot say."""
    window = browser_window()
    if window is None:
        return 1.0
    try:
        return max(1.0, float(window.devicePixelRatio))
    except Exception:
        return 1.0


def touch_only() -> bool:
    """Whether the page says a finger is its only pointer (a phone or a tablet: no
    mouse, no trackpad), by two CSS media queries: cheap, and known before any input.
    False outside a browser, or when the page cannot say."""
    window = browser_window()
    if window is None:
        return False
    try:
        coarse = window.matchMedia("(any-pointer: coarse)").matches
        fine = window.matchMedia("(any-pointer: fine)").matches
        return bool(coarse) and not bool(fine)
    except Exception:
        return False


def local_storage() -> Any:
    """The page's ``localStorage``, or None when there is none or the browser refuses
    it: a blocked third-party iframe throws on the mere property access."""
    window = browser_window()
    if window is None:
        return None
    try:
        return window.localStorage
    except Exception:
        return None


def safe_file_name(name: str) -> str:
    """A plain file name: no folders, no characters a download or a disk may refuse."""
    base = _SAFE_NAME.sub("-", os.path.basename(str(name))).strip(".-")
    return base[:80] or "spades.json"


# The page builds a Blob and clicks a temporary link with a ``download`` attribute:
# the browser's own download, no server. Arguments arrive as JSON literals, which are
# valid JavaScript, so the same call works through pygbag's and Pyodide's bridges.
_DOWNLOAD_JS = """(function (name, text, type) {
  var blob = new Blob([text], {type: type});
  var url = URL.createObjectURL(blob);
  var link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.style.display = "none";
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(function () { URL.revokeObjectURL(url); }, 30000);
  return true;
})(%s, %s, %s)"""


def download_script(name: str, text: str, media_type: str = "application/json") -> str:
    """The JavaScript that offers ``text`` as a download called ``name``."""
    return _DOWNLOAD_JS % (
        json.dumps(safe_file_name(name)), json.dumps(text), json.dumps(media_type)
    )


def downloads_dir() -> Path:
    """Where a desktop export goes: SPADES_DOWNLOADS_DIR, else the player's Downloads
    folder when it exists, else the home folder."""
    override = os.environ.get("SPADES_DOWNLOADS_DIR", "").strip()
    if override:
        return Path(override).expanduser()
    try:
        from platformdirs import user_downloads_dir

        folder = Path(user_downloads_dir())
    except Exception:
        folder = Path.home() / "Downloads"
    return folder if folder.is_dir() else Path.home()


def offer_file(name: str, text: str, folder: Path | str | None = None) -> tuple[bool, str]:
    """Give the player ``text`` as a file: (done, a sentence to show them).

    In the browser the page downloads it (the browser decides where it goes); on
    desktop it is written to ``folder`` (default :func:`downloads_dir`) without
    replacing an older file of the same name. Never raises: an export that fails
    must not stop the game.
    """
    name = safe_file_name(name)
    if in_browser():
        window = browser_window()
        if window is None:
            return False, "The file could not be offered: the page is out of reach."
        try:
            window.eval(download_script(name, text))
        except Exception as exc:
            return False, f"The browser refused the download ({exc})."
        return True, f"Your browser is downloading {name}."
    try:
        target_dir = Path(folder) if folder is not None else downloads_dir()
        target_dir.mkdir(parents=True, exist_ok=True)
        stem, dot, ext = name.rpartition(".")
        stem, ext = (stem, "." + ext) if dot else (name, "")
        path, n = target_dir / name, 1
        while path.exists():
            n += 1
            path = target_dir / f"{stem}-{n}{ext}"
        with open(path, "x", encoding="utf-8") as f:
            f.write(text)
    except OSError as exc:
        return False, f"The file could not be written ({exc.strerror or exc})."
    return True, f"Saved as {path}."


# Import in the browser: a hidden file input, read by the page; the game polls for the
# text each frame (the page cannot call back into the game's loop). A chooser the
# player closes without a file fires the input's ``cancel`` event: the answer is then
# an empty text at once. A browser without that event gets the same answer when the
# page has its focus back and no file came within half a second.
_UPLOAD_JS = """(function () {
  window.__spadesUpload = undefined;
  var input = document.createElement("input");
  var answered = false;
  function answer(text) {
    if (answered) return;
    answered = true;
    window.__spadesUpload = text;
    window.removeEventListener("focus", refocused);
    setTimeout(function () { input.remove(); }, 0);
  }
  function refocused() {
    setTimeout(function () {
      if (!answered && !(input.files && input.files.length)) answer("");
    }, 500);
  }
  input.type = "file";
  input.accept = ".json,application/json";
  input.style.display = "none";
  input.addEventListener("cancel", function () { answer(""); });
  input.onchange = function () {
    var file = input.files && input.files[0];
    if (!file) { answer(""); return; }
    answered = true;  // reading: a focus coming back no longer means "cancelled"
    window.removeEventListener("focus", refocused);
    if (file.size > 2000000) { window.__spadesUpload = "{too large}"; return; }
    var reader = new FileReader();
    reader.onload = function () { window.__spadesUpload = String(reader.result); };
    reader.onerror = function () { window.__spadesUpload = ""; };
    reader.readAsText(file);
  };
  document.body.appendChild(input);
  if (!("oncancel" in input)) window.addEventListener("focus", refocused);
  input.click();
  return true;
})()"""


def ask_for_upload() -> bool:
    """Open the browser's file chooser; the text arrives later through take_upload()."""
    window = browser_window()
    if window is None:
        return False
    try:
        window.eval(_UPLOAD_JS)
    except Exception:
        return False
    return True


def take_upload() -> str | None:
    """The chosen file's text once the page has read it (an empty text if the player
    closed the chooser without a file or reading failed), else None while waiting."""
    window = browser_window()
    if window is None:
        return None
    try:
        text = window.eval("window.__spadesUpload")
    except Exception:
        return ""
    if text is None or str(text) == "undefined":
        return None
    try:
        window.eval("window.__spadesUpload = undefined")
    except Exception:
        pass
    return str(text)


# The page's live region and log (build/template.tmpl) take the table's words through
# one page function. Arguments are JSON literals, which json.dumps keeps ASCII (other
# letters become \u escapes that JavaScript reads back): pygbag's bridge converts a
# string byte by byte, so nothing but ASCII may cross it.
_ANNOUNCE_JS = """(function (text, urgent) {
  var say = window.spadesAnnounce;
  if (typeof say !== "function") return false;
  say(text, urgent);
  return true;
})(%s, %s)"""


def announce_script(text: str, urgent: bool = False) -> str:
    """The JavaScript that hands one sentence to the page's live region and log."""
    return _ANNOUNCE_JS % (json.dumps(str(text)), "true" if urgent else "false")


def announce(text: str, urgent: bool = False) -> bool:
    """Say ``text`` to a screen reader through the page: polite (it waits its turn) or
    ``urgent`` (it interrupts). False outside a browser or when the page is out of
    reach; never raises, since words must not stop the game."""
    window = browser_window()
    if window is None:
        return False
    try:
        return bool(window.eval(announce_script(text, urgent)))
    except Exception:
        return False


# A table's link, handed to the browser's share sheet where it has one (phones), else
# to its clipboard (a secure page: https or localhost). The answer says which, so the
# game can tell the player; the link is on screen either way.
_SHARE_JS = """(function (url, title) {
  try {
    if (navigator.share) {
      navigator.share({title: title, url: url}).catch(function () {});
      return "shared";
    }
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(url).catch(function () {});
      return "copied";
    }
  } catch (e) {}
  return "";
})(%s, %s)"""


def share_link(url: str, title: str) -> str:
    """Share or copy ``url``: "shared", "copied", or "" when the page can do neither
    (outside a browser, on a plain-http address)."""
    window = browser_window()
    if window is None:
        return ""
    try:
        return str(window.eval(_SHARE_JS % (json.dumps(str(url)), json.dumps(str(title)))))
    except Exception:
        return ""


__all__ = [
    "announce", "announce_script", "share_link",
    "ask_for_upload", "take_upload",
    "IN_BROWSER", "browser_window", "download_script", "downloads_dir", "in_browser",
    "local_storage", "offer_file", "safe_file_name",
]

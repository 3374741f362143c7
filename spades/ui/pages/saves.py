"""Your saves: where the match, the settings, the statistics and the Journey are kept,
exporting them all to one file and importing such a file (on desktop, picked from the
exported files in the export folder, or any file by its path), and removing them."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from ...storage import clear_all, export_all, import_all, import_file
from ..widgets import Button, Heading, Paragraph, TextField, Widget
from .screens import Screen

SHOWN_FILES = 6  # the newest exported files offered to import


class SavesScreen(Screen):
    title = "Your saves"

    def __init__(self, app) -> None:
        super().__init__(app)
        stamp = datetime.now().strftime("%Y-%m-%d")
        name = f"spades-saves-{stamp}.json"
        # The browser downloads to where it likes; a desktop export goes where you type.
        self.path = name if app.platform.in_browser() else str(
            app.platform.downloads_dir() / name)
        self.confirming = False
        self.waiting_upload = False

    def rows(self) -> list[Widget]:
        app = self.app
        store = app.store
        where = store.where or "this device"
        if app.platform.in_browser():
            about = ("Your match, settings, statistics and Journey are kept in this browser "
                     "only, on this device. Nothing is sent anywhere. Clearing this browser's "
                     "site data removes them, so export a copy to keep one.")
        else:
            about = (f"Your match, settings, statistics and Journey are kept on this computer "
                     f"only, {where}. Nothing is sent anywhere. Deleting that folder "
                     "removes them, so export a copy to keep one.")
        rows: list[Widget] = [Paragraph("about", about)]
        if app.platform.in_browser():
            rows.append(Button("export", "Export everything", self.export, note="Downloads "
                               "one file with your match, settings, statistics and Journey."))
            rows.append(Button("import", "Import a file", self.import_browser,
                               note="Choose a file exported before; it replaces what it "
                               "holds."))
        else:
            folder = app.platform.downloads_dir()
            rows.append(Button("export", "Export everything", self.export, note="Writes one "
                               "file with your match, settings, statistics and Journey: "
                               f"{self.file()}."))
            rows += self.exported_rows(folder)
            rows.append(TextField("path", "Another file", self.path, self.type_text,
                                  note="Or type a file's path: Export writes there, Import "
                                  "reads it."))
            rows.append(Button("import", "Import from that file", self.import_desktop,
                               note="Reads a file exported before; nothing changes if it is "
                               "refused."))
        label = "Yes, remove everything" if self.confirming else "Remove all local data"
        note = ("Press again to remove your match, settings and statistics for good."
                if self.confirming else "Asks once more before removing anything.")
        rows.append(Button("clear", label, self.clear, note=note, style="danger"))
        return rows

    def exported_rows(self, folder: Path) -> list[Widget]:
        """The files exported before, newest first, each a button that imports it: no
        path to type for the files Export wrote."""
        rows: list[Widget] = [Heading("h_files", "Import a file exported before")]
        files = exported_files(folder)
        if not files:
            rows.append(Paragraph("no_files", f"No exported file in {folder} yet: Export "
                                  "everything writes one there."))
        for i, (path, when) in enumerate(files[:SHOWN_FILES]):
            rows.append(Button(f"file_{i}", path.name, self._importer(path),
                               note=f"Exported {when.day} {when:%b %Y, %H:%M}. Replaces what it "
                               "holds; nothing changes if it is refused."))
        return rows

    def _importer(self, path: Path):
        return lambda: self.imported(*import_file(self.app.store, path))

    def type_text(self, text: str) -> None:
        self.path = text

    def file(self) -> Path:
        """The typed path; a file name alone, or a path emptied and retyped, is in the
        downloads folder (the folder the game was started from means nothing here)."""
        path = Path(self.path.strip()).expanduser()
        return path if path.is_absolute() else self.app.platform.downloads_dir() / path

    def export(self) -> None:
        text = export_all(self.app.store)
        path = self.file()
        _, sentence = self.app.platform.offer_file(path.name, text, folder=path.parent)
        self.say(sentence, 8)

    def import_desktop(self) -> None:
        # A regular file only, read bounded: a device or a FIFO is refused at once.
        self.imported(*import_file(self.app.store, self.file()))

    def import_browser(self) -> None:
        if not self.app.platform.ask_for_upload():
            self.say("The browser would not open a file chooser; nothing changed")
            return
        self.waiting_upload = True
        self.say("Choose the file in your browser's window", 30)

    def update(self, dt: float, think_ms: float = 0.0) -> None:
        super().update(dt)
        if self.waiting_upload:
            data = self.app.platform.take_upload()
            if data == "":
                self.waiting_upload = False
                self.say("No file was chosen; nothing changed")
            elif data is not None:
                self.waiting_upload = False
                self.finish_import(data)

    def finish_import(self, data: bytes | str) -> None:
        self.imported(*import_all(self.app.store, data))

    def imported(self, ok: bool, message: str) -> None:
        self.say(message, 8)
        if ok:
            self.app.reload_documents()

    def clear(self) -> None:
        if not self.confirming:
            self.confirming = True
            self.say("Press Remove again to confirm")
            return
        clear_all(self.app.store)
        self.confirming = False
        self.app.reload_documents()
        self.say("All local data was removed")


def exported_files(folder: Path) -> list[tuple[Path, datetime]]:
    """The export files (spades-saves-*.json) in ``folder``, newest first, with when
    each was written; none where the folder cannot be read."""
    found = []
    try:
        for path in folder.glob("spades-saves-*.json"):
            if path.is_file():
                found.append((path, datetime.fromtimestamp(path.stat().st_mtime)))
    except OSError:
        return []
    return sorted(found, key=lambda item: item[1], reverse=True)

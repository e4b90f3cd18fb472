"""The page's own modules (plot/ and web/), imported from the archive they ship in, each read once.

zipimport reads, unzips and unmarshals a module's bytecode twice: first when the import system
asks it for the module's file name (importlib's spec_from_loader), then for the code it runs.
ArchiveImporter names the file from the archive's table of contents instead (~17 ms of the
page's ~70 ms of imports on a reload, benchmarks in README).
"""

from __future__ import annotations

import sys
import zipimport


class ArchiveImporter(zipimport.zipimporter):
    """zipimport's importer, but a module's file name costs no read of the module."""

    def get_filename(self, fullname: str) -> str:
        """The module's source in the archive (ZipImportError if the archive has no such module)."""
        tail = fullname.rpartition(".")[2] + ("/__init__" if self.is_package(fullname) else "")
        return f"{self.archive}/{self.prefix}{tail}.py"


def install(archive: str) -> None:
    """From now on, import from `archive` (first on sys.path) through ArchiveImporter."""
    sys.path_hooks.insert(0, _hook(archive))
    inside = f"{archive}/"
    for entry in [e for e in sys.path_importer_cache if e == archive or e.startswith(inside)]:
        del sys.path_importer_cache[entry]  # zipimport's, for the modules imported so far
    if archive not in sys.path:
        sys.path.insert(0, archive)


def _hook(archive: str):
    """A path hook: ArchiveImporter for `archive` and its folders, no other entry."""

    def hook(entry: str) -> ArchiveImporter:
        if entry != archive and not entry.startswith(f"{archive}/"):
            raise ImportError("not the page's archive")
        return ArchiveImporter(entry)

    return hook

"""The whole standard library, fetched the first time the page imports a module the game's
trimmed one left out (scripts/sitebuild/slim.py): an import never fails for want of it.

Pyodide mounts the trimmed library as /lib/python3XY.zip; the finder below sits last on
sys.meta_path, so it is asked only about a module no other finder found. If that module is one
of the full library's (their names ship inside the trimmed zip), it downloads the full library
once (synchronously: an import cannot wait), adds it to sys.path and to the search path of every
package already imported, and finds the module there. Nothing else is ever fetched.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import sys
import zipimport

NAMES_ENTRY = "the-plot-stdlib-names.txt"  # scripts/sitebuild/slim.py writes it
FULL_STDLIB_URL = "web/vendor/pyodide/python_stdlib.zip"
FULL_STDLIB_PATH = "/lib/the-plot-full-stdlib.zip"


class WholeLibrary(importlib.abc.MetaPathFinder):
    def __init__(self, slim: str, fetch, warn):
        self.slim = slim          # where Pyodide mounted the trimmed library
        self.fetch = fetch        # (url) -> bytes, synchronously
        self.warn = warn          # (text) -> None: says the whole library was needed
        self.names = frozenset(zipimport.zipimporter(slim).get_data(NAMES_ENTRY)
                               .decode().split())
        self.loaded = False

    def find_spec(self, fullname, path=None, target=None):
        if self.loaded or fullname.partition(".")[0] not in self.names:
            return None
        self.warn(f"The Plot: the whole standard library was needed (for {fullname}); it was "
                  "fetched once")
        self._mount()
        return importlib.machinery.PathFinder.find_spec(fullname, _extended(path, self.slim))

    def _mount(self) -> None:
        with open(FULL_STDLIB_PATH, "wb") as file:
            file.write(self.fetch(FULL_STDLIB_URL))
        self.loaded = True
        sys.path.append(FULL_STDLIB_PATH)
        for module in list(sys.modules.values()):
            search = getattr(module, "__path__", None)
            if isinstance(search, list):
                search[:] = _extended(search, self.slim)
        sys.path_importer_cache.clear()
        importlib.invalidate_caches()


def _extended(path, slim: str):
    """A package's search path with the full library's copy of each trimmed-library folder."""
    if path is None:
        return None
    extra = [FULL_STDLIB_PATH + entry[len(slim):] for entry in path if entry.startswith(slim)]
    return list(path) + [entry for entry in extra if entry not in path]


def install(fetch, warn) -> None:
    """Put the finder last on sys.meta_path (once), over the library Pyodide mounted."""
    if any(isinstance(finder, WholeLibrary) for finder in sys.meta_path):
        return
    slim = next((entry for entry in sys.path if entry.endswith(".zip")
                 and entry.startswith("/lib/python")), None)
    if slim is None:
        return
    try:
        finder = WholeLibrary(slim, fetch, warn)
    except (OSError, KeyError, zipimport.ZipImportError):
        return  # the full library itself is mounted (no names inside): nothing is left out
    sys.meta_path.append(finder)

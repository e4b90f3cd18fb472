"""The page's browser layer (web/page.py wires it; web/main.py, the page's script, starts it).

The interpreter's snapshot (scripts/snapshot.mjs) holds the modules of this package and of plot/
that need no browser imported already, and sets SNAPSHOT_ARCHIVE_CRC here to the CRC-32 of the
archive it imported them from; web/main.py checks it against the page's archive.
"""

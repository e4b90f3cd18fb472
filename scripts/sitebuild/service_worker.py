"""The service worker, _site/sw.js: every file of the site with its hash, under one version."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from .caches import INTERPRETER_SNAPSHOT
from .layout import ROOT, SITE, fail
from .slim import FALLBACK_ONLY

# Written to the site root (so its scope is the whole site) from this template.
TEMPLATE = ROOT / "scripts" / "sw.template.js"
SW_NAME = "sw.js"
VERSION_MARKER = "__VERSION__"  # where the template takes the version
PRECACHE_MARKER = "__PRECACHE__"  # and where the files with their hashes
UNUSED_IN_WEBKIT_MARKER = "__UNUSED_IN_WEBKIT__"  # and those WebKit never asks for (web/boot.js)
VERSION_LENGTH = 16  # hex digits of the site's content hash that name a version


def file_digests(site: Path) -> dict[str, str]:
    """Every file of the site but the service worker, by relative path -> its SHA-256."""
    return {p.relative_to(site).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(site.rglob("*")) if p.is_file() and p.name != SW_NAME}


def site_version(digests: dict[str, str]) -> str:
    """The version that names a site: a hash of all its files' paths and hashes."""
    whole = hashlib.sha256("".join(f"{k} {v}\n" for k, v in digests.items()).encode())
    return whole.hexdigest()[:VERSION_LENGTH]


def write_service_worker(site: Path = SITE) -> str:
    """Write sw.js: every file of the site with its SHA-256, under a version named by them all."""
    digests = file_digests(site)
    version = site_version(digests)
    precache = {"./": digests["index.html"],  # the page is opened as the folder
                **{path: digest for path, digest in digests.items() if path not in FALLBACK_ONLY}}
    template = TEMPLATE.read_text(encoding="utf-8")
    for marker in (VERSION_MARKER, PRECACHE_MARKER, UNUSED_IN_WEBKIT_MARKER):
        if template.count(marker) != 1:
            fail(f"{TEMPLATE.relative_to(ROOT)} must hold {marker} exactly once")
    text = template.replace(VERSION_MARKER, version).replace(
        PRECACHE_MARKER, json.dumps(precache, indent=2)).replace(
        UNUSED_IN_WEBKIT_MARKER, json.dumps([INTERPRETER_SNAPSHOT]))
    target = site / SW_NAME
    target.unlink(missing_ok=True)  # never write through a hard link into another site
    target.write_text(text, encoding="utf-8")
    return version

"""The deployable site, _site/: the page, web/ and its vendored runtime, every URL relative."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from web.faces import template  # the page's own module: the venv has the project installed

from .layout import PAGE_SCRIPT, ROOT, SITE, VENDOR, copy, fail
from .service_worker import SW_NAME

# Files of the page itself (relative to ROOT) copied to the site besides web/.
PAGE_FILES = ("index.html", "pyscript.toml", "manifest.webmanifest")
FACES_MARKER = "<!-- the card faces: written here by the build (web/faces.py) -->"
WEB_SUFFIXES = {".js", ".css", ".svg", ".png", ".ico"}  # web/'s files the page fetches
CHECKED_SUFFIXES = {".html", ".css", ".toml", ".py", ".js", ".webmanifest"}  # may hold URLs
NOT_RELATIVE = re.compile(r"""(?:href|src|url)\s*[=(]\s*["']?(?:/|https?:|//)"""
                          r"""|"(?:src|start_url|scope)"\s*:\s*"(?:/|https?:)""", re.I)


def copy_site() -> None:
    """Write _site/ afresh: the page's files, its script, web/'s assets and web/vendor/."""
    if SITE.exists():
        shutil.rmtree(SITE)
    for name in PAGE_FILES:
        copy(ROOT / name, SITE / name)
    write_card_faces(SITE / "index.html")
    copy(ROOT / PAGE_SCRIPT, SITE / PAGE_SCRIPT)
    for path in sorted((ROOT / "web").iterdir()):
        if path.is_file() and path.suffix in WEB_SUFFIXES:
            copy(path, SITE / "web" / path.name)
    shutil.copytree(VENDOR, SITE / "web" / "vendor")


def write_card_faces(page: Path) -> None:
    """Put the card faces' <template> where index.html holds FACES_MARKER."""
    text = page.read_text(encoding="utf-8")
    if text.count(FACES_MARKER) != 1:
        fail(f"index.html must hold {FACES_MARKER} exactly once")
    page.unlink()  # never write through a hard link into the source tree
    page.write_text(text.replace(FACES_MARKER, template()), encoding="utf-8")


def absolute_urls(text: str) -> list[tuple[int, str]]:
    """The (line number, line) of every URL in `text` that is root-relative or absolute."""
    return [(n, line.strip()) for n, line in enumerate(text.splitlines(), 1)
            if NOT_RELATIVE.search(line) and "xmlns" not in line]


def check_relative_urls(site: Path = SITE) -> None:
    """The site must work under any sub-path: no root-relative or absolute URLs in our files."""
    for path in [*(site / name for name in (*PAGE_FILES, SW_NAME)), *(site / "web").glob("*.*")]:
        if path.is_file() and path.suffix in CHECKED_SUFFIXES:
            for n, line in absolute_urls(path.read_text(encoding="utf-8")):
                fail(f"{path.relative_to(site)}:{n}: URL is not relative: {line}")


def site_summary(site: Path = SITE) -> str:
    """'36 files, 20.2 MB': what the build wrote."""
    files = [p for p in site.rglob("*") if p.is_file()]
    return f"{len(files)} files, {sum(p.stat().st_size for p in files) / 1e6:.1f} MB"

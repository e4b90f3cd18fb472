"""Draw the app icons (web/icon-*.png) from web/favicon.svg with Chromium; run when the art changes.

    .venv/bin/python scripts/icons.py

The PNGs are committed (the build only copies them). "any" icons are the favicon as drawn;
"maskable" icons put the cards inside the central safe zone (80 % circle) on full-bleed felt, so
a phone may crop them to a circle or a squircle; the Apple touch icon is the maskable art too
(iOS fills transparency with black).
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
CHROMIUM = Path("/usr/bin/chromium")
FELT = "#1f6a41"
SAFE_ZONE = 0.78  # the art's share of a maskable icon: its card corners stay inside the 80 % circle
# file name -> (size in px, maskable)
ICONS = {
    "icon-192.png": (192, False),
    "icon-512.png": (512, False),
    "icon-maskable-192.png": (192, True),
    "icon-maskable-512.png": (512, True),
    "apple-touch-icon.png": (180, True),
}


def page_html(svg: str, size: int, maskable: bool) -> str:
    art = size * SAFE_ZONE if maskable else size
    background = FELT if maskable else "transparent"
    return (f"<!doctype html><style>html,body{{margin:0;background:{background}}}"
            f"div{{width:{size}px;height:{size}px;display:grid;place-items:center}}"
            f"svg{{width:{art}px;height:{art}px;display:block}}</style><div>{svg}</div>")


def main() -> None:
    svg = (WEB / "favicon.svg").read_text(encoding="utf-8")
    with sync_playwright() as p:
        launch = {"executable_path": str(CHROMIUM)} if CHROMIUM.exists() else {}
        browser = p.chromium.launch(**launch)
        for name, (size, maskable) in ICONS.items():
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(page_html(svg, size, maskable))
            page.locator("div").screenshot(path=str(WEB / name), omit_background=not maskable)
            page.close()
            print(f"icons: wrote web/{name} ({(WEB / name).stat().st_size} bytes)")
        browser.close()


if __name__ == "__main__":
    main()

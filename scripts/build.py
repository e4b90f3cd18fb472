"""Build the browser game: vendor the pinned runtime, check the page config, assemble _site/.

    python scripts/build.py vendor   # node_modules -> web/vendor/ (+ rules page from docs/rules.md)
    python scripts/build.py site     # vendor, then write the deployable static site to _site/

Only what the page fetches is copied; each job is a module of scripts/sitebuild/. Run it from any
directory with the project's venv (markdown-it-py renders the rules), as make vendor / make site do.
"""

from __future__ import annotations

import sys

from sitebuild import caches, config, daily, rules, runtime, slim, static_site, tiers, winnable
from sitebuild.layout import ROOT, SITE, VENDOR, fail
from sitebuild.service_worker import write_service_worker


def vendor() -> None:
    """Check the config, then fill web/vendor/: runtime, rules, deal lists, the slim runtime
    files, compiled files."""
    config.check_config()
    runtime.vendor_runtime()
    rules.write_rules()
    winnable.write_winnable()
    winnable.write_wins()
    tiers.write_tiers()
    daily.write_daily_pool()
    slim.write_slim()
    caches.write_caches()
    print(f"build: vendored runtime into {VENDOR.relative_to(ROOT)}/")


def site() -> None:
    """Vendor, then write the deployable site to _site/ with its service worker."""
    vendor()
    static_site.copy_site()
    version = write_service_worker()
    static_site.check_relative_urls()
    print(f"build: wrote {SITE.relative_to(ROOT)}/ ({static_site.site_summary()}, "
          f"version {version})")


COMMANDS = {"vendor": vendor, "site": site}

if __name__ == "__main__":
    if len(sys.argv) != 2 or sys.argv[1] not in COMMANDS:
        fail(f"usage: python scripts/build.py {'|'.join(COMMANDS)}")
    COMMANDS[sys.argv[1]]()

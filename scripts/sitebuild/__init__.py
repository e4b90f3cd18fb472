"""The build of the browser game, one module per job; scripts/build.py is its command line.

    layout          where the build reads and writes, and the helpers every job uses
    config          the check of pyscript.toml and index.html's <mpy-config>
    runtime         the vendored runtime: Pyodide and PyScript from node_modules into web/vendor/
    rules           the How to play panel: docs/how-to-play.md -> web/vendor/rules.html,
                    docs/rules.md -> web/vendor/full-rules.html
    winnable        the proved-winnable deals: docs/winnable-seeds.txt -> web/vendor/winnable.txt,
                    and their winning lines: docs/proofs/ -> web/vendor/wins.txt
    tiers           every rated deal's difficulty: docs/difficulty-tiers.txt -> web/vendor/tiers.txt
    daily           the frozen pool of daily deals: docs/daily-deals.txt -> web/vendor/daily.txt
    caches          the files compiled by the vendored Pyodide in Node, cached by their inputs
    static_site     the deployable site: _site/
    service_worker  _site/sw.js, which names the site's version
"""

"""Where did it slip? when the searches leave the slip among undecided moves, in every engine:
Search longer, Stop and Go on. A module of its own, so its long searches run in a page of
their own (one page per engine per module), not after the other features' post-mortems."""

from __future__ import annotations

from tests.browsers.test_features import ANALYSIS_TIMEOUT_MS, lost_and_analysed
from tests.e2e.tablepage import expected_table
from tests.e2e.test_story import after, page_slips
from tests.test_postmortem import random_lost_game


def test_a_slip_left_undecided_is_searched_for_longer(player):
    game = random_lost_game(19)
    first, deeper = page_slips(game, 1)
    assert first is None and deeper is not None
    lost_and_analysed(player, game)
    assert player.js("() => document.getElementById('postmortem').hasAttribute('data-slip')") \
        is False
    assert player.text("#rewind") == "Rewind to the last winnable position"
    player.click("#search-longer")
    player.wait(f"() => document.getElementById('postmortem').dataset.slip === '{deeper}'"
                " && document.getElementById('postmortem').dataset.state === 'done'",
                timeout_ms=ANALYSIS_TIMEOUT_MS, what="the slip, searched for longer")
    assert not player.visible("#search-longer")
    player.click("#rewind")
    player.wait_table(expected_table(after(game, deeper - 1)))
    player.assert_clean()


def test_a_longer_search_stops_and_goes_on(player):
    game = random_lost_game(16)
    first, once, twice = page_slips(game, 2)
    assert first is None and once is None and twice is not None
    lost_and_analysed(player, game)
    player.click("#search-longer")  # a round of seconds, that leaves the slip undecided
    player.wait("() => document.getElementById('postmortem').dataset.state === 'running'",
                what="the longer search")
    player.click("#postmortem-stop")
    player.wait("() => document.getElementById('postmortem').dataset.state === 'done'",
                what="the longer search stopped")
    assert player.text("#postmortem-text").startswith("Stopped before the end")
    assert not player.visible("#postmortem-stop") and not player.visible("#search-longer")
    player.click("#postmortem-go-on")
    player.wait("() => document.getElementById('postmortem').dataset.state === 'done'"
                " && !document.getElementById('search-longer').hidden",
                timeout_ms=ANALYSIS_TIMEOUT_MS, what="the first longer search, gone on")
    player.click("#search-longer")
    player.wait(f"() => document.getElementById('postmortem').dataset.slip === '{twice}'",
                timeout_ms=ANALYSIS_TIMEOUT_MS, what="the slip, searched for longer again")
    player.click("#story [data-action=close-panel]")
    player.assert_clean()

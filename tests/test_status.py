"""Won and lost: the engine decides 'lost' itself, checked against a brute-force search."""

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from plot import CODES, RANKS, Game
from tests.helpers import build, built_foundations, reaches

F1_FULL = ["5S", "6S", "7S", "8S", "9S", "TS", "JS", "QS", "KS", "AS", "2S", "3S", "4S"]


def test_new_game_is_playing():
    assert Game.new(11).status == "playing"


def test_won_when_the_last_card_reaches_a_foundation():
    position = build(foundations=[F1_FULL], tableau={"T1": ["4H"]}, stock=[], rest="foundations")
    game = Game.from_position(position)
    assert game.status == "playing"
    game.play("T1-F8")
    assert game.status == "won"
    game.undo()
    assert game.status == "playing"


def test_not_lost_while_the_stock_has_cards():
    position = build(foundations=[F1_FULL], stock=["4D"], rest="foundations")
    game = Game.from_position(position)
    assert game.legal_moves() == [game.legal_moves()[-1]] and str(game.legal_moves()[0]) == "S-W"
    assert game.status == "playing"


F1_RESTRICTED = F1_FULL[:9]  # 5 up to K: takes an ace next, F2-F8 locked, spaces take 5s only


def test_lost_when_nothing_can_ever_reach_a_foundation():
    # F1 needs an ace; the waste's 9 has no 10 to go on and may not fill a space.
    position = build(foundations=[F1_RESTRICTED], reserve=["QH"], waste=["AH", "9C"],
                     tableau={"T1": ["JD"]}, rest="waste")
    game = Game.from_position(position)
    assert game.status == "lost"


def test_not_lost_when_tableau_play_uncovers_a_needed_card():
    # The waste's 9 can go onto the 10 in the tableau, uncovering an ace for F1.
    position = build(foundations=[F1_RESTRICTED], reserve=["QH"], waste=["AH", "9C"],
                     tableau={"T1": ["TD"]}, rest="waste")
    game = Game.from_position(position)
    assert game.status == "playing"
    game.play("W-T1")
    assert [str(m) for m in game.legal_moves() if m.dst.startswith("F")] == ["W-F1"]


def test_moves_back_and_forth_do_not_count_as_progress():
    # The 9 can shuttle between two 10s forever, yet no card can ever reach a foundation.
    position = build(foundations=[F1_RESTRICTED], reserve=["QH"], waste=["AH", "JC"],
                     tableau={"T1": ["TD", "9C"], "T2": ["TH"]}, rest="waste")
    game = Game.from_position(position)
    assert "T1-T2" in [str(m) for m in game.legal_moves()]
    assert game.status == "lost"


def test_a_losing_move_can_be_undone():
    position = build(foundations=[F1_RESTRICTED], reserve=["QH"], waste=["AH", "9C"],
                     tableau={"T1": ["TD"], "T3": ["9D"]}, rest="waste")
    game = Game.from_position(position)
    assert game.status == "playing"
    game.play("T3-T1")  # covers the only 10, so the waste's 9 can never move again
    assert game.status == "lost"
    game.undo()
    assert game.status == "playing"


# ---- brute force: the engine's verdict against an exhaustive search of real moves -------------

def brute_force_can_score(game: Game) -> bool | None:
    """Search every position reachable without a foundation move; None if it is too large."""
    return reaches(game, lambda move, _after: move.dst.startswith("F"))


@st.composite
def endgames(draw):
    """A random position with an empty stock: short foundations, the rest on the table."""
    rnd = draw(st.randoms(use_true_random=False))
    base = rnd.randrange(13)
    pool = [c for c in CODES for _ in range(2)]
    restricted = rnd.random() < 0.3
    heights = [rnd.randint(9, 12)] + [0] * 7 if restricted else \
        [13] + [rnd.randint(8, 13) for _ in range(7)]
    foundations = built_foundations(heights, base, pool)
    rnd.shuffle(pool)
    tableau = {}
    for t in range(1, 13):
        if not pool or rnd.random() < 0.25:
            continue
        bottom = pool.pop()
        pile = [bottom]
        while rnd.random() < 0.6 and RANKS.index(pile[-1][0]) != base:
            below = RANKS[(RANKS.index(pile[-1][0]) - 1) % 13]
            match = [c for c in pool if c[0] == below and below != RANKS[base]]
            if not match:
                break
            pool.remove(match[0])
            pile.append(match[0])
        tableau[f"T{t}"] = pile
    reserve = pool[:rnd.randint(0, min(13, len(pool)))]
    waste = pool[len(reserve):]
    assume(len(waste) <= 78)
    return {"reserve": reserve, "stock": [], "waste": waste, "foundations": foundations,
            "tableau": [tableau.get(f"T{t}", []) for t in range(1, 13)]}


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                   HealthCheck.filter_too_much])
@given(endgames())
def test_lost_agrees_with_brute_force(position):
    game = Game.from_position(position)
    expected = brute_force_can_score(game)
    assume(expected is not None)
    assert (game.status == "playing") == expected

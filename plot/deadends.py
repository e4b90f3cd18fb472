"""Dead ends: sound tests that a search position can never be won, so the solver may drop it.

Each test is a proof (a position it flags has no winning line), so `lost` stays a proof. They
read a `SearchState` (plot/searchstate.py) and never change it.
"""

from .cards import FIRST_FOUNDATION_SIZE, RANK_COUNT, TABLEAU_COUNT
from .move import F_FIRST, T_FIRST, S
from .reserve import reserve_can_be_played

LAST_STEP = FIRST_FOUNDATION_SIZE - 1  # F1's last card: the rank below the base, on no top
COUNT_BITS = 5  # bits a step's count takes in first_foundation_has_room's packed counts
STEPS_COUNTED = range(1, LAST_STEP)  # steps whose cards can lie on the tableau
COUNT_GUARDS = sum(1 << (COUNT_BITS * step + COUNT_BITS - 1) for step in STEPS_COUNTED)
COUNTED = sum(((1 << COUNT_BITS) - 1) << (COUNT_BITS * step) for step in STEPS_COUNTED)
TALON_MEMORY = 50_000  # failed states of the relaxation kept (per search state), then forgotten
TABLEAU_MEMORY = 100_000  # tableaus whose steps are kept (tableau_steps), then forgotten


def is_dead(state, needs: dict[int, int], after: tuple | None = None) -> bool:
    """True if the position can never be won (`needs`: the ranks the foundations take now).

    `after`: the search move (plot/searchstate.py) that led here from a position these rules
    did not call dead (None if there is none). Only a foundation move changes what the reserve
    rule reads, and most moves leave foundation 1's relaxation as able to finish as it was
    (`_finish_holds`)."""
    if not state.stock_left and not can_still_score(state, needs):
        return True
    if first_foundation_stuck(state, after):
        return True
    return (after is None or F_FIRST <= after[1] < T_FIRST) and not reserve_can_clear(state)


def first_foundation_stuck(state, after: tuple | None = None) -> bool:
    """True if foundation 1 is short and can never be completed (`after` as for is_dead): the
    rank it needs next can never come free, its relaxation cannot finish, some step lacks
    room, or the cards above the copy of a hard step it must take lack footing. Sound for
    foundation 1 alone, so a search of foundation 1 (scripts/first_foundation.py) may use it
    where is_dead's reserve rule, which is about the win, does not apply."""
    return state.found[0] < FIRST_FOUNDATION_SIZE and not (
        first_foundation_can_grow(state)
        and (_finish_holds(state, after) or first_foundation_can_finish(state))
        and first_foundation_has_room(state)
        and first_foundation_has_footing(state))


def never_leaves_waste(step: int, found: int, hard: int) -> bool:
    """Whether a waste card `step` steps above the base stays in the waste while foundation 1
    (holding `found` cards) is short: F1's last step (it goes onto no top, and F1 takes it
    last), or a hard step (`hard`: tableau_steps' highest bottom) F1 has passed."""
    return step == LAST_STEP or hard <= step < found


def _finish_holds(state, after: tuple | None) -> bool:
    """Whether `first_foundation_can_finish` must say yes here, since it did before `after` (a
    move into a position of the search).

    Its relaxation finishes from here if it did before when the move
      - dealt a card that is not hard: the relaxation sets it aside the moment it is dealt, so
        every way it had to finish still works, with that card free sooner;
      - laid a card on the tableau, from the waste (above every hard card: a hard card goes
        onto no top) or alone from a pile (whose bottom was the card itself, below the bottom
        it now lies on), without covering the top F1 needs next: the hard cards, the floor and
        the cards that come free once F1 moves are as they were or more, and the card laid is
        free still, as a top; only the top it covers is no longer free, which matters only
        while F1 has not moved (the cards that come free then include it). A base-rank card
        laid in a space covers nothing.
    """
    if after is None:
        return False
    src, dst, _, rank = after
    if src == S:
        return state.steps[state.waste[-1]] < tableau_steps(state)[2]
    if dst < T_FIRST:
        return False
    return rank == state.base or state.steps[rank] + 1 != state.found[0]


def first_foundation_can_grow(state) -> bool:
    """While foundation 1 is short: False if no card of the rank it needs can ever come free.

    Suppose none ever does. Then F1 takes nothing, and no tableau top ever rises: a waste card
    lowers the top it lands on, a tableau move keeps the tops (the card it uncovers has the rank
    of the one it covers) or drops one by emptying a pile, and spaces take only base-rank cards,
    on which nothing builds. So a waste card whose rank is at or above every tableau top (base
    cards aside) can never leave the waste, and what lies under it stays there. The needed rank
    could come free only from the stock (deal down to it), the reserve top, a tableau top (a
    card under a tableau top is covered by the rank below it, which could only move onto a top
    of the needed rank), or the waste above every such stuck card.
    """
    base = state.base
    need = (base + state.found[0]) % RANK_COUNT
    if state.stock_left > state.first_in_stock[need]:
        return True
    if state.reserve_left and state.reserve[state.reserve_left - 1] == need:
        return True
    tops, _, _, highest = tableau_steps(state)  # highest: the highest top, in steps
    if tops >> state.found[0] & 1:
        return True
    step_of = state.steps
    for rank in reversed(state.waste):
        if rank == need:
            return True
        step = step_of[rank]
        if step >= highest and step:
            return False
    return False


def first_foundation_has_room(state) -> bool:
    """While foundation 1 is short: False if it can never take some step it still needs, for
    want of room on the tableau for the cards above that step's topmost copy in the waste.

    When no card of the step can come from the stock, the tableau or the reserve's rising run,
    F1 must take it from the waste, and first every card above it must leave, for the tableau
    or F1 (only F1 takes cards, and a space only a base-rank card). A pile is a run down by one
    from a bottom that never rises while F1 is short, so it holds at most one card of each
    step from its bottom down; F1 takes one card of each step before this one. So at that
    moment each card of steps 1-11 now on the tableau or above that copy is on one of those
    places, and for each step they must number no more than the places. Cards under a card
    that never leaves the waste (of F1's last step, or hard, of a step F1 has passed) are out
    of reach: a step whose only copies lie there can never be taken at all.
    """
    found, steps = state.found[0], state.steps
    elsewhere = reserve_run(state) | tableau_steps(state)[1]
    in_stock, stock_left, rank_of = state.first_in_stock, state.stock_left, state.shifts.rank_of
    wanted = [step for step in range(found, FIRST_FOUNDATION_SIZE)
              if not elsewhere >> step & 1 and stock_left <= in_stock[rank_of[step]]]
    if not wanted:
        return True
    held, room, _, _ = _tableau_counts(state)
    hard = tableau_steps(state)[2]
    for rank in reversed(state.waste):
        step = steps[rank]
        if step in wanted:
            bonus = sum(1 << (COUNT_BITS * taken) for taken in range(found, step))
            if (room + bonus + COUNT_GUARDS - (held & COUNTED)) & COUNT_GUARDS != COUNT_GUARDS:
                return False
            wanted.remove(step)
            if not wanted:
                return True
        if never_leaves_waste(step, found, hard):
            break  # nothing under it can be taken either
        held += 1 << (COUNT_BITS * step)
    return False  # a step with no copy F1 could ever reach


def first_foundation_has_footing(state) -> bool:
    """While foundation 1 is short: False if it can never take some hard step it needs, for
    want of footing on the tableau for the cards that must leave the waste before it.

    A card of a hard step (above every pile's bottom, so the tableau never takes it) leaves the
    waste only for F1, at its own step; so where neither the reserve's rising run nor the
    tableau holds a card of such a step, F1 takes it from the waste, and it is then the topmost
    copy there (`_footing_for` says what must hold at that moment). Base-rank cards are left
    out (a space takes them)."""
    found = state.found[0]
    _, tableau, floor, _ = tableau_steps(state)
    run = reserve_run(state)
    hard_steps = [step for step in range(max(found, floor + 1), FIRST_FOUNDATION_SIZE)
                  if not run >> step & 1]
    if not hard_steps:
        return True
    _, _, held, bottoms = _tableau_counts(state)
    step_of = state.steps
    waste = [step_of[rank] for rank in state.waste]
    return all(_footing_for(step, state, waste, held, bottoms, run, tableau, floor)
               for step in hard_steps)


def _footing_for(hard: int, state, waste: list[int], held: list[int], bottoms: list[int],
                 run: int, tableau: int, floor: int) -> bool:
    """Whether F1 might take a card of step `hard`, hard, from the waste: `held` and `bottoms`
    the tableau's cards and piles' bottoms of each step, `run` the steps of the reserve's run,
    `tableau` those of the tableau's cards, `floor` the lowest hard step.

    Say the stock has been dealt down to `end` cards when F1 takes it (every `end` is tried,
    from the cards dealt now to the whole stock). Then it is the topmost copy dealt, with no
    card above it that stays in the waste that long (a hard card of a higher step, or of one
    F1 has passed); every card of steps 1-11 on the tableau now, or above it in the waste, is
    on the tableau or home, and F1 has taken one card of each step from its next to `hard`,
    each from the reserve's run, the tableau, the waste above every card that stays or the
    cards dealt since. A pile is a run down by one from a bottom that never changes while F1
    is short, so a card lies on the tableau only as a pile's bottom now or on a card of the
    step above. So, from the top step down, the cards of a step on the tableau then number at
    most the bottoms of that step plus the cards of the step above, and at most the cards of
    that step that could be there (on the tableau now, above the topmost card in the waste that
    stays, or dealt by `end`; less the one F1 took, unless the reserve's run could give it),
    and at least those that must be there, less the one F1 took."""
    found = state.found[0]

    def stays(step):
        return step >= floor and (step >= hard or step < found)

    home = [int(found <= step < hard) for step in range(FIRST_FOUNDATION_SIZE)]
    taken = [home[step] and not run >> step & 1 for step in range(FIRST_FOUNDATION_SIZE)]
    wanted = (1 << (hard + 1)) - (1 << found)
    top = next((i for i in range(len(waste) - 1, -1, -1) if stays(waste[i])), -1)
    pool = held[:]  # the cards that could be on the tableau then
    present = run | tableau  # the steps some card F1 could take has
    for step in waste[top + 1:]:
        pool[step] += 1
        present |= 1 << step
    copy = top >= 0 and waste[top] == hard  # a copy F1 could take, and no stayer above it
    forced = pool[:]  # the cards that must be on the tableau or home then
    if copy:
        present |= 1 << hard
    dealing = state.dealing
    dealt = len(dealing) - state.stock_left
    for end in range(dealt, len(dealing) + 1):
        if end > dealt:
            step = dealing[end - 1]
            present |= 1 << step
            if step == hard:  # the copy F1 would take: what lies under it may have left
                copy, forced = True, held[:]
            elif stays(step):
                copy = False
            else:
                pool[step] += 1
                forced[step] += 1
        if not copy or wanted & ~present:
            continue
        room = 0  # the cards of the step above that the tableau can hold at most
        for step in range(LAST_STEP, 0, -1):
            room = min(pool[step] - taken[step], bottoms[step] + room)
            if forced[step] - home[step] > room:
                break
        else:
            return True
    return False


def _tableau_counts(state) -> tuple[int, int, list[int], list[int]]:
    """The tableau's cards of each step, and the cards of each step its piles can hold (one a
    pile from its bottom down), packed COUNT_BITS a step; then the tableau's cards and the
    piles' bottoms of each step, as lists by step. Kept per tableau (beside tableau_steps, up
    to TABLEAU_MEMORY tableaus)."""
    memo, key = state.tableau_memo, ("counts", state.tableau_code)
    counts = memo.get(key)
    if counts is None:
        held = room = 0
        by_step = [0] * FIRST_FOUNDATION_SIZE
        bottoms = [0] * FIRST_FOUNDATION_SIZE
        for code in state.codes:
            if code:
                cards, bottom = state.spans[code]
                if cards:
                    bottoms[bottom] += 1
                for step in range(1, bottom + 1):
                    room += 1 << (COUNT_BITS * step)
                    if cards >> step & 1:
                        held += 1 << (COUNT_BITS * step)
                        by_step[step] += 1
        if len(memo) > TABLEAU_MEMORY:
            memo.clear()
        counts = memo[key] = (held, room, by_step, bottoms)
    return counts


def first_foundation_can_finish(state) -> bool:
    """While foundation 1 is short: False if it can never take all the cards it still needs.

    No tableau top ever rises above the highest pile bottom B (bottoms never change while F1 is
    short, and spaces take base-rank cards only, which nothing builds on). So a *hard* card, one
    B or more steps above the base, can never go onto the tableau: in the waste it leaves only
    for F1, at its own step, and only from the top. Suppose every other card could be put aside
    on the tableau the moment it is uncovered, and taken back whenever F1 needs it, and every
    card already on the tableau or in the reserve's rising run from the top were free too: a
    relaxation, so if F1 cannot be finished even then, it never can (`_talon_can_finish`
    searches it). Only a tableau top counts for F1's next step: a card under it is covered by
    the step below, which could only move onto a top of the step F1 needs. The answer is kept
    per waste, stock, reserve, tableau steps and F1 height.
    """
    need = state.found[0]
    # a top is free (a card under it comes free only as F1 moves); floor: the hard steps, this
    # one and up; tableau: the steps of every tableau card (free once F1 has moved)
    tops, tableau, floor, _ = tableau_steps(state)
    free = reserve_run(state) | tops  # the steps above the base some free card has, as bits
    wanted = (1 << FIRST_FOUNDATION_SIZE) - (1 << need)
    if free >> need & 1 and not wanted & ~(free | tableau):
        return True
    key = ("finish", need, state.stock_left, state.reserve_left, state.waste_code, free,
           tableau, floor)
    verdict = state.memo.get(key)
    if verdict is None:
        step_of, stock = state.steps, state.dealing
        ahead = state.memo.get(("ahead", floor))
        if ahead is None:
            ahead = state.memo[("ahead", floor)] = hard_ahead(stock, floor)
        failed = state.talon_failed  # by floor
        if sum(map(len, failed.values())) > TALON_MEMORY:
            failed.clear()
        verdict = _talon_can_finish([step_of[rank] for rank in state.waste], stock, need, free,
                                    tableau, floor, len(stock) - state.stock_left, ahead,
                                    failed.setdefault(floor, set()))
        state.memo[key] = verdict
    return verdict


def tableau_steps(state) -> tuple[int, int, int, int]:
    """The tableau in steps above the base: its tops and its cards (as bits), the highest pile
    bottom (at least 1) and the highest top (0 if none), base-rank cards left out; kept per
    tableau (up to TABLEAU_MEMORY tableaus)."""
    memo = state.tableau_memo
    summary = memo.get(state.tableau_code)
    if summary is None:
        tops = cards = highest = 0
        floor = 1
        spans = state.spans
        for code in state.codes:
            if code:
                steps, high = spans[code]
                top = steps & -steps
                tops |= top
                cards |= steps
                floor = max(floor, high)
                highest = max(highest, top.bit_length() - 1)
        if len(memo) > TABLEAU_MEMORY:
            memo.clear()
        summary = memo[state.tableau_code] = (tops, cards, floor, highest)
    return summary


def reserve_run(state) -> int:
    """The steps of the rising run of reserve cards from the top that foundation 1 could take
    while short, as bits (steps above the base, from the step it needs next)."""
    key = ("run", state.reserve_left, state.found[0])
    run = state.memo.get(key)
    if run is None:
        run, last = 0, state.found[0] - 1
        for rank in reversed(state.reserve[:state.reserve_left]):
            step = state.steps[rank]
            if step <= last:
                break
            run |= 1 << step
            last = step
        state.memo[key] = run
    return run


def _talon_can_finish(waste: list[int], stock: list[int], need: int, free: int, later: int,
                      floor: int, dealt: int = 0, ahead: list[int] | None = None,
                      known: set | None = None) -> bool:
    """The relaxation of `first_foundation_can_finish`, on steps above the base: the waste
    bottom to top, the stock in dealing order (dealt up to `dealt`), F1's next step, the free
    steps (bits), the steps that come free once F1 has taken its next card, and the lowest
    hard step. `ahead`: `hard_ahead(stock, floor)`, if already worked out. `known`: the states
    found to fail by earlier searches of the same stock and floor, which this one adds to if it
    fails too.

    A search of every choice: F1 takes a free card of the step it needs, or the hard card on
    top of the waste if it is that step, or one more card is dealt (a hard one onto the waste,
    any other set aside, free). Two choices are never needed:
      - a free card where the hard top is of the same step: taking the hard top uncovers what
        it covers, and the free card's way leaves that buried for good;
      - dealing on where F1 can take its step now, unless a hard card of that step is still
        to come: only such a card, taken instead, could uncover more (what lies between it and
        the hard cards dealt before it); any other card dealt first is dealt as well after.
    A state is (step, cards dealt, the hard cards covering, free steps): what comes of it does
    not depend on where the search began once F1 has moved (the later steps are free by then).
    """
    covered = []  # the hard cards in the waste, lowest first: (step, free steps under it)
    under = 0
    for step in waste:
        if step >= floor:
            covered.append((step, under))
            under = 0
        else:
            under |= 1 << step
    if ahead is None:
        ahead = hard_ahead(stock, floor)
    seen: set = set()
    if known is None:
        known = seen
    todo = [(need, dealt, tuple(covered), free | under)]
    while todo:
        step, dealt, covered, free = todo.pop()
        if step == FIRST_FOUNDATION_SIZE:
            return True
        if step > need:
            free |= later
            state = (step, dealt, covered, free)
        else:
            state = (step, dealt, covered, free, later)
        if state in seen or state in known:
            continue
        seen.add(state)
        if covered and covered[-1][0] == step:  # better than a free card of the step: it
            advance = (step + 1, dealt, covered[:-1], free | covered[-1][1])  # uncovers
        elif free >> step & 1:
            advance = (step + 1, dealt, covered, free)
        else:
            advance = None
        if dealt < len(stock) and (advance is None or ahead[dealt] >> step & 1):
            card = stock[dealt]
            if card >= floor:
                todo.append((step, dealt + 1, (*covered, (card, 0)), free))
            else:
                todo.append((step, dealt + 1, covered, free | 1 << card))
        if advance is not None:
            todo.append(advance)
    known |= seen
    return False


def hard_ahead(stock: list[int], floor: int) -> list[int]:
    """For each number of cards dealt: the steps of the hard cards still to come, as bits."""
    ahead = [0] * (len(stock) + 1)
    for i in range(len(stock) - 1, -1, -1):
        ahead[i] = ahead[i + 1] | (1 << stock[i] if stock[i] >= floor else 0)
    return ahead


def can_still_score(state, needs: dict[int, int]) -> bool:
    """With the stock empty: False if no card can ever reach a foundation again.

    Sound because tableau-to-tableau moves never bring a new rank to a tableau top (a card
    leaving a pile uncovers the rank it covered elsewhere, or empties the pile), so without a
    foundation move the only ranks that can ever be played home are the reserve top, the
    tableau tops and the waste cards.
    """
    if state.reserve_left and state.reserve[state.reserve_left - 1] in needs:
        return True
    top, length = state.top, state.length
    if any(length[j] and top[j] in needs for j in range(TABLEAU_COUNT)):
        return True
    return any(rank in needs for rank in state.waste)


def reserve_can_clear(state) -> bool:
    """False if the reserve can never be played out (see `reserve_can_be_played`); the answer
    is kept per reserve and foundation counts."""
    found = state.found
    key = ("reserve", state.reserve_left, found[0], state.found_code)
    verdict = state.memo.get(key)
    if verdict is None:
        top_first = [state.steps[rank] for rank in state.reserve[:state.reserve_left]]
        verdict = reserve_can_be_played(top_first[::-1], found)
        state.memo[key] = verdict
    return verdict

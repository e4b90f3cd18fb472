"""Tableau classes (plot/shifts.py) against a brute force: every tableau the shifts reach.

A shift takes the top card of a pile of two or more onto a pile whose top is the rank above.
The solver searches a class for all its tableaus at once, so two things must hold exactly: the
class's name (`canonical`) is the same for every tableau the shifts reach and for no other, and
its moves (a top home, a card laid on a top, a pile of one emptied) reach every class that some
tableau of the class reaches with that move.
"""

from itertools import permutations

from hypothesis import given, settings
from hypothesis import strategies as st

from plot.cards import RANK_COUNT, TABLEAU_COUNT
from plot.shifts import ABOVE, NOWHERE, Shifts, shifts_for


def shifted(shifts: Shifts, tableau: tuple):
    """Every tableau one shift leads to (pile codes: length * 13 + top rank)."""
    for i, code in enumerate(tableau):
        length, rank = divmod(code, RANK_COUNT)
        target = shifts.onto[rank]
        if length < 2 or target == NOWHERE:
            continue
        for j, other in enumerate(tableau):
            if other % RANK_COUNT == target:
                piles = list(tableau)
                piles[i] = (length - 1) * RANK_COUNT + ABOVE[rank]
                piles[j] = other + RANK_COUNT - target + rank
                yield tuple(sorted(piles))


def reached(shifts: Shifts, tableau: tuple) -> set[tuple]:
    """Every tableau the shifts lead to from `tableau`, itself included."""
    seen, todo = {tableau}, [tableau]
    while todo:
        for other in shifted(shifts, todo.pop()):
            if other not in seen:
                seen.add(other)
                todo.append(other)
    return seen


@st.composite
def tableaus(draw, max_piles: int = TABLEAU_COUNT - 2) -> tuple[int, tuple]:
    """(base rank, tableau): piles whose tops crowd a few steps, so that runs form."""
    base = draw(st.integers(0, RANK_COUNT - 1))
    low = draw(st.integers(1, RANK_COUNT - 1))
    high = draw(st.integers(low, min(RANK_COUNT - 1, low + 4)))
    piles = []
    for _ in range(draw(st.integers(1, max_piles))):
        if draw(st.integers(0, 9)) == 0:
            piles.append((base, 1))  # a base-rank card alone
            continue
        top = draw(st.integers(low, high))
        bottom = draw(st.integers(top, min(RANK_COUNT - 1, top + 3)))
        piles.append(((base + top) % RANK_COUNT, bottom - top + 1))
    return base, tuple(sorted(length * RANK_COUNT + rank for rank, length in piles))


@settings(max_examples=300, deadline=None)
@given(tableaus())
def test_a_class_is_named_the_same_from_each_of_its_tableaus_and_holds_its_name(drawn):
    base, tableau = drawn
    shifts = shifts_for(base)
    members = reached(shifts, tableau)
    names = {shifts.canonical(member) for member in members}
    assert len(names) == 1
    assert names.pop() in members


@settings(max_examples=200, deadline=None)
@given(tableaus(max_piles=6))
def test_tableaus_of_the_same_cards_share_a_name_only_if_the_shifts_join_them(drawn):
    """Every way to lay the same bottoms under the same tops (the same cards, other piles):
    named as the tableau exactly when the shifts reach it from there."""
    base, tableau = drawn
    shifts = shifts_for(base)
    steps = [((code % RANK_COUNT - base) % RANK_COUNT, code // RANK_COUNT) for code in tableau]
    tops = [top for top, _ in steps]
    bottoms = [top + length - 1 for top, length in steps]
    members = reached(shifts, tableau)
    name = shifts.canonical(tableau)
    for order in set(permutations(bottoms)):
        pairs = list(zip(tops, order, strict=True))
        if all(bottom >= top and (top or bottom == 0) for top, bottom in pairs):
            other = tuple(sorted((bottom - top + 1) * RANK_COUNT + (base + top) % RANK_COUNT
                                 for top, bottom in pairs))
            assert (shifts.canonical(other) == name) == (other in members)


@settings(max_examples=200, deadline=None)
@given(tableaus())
def test_a_class_has_the_moves_of_all_its_tableaus_one_of_each_result(drawn):
    base, tableau = drawn
    shifts = shifts_for(base)
    name = shifts.canonical(tableau)
    members = reached(shifts, name)
    cls = shifts.tableau(name)

    def named(piles):
        return shifts.canonical(tuple(sorted(piles)))

    tops = {code % RANK_COUNT for code in name}
    for rank in range(RANK_COUNT):
        if rank in tops:  # a top of this rank goes home
            want = set()
            for member in members:
                for i, code in enumerate(member):
                    if code % RANK_COUNT == rank:
                        piles = list(member)
                        if code < 2 * RANK_COUNT:
                            del piles[i]
                        else:
                            piles[i] = code - RANK_COUNT - rank + ABOVE[rank]
                        want.add(named(piles))
            got = [shifts.at(result).piles for result in shifts.home(cls, rank)]
            assert sorted(got) == sorted(want)
        target = shifts.onto[rank]
        if target != NOWHERE and target in tops:  # a card of this rank laid on a top
            want = set()
            for member in members:
                for j, code in enumerate(member):
                    if code % RANK_COUNT == target:
                        piles = list(member)
                        piles[j] = code + RANK_COUNT - target + rank
                        want.add(named(piles))
            got = [shifts.at(result).piles for result in shifts.lay(cls, rank)]
            assert sorted(got) == sorted(want)
    want = set()  # a pile of one card emptied onto the top above it
    for member in members:
        for i, code in enumerate(member):
            rank = code - RANK_COUNT
            if code < 2 * RANK_COUNT and shifts.onto[rank] != NOWHERE:
                for j, other in enumerate(member):
                    if other % RANK_COUNT == shifts.onto[rank]:
                        piles = list(member)
                        piles[j] = other + RANK_COUNT - shifts.onto[rank] + rank
                        del piles[i]
                        want.add(named(piles))
    got = [shifts.at(result).piles for _, result in shifts.emptied(cls)]
    assert sorted(got) == sorted(want)


def test_a_class_can_hold_many_tableaus():
    """Three piles with tops one step apart and bottoms far below: the shifts deal out their
    bottoms in every way that fits, and each way is the one class."""
    shifts = shifts_for(0)
    tableau = tuple(sorted(length * RANK_COUNT + top for top, length in
                           ((3, 8), (4, 6), (5, 4))))  # tops 3, 4, 5 over bottoms 10, 9, 8
    members = reached(shifts, tableau)
    assert len(members) == 6  # each of the three bottoms under each top, as 3! ways
    assert len({shifts.canonical(member) for member in members}) == 1


@settings(max_examples=100, deadline=None)
@given(tableaus())
def test_a_class_is_found_again_from_its_number_once_forgotten(drawn):
    """Moves name the class they lead to by its packed number; a Shifts that has forgotten
    the class (or never met it) unpacks it from that number."""
    base, tableau = drawn
    shifts = shifts_for(base)
    name = shifts.canonical(tableau)
    packed = shifts.tableau(name).packed
    assert Shifts(base).at(packed).piles == name

"""Tableau classes: the tableaus that shifting cards between piles turns into one another.

A *shift* takes the top card of a pile of two or more onto another pile whose top is the rank
above it. It leaves the tops as they were (the card it uncovers has the rank of the one it
covers), and the card can always go straight back. So the tableaus that shifts lead to from one
another form a class in which every tableau plays exactly as the others: whatever one of them can
reach, each can, by shifting to it first. The solver searches classes, not tableaus: a class
stands for all its tableaus at once, and its moves are every other move (a card sent home, a
pile emptied, a card laid from the waste) from any of them, one of each result. On the
positions the solver found hardest, this leaves 2 to 8 times fewer positions to search.

A tableau here is a sorted tuple of pile codes (length * 13 + top rank), spaces left out; a
class is named by its sorted tableau, the one whose bottoms rise with its tops along each run
of consecutive tops (`canonical`).
"""

from itertools import combinations

from .cards import FOUNDATION_SIZE, RANK_COUNT, TABLEAU_COUNT

CLASS_MEMORY = 50_000  # tableaus whose class is kept, then all of it is forgotten
NOWHERE = RANK_COUNT  # onto[rank] for a rank that goes onto no tableau card
ABOVE = tuple((rank + 1) % RANK_COUNT for rank in range(RANK_COUNT))  # the rank a card covers
LENGTHS = FOUNDATION_SIZE + 1  # a tableau pile holds fewer cards than this
# a multiset of pile codes packed into one number: one slot of bits per code (12 piles fit)
SLOT_BITS = 4
SLOT = 1 << SLOT_BITS
PILE_SLOT = tuple(1 << (SLOT_BITS * code) for code in range(LENGTHS * RANK_COUNT))
assert TABLEAU_COUNT < SLOT
EMPTIED = 3 * RANK_COUNT  # Tableau.found's key for Shifts.emptied
SPAN_BITS = 4  # a pile's span packs its bottom step into this many low bits
SPAN = 1 << SPAN_BITS
assert RANK_COUNT <= SPAN


def shifts_for(base: int) -> "Shifts":
    """The classes of the tableaus of deals with this base rank, shared by every search until
    one of another base begins (what it keeps depends on nothing else). One base at a time:
    what it keeps outlives the searches, and a garbage collection has to look at all of it."""
    global _latest
    if _latest is None or _latest.base != base:
        _latest = Shifts(base)
    return _latest


_latest: "Shifts | None" = None


class Shifts:
    """The classes of one deal's tableaus (the ranks a card may go onto fixed by its base)."""

    def __init__(self, base: int):
        """The classes for deals of this base rank."""
        self.base = base
        # for each rank, the rank of a tableau top it may go onto (NOWHERE for a base-rank card,
        # or for the card just below the base rank: nothing builds on a base-rank card)
        self.onto = tuple(NOWHERE if base in (rank, ABOVE[rank]) else ABOVE[rank]
                          for rank in range(RANK_COUNT))
        self.step = tuple((rank - base) % RANK_COUNT for rank in range(RANK_COUNT))
        self.rank_of = tuple((base + step) % RANK_COUNT for step in range(RANK_COUNT))
        # each pile code as its span, top step * SPAN + bottom step (in order: by top, then
        # bottom), and back
        self.span_of = [0] * (LENGTHS * RANK_COUNT)
        self.code_of = [0] * (RANK_COUNT * SPAN)
        for length in range(1, LENGTHS):
            for rank in range(RANK_COUNT):
                top = self.step[rank]
                bottom = top + length - 1
                if bottom < RANK_COUNT:
                    span = top * SPAN + bottom
                    self.span_of[length * RANK_COUNT + rank] = span
                    self.code_of[span] = length * RANK_COUNT + rank
        self._canon: dict[tuple, tuple] = {}  # tableau: its class's sorted tableau
        self._moves: dict[tuple, tuple] = {}  # (kind, run, rank): the results for a run alone
        self._tableaus: dict[tuple, Tableau] = {}  # sorted tableau: tableau()
        self._by_packed: dict[int, Tableau] = {}  # the same, by Tableau.packed

    def canonical(self, tableau: tuple) -> tuple:
        """The sorted tableau of the class of `tableau` (a sorted tuple of pile codes)."""
        name = self._canon.get(tableau)
        if name is None:
            if len(self._canon) > CLASS_MEMORY:
                self._canon.clear()
                self._moves.clear()
                self._tableaus.clear()
                self._by_packed.clear()
            name = self._canon[tableau] = self._sorted_runs(tableau)
        return name

    def _sorted_runs(self, tableau: tuple) -> tuple:
        """The class's tableau whose bottoms rise with the tops along each run of tops.

        In steps above the base, a pile is (top, bottom), top <= bottom. A shift swaps the
        bottoms of a pile with top t and one with top t + 1 where both bottoms are at least
        t + 1 (the pile with top t is not a single card). Along a run of tops t, t + 1, ...,
        each present, swapping a higher bottom onto the higher top is always allowed (it is at
        least t + 1), so bubble sort reaches the tableau whose bottoms rise with the tops from
        every tableau of the class: two tableaus are in one class exactly when, run by run,
        their tops and bottoms are the same multisets."""
        span_of, code_of = self.span_of, self.code_of
        piles = sorted([span_of[code] for code in tableau])  # by top, then bottom
        codes = []
        start = 0
        for end in range(1, len(piles) + 1):
            if (end == len(piles) or piles[end - 1] < SPAN
                    or (piles[end] >> SPAN_BITS) - (piles[end - 1] >> SPAN_BITS) > 1):
                if end - start == 1:
                    codes.append(code_of[piles[start]])
                else:  # a run: its bottoms sorted onto its tops
                    run = piles[start:end]
                    bottoms = sorted([span & (SPAN - 1) for span in run])
                    codes += [code_of[span - (span & (SPAN - 1)) + bottom]
                              for span, bottom in zip(run, bottoms, strict=True)]
                start = end
        codes.sort()
        return tuple(codes)

    def _split(self, tableau: "Tableau", top: int) -> tuple[tuple, tuple]:
        """(the run of the tableau whose tops include step `top`, the other piles)."""
        known = tableau.found
        found = known.get(-1 - top)
        if found is None:
            step = self.step
            tops = {step[code % RANK_COUNT] for code in tableau.piles}
            low = high = top
            if top:
                while low - 1 in tops and low - 1:
                    low -= 1
                while high + 1 in tops:
                    high += 1
            run, others = [], []
            for code in tableau.piles:
                (run if low <= step[code % RANK_COUNT] <= high else others).append(code)
            found = tuple(run), tuple(others)
            for code in run:
                known[-1 - step[code % RANK_COUNT]] = found
        return found

    def tableau(self, name: tuple) -> "Tableau":
        """The class named by its sorted tableau, as the search holds it (kept)."""
        found = self._tableaus.get(name)
        if found is None:
            found = self._tableaus[name] = Tableau(name)
            self._by_packed[found.packed] = found
        return found

    def at(self, packed: int) -> "Tableau":
        """The class whose sorted tableau packs into `packed` (Tableau.packed): moves name the
        class they lead to by this number, which the garbage collector need not follow."""
        found = self._by_packed.get(packed)
        if found is None:  # forgotten since (CLASS_MEMORY): unpack it
            piles, code, rest = [], 0, packed
            while rest:
                piles += [code] * (rest & (SLOT - 1))
                rest >>= SLOT_BITS
                code += 1
            found = self.tableau(tuple(piles))
        return found

    def home(self, tableau: "Tableau", rank: int) -> tuple:
        """The classes left when a top of `rank` leaves some tableau of the class (for a
        foundation), one of each, packed (`at`). Only the run of that top changes: the other
        piles stay."""
        known = tableau.found
        if known is None:
            known = tableau.found = {}
        found = known.get(rank)  # keys: home rank, lay RANK_COUNT + rank, space 2 * ... + rank
        if found is None:
            run, others = self._split(tableau, self.step[rank])
            found = known[rank] = self._beside(others, self._run_home(run, rank))
        return found

    def _run_home(self, run: tuple, rank: int) -> tuple:
        """home() for a run alone: the bottom under the top that leaves, and (where the run
        splits in two) which bottoms stay under the tops below it, are all that differ."""
        key = ("run home", run, rank)
        found = self._moves.get(key)
        if found is None:
            top = self.step[rank]
            slots, bottoms = self._spans(run)
            rest = _without(slots, top)
            results = []
            for bottom in sorted(set(bottoms), reverse=True):
                if bottom >= top:
                    moved = [(top + 1, bottom)] if bottom > top else []
                    cut = top if top not in rest and top > slots[0] else None
                    results += self._arranged(rest, _without(bottoms, bottom), cut, moved)
            found = self._moves[key] = self._distinct(results)
        return found

    def lay(self, tableau: "Tableau", rank: int) -> tuple:
        """The classes made by laying a card of `rank` on a top of some tableau of the class,
        one of each, packed (the card's rank must go onto some top)."""
        known = tableau.found
        if known is None:
            known = tableau.found = {}
        found = known.get(RANK_COUNT + rank)
        if found is None:
            run, others = self._split(tableau, self.step[self.onto[rank]])
            found = known[RANK_COUNT + rank] = self._beside(others, self._run_lay(run, rank))
        return found

    def _run_lay(self, run: tuple, rank: int) -> tuple:
        """lay() for a run alone: the bottom under the top covered, and (where the run splits
        in two) which bottoms stay under the tops below it, are all that differ."""
        key = ("run lay", run, rank)
        found = self._moves.get(key)
        if found is None:
            laid = self.step[rank]
            covered = laid + 1
            slots, bottoms = self._spans(run)
            rest = _without(slots, covered)
            cut = covered if covered not in rest and covered < slots[-1] else None
            results = []
            for bottom in sorted(set(bottoms), reverse=True):
                if bottom >= covered:
                    results += self._arranged(rest, _without(bottoms, bottom), cut,
                                              [(laid, bottom)])
            found = self._moves[key] = self._distinct(results)
        return found

    def space(self, tableau: "Tableau", rank: int) -> int:
        """The class made by laying a card of `rank` in a space, packed (the same from every
        tableau of the class: its shifts still work beside one more pile)."""
        known = tableau.found
        if known is None:
            known = tableau.found = {}
        found = known.get(2 * RANK_COUNT + rank)
        if found is None:
            found = known[2 * RANK_COUNT + rank] = self.tableau(
                self.canonical(tuple(sorted((*tableau.piles, RANK_COUNT + rank))))).packed
        return found

    def emptied(self, tableau: "Tableau") -> tuple:
        """(rank, class packed) for each pile of one card some tableau of the class can empty onto
        another pile (of its run: the next step up), one of each class. A tableau of the class
        may have such a pile where the sorted one has none, so every run is looked at."""
        known = tableau.found
        if known is None:
            known = tableau.found = {}
        found = known.get(EMPTIED)
        if found is None:
            step, piles, span_of = self.step, tableau.piles, self.span_of
            tops = bottoms = 0  # steps, as bits
            for code in piles:
                span = span_of[code]
                tops |= 1 << (span >> SPAN_BITS)
                bottoms |= 1 << (span & (SPAN - 1))
            singles = tops & tops >> 1 & bottoms & ~1  # a top x, a top x + 1, a bottom x
            seen, found = set(), []
            done = set()  # the steps of the runs looked at
            for code in piles:
                top = step[code % RANK_COUNT]
                if top in done or not singles >> top & 1:
                    continue
                run, others = self._split(tableau, top)
                done.update(step[c % RANK_COUNT] for c in run)
                if len(run) < 2:
                    continue  # a pile alone in its run has no other pile to go onto
                for rank, after in self._run_emptied(run):
                    result = tuple(sorted((*others, *after)))  # sorted: it only lost tops
                    if result not in seen:
                        seen.add(result)
                        found.append((rank, self.tableau(result).packed))
            found = known[EMPTIED] = tuple(found)
        return found

    def _run_emptied(self, run: tuple) -> tuple:
        """emptied() for a run alone: a single card of step x (a pile whose top and bottom
        are both x) onto a top x + 1, whose bottom comes to lie under x."""
        key = ("run empty", run, None)
        found = self._moves.get(key)
        if found is None:
            slots, bottoms = self._spans(run)
            seen, found = set(), []
            for single in sorted(set(slots)):
                covered = single + 1
                if single not in bottoms or covered not in slots:
                    continue
                rest = _without(_without(slots, single), covered)
                left = _without(bottoms, single)
                cut = covered if covered not in rest and covered < slots[-1] else None
                for bottom in sorted(set(left), reverse=True):
                    if bottom >= covered:
                        for after in self._arranged(rest, _without(left, bottom), cut,
                                                    [(single, bottom)]):
                            after = self.canonical(after)
                            if after not in seen:
                                seen.add(after)
                                found.append((self.rank_of[single], after))
            found = self._moves[key] = tuple(found)
        return found

    def _spans(self, run: tuple) -> tuple[list[int], list[int]]:
        """The run's tops and its bottoms, in steps, each sorted."""
        spans = [self.span_of[code] for code in run]
        return (sorted(span >> SPAN_BITS for span in spans),
                sorted(span & (SPAN - 1) for span in spans))

    def _arranged(self, slots: list[int], bottoms: list[int], cut: int | None,
                  piles: list[tuple[int, int]]) -> list[tuple]:
        """Tableaus of `piles` (top, bottom) beside the tops `slots` with the `bottoms` on
        them, one for each way the bottoms can lie: with no cut, any one (they form one run,
        so every way is in one class), if some way is valid at all; with a cut (a step no top
        has any more, splitting the run), one for each set of bottoms that can lie on the tops
        below it while the others lie on the tops above."""
        if cut is None:
            options = [[(slots, bottoms)]]
        else:
            low = [slot for slot in slots if slot < cut]
            high = slots[len(low):]
            # a bottom below every high top must lie under a low top; the others lie under
            # any low top, so only which of them join the low ones differs
            lowest_high = high[0] if high else RANK_COUNT
            forced = [bottom for bottom in bottoms if bottom < lowest_high]
            free = bottoms[len(forced):]
            if len(forced) > len(low) or not _fits(low[:len(forced)], forced):
                return []
            options = [[(low, [*forced, *chosen]), (high, _without_all(free, chosen))]
                       for chosen in sorted(set(combinations(free, len(low) - len(forced))))]
        results = []
        code_of = self.code_of
        for parts in options:
            if all(_fits(tops, under) for tops, under in parts):
                codes = [code_of[top * SPAN + bottom] for top, bottom in piles]
                for tops, under in parts:
                    codes += [code_of[top * SPAN + bottom]
                              for top, bottom in zip(tops, under, strict=True)]
                codes.sort()
                results.append(tuple(codes))
        return results

    def _beside(self, others: tuple, runs: tuple) -> tuple:
        """The classes of each of `runs` (sorted tableaus, one of each class) beside the other
        piles, as Tableau: a class of the run stands for the run's tableaus beside any other
        piles. The tableaus stay sorted unless a run's tops come next to the others' (each run
        of the others is sorted already, and runs apart do not touch)."""
        near = self._tops_bits(others)
        near |= near << 1 | near >> 1
        tableaus = []
        for run in runs:
            tableau = tuple(sorted((*others, *run)))
            tableaus.append(self.canonical(tableau) if self._tops_bits(run) & near else tableau)
        return tuple(self.tableau(tableau).packed for tableau in tableaus)

    def _tops_bits(self, piles: tuple) -> int:
        """The piles' top steps as bits, base-rank piles left out (nothing joins them)."""
        bits = 0
        span_of = self.span_of
        for code in piles:
            bits |= 1 << (span_of[code] >> SPAN_BITS)
        return bits & ~1

    def _distinct(self, tableaus: list[tuple]) -> tuple:
        """The classes of the tableaus, one of each, in order of first appearance."""
        seen, found = set(), []
        for tableau in tableaus:
            name = self.canonical(tableau)
            if name not in seen:
                seen.add(name)
                found.append(name)
        return tuple(found)


class Tableau:
    """A class of tableaus as the search holds it: its sorted tableau (`piles`), laid out as
    the search state's arrays (piles first, then spaces) once the search comes to it, and
    what Shifts worked out about it."""

    __slots__ = ("piles", "codes", "top", "length", "tops", "packed", "found")

    def __init__(self, piles: tuple):
        """The class of the sorted tableau `piles` (Shifts.canonical)."""
        self.piles = piles
        self.packed = sum(map(PILE_SLOT.__getitem__, piles))  # the multiset, packed
        self.codes = None  # lay_out()
        self.found: dict | None = None  # Shifts' answers about it, by their own keys

    def lay_out(self) -> None:
        """Work out the arrays: pile codes, tops, lengths and the top ranks as bits."""
        piles = self.piles
        self.codes = piles + (0,) * (TABLEAU_COUNT - len(piles))
        self.top = tuple(code % RANK_COUNT for code in self.codes)
        self.length = tuple(code // RANK_COUNT for code in self.codes)
        tops = 0
        for code in piles:
            tops |= 1 << code % RANK_COUNT
        self.tops = tops


def _without(values: list[int], value: int) -> list[int]:
    """A sorted list less one copy of `value` (which it holds)."""
    i = values.index(value)
    return values[:i] + values[i + 1:]


def _without_all(values: list[int], taken) -> list[int]:
    """A sorted list less one copy of each of `taken`."""
    for value in taken:
        values = _without(values, value)
    return values


def _fits(tops: list[int], bottoms: list[int]) -> bool:
    """Whether the bottoms (sorted) can lie on the tops (sorted), each at or below its top:
    pairing them in order is the best way, if any is. (A loop: all() over a generator costs
    twice as much, and this runs for every way a run's bottoms can divide.)"""
    for top, bottom in zip(tops, bottoms, strict=True):  # noqa: SIM110
        if bottom < top:
            return False
    return True

"""The seeded generator gives the same numbers everywhere (PCG32 reference values)."""

from tabletop.engine.rng import PCG32


def test_pcg32_reference_sequence():
    # pcg32_srandom(42, 54) from the PCG reference implementation
    r = PCG32(42, 54)
    assert [r.next_u32() for _ in range(6)] == [
        0xA15C02B7, 0x7B47F409, 0xBA1D3330, 0x83D2F293, 0xBFA4784B, 0xCBED606E]


def test_round_trip_and_copy_continue_identically():
    r = PCG32(7)
    for _ in range(10):
        r.next_u32()
    a = PCG32.from_data(r.to_data())
    b = r.copy()
    assert [a.next_u32() for _ in range(20)] == [b.next_u32() for _ in range(20)] == [r.next_u32() for _ in range(20)]


def test_randbelow_is_in_range_and_uses_every_value():
    r = PCG32(3)
    seen = {r.randbelow(7) for _ in range(500)}
    assert seen == set(range(7))
    assert all(5 <= r.randint(5, 9) <= 9 for _ in range(200))


def test_shuffle_is_a_permutation_and_seed_dependent():
    items = list(range(40))
    a, b, c = items[:], items[:], items[:]
    PCG32(1).shuffle(a)
    PCG32(1).shuffle(b)
    PCG32(2).shuffle(c)
    assert a == b and sorted(a) == items and a != items and a != c

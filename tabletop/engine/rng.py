"""A seeded random generator of our own: PCG32 (XSH RR 64/32).

It gives the same numbers on every Python version and platform (pure integer
arithmetic), and its whole state is two integers, so it is part of a game
state's data. ``random.Random`` is never used by rules code.
"""

from __future__ import annotations

import sys

_MASK64 = (1 << 64) - 1
_MULT = 6364136223846793005
#: ``randbelow(n)`` rejects the draws below ``2**32 % n`` (no modulo bias); worked out once for small n
_THRESHOLD = tuple((0x100000000 - n) % n if n else 0 for n in range(256))


#: The first n draws of a shuffle are worked out at once (see _draws). For a stream
#: (``inc``): state k after a state s is ``(A_k * s + C_k) mod 2**64``; _LANES keeps, per
#: inc, ``[P, A_P, C_P, wide A, wide C, masks of 64, 32 and 5 bits]`` for P lanes of 128 bits
#: (lane k holding A_k, C_k or the mask), P a power of two grown by doubling; _FITTED the
#: same cut to n lanes. Emptied when large.
_LANES: dict = {}
_ORDER = sys.byteorder
_FITTED: dict = {}


def _grown(inc: int, n: int) -> list:
    got = _LANES.get(inc)
    if got is None:
        if len(_LANES) > 64:
            _LANES.clear()
            _FITTED.clear()
        got = _LANES[inc] = [1, _MULT, inc, 1, 0, _MASK64, 0xFFFFFFFF, 31]
    while got[0] < n:
        p, a, c, wa, wc, m64, m32, m5 = got
        shift = 128 * p
        ones = m5 // 31  # a 1 in each lane
        got[:] = [2 * p, (a * a) & _MASK64, (a * c + c) & _MASK64,
                  wa | ((wa * a) & m64) << shift, wc | ((wc * a + c * ones) & m64) << shift,
                  m64 | m64 << shift, m32 | m32 << shift, m5 | m5 << shift]
    return got


def _fitted(inc: int, n: int) -> tuple:
    got = _FITTED.get((inc, n))
    if got is None:
        cut = (1 << 128 * n) - 1
        wide = _grown(inc, n)
        got = _FITTED[(inc, n)] = (wide[3] & cut, wide[4] & cut, wide[5] & cut, wide[6] & cut, wide[7] & cut)
    return got


def _draws(state: int, inc: int, n: int) -> tuple:
    """The states and next ``n`` outputs of a generator in ``state``: the states side by side
    (state k in bits 128k to 128k + 63 of one integer), and the outputs as two numbers each,
    the 32-bit xorshifted value written twice side by side (64 bits) and how far to rotate it
    right: output ``k`` is ``(draws[2k] >> draws[2k + 1]) & 0xFFFFFFFF``. Worked out for all n at
    once, each state below 2**64 in a lane of 128 bits (so no lane's product reaches the next)."""
    wide_mult, wide_add, mask64, mask32, mask5 = _fitted(inc, n)
    s = (state * wide_mult + wide_add) & mask64  # lane k: state k
    x = ((s ^ (s >> 18)) >> 27) & mask32  # lane k: its 32 xorshifted bits
    # read back as 64-bit numbers in the machine's byte order (the lanes are written in it)
    return s, memoryview((x | x << 32 | (s >> 59 & mask5) << 64).to_bytes(16 * n, _ORDER)).cast("Q").tolist()


class PCG32:
    """PCG32 generator with ``randbelow``, ``randint``, ``shuffle`` and ``choice``."""

    __slots__ = ("state", "inc")

    def __init__(self, seed: int = 0, stream: int = 54):
        self.inc = ((stream << 1) | 1) & _MASK64
        self.state = 0
        self.next_u32()
        self.state = (self.state + (seed & _MASK64)) & _MASK64
        self.next_u32()

    def next_u32(self) -> int:
        old = self.state
        self.state = (old * _MULT + self.inc) & _MASK64
        xorshifted = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
        rot = old >> 59
        return ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & 0xFFFFFFFF

    def randbelow(self, n: int) -> int:
        """Uniform integer in [0, n) without modulo bias."""
        if n <= 1:
            if n == 1:
                return 0
            raise ValueError("randbelow needs n > 0")
        threshold = _THRESHOLD[n] if n < 256 else (0x100000000 - n) % n
        inc = self.inc
        old = self.state
        while True:  # next_u32, inlined
            xorshifted = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
            r = ((xorshifted * 0x100000001) >> (old >> 59)) & 0xFFFFFFFF  # rotated right by old >> 59
            old = (old * _MULT + inc) & _MASK64
            if r >= threshold:
                self.state = old
                return r % n

    def randint(self, a: int, b: int) -> int:
        """Uniform integer in [a, b], both ends included."""
        return a + self.randbelow(b - a + 1)

    def random(self) -> float:
        """Float in [0, 1) with 32 bits of precision."""
        return self.next_u32() / 4294967296.0

    def shuffle(self, items: list) -> None:
        """Fisher-Yates shuffle in place: ``j = randbelow(i + 1)`` for each ``i``
        from the last index down to 1 (randbelow inlined)."""
        last = len(items) - 1
        if last < 1:
            return
        inc = self.inc
        old = self.state
        if last < 255:
            # every n = i + 1 is below 256, so its threshold is too: a draw of 256 or more
            # is never rejected. The draws all come at once (_draws); from a draw that is
            # rejected on, the loop below takes over.
            states, draws = _draws(old, inc, last)
            draws = iter(draws)
            for i, twice, rot in zip(range(last, 0, -1), draws, draws):
                r = (twice >> rot) & 0xFFFFFFFF  # rotated right
                if r < 256 and r < _THRESHOLD[i + 1]:
                    old = (states >> 128 * (last - i)) & _MASK64  # the state of this draw
                    last = i
                    break
                j = r % (i + 1)
                items[i], items[j] = items[j], items[i]
            else:
                self.state = ((states >> 128 * (last - 1)) * _MULT + inc) & _MASK64  # after the last draw
                return
        for i in range(last, 0, -1):
            n = i + 1
            threshold = _THRESHOLD[n] if n < 256 else (0x100000000 - n) % n
            while True:
                xorshifted = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
                r = ((xorshifted * 0x100000001) >> (old >> 59)) & 0xFFFFFFFF
                old = (old * _MULT + inc) & _MASK64
                if r >= threshold:
                    break
            j = r % n
            items[i], items[j] = items[j], items[i]
        self.state = old

    def choice(self, items):
        """``items[randbelow(len(items))]`` (randbelow inlined)."""
        n = len(items)
        if n <= 1:
            if n == 1:
                return items[0]
            raise IndexError("choice from an empty sequence")
        threshold = _THRESHOLD[n] if n < 256 else (0x100000000 - n) % n
        inc = self.inc
        old = self.state
        while True:
            xorshifted = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
            r = ((xorshifted * 0x100000001) >> (old >> 59)) & 0xFFFFFFFF  # rotated right by old >> 59
            old = (old * _MULT + inc) & _MASK64
            if r >= threshold:
                self.state = old
                return items[r % n]

    def copy(self) -> "PCG32":
        r = PCG32.__new__(PCG32)
        r.state = self.state
        r.inc = self.inc
        return r

    def to_data(self) -> str:
        """The generator as one hex string (TOML integers stop at 2**63)."""
        return f"{self.state:016x}{self.inc:016x}"

    @classmethod
    def from_data(cls, data: str) -> "PCG32":
        r = cls.__new__(cls)
        r.state, r.inc = int(data[:16], 16), int(data[16:], 16)
        return r

"""A seeded random generator of our own: PCG32 (XSH RR 64/32).

It gives the same numbers on every Python version and platform (pure integer
arithmetic), and its whole state is two integers, so it is part of a game
state's data. ``random.Random`` is never used by rules code.
"""

from __future__ import annotations

_MASK64 = (1 << 64) - 1
_MULT = 6364136223846793005
#: ``randbelow(n)`` rejects the draws below ``2**32 % n`` (no modulo bias); worked out once for small n
_THRESHOLD = tuple((0x100000000 - n) % n if n else 0 for n in range(256))


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
        inc = self.inc
        old = self.state
        last = len(items) - 1
        if last < 255:
            # every n = i + 1 is below 256, so its threshold is too: a draw of 256 or
            # more is never rejected, and only a smaller one is checked against it.
            # The constants are locals here (read once per draw each)
            mult, mask = _MULT, _MASK64
            n = last + 1
            for i in range(last, 0, -1):
                xorshifted = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
                r = ((xorshifted * 0x100000001) >> (old >> 59)) & 0xFFFFFFFF
                old = (old * mult + inc) & mask
                if r < 256:
                    threshold = _THRESHOLD[n]
                    while r < threshold:
                        xorshifted = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
                        r = ((xorshifted * 0x100000001) >> (old >> 59)) & 0xFFFFFFFF
                        old = (old * mult + inc) & mask
                j = r % n
                items[i], items[j] = items[j], items[i]
                n = i
            self.state = old
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

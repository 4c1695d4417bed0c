"""Independent reference for Mosaic conversions, written from the rules in
docs/numerics.md and not from the C code.

Arithmetic is exact: every value a Mosaic format can hold (and every
rounding boundary between them) is a dyadic rational k * 2^-SCALE_BITS with
SCALE_BITS = 200, so magnitudes are held as Python integers in that unit --
an exact rational representation with a fixed denominator, much faster than
fractions.Fraction and just as exact. fractions.Fraction is used where a
value is shown or compared with another representation.

Rounding is done the way the standard defines it: find the two candidates
that bracket the exact value on the target's grid, then pick one by the
mode's rule (nearest with ties to the even significand, nearest with ties
away, toward zero, toward -inf, toward +inf).
"""
from fractions import Fraction

SCALE_BITS = 200
ONE = 1 << SCALE_BITS

RNE, RTZ, RDN, RUP, RMM = range(5)
MODE_NAMES = ["rne", "rtz", "rdn", "rup", "rmm"]

NX, UF, OF, DZ, NV, SAT = 1, 2, 4, 8, 16, 32


def pow2(e):
    """2^e in scaled units (e >= -SCALE_BITS)."""
    return 1 << (e + SCALE_BITS)


class Float:
    """A float format as the spec describes it."""

    def __init__(self, name, ebits, mbits, bias, specials, max_value, small, overflow,
                 canonical_nan, shift=0):
        self.name, self.ebits, self.mbits, self.bias = name, ebits, mbits, bias
        self.specials = specials          # "ieee" (Inf+NaN), "fn" (E4M3), "none" (FP4)
        self.max_value = max_value        # largest finite magnitude, Fraction
        self.small = small                # FP8/FP4: subnormals follow opts.subnormals
        self.overflow = overflow          # "ieee", "fp8" or "sat"
        self.canonical_nan = canonical_nan
        self.shift = shift                # TF32 sits in bits 31:13
        self.emin = 1 - bias
        self.width = 1 + ebits + mbits
        self.max_scaled = int(max_value * ONE)

    def decode(self, bits, subnormals=True):
        """-> ("nan",) | ("inf", neg) | ("num", neg, scaled magnitude)"""
        x = bits >> self.shift
        neg = bool((x >> (self.ebits + self.mbits)) & 1)
        e = (x >> self.mbits) & ((1 << self.ebits) - 1)
        f = x & ((1 << self.mbits) - 1)
        top = (1 << self.ebits) - 1
        if self.specials == "ieee" and e == top:
            return ("inf", neg) if f == 0 else ("nan",)
        if self.specials == "fn" and e == top and f == (1 << self.mbits) - 1:
            return ("nan",)
        if e == 0:
            if self.small and not subnormals:
                return ("num", neg, 0)
            return ("num", neg, f * pow2(self.emin - self.mbits))
        return ("num", neg, ((1 << self.mbits) + f) * pow2(e - self.bias - self.mbits))

    def encode(self, neg, mag):
        """Pattern of a representable magnitude."""
        s = int(neg) << (self.ebits + self.mbits)
        if mag < pow2(self.emin):
            f, r = divmod(mag, pow2(self.emin - self.mbits))
            assert r == 0 and f < (1 << self.mbits)
            return (s | f) << self.shift
        e = mag.bit_length() - 1 - SCALE_BITS
        f, r = divmod(mag, pow2(e - self.mbits))
        assert r == 0 and (1 << self.mbits) <= f < (2 << self.mbits)
        return (s | ((e + self.bias) << self.mbits) | (f - (1 << self.mbits))) << self.shift

    def max_bits(self, neg):
        return self.encode(neg, self.max_scaled)

    def inf_bits(self, neg):
        return ((int(neg) << (self.ebits + self.mbits)) |
                (((1 << self.ebits) - 1) << self.mbits)) << self.shift


class Int:
    def __init__(self, name, width):
        self.name, self.width = name, width
        self.lo, self.hi = -(1 << (width - 1)), (1 << (width - 1)) - 1

    def decode(self, bits, subnormals=True):
        v = bits & ((1 << self.width) - 1)
        if v >> (self.width - 1):
            v -= 1 << self.width
        return ("num", v < 0, abs(v) * ONE)


def _ieee_max(ebits, mbits):
    bias = (1 << (ebits - 1)) - 1
    return (2 - Fraction(1, 1 << mbits)) * Fraction(2) ** bias


FORMATS = {
    "fp32": Float("fp32", 8, 23, 127, "ieee", _ieee_max(8, 23), False, "ieee", 0x7FC00000),
    "fp16": Float("fp16", 5, 10, 15, "ieee", Fraction(65504), False, "ieee", 0x7E00),
    "bf16": Float("bf16", 8, 7, 127, "ieee", _ieee_max(8, 7), False, "ieee", 0x7FC0),
    "tf32": Float("tf32", 8, 10, 127, "ieee", _ieee_max(8, 10), False, "ieee", 0x7FC00000, 13),
    "e4m3": Float("e4m3", 4, 3, 7, "fn", Fraction(448), True, "fp8", 0x7F),
    "e5m2": Float("e5m2", 5, 2, 15, "ieee", Fraction(57344), True, "fp8", 0x7E),
    "fp4": Float("fp4", 2, 1, 1, "none", Fraction(6), True, "sat", None),
    "int8": Int("int8", 8),
    "int16": Int("int16", 16),
    "int32": Int("int32", 32),
}


def _pick(a, lo, hi, lo_is_even, neg, rm):
    """Choose lo or hi (magnitudes, lo < a < hi) for a value of sign neg."""
    if rm == RTZ:
        return lo
    if rm == RDN:
        return hi if neg else lo
    if rm == RUP:
        return lo if neg else hi
    below, above = a - lo, hi - a
    if below != above:
        return lo if below < above else hi
    if rm == RMM:
        return hi
    return lo if lo_is_even else hi


def round_float(fmt, neg, a, rm, unbounded_below=False):
    """Round magnitude a > 0 to fmt's significand width. The exponent is
    unbounded above (overflow is judged afterwards); below it stops at the
    subnormal quantum unless unbounded_below. Returns the rounded magnitude."""
    e = a.bit_length() - 1 - SCALE_BITS          # floor(log2 a)
    if not unbounded_below:
        e = max(e, fmt.emin)
    quantum = pow2(e - fmt.mbits)
    k = a // quantum
    lo = k * quantum
    if lo == a:
        return a
    return _pick(a, lo, lo + quantum, k % 2 == 0, neg, rm)


def round_int(neg, a, rm):
    """Round magnitude a >= 0 to an integer magnitude."""
    k = a // ONE
    if k * ONE == a:
        return k
    return _pick(a, k * ONE, (k + 1) * ONE, k % 2 == 0, neg, rm) // ONE


def convert(src, dst, bits, rm=RNE, sat=False, subnormals=False, wrap=False):
    """Mosaic conversion per the spec -> (bits, flags)."""
    s, d = FORMATS[src], FORMATS[dst]
    v = s.decode(bits, subnormals)
    if isinstance(d, Int):
        return _to_int(d, v, rm, wrap)
    if v[0] == "nan":
        if d.specials == "none":
            return d.max_bits(False), SAT | NV
        return d.canonical_nan, 0
    neg = v[1]
    saturating = d.overflow == "sat" or (d.overflow == "fp8" and sat)
    if v[0] == "inf":
        if saturating:
            return d.max_bits(neg), SAT
        if d.specials == "fn":
            return d.canonical_nan, NV
        return d.inf_bits(neg), 0
    a = v[2]
    if a == 0:
        return d.encode(neg, 0), 0
    r = round_float(d, neg, a, rm)
    if r > d.max_scaled:
        if saturating:
            return d.max_bits(neg), SAT | NX
        if d.overflow == "fp8":
            return (d.canonical_nan if d.specials == "fn" else d.inf_bits(neg)), OF | NX
        # IEEE: modes that round toward zero on this side stop at max
        toward_zero = rm == RTZ or (rm == RDN and not neg) or (rm == RUP and neg)
        return (d.max_bits(neg) if toward_zero else d.inf_bits(neg)), OF | NX
    flags = NX if r != a else 0
    min_normal = pow2(d.emin)
    if 0 < r < min_normal and d.small and not subnormals:
        return d.encode(neg, 0), UF | NX
    tiny = a < min_normal and round_float(d, neg, a, rm, unbounded_below=True) < min_normal
    if tiny and r != a:
        flags |= UF
    return d.encode(neg, r), flags


def _to_int(d, v, rm, wrap):
    mask = (1 << d.width) - 1
    if v[0] == "nan":
        return d.hi & mask, SAT | NV
    if v[0] == "inf":
        return (d.lo if v[1] else d.hi) & mask, SAT
    neg, a = v[1], v[2]
    k = round_int(neg, a, rm)
    flags = NX if k * ONE != a else 0
    n = -k if neg else k
    if wrap:
        return n & mask, flags
    if n > d.hi:
        return d.hi & mask, flags | SAT
    if n < d.lo:
        return d.lo & mask, flags | SAT
    return n & mask, flags


def value_of(fmt, bits, subnormals=True):
    """Exact value as a Fraction, or the strings "nan", "+inf", "-inf"."""
    v = FORMATS[fmt].decode(bits, subnormals)
    if v[0] == "nan":
        return "nan"
    if v[0] == "inf":
        return "-inf" if v[1] else "+inf"
    return Fraction(-v[2] if v[1] else v[2], ONE)

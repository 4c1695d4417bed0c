"""Host reference of the Atalla kernels, written from docs/atalla.md's
rules alone (numpy + ml_dtypes.bfloat16), and the allocator's host model.
Used by test_atalla.py."""
import numpy as np
import ml_dtypes

BF16 = ml_dtypes.bfloat16
QNAN = 0x7FC0  # the canonical BF16 NaN every kernel produces


def to_f32(bits):
    return bits.view(BF16).astype(np.float32)


def to_bits(f32):
    """FP32 -> BF16 round-to-nearest-even; NaN -> the canonical NaN."""
    out = f32.astype(BF16).view(np.uint16).copy()
    out[np.isnan(f32)] = QNAN
    return out


def elementwise(kern, a, b):
    """add/sub/mul: one FP32 operation on the exact operands, one rounding
    to BF16. relu: x > 0 ? x : +0, NaN -> NaN."""
    fa = to_f32(a)
    with np.errstate(all="ignore"):
        if kern == "r":
            r = np.where(fa > 0, fa, np.float32(0)).astype(np.float32)
            r[np.isnan(fa)] = np.nan
            return to_bits(r)
        fb = to_f32(b)
        r = {"a": fa + fb, "u": fa - fb, "m": fa * fb}[kern]
    return to_bits(r.astype(np.float32))


def gemm(a, b):
    """Per batch: acc = +0 (FP32), for k = 0..K-1 in order acc = fma(a[i,k],
    b[k,j], acc) with one FP32 rounding; out = BF16(acc). The product of two
    BF16 values is exact in float64, and acc + p is exact in float64 whenever
    it is close enough to an FP32 rounding boundary to matter, so a float64
    add then one rounding to FP32 is the FP32 fma."""
    fa = to_f32(a).astype(np.float64)
    fb = to_f32(b).astype(np.float64)
    M, K = fa.shape[-2:]
    N = fb.shape[-1]
    lead = fa.shape[:-2]
    fa = fa.reshape(-1, M, K)
    fb = fb.reshape(-1, K, N)
    out = np.empty((fa.shape[0], M, N), np.float32)
    with np.errstate(all="ignore"):
        for i in range(fa.shape[0]):
            acc = np.zeros((M, N), np.float32)
            for k in range(K):
                acc = (acc.astype(np.float64) + np.outer(fa[i, :, k], fb[i, k, :])).astype(np.float32)
            out[i] = acc
    return to_bits(out.reshape(*lead, M, N))


def softmax(x):
    """Last dimension, L values per row, lanes j = column mod 16:
    m = max (NaN ignored); d = x - m (FP32); e = exp(d) (FP32; the reference
    uses the correctly rounded FP32 exp, the kernel tact exp, <= 0.69 ulp);
    p_j = ((0 + e_j) + e_{16+j}) + ... (FP32); s = ((p_0 + p_1) + p_2) + ...
    + p_15 (FP32); r = 1/s (FP32, correctly rounded); out = BF16(e * r)
    (FP32 product, then BF16)."""
    L = x.shape[-1]
    f = to_f32(x).reshape(-1, L)
    R = f.shape[0]
    ct = (L + 15) // 16
    pad = np.full((R, ct * 16), -np.inf, np.float32)
    pad[:, :L] = f
    with np.errstate(all="ignore"):
        m = np.nanmax(pad, axis=1).astype(np.float32)
        d = (pad - m[:, None]).astype(np.float32)
        e = np.exp(d.astype(np.float64)).astype(np.float32)
        S = np.zeros((R, 16), np.float32)
        for c in range(ct):
            S = (S + e[:, 16 * c:16 * c + 16]).astype(np.float32)
        s = S[:, 0].copy()
        for j in range(1, 16):
            s = (s + S[:, j]).astype(np.float32)
        r = (np.float32(1) / s).astype(np.float32)
        out = (e * r[:, None]).astype(np.float32)[:, :L]
    return to_bits(out).reshape(x.shape)


def transpose(x, d0, d1):
    return np.ascontiguousarray(np.swapaxes(x, d0, d1))


class ScpadModel:
    """docs/atalla.md "Allocator": 2 banks x 256 pages of 256 bytes, first
    fit from the lowest page, bank 0 then bank 1 (or the bank asked for),
    a start page a multiple of align/256 when align > 256."""

    PAGE, PAGES, BASE = 256, 256, 0x20000000

    def __init__(self):
        self.used = [[False] * self.PAGES for _ in range(2)]
        self.run = [dict(), dict()]

    def alloc(self, size, align, bank):
        if size == 0 or align < 64 or align & (align - 1) or size > self.PAGE * self.PAGES:
            return 0, -1
        n = -(-size // self.PAGE)
        step = max(1, align // self.PAGE)
        if step > self.PAGES:
            return 0, -1
        for b in ([0, 1] if bank < 0 else [bank]):
            for s in range(0, self.PAGES - n + 1, step):
                if not any(self.used[b][s:s + n]):
                    for k in range(s, s + n):
                        self.used[b][k] = True
                    self.run[b][s] = n
                    return self.BASE + (b * self.PAGES + s) * self.PAGE, b
        return 0, -1

    def free(self, addr, sid):
        if addr == 0 or sid not in (0, 1):
            return
        off = addr - self.BASE - sid * self.PAGES * self.PAGE
        if off < 0 or off >= self.PAGES * self.PAGE or off % self.PAGE:
            return
        s = off // self.PAGE
        n = self.run[sid].pop(s, 0)
        for k in range(s, s + n):
            self.used[sid][k] = False

    def free_pages(self, b):
        return self.used[b].count(False)

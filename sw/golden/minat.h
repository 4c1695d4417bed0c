/* Internal interface of the MINA-T group (custom-2): minat.c decodes and
 * applies every illegal-instruction check, then calls one executor per
 * concern. Executors assume the encoding, rounding-mode and format checks
 * passed; tld/tst still do their own alignment and DDC checks (they come
 * last in the check order and need the memory interface). */
#ifndef MOSAIC_MINAT_H
#define MOSAIC_MINAT_H

#include "tu_internal.h"

#define MINAT_ELEMS (MOSAIC_TILE * MOSAIC_TILE)

/* R-type funct7 classes (funct3 = 111, docs/isa.md R2). */
enum {
    MINAT_TADD = 0,
    MINAT_TMMA = 1,
    MINAT_TSUB = 2,
    MINAT_TMUL = 3,
    MINAT_TMAX = 4,
    MINAT_TMIN = 5,
    MINAT_TROWMAX = 6,
    MINAT_TROWSUM = 7,
    MINAT_TBSUB = 8,
    MINAT_TBMUL = 9,
    MINAT_TBDIV = 10,
    MINAT_NCLASS = 11
};

/* I-type funct3. */
enum {
    MINAT_F3_TLD = 0,
    MINAT_F3_TST = 1,
    MINAT_F3_TACT = 2,
    MINAT_F3_TCVT = 3,
    MINAT_F3_TZERO = 4,
    MINAT_F3_TRED = 5,
    MINAT_F3_TSCALE = 6,
    MINAT_F3_RTYPE = 7
};

/* Snapshot of a register as 256 right-aligned element patterns. Reading
 * every source into a snapshot first is what lets a destination alias a
 * source. */
static inline void minat_read_tile(const mosaic_tu *tu, unsigned reg, mosaic_fmt f,
                                   uint32_t out[MINAT_ELEMS])
{
    for (unsigned i = 0; i < MINAT_ELEMS; i++)
        out[i] = mosaic_tile_get(tu, reg, f, i);
}

/* A whole-register write (R9): 1024 zero bytes, then the tile. */
static inline void minat_write_tile(mosaic_tu *tu, unsigned reg, mosaic_fmt f,
                                    const uint32_t v[MINAT_ELEMS], mosaic_tu_result *res)
{
    mosaic_treg_clear(tu, reg, res);
    for (unsigned i = 0; i < MINAT_ELEMS; i++)
        mosaic_tile_set(tu, reg, f, i, v[i]);
}

/* minat_mem.c */
void minat_tld(mosaic_tu *tu, const mosaic_mem_if *mem, const mosaic_insn *in,
               mosaic_tu_result *res);
void minat_tst(mosaic_tu *tu, const mosaic_mem_if *mem, const mosaic_insn *in,
               mosaic_tu_result *res);

/* minat_elem.c: cls is a MINAT_T* class other than MINAT_TMMA. */
void minat_binary(mosaic_tu *tu, unsigned cls, unsigned d, unsigned a, unsigned b,
                  mosaic_tu_result *res);
void minat_tact(mosaic_tu *tu, unsigned d, unsigned func, mosaic_tu_result *res);
void minat_tcvt(mosaic_tu *tu, unsigned d, unsigned s, mosaic_fmt to, mosaic_tu_result *res);
void minat_tzero(mosaic_tu *tu, unsigned d, mosaic_tu_result *res);
void minat_tscale(mosaic_tu *tu, unsigned d, uint32_t x, mosaic_tu_result *res);

/* minat_mma.c */
void minat_tmma(mosaic_tu *tu, unsigned d, unsigned a, unsigned b, mosaic_tu_result *res);

/* minat_red.c: writes the result to res->rd_value (x[rd]). */
void minat_tred(mosaic_tu *tu, unsigned s, unsigned op, unsigned rd, mosaic_tu_result *res);

#endif

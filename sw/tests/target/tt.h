/* Helpers shared by the on-target tests: tiles in main memory, element
 * access by format, loading and storing registers through those buffers. */
#ifndef TT_H
#define TT_H

#include <stdint.h>
#include <string.h>

#include "mosaic.h"
#include "mosaic_rt.h"
#include "mref.h"
#include "mtest.h"

/* Staging buffers in main memory (tensor instructions reach it; the core
 * too, across a fence). */
#define TT_BUF_BYTES 4096
extern uint8_t tt_src[TT_BUF_BYTES];
extern uint8_t tt_dst[TT_BUF_BYTES];

/* Element idx (= 16 * row + col) of a packed tile of format fmt. */
uint32_t tt_get(const void *tile, unsigned fmt, unsigned idx);
void tt_set(void *tile, unsigned fmt, unsigned idx, uint32_t bits);

/* Load tile register `tr` (tag already fmt) from `src` (packed tile). The
 * fence after the tld lets the next TT_LD rewrite tt_src: the tld may still
 * be reading it (a slow DRAM, e.g. --dram-stall-pct 40, shows the race). */
#define TT_LD(tr, fmt, src)                                                    \
    do {                                                                       \
        memcpy(tt_src, (src), TILE_BYTES(fmt));                                \
        mosaic_fence();                                                        \
        tld(tr, tt_src, TILE_PITCH(fmt));                                      \
        mosaic_fence();                                                        \
    } while (0)
/* Give `tr` tag fmt and load it. */
#define TT_LOAD(tr, fmt, src)                                                  \
    do {                                                                       \
        tinit(tr, fmt);                                                        \
        TT_LD(tr, fmt, src);                                                   \
    } while (0)
/* Store `tr` (tag fmt) as a packed tile into `dst`. */
#define TT_STORE(tr, fmt, dst)                                                 \
    do {                                                                       \
        tst(tr, tt_dst, TILE_PITCH(fmt));                                      \
        mosaic_fence();                                                        \
        memcpy((dst), tt_dst, TILE_BYTES(fmt));                                \
    } while (0)

/* Fill a tile of fmt with random bit patterns from gen(state). */
typedef uint32_t (*tt_gen)(uint32_t *state);
void tt_fill(void *tile, unsigned fmt, tt_gen gen, uint32_t *state);

/* Random generators (bit patterns). */
uint32_t tt_rand_f32(uint32_t *st);  /* finite FP32, |x| in [2^-8, 2^8) */
uint32_t tt_rand_i8(uint32_t *st);   /* any INT8 */
uint32_t tt_rand_small(uint32_t *st); /* FP32 small integers -8..8 */

/* Compare n elements of two tiles of fmt; reports the first mismatch. */
int tt_check_tile(const char *file, int line, const char *what, const void *got,
                  const void *want, unsigned fmt, unsigned n);
#define CHECK_TILE(got, want, fmt)                                             \
    tt_check_tile(__FILE__, __LINE__, #got, got, want, fmt, 256)

/* Reset every tensor CSR a test may have changed to its reset value. */
void tt_reset_csrs(void);

#endif

/* mtest: on-target test framework.
 *
 *     static void t_tadd(void) { ...; CHECK_EQ_U32(got, want); }
 *     int main(void) { MTEST_RUN(t_tadd); return mtest_finish(); }
 *
 * Each test prints `PASS: name` or `FAIL: name: file:line: msg` (the first
 * failed check; later ones print as "  also:" lines so a test counts once),
 * mtest_finish() prints a summary and returns the number of failed tests
 * (clamped to 255), which main returns as the exit code. CHECK* continue
 * after a failure, REQUIRE* return from the test function. */
#ifndef MTEST_H
#define MTEST_H

#include <stdint.h>

#include "mosaic_csr.h"
#include "mosaic_rt.h"

void mtest_run(const char *name, void (*fn)(void));
#define MTEST_RUN(fn) mtest_run(#fn, fn)
int mtest_finish(void);

/* Record a failure of the running test; returns 0 so it can end an
 * expression. */
int mtest_fail(const char *file, int line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Failures so far in the running test. */
int mtest_failures(void);

#define CHECKF(cond, ...)                                                      \
    ((cond) ? 1 : mtest_fail(__FILE__, __LINE__, __VA_ARGS__))
#define CHECK(cond) CHECKF(cond, "%s", #cond)
#define REQUIRE(cond)                                                          \
    do {                                                                       \
        if (!CHECK(cond))                                                      \
            return;                                                            \
    } while (0)

#define CHECK_EQ_U32(got, want)                                                \
    do {                                                                       \
        uint32_t g_ = (uint32_t)(got), w_ = (uint32_t)(want);                  \
        CHECKF(g_ == w_, "%s = 0x%08lx, want 0x%08lx", #got, (unsigned long)g_, \
               (unsigned long)w_);                                             \
    } while (0)
#define CHECK_EQ_INT(got, want)                                                \
    do {                                                                       \
        long g_ = (long)(got), w_ = (long)(want);                              \
        CHECKF(g_ == w_, "%s = %ld, want %ld", #got, g_, w_);                  \
    } while (0)

/* Compare n bytes; reports the first differing offset. */
int mtest_check_mem(const char *file, int line, const char *what, const void *got,
                    const void *want, uint32_t n);
#define CHECK_MEM(got, want, n) mtest_check_mem(__FILE__, __LINE__, #got, got, want, n)

/* ---- expected traps --------------------------------------------------------- */

/* Run `stmt` with traps recorded and skipped; yields a mosaic_trap_record. */
#define MTEST_TRAP(stmt)                                                       \
    __extension__({                                                            \
        mosaic_trap_expect();                                                  \
        stmt;                                                                  \
        mosaic_trap_end();                                                     \
    })

/* Pass as `tval` when mtval must equal the trapping instruction's word. */
#define MTEST_TVAL_INSN 0xFFFFFFFFu
/* Pass as `tval` to skip the mtval check. */
#define MTEST_TVAL_ANY 0xFFFFFFFEu

int mtest_check_trap(const char *file, int line, const char *what,
                     const mosaic_trap_record *r, uint32_t cause, uint32_t tval);

/* `stmt` must trap exactly once with this mcause and mtval. */
#define CHECK_TRAP(stmt, cause, tval)                                          \
    do {                                                                       \
        mosaic_trap_record r_ = MTEST_TRAP(stmt);                              \
        mtest_check_trap(__FILE__, __LINE__, #stmt, &r_, cause, tval);         \
    } while (0)
/* Illegal instruction: mcause 2, mtval = the instruction bits. */
#define CHECK_ILLEGAL(stmt) CHECK_TRAP(stmt, CAUSE_ILLEGAL_INSN, MTEST_TVAL_INSN)
/* ... and the trapping word must be exactly `word` (checks the encoding). */
#define CHECK_ILLEGAL_WORD(stmt, word)                                         \
    do {                                                                       \
        mosaic_trap_record r_ = MTEST_TRAP(stmt);                              \
        if (mtest_check_trap(__FILE__, __LINE__, #stmt, &r_, CAUSE_ILLEGAL_INSN, \
                             (word)))                                          \
            CHECK_EQ_U32(r_.insn, (word));                                     \
    } while (0)
/* `stmt` must not trap. */
#define CHECK_NO_TRAP(stmt)                                                    \
    do {                                                                       \
        mosaic_trap_record r_ = MTEST_TRAP(stmt);                              \
        CHECKF(r_.count == 0, "%s trapped: mcause %lu mtval 0x%08lx", #stmt,   \
               (unsigned long)r_.mcause, (unsigned long)r_.mtval);             \
    } while (0)

#endif

/* mtest runner: PASS/FAIL lines in the format tools/run_tests.py counts. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "mtest.h"

static const char *cur_name;
static int cur_failures;
static int n_pass, n_fail;

#define MAX_ALSO 8 /* later failures of one test printed before going quiet */

int mtest_fail(const char *file, int line, const char *fmt, ...)
{
    va_list ap;
    if (cur_failures == 0)
        printf("FAIL: %s: %s:%d: ", cur_name ? cur_name : "(none)", file, line);
    else if (cur_failures <= MAX_ALSO)
        printf("  also: %s:%d: ", file, line);
    if (cur_failures <= MAX_ALSO) {
        va_start(ap, fmt);
        vprintf(fmt, ap);
        va_end(ap);
        putchar('\n');
    }
    cur_failures++;
    return 0;
}

int mtest_failures(void) { return cur_failures; }

void mtest_run(const char *name, void (*fn)(void))
{
    cur_name = name;
    cur_failures = 0;
    fn();
    if (cur_failures == 0) {
        printf("PASS: %s\n", name);
        n_pass++;
    } else {
        if (cur_failures > MAX_ALSO + 1)
            printf("  (%d failed checks in %s)\n", cur_failures, name);
        n_fail++;
    }
    cur_name = NULL;
}

int mtest_finish(void)
{
    printf("mtest: %d passed, %d failed\n", n_pass, n_fail);
    return n_fail > 255 ? 255 : n_fail;
}

int mtest_check_mem(const char *file, int line, const char *what, const void *got,
                    const void *want, uint32_t n)
{
    const uint8_t *g = got, *w = want;
    for (uint32_t i = 0; i < n; i++)
        if (g[i] != w[i])
            return mtest_fail(file, line, "%s: byte %lu of %lu is 0x%02x, want 0x%02x", what,
                              (unsigned long)i, (unsigned long)n, g[i], w[i]);
    return 1;
}

int mtest_check_trap(const char *file, int line, const char *what,
                     const mosaic_trap_record *r, uint32_t cause, uint32_t tval)
{
    if (r->count != 1)
        return mtest_fail(file, line, "%s: %lu traps, want 1 (mcause %lu)", what,
                          (unsigned long)r->count, (unsigned long)cause);
    if (r->mcause != cause)
        return mtest_fail(file, line, "%s: mcause %lu, want %lu (mtval 0x%08lx)", what,
                          (unsigned long)r->mcause, (unsigned long)cause,
                          (unsigned long)r->mtval);
    uint32_t want = tval == MTEST_TVAL_INSN ? r->insn : tval;
    if (tval != MTEST_TVAL_ANY && r->mtval != want)
        return mtest_fail(file, line, "%s: mtval 0x%08lx, want 0x%08lx", what,
                          (unsigned long)r->mtval, (unsigned long)want);
    return 1;
}

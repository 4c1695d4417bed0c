/* Minimal host test framework: a case is a function; it passes when none of
 * its CHECKs fail. Prints `PASS: name` / `FAIL: name: file:line: ...` lines
 * that tools/run_tests.py counts. */
#ifndef MOSAIC_CHECK_H
#define MOSAIC_CHECK_H

#include <stdio.h>
#include <stdlib.h>

typedef struct {
    const char *name;
    unsigned fails;  /* failed checks in the current case */
    unsigned passed; /* cases */
    unsigned failed;
} check_ctx;

/* Report at most a few failing checks per case, but count them all. */
#define CHECK_MAX_REPORTS 5

#define CHECK(ctx, cond, ...)                                                  \
    do {                                                                       \
        if (!(cond)) {                                                         \
            if ((ctx)->fails < CHECK_MAX_REPORTS) {                            \
                printf("FAIL: %s: %s:%d: ", (ctx)->name, __FILE__, __LINE__); \
                printf(__VA_ARGS__);                                           \
                printf("\n");                                                  \
            }                                                                  \
            (ctx)->fails++;                                                    \
        }                                                                      \
    } while (0)

#define CHECK_EQ_U32(ctx, got, want, what)                                     \
    CHECK(ctx, (uint32_t)(got) == (uint32_t)(want), "%s: got 0x%08x want 0x%08x", \
          what, (unsigned)(uint32_t)(got), (unsigned)(uint32_t)(want))

static inline void check_run(check_ctx *ctx, const char *name, void (*fn)(check_ctx *))
{
    ctx->name = name;
    ctx->fails = 0;
    fn(ctx);
    if (ctx->fails == 0) {
        printf("PASS: %s\n", name);
        ctx->passed++;
    } else {
        if (ctx->fails > CHECK_MAX_REPORTS)
            printf("FAIL: %s: (%u failing checks in all)\n", name, ctx->fails);
        ctx->failed++;
    }
    fflush(stdout);
}

#define RUN(ctx, fn) check_run(ctx, #fn, fn)

static inline int check_exit(const check_ctx *ctx)
{
    return ctx->failed ? 1 : 0;
}

#endif

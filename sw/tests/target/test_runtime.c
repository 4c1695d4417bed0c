/* The runtime itself: start-up state, memory placement, the trap API and
 * the performance counters. */
#include <stdio.h>
#include <stdlib.h>

#include "tt.h"

static uint32_t zeroed[64];
static uint32_t initialized = 0xC0FFEE01u;
static const uint16_t tensor_init[8] MOSAIC_TENSOR = {1, 2, 3, 4, 5, 6, 7, 8};

static void t_startup_state(void)
{
    unsigned nz = 0;
    for (unsigned i = 0; i < 64; i++)
        nz += zeroed[i] != 0;
    CHECK_EQ_INT(nz, 0);
    CHECK_EQ_U32(initialized, 0xC0FFEE01u);
    /* tensors live in main memory and come loaded with the program */
    uintptr_t t = (uintptr_t)tensor_init;
    CHECK(t >= MOSAIC_MAIN_BASE && t < MOSAIC_MAIN_BASE + MOSAIC_MAIN_SIZE);
    CHECK_EQ_INT(t % 64, 0);
    CHECK_EQ_INT(tensor_init[7], 8);
    /* code and stack in the on-chip RAM */
    uintptr_t sp;
    __asm__ volatile("mv %0, sp" : "=r"(sp));
    CHECK(sp > MOSAIC_RAM_BASE && sp <= MOSAIC_RAM_BASE + MOSAIC_RAM_SIZE);
    CHECK_EQ_U32(mosaic_ts_get(), TS_INITIAL);
}

static void t_tensor_alloc(void)
{
    uintptr_t mark = mosaic_tensor_mark();
    uint8_t *a = mosaic_tensor_alloc(100, 64), *b = mosaic_tensor_alloc(10, 1024);
    CHECK(a && b);
    CHECK_EQ_INT((uintptr_t)a % 64, 0);
    CHECK_EQ_INT((uintptr_t)b % 1024, 0);
    CHECK(b >= a + 100);
    CHECK(mosaic_tensor_alloc(MOSAIC_MAIN_SIZE, 64) == NULL);
    mosaic_tensor_release(mark);
    CHECK(mosaic_tensor_alloc(100, 64) == a);
    mosaic_tensor_release(mark);
    /* and picolibc's heap works */
    void *m = malloc(1000);
    CHECK(m != NULL);
    free(m);
}

/* Expected traps are recorded and skipped, non-tensor ones included. */
static void t_expect_trap(void)
{
    mosaic_trap_record r = MTEST_TRAP(__asm__ volatile("ebreak"));
    CHECK_EQ_U32(r.count, 1);
    CHECK_EQ_U32(r.mcause, 3);
    CHECK_EQ_U32(r.insn, 0x00100073u);
    r = MTEST_TRAP(__asm__ volatile("nop"));
    CHECK_EQ_U32(r.count, 0);
    r = MTEST_TRAP(__asm__ volatile("ebreak\n\tebreak"));
    CHECK_EQ_U32(r.count, 2);
    CHECK_TRAP(mosaic_insn_word(0x0000007Bu), CAUSE_ILLEGAL_INSN, 0x0000007Bu); /* custom-3, f3 0, f7 0 */
}

/* An installed handler sees the frame and can resume after the trap. */
static volatile unsigned handled;
static volatile uint32_t handled_a0;
static void on_ecall(mosaic_trap_frame *f)
{
    handled++;
    handled_a0 = f->x[10];
    f->x[10] = 0x600D; /* return value for the caller */
    f->mepc += 4;
}

static void t_user_handler(void)
{
    mosaic_trap_handler old = mosaic_trap_set_handler(on_ecall);
    uint32_t ret;
    __asm__ volatile("li a0, 42\n\tecall\n\tmv %0, a0" : "=r"(ret)::"a0", "memory");
    mosaic_trap_set_handler(old);
    CHECK_EQ_INT(handled, 1);
    CHECK_EQ_INT(handled_a0, 42);
    CHECK_EQ_U32(ret, 0x600D);
}

/* Counters: hpmcounter3 counts tensor instructions, hpmcounter5 the MACs
 * inside mtilem x mtilek x mtilen, hpmcounter8 SDMA bytes. */
static void t_counters(void)
{
    mosaic_perf a, b, d;
    tinit(1, FMT_INT8);
    tinit(2, FMT_INT8);
    tinit(3, FMT_INT32);
    mosaic_perf_read(&a);
    tmma(3, 1, 2);
    (void)msettilemi(5);
    (void)msettileki(9);
    tmma(3, 1, 2);
    msettile_full();
    mosaic_perf_read(&b);
    mosaic_perf_delta(&d, &a, &b);
    CHECK_EQ_U32(d.hpm[HPM_TENSOR_INSNS], 7);
    CHECK_EQ_U32(d.hpm[HPM_USEFUL_MACS], 4096 + 5 * 9 * 16);
    CHECK(d.instret >= 7);
    CHECK(d.cycle >= d.instret / 2); /* cycles advance too */
    CHECK(rdcycle64() >= b.cycle);
    CHECK(rdinstret64() >= b.instret);
    CHECK(mosaic_hpm_name(HPM_SDMA_BYTES) != NULL);

    uint32_t s0 = rdhpm(HPM_SDMA_BYTES);
    sdma_stride_write(16);
    scpad_ld(SDMA_SHAPE(3, 5, 1), MOSAIC_SCPAD_BASE, tt_src);
    scpad_wait();
    CHECK_EQ_U32(rdhpm(HPM_SDMA_BYTES) - s0, 3 * 5 * 2);
}

/* printf reaches the UART (the runner sees this line) with formats. */
static void t_printf(void)
{
    char buf[32];
    snprintf(buf, sizeof buf, "%d %x %s %5.2f", -7, 0xABu, "ok", 1.5);
    CHECK(strcmp(buf, "-7 ab ok  1.50") == 0);
    printf("runtime: printf works: %s\n", buf);
}

int main(void)
{
    MTEST_RUN(t_startup_state);
    MTEST_RUN(t_tensor_alloc);
    MTEST_RUN(t_expect_trap);
    MTEST_RUN(t_user_handler);
    MTEST_RUN(t_counters);
    MTEST_RUN(t_printf);
    return mtest_finish();
}

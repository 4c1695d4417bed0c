/* Machine timer interrupt from the CLINT: mip.MTIP follows mtime >=
 * mtimecmp; taken only with mie.MTIE and mstatus.MIE; mepc = the first
 * instruction not executed, mcause = 0x80000007, mtval = 0; MIE cleared in
 * the handler, restored by mret; wfi wakes on a pending enabled interrupt
 * whatever MIE says; vectored mtvec sends it to BASE + 4 * 7. */
#include "isa_test.h"

#define MTIMECMP MOSAIC_CLINT_MTIMECMP
#define MTIME MOSAIC_CLINT_MTIME

/* mtimecmp = mtime + delta (a1, a2, t0-t2 clobbered); high word written last so
 * the compare never passes through a smaller value. */
.macro TIMER_IN delta
    li t0, MOSAIC_CLINT_MTIMECMP
    li a1, -1
    sw a1, 0(t0)
    li t1, MOSAIC_CLINT_MTIME
    lw a1, 0(t1)
    lw a2, 4(t1)
    li t2, \delta
    add a1, a1, t2
    sw a2, 4(t0)
    sw a1, 0(t0)
.endm

.macro TIMER_OFF
    li t0, MOSAIC_CLINT_MTIMECMP
    li a1, -1
    sw a1, 0(t0)
    sw a1, 4(t0)
.endm

TEST_BEGIN
    /* Reset: mtimecmp is all ones, nothing pending. */
    li gp, 1
    csrr a0, mip
    CHECK a0, 0
    li t0, MTIMECMP
    lw a0, 0(t0)
    CHECK a0, 0xffffffff
    lw a0, 4(t0)
    CHECK a0, 0xffffffff

    /* Due timer: MTIP reads 1, but nothing is taken while MTIE = 0 or
     * MIE = 0 (any trap here would fail the test: s11 = 0). */
    li gp, 2
    li t0, MTIMECMP
    sw zero, 0(t0)
    sw zero, 4(t0)
    csrr a0, mip
    CHECK a0, 0x80
    csrsi mstatus, 8
    nop
    csrci mstatus, 8
    li t0, 0x80
    csrs mie, t0
    nop
    nop
    /* wfi with a pending enabled interrupt and MIE = 0 just continues. */
    li gp, 3
    wfi
    csrr a0, mip
    CHECK a0, 0x80

    /* Our handler from here on. */
    la t0, irq_handler
    csrw mtvec, t0
    li s6, 0

    /* Enabling MIE with the timer due takes the interrupt before the next
     * instruction. */
    li gp, 4
    csrsi mstatus, 8
after_enable:
    CHECK s6, 1
    CHECK s9, MCAUSE_MTIMER
    CHECK s10, 0
    la t0, after_enable
    bne s8, t0, fail
    /* In the handler MIE was 0, MPIE 1; after mret MIE is 1 again. */
    li t1, 0x1888
    and t0, s7, t1
    CHECK t0, 0x1880
    csrr t0, mstatus
    andi t0, t0, 8
    CHECK t0, 8
    csrr a0, mip
    CHECK a0, 0              /* the handler pushed mtimecmp away */

    /* A timer in the future fires while we spin. */
    li gp, 5
    li s6, 0
    TIMER_IN 40
    li t2, 1000
1:  addi t2, t2, -1
    beqz t2, fail
    beqz s6, 1b
    CHECK s9, MCAUSE_MTIMER

    /* wfi waits (the ISS skips time to mtimecmp); the interrupt is taken
     * with mepc = the instruction after the wfi. */
    li gp, 6
    li s6, 0
    TIMER_IN 100000
    wfi
after_wfi:
    CHECK s6, 1
    la t0, after_wfi
    bne s8, t0, fail

    /* wfi with MIE = 0 wakes without taking the interrupt. */
    li gp, 7
    li s6, 0
    csrci mstatus, 8
    TIMER_IN 100000
    wfi
    csrr a0, mip
    CHECK a0, 0x80
    CHECK s6, 0
    TIMER_OFF

    /* MTIE = 0 masks the interrupt even with MIE = 1. */
    li gp, 8
    li t0, 0x80
    csrc mie, t0
    TIMER_IN 0
    csrsi mstatus, 8
    nop
    nop
    CHECK s6, 0
    csrci mstatus, 8
    TIMER_OFF

    /* Vectored: the timer goes to BASE + 28, exceptions to BASE. */
    li gp, 9
    la t0, vectors
    ori t0, t0, 1
    csrw mtvec, t0
    li t0, 0x80
    csrs mie, t0
    li s6, 0
    TIMER_IN 20
    csrsi mstatus, 8
2:  beqz s6, 2b
    csrci mstatus, 8
    CHECK s5, 7              /* the vector slot that handled it */
    li gp, 10
    la s11, 3f
    ecall
    j fail
3:  CHECK s9, MCAUSE_ECALL_M

    j pass

/* Timer handler: record, push mtimecmp to the far future, count in s6. */
    .balign 4
irq_handler:
    csrr s7, mstatus
    csrr s8, mepc
    csrr s9, mcause
    csrr s10, mtval
    li s5, 0
irq_common:
    li t0, MOSAIC_CLINT_MTIMECMP
    li t1, -1
    sw t1, 0(t0)
    sw t1, 4(t0)
    addi s6, s6, 1
    mret

    /* Vectored table: slot 0 takes exceptions, slot 7 the timer. */
    .balign 64
vectors:
    j isa_trap_entry
    j fail
    j fail
    j fail
    j fail
    j fail
    j fail
    j vec_timer
vec_timer:
    csrr s8, mepc
    csrr s9, mcause
    li s5, 7
    j irq_common
TEST_END

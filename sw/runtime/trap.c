/* Trap dispatch: expected traps (tests), an installed handler, or the
 * default report-and-exit. Called from crt0's mosaic_trap_entry. */
#include <stdio.h>

#include "mosaic_rt.h"

void mosaic_trap_dispatch(mosaic_trap_frame *f);

static mosaic_trap_handler user_handler;
static volatile int armed;
static volatile mosaic_trap_record record;
static volatile int depth;

mosaic_trap_handler mosaic_trap_set_handler(mosaic_trap_handler h)
{
    mosaic_trap_handler old = user_handler;
    user_handler = h;
    return old;
}

void mosaic_trap_default(mosaic_trap_frame *f)
{
    printf("TRAP: unexpected mcause=0x%08lx mepc=0x%08lx mtval=0x%08lx\n",
           (unsigned long)f->mcause, (unsigned long)f->mepc, (unsigned long)f->mtval);
    mosaic_exit(MOSAIC_EXIT_UNEXPECTED_TRAP);
}

void mosaic_trap_expect(void)
{
    record.count = 0;
    record.mcause = record.mepc = record.mtval = record.insn = 0;
    __asm__ volatile("" ::: "memory");
    armed = 1;
    __asm__ volatile("" ::: "memory");
}

mosaic_trap_record mosaic_trap_end(void)
{
    __asm__ volatile("" ::: "memory");
    armed = 0;
    mosaic_trap_record r;
    r.count = record.count;
    r.mcause = record.mcause;
    r.mepc = record.mepc;
    r.mtval = record.mtval;
    r.insn = record.insn;
    return r;
}

void mosaic_trap_dispatch(mosaic_trap_frame *f)
{
    /* A trap inside trap handling would loop forever; give up instead. */
    if (depth++ > 0)
        mosaic_exit(MOSAIC_EXIT_NESTED_TRAP);
    int interrupt = (int32_t)f->mcause < 0;
    if (armed && !interrupt) {
        if (record.count++ == 0) {
            record.mcause = f->mcause;
            record.mepc = f->mepc;
            record.mtval = f->mtval;
            /* Code is in RAM, so the trapping word can be read back. */
            record.insn = *(const volatile uint32_t *)(uintptr_t)f->mepc;
        }
        /* Mosaic has no compressed instructions: every insn is 4 bytes. */
        f->mepc += 4;
    } else if (user_handler) {
        user_handler(f);
    } else {
        mosaic_trap_default(f);
    }
    depth--;
}

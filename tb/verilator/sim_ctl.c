/* mosaic-sim run control: the program image, how a run ends and its exit
 * status (the mosaic-iss contract), statistics and the signature. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "mosaic_memmap.h"
#include "sim.h"

/* ---- Program image ---------------------------------------------------------- */

void sim_copy_image(const mosaic_iss *iss, sim_mem_write_fn write, void *ctx)
{
    static const struct {
        uint32_t base, size;
    } mems[3] = {
        {MOSAIC_RAM_BASE, MOSAIC_RAM_SIZE},
        {MOSAIC_MAIN_BASE, MOSAIC_MAIN_SIZE},
        {MOSAIC_SCPAD_BASE, MOSAIC_SCPAD_BANK_BYTES * MOSAIC_SCPAD_BANKS},
    };
    enum { CHUNK = 64 * 1024 };
    static uint32_t buf[CHUNK / 4];
    for (int m = 0; m < 3; m++) {
        for (uint32_t off = 0; off < mems[m].size; off += CHUNK) {
            uint32_t len = mems[m].size - off < CHUNK ? mems[m].size - off : CHUNK;
            if (!mosaic_iss_read_mem(iss, mems[m].base + off, buf, len))
                continue;
            for (uint32_t w = 0; w < len / 4; w++) {
                uint8_t *b = (uint8_t *)&buf[w];
                uint32_t v = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 |
                             (uint32_t)b[3] << 24;
                if (v)
                    write(ctx, m, off / 4 + w, v);
            }
        }
    }
}

/* ---- End of run ----------------------------------------------------------------- */

static uint32_t byte_mask(uint32_t lanes)
{
    uint32_t m = 0;
    for (unsigned i = 0; i < 4; i++)
        if (lanes & (1u << i))
            m |= 0xFFu << (8 * i);
    return m;
}

/* The two bus words a store may touch (a misaligned one reaches into the
 * next word): its bytes in their lanes, the others 0. */
static uint64_t store_lanes(const sim_rvfi *r)
{
    unsigned sh = (r->mem_addr & 3u) * 8u;
    return (uint64_t)(r->mem_wdata & byte_mask(r->mem_wmask)) << sh;
}

static bool store_word_ends_run(uint32_t word, uint32_t v, uint32_t tohost, sim_end *end)
{
    if (word == MOSAIC_SIMCTRL_EXIT)
        end->kind = SIM_END_EXIT;
    else if (tohost && word == (tohost & ~3u) && v != 0)
        end->kind = SIM_END_TOHOST;
    else
        return false;
    end->value = v;
    return true;
}

bool sim_store_ends_run(const sim_rvfi *r, uint32_t tohost, sim_end *end)
{
    if (r->trap || !r->mem_wmask)
        return false;
    uint32_t word = r->mem_addr & ~3u;
    uint64_t v = store_lanes(r);
    bool second = ((r->mem_wmask << (r->mem_addr & 3u)) & 0xF0u) != 0; /* lanes past the word */
    if (!store_word_ends_run(word, (uint32_t)v, tohost, end) &&
        !(second && store_word_ends_run(word + 4u, (uint32_t)(v >> 32), tohost, end)))
        return false;
    end->pc = r->pc_rdata;
    return true;
}

uint32_t sim_end_expected_code(const sim_end *end)
{
    if (end->kind == SIM_END_TOHOST && (end->value & 1u))
        return end->value >> 1;
    return end->value;
}

int sim_end_status(const sim_end *end)
{
    if (end->kind == SIM_END_EXIT)
        return end->value > 255 ? 255 : (int)end->value;
    if (end->value == 1)
        return 0;
    if (end->value & 1u) {
        fprintf(stderr, "FAIL: test %" PRIu32 "\n", end->value >> 1);
        return SIM_EXIT_MISMATCH;
    }
    fprintf(stderr, "mosaic-sim: unsupported tohost request 0x%08" PRIx32 ": pc 0x%08" PRIx32 "\n",
            end->value, end->pc);
    return SIM_EXIT_HTIF;
}

/* ---- Trace ---------------------------------------------------------------------- */

void sim_trace_line(FILE *f, uint64_t cycle, const sim_rvfi *r)
{
    static const char *const abi[32] = {
        "zero", "ra", "sp", "gp", "tp", "t0", "t1", "t2", "s0", "s1", "a0",
        "a1",   "a2", "a3", "a4", "a5", "a6", "a7", "s2", "s3", "s4", "s5",
        "s6",   "s7", "s8", "s9", "s10", "s11", "t3", "t4", "t5", "t6"};
    char dis[64];
    mosaic_disasm(r->insn, r->pc_rdata, dis, sizeof dis);
    fprintf(f, "%10" PRIu64 " %08" PRIx32 " %08" PRIx32 " %-32s", cycle, r->pc_rdata, r->insn, dis);
    if (r->intr)
        fprintf(f, " intr");
    if (r->trap)
        fprintf(f, " trap");
    if (r->rd_addr)
        fprintf(f, " %s=0x%08" PRIx32, abi[r->rd_addr & 31u], r->rd_wdata);
    if (r->mem_rmask)
        fprintf(f, " load[0x%08" PRIx32 "]=0x%08" PRIx32, r->mem_addr, r->mem_rdata);
    if (r->mem_wmask)
        fprintf(f, " [0x%08" PRIx32 "]=0x%08" PRIx32 "/%" PRIx32, r->mem_addr, r->mem_wdata,
                r->mem_wmask);
    if (r->trap || r->pc_wdata != r->pc_rdata + 4)
        fprintf(f, " -> 0x%08" PRIx32, r->pc_wdata);
    fputc('\n', f);
}

/* ---- Statistics ------------------------------------------------------------------ */

void sim_count_cycle(sim_stats *st, const sim_pipe *p)
{
    int c;
    if (p->wb_valid && p->wb_done)
        c = p->wb_trap ? SIM_CY_TRAP : SIM_CY_RETIRE;
    else if (p->wb_valid)
        c = p->wb_mem ? SIM_CY_MEMWAIT : SIM_CY_WBWAIT;
    else if (p->ex_valid && p->ex_md_wait)
        c = SIM_CY_MULDIV;
    else if (p->ex_valid && p->ex_hazard)
        c = SIM_CY_HAZARD;
    else
        c = SIM_CY_BUBBLE;
    st->cy[c]++;
}

void sim_print_stats(FILE *f, const sim_stats *st, bool cosim)
{
    static const char *const name[SIM_CY_COUNT] = {
        "retire", "trap/interrupt", "load/store wait", "wfi/fence/coprocessor wait",
        "mul/div busy", "operand hazard", "refill bubble"};
    uint64_t retired = st->retired - st->traps;
    fprintf(f, "cycles: %" PRIu64 "\n", st->cycles);
    fprintf(f, "instructions: %" PRIu64 " retired, %" PRIu64 " trapped, %" PRIu64
               " interrupts\n", retired, st->traps, st->interrupts);
    fprintf(f, "CPI: %.3f\n", retired ? (double)st->cycles / (double)retired : 0.0);
    uint64_t total = 0;
    for (int i = 0; i < SIM_CY_COUNT; i++)
        total += st->cy[i];
    if (total) {
        fprintf(f, "write-back cycles:\n");
        for (int i = 0; i < SIM_CY_COUNT; i++)
            fprintf(f, "  %-28s %12" PRIu64 "  %5.1f %%\n", name[i], st->cy[i],
                    100.0 * (double)st->cy[i] / (double)total);
    }
    fprintf(f, "time: %.3f s, %.3f M cycles/s, %.3f M instructions/s (%s)\n", st->seconds,
            st->seconds > 0 ? (double)st->cycles / st->seconds * 1e-6 : 0.0,
            st->seconds > 0 ? (double)st->retired / st->seconds * 1e-6 : 0.0,
            cosim ? "lockstep with the ISS" : "RTL only");
}

/* ---- Signature -------------------------------------------------------------------- */

int sim_signature_range(const mosaic_iss *iss, const char *elf, uint32_t *begin, uint32_t *end)
{
    if (!mosaic_iss_symbol(iss, "begin_signature", begin) ||
        !mosaic_iss_symbol(iss, "end_signature", end))
        return sim_die("no begin_signature/end_signature symbols", elf);
    bool ok = *end >= *begin && *end - *begin <= MOSAIC_MAIN_SIZE;
    if (ok && *end > *begin) {
        void *buf = malloc(*end - *begin);
        ok = buf && mosaic_iss_read_mem(iss, *begin, buf, *end - *begin);
        free(buf);
    }
    if (!ok)
        return sim_die("signature range outside memory", elf);
    return 0;
}

int sim_write_signature(const char *path, uint32_t begin, uint32_t end,
                        uint32_t (*read)(void *ctx, uint32_t addr), void *ctx)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return sim_die("cannot write signature", path);
    /* Same bytes as mosaic-iss: 4 per line from begin, zero past end. */
    for (uint64_t a = begin; a < end; a += 4) {
        uint32_t w = 0;
        for (unsigned i = 0; i < 4 && a + i < end; i++) {
            uint32_t b = (uint32_t)(a + i);
            w |= ((read(ctx, b & ~3u) >> (8 * (b & 3u))) & 0xFFu) << (8 * i);
        }
        fprintf(f, "%08" PRIx32 "\n", w);
    }
    if (fclose(f) != 0)
        return sim_die("cannot write signature", path);
    return 0;
}

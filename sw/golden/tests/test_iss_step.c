/* The ISS stepping API the lockstep testbench uses: one step's effects
 * (rd write, memory writes, CSR writes, traps, interrupts, tensor register
 * writes, MACs, SDMA bytes), the forced interrupt line, state accessors and
 * in-memory ELF loading errors. Programs are hand-encoded into RAM. */
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "mosaic_iss.h"
#include "mosaic_memmap.h"

static uint32_t i_type(uint32_t op, uint32_t f3, uint32_t rd, uint32_t rs1, int32_t imm)
{
    return ((uint32_t)imm << 20) | (rs1 << 15) | (f3 << 12) | (rd << 7) | op;
}

static uint32_t s_type(uint32_t f3, uint32_t rs1, uint32_t rs2, int32_t imm)
{
    uint32_t u = (uint32_t)imm;
    return ((u >> 5) << 25) | (rs2 << 20) | (rs1 << 15) | (f3 << 12) | ((u & 31u) << 7) | 0x23u;
}

static uint32_t r_type(uint32_t op, uint32_t f3, uint32_t f7, uint32_t rd, uint32_t rs1,
                       uint32_t rs2)
{
    return (f7 << 25) | (rs2 << 20) | (rs1 << 15) | (f3 << 12) | (rd << 7) | op;
}

#define ADDI(rd, rs1, imm) i_type(0x13, 0, rd, rs1, imm)
#define LUI(rd, imm20) (((uint32_t)(imm20) << 12) | ((rd) << 7) | 0x37u)
#define SW(rs1, rs2, imm) s_type(2, rs1, rs2, imm)
#define CSRRW(rd, csr, rs1) i_type(0x73, 1, rd, rs1, csr)

static mosaic_iss *load(const uint32_t *prog, unsigned n)
{
    mosaic_iss *iss = mosaic_iss_create();
    if (iss)
        mosaic_iss_write_mem(iss, MOSAIC_RAM_BASE, prog, n * 4u);
    return iss;
}

static void t_rd_and_store(check_ctx *c)
{
    const uint32_t prog[] = {
        ADDI(10, 0, 42),                    /* a0 = 42 */
        LUI(11, MOSAIC_MAIN_BASE >> 12),    /* a1 = main memory */
        SW(11, 10, 8),                      /* [a1+8] = a0 */
        ADDI(0, 0, 1),                      /* write to x0: no rd effect */
    };
    mosaic_iss *iss = load(prog, 4);
    mosaic_iss_effects e;
    CHECK(c, mosaic_iss_step(iss, &e), "step 1");
    CHECK_EQ_U32(c, e.pc, MOSAIC_RAM_BASE, "pc");
    CHECK_EQ_U32(c, e.insn, prog[0], "insn");
    CHECK_EQ_U32(c, e.next_pc, MOSAIC_RAM_BASE + 4, "next_pc");
    CHECK(c, e.rd_write && e.rd == 10 && e.rd_value == 42, "rd write a0 = 42");
    CHECK(c, !e.trap && !e.intr && e.nmemw == 0 && e.ncsrw == 0, "nothing else");
    mosaic_iss_step(iss, &e);
    mosaic_iss_step(iss, &e);
    CHECK(c, !e.rd_write, "a store writes no register");
    CHECK(c, e.nmemw == 1, "one memory write, got %u", e.nmemw);
    CHECK_EQ_U32(c, e.memw[0].addr, MOSAIC_MAIN_BASE + 8, "store addr");
    CHECK_EQ_U32(c, e.memw[0].len, 4, "store len");
    CHECK_EQ_U32(c, e.memw[0].data, 42, "store data");
    uint32_t w = 0;
    CHECK(c, mosaic_iss_read_mem(iss, MOSAIC_MAIN_BASE + 8, &w, 4) && w == 42, "read_mem");
    mosaic_iss_step(iss, &e);
    CHECK(c, !e.rd_write, "x0 write is not reported");
    CHECK_EQ_U32(c, mosaic_iss_get_reg(iss, 10), 42, "get_reg");
    CHECK_EQ_U32(c, mosaic_iss_get_reg(iss, 0), 0, "x0");
    uint32_t v;
    CHECK(c, mosaic_iss_get_csr(iss, 0xB02, &v) && v == 4, "minstret = 4");
    CHECK(c, !mosaic_iss_get_csr(iss, 0x7A5, &v), "tcontrol does not exist");
    mosaic_iss_destroy(iss);
}

static void t_trap(check_ctx *c)
{
    const uint32_t prog[] = {
        0xFFFFFFFFu, /* illegal */
    };
    mosaic_iss *iss = load(prog, 1);
    mosaic_iss_effects e;
    mosaic_iss_step(iss, &e);
    CHECK(c, e.trap && e.cause == 2 && e.tval == 0xFFFFFFFFu, "illegal trap");
    CHECK(c, !e.rd_write, "no rd");
    CHECK_EQ_U32(c, e.next_pc, 0, "next pc = mtvec (0)");
    int seen = 0;
    for (unsigned i = 0; i < e.ncsrw; i++) {
        if (e.csrw[i].csr == 0x341 && e.csrw[i].value == MOSAIC_RAM_BASE)
            seen |= 1;
        if (e.csrw[i].csr == 0x342 && e.csrw[i].value == 2)
            seen |= 2;
        if (e.csrw[i].csr == 0x343 && e.csrw[i].value == 0xFFFFFFFFu)
            seen |= 4;
    }
    CHECK(c, seen == 7, "mepc/mcause/mtval reported as CSR writes (%d)", seen);
    mosaic_iss_stats st;
    mosaic_iss_get_stats(iss, &st);
    CHECK(c, st.retired == 0 && st.traps == 1, "a trap does not retire");
    /* mtvec = 0 is unmapped: the next step is a fetch fault there. */
    mosaic_iss_step(iss, &e);
    CHECK(c, e.trap && e.cause == 1 && e.tval == 0 && e.insn == 0, "fetch fault at 0");
    mosaic_iss_destroy(iss);
}

static void t_interrupt(check_ctx *c)
{
    const uint32_t prog[] = {
        LUI(5, 0x80000),            /* t0 = handler base */
        ADDI(5, 5, 0x40),
        CSRRW(0, 0x305, 5),         /* mtvec */
        ADDI(6, 0, 0x80),
        CSRRW(0, 0x304, 6),         /* mie.MTIE */
        ADDI(6, 0, 8),
        CSRRW(0, 0x300, 6),         /* mstatus.MIE (TS becomes Off too) */
        ADDI(10, 0, 1),
        ADDI(10, 0, 2),
    };
    mosaic_iss *iss = load(prog, 9);
    const uint32_t handler[] = {ADDI(11, 0, 7)};
    mosaic_iss_write_mem(iss, MOSAIC_RAM_BASE + 0x40, handler, 4);
    mosaic_iss_set_irq(iss, 0);
    mosaic_iss_effects e;
    for (int i = 0; i < 7; i++)
        mosaic_iss_step(iss, &e);
    CHECK(c, !e.intr, "line low: no interrupt");
    mosaic_iss_step(iss, &e);
    CHECK(c, e.rd_write && e.rd == 10 && e.rd_value == 1, "addi a0, 1");
    mosaic_iss_set_irq(iss, 1);
    mosaic_iss_step(iss, &e);
    CHECK(c, e.intr && e.intr_cause == 0x80000007u, "interrupt taken");
    CHECK_EQ_U32(c, e.pc, MOSAIC_RAM_BASE + 0x40, "step reports the handler's first insn");
    CHECK(c, e.rd_write && e.rd == 11 && e.rd_value == 7, "handler insn executed");
    uint32_t v;
    mosaic_iss_get_csr(iss, 0x341, &v);
    CHECK_EQ_U32(c, v, MOSAIC_RAM_BASE + 32, "mepc = the instruction not executed");
    mosaic_iss_get_csr(iss, 0x344, &v);
    CHECK_EQ_U32(c, v, 0x80, "mip.MTIP forced");
    mosaic_iss_destroy(iss);
}

static void t_tensor(check_ctx *c)
{
    const uint32_t prog[] = {
        i_type(0x5B, 4, 3, 3, 0),           /* tzero tr3 */
        r_type(0x5B, 7, 1, 3, 1, 2),        /* tmma tr3, tr1, tr2 */
        LUI(11, MOSAIC_MAIN_BASE >> 12),
        i_type(0x5B, 1, 3, 11, 64),         /* tst tr3, 64(a1) */
        LUI(12, MOSAIC_SCPAD_BASE >> 12),
        LUI(10, 0x20),                      /* shape [17:16] = 2: 4-byte elements, */
        ADDI(10, 10, (2 << 8) | 8),         /* 2 rows x 8 columns: 64 bytes */
        r_type(0x0B, 0, 0, 10, 12, 11),     /* scpad.ld a0, a2, a1 */
    };
    mosaic_iss *iss = load(prog, 8);
    mosaic_iss_effects e;
    mosaic_iss_step(iss, &e);
    CHECK(c, e.tensor && e.treg_written == (1u << 3), "tzero writes tr3");
    CHECK(c, mosaic_iss_tu(iss)->ts == MOSAIC_TS_DIRTY, "TS dirty");
    CHECK(c, e.ncsrw == 1 && e.csrw[0].csr == 0x300, "mstatus change reported");
    mosaic_iss_step(iss, &e);
    CHECK(c, e.macs == 4096, "tmma 16x16x16 MACs, got %llu", (unsigned long long)e.macs);
    mosaic_iss_step(iss, &e);
    mosaic_iss_step(iss, &e);
    CHECK(c, e.treg_written == 0 && e.nmemw == 1 && e.memw[0].addr == MOSAIC_MAIN_BASE &&
                 e.memw[0].len == 1024,
          "tst: one merged 1 KiB range (n %u, len %u)", e.nmemw, e.memw[0].len);
    mosaic_iss_step(iss, &e);
    mosaic_iss_step(iss, &e);
    mosaic_iss_step(iss, &e);
    CHECK_EQ_U32(c, mosaic_iss_get_reg(iss, 10), 0x20208u, "shape");
    mosaic_iss_step(iss, &e);
    CHECK(c, !e.trap && e.sdma_issued == 1, "scpad.ld issued");
    CHECK(c, e.sdma_bytes == 2 * 8 * 4, "SDMA bytes %u", e.sdma_bytes);
    uint32_t v;
    CHECK(c, mosaic_iss_get_csr(iss, 0xB03, &v) && v == 4, "mhpmcounter3 = 4, got %u", v);
    CHECK(c, mosaic_iss_get_csr(iss, 0xB05, &v) && v == 4096, "mhpmcounter5");
    CHECK(c, mosaic_iss_get_csr(iss, 0xB08, &v) && v == 64, "mhpmcounter8");
    mosaic_iss_destroy(iss);
}

static void t_halt(check_ctx *c)
{
    const uint32_t prog[] = {
        LUI(5, MOSAIC_SIMCTRL_EXIT >> 12),
        ADDI(6, 0, 3),
        SW(5, 6, 0),
        ADDI(7, 0, 1),
    };
    mosaic_iss *iss = load(prog, 4);
    mosaic_iss_effects e;
    mosaic_iss_step(iss, &e);
    mosaic_iss_step(iss, &e);
    mosaic_iss_step(iss, &e);
    CHECK(c, e.halted, "halted flag");
    uint32_t code;
    CHECK(c, mosaic_iss_halt_reason(iss, &code) == MOSAIC_ISS_HALT_EXIT && code == 3, "EXIT 3");
    CHECK(c, !mosaic_iss_step(iss, &e), "no step after halt");
    mosaic_iss_destroy(iss);
}

static void t_elf_errors(check_ctx *c)
{
    mosaic_iss *iss = mosaic_iss_create();
    char err[128];
    uint8_t buf[64] = {0x7F, 'E', 'L', 'F', 2, 1, 1};
    CHECK(c, !mosaic_iss_load_elf_mem(iss, buf, 3, err, sizeof err), "short");
    CHECK(c, strstr(err, "not an ELF") != NULL, "err '%s'", err);
    CHECK(c, !mosaic_iss_load_elf_mem(iss, buf, sizeof buf, err, sizeof err), "ELF64");
    CHECK(c, strstr(err, "ELFCLASS32") != NULL, "err '%s'", err);
    CHECK(c, !mosaic_iss_load_elf(iss, "/nonexistent/x.elf", err, sizeof err), "missing");
    CHECK(c, strstr(err, "cannot open") != NULL, "err '%s'", err);
    CHECK(c, !mosaic_iss_symbol(iss, "tohost", NULL), "no symbols");
    mosaic_iss_destroy(iss);
}

static void t_disasm(check_ctx *c)
{
    char b[64];
    mosaic_disasm(ADDI(10, 0, -5), 0, b, sizeof b);
    CHECK(c, strcmp(b, "addi a0, zero, -5") == 0, "'%s'", b);
    mosaic_disasm(0x0000006Fu | (8u << 21), 0x80000000u, b, sizeof b);
    CHECK(c, strcmp(b, "jal zero, 0x80000010") == 0, "'%s'", b);
    mosaic_disasm(CSRRW(0, 0x305, 5), 0, b, sizeof b);
    CHECK(c, strcmp(b, "csrrw zero, mtvec, t0") == 0, "'%s'", b);
    mosaic_disasm(r_type(0x5B, 7, 1, 3, 1, 2), 0, b, sizeof b);
    CHECK(c, strcmp(b, "tmma tr3, tr1, tr2") == 0, "'%s'", b);
    mosaic_disasm(r_type(0x2B, 0, 2, 8, 4, 6), 0, b, sizeof b);
    CHECK(c, strcmp(b, "mmacc tr8, tr4, tr6, 2") == 0, "'%s'", b);
    mosaic_disasm(0xFFFFFFFFu, 0, b, sizeof b);
    CHECK(c, strcmp(b, ".insn 0xffffffff") == 0, "'%s'", b);
    CHECK(c, mosaic_tensor_op_index(0x0000425Bu) >= 0, "tzero is a tensor op");
    CHECK(c, mosaic_tensor_op_index(0x00000013u) < 0, "addi is not");
}

int main(void)
{
    check_ctx c = {0};
    RUN(&c, t_rd_and_store);
    RUN(&c, t_trap);
    RUN(&c, t_interrupt);
    RUN(&c, t_tensor);
    RUN(&c, t_halt);
    RUN(&c, t_elf_errors);
    RUN(&c, t_disasm);
    return check_exit(&c);
}

/* libFuzzer target: instruction words through the ISS and, independently,
 * its disassembler. Each 4 bytes of input are one word, executed as the
 * first instruction after reset (registers zero). Differential rule, for
 * every word outside the custom-0..3 opcodes (the tensor unit's, whose
 * legality depends on tensor state) and the CSR instructions (whose
 * legality depends on the CSR): the ISS traps illegal-instruction (cause 2,
 * mtval = the word) exactly when the disassembler does not know the word
 * (".insn"). Neither may crash or hit undefined behaviour. */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mosaic_iss.h"
#include "mosaic_memmap.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { CAUSE_ILLEGAL = 2 };

static int custom_opcode(uint32_t w)
{
    uint32_t op = w & 0x7Fu;
    return op == 0x0B || op == 0x2B || op == 0x5B || op == 0x7B;
}

static int csr_insn(uint32_t w)
{
    return (w & 0x7Fu) == 0x73 && ((w >> 12) & 7u) != 0 && ((w >> 12) & 7u) != 4;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static mosaic_iss *iss; /* one ISS for the whole run: creating one costs ms */
    if (!iss && !(iss = mosaic_iss_create()))
        abort();
    for (size_t off = 0; off + 4 <= size; off += 4) {
        uint32_t w;
        memcpy(&w, data + off, 4);
        char dis[96];
        mosaic_disasm(w, MOSAIC_RESET_PC, dis, sizeof dis);
        if (!mosaic_iss_write_mem(iss, MOSAIC_RESET_PC, &w, 4))
            abort();
        mosaic_iss_reset(iss);
        mosaic_iss_effects e;
        memset(&e, 0, sizeof e);
        if (!mosaic_iss_step(iss, &e))
            continue; /* halted: the word wrote tohost or EXIT */
        if (custom_opcode(w) || csr_insn(w))
            continue;
        int illegal = e.trap && e.cause == CAUSE_ILLEGAL;
        int unknown = strncmp(dis, ".insn", 5) == 0;
        if (illegal != unknown || (illegal && e.tval != w)) {
            fprintf(stderr, "fuzz_decode: 0x%08" PRIx32 " \"%s\": ISS %s (cause %" PRIu32
                    ", tval 0x%08" PRIx32 ")\n", w, dis, illegal ? "illegal" : "legal",
                    e.cause, e.tval);
            abort();
        }
    }
    return 0;
}

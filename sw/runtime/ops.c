/* Tensor-instruction tally (mosaic_ops.h) and counter names. */
#include <stdio.h>

#include "mosaic.h"

uint32_t mosaic_op_count[OPID_COUNT];

static const char *const op_names[OPID_COUNT] = {
    [OPID_TLD] = "tld",           [OPID_TST] = "tst",
    [OPID_TACT] = "tact",         [OPID_TCVT] = "tcvt",
    [OPID_TZERO] = "tzero",       [OPID_TRED] = "tred",
    [OPID_TSCALE] = "tscale",     [OPID_TADD] = "tadd",
    [OPID_TMMA] = "tmma",         [OPID_TSUB] = "tsub",
    [OPID_TMUL] = "tmul",         [OPID_TMAX] = "tmax",
    [OPID_TMIN] = "tmin",         [OPID_TROWMAX] = "trowmax",
    [OPID_TROWSUM] = "trowsum",   [OPID_TBSUB] = "tbsub",
    [OPID_TBMUL] = "tbmul",       [OPID_TBDIV] = "tbdiv",
    [OPID_TL_XPOSE] = "tl.xpose", [OPID_TL_CONCAT] = "tl.concat",
    [OPID_TL_ADDI] = "tl.addi",   [OPID_TL_MLOAD] = "tl.mload",
    [OPID_TL_MSTORE] = "tl.mstore", [OPID_MMACC] = "mmacc",
    [OPID_MSETTILE] = "msettile*", [OPID_SCPAD_LD] = "scpad.ld",
    [OPID_SCPAD_ST] = "scpad.st", [OPID_SCPAD_WAIT] = "scpad.wait",
};

const char *mosaic_op_name(unsigned id) { return id < OPID_COUNT ? op_names[id] : "?"; }

void mosaic_ops_reset(void)
{
    for (unsigned i = 0; i < OPID_COUNT; i++)
        mosaic_op_count[i] = 0;
}

uint32_t mosaic_ops_total(void)
{
    uint32_t t = 0;
    for (unsigned i = 0; i < OPID_COUNT; i++)
        t += mosaic_op_count[i];
    return t;
}

void mosaic_ops_print(const char *indent)
{
    const char *sep = indent;
    for (unsigned i = 0; i < OPID_COUNT; i++)
        if (mosaic_op_count[i]) {
            printf("%s%s %lu", sep, op_names[i], (unsigned long)mosaic_op_count[i]);
            sep = ", ";
        }
    printf("\n");
}

const char *mosaic_hpm_name(unsigned n)
{
    static const char *const names[] = {"tensor_insns", "mac_busy",  "useful_macs",
                                        "bank_conflicts", "tu_stalls", "sdma_bytes",
                                        "sdma_busy"};
    return n >= HPM_FIRST && n <= HPM_LAST ? names[n - HPM_FIRST] : NULL;
}

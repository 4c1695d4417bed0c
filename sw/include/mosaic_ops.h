/* Software tally of tensor instructions by operation.
 *
 * hpmcounter3 counts tensor instructions in total; a program that wants the
 * mix (how many tld, tmma, scpad.ld, ...) defines MOSAIC_COUNT_OPS before
 * including mosaic.h, and every instruction macro then bumps its slot in
 * mosaic_op_count[]. The tally costs a load/add/store per instruction, so it
 * is off unless asked for. */
#ifndef MOSAIC_OPS_H
#define MOSAIC_OPS_H

#include <stdint.h>

enum {
    OPID_TLD,
    OPID_TST,
    OPID_TACT,
    OPID_TCVT,
    OPID_TZERO,
    OPID_TRED,
    OPID_TSCALE,
    OPID_TADD,
    OPID_TMMA,
    OPID_TSUB,
    OPID_TMUL,
    OPID_TMAX,
    OPID_TMIN,
    OPID_TROWMAX,
    OPID_TROWSUM,
    OPID_TBSUB,
    OPID_TBMUL,
    OPID_TBDIV,
    OPID_TL_XPOSE,
    OPID_TL_CONCAT,
    OPID_TL_ADDI,
    OPID_TL_MLOAD,
    OPID_TL_MSTORE,
    OPID_MMACC,
    OPID_MSETTILE,
    OPID_SCPAD_LD,
    OPID_SCPAD_ST,
    OPID_SCPAD_WAIT,
    OPID_COUNT
};

extern uint32_t mosaic_op_count[OPID_COUNT];

#ifdef MOSAIC_COUNT_OPS
#define MOSAIC_COUNT(id) ((void)(mosaic_op_count[(id)]++))
#else
#define MOSAIC_COUNT(id) ((void)0)
#endif

/* Mnemonic of an OPID_* ("tld", "scpad.ld", ...). */
const char *mosaic_op_name(unsigned id);
/* Zero the tally. */
void mosaic_ops_reset(void);
/* Sum of the tally. */
uint32_t mosaic_ops_total(void);
/* Print the non-zero entries on one line: "<indent>tld 36, tmma 18, ...". */
void mosaic_ops_print(const char *indent);

#endif

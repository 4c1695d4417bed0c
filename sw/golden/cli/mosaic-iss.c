/* mosaic-iss: run a Mosaic ELF on the instruction-set simulator.
 *
 * Exit status: 0 pass (tohost = 1 or EXIT 0); 1 tohost fail ("FAIL: test n"
 * on stderr); the EXIT value (255 if it does not fit); 2 usage, file or ELF
 * error (one line "mosaic-iss: <what>: <where>"); 3 instruction limit;
 * 4 an HTIF tohost request this ISS does not serve. UART bytes go to stdout;
 * the trace and statistics go to stderr (or the --trace file) so they never
 * interleave with program output. */
#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "mosaic_iss.h"
#include "mosaic_memmap.h"

enum { EXIT_USAGE = 2, EXIT_LIMIT = 3, EXIT_HTIF = 4 };

typedef struct {
    const char *elf;
    const char *trace_path; /* "-" for stderr */
    const char *signature;
    uint64_t max_insns; /* 0: no limit */
    int stats;
    const char *loads[16]; /* --load FILE@ADDR, in order */
    int nloads;
    const char *uart_in; /* UART RX bytes, NULL: none */
    uint32_t poison;     /* --dram-poison block, 0: none */
} options;

static void usage(FILE *f)
{
    fputs("usage: mosaic-iss [options] program.elf\n"
          "Run a RV32IM + Mosaic tensor ELF on the instruction-set simulator.\n"
          "  --trace[=FILE]       one line per instruction (pc, bits, disassembly,\n"
          "                       register/CSR/memory/tensor writes, traps) to\n"
          "                       stderr or FILE\n"
          "  --max-insns N        stop with exit status 3 after N instructions\n"
          "  --signature FILE     write begin_signature..end_signature as hex words\n"
          "  --stats              print instruction and tensor-op counts to stderr\n"
          "  --load FILE@ADDR     copy FILE into memory at ADDR after the program is\n"
          "                       loaded (repeatable, up to 16; the range must lie in\n"
          "                       RAM, main memory or the scratchpad)\n"
          "  --uart-in FILE       the UART receives FILE's bytes, one per read of\n"
          "                       RXDATA (the boot loader's input, docs/fpga.md)\n"
          "  --dram-poison ADDR   every access to the 64-byte main-memory block at\n"
          "                       ADDR answers a bus error (as mosaic-sim's; docs/isa.md R32)\n"
          "  --help               this text\n"
          "The run ends when the program writes tohost (1 = pass, (n<<1)|1 = fail n)\n"
          "or the simulation-control EXIT register (exit status = value).\n",
          f);
}

static int die(const char *what, const char *where)
{
    fprintf(stderr, "mosaic-iss: %s: %s\n", what, where);
    return EXIT_USAGE;
}

/* Options take their value as --opt=V or as the next argument. Returns the
 * value, or NULL after printing the error. */
static const char *opt_value(int argc, char **argv, int *i, const char *name, int *rc)
{
    size_t n = strlen(name);
    const char *a = argv[*i];
    if (a[n] == '=')
        return a + n + 1;
    if (*i + 1 >= argc) {
        *rc = die("option needs a value", name);
        return NULL;
    }
    return argv[++*i];
}

static int is_opt(const char *a, const char *name)
{
    size_t n = strlen(name);
    return strncmp(a, name, n) == 0 && (a[n] == '\0' || a[n] == '=');
}

static int parse(int argc, char **argv, options *o)
{
    int rc = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            return -1;
        } else if (strcmp(a, "--trace") == 0) {
            o->trace_path = "-";
        } else if (strncmp(a, "--trace=", 8) == 0) {
            o->trace_path = a + 8;
        } else if (strcmp(a, "--stats") == 0) {
            o->stats = 1;
        } else if (is_opt(a, "--max-insns")) {
            const char *v = opt_value(argc, argv, &i, "--max-insns", &rc);
            if (!v)
                return rc;
            char *end;
            errno = 0;
            unsigned long long n = strtoull(v, &end, 0);
            if (!*v || *end || errno || v[0] == '-' || n == 0)
                return die("bad --max-insns value", v);
            o->max_insns = n;
        } else if (is_opt(a, "--load")) {
            const char *v = opt_value(argc, argv, &i, "--load", &rc);
            if (!v)
                return rc;
            if (o->nloads == (int)(sizeof o->loads / sizeof o->loads[0]))
                return die("too many --load options (16 at most)", v);
            o->loads[o->nloads++] = v;
        } else if (is_opt(a, "--uart-in")) {
            const char *v = opt_value(argc, argv, &i, "--uart-in", &rc);
            if (!v)
                return rc;
            o->uart_in = v;
        } else if (is_opt(a, "--dram-poison")) {
            const char *v = opt_value(argc, argv, &i, "--dram-poison", &rc);
            if (!v)
                return rc;
            char *end;
            errno = 0;
            unsigned long long n = strtoull(v, &end, 0);
            if (!*v || *end || errno || v[0] == '-' || !mosaic_dram_poison_ok(n))
                return die("--dram-poison: not a 64-byte-aligned main-memory address", v);
            o->poison = (uint32_t)n;
        } else if (is_opt(a, "--signature")) {
            const char *v = opt_value(argc, argv, &i, "--signature", &rc);
            if (!v)
                return rc;
            o->signature = v;
        } else if (a[0] == '-' && a[1] != '\0') {
            return die("unknown option", a);
        } else if (o->elf) {
            return die("more than one program", a);
        } else {
            o->elf = a;
        }
    }
    if (!o->elf)
        return die("no program given", "try --help");
    return 0;
}

static void uart_out(void *ctx, uint8_t byte)
{
    fputc(byte, (FILE *)ctx);
}

/* --uart-in: the file's bytes in order, then none. */
static int uart_in(void *ctx, bool pop)
{
    FILE *f = ctx;
    int c = fgetc(f);
    if (c != EOF && !pop)
        ungetc(c, f);
    return c == EOF ? -1 : c;
}

static void trace_line(FILE *t, const mosaic_iss_effects *e)
{
    static const char *const abi[32] = {
        "zero", "ra", "sp", "gp", "tp",  "t0",  "t1", "t2", "s0", "s1", "a0",
        "a1",   "a2", "a3", "a4", "a5",  "a6",  "a7", "s2", "s3", "s4", "s5",
        "s6",   "s7", "s8", "s9", "s10", "s11", "t3", "t4", "t5", "t6"};
    char dis[64];
    mosaic_disasm(e->insn, e->pc, dis, sizeof dis);
    bool more = e->intr || e->trap || e->rd_write || e->nmemw || e->memw_dropped || e->ncsrw ||
                e->treg_written;
    /* Effects start in a fixed column; a line without any has no padding. */
    fprintf(t, "%08" PRIx32 " %08" PRIx32 " %-*s", e->pc, e->insn, more ? 32 : 0, dis);
    if (e->intr)
        fprintf(t, " intr(0x%08" PRIx32 ")", e->intr_cause);
    if (e->trap)
        fprintf(t, " trap(cause=%" PRIu32 ", tval=0x%08" PRIx32 ")", e->cause, e->tval);
    if (e->rd_write)
        fprintf(t, " %s=0x%08" PRIx32, abi[e->rd & 31u], e->rd_value);
    for (unsigned i = 0; i < e->nmemw; i++) {
        const mosaic_iss_memw *m = &e->memw[i];
        if (m->len <= 4)
            fprintf(t, " [0x%08" PRIx32 "]=0x%0*" PRIx32, m->addr, (int)(2 * m->len), m->data);
        else
            fprintf(t, " [0x%08" PRIx32 "+%" PRIu32 "]", m->addr, m->len);
    }
    if (e->memw_dropped)
        fprintf(t, " (+%u ranges)", e->memw_dropped);
    for (unsigned i = 0; i < e->ncsrw; i++) {
        const char *n = mosaic_csr_name(e->csrw[i].csr);
        if (n)
            fprintf(t, " %s=0x%08" PRIx32, n, e->csrw[i].value);
        else
            fprintf(t, " csr[0x%03" PRIx32 "]=0x%08" PRIx32, e->csrw[i].csr, e->csrw[i].value);
    }
    for (unsigned r = 0; r < 32; r++)
        if (e->treg_written & (1u << r))
            fprintf(t, " tr%u", r);
    fputc('\n', t);
}

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void print_stats(const mosaic_iss *iss, double seconds)
{
    mosaic_iss_stats st;
    mosaic_iss_get_stats(iss, &st);
    fprintf(stderr, "time: %.3f s, %.1f M instructions/s\n", seconds,
            seconds > 0 ? (double)st.steps / seconds * 1e-6 : 0.0);
    fprintf(stderr,
            "instructions: %" PRIu64 " retired, %" PRIu64 " trapped, %" PRIu64 " interrupts\n"
            "tensor instructions: %" PRIu64 "\n"
            "useful MACs: %" PRIu64 "\n"
            "SDMA bytes: %" PRIu64 "\n",
            st.retired, st.traps, st.interrupts, st.tensor_retired, st.macs, st.sdma_bytes);
    for (unsigned op = 0; op < mosaic_tensor_op_count(); op++) {
        uint64_t n = mosaic_iss_tensor_op_retired(iss, op);
        if (n)
            fprintf(stderr, "  %-12s %" PRIu64 "\n", mosaic_tensor_op_name(op), n);
    }
}

/* The signature must lie inside one memory. */
static bool signature_mapped(const mosaic_iss *iss, uint32_t b, uint32_t e)
{
    if (e - b > MOSAIC_MAIN_SIZE)
        return false;
    void *buf = malloc(e - b + 1u);
    bool ok = buf && mosaic_iss_read_mem(iss, b, buf, e - b);
    free(buf);
    return ok;
}

/* riscv-arch-test format: one 32-bit word per line, 8 lower-case hex digits. */
static int write_signature(const mosaic_iss *iss, const char *path, uint32_t b, uint32_t e)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return die("cannot write signature", path);
    for (uint64_t a = b; a < e; a += 4) {
        uint8_t w[4] = {0};
        for (unsigned i = 0; i < 4 && a + i < e; i++)
            mosaic_iss_read_mem(iss, (uint32_t)(a + i), &w[i], 1);
        fprintf(f, "%02x%02x%02x%02x\n", w[3], w[2], w[1], w[0]);
    }
    if (fclose(f) != 0)
        return die("cannot write signature", path);
    return 0;
}

static int run(mosaic_iss *iss, const options *o, FILE *trace)
{
    mosaic_iss_effects eff;
    mosaic_iss_stats st;
    uint64_t n = 0;
    while (mosaic_iss_step(iss, trace ? &eff : NULL)) {
        if (trace)
            trace_line(trace, &eff);
        if (o->max_insns && ++n >= o->max_insns && mosaic_iss_halt_reason(iss, NULL) ==
                                                        MOSAIC_ISS_RUNNING) {
            mosaic_iss_get_stats(iss, &st);
            fflush(stdout);
            fprintf(stderr, "mosaic-iss: instruction limit reached: %" PRIu64
                            " instructions, pc 0x%08" PRIx32 "\n",
                    n, mosaic_iss_get_pc(iss));
            return EXIT_LIMIT;
        }
    }
    uint32_t code;
    fflush(stdout);
    switch (mosaic_iss_halt_reason(iss, &code)) {
    case MOSAIC_ISS_HALT_TOHOST_PASS: return 0;
    case MOSAIC_ISS_HALT_TOHOST_FAIL:
        fprintf(stderr, "FAIL: test %" PRIu32 "\n", code);
        return 1;
    case MOSAIC_ISS_HALT_TOHOST_BAD:
        fprintf(stderr, "mosaic-iss: unsupported tohost request 0x%08" PRIx32 ": pc 0x%08" PRIx32
                        "\n", code, mosaic_iss_get_pc(iss));
        return EXIT_HTIF;
    default: return code > 255 ? 255 : (int)code;
    }
}

int main(int argc, char **argv)
{
    options o = {0};
    int rc = parse(argc, argv, &o);
    if (rc)
        return rc < 0 ? 0 : rc;

    mosaic_iss *iss = mosaic_iss_create();
    if (!iss)
        return die("out of memory", "creating the simulator");
    char err[256];
    if (!mosaic_iss_load_elf(iss, o.elf, err, sizeof err)) {
        mosaic_iss_destroy(iss);
        return die(err, o.elf);
    }
    mosaic_iss_set_dram_poison(iss, o.poison); /* checked by parse() */
    for (int i = 0; i < o.nloads; i++) {
        if (!mosaic_iss_load_file(iss, o.loads[i], err, sizeof err)) {
            mosaic_iss_destroy(iss);
            fprintf(stderr, "mosaic-iss: %s\n", err);
            return EXIT_USAGE;
        }
    }
    uint32_t sb = 0, se = 0;
    if (o.signature) {
        if (!mosaic_iss_symbol(iss, "begin_signature", &sb) ||
            !mosaic_iss_symbol(iss, "end_signature", &se)) {
            mosaic_iss_destroy(iss);
            return die("no begin_signature/end_signature symbols", o.elf);
        }
        if (se < sb || !signature_mapped(iss, sb, se)) {
            mosaic_iss_destroy(iss);
            return die("signature range outside memory", o.elf);
        }
    }
    FILE *trace = NULL;
    if (o.trace_path) {
        trace = strcmp(o.trace_path, "-") == 0 ? stderr : fopen(o.trace_path, "w");
        if (!trace) {
            mosaic_iss_destroy(iss);
            return die("cannot write trace", o.trace_path);
        }
    }
    mosaic_iss_set_uart(iss, uart_out, stdout);
    FILE *rx = NULL;
    if (o.uart_in) {
        if (!(rx = fopen(o.uart_in, "rb"))) {
            if (trace && trace != stderr)
                fclose(trace);
            mosaic_iss_destroy(iss);
            return die("cannot read --uart-in file", o.uart_in);
        }
        mosaic_iss_set_uart_rx(iss, uart_in, rx);
    }

    double t0 = now_seconds();
    rc = run(iss, &o, trace);
    double elapsed = now_seconds() - t0;

    if (o.signature) {
        int src = write_signature(iss, o.signature, sb, se);
        if (src && !rc)
            rc = src;
    }
    if (o.stats)
        print_stats(iss, elapsed);
    if (trace && trace != stderr)
        fclose(trace);
    if (rx)
        fclose(rx);
    mosaic_iss_destroy(iss);
    return rc;
}

/* mosaic-sim options. Same conventions as mosaic-iss: --opt V or --opt=V,
 * one error line "mosaic-sim: <what>: <where>" and exit status 2. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim.h"

static void usage(FILE *f)
{
    fputs("usage: mosaic-sim [options] program.elf\n"
          "Run a Mosaic ELF on the Verilator model of mosaic_soc, in lockstep with the\n"
          "golden ISS: every retired instruction (RVFI) is compared with one ISS step,\n"
          "and the first difference stops the run with a report (exit status 1).\n"
          "  --no-cosim           run the RTL alone (no ISS comparison)\n"
          "  --max-cycles N       stop with exit status 3 after N clock cycles\n"
          "  --fst FILE           write an FST waveform of the whole SoC (only in the\n"
          "                       mosaic-sim-fst build: make sim-fst)\n"
          "  --fst-start N        ... starting at cycle N (default 0)\n"
          "  --signature FILE     write begin_signature..end_signature of the RTL's\n"
          "                       memory as hex words\n"
          "  --stats              cycles, instructions, CPI, cycle breakdown, speed\n"
          "  --trace[=FILE]       one line per retired instruction as the RTL reports\n"
          "                       it (cycle, pc, bits, disassembly, effects) to\n"
          "                       stderr or FILE\n"
          "  --seed N             seed for random initial state (non-reset flops,\n"
          "                       X assignments) and any random stimulus, 1..2^32-1\n"
          "                       (default 1)\n"
          "  --dram-latency N     main memory: N extra cycles before the first read\n"
          "                       beat and the write response of every tensor-unit\n"
          "                       burst (0..65535, default 0)\n"
          "  --dram-stall-pct P   main memory: withhold AXI ready/valid in P percent\n"
          "                       of cycles, at random (0..100, default 0)\n"
          "  --dram-seed N        seed of that randomness (default = --seed)\n"
          "  --dram-bw N          main memory: at most N bytes per cycle of read and\n"
          "                       write beats, averaged (0..255, default 0 = no\n"
          "                       limit); the AXI port is 128 bits, so 16 and above\n"
          "                       all mean one 16-byte beat per cycle, as 0 does\n"
          "  --dram-outstanding N main memory: at most N read and N write bursts in\n"
          "                       flight (AR..last R, AW..B) (0..255, default 0 =\n"
          "                       the queues' limit: 64 accepted per direction)\n"
          "  --dram-poison ADDR   main memory: every access to the 64-byte block at\n"
          "                       ADDR answers a bus error (SLVERR; the core's an\n"
          "                       access fault), in the RTL and the lockstep ISS\n"
          "                       alike (docs/isa.md R32)\n"
          "  --load FILE@ADDR     copy FILE into memory at ADDR after the program is\n"
          "                       loaded (repeatable, up to 16; the range must lie in\n"
          "                       RAM, main memory or the scratchpad), as mosaic-iss\n"
          "  --uart-pty           connect the UART to a new pseudo-terminal, named on\n"
          "                       stderr (\"mosaic-sim: uart: /dev/pts/N\"): bytes\n"
          "                       written to it arrive bit by bit on the RX pin,\n"
          "                       UART output goes to it instead of stdout; needs\n"
          "                       --no-cosim (the host decides RX timing). For the\n"
          "                       boot loader and tools/mosaic-load (docs/fpga.md)\n"
          "  --help               this text\n"
          "The run ends when the program writes tohost (1 = pass, (n<<1)|1 = fail n:\n"
          "exit status 1, \"FAIL: test n\") or the simulation-control EXIT register\n"
          "(exit status = value). UART output goes to stdout, everything else to\n"
          "stderr.\n",
          f);
}

int sim_die(const char *what, const char *where)
{
    fprintf(stderr, "mosaic-sim: %s: %s\n", what, where);
    return SIM_EXIT_USAGE;
}

static int is_opt(const char *a, const char *name)
{
    size_t n = strlen(name);
    return strncmp(a, name, n) == 0 && (a[n] == '\0' || a[n] == '=');
}

/* The option's value (--opt=V or the next argument), or NULL after printing
 * the error into *rc. */
static const char *opt_value(int argc, char **argv, int *i, const char *name, int *rc)
{
    const char *a = argv[*i];
    size_t n = strlen(name);
    if (a[n] == '=')
        return a + n + 1;
    if (*i + 1 >= argc) {
        *rc = sim_die("option needs a value", name);
        return NULL;
    }
    return argv[++*i];
}

static int parse_u64(const char *v, const char *name, uint64_t max, uint64_t *out)
{
    char *end;
    errno = 0;
    unsigned long long n = strtoull(v, &end, 0);
    if (!*v || *end || errno || v[0] == '-' || n > max) {
        char what[64];
        snprintf(what, sizeof what, "bad %s value", name);
        return sim_die(what, v);
    }
    *out = n;
    return 0;
}

int sim_parse_args(int argc, char **argv, sim_options *o, bool fst_supported)
{
    memset(o, 0, sizeof *o);
    o->argv0 = argc > 0 ? argv[0] : "mosaic-sim";
    o->cosim = true;
    o->fst_supported = fst_supported;
    o->seed = 1;
    int rc = 0;
    bool have_start = false;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v;
        uint64_t n;
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            return -1;
        } else if (strcmp(a, "--no-cosim") == 0) {
            o->cosim = false;
        } else if (strcmp(a, "--uart-pty") == 0) {
            o->uart_pty = true;
        } else if (strcmp(a, "--trace") == 0) {
            o->trace = "-";
        } else if (strncmp(a, "--trace=", 8) == 0) {
            o->trace = a + 8;
        } else if (strcmp(a, "--stats") == 0) {
            o->stats = true;
        } else if (is_opt(a, "--max-cycles")) {
            if (!(v = opt_value(argc, argv, &i, "--max-cycles", &rc)))
                return rc;
            if ((rc = parse_u64(v, "--max-cycles", UINT64_MAX, &n)))
                return rc;
            if (n == 0)
                return sim_die("bad --max-cycles value", v);
            o->max_cycles = n;
        } else if (is_opt(a, "--fst-start")) {
            if (!(v = opt_value(argc, argv, &i, "--fst-start", &rc)))
                return rc;
            if ((rc = parse_u64(v, "--fst-start", UINT64_MAX, &n)))
                return rc;
            o->fst_start = n;
            have_start = true;
        } else if (is_opt(a, "--fst")) {
            if (!(v = opt_value(argc, argv, &i, "--fst", &rc)))
                return rc;
            if (!fst_supported)
                return sim_die("built without waveform support (use mosaic-sim-fst: make sim-fst)",
                               "--fst");
            o->fst = v;
        } else if (is_opt(a, "--load")) {
            if (!(v = opt_value(argc, argv, &i, "--load", &rc)))
                return rc;
            if (o->nloads == (int)(sizeof o->loads / sizeof o->loads[0]))
                return sim_die("too many --load options (16 at most)", v);
            o->loads[o->nloads++] = v;
        } else if (is_opt(a, "--signature")) {
            if (!(v = opt_value(argc, argv, &i, "--signature", &rc)))
                return rc;
            o->signature = v;
        } else if (is_opt(a, "--seed")) {
            if (!(v = opt_value(argc, argv, &i, "--seed", &rc)))
                return rc;
            if ((rc = parse_u64(v, "--seed", UINT32_MAX, &n)))
                return rc;
            if (n == 0) /* Verilator would pick a time-based seed */
                return sim_die("bad --seed value (1..4294967295)", v);
            o->seed = (uint32_t)n;
        } else if (is_opt(a, "--dram-latency")) {
            if (!(v = opt_value(argc, argv, &i, "--dram-latency", &rc)))
                return rc;
            if ((rc = parse_u64(v, "--dram-latency", 65535, &n)))
                return rc;
            o->dram_latency = (uint32_t)n;
        } else if (is_opt(a, "--dram-stall-pct")) {
            if (!(v = opt_value(argc, argv, &i, "--dram-stall-pct", &rc)))
                return rc;
            if ((rc = parse_u64(v, "--dram-stall-pct", 100, &n)))
                return rc;
            o->dram_stall_pct = (uint32_t)n;
        } else if (is_opt(a, "--dram-seed")) {
            if (!(v = opt_value(argc, argv, &i, "--dram-seed", &rc)))
                return rc;
            if ((rc = parse_u64(v, "--dram-seed", UINT32_MAX, &n)))
                return rc;
            o->dram_seed = (uint32_t)n;
            o->dram_seed_set = true;
        } else if (is_opt(a, "--dram-bw")) {
            if (!(v = opt_value(argc, argv, &i, "--dram-bw", &rc)))
                return rc;
            if ((rc = parse_u64(v, "--dram-bw", 255, &n)))
                return rc;
            o->dram_bw = (uint32_t)n;
        } else if (is_opt(a, "--dram-outstanding")) {
            if (!(v = opt_value(argc, argv, &i, "--dram-outstanding", &rc)))
                return rc;
            if ((rc = parse_u64(v, "--dram-outstanding", 255, &n)))
                return rc;
            o->dram_outstanding = (uint32_t)n;
        } else if (is_opt(a, "--dram-poison")) {
            if (!(v = opt_value(argc, argv, &i, "--dram-poison", &rc)))
                return rc;
            if ((rc = parse_u64(v, "--dram-poison", UINT32_MAX, &n)))
                return rc;
            if (!mosaic_dram_poison_ok(n))
                return sim_die("--dram-poison: not a 64-byte-aligned main-memory address", v);
            o->dram_poison = (uint32_t)n;
        } else if (a[0] == '-' && a[1] != '\0') {
            return sim_die("unknown option", a);
        } else if (o->elf) {
            return sim_die("more than one program", a);
        } else {
            o->elf = a;
        }
    }
    if (o->uart_pty && o->cosim)
        return sim_die("--uart-pty needs --no-cosim (the ISS cannot see RX timing)", "--uart-pty");
    if (have_start && !o->fst)
        return sim_die("--fst-start needs --fst", "try --help");
    if (!o->elf)
        return sim_die("no program given", "try --help");
    return 0;
}

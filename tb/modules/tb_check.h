// Shared bits of the RTL module harnesses: case bookkeeping that prints the
// `PASS: name` / `FAIL: name: ...` lines tools/run_tests.py counts, with the
// first few mismatches of a case spelled out.
#ifndef MOSAIC_TB_CHECK_H
#define MOSAIC_TB_CHECK_H

#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <unistd.h>
#include <string>

extern "C" {
#include "mosaic_fmt.h"
}

namespace tb {

// One test case: counts vectors and mismatches, keeps the first few reports.
class Case {
  public:
    explicit Case(std::string name, unsigned max_report = 5)
        : name_(std::move(name)), max_report_(max_report) {}

    void vector() { ++vectors_; }

    // Record a mismatch; the message is only formatted for the first few.
    void fail(const char *fmt, ...) __attribute__((format(printf, 2, 3))) {
        if (mismatches_++ < max_report_) {
            char buf[512];
            va_list ap;
            va_start(ap, fmt);
            vsnprintf(buf, sizeof buf, fmt, ap);
            va_end(ap);
            detail_ += detail_.empty() ? "" : "; ";
            detail_ += buf;
        }
    }

    uint64_t vectors() const { return vectors_; }
    uint64_t mismatches() const { return mismatches_; }

    // Print the verdict; returns true on pass.
    bool finish() const {
        if (mismatches_ == 0 && vectors_ > 0) {
            std::printf("PASS: %s (%llu vectors)\n", name_.c_str(),
                        (unsigned long long)vectors_);
        } else if (vectors_ == 0) {
            std::printf("FAIL: %s: no vectors ran\n", name_.c_str());
        } else {
            std::printf("FAIL: %s: %llu of %llu vectors mismatch: %s\n", name_.c_str(),
                        (unsigned long long)mismatches_, (unsigned long long)vectors_,
                        detail_.c_str());
        }
        std::fflush(stdout);
        return mismatches_ == 0 && vectors_ > 0;
    }

  private:
    std::string name_;
    unsigned max_report_;
    uint64_t vectors_ = 0;
    uint64_t mismatches_ = 0;
    std::string detail_;
};

// Deterministic PRNG (xoshiro256**), so every run checks the same vectors
// unless a seed is given.
class Rng {
  public:
    explicit Rng(uint64_t seed) {
        for (auto &w : s_) w = splitmix(seed);
    }
    uint64_t next() {
        const uint64_t r = rotl(s_[1] * 5, 7) * 9, t = s_[1] << 17;
        s_[2] ^= s_[0];
        s_[3] ^= s_[1];
        s_[1] ^= s_[2];
        s_[0] ^= s_[3];
        s_[2] ^= t;
        s_[3] = rotl(s_[3], 45);
        return r;
    }
    uint32_t u32() { return (uint32_t)(next() >> 32); }
    uint32_t below(uint32_t n) { return (uint32_t)(((next() >> 32) * n) >> 32); }
    bool chance(unsigned pct) { return below(100) < pct; }

  private:
    static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
    static uint64_t splitmix(uint64_t &x) {
        uint64_t z = (x += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    uint64_t s_[4];
};

inline const char *rm_name(unsigned rm) {
    static const char *const n[8] = {"rne", "rtz", "rdn", "rup", "rmm", "rm5", "rm6", "rm7"};
    return n[rm & 7];
}


// Proof that a harness can fail: run the copy of it built against RTL with an
// injected bug (build/modules/<mutant>, next to build/tests/) with --quick;
// it must print at least one FAIL line, or stop on one of the RTL's
// assertions (Verilator: "Assertion failed", then $stop), and exit non-zero.
// Prints the PASS/FAIL line for case `name`; returns true on pass.
inline bool check_mutant(const char *argv0, const char *mutant, const char *name) {
    std::string dir(argv0);
    const size_t slash = dir.rfind('/');
    dir = slash == std::string::npos ? std::string(".") : dir.substr(0, slash);
    const std::string path = dir + "/../modules/" + mutant;
    if (access(path.c_str(), X_OK) != 0) {
        std::printf("FAIL: %s: %s not built\n", name, path.c_str());
        return false;
    }
    FILE *p = popen((path + " --quick 2>&1").c_str(), "r");
    unsigned fails = 0;
    std::string first;
    char line[4096];
    while (p && fgets(line, sizeof line, p))
        if ((std::strncmp(line, "FAIL: ", 6) == 0 || std::strstr(line, "Assertion failed")) &&
            fails++ == 0)
            first.assign(line, std::strcspn(line, "\n") > 200 ? 200 : std::strcspn(line, "\n"));
    const int rc = p ? pclose(p) : -1;
    if (fails > 0 && rc != 0) {
        std::printf("PASS: %s (%u failing cases, first: %s)\n", name, fails, first.c_str());
        return true;
    }
    std::printf("FAIL: %s: mutant reported %u failing cases, exit %d\n", name, fails, rc);
    return false;
}


// The options every module harness takes: --quick (a short run, used by the
// mutant check) and --seed N.
inline void parse_args(int argc, char **argv, bool *quick, uint64_t *seed) {
    for (int i = 1; i < argc; i++) {
        if (!std::strcmp(argv[i], "--quick"))
            *quick = true;
        else if (!std::strcmp(argv[i], "--seed") && i + 1 < argc)
            *seed = std::strtoull(argv[++i], nullptr, 0);
    }
}

// make test runs the harnesses with MOSAIC_TIER=test (tools/run_tests.py):
// a harness with a long random draw may shorten it there; make regress and
// a direct run keep the full draw.
inline bool test_tier() {
    const char *tier = std::getenv("MOSAIC_TIER");
    return tier && !std::strcmp(tier, "test");
}

} // namespace tb

#endif

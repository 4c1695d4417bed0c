/* mosaic-sim speed benchmark (not a test): the loop of
 * sw/tests/iss/bench_loop.S (ALU, multiply, load, store, branch; 9
 * instructions per iteration) with fewer iterations, ended through EXIT.
 * `make sim-bench` runs it with and without lockstep. */
#define ITERATIONS 200000
#include "../iss/bench_loop.S"

/**
 * V8 flags for the Node processes of a test run: Vitest's workers (vitest.config.ts) and the
 * commands the tests of `scripts/` run. Both load PGlite, whose WebAssembly V8 first compiles with
 * its baseline compiler and then, in background threads, compiles its busiest functions again with
 * the optimizing one: work that processes living a few seconds to a minute never earn back (a
 * command spent about a quarter of its CPU time on it). With the baseline compiler alone, what runs
 * is the same code, for a tenth or more less CPU time; Daybook itself keeps V8's defaults.
 */
export const TEST_NODE_FLAGS: readonly string[] = ["--liftoff-only"];

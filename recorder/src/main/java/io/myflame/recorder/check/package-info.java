/**
 * Checks that a recording profiled the work it names: rows per transaction, cache misses,
 * samples, truncated stacks.
 */
package io.myflame.recorder.check;

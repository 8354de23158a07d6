/**
 * The two user-facing errors every module throws: UsageError (exit 2) and DataError (exit 1); and
 * Decimals, the one rounding of every number myflame writes.
 */
package io.myflame.core;

/**
 * The two user-facing errors every module throws: UsageError (exit 2) and DataError (exit 1).
 */
package io.myflame.core;

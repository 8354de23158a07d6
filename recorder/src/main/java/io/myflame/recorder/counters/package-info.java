/**
 * The server's status counters read before and after the measured window (rows, transactions,
 * buffer-pool reads).
 */
package io.myflame.recorder.counters;

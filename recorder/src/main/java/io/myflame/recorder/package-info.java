/**
 * The record and sweep workflows: a session (server, perf, sysbench) run through warm-up, the
 * measured window and the capture written at the end.
 */
package io.myflame.recorder;

/**
 * External programs: command lines, the {@link io.myflame.recorder.process.Processes} that runs them
 * and stops them all ({@link io.myflame.recorder.process.ChildProcesses} for real), the
 * {@link io.myflame.recorder.process.Clock} a recording waits by, both handed down as one
 * {@link io.myflame.recorder.process.Machine}; output tees and the guard that kills orphans.
 */
package io.myflame.recorder.process;

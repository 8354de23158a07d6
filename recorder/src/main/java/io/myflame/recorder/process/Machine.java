package io.myflame.recorder.process;

/**
 * What a recording uses of the machine it runs on, in one value handed down from the command that
 * records (through the recorder and its session): the programs it starts and the clock it waits by.
 * {@link #local()} is the one place the real ones are made; tests build one of fakes.
 *
 * @param processes runs perf, sysbench, the server and its tools
 * @param clock     measures perf's window and the server's startup, and paces the watch loops
 */
public record Machine(Processes processes, Clock clock) {
    /** This machine: programs run through Commons Exec and stopped at the end, the system clock. */
    public static Machine local() {
        return new Machine(new ChildProcesses(), Clock.SYSTEM);
    }
}

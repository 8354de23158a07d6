package io.myflame.cli;

import io.myflame.core.task.Concurrency;
import io.myflame.load.Reading;
import io.myflame.load.StartUp;
import picocli.CommandLine.Option;

/** How inputs are read: parser threads, perf binary, inline resolution, what a folded file's first frame is. */
public final class IngestFlags {
    @Option(names = "--inline", description = "Resolve inlined functions when reading perf.data (slow).")
    boolean inline;

    @Option(names = "--threads", paramLabel = "N", converter = OptionValues.Threads.class,
            description = "Threads that read the input, 1 to " + OptionValues.MAX_THREADS + " (default: all cores;"
                    + " a perf.data's samples are shared among them only when one thread would take long).")
    int threads = DEFAULT_THREADS;

    /** Threads that read the input when {@code --threads} is not given: one a core ({@link Concurrency#machine()}). */
    static final int DEFAULT_THREADS = Concurrency.machine().threads();

    @Option(names = "--perf", paramLabel = "PATH", defaultValue = "perf", description = "The perf binary.")
    String perf = "perf";

    @Option(names = "--via-perf-script", description = "Read perf.data through perf script text, not the native reader.")
    boolean viaPerfScript;

    @Option(names = "--symfs", paramLabel = "DIR",
            description = "Look for the files a perf.data names under DIR, as perf's --symfs: a copy of the "
                    + "recording machine's files (docs/perf-data.md).")
    java.nio.file.Path symfs;

    @Option(names = "--folded-root", paramLabel = "thread|numbered|function", defaultValue = "thread",
            description = "What the first frame of folded input is: a thread kept as written (default), a thread "
                    + "whose trailing -N is merged (Thread-0, Thread-1 -> Thread), or a function (async-profiler "
                    + "collapsed files: no thread frame).")
    String foldedRoot = "thread";

    /**
     * Reads text input with one parser: a flame chart draws stacks in the order first seen, and parsers that take
     * blocks as they come free merge their stacks in an order that changes from run to run (perf.data keeps its
     * order with any thread count: each decoder takes one stretch of the file).
     */
    void keepInputOrder() {
        threads = 1;
    }

    /** What the run began for its inputs before its command line was parsed: {@link Main#run} hands it here. */
    StartUp startUp = StartUp.NONE;

    /** How an analysing command reads its inputs; a --folded-root other than its three words is a usage error. */
    public Reading reading() {
        return new Reading(Concurrency.of(threads), inline, perf, viaPerfScript, symfs, foldedRoot, startUp);
    }

    /** How collapse reads: as {@link #reading()}, but --folded-root is accepted and unused (folded input is not collapsed). */
    Reading collapseReading() {
        return new Reading(Concurrency.of(threads), inline, perf, viaPerfScript, symfs, "thread", startUp);
    }
}

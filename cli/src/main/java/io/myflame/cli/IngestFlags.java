package io.myflame.cli;

import io.myflame.ingest.ProfileLoader;
import picocli.CommandLine.Option;

/** How inputs are read: parser threads, perf binary, inline resolution. */
public final class IngestFlags {
    @Option(names = "--inline", description = "Resolve inlined functions when reading perf.data (slow).")
    boolean inline;

    @Option(names = "--threads", paramLabel = "N", converter = OptionValues.Threads.class,
            description = "Parser threads, 1 to " + OptionValues.MAX_THREADS + " (default: all cores).")
    int threads = Math.min(Runtime.getRuntime().availableProcessors(), OptionValues.MAX_THREADS);

    @Option(names = "--perf", paramLabel = "PATH", defaultValue = "perf", description = "The perf binary.")
    String perf = "perf";

    public ProfileLoader loader() {
        return new ProfileLoader(threads, inline, perf);
    }
}

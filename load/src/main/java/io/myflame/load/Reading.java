package io.myflame.load;

import io.myflame.core.UsageError;
import io.myflame.core.model.Profile;
import io.myflame.core.task.Concurrency;
import io.myflame.ingest.ProfileLoader;
import io.myflame.ingest.capture.CaptureDirectory;
import io.myflame.ingest.error.InputException;
import io.myflame.ingest.folded.FoldedReader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * How inputs are read, as the ingest flags say: the run's thread policy ({@code --threads}), whether perf.data's inlined
 * functions are resolved, the perf binary, whether perf.data goes through {@code perf script}
 * text, where copies of the recorded files are ({@code --symfs}), and what a folded file's first
 * frame is. The one place a perf-ingest reader is made, so commands hold settings, not readers.
 *
 * @param foldedRoot the {@code --folded-root} word: thread, numbered or function
 * @param startUp what the run found and began for its inputs before its command line was parsed
 */
public record Reading(Concurrency concurrency, boolean inline, String perf, boolean viaPerfScript, Path symfs,
                      String foldedRoot, StartUp startUp) {
    private static final List<String> FOLDED_ROOTS = List.of("thread", "numbered", "function");

    /**
     * A wrong {@code --folded-root} is refused here, when the flags become a Reading, as a usage error;
     * checked against the words, not perf-ingest's enum, so no reader class loads before a read starts.
     */
    public Reading {
        if (!FOLDED_ROOTS.contains(foldedRoot)) {
            throw new UsageError("--folded-root must be thread, numbered or function, not '" + foldedRoot + "'");
        }
    }

    /** Reading with nothing begun at start-up. */
    public Reading(Concurrency concurrency, boolean inline, String perf, boolean viaPerfScript, Path symfs,
                   String foldedRoot) {
        this(concurrency, inline, perf, viaPerfScript, symfs, foldedRoot, StartUp.NONE);
    }

    /**
     * Reading with a folded file's first frame a thread kept as written: what {@code collapse} (which
     * accepts {@code --folded-root} but does not collapse folded input) and {@code demo} read with.
     */
    public Reading(Concurrency concurrency, boolean inline, String perf, boolean viaPerfScript, Path symfs) {
        this(concurrency, inline, perf, viaPerfScript, symfs, "thread");
    }

    /**
     * Every file a read of {@code input} may open beside it, each with what it is to the input (a capture's
     * metadata and samples, a perf.data's symbol archive): an output must be none of them
     * ({@link CaptureDirectory#filesReadWith}).
     */
    public static Map<Path, String> filesReadWith(Path input) {
        return CaptureDirectory.filesReadWith(input);
    }

    /** The profile of one input as read, before any preparation: one profile, else a data error. */
    public Profile profile(String input) throws IOException, InputException {
        return loader().load(input);
    }

    /** A new reader (each gathers its own warnings and byte count). */
    ProfileLoader loader() {
        return new ProfileLoader(concurrency, inline, perf).foldedRoot(root(foldedRoot)).viaPerfScript(viaPerfScript)
                .symfs(symfs).started(startUp.inputs());
    }

    private static FoldedReader.Root root(String word) {
        return switch (word) {
            case "thread" -> FoldedReader.Root.THREAD;
            case "numbered" -> FoldedReader.Root.NUMBERED_THREAD;
            case "function" -> FoldedReader.Root.FUNCTION;
            default -> throw new IllegalArgumentException(word + ": not one of " + FOLDED_ROOTS);
        };
    }
}

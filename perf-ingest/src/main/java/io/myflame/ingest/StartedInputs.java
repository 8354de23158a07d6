package io.myflame.ingest;

import io.myflame.ingest.fold.FoldedStacks;
import io.myflame.ingest.perfdata.PerfDataAhead;
import java.io.FileInputStream;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;

/**
 * What a run found out and began about its inputs before its command line was parsed, as the reader
 * takes it ({@link ProfileLoader#started}): each part is taken once, for the path it is of, and the
 * reader does by itself whatever was not started. The start-up package's InputsAhead is
 * the one that starts them.
 */
public interface StartedInputs {
    /** Nothing started: every read opens and reads its input itself. */
    StartedInputs NONE = new StartedInputs() {
    };

    /** The regular file {@code file} as opened at start-up, at its first byte, now the caller's; null if none. */
    default FileInputStream opened(Path file) {
        return null;
    }

    /** The capture directory {@code dir}'s capture.json being read (the record or the error); null if not. */
    default CompletableFuture<Object> captureJson(Path dir) {
        return null;
    }

    /** What was started for the perf.data {@code file}: its index pass, archive, kernel symbols. */
    default PerfDataAhead perfData(Path file) {
        return PerfDataAhead.NONE;
    }

    /**
     * The folded file {@code file} as read ahead, waited for, if it was read exactly as asked (named
     * {@code source}, first frame a thread or not, on {@code threads} threads) and is unchanged; else null.
     */
    default FoldedStacks folded(Path file, String source, boolean rootIsThread, int threads) {
        return null;
    }
}

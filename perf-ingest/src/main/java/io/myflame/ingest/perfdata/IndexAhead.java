package io.myflame.ingest.perfdata;

import io.myflame.ingest.symbols.Demangler;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The index pass over a perf.data, started on another thread as soon as the file is named on the
 * command line. The pass needs nothing the options change, and on a dwarf capture it is mostly
 * page faults (each 32 KB stack dump's end is touched), so it runs while picocli builds its model
 * of the command and the symbol archive is parsed. Only for a perf.data with its symbol archive
 * beside it: there the symbols need no reading ahead during the pass, which the reader would
 * otherwise do with sources the options choose (--symfs).
 */
final class IndexAhead {
    /** A file whose header was read and whose records were indexed. */
    record Indexed(PerfDataFile file, RecordIndex index) {
    }

    private record Started(Path path, CompletableFuture<Indexed> pass) {
    }

    /** At most one pass per run: the first perf.data named. */
    private static final AtomicReference<Started> STARTED = new AtomicReference<>();

    private IndexAhead() {
    }

    static void start(Path perfData) {
        CompletableFuture<Indexed> pass = new CompletableFuture<>();
        if (!STARTED.compareAndSet(null, new Started(perfData, pass))) {
            return;
        }
        Demangler.daemon(() -> {
            try {
                PerfDataFile file = PerfDataFile.open(perfData);
                RecordIndex index = new RecordIndex(file);
                if (file.unsupported == null) {
                    index.scan();
                }
                pass.complete(new Indexed(file, index));
            } catch (Exception | Error e) {
                pass.completeExceptionally(e);
            }
        });
    }

    /**
     * The pass started for exactly this {@code path}, waited for; null when none was, or it failed
     * (the reader then opens the file itself and reports what is wrong in its own words).
     */
    static Indexed take(Path path) {
        Started s = STARTED.get();
        if (s == null || !s.path().equals(path) || !STARTED.compareAndSet(s, null)) {
            return null;
        }
        try {
            return s.pass().join();
        } catch (RuntimeException e) {
            return null;
        }
    }
}

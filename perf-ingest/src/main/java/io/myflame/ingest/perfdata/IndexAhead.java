package io.myflame.ingest.perfdata;

import io.myflame.ingest.symbols.Demangler;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;

/**
 * The index pass over a perf.data, started on another thread as soon as the file is named on the
 * command line. The pass needs nothing the options change, and on a dwarf capture it is mostly
 * page faults (each 32 KB stack dump's end is touched), so it runs while picocli builds its model
 * of the command and the symbol archive is parsed. Only for a perf.data with its symbol archive
 * beside it: there the symbols need no reading ahead during the pass, which the reader would
 * otherwise do with sources the options choose (--symfs). The run's {@link PerfDataAhead} holds
 * the pass and hands it to the reader of that very path.
 */
final class IndexAhead {
    /** A file whose header was read and whose records were indexed. */
    record Indexed(PerfDataFile file, RecordIndex index) {
    }

    private IndexAhead() {
    }

    /** Starts the pass over {@code perfData} on a helper thread; the future fails as the reader would. */
    static CompletableFuture<Indexed> start(Path perfData) {
        CompletableFuture<Indexed> pass = new CompletableFuture<>();
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
        return pass;
    }
}

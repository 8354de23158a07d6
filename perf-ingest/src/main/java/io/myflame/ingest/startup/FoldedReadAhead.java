package io.myflame.ingest.startup;

import io.myflame.core.task.Concurrency;
import io.myflame.ingest.fold.FoldedStacks;
import io.myflame.ingest.folded.FoldedTextReader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The read of a folded file, started on other threads as soon as the file is named on the command
 * line, while picocli builds its model of the command: a tenth of a second or more before the
 * command reads anything, a tenth of a 300k-stack flamegraph. It reads as the loader reads by
 * default: the file's bytes as they are, its first frame a thread, on the default number of
 * threads. The loader takes it only for exactly that read of exactly that file, unchanged since
 * (its size and modification time); any other read stops it at its next block, so a command given
 * {@code --threads 1} or {@code --folded-root function} reads once, as asked.
 */
final class FoldedReadAhead {
    /** What a read depends on, and what the file was when it started. */
    private record Key(Path file, String source, boolean rootIsThread, int threads, long size, FileTime modified) {
        /** Written out: a record's equals is bootstrapped through method handles on first use (8 ms of a run). */
        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && rootIsThread == k.rootIsThread && threads == k.threads && size == k.size
                    && java.util.Objects.equals(file, k.file) && java.util.Objects.equals(source, k.source)
                    && java.util.Objects.equals(modified, k.modified);
        }

        @Override
        public int hashCode() {
            return java.util.Objects.hash(file, source, rootIsThread, threads, size, modified);
        }
    }

    private final Key key;
    private final CompletableFuture<FoldedStacks> read = new CompletableFuture<>();
    private final AtomicBoolean stop = new AtomicBoolean();

    private FoldedReadAhead(Key key) {
        this.key = key;
    }

    /**
     * Starts reading {@code opened} (the plain folded file {@code file}, at its first byte) as the
     * loader reads {@code source} by default with {@code threads} threads, on a helper thread the process
     * does not wait for.
     */
    static FoldedReadAhead start(Path file, String source, int threads, InputStream opened) throws IOException {
        FoldedReadAhead ahead = new FoldedReadAhead(key(file, source, true, threads));
        Concurrency.helper("myflame-read-ahead", () -> {
            try (InputStream in = opened) {
                ahead.read.complete(new FoldedTextReader(threads).fromFile(file).stoppedBy(ahead.stop)
                        .read(in, StandardCharsets.ISO_8859_1, source, true, false));
            } catch (Exception | Error e) {
                ahead.read.completeExceptionally(e);
            }
        });
        return ahead;
    }

    private static Key key(Path file, String source, boolean rootIsThread, int threads) throws IOException {
        return new Key(file, source, rootIsThread, threads, Files.size(file), Files.getLastModifiedTime(file));
    }

    /**
     * The stacks read ahead, waited for, when they are of exactly this read of {@code file} (named
     * {@code source}); else null, and the read is stopped (the caller reads the file itself and reports
     * what is wrong in its own words).
     */
    FoldedStacks take(Path file, String source, boolean rootIsThread, int threads) {
        try {
            if (file == null || !key.equals(key(file, source, rootIsThread, threads))) {
                stop();
                return null;
            }
            return read.join();
        } catch (IOException | RuntimeException e) {
            stop();
            return null;
        }
    }

    /** Stops the read at its next block: no one will take it. */
    void stop() {
        stop.set(true);
    }
}

package io.myflame.ingest;

import io.myflame.core.task.Concurrency;
import io.myflame.ingest.fold.FoldedStacks;
import io.myflame.ingest.io.Stdin;
import io.myflame.ingest.folded.FoldedTextReader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The read of a folded file, started on other threads as soon as the file is named on the command
 * line, while picocli builds its model of the command: a tenth of a second or more before the
 * command reads anything, a tenth of a 300k-stack flamegraph. It reads as the loader reads by
 * default: the file's bytes as they are, its first frame a thread, on the default number of
 * threads. The loader takes it only for exactly that read of exactly that file, unchanged since
 * (its size and modification time); any other read stops it at its next block, so a command given
 * {@code --threads 1} or {@code --folded-root function} reads once, as asked.
 */
public final class FoldedReadAhead {
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

    private record Started(Key key, CompletableFuture<FoldedStacks> read, AtomicBoolean stop) {
    }

    /** At most one read ahead at a time: the first folded file named. */
    private static final AtomicReference<Started> STARTED = new AtomicReference<>();

    private FoldedReadAhead() {
    }

    /**
     * Starts reading the first of {@code args} that names a regular file of folded stacks (one count a
     * line, not gzipped) on {@code threads} threads, as a daemon the process does not wait for.
     * Options are skipped, with the value of {@code -o}/{@code --output} (an output left from an
     * earlier run is no input).
     */
    public static void start(int threads, String... args) {
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("-o") || a.equals("--output")) {
                i++;
                continue;
            }
            if (a.startsWith("-") || Stdin.names(a) || !isRegularFile(a)) {
                continue;
            }
            try (OpenedInput in = OpenedInput.open(a)) {
                if (in.kind() == InputKind.FOLDED && in.plainTextFile() != null) {
                    begin(key(in.plainTextFile(), in.name(), true, threads));
                    return;
                }
            } catch (IOException | RuntimeException e) {
                // not readable as an input: the command says so in its own words when it reads it
            }
        }
    }

    private static boolean isRegularFile(String a) {
        try {
            return Files.isRegularFile(Path.of(a));
        } catch (InvalidPathException e) {
            return false;
        }
    }

    private static Key key(Path file, String source, boolean rootIsThread, int threads) throws IOException {
        return new Key(file, source, rootIsThread, threads, Files.size(file), Files.getLastModifiedTime(file));
    }

    private static void begin(Key key) {
        Started started = new Started(key, new CompletableFuture<>(), new AtomicBoolean());
        Started before = STARTED.getAndSet(started);
        if (before != null) {
            before.stop().set(true);
        }
        Concurrency.helper("myflame-read-ahead", () -> {
            try (InputStream in = Files.newInputStream(key.file())) {
                started.read().complete(new FoldedTextReader(key.threads()).fromFile(key.file()).stoppedBy(started.stop())
                        .read(in, StandardCharsets.ISO_8859_1, key.source(), key.rootIsThread(), false));
            } catch (Exception | Error e) {
                started.read().completeExceptionally(e);
            }
        });
    }

    /**
     * The stacks read ahead from {@code file} (named {@code source} in messages) with these settings,
     * waited for; null when no read ahead is of exactly that, or it failed (the caller then reads the
     * file itself and reports what is wrong in its own words). Any read ahead not taken is stopped.
     */
    static FoldedStacks take(Path file, String source, boolean rootIsThread, int threads) {
        Started s = STARTED.getAndSet(null);
        if (s == null) {
            return null;
        }
        try {
            if (file == null || !s.key().equals(key(file, source, rootIsThread, threads))) {
                s.stop().set(true);
                return null;
            }
            return s.read().join();
        } catch (IOException | RuntimeException e) {
            s.stop().set(true);
            return null;
        }
    }
}

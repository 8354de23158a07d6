package io.myflame.ingest.symbols;

import io.myflame.core.task.Concurrency;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * C++ names as this perf prints them: libiberty's demangler without parameter lists
 * ({@code DMGL_NO_OPTS}, perf built without libbfd), which is {@code c++filt -p -i}. All the
 * distinct names a run needs go through one c++filt process, one name per line. The process is
 * started before it is needed ({@link #start}: before the samples are decoded, or when the first table
 * of C++ names is loaded), so its start-up is not waited for.
 */
public final class Demangler implements AutoCloseable {
    private final String program;
    /** What c++filt answered an earlier read of the same input; {@link KeptNames#NONE} when none is kept. */
    private final CompletableFuture<KeptNames> kept;
    private CompletableFuture<Process> process;
    private boolean closed;

    public Demangler(String program) {
        this(program, KeptNames.NONE);
    }

    /**
     * A demangler for the names of {@code perfData} (null: none), which an earlier read of it may have kept.
     * The kept names are read on a helper: the caller goes on to decode the samples, which need none of them
     * (reading the entry and finding c++filt on PATH took 2-3 ms before a 5 s capture's first sample).
     */
    public Demangler(String program, java.nio.file.Path perfData) {
        this.program = program;
        this.kept = perfData == null ? CompletableFuture.completedFuture(KeptNames.NONE)
                : CompletableFuture.supplyAsync(() -> KeptNames.of(perfData, program), Demangler::daemon);
    }

    Demangler(String program, KeptNames kept) {
        this.program = program;
        this.kept = CompletableFuture.completedFuture(kept);
    }

    /** The kept names once read; none when they could not be. */
    private KeptNames kept() {
        try {
            return kept.join();
        } catch (CompletionException | java.util.concurrent.CancellationException e) {
            return KeptNames.NONE;
        }
    }

    /**
     * Whether perf would try to demangle this symbol: Itanium names ({@code _Z}, which include Rust's
     * legacy scheme) and Rust's v0 names ({@code _R}: perf shows {@code <std::..::Command>::spawn}, and
     * so does c++filt, {@code .llvm.} suffix dropped); the rest stay as they are. A name with a line
     * break is no valid mangled name (perf keeps it as it is) and would be two lines to c++filt,
     * shifting the answer for every later name.
     */
    public static boolean mangled(String name) {
        return (name.startsWith("_Z") || name.startsWith("_R")) && name.indexOf('\n') < 0;
    }

    /** {@link #mangled(String)} of the name {@code bytes[at, at + length)}, without making it a string. */
    static boolean mangled(byte[] bytes, int at, int length) {
        if (length < 2 || bytes[at] != '_' || bytes[at + 1] != 'Z' && bytes[at + 1] != 'R') {
            return false;
        }
        for (int i = at + 2; i < at + length; i++) {
            if (bytes[i] == '\n') {
                return false;
            }
        }
        return true;
    }

    /**
     * Starts c++filt on another thread, once, unless an earlier read of the input kept its names (then
     * only a name they lack starts it); {@link #demangle} then sends it the names.
     */
    public Demangler start() {
        kept.thenAccept(k -> {
            if (k.names().isEmpty()) {
                spawn();
            }
        });
        return this;
    }

    private synchronized Demangler spawn() {
        if (process == null && !closed) {
            process = CompletableFuture.supplyAsync(() -> {
                try {
                    return new ProcessBuilder(program, "-p", "-i").redirectError(ProcessBuilder.Redirect.DISCARD)
                            .start();
                } catch (IOException e) {
                    throw new CompletionException(e);
                }
            }, Demangler::daemon);
        }
        return this;
    }

    /** Demangled names by mangled name; throws when c++filt cannot be run or answers short. */
    public Map<String, String> demangle(List<String> names) throws IOException {
        Map<String, String> out = new HashMap<>();
        if (names.isEmpty()) {
            return out;
        }
        List<String> wanted = names.stream().filter(Demangler::mangled).toList();
        KeptNames kept = kept();
        Map<String, String> known = kept.names();
        List<String> sent = wanted.stream().filter(n -> !known.containsKey(n)).toList();
        for (String n : wanted) {
            String name = known.get(n);
            if (name != null) {
                out.put(n, name);
            }
        }
        if (sent.isEmpty()) {
            return out;
        }
        Process p = started();
        // c++filt answers line by line: the names go in on another thread, or both pipes fill up.
        CompletableFuture<Void> feed = CompletableFuture.runAsync(() -> {
            try (OutputStream in = p.getOutputStream()) {
                StringBuilder text = new StringBuilder();
                for (String n : sent) {
                    text.append(n).append('\n');
                }
                in.write(text.toString().getBytes(StandardCharsets.ISO_8859_1));
            } catch (IOException e) {
                throw new CompletionException(e);
            }
        }, Demangler::daemon);
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        try (InputStream from = p.getInputStream()) {
            from.transferTo(stdout);
            feed.join();
            if (p.waitFor() != 0) {
                throw new IOException(program + " exited with status " + p.exitValue());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while " + program + " ran", e);
        } catch (CompletionException e) {
            throw e.getCause() instanceof IOException io ? io : new IOException(e.getCause());
        } finally {
            p.destroy();
        }
        String[] lines = stdout.toString(StandardCharsets.ISO_8859_1).split("\n", -1);
        if (lines.length < sent.size()) {
            throw new IOException(program + " answered " + lines.length + " lines for " + sent.size() + " names");
        }
        for (int i = 0; i < sent.size(); i++) {
            out.put(sent.get(i), lines[i]);
        }
        kept.keep(out);
        return out;
    }

    private Process started() throws IOException {
        CompletableFuture<Process> started = spawn().process;
        if (started == null) {
            throw new IOException(program + " was not started: the read is over");
        }
        try {
            return started.join();
        } catch (CompletionException e) {
            throw e.getCause() instanceof IOException io ? io : new IOException(e.getCause());
        }
    }

    /** Runs a task on a thread of its own: the common pool has one thread on two cores, and the kernel's symbols may hold it. */
    public static void daemon(Runnable task) {
        Concurrency.helper("myflame-helper", task);
    }

    /** Ends a c++filt that was started but not needed (no C++ names, or the read failed). */
    @Override
    public synchronized void close() {
        closed = true;
        if (process != null) {
            process.thenAccept(Process::destroy);
        }
    }
}

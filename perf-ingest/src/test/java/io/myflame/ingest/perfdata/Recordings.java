package io.myflame.ingest.perfdata;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Real programs built and recorded with real perf for the native reader's tests. */
final class Recordings {
    private Recordings() {
    }

    static void assumeTools(String... tools) {
        for (String t : tools) {
            assumeTrue(onPath(t), t + " not installed (scripts/setup-system installs it)");
        }
        assumeTrue("root".equals(System.getProperty("user.name")) || paranoid() <= 1,
                "recording needs root or kernel.perf_event_paranoid <= 1");
    }

    private static boolean onPath(String tool) {
        for (String d : System.getenv().getOrDefault("PATH", "/usr/bin").split(":")) {
            if (Files.isExecutable(Path.of(d.isEmpty() ? "." : d, tool))) {
                return true;
            }
        }
        return false;
    }

    private static int paranoid() {
        try (var r = Files.newBufferedReader(Path.of("/proc/sys/kernel/perf_event_paranoid"))) {
            return Integer.parseInt(r.readLine().strip());
        } catch (IOException | RuntimeException e) {
            return 3;
        }
    }

    /** Runs a command (no shell) and fails the test with its output when it does not exit 0. */
    static String run(Path dir, String... cmd) throws IOException, InterruptedException {
        Path log = Files.createTempFile(dir, "run", ".log");
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
        if (!p.waitFor(300, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("timed out: " + String.join(" ", cmd));
        }
        String out = Files.readString(log, StandardCharsets.ISO_8859_1);
        assertEquals(0, p.exitValue(), String.join(" ", cmd) + "\n" + out);
        return out;
    }

    /**
     * A command's standard output only (no shell), failing the test when it does not exit 0: for
     * perf script, whose warnings on stderr are no samples.
     */
    static String stdout(Path dir, String... cmd) throws IOException, InterruptedException {
        Path out = Files.createTempFile(dir, "stdout", ".txt");
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectOutput(out.toFile())
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        if (!p.waitFor(300, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("timed out: " + String.join(" ", cmd));
        }
        assertEquals(0, p.exitValue(), String.join(" ", cmd));
        return Files.readString(out, StandardCharsets.ISO_8859_1);
    }

    /** A function without symbol as the native reader names it, FILE+0xSTART, before an annotation or the next frame. */
    private static final java.util.regex.Pattern UNNAMED_FUNCTION = java.util.regex.Pattern.compile(
            "(?<=^|;)([^;\\n]+)\\+0x[0-9a-f]+(?=(?:_\\[[a-z]\\])?(?:;| ))", java.util.regex.Pattern.MULTILINE);

    /**
     * A native fold as perf script names its frames: perf script cannot tell functions without
     * symbols apart, so each FILE+0xSTART becomes [FILE] (docs/perf-data.md); equal stacks are then
     * summed. Returned sorted as {@link #sorted}; unchanged when there is no such frame.
     */
    static String asPerfScriptNames(String nativeFold) {
        if (!UNNAMED_FUNCTION.matcher(nativeFold).find()) {
            return nativeFold;
        }
        return sorted(UNNAMED_FUNCTION.matcher(nativeFold).replaceAll("[$1]"));
    }

    /** Folded lines with equal stacks summed, sorted by stack. */
    static String sorted(String folded) {
        java.util.Map<String, Long> m = new java.util.TreeMap<>();
        for (String l : folded.lines().toList()) {
            int sp = l.lastIndexOf(' ');
            m.merge(l.substring(0, sp), Long.parseLong(l.substring(sp + 1)), Long::sum);
        }
        StringBuilder sb = new StringBuilder();
        m.forEach((k, v) -> sb.append(k).append(' ').append(v).append('\n'));
        return sb.toString();
    }

    /** Folded lines as collapse writes them. */
    static String folded(io.myflame.ingest.fold.FoldedStacks s) throws IOException {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        s.writeFolded(out);
        return out.toString(StandardCharsets.ISO_8859_1);
    }

    /** Compiles C or C++ source with frame pointers into {@code dir}; the binary's name has a space. */
    static Path compile(Path dir, String fileName, String source, String... flags)
            throws IOException, InterruptedException {
        Path src = dir.resolve(fileName);
        Files.writeString(src, source);
        Path bin = dir.resolve("prog " + fileName.replace('.', '_'));
        List<String> cmd = new ArrayList<>(List.of(fileName.endsWith(".cpp") ? "g++" : "gcc", "-O0",
                "-fno-omit-frame-pointer"));
        cmd.addAll(List.of(flags));
        cmd.addAll(List.of("-o", bin.toString(), src.toString()));
        run(dir, cmd.toArray(String[]::new));
        return bin;
    }

    /**
     * Compiles C source with {@code -O2 -fomit-frame-pointer}: no frame pointer chain, so only
     * DWARF unwinding can find the callers. The binary's name has a space, as {@link #compile}'s.
     */
    static Path compileOptimised(Path dir, String fileName, String source, String... flags)
            throws IOException, InterruptedException {
        Path src = dir.resolve(fileName);
        Files.writeString(src, source);
        Path bin = dir.resolve("prog " + fileName.replace('.', '_'));
        List<String> cmd = new ArrayList<>(List.of("gcc", "-O2", "-fomit-frame-pointer"));
        cmd.addAll(List.of("-o", bin.toString(), src.toString()));
        cmd.addAll(List.of(flags));
        run(dir, cmd.toArray(String[]::new));
        return bin;
    }

    /** {@code perf record -o out perfArgs... -- command...}. */
    static Path record(Path dir, String name, List<String> perfArgs, String... command)
            throws IOException, InterruptedException {
        Path out = dir.resolve(name);
        List<String> cmd = new ArrayList<>(List.of("perf", "record", "-q", "-o", out.toString()));
        cmd.addAll(perfArgs);
        cmd.add("--");
        cmd.addAll(List.of(command));
        run(dir, cmd.toArray(String[]::new));
        return out;
    }

    /** {@code perf record -o - perfArgs... -- command... > name}: pipe mode, attributes and features as records. */
    static Path recordPipe(Path dir, String name, List<String> perfArgs, String... command)
            throws IOException, InterruptedException {
        Path out = dir.resolve(name);
        List<String> cmd = new ArrayList<>(List.of("perf", "record", "-q", "-o", "-"));
        cmd.addAll(perfArgs);
        cmd.add("--");
        cmd.addAll(List.of(command));
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectOutput(out.toFile())
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        assertEquals(0, p.waitFor(), String.join(" ", cmd));
        return out;
    }

    /**
     * A C++ program that spends its time in templates, an anonymous namespace and an
     * operator(), and calls nothing through the PLT (see docs/perf-data.md: perf names a sample
     * in a PLT stub after the shape of its symbol tree).
     */
    static final String CPP = """
            #include <cstdio>
            namespace {
            template <typename T> struct Box {
                T v;
                __attribute__((noinline)) T spin(long n) { T s = v; for (long i = 0; i < n; i++) s = s * 3 + (T) i; return s; }
            };
            __attribute__((noinline)) double hidden(long n) { Box<double> b{1.5}; return b.spin(n); }
            }
            namespace outer { namespace inner {
            template <int N> __attribute__((noinline)) long work(long n) { long s = 0; for (long i = 0; i < n; i++) s += (i ^ N) % 7; return s; }
            struct Widget { __attribute__((noinline)) long operator()(long n) const { Box<long> b{2}; return b.spin(n); } };
            } }
            int main() {
                long total = 0;
                for (int r = 0; r < 12; r++) {
                    total += outer::inner::work<3>(4000000);
                    total += (long) hidden(4000000);
                    total += outer::inner::Widget()(4000000);
                }
                std::printf("%ld\\n", total);
                return 0;
            }
            """;

    /**
     * A JIT in miniature: copies a spin loop into anonymous executable memory, names it in
     * /tmp/perf-PID.map as JIT runtimes do, runs it, and removes the map file at exit only when
     * asked to (the reader needs it afterwards).
     */
    static final String JIT = """
            #include <stdio.h>
            #include <string.h>
            #include <sys/mman.h>
            #include <unistd.h>
            /* mov ecx, 0x20000000; l: dec ecx; jnz l; ret */
            static const unsigned char code[] = {0xb9, 0x00, 0x00, 0x00, 0x20, 0xff, 0xc9, 0x75, 0xfc, 0xc3};
            __attribute__((noinline)) static void call_jit(void (*f)(void)) { f(); }
            int main(void) {
                unsigned char *mem = mmap(0, 4096, PROT_READ | PROT_WRITE | PROT_EXEC, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
                memcpy(mem, code, sizeof code);
                char path[64];
                snprintf(path, sizeof path, "/tmp/perf-%d.map", getpid());
                FILE *m = fopen(path, "w");
                fprintf(m, "%lx %zx Ljit/Spin;::loop\\n", (unsigned long) mem, sizeof code);
                fclose(m);
                for (int i = 0; i < 6; i++) call_jit((void (*)(void)) mem);
                printf("%d\\n", getpid());
                return 0;
            }
            """;

    /** Calls into libc in a loop: write to /dev/null, send and recv on a socketpair (through the PLT). */
    static final String LIBC_CALLS = """
            #include <fcntl.h>
            #include <string.h>
            #include <sys/socket.h>
            #include <unistd.h>
            __attribute__((noinline)) static long writes(int fd, long n) {
                char b[64]; memset(b, 'x', sizeof b); long s = 0;
                for (long i = 0; i < n; i++) s += write(fd, b, sizeof b);
                return s;
            }
            __attribute__((noinline)) static long sends(int *sv, long n) {
                char b[256]; memset(b, 'y', sizeof b); long s = 0;
                for (long i = 0; i < n; i++) { s += send(sv[0], b, sizeof b, 0); s += recv(sv[1], b, sizeof b, 0); }
                return s;
            }
            __attribute__((noinline)) static long spin(long n) { long s = 0; for (long i = 0; i < n; i++) s += (i ^ s) % 7; return s; }
            int main(void) {
                int fd = open("/dev/null", O_WRONLY);
                int sv[2]; socketpair(AF_UNIX, SOCK_STREAM, 0, sv);
                long t = 0;
                for (int r = 0; r < 12; r++) { t += writes(fd, 40000); t += sends(sv, 20000); t += spin(3000000); }
                return (int) (t & 1);
            }
            """;

    /** Recursion 3000 deep with 1 KB frames: far deeper than the 8 KB and 64 KB stack dumps perf takes. */
    static final String DEEP_RECURSION = """
            #include <string.h>
            __attribute__((noinline)) long leaf(long n) { long s = 0; for (long i = 0; i < n; i++) s += (i ^ s) % 7; return s; }
            __attribute__((noinline)) long rec(int depth, long n) {
                volatile char pad[1024];
                memset((char *) pad, depth, sizeof pad);
                if (depth == 0) return leaf(n);
                return rec(depth - 1, n) + pad[depth % 1024];
            }
            int main(void) { long t = 0; for (int r = 0; r < 200; r++) t += rec(3000, 100000); return (int) (t & 1); }
            """;

    /** Four threads, each in its own call chain, one of them calling libc. */
    static final String THREADS = """
            #include <pthread.h>
            #include <stdio.h>
            #include <stdlib.h>
            __attribute__((noinline)) static long inner(long n, long k) { long s = 0; for (long i = 0; i < n; i++) s += (i ^ k) % 13; return s; }
            __attribute__((noinline)) static long middle(long n, long k) { return inner(n, k) + inner(n / 2, k + 1); }
            __attribute__((noinline)) static long formats(long n) {
                char b[64]; long s = 0;
                for (long i = 0; i < n; i++) s += snprintf(b, sizeof b, "%ld %f", i, (double) i / 3);
                return s;
            }
            static void *worker(void *arg) {
                long k = (long) arg;
                long s = k == 3 ? formats(600000) : middle(60000000, k);
                return (void *) s;
            }
            int main(void) {
                pthread_t t[4];
                for (long k = 0; k < 4; k++) pthread_create(&t[k], 0, worker, (void *) k);
                long total = 0;
                for (int k = 0; k < 4; k++) { void *r; pthread_join(t[k], &r); total += (long) r; }
                printf("%ld\\n", total);
                return 0;
            }
            """;
}

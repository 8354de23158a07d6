package io.myflame.ingest.symbols;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The names c++filt demangled for one perf.data, kept in myflame's cache directory for the next read of
 * it ({@link ParsedCache}, kind {@code demangled}): a report of a capture read before starts no process
 * when every name it needs is kept (starting one costs a JDK 25 run 25-35 ms of CPU, most of it the
 * JDK looking for a logging provider in the jar). What c++filt answers depends only on the name and on
 * the c++filt that answered, so the entry starts with that program's path, size and time, and an entry
 * of another c++filt (binutils upgraded, another {@code --cxxfilt}) is not read. Names a read needs
 * that the entry lacks (another {@code --comm}, a newer build of the perf.data reader) go to c++filt,
 * and the entry is written again with all of them.
 *
 * <pre>
 * MYFLDMG1
 * /usr/bin/c++filt 34960 1678901234000000000
 * _ZN3THD7cleanupEv          one line the mangled name, the next what c++filt answered
 * THD::cleanup
 * </pre>
 */
final class KeptNames {
    private static final String MAGIC = "MYFLDMG1";
    /** No entry to read or write: no jar, a perf.data in /proc or not a regular file, no c++filt found. */
    static final KeptNames NONE = new KeptNames(null, null, Map.of());

    private final ParsedCache cache;
    private final String program;
    private final Map<String, String> names;

    private KeptNames(ParsedCache cache, String program, Map<String, String> names) {
        this.cache = cache;
        this.program = program;
        this.names = names;
    }

    /** The names kept for {@code perfData} as demangled by {@code program}; {@link #NONE} when nothing can be kept. */
    static KeptNames of(Path perfData, String program) {
        return perfData == null ? NONE : of(ParsedCache.of("demangled", perfData), program);
    }

    /** As {@link #of(Path, String)}, in the entry {@code cache} (null: none). */
    static KeptNames of(ParsedCache cache, String program) {
        String identity = cache == null ? null : identity(program);
        if (identity == null) {
            return NONE;
        }
        return new KeptNames(cache, identity, read(cache.bytes(), identity));
    }

    /** Mangled name to what c++filt answered, as kept; empty when nothing is. */
    Map<String, String> names() {
        return names;
    }

    /** Keeps {@code answered}, every name the read needed, for the next read of the same perf.data. */
    void keep(Map<String, String> answered) {
        if (cache == null) {
            return;
        }
        StringBuilder text = new StringBuilder(MAGIC).append('\n').append(program).append('\n');
        answered.forEach((mangled, name) -> text.append(mangled).append('\n').append(name).append('\n'));
        byte[] bytes = text.toString().getBytes(StandardCharsets.ISO_8859_1);
        cache.keep(out -> out.write(bytes));
    }

    /** The kept names in {@code bytes} when they start as an entry of {@code identity}'s; else none. */
    private static Map<String, String> read(byte[] bytes, String identity) {
        if (bytes == null) {
            return Map.of();
        }
        String[] lines = new String(bytes, StandardCharsets.ISO_8859_1).split("\n", -1);
        // whole lines in pairs after the two header lines, then the final line break's empty string
        if (lines.length < 3 || lines.length % 2 == 0 || !lines[0].equals(MAGIC) || !lines[1].equals(identity)
                || !lines[lines.length - 1].isEmpty()) {
            return Map.of();
        }
        Map<String, String> names = new HashMap<>();
        for (int i = 2; i + 1 < lines.length; i += 2) {
            if (!Demangler.mangled(lines[i])) {
                return Map.of();
            }
            names.put(lines[i], lines[i + 1]);
        }
        return names;
    }

    /** "path size mtime" of the program as the JDK would run it (found on PATH when named alone); null if not found. */
    static String identity(String program) {
        Path found = null;
        if (program.indexOf('/') >= 0) {
            found = Path.of(program);
        } else {
            String path = System.getenv("PATH");
            for (String dir : path == null ? new String[0] : path.split(File.pathSeparator)) {
                Path p = Path.of(dir.isEmpty() ? "." : dir, program);
                if (Files.isRegularFile(p) && Files.isExecutable(p)) {
                    found = p;
                    break;
                }
            }
        }
        try {
            if (found == null) {
                return null;
            }
            Path real = found.toRealPath();
            BasicFileAttributes a = Files.readAttributes(real, BasicFileAttributes.class);
            // one line of the entry
            return a.isRegularFile() && real.toString().indexOf('\n') < 0
                    ? real + " " + a.size() + " " + a.lastModifiedTime().to(TimeUnit.NANOSECONDS) : null;
        } catch (java.io.IOException | RuntimeException e) {
            return null;
        }
    }
}

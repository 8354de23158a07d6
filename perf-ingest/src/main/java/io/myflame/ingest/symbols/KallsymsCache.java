package io.myflame.ingest.symbols;

import io.myflame.core.output.TempFiles;
import io.myflame.core.output.UserCache;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Kernel symbol tables parsed from a kallsyms file, kept for the next run. perf's copy of a kernel's
 * symbols in {@code ~/.debug} ({@code [kernel.kallsyms]/ID/kallsyms}) is read by every report of a
 * perf.data recorded on that kernel without an archive, and parsing, sorting and fixing up its
 * 120,000 lines took a small report 40 ms of CPU each time: on two cores, a sixth of the run. The
 * table is kept as an indexed archive of one kernel section ({@link IndexedArchive}), whose arrays
 * load without parsing, in myflame's cache directory ({@link UserCache}), one file per kallsyms path
 * and build of myflame (the three most recently used builds of each path).
 *
 * <p>The section's key names what the table was made from: the file's path, size, modification time
 * and inode, and the jar that parsed it (its size and time), so a changed file, or another build of
 * myflame whose parse may differ, parses again and replaces it. Only regular files read from a jar
 * are kept: {@code /proc/kallsyms} changes with each boot and module, and classes run from a build
 * directory have no one identity. A cache that cannot be read or written is no cache: the file is
 * parsed as before.
 */
final class KallsymsCache {
    /** How long ago a file must have been modified to be known by its size and time: two seconds. */
    static final long SETTLED_NANOS = 2_000_000_000L;
    /** How many builds' entries of one kallsyms file are kept. */
    static final int ENTRIES_PER_FILE = 3;
    /** The jar this class was loaded from, as "size/mtime", or null when it was not loaded from one. */
    private static final String CODE = code();

    private final Path source;
    private final Path dir;
    private final String code;
    private final Path entry;
    private final String key;
    /** The file's modification time, in nanoseconds since the epoch. */
    private final long modified;

    private KallsymsCache(Path source, Path dir, String code, BasicFileAttributes identity) {
        this.source = source;
        this.dir = dir;
        this.code = code;
        String path = source.toString();
        this.entry = dir.resolve(prefix(path) + Long.toHexString(fnv(code)) + ".sym");
        this.modified = identity.lastModifiedTime().to(TimeUnit.NANOSECONDS);
        this.key = "kallsyms " + identity.size() + " " + modified + " " + identity.fileKey() + " parsed by " + code
                + " " + path;
    }

    /** The cache entry of {@code kallsyms} in myflame's cache directory, or null when it is not kept. */
    static KallsymsCache of(Path kallsyms) {
        return CODE == null ? null : of(kallsyms, UserCache.root().resolve("kernel-symbols"), CODE);
    }

    /** The entry of {@code kallsyms} in {@code dir}, for a parser named by {@code code}; null when it is not kept. */
    static KallsymsCache of(Path kallsyms, Path dir, String code) {
        Path source = kallsyms.toAbsolutePath().normalize();
        BasicFileAttributes identity = source.startsWith("/proc") ? null : identity(source);
        return identity == null ? null : new KallsymsCache(source, dir, code, identity);
    }

    /** Where the table is kept. */
    Path file() {
        return entry;
    }

    /** The kept table, or null when there is none for the file as it is now. */
    SymbolTable table() {
        if (!Files.isRegularFile(entry)) {
            return null;
        }
        try {
            SymbolArchive.Section s = IndexedArchive.open(entry).section(key, new ArrayList<>());
            if (s == null) {
                return null;
            }
            try {
                // used: the entries of one file are dropped least recently used first (keep)
                Files.setLastModifiedTime(entry, FileTime.fromMillis(System.currentTimeMillis()));
            } catch (IOException e) {
                // a cache this user may read but not write is still read
            }
            return s.table();
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /**
     * Keeps {@code table}, parsed from the file as {@link #of} saw it: written aside and renamed into
     * place, so a reader never sees half of it; not kept when the file changed meanwhile, nor when it
     * was modified in the last {@link #SETTLED_NANOS}: a file rewritten in place within one tick of the
     * file system's clock keeps its size and time, so only a settled file is known by them (git's
     * "racily clean" rule).
     */
    void keep(SymbolTable table) {
        if (table.size() == 0 || System.currentTimeMillis() * 1_000_000L - modified < SETTLED_NANOS) {
            return;
        }
        Path tmp = null;
        try {
            Files.createDirectories(dir);
            tmp = TempFiles.create(dir, ".kallsyms-", ".tmp");
            try (OutputStream out = Files.newOutputStream(tmp)) {
                IndexedArchive.write(out, List.of(new SymbolArchive.Section("kernel", key, table.text,
                        "[kernel.kallsyms]", table)), List.of());
            }
            KallsymsCache now = of(source, dir, code);
            if (now == null || !key.equals(now.key)) {
                return;
            }
            Files.move(tmp, entry, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            dropOldEntries();
        } catch (IOException | RuntimeException e) {
            // an unwritable cache directory, a full disk: the next run parses again
        } finally {
            if (tmp != null) {
                try {
                    TempFiles.delete(tmp);
                } catch (IOException e) {
                    // left for the exit's clean-up
                }
            }
        }
    }

    /**
     * Removes all but the {@link #ENTRIES_PER_FILE} most recently used entries of this kallsyms path:
     * one per build of myflame that read it, so two installations used in turn (a checkout's build
     * and the installed one) each keep theirs instead of replacing each other's at every run, and
     * rebuilds do not fill the directory.
     */
    private void dropOldEntries() throws IOException {
        String prefix = prefix(source.toString());
        List<Path> mine = new ArrayList<>();
        try (java.util.stream.Stream<Path> all = Files.list(dir)) {
            all.filter(p -> p.getFileName().toString().startsWith(prefix) && p.getFileName().toString().endsWith(".sym"))
                    .forEach(mine::add);
        }
        if (mine.size() <= ENTRIES_PER_FILE) {
            return;
        }
        java.util.Map<Path, Long> used = new java.util.HashMap<>();
        for (Path p : mine) {
            used.put(p, p.equals(entry) ? Long.MAX_VALUE : Files.getLastModifiedTime(p).toMillis());
        }
        mine.sort((a, b) -> Long.compare(used.get(b), used.get(a)));
        for (Path p : mine.subList(ENTRIES_PER_FILE, mine.size())) {
            Files.deleteIfExists(p);
        }
    }

    /** The start of the names of every entry of the kallsyms file at {@code path}. */
    private static String prefix(String path) {
        return "kallsyms-" + Long.toHexString(fnv(path)) + "-";
    }

    /** The size, modification time and inode of a regular file; null when it is none or unreadable. */
    private static BasicFileAttributes identity(Path file) {
        try {
            BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class);
            return a.isRegularFile() ? a : null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private static String code() {
        try {
            Path jar = Path.of(KallsymsCache.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            if (!jar.toString().endsWith(".jar")) {
                return null;
            }
            BasicFileAttributes a = Files.readAttributes(jar, BasicFileAttributes.class);
            return a.isRegularFile() ? a.size() + "/" + a.lastModifiedTime().to(TimeUnit.NANOSECONDS) : null;
        } catch (Exception e) {
            return null;
        }
    }

    /** FNV-1a of the path's UTF-8 bytes: a file name per path (the key inside tells a collision apart). */
    private static long fnv(String s) {
        long h = 0xcbf29ce484222325L;
        for (byte b : s.getBytes(StandardCharsets.UTF_8)) {
            h = (h ^ (b & 0xff)) * 0x100000001b3L;
        }
        return h;
    }
}

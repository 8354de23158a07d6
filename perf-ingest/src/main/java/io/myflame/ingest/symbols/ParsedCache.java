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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A file that is slow to parse, kept parsed for the next run as an indexed archive ({@link IndexedArchive},
 * whose sections load without parsing) in myflame's cache directory ({@link UserCache}), under
 * {@code symbols/}: a kallsyms file ({@link KallsymsCache}) and a version-1 text archive
 * ({@link SymbolArchive#read}); and, not parsed but as slow to come by, the names c++filt demangled for a
 * perf.data ({@link KeptNames}, in its own format); and an ELF file's symbol table ({@link ElfTableCache}). An entry is the parse of one file as it was — its path, size,
 * modification time and inode — by one build of myflame (the jar's size and time): its name holds a
 * hash of all of them, so a changed file or another build finds no entry and parses again. The three
 * most recently used entries of each path are kept, so two installations used in turn (a checkout's
 * build and the installed one) keep theirs, and rebuilds do not fill the directory; all entries together
 * keep at most 256 MB, the least recently used going first. A file modified in
 * the last two seconds is not kept: rewritten in place within one tick of the file system's clock it
 * would keep its size and time (git's "racily clean" rule). Only regular files outside {@code /proc},
 * read by classes from a jar (a build directory's classes have no one identity). A cache that cannot
 * be read or written is no cache: the file is parsed as before.
 */
final class ParsedCache {
    /** How long ago a file must have been modified to be known by its size and time: two seconds. */
    static final long SETTLED_NANOS = 2_000_000_000L;
    /** How many entries of one path are kept. */
    static final int ENTRIES_PER_FILE = 3;
    /** The most bytes all entries together keep: a few dozen captures' archives. */
    static final long MAX_BYTES = 256L << 20;
    /** The jar this class was loaded from, as "size/mtime", or null when it was not loaded from one. */
    private static final String CODE = code();

    /**
     * The parser's identity: the jar's, else what the system property {@code myflame.cache.code} names (a
     * test that reads through the cache from a build directory's classes); null: nothing is kept.
     */
    private static String parser() {
        return CODE != null ? CODE : System.getProperty("myflame.cache.code");
    }

    /** What an entry holds, written into the stream given. */
    interface Body {
        void writeTo(OutputStream out) throws IOException;
    }

    private final Path source;
    private final Path dir;
    private final String kind;
    private final String code;
    private final Path entry;
    private final String key;
    /** The file's modification time, in nanoseconds since the epoch. */
    private final long modified;

    /** What else the parse was made from (another file's identity), part of the key; empty for nothing. */
    private final String also;

    private ParsedCache(String kind, Path source, Path dir, String code, BasicFileAttributes identity, String also) {
        this.kind = kind;
        this.source = source;
        this.dir = dir;
        this.code = code;
        this.also = also;
        String path = source.toString();
        this.modified = identity.lastModifiedTime().to(TimeUnit.NANOSECONDS);
        this.key = kind + " " + identity.size() + " " + modified + " " + identity.fileKey() + " parsed by " + code
                + " " + path + also;
        this.entry = dir.resolve(prefix(kind, path) + Long.toHexString(fnv(key)) + ".sym");
    }

    /** The entry of {@code file} parsed as {@code kind} in myflame's cache directory, or null when it is not kept. */
    static ParsedCache of(String kind, Path file) {
        String code = parser();
        return code == null ? null : of(kind, file, UserCache.root().resolve("symbols"), code);
    }

    /** The entry of {@code file} in {@code dir}, for a parser named by {@code code}; null when it is not kept. */
    static ParsedCache of(String kind, Path file, Path dir, String code) {
        return of(kind, file, "", dir, code);
    }

    /**
     * As {@link #of(String, Path)}, for a parse made from {@code file} and what {@code also} names (another
     * file's {@link #identityOf}, ...), which the key covers too.
     */
    static ParsedCache of(String kind, Path file, String also) {
        String code = parser();
        return code == null ? null : of(kind, file, also, UserCache.root().resolve("symbols"), code);
    }

    static ParsedCache of(String kind, Path file, String also, Path dir, String code) {
        Path source = file.toAbsolutePath().normalize();
        BasicFileAttributes identity = source.startsWith("/proc") ? null : identity(source);
        return identity == null ? null : new ParsedCache(kind, source, dir, code, identity, also);
    }

    /** " path size mtime inode" of a regular file, for a key's {@code also}; null when it is none or unreadable. */
    static String identityOf(Path file) {
        Path p = file.toAbsolutePath().normalize();
        BasicFileAttributes a = identity(p);
        return a == null ? null : " " + p + " " + a.size() + " " + a.lastModifiedTime().to(TimeUnit.NANOSECONDS) + " " + a.fileKey();
    }

    /** Where the parse is kept. */
    Path file() {
        return entry;
    }

    /** What the entry was made from, whole (a kallsyms entry names its one section by it). */
    String key() {
        return key;
    }

    /** The entry, opened, or null when there is none for the file as it is now (or it cannot be read). */
    IndexedArchive open() {
        if (!Files.isRegularFile(entry)) {
            return null;
        }
        try {
            IndexedArchive a = IndexedArchive.open(entry);
            used();
            return a;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** The table kept as the entry's one symbol section (named by the key), or null when there is none for the file as it is now. */
    SymbolTable table() {
        IndexedArchive a = open();
        SymbolArchive.Section s = a == null ? null : a.section(key, new ArrayList<>());
        return s == null ? null : s.table();
    }

    /** Keeps {@code table} as the entry's one symbol section, of {@code kind} ("kernel", "elf"), named by the key. */
    void keepTable(String kind, long text, String name, SymbolTable table) {
        keep(out -> IndexedArchive.write(out, List.of(new SymbolArchive.Section(kind, key, text, name, table)), List.of()));
    }

    /** The entry's bytes, for an entry that is no archive ({@link KeptNames}); null when there is none or it cannot be read. */
    byte[] bytes() {
        if (!Files.isRegularFile(entry)) {
            return null;
        }
        try {
            byte[] b = Files.readAllBytes(entry);
            used();
            return b;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** Marks the entry used: the entries of one path are dropped least recently used first ({@link #keep}). */
    private void used() {
        try {
            Files.setLastModifiedTime(entry, FileTime.fromMillis(System.currentTimeMillis()));
        } catch (IOException e) {
            // a cache this user may read but not write is still read
        }
    }

    /**
     * Keeps what {@code body} writes, the parse of the file as {@link #of} saw it: written aside and renamed
     * into place, so a reader never sees half of it; not kept when the file changed meanwhile or was
     * modified in the last {@link #SETTLED_NANOS}.
     */
    void keep(Body body) {
        if (System.currentTimeMillis() * 1_000_000L - modified < SETTLED_NANOS) {
            return;
        }
        Path tmp = null;
        try {
            Files.createDirectories(dir);
            tmp = TempFiles.create(dir, "." + kind + "-", ".tmp");
            try (OutputStream out = Files.newOutputStream(tmp)) {
                body.writeTo(out);
            }
            ParsedCache now = of(kind, source, also, dir, code);
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
     * Removes all but the {@link #ENTRIES_PER_FILE} most recently used entries of this path, then the least
     * recently used of all until they hold at most {@link #MAX_BYTES} (a text archive's conversion is 9 MB,
     * and a user may report many old captures).
     */
    private void dropOldEntries() throws IOException {
        String prefix = prefix(kind, source.toString());
        List<Path> all = new ArrayList<>();
        try (java.util.stream.Stream<Path> files = Files.list(dir)) {
            files.filter(p -> p.getFileName().toString().endsWith(".sym")).forEach(all::add);
        }
        Map<Path, Long> used = new HashMap<>();
        Map<Path, Long> size = new HashMap<>();
        for (Path p : all) {
            BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class);
            used.put(p, p.equals(entry) ? Long.MAX_VALUE : a.lastModifiedTime().toMillis());
            size.put(p, a.size());
        }
        // most recently used first
        all.sort((a, b) -> Long.compare(used.get(b), used.get(a)));
        int ofThisPath = 0;
        long bytes = 0;
        for (Path p : all) {
            boolean mine = p.getFileName().toString().startsWith(prefix);
            ofThisPath += mine ? 1 : 0;
            bytes += size.get(p);
            if (!p.equals(entry) && ((mine && ofThisPath > ENTRIES_PER_FILE) || bytes > MAX_BYTES)) {
                Files.deleteIfExists(p);
                bytes -= size.get(p);
            }
        }
    }

    /** The start of the names of every entry of the file at {@code path}. */
    private static String prefix(String kind, String path) {
        return kind + "-" + Long.toHexString(fnv(path)) + "-";
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
            Path jar = Path.of(ParsedCache.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            if (!jar.toString().endsWith(".jar")) {
                return null;
            }
            BasicFileAttributes a = Files.readAttributes(jar, BasicFileAttributes.class);
            return a.isRegularFile() ? a.size() + "/" + a.lastModifiedTime().to(TimeUnit.NANOSECONDS) : null;
        } catch (Exception e) {
            return null;
        }
    }

    /** FNV-1a of a string's UTF-8 bytes. */
    private static long fnv(String s) {
        long h = 0xcbf29ce484222325L;
        for (byte b : s.getBytes(StandardCharsets.UTF_8)) {
            h = (h ^ (b & 0xff)) * 0x100000001b3L;
        }
        return h;
    }
}

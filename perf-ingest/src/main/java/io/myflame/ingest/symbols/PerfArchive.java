package io.myflame.ingest.symbols;

import io.myflame.core.output.TempFiles;
import java.io.BufferedInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.apache.commons.compress.compressors.bzip2.BZip2CompressorInputStream;

/**
 * {@code perf archive}'s tarball beside a perf.data ({@code perf.data.tar.bz2}): a slice of perf's
 * build-id cache, which {@code perf report} reads once the user unpacks it into {@code ~/.debug}.
 * We read it where it lies: its files of the build ids the perf.data names are unpacked into a
 * private directory laid out as that cache, which {@link SymbolSources} then searches first.
 *
 * <pre>
 * [kernel.kallsyms]/a3e4cd60…/kallsyms
 * usr/lib/x86_64-linux-gnu/libc.so.6/93ac61ec…/elf
 * usr/lib/x86_64-linux-gnu/libc.so.6/93ac61ec…/debug
 * .build-id/93/ac61ec… -&gt; ../../usr/lib/x86_64-linux-gnu/libc.so.6/93ac61ec…   (links: not needed)
 * </pre>
 */
public final class PerfArchive {
    public static final String SUFFIX = ".tar.bz2";
    /** "…/BUILDID/elf": the build id and the kind of file perf keeps for it. */
    private static final Pattern ENTRY = Pattern.compile("(?:^|/)(\\[kernel\\.kallsyms\\]/)?([0-9a-f]{8,80})/(elf|debug|kallsyms|vdso)$");

    /**
     * How much of a tarball is read. {@code perf archive} packs the build-id cache files of the
     * dsos hit: binaries and debug files of tens to a few hundred MB, a kallsyms of about 10 MB,
     * names under 200 bytes. A bzip2 tarball of a few KB may unpack to gigabytes (10 GB of zeros
     * fit in 7.5 KB), and every entry, wanted or not, is decompressed to reach the next: past
     * these limits the tarball is left, with one note, and what was unpacked so far is kept.
     *
     * @param entry the largest entry, wanted or skipped
     * @param total all the bytes unpacked, headers and skipped entries included
     * @param header the bytes between two entries' data: headers, GNU long names, pax records
     * @param kallsyms the largest kallsyms (read whole, line by line, later)
     */
    record Limits(long entry, long total, long header, long kallsyms) {
        static final Limits DEFAULT = new Limits(512L << 20, 1L << 30, 64 << 10, 64L << 20);
    }

    private PerfArchive() {
    }

    /**
     * The tarball beside {@code perfData} unpacked into a new build-id cache directory (removed at
     * exit), holding only the files of {@code buildIds}; null when there is no tarball or it
     * cannot be read (the notes say so).
     */
    static Path unpackNear(Path perfData, Set<String> buildIds, List<String> notes) {
        return unpackNear(perfData, buildIds, notes, Limits.DEFAULT);
    }

    static Path unpackNear(Path perfData, Set<String> buildIds, List<String> notes, Limits limits) {
        Path tarball = perfData.resolveSibling(perfData.getFileName() + SUFFIX);
        if (!Files.isRegularFile(tarball)) {
            return null;
        }
        try {
            Path root = TempFiles.createDirectory(Path.of(System.getProperty("java.io.tmpdir")), "myflame-perf-archive-");
            int[] files = new int[1];
            String stopped = unpack(tarball, root, buildIds, limits, files);
            if (stopped != null) {
                notes.add(tarball + ": " + stopped + "; read no further (" + files[0] + " file" + (files[0] == 1 ? "" : "s")
                        + " of this recording's build ids unpacked before)");
            } else {
                notes.add("names from perf archive's " + tarball + " (" + files[0] + " file" + (files[0] == 1 ? "" : "s")
                        + " of this recording's build ids)");
            }
            return root;
        } catch (IOException | RuntimeException e) {
            notes.add(tarball + ": cannot read perf archive's tarball (" + e.getMessage() + "); names come from this machine");
            return null;
        }
    }

    /** Unpacks into {@code root}, counting files in {@code files[0]}; returns why it stopped early, or null. */
    private static String unpack(Path tarball, Path root, Set<String> buildIds, Limits limits, int[] files)
            throws IOException {
        try (InputStream raw = new BufferedInputStream(Files.newInputStream(tarball), 1 << 16);
             Budget unpacked = new Budget(new BZip2CompressorInputStream(raw), limits.total());
             TarArchiveInputStream tar = new TarArchiveInputStream(unpacked)) {
            while (true) {
                // Headers, a GNU long name or pax records: read whole into memory by the tar reader.
                unpacked.allow(limits.header());
                TarArchiveEntry e = tar.getNextEntry();
                if (e == null) {
                    return null;
                }
                Matcher m = ENTRY.matcher(e.getName());
                boolean wanted = e.isFile() && m.find() && buildIds.contains(m.group(2));
                long most = wanted && m.group(3).equals("kallsyms") ? limits.kallsyms() : limits.entry();
                if (e.getSize() > most) {
                    return "entry " + printable(e.getName()) + " holds " + e.getSize() + " bytes, more than the "
                            + (most >> 20) + " MB perf archive's files take";
                }
                // The entry's data and the padding after it.
                unpacked.allow(e.getSize() + 512);
                if (!wanted) {
                    tar.transferTo(OutputStream.nullOutputStream());
                    continue;
                }
                Path target = target(root, m.group(1) != null, m.group(2), m.group(3));
                Files.createDirectories(target.getParent());
                Files.copy(tar, target);
                files[0]++;
            }
        } catch (Budget.Exceeded e) {
            return e.getMessage();
        }
    }

    private static String printable(String name) {
        String shown = name.length() > 120 ? name.substring(0, 120) + "…" : name;
        return shown.replaceAll("\\p{Cntrl}", "?");
    }

    /**
     * The unpacked bytes, counted: a read beyond the current allowance ({@link #allow}) or the
     * tarball's total is {@link Exceeded}, so nothing a header claims is read past its limit.
     */
    private static final class Budget extends FilterInputStream {
        /** Thrown when a limit is reached; the message says which. */
        static final class Exceeded extends IOException {
            Exceeded(String message) {
                super(message);
            }
        }

        private final long total;
        private long count;
        private long until;

        Budget(InputStream in, long total) {
            super(in);
            this.total = total;
        }

        /** Allows {@code bytes} more to be read, within the total. */
        void allow(long bytes) {
            until = Math.min(count + bytes, total);
        }

        private void check(long more) throws Exceeded {
            if (count + more > until) {
                throw new Exceeded(until >= total ? "unpacks to more than " + (total >> 20) + " MB"
                        : "a tar header longer than any perf archive writes (a GNU long name or pax records)");
            }
        }

        @Override
        public int read() throws IOException {
            check(1);
            int c = super.read();
            count += c < 0 ? 0 : 1;
            return c;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (len > 0) {
                check(1);
                len = (int) Math.min(len, until - count);
            }
            int n = super.read(b, off, len);
            count += Math.max(n, 0);
            return n;
        }

        @Override
        public long skip(long n) throws IOException {
            // Skipped bytes are unpacked all the same: count them by reading.
            byte[] scratch = new byte[8192];
            long done = 0;
            while (done < n) {
                int r = read(scratch, 0, (int) Math.min(scratch.length, n - done));
                if (r < 0) {
                    break;
                }
                done += r;
            }
            return done;
        }
    }

    /** Where perf's cache keeps the file: kallsyms by kernel build id, the rest under .build-id/xx/rest/. */
    private static Path target(Path root, boolean kernel, String buildId, String kind) {
        if (kernel) {
            return root.resolve("[kernel.kallsyms]").resolve(buildId).resolve(kind);
        }
        return root.resolve(".build-id").resolve(buildId.substring(0, 2)).resolve(buildId.substring(2)).resolve(kind);
    }
}

package io.myflame.ingest.perfdata;

import io.myflame.core.output.TempFiles;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
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
final class PerfArchive {
    static final String SUFFIX = ".tar.bz2";
    /** "…/BUILDID/elf": the build id and the kind of file perf keeps for it. */
    private static final Pattern ENTRY = Pattern.compile("(?:^|/)(\\[kernel\\.kallsyms\\]/)?([0-9a-f]{8,80})/(elf|debug|kallsyms|vdso)$");

    private PerfArchive() {
    }

    /**
     * The tarball beside {@code perfData} unpacked into a new build-id cache directory (removed at
     * exit), holding only the files of {@code buildIds}; null when there is no tarball or it
     * cannot be read (the notes say so).
     */
    static Path unpackNear(Path perfData, Set<String> buildIds, List<String> notes) {
        Path tarball = perfData.resolveSibling(perfData.getFileName() + SUFFIX);
        if (!Files.isRegularFile(tarball)) {
            return null;
        }
        try {
            Path root = TempFiles.createDirectory(Path.of(System.getProperty("java.io.tmpdir")), "myflame-perf-archive-");
            int files = unpack(tarball, root, buildIds);
            notes.add("names from perf archive's " + tarball + " (" + files + " file" + (files == 1 ? "" : "s")
                    + " of this recording's build ids)");
            return root;
        } catch (IOException | RuntimeException e) {
            notes.add(tarball + ": cannot read perf archive's tarball (" + e.getMessage() + "); names come from this machine");
            return null;
        }
    }

    private static int unpack(Path tarball, Path root, Set<String> buildIds) throws IOException {
        int files = 0;
        try (InputStream raw = new BufferedInputStream(Files.newInputStream(tarball), 1 << 16);
             TarArchiveInputStream tar = new TarArchiveInputStream(new BZip2CompressorInputStream(raw))) {
            for (TarArchiveEntry e; (e = tar.getNextEntry()) != null; ) {
                Matcher m = ENTRY.matcher(e.getName());
                if (!e.isFile() || !m.find() || !buildIds.contains(m.group(2))) {
                    continue;
                }
                Path target = target(root, m.group(1) != null, m.group(2), m.group(3));
                Files.createDirectories(target.getParent());
                Files.copy(tar, target);
                files++;
            }
        }
        return files;
    }

    /** Where perf's cache keeps the file: kallsyms by kernel build id, the rest under .build-id/xx/rest/. */
    private static Path target(Path root, boolean kernel, String buildId, String kind) {
        if (kernel) {
            return root.resolve("[kernel.kallsyms]").resolve(buildId).resolve(kind);
        }
        return root.resolve(".build-id").resolve(buildId.substring(0, 2)).resolve(buildId.substring(2)).resolve(kind);
    }
}

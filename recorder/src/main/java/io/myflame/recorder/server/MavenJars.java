package io.myflame.recorder.server;

import io.myflame.recorder.error.RecordException;
import io.myflame.recorder.process.Binaries;
import io.myflame.recorder.process.Processes;
import io.myflame.recorder.process.ExternalCommand;
import io.myflame.recorder.progress.Progress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Jars fetched from Maven Central into the local Maven repository with Maven's own client
 * ({@code mvn dependency:get}), told apart: a jar the registry does not have, and a registry that
 * does not answer.
 */
final class MavenJars {
    private MavenJars() {
    }

    static Path m2() {
        String repo = System.getProperty("maven.repo.local");
        return repo != null ? Path.of(repo) : Path.of(System.getProperty("user.home"), ".m2", "repository");
    }

    /** Where {@code group:artifact:version} lies in the local repository. */
    static Path path(String group, String artifact, String version) {
        return m2().resolve(group.replace('.', '/')).resolve(artifact).resolve(version)
                .resolve(artifact + "-" + version + ".jar");
    }

    /**
     * The jar, fetched when not in the local repository.
     *
     * @param what      what the jar is, for messages ({@code MySQL 8.0.15})
     * @param missing   the message when Maven Central has no such jar
     */
    static Path fetch(String group, String artifact, String version, String what, String missing,
                      Processes processes, Progress progress) throws RecordException {
        Path jar = path(group, artifact, version);
        if (Files.isRegularFile(jar)) {
            return jar;
        }
        String coordinate = group + ":" + artifact + ":" + version;
        String mvn = Binaries.onPath("mvn");
        if (mvn == null) {
            throw new RecordException(what + " is not in " + jar.getParent() + " and there is no mvn to fetch it: "
                    + "install maven, or run 'mvn dependency:get -Dartifact=" + coordinate + "' where it is");
        }
        progress.phase("fetching " + coordinate + " from Maven Central");
        // -B and style.color=never: no colours or progress bars in what we quote (Debian's mvn still writes ESC[0m).
        ExternalCommand.Result r = get(mvn, coordinate, processes);
        if (r.exit() == 0 && Files.isRegularFile(jar)) {
            return jar;
        }
        String said = ReleaseCache.plain(r.stdout() + "\n" + r.stderr());
        if (said.contains("Missing:") || said.contains("Could not find artifact") || said.contains("was not found in")) {
            throw new RecordException(missing);
        }
        throw new RecordException("cannot fetch " + what + " (" + coordinate + "): Maven Central did not answer ("
                + firstError(said, r.exit()) + "); check the network or mvn's proxy settings (~/.m2/settings.xml), then run again");
    }

    /** {@code mvn dependency:get}, run in an empty directory: a project's pom.xml in the working directory would change what runs. */
    private static ExternalCommand.Result get(String mvn, String coordinate, Processes processes) throws RecordException {
        Path empty;
        try {
            empty = Files.createTempDirectory("myflame-mvn-");
        } catch (java.io.IOException e) {
            throw new RecordException("cannot create a temporary directory: " + e.getMessage());
        }
        try {
            return ExternalCommand.of(mvn, "-q", "-B", "-Dstyle.color=never", "dependency:get", "-Dartifact=" + coordinate,
                    "-Dmaven.repo.local=" + m2()).in(empty).run(processes, Duration.ofMinutes(20));
        } finally {
            ThrowawayServer.deleteTree(empty);
        }
    }

    /** The first error line mvn printed, without its {@code [ERROR]} tag. */
    static String firstError(String said, int exit) {
        return said.lines().map(l -> l.replace("[ERROR]", "").strip()).filter(l -> !l.isEmpty())
                .map(l -> l.length() > 300 ? l.substring(0, 300) + "..." : l).findFirst().orElse("mvn exit " + exit);
    }
}

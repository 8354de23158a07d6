package io.myflame.ingest.script;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;

/** Finds a program the way a shell would, so a missing one gets a message instead of an exec failure. */
public final class Executables {
    private Executables() {
    }

    public static boolean exists(String program) {
        return resolve(program) != null;
    }

    /** The program's path: as given when it contains a '/', else the first match on PATH; null when absent. */
    public static Path resolve(String program) {
        if (program.contains("/")) {
            Path p = Path.of(program);
            return Files.isExecutable(p) && !Files.isDirectory(p) ? p : null;
        }
        String path = System.getenv().getOrDefault("PATH", "/usr/local/bin:/usr/bin:/bin");
        for (String dir : path.split(File.pathSeparator)) {
            Path p = Path.of(dir.isEmpty() ? "." : dir, program);
            if (Files.isExecutable(p) && !Files.isDirectory(p)) {
                return p;
            }
        }
        return null;
    }
}

package io.myflame.recorder.process;

import io.myflame.ingest.script.Executables;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Finding programs on the PATH (as {@link Executables} does) and then in the usual system directories. */
public final class Binaries {
    private static final List<String> SYSTEM_DIRS = List.of("/usr/sbin", "/usr/local/sbin", "/sbin",
            "/usr/libexec", "/usr/local/mysql/bin");

    private Binaries() {
    }

    /** The absolute path of {@code name} on the PATH (or in sbin directories), or null. */
    public static String onPath(String name) {
        Path found = Executables.resolve(name);
        if (found != null) {
            return found.toAbsolutePath().toString();
        }
        for (String dir : SYSTEM_DIRS) {
            Path p = Path.of(dir, name);
            if (Files.isExecutable(p)) {
                return p.toString();
            }
        }
        return null;
    }
}

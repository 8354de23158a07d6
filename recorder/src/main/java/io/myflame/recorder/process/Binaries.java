package io.myflame.recorder.process;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Finding programs on the PATH and in the usual system directories, as a shell would. */
public final class Binaries {
    private static final List<String> SYSTEM_DIRS = List.of("/usr/sbin", "/usr/local/sbin", "/sbin",
            "/usr/libexec", "/usr/local/mysql/bin");

    private Binaries() {
    }

    /** The absolute path of {@code name} on the PATH (or in sbin directories), or null. */
    public static String onPath(String name) {
        String path = System.getenv("PATH");
        if (path != null) {
            for (String dir : path.split(File.pathSeparator)) {
                Path p = Path.of(dir.isEmpty() ? "." : dir, name);
                if (Files.isExecutable(p) && !Files.isDirectory(p)) {
                    return p.toAbsolutePath().toString();
                }
            }
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

package io.myflame.cli;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The rule for an output file's name: {@code -} for stdout, or a path that is not a directory. Apart
 * from {@link OptionValues.OutputFile}, the -o converter, because that class implements a picocli
 * interface: collapse's fast path and {@link AtomicOutput} check a name without loading picocli, whose
 * classes collapse's own AOT cache does not hold, so loading one would open the 10 MB jar (5-9 ms of a
 * `collapse -o`).
 */
final class OutputFileName {
    private OutputFileName() {
    }

    /** Why {@code s} cannot be an output file, or null. */
    static String problem(String s) {
        if (s.isEmpty()) {
            return "an empty file name";
        }
        if (s.equals("-")) {
            return null;
        }
        if (s.endsWith("/") || Files.isDirectory(Path.of(s))) {
            return "'" + s + "' is a directory; name a file";
        }
        return null;
    }
}

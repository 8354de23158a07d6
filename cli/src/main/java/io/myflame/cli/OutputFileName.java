package io.myflame.cli;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The rule for an output file's name: {@code -} for stdout, or a path that is not a directory. The -o
 * converter ({@link OptionValues.OutputFile}) and {@link AtomicOutput}, for an option whose converter
 * forgot it, both ask here.
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

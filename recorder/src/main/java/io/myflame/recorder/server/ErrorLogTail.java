package io.myflame.recorder.server;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** The last lines of a server error log that say what went wrong, for a one-line message. */
public final class ErrorLogTail {
    private ErrorLogTail() {
    }

    public static String of(Path log) {
        try {
            List<String> lines = Files.readAllLines(log);
            List<String> errors = lines.stream().filter(l -> l.contains("[ERROR]")).toList();
            if (errors.isEmpty()) {
                return "no errors in its log (see " + log + ")";
            }
            int from = Math.max(0, errors.size() - 2);
            return String.join(" / ", errors.subList(from, errors.size())).strip() + " (see " + log + ")";
        } catch (IOException e) {
            return "no error log at " + log;
        }
    }
}

package io.myflame.ingest.record;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** The last lines of a server error log that say what went wrong, for a one-line message. */
final class ErrorLogTail {
    private ErrorLogTail() {
    }

    static String of(Path log) {
        try {
            List<String> lines = Files.readAllLines(log);
            List<String> errors = lines.stream().filter(l -> l.contains("[ERROR]")).toList();
            List<String> pick = errors.isEmpty() ? lines : errors;
            int from = Math.max(0, pick.size() - 2);
            String s = String.join(" / ", pick.subList(from, pick.size())).strip();
            return (s.isEmpty() ? "nothing in the error log" : s) + " (see " + log + ")";
        } catch (IOException e) {
            return "no error log at " + log;
        }
    }
}

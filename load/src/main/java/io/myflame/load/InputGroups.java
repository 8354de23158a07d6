package io.myflame.load;

import io.myflame.ingest.capture.CaptureDirectory;
import io.myflame.ingest.error.InputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * How the comparison commands' arguments become columns: a column is one input (a capture,
 * perf.data, perf script or folded file), a directory holding several captures (repeats), or
 * {@code --label NAME=a,b,c} (repeats named on the command line). Plain {@code --label NAME}s name
 * the inputs in order.
 */
public final class InputGroups {
    /**
     * One column's inputs and its name.
     *
     * @param name  the label given on the command line, or null to take one from the inputs
     * @param given the argument as the user wrote it (a directory of repeats), or null for {@code NAME=...}
     */
    public record Group(String name, List<String> inputs, String given) {
    }

    /** The arguments do not fit together (a usage error). */
    public static final class UsageException extends io.myflame.core.UsageError {
        public UsageException(String message) {
            super(message);
        }
    }

    private InputGroups() {
    }

    /** One group of inputs per column. */
    public static List<Group> plan(List<String> inputs, List<String> labels) throws IOException, InputException {
        List<Group> groups = new ArrayList<>();
        boolean named = labels.stream().anyMatch(l -> l.contains("="));
        if (named) {
            if (!inputs.isEmpty() || !labels.stream().allMatch(l -> l.contains("="))) {
                throw new UsageException("with --label NAME=INPUT,... every column needs that form and no plain INPUTs");
            }
            for (String l : labels) {
                int eq = l.indexOf('=');
                List<String> group = Stream.of(l.substring(eq + 1).split(",")).map(String::strip)
                        .filter(s -> !s.isEmpty()).toList();
                if (l.substring(0, eq).isBlank() || group.isEmpty()) {
                    throw new UsageException("--label '" + l + "': expected NAME=INPUT[,INPUT...]");
                }
                groups.add(new Group(l.substring(0, eq), group, null));
            }
            return groups;
        }
        if (inputs.isEmpty()) {
            throw new UsageException("no inputs");
        }
        for (String l : labels) {
            // A column named by spaces or nothing is a column no reader can tell apart.
            if (l.isBlank()) {
                throw new UsageException("--label '" + l + "': a column name cannot be empty");
            }
        }
        if (labels.size() > inputs.size()) {
            throw new UsageException(labels.size() + " --label for " + inputs.size() + " inputs");
        }
        for (int i = 0; i < inputs.size(); i++) {
            groups.add(new Group(i < labels.size() ? labels.get(i) : null, expand(inputs.get(i)), inputs.get(i)));
        }
        return groups;
    }

    /** A directory of capture directories stands for its captures (repeats); anything else for itself. */
    private static List<String> expand(String input) throws IOException, InputException {
        Path p = Path.of(input);
        if (!Files.isDirectory(p) || isCapture(p)) {
            return List.of(input);
        }
        List<String> captures;
        try (Stream<Path> s = Files.list(p)) {
            captures = s.filter(Files::isDirectory).filter(InputGroups::isCapture).sorted().map(Path::toString).toList();
        }
        if (captures.isEmpty()) {
            throw new InputException(input + ": neither a capture directory nor a directory of captures");
        }
        return captures;
    }

    /** A capture even when its capture.json is damaged: that is then reported, not skipped. */
    private static boolean isCapture(Path dir) {
        return CaptureDirectory.looksLikeCapture(dir);
    }

    /** {@code --txns}/{@code --queries}: absent, or one positive count per run in order. */
    public static void checkCounts(String flag, List<Long> values, int runs) {
        if (!values.isEmpty() && values.size() != runs) {
            throw new UsageException(flag + " given " + values.size() + " times for " + runs + " inputs (one per input, in order)");
        }
        for (Long v : values) {
            if (v <= 0) {
                throw new UsageException(flag + " must be positive, not " + v);
            }
        }
    }
}

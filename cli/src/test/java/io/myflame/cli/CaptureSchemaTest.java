package io.myflame.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.myflame.ingest.capture.CaptureRecord;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * {@code capture.json} is spelled once: {@link CaptureRecord}, which the recorder fills in and the
 * reader binds. No other main source reads or writes one of its keys through Jackson's tree model
 * ({@code node.put("samples", ...)}, {@code node.path("call_graph")}).
 */
class CaptureSchemaTest {
    /** A key passed to a tree-model accessor: {@code .put("frequency"}, {@code .path("event")}. */
    private static final Pattern TREE_ACCESS =
            Pattern.compile("\\.(put|putNull|putObject|putArray|get|path|has|remove|with|withArray)\\(\"([a-z_0-9]+)\"");
    /** Other JSON documents that share a key name with capture.json ("workload", "tps"), not capture.json. */
    private static final Set<String> OTHER_DOCUMENTS = Set.of("Sweep.java", "DiffJson.java");

    @Test
    void noSourceButTheRecordSpellsACaptureKey() throws IOException {
        Set<String> keys = keys(CaptureRecord.class, new TreeSet<>());
        assertTrue(keys.containsAll(List.of("schema_version", "call_graph", "rows_per_statement", "p95")), keys.toString());
        List<String> found = new ArrayList<>();
        Path root = Path.of("..").toAbsolutePath().normalize();
        try (Stream<Path> files = Files.walk(root, 12)) {
            files.filter(f -> f.toString().endsWith(".java") && f.toString().contains("/src/main/java/"))
                    .filter(f -> !f.getFileName().toString().equals("CaptureRecord.java"))
                    .filter(f -> !OTHER_DOCUMENTS.contains(f.getFileName().toString()))
                    .forEach(f -> found.addAll(spelled(f, keys, root)));
        }
        assertEquals(List.of(), found, "capture.json keys spelled outside CaptureRecord");
    }

    private static List<String> spelled(Path file, Set<String> keys, Path root) {
        String text;
        try {
            text = Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<String> out = new ArrayList<>();
        if (!text.contains("com.fasterxml.jackson")) {
            return out; // a YAML map's get("name") is not JSON
        }
        Matcher m = TREE_ACCESS.matcher(text);
        while (m.find()) {
            if (keys.contains(m.group(2))) {
                out.add(root.relativize(file) + ": " + m.group());
            }
        }
        return out;
    }

    /** The snake-case keys of a record and of the records it holds, as Jackson binds them. */
    private static Set<String> keys(Class<?> type, Set<String> into) {
        for (RecordComponent c : type.getRecordComponents()) {
            into.add(c.getName().replaceAll("([A-Z])", "_$1").toLowerCase(java.util.Locale.ROOT));
            if (c.getType().isRecord()) {
                keys(c.getType(), into);
            }
        }
        return into;
    }
}

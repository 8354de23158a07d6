package io.myflame.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.myflame.core.flame.Palette;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.Option;

/**
 * What docs/architecture.md states that the code can check: its module drawing is the list of
 * allowed edges {@link PackageGraphTest} holds the sources to; every type its "where to add X" rows
 * name exists; and a palette added to the code is named where the table says it must be.
 */
class ArchitectureDocTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    /** "cli ──────────> load, recorder" or "profiler-core    (none)". */
    private static final Pattern MODULE_LINE = Pattern.compile("^(\\S+)\\s*(?:─+>\\s*(.+)|\\(none\\))$");
    private static final Pattern CODE = Pattern.compile("`([^`]+)`");
    /** A type's name: an upper-case letter, then a lower-case one (not a constant such as COLUMNS). */
    private static final Pattern TYPE = Pattern.compile("\\b([A-Z][a-z]\\w*)\\b");

    @Test
    void theModuleDrawingIsTheListOfAllowedEdges() throws IOException {
        String block = section(read("docs/architecture.md"), "## Modules");
        Map<String, Set<String>> drawn = new TreeMap<>();
        for (String line : fenced(block).split("\n")) {
            Matcher m = MODULE_LINE.matcher(line.strip());
            assertTrue(m.matches(), "a module line: " + line);
            drawn.put(m.group(1), m.group(2) == null ? Set.of()
                    : new TreeSet<>(Arrays.asList(m.group(2).strip().split(",\\s*"))));
        }
        Map<String, Set<String>> allowed = new TreeMap<>();
        PackageGraphTest.ALLOWED_MODULE_EDGES.forEach((k, v) -> allowed.put(k, new TreeSet<>(v)));
        assertEquals(allowed, drawn, "docs/architecture.md's module drawing and PackageGraphTest.ALLOWED_MODULE_EDGES");
    }

    @Test
    void everyTypeTheWhereToAddRowsNameExists() throws IOException {
        Set<String> types = declaredTypes();
        List<String> missing = new ArrayList<>();
        for (String line : section(read("docs/architecture.md"), "## Where to add X").split("\n")) {
            if (!line.startsWith("| ") || line.startsWith("| to add")) {
                continue;
            }
            Matcher code = CODE.matcher(line);
            while (code.find()) {
                if (code.group(1).contains("/") && !code.group(1).startsWith("cli/")) {
                    continue; // a path: samples/, docs/inputs.md, core/names/<flavour>.yaml
                }
                Matcher type = TYPE.matcher(code.group(1));
                while (type.find()) {
                    if (!types.contains(type.group(1))) {
                        missing.add(type.group(1) + " (in `" + code.group(1) + "`)");
                    }
                }
            }
        }
        assertEquals(List.of(), missing, "types named in docs/architecture.md's \"Where to add X\" and declared nowhere");
    }

    @Test
    void everyPaletteIsNamedWhereTheDocsSay() throws Exception {
        List<String> names = Arrays.stream(Palette.values()).map(p -> p.name().toLowerCase(Locale.ROOT)).toList();
        String description = FlameFlags.class.getDeclaredField("colors").getAnnotation(Option.class).description()[0];
        assertTrue(description.startsWith(String.join(" ", names) + "."),
                "--colors' description lists Palette's names in order: " + description);
        String palettes = section(read("docs/flamegraph.md"), "## Palettes");
        List<String> undocumented = names.stream().filter(n -> !palettes.contains("`" + n + "`")).toList();
        assertEquals(List.of(), undocumented, "palettes docs/flamegraph.md's Palettes section does not name");
    }

    private static String read(String file) throws IOException {
        return Files.readString(ROOT.resolve(file));
    }

    /** The text from {@code heading} to the next heading of its level. */
    private static String section(String doc, String heading) {
        int from = doc.indexOf("\n" + heading + "\n");
        assertTrue(from >= 0, "a section " + heading);
        String rest = doc.substring(from + heading.length() + 2);
        int end = rest.indexOf("\n" + heading.substring(0, heading.indexOf(' ') + 1));
        return end < 0 ? rest : rest.substring(0, end);
    }

    /** The first fenced block's lines. */
    private static String fenced(String text) {
        int open = text.indexOf("```text\n");
        assertTrue(open >= 0, "a ```text block");
        int from = open + "```text\n".length();
        return text.substring(from, text.indexOf("\n```", from));
    }

    /** Every class, record, enum and interface the modules declare (tests too: rows name them), nested ones too. */
    private static Set<String> declaredTypes() throws IOException {
        Pattern declared = Pattern.compile("\\b(?:class|record|enum|interface)\\s+([A-Z]\\w*)");
        Set<String> types = new TreeSet<>();
        try (Stream<Path> files = Files.walk(ROOT)) {
            for (Path f : files.filter(f -> f.toString().endsWith(".java") && f.toString().contains("/src/"))
                    .toList()) {
                Matcher m = declared.matcher(Files.readString(f));
                while (m.find()) {
                    types.add(m.group(1));
                }
            }
        }
        return types;
    }
}

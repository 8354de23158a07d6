package io.myflame.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The package graph of every module's main sources is acyclic, every package says what it holds in
 * a {@code package-info.java} (docs/architecture.md draws the graph), and each module names only the
 * modules {@link #ALLOWED_MODULE_EDGES} lists (the drawing under Modules, {@link ArchitectureDocTest}). The graph is read
 * from the sources, not the class files: an edge is an import of, or a fully qualified reference
 * to, a class of another {@code io.myflame} package. A cycle fails with the class-level edges that
 * close it, so the fix (a leaf package, a moved class) can be read off the message.
 */
class PackageGraphTest {
    private static final Pattern PACKAGE = Pattern.compile("^package ([\\w.]+);", Pattern.MULTILINE);
    /** "io.myflame.ingest.fold.FoldedStacks" in an import, a static import or the code itself. */
    private static final Pattern REFERENCE = Pattern.compile("\\b(io\\.myflame(?:\\.[a-z]\\w*)+)\\.([A-Z]\\w*|\\*)");

    private static final Map<String, Map<String, Set<String>>> EDGES = new TreeMap<>();
    private static final Set<String> PACKAGES = new TreeSet<>();
    private static final Set<String> DOCUMENTED = new TreeSet<>();
    /** The module whose sources declare each package. */
    private static final Map<String, String> MODULE_OF = new TreeMap<>();
    /** Each module's references to other io.myflame packages, by package: "cli" -> {"io.myflame.load": {...}}. */
    private static final Map<String, Map<String, Set<String>>> MODULE_REFERENCES = new TreeMap<>();

    /**
     * The module edges docs/architecture.md draws, and the only ones the sources may have: a new edge
     * (cli naming a perf-ingest class, perf-ingest reaching diff-report) fails until it is added here and
     * to the drawing, and an edge no source uses any more fails until it is taken out of both.
     */
    static final Map<String, Set<String>> ALLOWED_MODULE_EDGES = Map.of(
            "cli", Set.of("load", "recorder", "diff-report", "export", "profiler-core"),
            "load", Set.of("perf-ingest", "diff-report", "profiler-core"),
            "recorder", Set.of("perf-ingest", "profiler-core"),
            "perf-ingest", Set.of("profiler-core"),
            "diff-report", Set.of("profiler-core"),
            "export", Set.of("profiler-core"),
            "profiler-core", Set.of(),
            "build-tools", Set.of());

    @BeforeAll
    static void readSources() throws IOException {
        Path root = Path.of("..").toAbsolutePath().normalize();
        try (Stream<Path> modules = Files.list(root)) {
            for (Path module : modules.filter(m -> Files.isDirectory(m.resolve("src/main/java"))).toList()) {
                String name = module.getFileName().toString();
                try (Stream<Path> files = Files.walk(module.resolve("src/main/java"))) {
                    files.filter(f -> f.toString().endsWith(".java")).forEach(f -> read(name, f));
                }
            }
        }
        assertTrue(PACKAGES.size() > 10, "found the modules' packages under " + root + ": " + PACKAGES);
    }

    private static void read(String module, Path file) {
        String text;
        try {
            text = Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Matcher p = PACKAGE.matcher(text);
        assertTrue(p.find(), file + " declares a package");
        String from = p.group(1);
        PACKAGES.add(from);
        MODULE_OF.put(from, module);
        String cls = file.getFileName().toString().replace(".java", "");
        if (cls.equals("package-info")) {
            DOCUMENTED.add(from);
            return;
        }
        Matcher r = REFERENCE.matcher(text.substring(p.end()));
        while (r.find()) {
            String to = r.group(1);
            if (!to.equals(from)) {
                EDGES.computeIfAbsent(from, k -> new TreeMap<>()).computeIfAbsent(to, k -> new TreeSet<>())
                        .add(cls + " -> " + r.group(2));
                MODULE_REFERENCES.computeIfAbsent(module, k -> new TreeMap<>()).computeIfAbsent(to, k -> new TreeSet<>())
                        .add(from + "." + cls + " -> " + r.group(2));
            }
        }
    }

    @Test
    void packagesFormNoCycle() {
        List<String> cycles = new ArrayList<>();
        for (Set<String> component : new StronglyConnected().components()) {
            if (component.size() > 1) {
                StringBuilder s = new StringBuilder("cycle " + component + ":");
                for (String a : component) {
                    for (String b : component) {
                        Set<String> via = EDGES.getOrDefault(a, Map.of()).get(b);
                        if (via != null) {
                            s.append("\n  ").append(a).append(" -> ").append(b).append(' ').append(via);
                        }
                    }
                }
                cycles.add(s.toString());
            }
        }
        assertEquals(List.of(), cycles, String.join("\n", cycles));
    }

    /** The module graph the sources have, each edge with the references that make it. */
    static Map<String, Map<String, Set<String>>> moduleEdges() {
        Map<String, Map<String, Set<String>>> edges = new TreeMap<>();
        MODULE_REFERENCES.forEach((from, refs) -> refs.forEach((pkg, via) -> {
            String to = MODULE_OF.get(pkg);
            if (to != null && !to.equals(from)) {
                edges.computeIfAbsent(from, k -> new TreeMap<>()).computeIfAbsent(to, k -> new TreeSet<>()).addAll(via);
            }
        }));
        return edges;
    }

    @Test
    void modulesReachOnlyTheModulesAllowed() {
        assertEquals(new TreeSet<>(ALLOWED_MODULE_EDGES.keySet()), new TreeSet<>(MODULE_OF.values()),
                "every module has its line in ALLOWED_MODULE_EDGES");
        Map<String, Map<String, Set<String>>> edges = moduleEdges();
        List<String> wrong = new ArrayList<>();
        edges.forEach((from, tos) -> tos.forEach((to, via) -> {
            if (!ALLOWED_MODULE_EDGES.get(from).contains(to)) {
                wrong.add("new edge " + from + " -> " + to + " (allow it here and draw it in docs/architecture.md, or "
                        + "go through a module allowed): " + via);
            }
        }));
        ALLOWED_MODULE_EDGES.forEach((from, tos) -> tos.forEach(to -> {
            if (!edges.getOrDefault(from, Map.of()).containsKey(to)) {
                wrong.add("edge " + from + " -> " + to + " is allowed and drawn but no source uses it any more");
            }
        }));
        assertEquals(List.of(), wrong, String.join("\n", wrong));
    }

    @Test
    void everyPackageSaysWhatItHolds() {
        Set<String> undocumented = new TreeSet<>(PACKAGES);
        undocumented.removeAll(DOCUMENTED);
        assertEquals(Set.of(), undocumented, "packages without a package-info.java");
    }

    /** Tarjan's algorithm, iterative so a long chain of packages cannot overflow the stack. */
    private static final class StronglyConnected {
        private final Map<String, Integer> index = new HashMap<>();
        private final Map<String, Integer> low = new HashMap<>();
        private final Deque<String> stack = new ArrayDeque<>();
        private final Set<String> onStack = new TreeSet<>();
        private final List<Set<String>> found = new ArrayList<>();

        List<Set<String>> components() {
            for (String p : PACKAGES) {
                if (!index.containsKey(p)) {
                    visit(p);
                }
            }
            return found;
        }

        private void visit(String start) {
            Deque<Map.Entry<String, List<String>>> work = new ArrayDeque<>();
            enter(start, work);
            while (!work.isEmpty()) {
                Map.Entry<String, List<String>> top = work.peek();
                String v = top.getKey();
                if (!top.getValue().isEmpty()) {
                    String w = top.getValue().remove(0);
                    if (!index.containsKey(w)) {
                        enter(w, work);
                    } else if (onStack.contains(w)) {
                        low.put(v, Math.min(low.get(v), index.get(w)));
                    }
                    continue;
                }
                work.pop();
                if (!work.isEmpty()) {
                    String parent = work.peek().getKey();
                    low.put(parent, Math.min(low.get(parent), low.get(v)));
                }
                if (low.get(v).equals(index.get(v))) {
                    Set<String> component = new TreeSet<>();
                    String w;
                    do {
                        w = stack.pop();
                        onStack.remove(w);
                        component.add(w);
                    } while (!w.equals(v));
                    found.add(component);
                }
            }
        }

        private void enter(String v, Deque<Map.Entry<String, List<String>>> work) {
            index.put(v, index.size());
            low.put(v, index.get(v));
            stack.push(v);
            onStack.add(v);
            work.push(Map.entry(v, new ArrayList<>(EDGES.getOrDefault(v, Map.of()).keySet())));
        }
    }
}

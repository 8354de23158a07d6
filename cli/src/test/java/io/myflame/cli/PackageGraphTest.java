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
 * The package graph of every module's main sources is acyclic, and every package says what it
 * holds in a {@code package-info.java} (docs/architecture.md draws the graph). The graph is read
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

    @BeforeAll
    static void readSources() throws IOException {
        Path root = Path.of("..").toAbsolutePath().normalize();
        try (Stream<Path> modules = Files.list(root)) {
            for (Path module : modules.filter(m -> Files.isDirectory(m.resolve("src/main/java"))).toList()) {
                try (Stream<Path> files = Files.walk(module.resolve("src/main/java"))) {
                    files.filter(f -> f.toString().endsWith(".java")).forEach(PackageGraphTest::read);
                }
            }
        }
        assertTrue(PACKAGES.size() > 10, "found the modules' packages under " + root + ": " + PACKAGES);
    }

    private static void read(Path file) {
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

package io.myflame.core.analysis;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.JarURLConnection;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * What the function and thread names of MySQL-family servers say: the server layer of a function
 * (for {@code MysqlLayer}), what a thread is for ({@code ThreadRole}) and the bundled CPU categories.
 * Read from one data file per server flavour in {@code io/myflame/core/names/} ({@code common.yaml}
 * first, then the flavours' files by name) and merged: every pattern applies to every profile, as a
 * folded file names no flavour and a diff of MariaDB against MySQL must classify both sides alike.
 */
public final class ServerNames {
    static final String DIRECTORY = "io/myflame/core/names/";
    static final String COMMON = "common.yaml";
    /** A pattern that matches nothing, for a layer or role no file gives names. */
    private static final String NOTHING = "$^";

    private final List<String> files = new ArrayList<>();
    private final Map<String, Set<String>> patterns = new LinkedHashMap<>();
    private final Map<String, List<String>> categories = new LinkedHashMap<>();

    private ServerNames() {
    }

    /** The names of the bundled flavour files, merged once. */
    public static ServerNames bundled() {
        return Bundled.NAMES;
    }

    private static final class Bundled {
        static final ServerNames NAMES = read(bundledFiles());
    }

    /** The data files read, {@code common.yaml} first. */
    public List<String> files() {
        return Collections.unmodifiableList(files);
    }

    /** Regex matched at the start of a function name of {@code layer} ({@code innodb}), checked before any layer's {@link #layerNames}. */
    public Pattern layerSpecific(String layer) {
        return alternatives("layers", layer, "specific", "(", ")");
    }

    /** Regex matched at the start of a function name of {@code layer}. */
    public Pattern layerNames(String layer) {
        return alternatives("layers", layer, "names", "(", ")");
    }

    /** Regex searched for in the thread name of a thread of {@code role}, or null when no file gives one. */
    public Pattern roleComm(String role) {
        return optional(alternatives("roles", role, "comm", "", ""));
    }

    /** Regex matching the whole name of an entry point of {@code role}, or null when no file gives one. */
    public Pattern roleEntry(String role) {
        return optional(alternatives("roles", role, "entry", "^(", ")$"));
    }

    /** The bundled categories in order, each with its frame patterns ({@code *} globs), as a categories file has them. */
    public Map<String, List<String>> categories() {
        return Collections.unmodifiableMap(categories);
    }

    private Pattern alternatives(String section, String key, String part, String open, String close) {
        Set<String> alts = patterns.get(section + "/" + key + "/" + part);
        return Pattern.compile(alts == null || alts.isEmpty() ? NOTHING : open + String.join("|", alts) + close);
    }

    private static Pattern optional(Pattern p) {
        return p.pattern().equals(NOTHING) ? null : p;
    }

    static ServerNames read(Map<String, String> files) {
        ServerNames names = new ServerNames();
        files.forEach(names::merge);
        return names;
    }

    /** Adds one file's patterns; a malformed bundled file is a build mistake, so it fails loudly. */
    private void merge(String file, String text) {
        files.add(file);
        Object doc = new Yaml(new SafeConstructor(new LoaderOptions())).load(text);
        if (doc == null) {
            return;
        }
        Map<?, ?> top = map(doc, file);
        for (String section : List.of("layers", "roles")) {
            map(top.get(section), file).forEach((key, parts) -> map(parts, file).forEach((part, list) ->
                    patterns.computeIfAbsent(section + "/" + key + "/" + part, k -> new LinkedHashSet<>())
                            .addAll(strings(list, file))));
        }
        Object cats = top.get("categories");
        for (Object c : cats == null ? List.of() : list(cats, file)) {
            Map<?, ?> m = map(c, file);
            List<String> frames = categories.computeIfAbsent(String.valueOf(m.get("name")), k -> new ArrayList<>());
            frames.addAll(strings(m.get("frames"), file));
        }
    }

    private static Map<?, ?> map(Object o, String file) {
        if (o == null) {
            return Map.of();
        }
        if (!(o instanceof Map<?, ?> m)) {
            throw new IllegalStateException(DIRECTORY + file + ": expected a mapping, not " + o);
        }
        return m;
    }

    private static List<?> list(Object o, String file) {
        if (!(o instanceof List<?> l)) {
            throw new IllegalStateException(DIRECTORY + file + ": expected a list, not " + o);
        }
        return l;
    }

    private static List<String> strings(Object o, String file) {
        return o == null ? List.of() : list(o, file).stream().map(String::valueOf).toList();
    }

    /** The bundled files' texts, {@code common.yaml} first, then by name. */
    private static Map<String, String> bundledFiles() {
        Set<String> names = new TreeSet<>(listDirectory());
        if (!names.remove(COMMON)) {
            throw new IllegalStateException("missing resource " + DIRECTORY + COMMON);
        }
        Map<String, String> out = new LinkedHashMap<>();
        out.put(COMMON, resource(COMMON));
        for (String n : names) {
            out.put(n, resource(n));
        }
        return out;
    }

    /** The {@code .yaml} files in the resource directory, in a build tree or in a jar. */
    static Set<String> listDirectory() {
        URL dir = ServerNames.class.getClassLoader().getResource(DIRECTORY);
        if (dir == null) {
            throw new IllegalStateException("missing resource directory " + DIRECTORY);
        }
        Set<String> out = new TreeSet<>();
        try {
            if (dir.getProtocol().equals("jar")) {
                JarURLConnection c = (JarURLConnection) dir.openConnection();
                c.setUseCaches(false);
                try (JarFile jar = c.getJarFile()) {
                    for (JarEntry e : Collections.list(jar.entries())) {
                        String rest = e.getName().startsWith(DIRECTORY) ? e.getName().substring(DIRECTORY.length()) : "";
                        if (rest.endsWith(".yaml") && !rest.contains("/")) {
                            out.add(rest);
                        }
                    }
                }
            } else {
                try (Stream<Path> s = Files.list(Path.of(dir.toURI()))) {
                    s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".yaml")).forEach(out::add);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
        return out;
    }

    private static String resource(String file) {
        try (InputStream in = ServerNames.class.getClassLoader().getResourceAsStream(DIRECTORY + file)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + DIRECTORY + file);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

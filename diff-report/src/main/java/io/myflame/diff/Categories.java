package io.myflame.diff;

import io.myflame.core.analysis.Glob;
import io.myflame.core.analysis.RowSpec;
import io.myflame.core.analysis.ServerNames;
import io.myflame.core.model.FrameTable;
import io.myflame.core.model.Profile;
import java.io.Reader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;

/**
 * Ordered categories of CPU time (binlog, network, purge, ...), each a list of frame patterns
 * ({@code *} matches any characters). A sample belongs to the first category one of whose
 * patterns matches any frame of its stack; samples no category claims are {@code other}.
 *
 * <pre>
 * categories:
 *   - name: binlog
 *     frames: ["MYSQL_BIN_LOG::*", "binlog_*"]
 * </pre>
 */
public final class Categories {
    public static final String OTHER = "other";
    /** One category and its frame patterns. */
    public record Category(String name, List<Pattern> patterns) {
    }

    private final List<Category> categories;

    private Categories(List<Category> categories) {
        this.categories = List.copyOf(categories);
    }

    public List<Category> list() {
        return categories;
    }

    /**
     * The bundled MySQL/MariaDB categories: the {@code categories} of every server flavour's name file,
     * merged by {@link ServerNames} ({@code samples/categories/mysql.yaml} is the same list for users to copy).
     */
    public static Categories mysql() {
        List<Map<String, Object>> list = new ArrayList<>();
        ServerNames.bundled().categories().forEach((name, frames) -> list.add(Map.of("name", name, "frames", frames)));
        return of(list, "bundled categories");
    }

    /** Reads a categories file; a malformed one is a {@link DiffException} naming file and line. */
    public static Categories parse(Reader in, String fileName) {
        Object doc;
        try {
            doc = new Yaml(new SafeConstructor(new LoaderOptions())).load(in);
        } catch (MarkedYAMLException e) {
            throw new DiffException(fileName + ":" + (e.getProblemMark().getLine() + 1) + ": not valid YAML ("
                    + e.getProblem() + ")");
        } catch (YAMLException e) {
            // SnakeYAML wraps the reader's own errors: "java.nio.charset.MalformedInputException: Input length = 1".
            if (e.getCause() instanceof java.nio.charset.CharacterCodingException) {
                throw new DiffException(fileName + ": not UTF-8 text");
            }
            if (e.getCause() instanceof java.io.IOException io) {
                throw new DiffException(fileName + ": cannot read (" + io.getMessage() + ")");
            }
            throw new DiffException(fileName + ": not valid YAML (" + e.getMessage() + ")");
        }
        if (!(doc instanceof Map<?, ?> map) || !(map.get("categories") instanceof List<?> list) || list.isEmpty()) {
            throw new DiffException(fileName + ": expected 'categories:' with a list of {name, frames}");
        }
        return of(list, fileName);
    }

    private static Categories of(List<?> list, String fileName) {
        List<Category> out = new ArrayList<>();
        for (Object item : list) {
            Category c = category(item, fileName, out.size() + 1);
            // Two rows of one name could not be told apart in any table (as a row file's empty alternative).
            if (out.stream().anyMatch(o -> o.name().equals(c.name()))) {
                throw new DiffException(fileName + ": category " + (out.size() + 1) + " repeats the name '" + c.name() + "'");
            }
            out.add(c);
        }
        if (out.stream().noneMatch(c -> c.name().equals(OTHER))) {
            out.add(new Category(OTHER, List.of()));
        }
        return new Categories(out);
    }

    private static Category category(Object item, String fileName, int index) {
        if (!(item instanceof Map<?, ?> m) || !(m.get("name") instanceof String name)
                || !(m.get("frames") instanceof List<?> frames)) {
            throw new DiffException(fileName + ": category " + index + " needs 'name' and a list 'frames'");
        }
        if (name.isBlank()) {
            throw new DiffException(fileName + ": category " + index + " has an empty name");
        }
        List<Pattern> patterns = new ArrayList<>();
        for (Object f : frames) {
            // 'frames: [, x]' or '[""]' would be a pattern matching nothing, or the frame "null".
            if (f == null || f.toString().isBlank()) {
                throw new DiffException(fileName + ": category " + index + " ('" + name + "') has an empty frame pattern");
            }
            patterns.add(Glob.toRegex(f.toString()));
        }
        return new Category(name, patterns);
    }

    /** The categories as top-level rows of a table. */
    public List<RowSpec> rows() {
        List<RowSpec> rows = new ArrayList<>();
        for (Category c : categories) {
            rows.add(new RowSpec(List.of(c.name()), 0, -1, 0));
        }
        return rows;
    }

    /** Weight per category in {@code profile}, in the order of {@link #list()}. */
    public long[] weights(Profile profile) {
        int[] byFrame = categoryOfFrames(profile.frames());
        int other = indexOf(OTHER);
        long[] w = new long[categories.size()];
        int[] stack = new int[64];
        for (int i = 0; i < profile.size(); i++) {
            int best = Integer.MAX_VALUE;
            stack = profile.stack(i, stack);
            for (int j = 0, len = profile.depth(i); j < len; j++) {
                best = Math.min(best, byFrame[stack[j]]);
            }
            w[best == Integer.MAX_VALUE ? other : best] += profile.weight(i);
        }
        return w;
    }

    /** Evaluates the categories like rows: every category is present in every profile. */
    public RowEvaluator evaluator() {
        String[] names = categories.stream().map(Category::name).toArray(String[]::new);
        return profile -> new RowEvaluator.Evaluation(weights(profile), names.clone());
    }

    /** For each frame the first category one of whose patterns matches it, MAX_VALUE for none. */
    private int[] categoryOfFrames(FrameTable frames) {
        int[] cat = new int[frames.size()];
        Arrays.fill(cat, Integer.MAX_VALUE);
        for (int f = 0; f < frames.size(); f++) {
            String name = frames.name(f);
            for (int c = 0; c < categories.size() && cat[f] == Integer.MAX_VALUE; c++) {
                for (Pattern p : categories.get(c).patterns()) {
                    if (p.matcher(name).matches()) {
                        cat[f] = c;
                        break;
                    }
                }
            }
        }
        return cat;
    }

    private int indexOf(String name) {
        for (int c = 0; c < categories.size(); c++) {
            if (categories.get(c).name().equals(name)) {
                return c;
            }
        }
        return categories.size() - 1;
    }
}

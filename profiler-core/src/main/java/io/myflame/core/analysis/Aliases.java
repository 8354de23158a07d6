package io.myflame.core.analysis;

import io.myflame.core.UsageError;
import io.myflame.core.model.FrameTable;
import io.myflame.core.model.Profile;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Names of one function in different versions, joined before anything is compared: every frame
 * named by an alias is renamed to its group's joined name, so tables, {@code --top}, differential
 * graphs and exports all see one function. A group comes from {@code --alias OLD=NEW} (joined
 * name: NEW) or from a row file's {@code a | b | c} (joined name: the last alternative, the newest
 * name as row files list versions oldest first). Globs in row files are not aliases.
 */
public final class Aliases {
    public static final Aliases NONE = new Aliases(Map.of());

    /** Each aliased name to its group's joined name (a joined name maps to itself). */
    private final Map<String, String> joined;

    private Aliases(Map<String, String> joined) {
        this.joined = joined;
    }

    /** Parses repeatable {@code OLD=NEW} values (the last {@code =} separates: C++ names hold {@code operator=}). */
    public static Aliases parse(List<String> specs) {
        Map<String, String> m = new LinkedHashMap<>();
        for (String s : specs) {
            int eq = s.lastIndexOf('=');
            if (eq <= 0 || eq == s.length() - 1) {
                throw new UsageError("--alias expects OLD=NEW, got '" + s + "'");
            }
            String old = s.substring(0, eq).strip();
            String now = s.substring(eq + 1).strip();
            // ' = ' and 'x= ' passed the check above as names of spaces, and joined functions under no name.
            if (old.isEmpty() || now.isEmpty()) {
                throw new UsageError("--alias expects OLD=NEW with two function names, got '" + s + "'");
            }
            join(m, List.of(old, now));
        }
        return new Aliases(m);
    }

    /** These aliases and the alternatives of every row of {@code rows}. */
    public Aliases withRows(List<RowSpec> rows) {
        Map<String, String> m = new LinkedHashMap<>(joined);
        for (RowSpec r : rows) {
            List<String> names = r.names().stream().filter(n -> n.indexOf('*') < 0).toList();
            if (names.size() > 1) {
                join(m, names);
            }
        }
        return new Aliases(m);
    }

    /** Joins {@code names} into one group named by the last; groups already holding one of them merge. */
    private static void join(Map<String, String> m, List<String> names) {
        String target = m.getOrDefault(names.get(names.size() - 1), names.get(names.size() - 1));
        List<String> old = new ArrayList<>();
        for (String n : names) {
            String g = m.getOrDefault(n, n);
            if (!g.equals(target)) {
                old.add(g);
            }
        }
        m.replaceAll((k, v) -> old.contains(v) ? target : v);
        for (String n : names) {
            m.put(n, target);
        }
        m.put(target, target);
    }

    public boolean isEmpty() {
        return joined.isEmpty();
    }

    /** The name {@code function} is compared under. */
    public String joinedName(String function) {
        return joined.getOrDefault(function, function);
    }

    /** The rows with each name replaced by its joined name (duplicates dropped), for evaluation on joined profiles. */
    public List<RowSpec> rows(List<RowSpec> rows) {
        if (isEmpty()) {
            return rows;
        }
        List<RowSpec> out = new ArrayList<>(rows.size());
        for (RowSpec r : rows) {
            List<String> names = r.names().stream().map(this::joinedName).distinct().toList();
            out.add(new RowSpec(names, r.depth(), r.parent(), r.line()));
        }
        return out;
    }

    /**
     * Which aliased names ran in {@code profile} (before joining), by joined name: what a table's
     * footnote says matched in that input.
     */
    public Map<String, List<String>> present(Profile profile) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        if (isEmpty()) {
            return out;
        }
        InclusiveTable incl = InclusiveTable.of(profile);
        for (Map.Entry<String, String> e : joined.entrySet()) {
            int f = profile.frames().find(e.getKey());
            if (f >= 0 && incl.inclusive(f) > 0) {
                out.computeIfAbsent(e.getValue(), k -> new ArrayList<>()).add(e.getKey());
            }
        }
        return out;
    }

    /** The profile with every aliased frame renamed to its joined name (stacks that become alike merge). */
    public Profile apply(Profile in) {
        if (isEmpty()) {
            return in;
        }
        List<ProfileFilter.Rename> renames = new ArrayList<>();
        FrameTable frames = in.frames();
        for (int f = 0; f < frames.size(); f++) {
            String to = joined.get(frames.name(f));
            if (to != null && !to.equals(frames.name(f))) {
                renames.add(new ProfileFilter.Rename(
                        java.util.regex.Pattern.compile("^" + java.util.regex.Pattern.quote(frames.name(f)) + "$"),
                        java.util.regex.Matcher.quoteReplacement(to)));
            }
        }
        // The one renaming machinery (--rename's): exact names as anchored, quoted patterns.
        return renames.isEmpty() ? in : new ProfileFilter(null, null, renames, List.of()).apply(in);
    }
}

package io.myflame.core.analysis;

import io.myflame.core.Decimals;
import io.myflame.core.model.FrameTable;
import io.myflame.core.model.Profile;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Code without names, and how much of a profile's self time it holds. A binary stripped to its
 * exported symbols (upstream MySQL releases, Debian's {@code mariadbd}) still has every function's
 * bounds in {@code .eh_frame}, so the native perf.data reader names such a function by its file and
 * start address, {@code mariadbd+0x7e3a80} ({@link #name}); an address in no function stays the
 * file's {@code [mariadbd]}, as perf shows it. Either way a named function's inclusive share is
 * exact whatever its unnamed callers and callees: what is missing is only the unnamed functions' own
 * names, so what a profile lacks is measured as the <em>self</em> share in unnamed code, by file.
 * The rules are documented in docs/semantics.md ("Unnamed functions").
 *
 * @param total  the profile's total weight
 * @param byFile self weight in unnamed code per file ({@code mariadbd}, {@code libc.so.6},
 *               {@code unknown} for addresses in no file), heaviest first
 */
public record UnnamedCode(long total, List<FileShare> byFile) {
    /** Above this share of self time in unnamed code every read warns. */
    public static final double WARN_ABOVE = 0.03;
    /** How many files {@link #note} names. */
    private static final int NOTE_FILES = 2;
    /** Files named in a warning, heaviest first. */
    private static final int FILES_SHOWN = 3;
    /** What every {@link #warning()} starts with, so a capture's stored one is recognised. */
    public static final String WARNING_MARK = "unnamed functions: ";

    /** Self weight in one file's unnamed code. */
    public record FileShare(String file, long weight) {
    }

    public UnnamedCode {
        byFile = List.copyOf(byFile);
    }

    /** The name of the function of {@code file} (its base name) starting at {@code start}: {@code mariadbd+0x7e3a80}. */
    public static String name(String file, long start) {
        return file + "+0x" + Long.toHexString(start);
    }

    /**
     * Whether {@code name} names a function by file and start ({@link #name}): it ends in
     * {@code +0x} and hex digits, which no symbol does (a tidied name has lost its offset).
     */
    public static boolean isFunction(String name) {
        int plus = name.lastIndexOf("+0x");
        if (plus <= 0 || plus + 3 == name.length()) {
            return false;
        }
        for (int i = plus + 3; i < name.length(); i++) {
            if (Character.digit(name.charAt(i), 16) < 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * The file of an unnamed frame: {@code mariadbd} for {@code mariadbd+0x7e3a80} and for
     * {@code [mariadbd]}, {@code unknown} for {@code [unknown]}; null for a named function.
     */
    public static String fileOf(String name) {
        if (isFunction(name)) {
            return name.substring(0, name.lastIndexOf("+0x"));
        }
        if (name.length() > 2 && name.charAt(0) == '[' && name.charAt(name.length() - 1) == ']') {
            // collapse's folded files keep the peers' [[vdso]] and [[kernel.kallsyms]]
            String file = name.substring(1, name.length() - 1);
            return file.length() > 2 && file.charAt(0) == '[' && file.charAt(file.length() - 1) == ']'
                    ? file.substring(1, file.length() - 1) : file;
        }
        return null;
    }

    /**
     * How {@link StackRoots} sees an unnamed function: as the file's unnamed frame would be seen
     * ({@code libc.so.6+0x29d90} as {@code [libc.so.6]}); {@code name} itself otherwise.
     */
    static String asFileFrame(String name) {
        return isFunction(name) ? "[" + name.substring(0, name.lastIndexOf("+0x")) + "]" : name;
    }

    /** Measures {@code p}: the self weight of every stack whose leaf is unnamed, by file. */
    public static UnnamedCode of(Profile p) {
        FrameTable frames = p.frames();
        String[] fileOfFrame = new String[frames.size()];
        boolean[] seen = new boolean[frames.size()];
        Map<String, long[]> byFile = new HashMap<>();
        int[] stack = new int[64];
        long total = 0;
        for (int i = 0; i < p.size(); i++) {
            long w = p.weight(i);
            total += w;
            int depth = p.depth(i);
            if (depth == 0) {
                continue;
            }
            stack = p.stack(i, stack);
            int leaf = stack[depth - 1];
            if (!seen[leaf]) {
                seen[leaf] = true;
                fileOfFrame[leaf] = fileOf(frames.name(leaf));
            }
            if (fileOfFrame[leaf] != null) {
                byFile.computeIfAbsent(fileOfFrame[leaf], k -> new long[1])[0] += w;
            }
        }
        List<FileShare> files = new ArrayList<>();
        byFile.forEach((f, w) -> files.add(new FileShare(f, w[0])));
        files.sort((a, b) -> a.weight != b.weight ? Long.compare(b.weight, a.weight) : a.file.compareTo(b.file));
        return new UnnamedCode(total, files);
    }

    /** Self weight in unnamed code, all files. */
    public long weight() {
        return byFile.stream().mapToLong(FileShare::weight).sum();
    }

    /** Share of the total weight that is self time in unnamed code. */
    public double share() {
        return total == 0 ? 0 : weight() / (double) total;
    }

    /** Whether {@link #share} is above {@link #WARN_ABOVE}. */
    public boolean worthWarning() {
        return share() > WARN_ABOVE;
    }

    /**
     * The warning: what is missing (the self share in unnamed code, by file) and what is exact (every
     * named function's inclusive share), then {@code fix}.
     */
    public String warning(String fix) {
        StringBuilder files = new StringBuilder();
        for (int i = 0; i < Math.min(FILES_SHOWN, byFile.size()); i++) {
            FileShare f = byFile.get(i);
            files.append(i == 0 ? "" : ", ").append(f.file).append(' ').append(Decimals.onePlace(100.0 * f.weight / total))
                    .append('%');
        }
        if (byFile.size() > FILES_SHOWN) {
            files.append(" and ").append(byFile.size() - FILES_SHOWN).append(" more");
        }
        return String.format(Locale.ROOT, WARNING_MARK + "%s%% of the samples' self time is in code without "
                + "symbols (%s), shown per function as FILE+0xSTART when read natively from a perf.data, else as one "
                + "[FILE]: the "
                + "inclusive shares of named functions are exact, but these functions' own names are missing, and "
                + "no category or row can name them; %s", Decimals.onePlace(100 * share()), files, fix);
    }

    /**
     * The line a table, chart or page built on this profile carries when {@link #worthWarning}: the
     * stderr warning is lost once the output is pasted elsewhere. Names {@code label}, the share and
     * the first files; null below the threshold.
     */
    public String note(String label) {
        if (!worthWarning()) {
            return null;
        }
        List<String> files = new ArrayList<>();
        for (int i = 0; i < Math.min(NOTE_FILES, byFile.size()); i++) {
            FileShare f = byFile.get(i);
            files.add(f.file + " " + Decimals.onePlace(100.0 * f.weight / total) + " %");
        }
        return String.format(Locale.ROOT, "%s is partly symbolised: %s %% of its samples' self time is in code without "
                + "symbols (%s): a row naming one of those functions is blank there and no category claims them; named "
                + "functions' inclusive shares are exact", label, Decimals.onePlace(100 * share()), String.join(", ", files));
    }

    /** The warning with the generic fix: symbols for those files. */
    public String warning() {
        return warning("supply their symbols (the debug package, such as Debian's -dbgsym, DEBUGINFOD_URLS, or a "
                + "build with full symbols)");
    }
}

package io.myflame.core.analysis;

import io.myflame.core.Decimals;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * How much of a profile's weight is in truncated stacks ({@link TruncatedStacks}), by cause, and
 * where each cause's walks ended, heaviest first; with the sentences commands print: a warning
 * naming causes and fixes, a table footnote, a comparison of several inputs.
 *
 * @param total    the profile's total weight
 * @param measured false for stacks this does not apply to (JFR's Java stacks)
 * @param causes   the causes found, heaviest first
 */
public record Truncation(long total, boolean measured, List<CauseShare> causes) {
    /** Above this share every command that reads the profile warns. */
    public static final double WARN_ABOVE = 0.05;
    /** Inputs whose shares differ by more than this (2 points) do not have comparable percentages. */
    public static final double COMPARABLE_WITHIN = 0.02;
    /** What every {@link #warning()} says after its share. */
    private static final String WARNING_MARK = "of the samples are in truncated stacks";
    /** Ends named per cause in a warning. */
    static final int ENDS_SHOWN = 3;

    /** Nothing measured. */
    public static final Truncation NOT_MEASURED = new Truncation(0, false, List.of());

    /** Why a stack was cut; {@code key} names it in JSON. */
    public enum Cause {
        FRAME_POINTER("frame_pointer", "frame-pointer chain broken",
                "code built without frame pointers (such as Debian's libc and libstdc++) hides its callers",
                "record with --call-graph dwarf, or with libraries built with frame pointers"),
        DWARF_DUMP("dwarf_dump", "dwarf stack dump exhausted",
                "perf unwinds only the copy of the stack it took (8 KB by default)",
                "record with a larger dump: --call-graph dwarf,65528"),
        LBR_DEPTH("lbr_depth", "LBR call stack too short",
                "the CPU's branch records hold only the last 16 to 32 calls", "record with --call-graph dwarf"),
        NO_CALL_GRAPH("no_call_graph", "no call graph recorded",
                "perf record ran without -g: each sample is its leaf alone", "record with -g"),
        KERNEL_ONLY("kernel_only", "kernel-only stacks",
                "perf recorded no user-space frames for them (--kernel-callchains, or a user stack it could not read)",
                "record user-space call chains too");

        private final String key;
        private final String label;
        private final String why;
        private final String fix;

        Cause(String key, String label, String why, String fix) {
            this.key = key;
            this.label = label;
            this.why = why;
            this.fix = fix;
        }

        public String key() {
            return key;
        }

        public String label() {
            return label;
        }

        public String fix() {
            return fix;
        }
    }

    /** The frame a walk ended at and the weight of the stacks that ended there. */
    public record End(String frame, long weight) {
    }

    /**
     * One cause: its weight, its heaviest ends (at most {@link #ENDS_SHOWN}, heaviest first, then by
     * name) and how many frames its walks ended at in all.
     */
    public record CauseShare(Cause cause, long weight, List<End> ends, int endCount) {
        public CauseShare {
            ends = List.copyOf(ends);
        }
    }

    public Truncation {
        causes = List.copyOf(causes);
    }

    /** A measurement from each cause's weight, heaviest ends and count of ends. */
    static Truncation of(long total, List<CauseShare> shares) {
        List<CauseShare> causes = new ArrayList<>(shares);
        // Heaviest cause first; ties in the enum's order.
        // one lambda of ours, which the AOT cache links, not Comparator's own, spun in every run (4 ms)
        causes.sort((a, b) -> a.weight() != b.weight() ? Long.compare(b.weight(), a.weight()) : a.cause().compareTo(b.cause()));
        return new Truncation(total, true, causes);
    }

    public long weight() {
        return causes.stream().mapToLong(CauseShare::weight).sum();
    }

    /** The share of all weight in truncated stacks, 0 when nothing was measured. */
    public double share() {
        return total == 0 ? 0 : weight() / (double) total;
    }

    public double share(Cause c) {
        return total == 0 ? 0 : causes.stream().filter(s -> s.cause() == c).mapToLong(CauseShare::weight).sum() / (double) total;
    }

    /** Whether commands warn about it: above {@link #WARN_ABOVE}. */
    public boolean worthWarning() {
        return measured && share() > WARN_ABOVE;
    }

    /**
     * The warning: the share, what it costs, and per cause its share, where the walks ended, why and
     * the fix, e.g. {@code 41.8% of the samples are in truncated stacks ...: frame-pointer chain broken
     * 41.8% (at __send 21.4%, [libstdc++.so.6.0.30] 11.5%, __libc_recv 4.8% and 10 more): ...}.
     */
    public String warning() {
        StringBuilder sb = new StringBuilder(pct(share())).append(" ").append(WARNING_MARK).append(", whose "
                + "outermost frame is no thread entry point such as start_thread: their callers are missing, so "
                + "every function above the cut undercounts. ");
        List<String> parts = new ArrayList<>();
        for (CauseShare c : causes) {
            parts.add(c.cause().label + " " + pct(c.weight() / (double) total) + " (at " + ends(c) + "): "
                    + c.cause().why + "; " + c.cause().fix);
        }
        return sb.append(String.join(". ", parts)).toString();
    }

    /** Whether {@code w} is a warning of {@link #warning()} (a capture keeps its own among its warnings). */
    public static boolean isWarning(String w) {
        return w.contains(WARNING_MARK);
    }

    /**
     * The footnote of a table whose profile has {@code share} of its weight in truncated stacks:
     * {@code truncated stacks: 41.8% of the samples, whose callers are missing from these percentages};
     * null when there are none or the share was not measured (NaN).
     */
    public static String footnote(double share) {
        if (!(share > 0)) {
            return null;
        }
        return "truncated stacks: " + pct(share) + " of the samples, whose callers are missing from these percentages";
    }

    private String ends(CauseShare c) {
        if (!c.ends().isEmpty() && pct(c.ends().get(0).weight() / (double) total).equals(pct(0))) {
            // Cut everywhere and nowhere much (a synthetic or already-folded profile): names at 0.0% say nothing.
            return c.endCount() + " different frames, none with 0.1% or more";
        }
        List<String> shown = new ArrayList<>();
        for (int i = 0; i < Math.min(ENDS_SHOWN, c.ends().size()); i++) {
            End e = c.ends().get(i);
            shown.add(e.frame() + " " + pct(e.weight() / (double) total));
        }
        int more = c.endCount() - shown.size();
        return String.join(", ", shown) + (more > 0 ? " and " + more + " more" : "");
    }

    /**
     * The comparison warning when the measured inputs' shares differ by more than
     * {@link #COMPARABLE_WITHIN}, else null: {@code labels} and {@code shares} in column order,
     * a NaN share is an input not measured.
     */
    public static String comparison(List<String> labels, List<Double> shares) {
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < labels.size(); i++) {
            double s = shares.get(i);
            if (Double.isNaN(s)) {
                continue;
            }
            lo = Math.min(lo, s);
            hi = Math.max(hi, s);
            parts.add(labels.get(i) + " " + pct(s));
        }
        // Exactly 2 points apart is within, whatever the last bit of the doubles says.
        if (parts.size() < 2 || hi - lo <= COMPARABLE_WITHIN + 1e-12) {
            return null;
        }
        return String.format(Locale.ROOT, "truncated stacks differ by %.1f points between the inputs (%s): each "
                + "input's functions above the cut lose a different share of their samples, so their percentages "
                + "are not comparable; record the inputs the same way (see each input's warning for the fix)",
                100 * (hi - lo), String.join(", ", parts));
    }

    /** A share as the messages print it: {@code 41.8%}. */
    public static String pct(double share) {
        // not String.format: its first use in a run costs the formatter's locale data (5 % of a small report)
        return Decimals.onePlace(100 * share) + "%";
    }
}

package io.myflame.core.model;

import java.util.Locale;

/**
 * How the recording walked user-space stacks, as far as the input says: it decides why a stack that
 * does not reach its thread's entry point was cut (TruncatedStacks in core.analysis, which builds on this package).
 * A capture says it in {@code capture.json} ({@code perf.call_graph}); a perf.data says it in its
 * event's sample type; perf script text and folded files do not say it.
 */
public enum CallGraph {
    /** Frame pointers ({@code perf record -g}, {@code --call-graph fp}): perf's default. */
    FP,
    /** A copy of the stack unwound with the DSOs' call-frame information ({@code --call-graph dwarf[,SIZE]}). */
    DWARF,
    /** The CPU's last-branch records ({@code --call-graph lbr}): a few dozen calls deep at most. */
    LBR,
    /** No call graph recorded (no {@code -g}): every sample is its leaf alone. */
    NONE,
    /** Java stacks walked by the JVM (JFR): not perf's, and not measured here. */
    JAVA,
    /** The input does not say (perf script text, folded stacks). */
    UNKNOWN;

    /**
     * The mode a {@code --call-graph} value or {@code capture.json}'s {@code call_graph} names:
     * {@code fp}, {@code dwarf}, {@code dwarf,65528}, {@code lbr}; anything else is {@link #UNKNOWN}.
     */
    public static CallGraph parse(String s) {
        if (s == null) {
            return UNKNOWN;
        }
        String mode = s.strip().toLowerCase(Locale.ROOT);
        int comma = mode.indexOf(',');
        return switch (comma < 0 ? mode : mode.substring(0, comma)) {
            case "fp", "-g" -> FP;
            case "dwarf" -> DWARF;
            case "lbr" -> LBR;
            case "none" -> NONE;
            default -> UNKNOWN;
        };
    }
}

package io.myflame.cli;

import java.util.Collection;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * "Did you mean" for a mistyped command or option ({@code myflame reprot} → {@code report},
 * {@code --tpo} → {@code --top}): the known name fewest edits away (a swap of two neighbours is
 * one edit), when it is close enough to be what was meant.
 */
final class Suggestion {
    private Suggestion() {
    }

    /** The one-line message for an unknown command or option, with a suggestion when there is one. */
    static String message(UnmatchedArgumentException ex) {
        return message(ex, new String[0]);
    }

    /** {@link #message(UnmatchedArgumentException)}, knowing the whole command line {@code args}. */
    static String message(UnmatchedArgumentException ex, String[] args) {
        CommandLine line = ex.getCommandLine();
        List<String> unmatched = ex.getUnmatched();
        String first = unmatched.isEmpty() ? "" : unmatched.get(0);
        boolean command = !first.startsWith("-") && !line.getSubcommands().isEmpty();
        if (command) {
            String near = nearest(first, line.getSubcommands().keySet());
            return "unknown command '" + first + "'" + (near == null ? "" : "; did you mean '" + near + "'?");
        }
        String misplaced = beforeCommand(line, unmatched, List.of(args));
        if (misplaced != null) {
            return misplaced;
        }
        String typed = first.contains("=") ? first.substring(0, first.indexOf('=')) : first;
        String near = typed.startsWith("-") ? nearest(typed, line.getCommandSpec().optionsMap().keySet()) : null;
        return ex.getMessage() + (near == null ? "" : "; did you mean '" + near + "'?");
    }

    /**
     * Options given before the command ({@code myflame --top 5 report x}): picocli saw options of
     * {@code myflame} itself, which has none of them. Says where they go, with the command line reordered;
     * null when no command follows them.
     */
    private static String beforeCommand(CommandLine line, List<String> unmatched, List<String> args) {
        if (line.getParent() != null || unmatched.isEmpty() || !unmatched.get(0).startsWith("-")
                || args.isEmpty() || !args.get(0).startsWith("-")) {
            return null;
        }
        for (int i = 1; i < args.size(); i++) {
            if (Main.COMMANDS.containsKey(args.get(i))) {
                List<String> options = args.subList(0, i);
                List<String> rest = args.subList(i + 1, args.size());
                String example = "myflame " + args.get(i) + " " + String.join(" ", options)
                        + (rest.isEmpty() ? "" : " " + String.join(" ", rest));
                if (example.length() > 120) {
                    example = example.substring(0, 117) + "...";
                }
                return "options go after the command: " + example;
            }
        }
        return null;
    }

    /** The candidate fewest edits from {@code typed} (ties: the first in sorted order), or null if none is close. */
    static String nearest(String typed, Collection<String> candidates) {
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String c : candidates.stream().sorted().toList()) {
            int d = distance(typed, c);
            if (d < bestDistance) {
                best = c;
                bestDistance = d;
            }
        }
        // A third of the name may be wrong (at least one edit, at most two): 'reprot', '--tpo', '--focs'.
        // One letter ('-x') is no word to correct.
        int core = typed.replaceFirst("^-+", "").length();
        return best != null && core > 1 && bestDistance <= Math.max(1, Math.min(2, core / 3)) ? best : null;
    }

    /** Edits between a and b: insertions, deletions, substitutions and swaps of neighbours (optimal string alignment). */
    static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }
}

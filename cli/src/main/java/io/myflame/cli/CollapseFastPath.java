package io.myflame.cli;

import io.myflame.core.task.Concurrency;
import io.myflame.load.Folding;
import io.myflame.load.Reading;
import java.nio.file.Path;
import java.util.Set;

/**
 * Reads {@code myflame collapse} flags without picocli. Collapse is the command that sits in
 * pipelines, and a run through picocli, even with the model the build writes ({@link CommandModels}),
 * costs a collapse 20–30 ms (0.20 → 0.22 s for a small perf.data, docs/benchmarks.md: picocli's classes
 * in collapse's AOT cache and its code running cold), so plain well-formed command lines are parsed
 * here. Anything else — help,
 * a flag this class does not know, a missing value — returns null and goes through picocli,
 * which gives the usual messages. {@code CollapseFastPathTest} keeps both in step with
 * {@link CollapseCommand}'s options.
 */
final class CollapseFastPath {
    /** Every flag handled here; the test checks it equals CollapseCommand's. */
    static final Set<String> FLAGS = Set.of("--pid", "--tid", "--kernel", "--jit", "--all", "--addrs",
            "--event-filter", "--skip-after", "-o", "--output", "--inline", "--threads", "--perf", "--folded-root",
            "--via-perf-script", "--symfs");

    private CollapseFastPath() {
    }

    /**
     * Runs {@code args} (the whole command line) when it is a plain {@code collapse} this class reads;
     * returns its exit code, or null to let picocli handle the command line.
     */
    static Integer run(String[] args) {
        if (args.length < 2 || !args[0].equals("collapse")) {
            return null;
        }
        CollapseRequest request = parse(java.util.Arrays.copyOfRange(args, 1, args.length));
        if (request == null) {
            return null;
        }
        java.io.PrintWriter err = new java.io.PrintWriter(System.err, true);
        try {
            return request.run(err);
        } catch (Exception ex) {
            return Main.report(ex, "myflame collapse", err);
        } finally {
            err.flush();
        }
    }

    /** The request for {@code args} (after "collapse"), or null to let picocli handle them. */
    static CollapseRequest parse(String[] args) {
        boolean pid = false, tid = false, kernel = false, jit = false, all = false, addrs = false, inline = false;
        boolean viaPerfScript = false;
        String event = null, output = null, input = null, perf = "perf", symfs = null;
        java.util.List<String> skipAfter = new java.util.ArrayList<>();
        int threads = Concurrency.machine().threads();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            String value = i + 1 < args.length ? args[i + 1] : null;
            switch (a) {
                case "--pid" -> pid = true;
                case "--tid" -> tid = true;
                case "--kernel" -> kernel = true;
                case "--jit" -> jit = true;
                case "--all" -> all = true;
                case "--addrs" -> addrs = true;
                case "--inline" -> inline = true;
                case "--via-perf-script" -> viaPerfScript = true;
                case "--event-filter", "--skip-after", "-o", "--output", "--threads", "--perf", "--folded-root",
                        "--symfs" -> {
                    if (value == null) {
                        return null;
                    }
                    i++;
                    switch (a) {
                        case "--event-filter" -> event = value;
                        case "--skip-after" -> skipAfter.add(value);
                        case "--threads" -> {
                            if (!value.matches("[0-9]{1,4}") || Integer.parseInt(value) < 1
                                    || Integer.parseInt(value) > OptionValues.MAX_THREADS) {
                                return null;
                            }
                            threads = Integer.parseInt(value);
                        }
                        case "--perf" -> perf = value;
                        case "--symfs" -> symfs = value;
                        case "--folded-root" -> {
                            // Folded input is not collapsed; the flag is accepted as everywhere else.
                        }
                        default -> {
                            if (OutputFileName.problem(value) != null) {
                                return null;
                            }
                            output = value;
                        }
                    }
                }
                default -> {
                    if ((a.startsWith("-") && !a.equals("-")) || input != null) {
                        return null;
                    }
                    input = a;
                }
            }
        }
        if (pid && tid) {
            return null;
        }
        if (input == null) {
            // No input: standard input, the Unix habit of a filter.
            input = "-";
        }
        Folding folding = new Folding(pid, tid, kernel || all, jit || all, addrs, event, skipAfter);
        Reading reading = new Reading(Concurrency.of(threads), inline, perf, viaPerfScript, symfs == null ? null : Path.of(symfs));
        return new CollapseRequest(input, folding, reading, output == null ? null : Path.of(output));
    }
}

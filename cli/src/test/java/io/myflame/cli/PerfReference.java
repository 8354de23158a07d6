package io.myflame.cli;

import io.myflame.ingest.fold.SymbolTidy;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;

/**
 * What the tests compare myflame with, computed without myflame's parser: the Children column of
 * {@code perf report --children}, and a plain count over the samples of {@code perf script}.
 */
final class PerfReference {
    private PerfReference() {
    }

    /** A real capture under samples/captures. */
    static Path capture(String name) {
        Path p = Myflame.samples().resolve("captures").resolve(name);
        if (!Files.isDirectory(p)) {
            throw new AssertionError("missing real capture " + p);
        }
        return p;
    }

    /** "    61.96%     0.03%  [k] do_syscall_64      -      -" */
    private static final Pattern REPORT_LINE = Pattern.compile("^\\s*([\\d.]+)%\\s+([\\d.]+)%\\s+\\[.\\]\\s(.*)$");

    /** Children % by tidied function name; a name perf prints on several rows (overloads) maps to all of them. */
    static Map<String, List<Double>> children(List<String> reportLines) {
        Map<String, List<Double>> out = new HashMap<>();
        for (String line : reportLines) {
            Matcher m = REPORT_LINE.matcher(line);
            if (line.startsWith("#") || !m.matches()) {
                continue;
            }
            // The symbol column is padded and followed by the IPC columns "-      -".
            String symbol = m.group(3).replaceFirst("\\s+-\\s+-\\s*$", "").strip();
            if (symbol.startsWith("0x") || symbol.matches("[0-9a-f]{16}")) {
                continue; // unresolved addresses: myflame names them [dso]
            }
            out.computeIfAbsent(SymbolTidy.functionName(symbol), k -> new ArrayList<>()).add(Double.parseDouble(m.group(1)));
        }
        return out;
    }

    static Map<String, List<Double>> children(Path reportFile) throws IOException {
        return children(Files.readAllLines(reportFile, StandardCharsets.UTF_8));
    }

    /** One sample of perf script: its period and its function names, root first. */
    record Sample(long period, List<String> frames) {
    }

    /** "mariadbd 10591   755.207641:    2004008 cpu-clock:ppp: " */
    private static final Pattern HEADER = Pattern.compile("^\\S.*?:\\s+(\\d+)\\s+\\S+:\\s*$");
    /** "\t    55d5c1f0e5c4 do_command+0x8c (/usr/sbin/mariadbd)" */
    private static final Pattern FRAME = Pattern.compile("^\\s+[0-9a-f]+\\s+(.*)\\s+\\((.*)\\)$");

    static List<Sample> samples(Path perfScriptGz) throws IOException {
        List<Sample> out = new ArrayList<>();
        try (InputStream in = new GZIPInputStream(Files.newInputStream(perfScriptGz));
             BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            long period = -1;
            List<String> leafFirst = new ArrayList<>();
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                Matcher h = HEADER.matcher(line);
                Matcher f = FRAME.matcher(line);
                if (line.isBlank()) {
                    period = flush(out, period, leafFirst);
                } else if (!line.startsWith("#") && h.matches() && !Character.isWhitespace(line.charAt(0))) {
                    period = flush(out, period, leafFirst);
                    period = Long.parseLong(h.group(1));
                } else if (period >= 0 && f.matches()) {
                    String sym = f.group(1);
                    leafFirst.add(sym.equals("[unknown]") ? "[" + SymbolTidy.baseName(f.group(2)) + "]"
                            : SymbolTidy.functionName(sym));
                }
            }
            flush(out, period, leafFirst);
        }
        return out;
    }

    private static long flush(List<Sample> out, long period, List<String> leafFirst) {
        if (period >= 0) {
            List<String> rootFirst = new ArrayList<>(leafFirst);
            java.util.Collections.reverse(rootFirst);
            out.add(new Sample(period, rootFirst));
        }
        leafFirst.clear();
        return -1;
    }

    /** Percent of all weight in samples whose stack holds {@code chain} in order, root to leaf (not adjacent). */
    static double chainPercent(List<Sample> samples, List<String> chain) {
        long hit = 0;
        long total = 0;
        for (Sample s : samples) {
            total += s.period();
            int from = 0;
            boolean all = true;
            for (String name : chain) {
                int at = s.frames().subList(from, s.frames().size()).indexOf(name);
                if (at < 0) {
                    all = false;
                    break;
                }
                from += at + 1;
            }
            if (all) {
                hit += s.period();
            }
        }
        return 100.0 * hit / total;
    }

    static boolean occurs(List<Sample> samples, String name) {
        return samples.stream().anyMatch(s -> s.frames().contains(name));
    }
}

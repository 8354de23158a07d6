package io.myflame.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.myflame.core.Decimals;
import io.myflame.core.analysis.InclusiveTable;
import io.myflame.core.model.Profile;
import io.myflame.ingest.fold.SymbolTidy;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The acceptance check of the core: on every real capture in samples/captures, each named symbol's
 * inclusive (Children) and Self share from our tables equals {@code perf report --children} of
 * the same perf.data, as printed: two decimals, rounded as perf rounds them.
 *
 * <p>Where they differ by design the row is left out and counted: perf keys rows by symbol
 * address, so an unresolved address is its own row ({@code 0x0000561f7b988647}) where we name
 * it per function ({@code mariadbd+0x7e3a80}, from the FDEs, natively) or merge all unresolved frames
 * of a dso into {@code [mariadbd]} (through perf script); and two symbols that tidy to one name
 * (overloads, or one name in two dsos) are two perf rows but one function for us.
 */
class PerfReportAgreementTest {
    /** "    61.96%     0.03%  [k] do_syscall_64     -   -" */
    private static final Pattern ROW = Pattern.compile("^\\s+([\\d.]+)%\\s+([\\d.]+)%\\s+\\[(.)\\]\\s+(.+?)\\s*(?:\\s-\\s+-\\s*)?$");

    static Path captures() {
        return Path.of(System.getProperty("myflame.samples", "../samples")).resolve("captures");
    }

    @TestFactory
    Stream<DynamicTest> everyNamedSymbolAgreesWithPerfReport() throws IOException {
        List<Path> dirs;
        try (Stream<Path> s = Files.list(captures())) {
            dirs = s.filter(d -> Files.isRegularFile(d.resolve("perf-report-children.txt"))).sorted().toList();
        }
        assertTrue(dirs.size() >= 2, "expected at least two real captures in " + captures());
        return dirs.stream().map(d -> DynamicTest.dynamicTest(d.getFileName().toString(), () -> check(d)));
    }

    /**
     * The same through the native perf.data reader: each capture's perf.data.xz unpacked (by xz)
     * beside its symbol archive, and read without perf script.
     */
    @TestFactory
    Stream<DynamicTest> everyNamedSymbolAgreesWithPerfReportThroughTheNativeReader(@org.junit.jupiter.api.io.TempDir Path tmp)
            throws IOException {
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/xz")), "xz not installed");
        List<Path> dirs;
        try (Stream<Path> s = Files.list(captures())) {
            dirs = s.filter(d -> Files.isRegularFile(d.resolve("perf-report-children.txt"))
                    && Files.isRegularFile(d.resolve("perf.data.xz"))).sorted().toList();
        }
        assertTrue(dirs.size() >= 2, "expected at least two captures with perf.data.xz in " + captures());
        return dirs.stream().map(d -> DynamicTest.dynamicTest(d.getFileName().toString(), () -> {
            Path data = tmp.resolve(d.getFileName() + ".data");
            Process xz = new ProcessBuilder("xz", "-dc", d.resolve("perf.data.xz").toString())
                    .redirectOutput(data.toFile()).start();
            assertEquals(0, xz.waitFor());
            // The capture's archive of the recording machine's symbols travels with its perf.data:
            // no kernel, ~/.debug or binary of this machine is needed to name the frames.
            Path symbols = d.resolve("perf.data.symbols.gz");
            assertTrue(Files.isRegularFile(symbols), "capture without its symbol archive: " + symbols);
            Files.copy(symbols, tmp.resolve(data.getFileName() + ".symbols.gz"));
            check(d, data.toString());
        }));
    }

    private static void check(Path capture) throws Exception {
        check(capture, capture.toString());
    }

    private static void check(Path capture, String input) throws Exception {
        ProfileLoader loader = new ProfileLoader(2, false, "perf");
        Profile profile = loader.load(input);
        assertTrue(loader.warnings().stream().noneMatch(w -> w.contains("through perf script")), loader.warnings().toString());
        InclusiveTable ours = InclusiveTable.of(profile);
        List<PerfRow> perfRows = perfRows(capture.resolve("perf-report-children.txt"));
        Map<String, Integer> rowsPerName = new HashMap<>();
        for (PerfRow r : perfRows) {
            rowsPerName.merge(r.function(), 1, Integer::sum);
        }
        int compared = 0;
        int unresolved = 0;
        int merged = 0;
        List<String> mismatches = new ArrayList<>();
        for (PerfRow r : perfRows) {
            // "0x0000561f7b988647", or "0000000000000000" for a zero return address.
            if (r.symbol().startsWith("0x") || r.symbol().matches("[0-9a-f]{16}")) {
                unresolved++;
                continue;
            }
            if (rowsPerName.get(r.function()) > 1) {
                merged++;
                continue;
            }
            int f = profile.frames().find(r.function());
            double incl = ours.inclusivePct(f);
            double self = ours.selfPct(f);
            // The figure printed, rounded as perf rounds it: not a hundredth apart.
            if (!printed(incl).equals(printed(r.children())) || !printed(self).equals(printed(r.self()))) {
                mismatches.add(String.format("%s: perf %.2f/%.2f, myflame %.4f/%.4f", r.symbol(), r.children(), r.self(), incl, self));
            }
            compared++;
        }
        assertEquals(List.of(), mismatches, capture.getFileName() + ": rows that disagree with perf report");
        assertTrue(compared > 100, "too few rows compared: " + compared);
        System.out.printf("%s: %d named symbols print what perf report --children prints "
                + "(%d unresolved-address rows and %d rows sharing a tidied name left out by design)%n",
                capture.getFileName(), compared, unresolved, merged);
    }

    private static String printed(double percent) {
        return Decimals.twoPlaces(percent);
    }

    record PerfRow(double children, double self, String symbol, String function) {
    }

    static List<PerfRow> perfRows(Path report) throws IOException {
        List<PerfRow> rows = new ArrayList<>();
        for (String line : Files.readAllLines(report)) {
            if (line.startsWith("#") || line.isBlank()) {
                continue;
            }
            Matcher m = ROW.matcher(line);
            if (m.matches()) {
                String sym = m.group(4).strip();
                rows.add(new PerfRow(Double.parseDouble(m.group(1)), Double.parseDouble(m.group(2)), sym,
                        SymbolTidy.functionName(sym)));
            }
        }
        return rows;
    }
}

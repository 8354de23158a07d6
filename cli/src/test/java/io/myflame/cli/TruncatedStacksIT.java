package io.myflame.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Truncated stacks end to end, on the bundled captures (Debian's libc has no frame pointers, so
 * samples in send and recv lose their callers): report warns with the cause and the fix and states
 * the share under its table, flamegraph draws the cut stacks under [truncated], diff warns when its
 * inputs' shares are more than 2 points apart; and a real dwarf recording is told to copy more stack.
 * The expected figures are counted here from each capture's stacks.folded.gz: a line is whole when
 * the frame after its thread is start_thread (a frame-pointer walk) or clone3 (a dwarf one), the
 * thread starts these captures show. The cut stacks are the frame-pointer capture's: record's
 * default (dwarf) leaves too few to warn about.
 */
class TruncatedStacksIT {
    private static String capture(String name) {
        return Myflame.samples().resolve("captures").resolve(name).toString();
    }

    /** Total and truncated weight of a capture's folded stacks. */
    private static long[] weights(String capture) throws Exception {
        long total = 0;
        long cut = 0;
        try (BufferedReader r = new BufferedReader(new InputStreamReader(new GZIPInputStream(
                Files.newInputStream(Path.of(capture, "stacks.folded.gz"))), StandardCharsets.ISO_8859_1))) {
            for (String line; (line = r.readLine()) != null; ) {
                long w = Long.parseLong(line.substring(line.lastIndexOf(' ') + 1));
                total += w;
                String first = line.split(";")[1];
                cut += first.equals("start_thread") || first.equals("clone3") ? 0 : w;
            }
        }
        return new long[] {total, cut};
    }

    private static String pct(long[] w) {
        return String.format(Locale.ROOT, "%.1f%%", 100.0 * w[1] / w[0]);
    }

    @Test
    void reportWarnsWithTheCauseAndStatesTheShare() throws Exception {
        String delete = capture("mariadb-11.4.5-oltp_delete-fp");
        String share = pct(weights(delete));
        Myflame.Result r = Myflame.run("report", delete, "--top", "5");
        assertEquals(0, r.exit(), r.err());
        List<String> warnings = r.err().lines().filter(l -> l.contains("truncated stacks")).toList();
        assertEquals(1, warnings.size(), r.err());
        String w = warnings.get(0);
        assertTrue(w.startsWith("myflame report: warning: " + delete + ": " + share + " of the samples are in truncated stacks"), w);
        assertTrue(w.contains("frame-pointer chain broken " + share + " (at __send "), w);
        assertTrue(w.contains("record with --call-graph dwarf"), w);
        List<String> out = r.out().lines().toList();
        assertEquals("# truncated stacks: " + share + " of the samples, whose callers are missing from these percentages",
                out.get(out.size() - 1));
        // The table itself is unchanged: start_thread's share is the whole stacks'.
        assertTrue(out.get(3).endsWith("start_thread"), r.out());
    }

    @Test
    void flamegraphDrawsCutStacksUnderOneFrameBesideTheThreadStarts(@TempDir Path dir) throws Exception {
        String delete = capture("mariadb-11.4.5-oltp_delete-fp");
        long[] w = weights(delete);
        Path svg = dir.resolve("f.svg");
        Myflame.Result r = Myflame.run("flamegraph", delete, "-o", svg.toString());
        assertEquals(0, r.exit(), r.err());
        FlamegraphIT.wellFormed(svg);
        String s = Files.readString(svg);
        // The frame's tooltip says what its name means.
        assertTrue(s.contains("<g class='f' data-n='[truncated]' data-w='" + w[1] + "' data-t='stacks perf could not unwind "
                + "to their thread&apos;s start: their callers are unknown'>"), "one [truncated] frame of the cut weight, explained");
        // First frame after the thread: on the level of start_thread, under mariadbd.
        assertEquals(y(s, "mariadbd") - 16, y(s, "[truncated]"), 0.01);
        assertEquals(y(s, "start_thread"), y(s, "[truncated]"), 0.01);
        assertTrue(s.contains("; stacks perf could not unwind to their thread&apos;s start (" + pct(w)
                + " of samples) are drawn under a frame named [truncated]</text>"), "subtitle");
        assertTrue(r.err().contains("truncated stacks"), r.err());
    }

    /** The y of the rectangle of the one frame named {@code name}. */
    private static double y(String svg, String name) {
        Matcher m = Pattern.compile("data-n='" + Pattern.quote(name.replace("&", "&amp;")) + "'[^>]*><rect x='[^']*' y='([^']*)'")
                .matcher(svg);
        assertTrue(m.find(), name);
        return Double.parseDouble(m.group(1));
    }

    @Test
    void diffWarnsWhenInputsAreMoreThanTwoPointsApart() throws Exception {
        String old = capture("mariadb-10.2.11-oltp_delete");
        String now = capture("mariadb-11.4.5-oltp_delete-fp");
        String rows = Myflame.samples().resolve("rows/golden-delete.rows").toString();
        long[] a = weights(old);
        long[] b = weights(now);
        Myflame.Result r = Myflame.run("diff", old, "--label", "10.2.11", now, "--label", "11.4.5", "--rows", rows);
        assertEquals(0, r.exit(), r.err());
        String apart = String.format(Locale.ROOT, "myflame diff: warning: truncated stacks differ by %.1f points between "
                + "the inputs (10.2.11 %s, 11.4.5 %s): ", 100.0 * b[1] / b[0] - 100.0 * a[1] / a[0], pct(a), pct(b));
        assertTrue(r.err().lines().anyMatch(l -> l.startsWith(apart) && l.contains("not comparable")), apart + "\n" + r.err());
        assertTrue(Pattern.compile("(?m)^11\\.4\\.5: event cpu-clock, \\d+ samples, \\d+ transactions, \\d+ queries, [^(]*"
                + Pattern.quote(pct(b)) + " in truncated stacks \\(").matcher(r.out()).find(), r.out());
        // Two captures recorded whole (dwarf) lose about as much: comparable.
        now = capture("mariadb-11.4.5-oltp_delete");
        b = weights(now);
        String close = capture("mariadb-10.11-oltp_delete");
        long[] c = weights(close);
        assertTrue(Math.abs(100.0 * c[1] / c[0] - 100.0 * b[1] / b[0]) <= 2);
        Myflame.Result near = Myflame.run("diff", close, now, "--rows", rows);
        assertEquals(0, near.exit(), near.err());
        assertFalse(near.err().contains("truncated stacks differ"), near.err());
    }

    @Test
    void aDwarfRecordingWhoseDumpRanOutIsToldToCopyMore(@TempDir Path dir) throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/perf")), "perf not installed");
        Path data = dir.resolve("perf.data");
        // 64 bytes of stack per sample: the unwinder runs out at once, as the default 8 KB does in a deep server.
        Process p = new ProcessBuilder("perf", "record", "-q", "-e", "cpu-clock", "-F", "2000", "--call-graph", "dwarf,64",
                "-o", data.toString(), "--", "sh", "-c", "i=0; while [ $i -lt 30000 ]; do i=$((i+1)); done")
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS));
        assumeTrue(p.exitValue() == 0 && Files.size(data) > 0, "perf cannot record dwarf call graphs here");
        Myflame.Result r = Myflame.run("report", data.toString(), "--top", "3");
        assertEquals(0, r.exit(), r.err());
        String w = r.err().lines().filter(l -> l.contains("of the samples are in truncated stacks")).findFirst().orElse(r.err());
        assertTrue(w.contains("dwarf stack dump exhausted"), w);
        assertTrue(w.contains("record with a larger dump: --call-graph dwarf,65528"), w);
        assertFalse(w.contains("frame-pointer"), w);
    }
}

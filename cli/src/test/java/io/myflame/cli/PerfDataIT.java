package io.myflame.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * perf.data input: a real {@code perf record -g} of a real busy process, read by running perf
 * script underneath. Folding the perf.data must give the same stacks as folding the text perf
 * script prints for it (but for functions without symbols, named per function natively and per
 * file by perf script), and the event named must be the one perf really recorded.
 */
class PerfDataIT {
    @TempDir
    static Path tmp;
    static Path data;

    @BeforeAll
    static void record() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/perf")), "perf is not installed (scripts/test installs linux-perf)");
        data = tmp.resolve("perf.data");
        // cycles is requested; on a VM perf silently records cpu-clock instead.
        Process p = new ProcessBuilder("perf", "record", "-e", "cycles", "-F", "1999", "-g", "-o", data.toString(), "--",
                "perl", "-e", "my $x = 0; for (1..4000000) { $x += sqrt($_) } print STDERR $x")
                .redirectErrorStream(true).redirectOutput(tmp.resolve("record.log").toFile()).start();
        assertTrue(p.waitFor(2, TimeUnit.MINUTES));
        assertEquals(0, p.exitValue(), Files.readString(tmp.resolve("record.log")));
    }

    @Test
    void perfDataFoldsLikeItsPerfScriptText() throws Exception {
        Path text = tmp.resolve("perf.txt");
        Process p = new ProcessBuilder("perf", "script", "-i", data.toString(), "--no-inline")
                .redirectOutput(text.toFile()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        assertTrue(p.waitFor(2, TimeUnit.MINUTES));
        Myflame.Result fromData = Myflame.run("collapse", data.toString());
        Myflame.Result fromText = Myflame.run("collapse", text.toString());
        Myflame.Result fromStdin = Myflame.runWithStdin(text, "collapse", "-");
        assertEquals(0, fromData.exit(), fromData.err());
        assertTrue(fromData.out().lines().count() > 3, fromData.out());
        // Natively, Debian's perl (exported symbols only) has its other functions as perl+0xSTART,
        // where perf script prints [unknown] per address: [perl] once read so, the stacks are the same.
        assertEquals(PerfDataNativeIT.merged(fromText.out()), PerfDataNativeIT.asPerfScriptNames(fromData.out()));
        assertEquals(fromText.out(), fromStdin.out());
        assertTrue(fromData.out().contains("perl;"), fromData.out());
    }

    @Test
    void reportNamesTheEventActuallyRecorded() throws Exception {
        Path header = tmp.resolve("header.txt");
        Process p = new ProcessBuilder("perf", "evlist", "-i", data.toString())
                .redirectOutput(header.toFile()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        assertTrue(p.waitFor(1, TimeUnit.MINUTES));
        String recorded = Files.readString(header).strip().lines().findFirst().orElseThrow();
        Myflame.Result r = Myflame.run("report", data.toString(), "--top", "5");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().lines().findFirst().orElseThrow().contains("event " + recorded), r.out() + " vs " + recorded);
        // Rows after the title and the header; a footnote (truncated stacks) is a # comment.
        List<String> rows = r.out().lines().skip(2).filter(l -> !l.startsWith("#")).toList();
        assertEquals(5, rows.size(), r.out());
    }

    @Test
    void corruptPerfDataReportsPerfsOwnMessage() throws Exception {
        Path broken = tmp.resolve("broken.data");
        byte[] all = Files.readAllBytes(data);
        Files.write(broken, java.util.Arrays.copyOf(all, Math.min(all.length, 3000)));
        Myflame.Result r = Myflame.run("report", broken.toString(), "--via-perf-script");
        assertEquals(1, r.exit(), r.err());
        assertTrue(r.err().startsWith("myflame report: perf script failed on " + broken), r.err());
        assertEquals(1, r.err().lines().count(), r.err());
    }

    @Test
    void truncatedPerfDataGivesTheSamplesBeforeTheDamageWithAWarning() throws Exception {
        Path broken = tmp.resolve("broken.data");
        byte[] all = Files.readAllBytes(data);
        Files.write(broken, java.util.Arrays.copyOf(all, Math.min(all.length, 3000)));
        Myflame.Result r = Myflame.run("report", broken.toString());
        assertFalse(r.hasStackTrace(), r.err());
        if (r.exit() == 0) {
            assertTrue(r.err().contains(broken + " is damaged at byte"), r.err());
            assertTrue(r.out().contains("samples"), r.out());
        } else {
            // Cut before the first sample: nothing to show, one line saying so.
            assertEquals(1, r.exit(), r.err());
            assertEquals(1, r.err().lines().count(), r.err());
        }
    }

    /**
     * A plain perf.data of Debian's stripped mariadbd (the bundled point-select capture's, unpacked
     * without the symbol archive a capture keeps beside it): report warns of the share of self time
     * in unnamed code and names the server's file among it, and that share is the self time of the
     * unnamed rows the table shows (FILE+0xSTART functions and [FILE] lumps). Issue 37 saw
     * {@code [mariadbd]} first at 76 % with no such warning.
     */
    @Test
    void aStrippedServersPlainPerfDataWarnsOfItsUnnamedShare(@TempDir Path dir) throws Exception {
        Path plain = Myflame.unpackedPerfData("mariadb-10.11-oltp_point_select", dir.resolve("perf.data"));
        Myflame.Result r = Myflame.run("report", plain.toString(), "--top", "0");
        assertEquals(0, r.exit(), r.err());
        java.util.regex.Matcher warned = java.util.regex.Pattern.compile("myflame report: warning: " + java.util.regex.Pattern
                .quote(plain.toString()) + ": unnamed functions: ([\\d.]+)% of the samples' self time is in code without "
                + "symbols \\(([^)]*)\\)").matcher(r.err());
        assertTrue(warned.find(), r.err());
        assertTrue(warned.group(2).matches("(.*, )?mariadbd [\\d.]+%.*"), "the server's file is named: " + warned.group(2));
        double unnamedSelf = 0;
        java.util.regex.Matcher row = java.util.regex.Pattern.compile("(?m)^\\s*[\\d.]+%\\s+([\\d.]+)%\\s+(\\S+)$").matcher(r.out());
        while (row.find()) {
            String name = row.group(2);
            if (name.matches(".+\\+0x[0-9a-f]+|\\[[^\\]]+\\]") && !name.equals("[unknown]")) {
                unnamedSelf += Double.parseDouble(row.group(1));
            }
        }
        assertEquals(Double.parseDouble(warned.group(1)), unnamedSelf, 0.5, "the warned share is the unnamed rows' self time");
    }
}

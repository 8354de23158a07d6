package io.myflame.recorder.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.myflame.core.model.CallGraph;
import io.myflame.recorder.progress.Progress;
import io.myflame.recorder.capture.CaptureMetadata;
import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SampleChecksTest {
    @TempDir
    Path tmp;

    private JsonNode checked(Path folded, String binary, CallGraph mode) throws Exception {
        CaptureMetadata meta = new CaptureMetadata();
        SampleChecks.stacks(folded, binary, mode, meta, Progress.silent());
        meta.write(tmp);
        return new ObjectMapper().readTree(tmp.resolve("capture.json").toFile());
    }

    @Test
    void shareOfWeightWithAnUnresolvedFrame() throws Exception {
        Path folded = Files.writeString(tmp.resolve("stacks.folded"), """
                mariadbd;start_thread;do_command;[mariadbd];ha_commit_trans 30
                mariadbd;start_thread;do_command;mysql_delete 50
                mariadbd;start_thread;[unknown];__libc_pwrite 15
                mariadbd;start_thread;[mariadbd]x;foo 5
                """);
        assertEquals(0.45, checked(folded, "/usr/sbin/mariadbd", CallGraph.FP).path("checks").path("unresolved_share").asDouble(), 1e-9);
        assertEquals(0.15, checked(folded, "/usr/sbin/mysqld", CallGraph.FP).path("checks").path("unresolved_share").asDouble(), 1e-9);
    }

    @Test
    void unnamedFunctionsAreMeasuredBySelfTimeNotBySamplesPassingThem() throws Exception {
        // A stripped server read natively: its unnamed functions are named by file and start; one address
        // lies in no function ([mariadbd]). Only the self time in them (20 + 10 + 5 of 100) is missing.
        Path folded = Files.writeString(tmp.resolve("stacks.folded"), """
                mariadbd;start_thread;mariadbd+0xc7f450;do_command;mariadbd+0x85b8b0;ha_commit_trans 40
                mariadbd;start_thread;mariadbd+0xc7f450;do_command;mariadbd+0x85b8b0 20
                mariadbd;start_thread;mariadbd+0xc7f450;do_command;libc.so.6+0x9a1f0 10
                mariadbd;start_thread;mariadbd+0xc7f450;[mariadbd] 5
                mariadbd;start_thread;mariadbd+0xc7f450;do_command;mysql_delete 25
                """);
        JsonNode c = checked(folded, "/usr/sbin/mariadbd", CallGraph.DWARF);
        assertEquals(0.35, c.path("checks").path("unnamed_self_share").asDouble(), 1e-9);
        assertEquals(1.0, c.path("checks").path("unresolved_share").asDouble(), 1e-9);
        assertEquals(1, c.path("warnings").size(), c.toString());
        String w = c.path("warnings").get(0).asText();
        assertTrue(w.startsWith("unnamed functions: 35.0% of the samples' self time is in code without symbols "
                + "(mariadbd 25.0%, libc.so.6 10.0%)"), w);
        assertTrue(w.contains("the inclusive shares of named functions are exact"), w);
        assertTrue(w.contains("install the debug symbols of mariadbd"), w);
        assertFalse(w.contains("undercount"), w);
    }

    @Test
    void theUnknownATruncatedStackEndsOnIsNoMissingName() throws Exception {
        Path folded = Files.writeString(tmp.resolve("stacks.folded"), """
                mariadbd;start_thread;do_command;mysql_delete 60
                mariadbd;[unknown];_int_malloc 25
                mariadbd;[unknown];[unknown];malloc 5
                mariadbd;__send 10
                """);
        JsonNode c = checked(folded, "mariadbd", CallGraph.FP);
        JsonNode checks = c.path("checks");
        assertEquals(0.0, checks.path("unresolved_share").asDouble(), 1e-9);
        assertEquals(0.4, checks.path("truncated_share").asDouble(), 1e-9);
        assertEquals(0.4, checks.path("truncated_causes").path("frame_pointer").asDouble(), 1e-9);
        String w = c.path("warnings").get(0).asText();
        assertTrue(w.startsWith("40.0% of the samples are in truncated stacks"), w);
        assertTrue(w.contains("frame-pointer chain broken 40.0% (at _int_malloc 25.0%, __send 10.0%, malloc 5.0%)"), w);
        assertTrue(w.contains("--call-graph dwarf"), w);
        assertEquals(1, c.path("warnings").size(), c.toString());
        assertFalse(c.path("warnings").toString().contains("partly symbolised"), c.toString());
    }

    @Test
    void aDwarfRecordingEndingInUnknownIsTruncatedNotUnsymbolised() throws Exception {
        // The symptom: 40 % of a dwarf recording's samples end in [unknown] where the 8 KB dump ends.
        Path folded = Files.writeString(tmp.resolve("stacks.folded"), """
                mariadbd;__clone3;start_thread;pfs_spawn_thread;do_command 60
                mariadbd;[unknown];dispatch_command;mysql_execute_command 40
                """);
        JsonNode c = checked(folded, "mariadbd", CallGraph.DWARF);
        assertEquals(0.0, c.path("checks").path("unresolved_share").asDouble(), 1e-9);
        assertEquals(0.4, c.path("checks").path("truncated_causes").path("dwarf_dump").asDouble(), 1e-9);
        assertEquals(1, c.path("warnings").size(), c.toString());
        assertTrue(c.path("warnings").get(0).asText().contains("--call-graph dwarf,65528"), c.toString());
    }

    /**
     * The bundled Debian 10.11 point-select capture, whose mariadbd keeps only its exported symbols: all
     * of its weight passes through an unnamed frame, but only the self time of its unnamed leaves is missing
     * (counted here from the folded lines: the leaf is [FILE], [unknown] or FILE+0x..), and that is
     * what the check reports, without claiming that percentages undercount.
     */
    @Test
    void theBundledStrippedCapture() throws Exception {
        Path gz = Path.of(System.getProperty("myflame.samples", "../samples"))
                .resolve("captures/mariadb-10.11-oltp_point_select/stacks.folded.gz");
        Path folded = tmp.resolve("stacks.folded");
        try (InputStream in = new GZIPInputStream(Files.newInputStream(gz))) {
            Files.copy(in, folded);
        }
        long total = 0;
        long unnamedLeaves = 0;
        for (String line : Files.readAllLines(folded, StandardCharsets.ISO_8859_1)) {
            int sp = line.lastIndexOf(' ');
            long w = Long.parseLong(line.substring(sp + 1));
            String leaf = line.substring(line.lastIndexOf(';', sp) + 1, sp);
            total += w;
            unnamedLeaves += leaf.startsWith("[") && leaf.endsWith("]") || leaf.matches(".+\\+0x[0-9a-f]+") ? w : 0;
        }
        JsonNode c = checked(folded, "/usr/sbin/mariadbd", CallGraph.DWARF);
        double share = Math.round(1e4 * unnamedLeaves / (double) total) / 1e4;
        assertEquals(share, c.path("checks").path("unnamed_self_share").asDouble(), 1e-9);
        assertTrue(share > 0.05 && share < 0.12, "about a twelfth of the self time: " + share);
        assertTrue(c.path("checks").path("unresolved_share").asDouble() > 0.99, c.toString());
        String w = c.path("warnings").toString();
        assertTrue(w.contains(String.format(java.util.Locale.ROOT, "unnamed functions: %.1f%%", 100 * share)), w);
        assertFalse(w.contains("undercount"), w);
    }

    /**
     * The bundled 11.4.5 capture: its truncated share and its unresolved share without the cut ends,
     * counted here from the folded lines (whole = the frame after the thread is start_thread or
     * clone3, the thread starts these captures show; unresolved = [unknown] or [mariadbd] after the [unknown]s a line starts with).
     */
    @Test
    void theBundledCapture() throws Exception {
        Path gz = Path.of(System.getProperty("myflame.samples", "../samples"))
                .resolve("captures/mariadb-11.4.5-oltp_delete/stacks.folded.gz");
        Path folded = tmp.resolve("stacks.folded");
        try (InputStream in = new GZIPInputStream(Files.newInputStream(gz))) {
            Files.copy(in, folded);
        }
        long total = 0;
        long truncated = 0;
        long unresolved = 0;
        try (BufferedReader r = new BufferedReader(new InputStreamReader(Files.newInputStream(folded), StandardCharsets.ISO_8859_1))) {
            for (String line; (line = r.readLine()) != null; ) {
                int sp = line.lastIndexOf(' ');
                long w = Long.parseLong(line.substring(sp + 1));
                List<String> frames = List.of(line.substring(0, sp).split(";"));
                total += w;
                truncated += frames.get(1).equals("start_thread") || frames.get(1).equals("clone3") ? 0 : w;
                int i = 1;
                while (i < frames.size() && frames.get(i).equals("[unknown]")) {
                    i++;
                }
                List<String> rest = frames.subList(i, frames.size());
                unresolved += rest.contains("[unknown]") || rest.contains("[mariadbd]") ? w : 0;
            }
        }
        JsonNode checks = checked(folded, "mariadbd", CallGraph.DWARF).path("checks");
        assertEquals(Math.round(1e4 * truncated / (double) total) / 1e4, checks.path("truncated_share").asDouble(), 1e-9);
        assertTrue(checks.path("truncated_share").asDouble() <= 0.03, "recorded whole: dwarf, 16 KB of stack a sample");
        assertEquals(Math.round(1e4 * unresolved / (double) total) / 1e4, checks.path("unresolved_share").asDouble(), 1e-9);
    }
}

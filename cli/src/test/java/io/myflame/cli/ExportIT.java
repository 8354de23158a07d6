package io.myflame.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.perftools.profiles.ProfileProto;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code myflame export --format pprof} of a real capture, decoded with the classes protoc
 * generated from the pprof schema: every total and every function's inclusive weight equals what
 * {@code report} prints, and the capture's metadata is on the samples.
 */
class ExportIT {
    static final String CAPTURE = Myflame.samples().resolve("captures/mariadb-11.4.5-oltp_delete").toString();

    @TempDir
    Path dir;

    @Test
    void pprofTotalsEqualTheReport() throws Exception {
        Path pb = dir.resolve("mariadbd.pb.gz");
        Myflame.Result r = Myflame.run("export", CAPTURE, "--format", "pprof", "-o", pb.toString());
        assertEquals(0, r.exit(), r.err());
        ProfileProto.Profile p;
        try (InputStream in = new GZIPInputStream(Files.newInputStream(pb))) {
            p = ProfileProto.Profile.parseFrom(in);
        }
        List<String> st = p.getStringTableList();
        assertEquals("cpu", st.get((int) p.getSampleType(1).getType()), "the capture recorded cpu-clock");
        Map<String, Long> inclusive = new HashMap<>();
        long samples = 0;
        long weight = 0;
        Set<String> labels = new HashSet<>();
        for (ProfileProto.Sample s : p.getSampleList()) {
            samples += s.getValue(0);
            weight += s.getValue(1);
            Set<String> seen = new HashSet<>();
            for (long id : s.getLocationIdList()) {
                long fn = p.getLocation((int) id - 1).getLine(0).getFunctionId();
                seen.add(st.get((int) p.getFunction((int) fn - 1).getName()));
            }
            seen.forEach(f -> inclusive.merge(f, s.getValue(1), Long::sum));
            s.getLabelList().forEach(l -> labels.add(st.get((int) l.getKey()) + "=" + st.get((int) l.getStr())));
        }
        Myflame.Result report = Myflame.run("report", CAPTURE, "--top", "0", "--format", "json");
        assertEquals(0, report.exit(), report.err());
        JsonNode json = new ObjectMapper().readTree(report.out());
        assertTrue(json.get("title").asText().endsWith(samples + " samples, total weight " + weight), json.get("title").asText());
        int checked = 0;
        for (JsonNode f : json.get("functions")) {
            assertEquals(f.get("inclusive_weight").asLong(), inclusive.getOrDefault(f.get("function").asText(), 0L),
                    f.get("function").asText());
            checked++;
        }
        assertEquals(inclusive.size(), checked, "the same functions");
        assertTrue(labels.contains("server_version=11.4.5") && labels.contains("workload=oltp_delete"), labels.toString());
        assertTrue(labels.contains("thread=mariadbd"), labels.toString());
    }

    /**
     * The same input gives the same pprof bytes on every run and with any thread count: the parser threads merge
     * their stacks in the order they happened to finish, and the export listed samples and numbered functions in
     * that order, so three runs of the same capture gave three different files.
     */
    @Test
    void theSameInputGivesTheSameBytes(@TempDir Path dir) throws Exception {
        Path one = dir.resolve("one.pb.gz");
        assertEquals(0, Myflame.run("export", CAPTURE, "--threads", "1", "-o", one.toString()).exit());
        for (int run = 0; run < 2; run++) {
            Path two = dir.resolve("two.pb.gz");
            Myflame.Result r = Myflame.run("export", CAPTURE, "--threads", "2", "-o", two.toString());
            assertEquals(0, r.exit(), r.err());
            assertTrue(java.util.Arrays.equals(Files.readAllBytes(one), Files.readAllBytes(two)), "run " + run);
        }
    }

    @Test
    void otherFormatsAndAMissingOutputAreUsageErrors() throws Exception {
        assertEquals(2, Myflame.run("export", CAPTURE, "--format", "speedscope", "-o", dir.resolve("x").toString()).exit());
        assertEquals(2, Myflame.run("export", CAPTURE).exit());
    }

    /** Metadata holding an unpaired surrogate (valid JSON: "\ud800"): written as U+FFFD, never a protobuf stack trace. */
    @Test
    void metadataWithALoneSurrogateIsWrittenWellFormed() throws Exception {
        Path capture = Files.createDirectory(dir.resolve("cap"));
        try (var files = Files.list(Path.of(CAPTURE))) {
            for (Path f : files.toList()) {
                Files.copy(f, capture.resolve(f.getFileName()));
            }
        }
        Path json = capture.resolve("capture.json");
        String meta = Files.readString(json);
        Files.writeString(json, meta.replace("\"name\" : \"oltp_delete\"", "\"name\" : \"oltp\\ud800delete\""));
        assertTrue(Files.readString(json).contains("oltp\\ud800delete"), "the test needs the workload name in capture.json");
        Path pb = dir.resolve("odd.pb.gz");
        Myflame.Result r = Myflame.run("export", capture.toString(), "-o", pb.toString());
        assertEquals(0, r.exit(), r.err());
        assertFalse(r.hasStackTrace(), r.err());
        ProfileProto.Profile p;
        try (InputStream in = new GZIPInputStream(Files.newInputStream(pb))) {
            p = ProfileProto.Profile.parseFrom(in);
        }
        assertTrue(p.getStringTableList().contains("oltp\ufffddelete"), p.getStringTableList().toString());
    }
}

package io.myflame.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code myflame export --format pprof} read by a decoder that is not ours: Datadog's pure-JS
 * {@code pprof-format} (npm, pinned by {@code src/test/node/pprof-format/package-lock.json},
 * installed with {@code npm ci} under {@code target/}) decodes the file in node, and what it sees
 * — counts, string table, sample types, period, every sample's functions and values — must equal
 * the folded stacks the profile came from.
 */
class PprofDecoderIT {
    static final Path CAPTURE = Myflame.samples().resolve("captures/mariadb-11.4.5-oltp_delete");
    static final Path FOLDED = CAPTURE.resolve("stacks.folded.gz");
    static final Path SOURCES = Path.of("src/test/node/pprof-format");
    static final Path DECODER = Path.of("target/pprof-format");

    @TempDir
    Path dir;

    @BeforeAll
    static void installDecoder() throws Exception {
        assumeTrue(RealParts.find("node") != null && RealParts.find("npm") != null,
                "pprof decoder test skipped: missing node or npm (scripts/setup-system installs them)");
        Files.createDirectories(DECODER);
        for (String f : List.of("package.json", "package-lock.json", "decode.mjs")) {
            Files.copy(SOURCES.resolve(f), DECODER.resolve(f), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
        if (!Files.isRegularFile(DECODER.resolve("node_modules/pprof-format/package.json"))) {
            run(DECODER, "npm", "ci", "--no-audit", "--no-fund", "--loglevel=error");
        }
    }

    /** A folded file's lines: stack (root first, the thread name at the root) to its count. */
    static Map<List<String>, Long> folded() throws IOException {
        return folded(false);
    }

    /**
     * The capture's folded stacks; {@code asAnalysis}: an unnamed frame of [vdso] as analysis names
     * it, [vdso], where stacks.folded has the peers' collapse name, [[vdso]].
     */
    static Map<List<String>, Long> folded(boolean asAnalysis) throws IOException {
        Map<List<String>, Long> lines = new HashMap<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(
                new GZIPInputStream(Files.newInputStream(FOLDED)), StandardCharsets.UTF_8))) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                int space = line.lastIndexOf(' ');
                String stack = line.substring(0, space);
                stack = !asAnalysis ? stack : stack.replaceAll("\\[(\\[[^;\\]]*\\])\\]", "$1");
                lines.merge(List.of(stack.split(";")), Long.parseLong(line.substring(space + 1)), Long::sum);
            }
        }
        return lines;
    }

    /** Inclusive weight per function: a stack counts once for each function in it, recursion or not. */
    static Map<String, Long> inclusive(Map<List<String>, Long> stacks) {
        Map<String, Long> out = new HashMap<>();
        stacks.forEach((stack, weight) -> new HashSet<>(stack).forEach(f -> out.merge(f, weight, Long::sum)));
        return out;
    }

    /** The decoded samples as folded lines: the thread label, then the functions root first; {@code value} picks the value. */
    static Map<List<String>, Long> asFolded(JsonNode decoded, int value, boolean withThread) {
        Map<List<String>, Long> out = new HashMap<>();
        for (JsonNode s : decoded.get("samples")) {
            List<String> stack = new ArrayList<>();
            s.get("stack").forEach(f -> stack.add(f.asText()));
            Collections.reverse(stack);
            if (withThread) {
                stack.add(0, s.get("labels").get("thread").asText());
            }
            out.merge(stack, s.get("values").get(value).asLong(), Long::sum);
        }
        return out;
    }

    @Test
    void foldedInputDecodesToTheSameStacks() throws Exception {
        Map<List<String>, Long> folded = folded();
        JsonNode d = export(FOLDED);
        JsonNode counts = d.get("counts");
        assertEquals(folded.size(), counts.get("samples").asInt(), "one sample per distinct stack");
        Map<List<String>, Long> withoutThread = new HashMap<>();
        folded.forEach((stack, w) -> withoutThread.merge(stack.subList(1, stack.size()), w, Long::sum));
        Map<String, Long> inclusive = inclusive(withoutThread);
        assertEquals(inclusive.size(), counts.get("functions").asInt(), "one function per name");
        assertEquals(inclusive.size(), counts.get("locations").asInt(), "one location per function");
        assertEquals("", d.get("firstString").asText(), "pprof's string table starts with the empty string");
        assertEquals(counts.get("strings").asInt(), counts.get("distinctStrings").asInt(), "strings stored once");
        assertEquals(List.of("samples/count", "weight/count"), types(d), "a folded file has no event");
        assertEquals("weight", d.get("defaultSampleType").asText());
        assertEquals("weight/count", type(d.get("periodType")));
        // A folded count is the file's only figure, samples and weight alike: one unit per sample.
        assertEquals(1, d.get("period").asLong());
        assertEquals(folded, asFolded(d, 1, true));
        assertEquals(folded, asFolded(d, 0, true));
        assertEquals(inclusive, inclusive(asFolded(d, 1, false)));
    }

    @Test
    void captureDecodesToItsFoldedStacksInNanosecondsWithThePerfPeriod() throws Exception {
        JsonNode meta = new ObjectMapper().readTree(CAPTURE.resolve("capture.json").toFile()).get("perf");
        assertEquals("cpu-clock", meta.get("event").asText(), "the capture's event, which gives the unit below");
        Map<List<String>, Long> folded = folded(true);
        Map<List<String>, Long> withoutThread = new HashMap<>();
        folded.forEach((stack, w) -> withoutThread.merge(stack.subList(1, stack.size()), w, Long::sum));
        JsonNode d = export(CAPTURE);
        assertEquals(List.of("samples/count", "cpu/nanoseconds"), types(d));
        assertEquals("cpu", d.get("defaultSampleType").asText());
        assertEquals("cpu/nanoseconds", type(d.get("periodType")));
        Map<List<String>, Long> nanos = asFolded(d, 1, false);
        long total = nanos.values().stream().mapToLong(Long::longValue).sum();
        long samples = asFolded(d, 0, false).values().stream().mapToLong(Long::longValue).sum();
        assertEquals(withoutThread.values().stream().mapToLong(Long::longValue).sum(), total);
        assertEquals(meta.get("samples").asLong(), samples);
        assertEquals(inclusive(withoutThread), inclusive(nanos));
        long period = d.get("period").asLong();
        assertEquals(Math.round(total / (double) samples), period, "the mean weight of one perf sample");
        double nominal = 1e9 / meta.get("frequency").asDouble();
        assertTrue(Math.abs(period - nominal) < nominal * 0.01, period + " ns against " + nominal + " ns at -F "
                + meta.get("frequency"));
        assertEquals(Math.round(meta.get("duration_s").asDouble() * 1e9), d.get("durationNanos").asLong());
    }

    /** With {@code --weight samples} both values are counts: the second one must not say nanoseconds. */
    @Test
    void countedSamplesAreNotNanoseconds() throws Exception {
        JsonNode d = export(CAPTURE, "--weight", "samples");
        assertEquals(List.of("samples/count", "weight/count"), types(d));
        assertEquals(asFolded(d, 0, false), asFolded(d, 1, false));
        assertEquals(1, d.get("period").asLong());
        assertEquals("cpu-clock", d.get("samples").get(0).get("labels").get("event").asText(), "the event is still told");
    }

    private JsonNode export(Path input, String... options) throws Exception {
        Path pb = dir.resolve("profile.pb.gz");
        List<String> args = new ArrayList<>(List.of("export", input.toString(), "--format", "pprof", "-o", pb.toString()));
        args.addAll(List.of(options));
        Myflame.Result r = Myflame.run(args.toArray(String[]::new));
        assertEquals(0, r.exit(), r.toString());
        return new ObjectMapper().readTree(run(DECODER, "node", "decode.mjs", pb.toAbsolutePath().toString()));
    }

    private static List<String> types(JsonNode d) {
        List<String> out = new ArrayList<>();
        d.get("sampleTypes").forEach(t -> out.add(type(t)));
        return out;
    }

    private static String type(JsonNode t) {
        return t.get("type").asText() + "/" + t.get("unit").asText();
    }

    /** Runs a program in {@code cwd}; its stdout, or an assertion error with its stderr. */
    private static String run(Path cwd, String... cmd) throws Exception {
        Path out = Files.createTempFile("pprof-decoder", ".out");
        Path err = Files.createTempFile("pprof-decoder", ".err");
        try {
            Process p = new ProcessBuilder(cmd).directory(cwd.toFile())
                    .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            if (!p.waitFor(300, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new AssertionError(String.join(" ", cmd) + ": no answer in 300 s");
            }
            assertEquals(0, p.exitValue(), String.join(" ", cmd) + ": " + Files.readString(err));
            return Files.readString(out);
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }
}

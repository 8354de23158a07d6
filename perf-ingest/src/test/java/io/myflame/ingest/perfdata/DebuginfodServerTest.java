package io.myflame.ingest.perfdata;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.myflame.ingest.fold.FoldOptions;
import io.myflame.ingest.fold.FoldedStacks;
import io.myflame.ingest.symbols.DebuginfodClient;
import io.myflame.ingest.symbols.SymbolSources;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermission;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The native reader names a stripped program from the debuginfo a real debuginfod server (elfutils')
 * serves, keeps it in elfutils' cache layout, and shares that cache with elfutils' own client,
 * {@code debuginfod-find}. The debuginfod environment is handed to {@link SymbolSources} as a
 * map: the test JVM's own cannot be changed.
 */
class DebuginfodServerTest {
    @TempDir
    static Path dir;
    static Path noDebugRoot;
    static StrippedProgram program;
    static Path data;
    static DebuginfodServer server;
    /** A build id no server has. */
    private static final String UNKNOWN_BUILD_ID = "00112233445566778899aabbccddeeff00112233";

    @BeforeAll
    static void buildRecordAndServe() throws Exception {
        Recordings.assumeTools("perf", "gcc", "objcopy", "debuginfod");
        noDebugRoot = Files.createDirectories(dir.resolve("empty-debug-root"));
        program = StrippedProgram.build(dir, "spinner");
        data = program.record(dir, "spinner.data");
        // The server has the debug file only: nothing the reader looks at locally has it.
        Path served = Files.createDirectories(dir.resolve("served"));
        Files.copy(program.debugFile, served.resolve(program.debugLink));
        server = DebuginfodServer.start(served, Files.createDirectories(dir.resolve("server")));
        server.awaitDebuginfo(program.buildId);
    }

    @AfterAll
    static void stopServer() throws Exception {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void serverNamesTheStrippedProgramAndItsDebuginfoIsCached() throws Exception {
        Path cache = dir.resolve("cache-first");
        FoldedStacks stacks = read("DEBUGINFOD_URLS", server.url, "DEBUGINFOD_CACHE_PATH", cache.toString());
        assertNamed(stacks);
        Path cached = cache.resolve(program.buildId).resolve("debuginfo");
        assertArrayEquals(Files.readAllBytes(program.debugFile), Files.readAllBytes(cached));
        assertEquals(List.of(cached), filesIn(cache.resolve(program.buildId)), "no temporary file is left beside it");
        assertEquals(Set.of(PosixFilePermission.OWNER_READ), Files.getPosixFilePermissions(cached), "0400, as elfutils");
        String note = note(stacks);
        assertTrue(Pattern.matches("debuginfod: asked " + Pattern.quote(server.url) + " for \\d+ build ids?, found 1", note),
                note);
    }

    @Test
    void withoutServersNothingIsAskedAndNothingCached() throws Exception {
        for (String urls : new String[] {null, "", "   "}) {
            Path cache = dir.resolve("cache-unused");
            Map<String, String> env = new HashMap<>(Map.of("DEBUGINFOD_CACHE_PATH", cache.toString()));
            if (urls != null) {
                env.put("DEBUGINFOD_URLS", urls);
            }
            FoldedStacks stacks = read(env);
            String folded = Recordings.folded(stacks);
            assertFalse(folded.contains("spin_middle"), "DEBUGINFOD_URLS=" + urls + ": " + folded);
            assertFalse(Files.exists(cache), "DEBUGINFOD_URLS=" + urls + " touched the cache");
            assertNull(note(stacks), stacks.warnings().toString());
        }
    }

    @Test
    void cachedFileIsUsedWithoutAskingAnyServer() throws Exception {
        Path cache = dir.resolve("cache-reused");
        read("DEBUGINFOD_URLS", server.url, "DEBUGINFOD_CACHE_PATH", cache.toString());
        try (SilentServer silent = new SilentServer()) {
            FoldedStacks again = read("DEBUGINFOD_URLS", silent.url, "DEBUGINFOD_CACHE_PATH", cache.toString(),
                    "DEBUGINFOD_TIMEOUT", "1");
            assertNamed(again);
            // The other files asked for the first time (libc) are remembered as missing, as elfutils does.
            assertEquals(0, silent.connections());
            assertEquals("debuginfod: 1 build id from the cache " + cache + ", no server asked", note(again));
        }
    }

    @Test
    void hangingServerIsAskedOnceAndTheNextOneAnswers() throws Exception {
        try (SilentServer silent = new SilentServer()) {
            long start = System.nanoTime();
            FoldedStacks stacks = read("DEBUGINFOD_URLS", silent.url + " " + server.url,
                    "DEBUGINFOD_CACHE_PATH", dir.resolve("cache-hanging").toString(), "DEBUGINFOD_TIMEOUT", "1");
            long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start);
            assertNamed(stacks);
            // One question here when local debug directories have the rest (libc); see timedOutServerIsNotAskedAgainInTheRun.
            assertEquals(1, silent.connections(), "the silent server is not asked again after its timeout");
            assertTrue(note(stacks).contains(silent.url + " timed out after 1 s, not asked again"), note(stacks));
            assertTrue(seconds < 30, "took " + seconds + " s");
        }
    }

    /** Client level, to look up more than the recording needs: three questions, one timeout. */
    @Test
    void timedOutServerIsNotAskedAgainInTheRun() throws Exception {
        try (SilentServer silent = new SilentServer()) {
            DebuginfodClient client = new DebuginfodClient(Map.of("DEBUGINFOD_URLS", silent.url + " " + server.url,
                    "DEBUGINFOD_CACHE_PATH", dir.resolve("cache-timeout").toString(), "DEBUGINFOD_TIMEOUT", "1"));
            assertNotNull(client.find(program.buildId, DebuginfodClient.Artifact.DEBUGINFO));
            assertNull(client.find(program.buildId, DebuginfodClient.Artifact.EXECUTABLE), "the server has no executable");
            assertNull(client.find(UNKNOWN_BUILD_ID, DebuginfodClient.Artifact.DEBUGINFO));
            assertEquals(1, silent.connections());
            assertEquals(List.of("debuginfod: asked " + silent.url + ", " + server.url + " for 2 build ids, found 1; "
                    + silent.url + " timed out after 1 s, not asked again"), client.notes());
        }
    }

    /** A miss is remembered as elfutils remembers it: an empty file of mode 000, for cache_miss_s (600) seconds. */
    @Test
    void missIsRememberedForTenMinutes() throws Exception {
        Path cache = dir.resolve("cache-miss");
        DebuginfodClient first = new DebuginfodClient(Map.of("DEBUGINFOD_URLS", server.url,
                "DEBUGINFOD_CACHE_PATH", cache.toString()));
        assertNull(first.find(UNKNOWN_BUILD_ID, DebuginfodClient.Artifact.DEBUGINFO));
        Path marker = cache.resolve(UNKNOWN_BUILD_ID).resolve("debuginfo");
        assertEquals(0, Files.size(marker));
        assertEquals(Set.of(), Files.getPosixFilePermissions(marker));
        try (SilentServer silent = new SilentServer()) {
            Map<String, String> env = Map.of("DEBUGINFOD_URLS", silent.url, "DEBUGINFOD_CACHE_PATH", cache.toString(),
                    "DEBUGINFOD_TIMEOUT", "1");
            assertNull(new DebuginfodClient(env).find(UNKNOWN_BUILD_ID, DebuginfodClient.Artifact.DEBUGINFO));
            assertEquals(0, silent.connections(), "a recent miss asks no one");
            Files.setLastModifiedTime(marker, FileTime.fromMillis(System.currentTimeMillis() - 601_000));
            assertNull(new DebuginfodClient(env).find(UNKNOWN_BUILD_ID, DebuginfodClient.Artifact.DEBUGINFO));
            assertEquals(1, silent.connections(), "an old miss is asked again");
        }
    }

    /** Our cache is elfutils' cache: debuginfod-find takes our download, and we take its. */
    @Test
    void elfutilsClientSharesTheCache() throws Exception {
        Recordings.assumeTools("debuginfod-find");
        Path ours = dir.resolve("cache-ours");
        read("DEBUGINFOD_URLS", server.url, "DEBUGINFOD_CACHE_PATH", ours.toString());
        try (SilentServer silent = new SilentServer()) {
            String found = debuginfodFind(silent.url, ours);
            assertEquals(ours.resolve(program.buildId).resolve("debuginfo").toString(), found.strip());
            assertEquals(0, silent.connections(), "debuginfod-find found our file in the cache");
        }
        Path theirs = dir.resolve("cache-theirs");
        debuginfodFind(server.url, theirs);
        FoldedStacks stacks = read("DEBUGINFOD_URLS", server.url, "DEBUGINFOD_CACHE_PATH", theirs.toString());
        assertNamed(stacks);
        // The server has only the program's debuginfo: it came from debuginfod-find's cache when
        // the server was asked for nothing (or only for files local debug directories lack, like a libc).
        String fromTheirCache = "1 build id from the cache " + Pattern.quote(theirs.toString());
        assertTrue(Pattern.matches("debuginfod: (" + fromTheirCache + ", no server asked|asked "
                + Pattern.quote(server.url) + " for \\d+ build ids?, found 0; " + fromTheirCache + ")", note(stacks)),
                note(stacks));
    }

    private static String debuginfodFind(String urls, Path cache) throws Exception {
        ProcessBuilder pb = new ProcessBuilder("debuginfod-find", "debuginfo", program.buildId)
                .redirectError(ProcessBuilder.Redirect.DISCARD);
        pb.environment().put("DEBUGINFOD_URLS", urls);
        pb.environment().put("DEBUGINFOD_CACHE_PATH", cache.toString());
        pb.environment().put("DEBUGINFOD_TIMEOUT", "1");
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "debuginfod-find did not finish");
        assertEquals(0, p.exitValue(), "debuginfod-find debuginfo " + program.buildId + " with " + urls);
        return out;
    }

    private static FoldedStacks read(String... env) throws Exception {
        Map<String, String> m = new HashMap<>();
        for (int i = 0; i < env.length; i += 2) {
            m.put(env[i], env[i + 1]);
        }
        return read(m);
    }

    private static FoldedStacks read(Map<String, String> env) throws Exception {
        return new PerfDataReader(FoldOptions.COLLAPSE, 2, "c++filt", new SymbolSources.Host(noDebugRoot, env))
                .read(data);
    }

    private static void assertNamed(FoldedStacks stacks) throws Exception {
        String folded = Recordings.folded(stacks);
        assertTrue(folded.contains(StrippedProgram.CHAIN), "named from the server's debuginfo: " + folded
                + "\nwarnings: " + stacks.warnings() + "\nserver log:\n" + server.log());
    }

    /** The debuginfod line of the reader's warnings, or null. */
    private static String note(FoldedStacks stacks) {
        List<String> lines = stacks.warnings().stream().filter(w -> w.startsWith("debuginfod")).collect(Collectors.toList());
        assertTrue(lines.size() <= 1, "one debuginfod line: " + lines);
        return lines.isEmpty() ? null : lines.get(0);
    }

    private static List<Path> filesIn(Path d) throws Exception {
        try (Stream<Path> s = Files.list(d)) {
            return s.collect(Collectors.toList());
        }
    }
}

package io.myflame.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * {@code myflame collapse --OPTION INPUT}, the real command, prints exactly the expected file of
 * each of the 78 cases of the compatibility suite (perf-ingest test resources).
 */
class CollapseCompatIT {
    @TestFactory
    Stream<DynamicTest> all78CasesByteForByte() throws Exception {
        Path dir = Myflame.compat().resolve("stackcollapse-perf");
        List<DynamicTest> tests = new ArrayList<>();
        try (Stream<Path> s = Files.list(dir)) {
            for (Path input : s.filter(p -> p.toString().endsWith(".txt")).sorted().toList()) {
                String base = input.getFileName().toString().replace(".txt", "");
                for (String option : List.of("pid", "tid", "kernel", "jit", "all", "addrs")) {
                    Path expected = dir.resolve("expected/" + base + "-collapsed-" + option + ".txt");
                    tests.add(DynamicTest.dynamicTest(base + " --" + option, () -> {
                        Myflame.Result r = Myflame.run("collapse", "--" + option, input.toString());
                        assertEquals(0, r.exit(), r.err());
                        String want = Files.readString(expected, java.nio.charset.StandardCharsets.UTF_8);
                        assertTrue(r.out().equals(want), () -> "collapse --" + option + " " + input.getFileName()
                                + " differs from " + expected.getFileName() + ":\n" + io.myflame.core.text.UnifiedDiff.of(want, r.out()));
                    }));
                }
            }
        }
        assertEquals(78, tests.size());
        return tests.stream();
    }
}

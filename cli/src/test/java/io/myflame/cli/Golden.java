package io.myflame.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import io.myflame.core.text.UnifiedDiff;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;

/**
 * Golden files of command output under src/test/resources/golden: a case runs the real jar and
 * compares stdout with its file; {@code -Dmyflame.update=true} rewrites the files instead, to be
 * reviewed as a diff.
 */
final class Golden {
    static final Path DIR = Path.of("src/test/resources/golden");

    /** One command line and the golden file its output must equal (the name encodes the options). */
    record Case(String name, List<String> args) {
    }

    private Golden() {
    }

    static Stream<DynamicTest> tests(List<Case> cases) {
        boolean update = Boolean.getBoolean("myflame.update");
        return cases.stream().map(c -> DynamicTest.dynamicTest(c.name(), () -> check(c, update)));
    }

    private static void check(Case c, boolean update) throws Exception {
        Myflame.Result r = Myflame.run(c.args().toArray(String[]::new));
        assertEquals(0, r.exit(), r.err());
        // Output names input paths, which differ between checkouts.
        String got = r.out().replace(Myflame.samples().toString(), "samples");
        Path file = DIR.resolve(c.name());
        if (update) {
            Files.createDirectories(DIR);
            Files.writeString(file, got, StandardCharsets.UTF_8);
            return;
        }
        if (!Files.exists(file)) {
            fail(file + " is missing: run mvn verify -Dmyflame.update=true and review it");
        }
        String want = Files.readString(file, StandardCharsets.UTF_8);
        assertEquals(want, got, () -> c.name() + " differs from its golden file:\n" + UnifiedDiff.of(want, got));
    }
}

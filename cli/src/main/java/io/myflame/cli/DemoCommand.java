package io.myflame.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code myflame demo}: the README's first command. Until the recording driver lands it prints the
 * report tables of the bundled real captures in {@code samples/captures}.
 */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = "Show what myflame does on the bundled MariaDB captures.")
public final class DemoCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--samples", paramLabel = "DIR", description = "Where the bundled captures are (default: the checkout's samples/).")
    Path samples;

    @Override
    public Integer call() throws Exception {
        Path dir = samples != null ? samples : Home.dir().resolve("samples");
        Path captures = dir.resolve("captures");
        if (!Files.isDirectory(captures)) {
            throw new Main.DataError(captures + ": no bundled captures here (run from a myflame checkout)");
        }
        List<Path> list;
        try (Stream<Path> s = Files.list(captures)) {
            list = s.filter(Files::isDirectory).sorted().toList();
        }
        Path rowsDir = dir.resolve("rows");
        for (Path capture : list) {
            System.out.println("== " + capture.getFileName());
            System.out.flush();
            int rc = Main.run("report", capture.toString(), "--top", "15");
            if (rc != 0) {
                return rc;
            }
            Path rows = rowsDir.resolve(capture.getFileName().toString().contains("delete") ? "delete.rows" : "point_select.rows");
            if (Files.isRegularFile(rows)) {
                System.out.println();
                rc = Main.run("report", capture.toString(), "--rows", rows.toString());
                if (rc != 0) {
                    return rc;
                }
            }
            System.out.println();
        }
        return 0;
    }
}

package io.myflame.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/** The distribution {@code mvn package} writes, {@code target/myflame-VERSION.tar.gz}, unpacked with the system's tar. */
final class Distribution {
    private Distribution() {
    }

    /** Unpacks the tarball into {@code dir}; returns the installed tree ({@code dir/myflame-VERSION}). */
    static Path unpack(Path dir) throws IOException, InterruptedException {
        Path tarball;
        try (Stream<Path> s = Files.list(Path.of("target"))) {
            tarball = s.filter(p -> p.getFileName().toString().matches("myflame-.*\\.tar\\.gz")).findFirst()
                    .orElseThrow(() -> new AssertionError("run after package: no target/myflame-VERSION.tar.gz"));
        }
        Process p = new ProcessBuilder(List.of("tar", "xzf", tarball.toAbsolutePath().toString())).directory(dir.toFile())
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        if (!p.waitFor(2, TimeUnit.MINUTES) || p.exitValue() != 0) {
            p.destroyForcibly();
            throw new AssertionError("tar xzf " + tarball + " failed");
        }
        return dir.resolve(tarball.getFileName().toString().replaceFirst("\\.tar\\.gz$", ""));
    }
}

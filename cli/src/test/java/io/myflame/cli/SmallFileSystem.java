package io.myflame.cli;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A tiny tmpfs mounted for one test, so a full disk is real rather than imitated. Mounting needs
 * root; elsewhere the test is skipped with that reason.
 */
final class SmallFileSystem implements AutoCloseable {
    private final Path dir;

    private SmallFileSystem(Path dir) {
        this.dir = dir;
    }

    static SmallFileSystem mount(Path dir, String size) throws IOException, InterruptedException {
        Files.createDirectories(dir);
        Process p = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=" + size, "tmpfs", dir.toString())
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assumeTrue(p.waitFor() == 0, "cannot mount a small tmpfs (needs root): " + out.trim());
        return new SmallFileSystem(dir);
    }

    Path dir() {
        return dir;
    }

    @Override
    public void close() throws IOException, InterruptedException {
        new ProcessBuilder("umount", "-l", dir.toString()).inheritIO().start().waitFor();
    }
}

package io.myflame.recorder.workload;

import io.myflame.recorder.error.RecordException;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * myflame's sysbench script ({@code myflame_oltp.lua}, a resource of this module) on disk, where
 * sysbench can run it: in a directory only this user can read, created on first use. The script
 * loads sysbench's own {@code oltp_common.lua} from sysbench's data directory, so its tables are
 * sysbench's tables.
 */
final class BundledScript implements AutoCloseable {
    static final String RESOURCE = "myflame_oltp.lua";

    private Path dir;
    private Path file;

    /** The script's path, written on first call. */
    synchronized Path path() throws RecordException {
        if (file != null) {
            return file;
        }
        try (InputStream in = BundledScript.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new RecordException("myflame's sysbench script " + RESOURCE + " is missing from the jar");
            }
            dir = Files.createTempDirectory("myflame-sysbench-",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            Path f = dir.resolve(RESOURCE);
            Files.copy(in, f);
            file = f;
            return f;
        } catch (IOException e) {
            throw new RecordException("cannot write myflame's sysbench script to a temporary directory: "
                    + e.getMessage());
        }
    }

    @Override
    public synchronized void close() {
        try {
            if (file != null) {
                Files.deleteIfExists(file);
            }
            if (dir != null) {
                Files.deleteIfExists(dir);
            }
        } catch (IOException e) {
            // a few kilobytes left in the temporary directory
        }
        file = null;
        dir = null;
    }
}

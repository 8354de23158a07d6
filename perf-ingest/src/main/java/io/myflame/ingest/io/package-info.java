/**
 * Input plumbing shared by the readers: standard input told apart from a closed descriptor 0, and a
 * stream that counts what was read through it so an endless input can be stopped. Writing (atomic
 * files, terminals, temporary files) is profiler-core's {@code core.output}.
 */
package io.myflame.ingest.io;

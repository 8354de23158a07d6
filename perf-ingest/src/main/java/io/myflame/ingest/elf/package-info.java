/**
 * ELF files as symbolisation and unwinding read them: section and program headers, build ids
 * (of a file, of the running kernel, of a note), and sections' bytes checked against the file
 * before they are read, since a binary found on disk may be truncated or lie. It sits at the
 * bottom of the perf.data rooms, needing none of them, and holds the one search over address
 * ranges sorted by start ({@code SortedAddresses}) that symbol tables, process mappings and
 * unwind tables all share.
 */
package io.myflame.ingest.elf;

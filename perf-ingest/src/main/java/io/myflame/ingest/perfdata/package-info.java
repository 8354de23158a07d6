/**
 * The native perf.data reader: the file's sections, attrs and records, the index pass and its
 * read-ahead, sample decoding, the processes' mappings over time ({@code Tasks}), and the merge of
 * the decoded stacks into folded ones. Symbols come from {@code ingest.symbols}, user stacks of
 * {@code --call-graph dwarf} from {@code ingest.unwind}, ELF headers from {@code ingest.elf}; this
 * package is the one that knows perf's record layout.
 */
package io.myflame.ingest.perfdata;

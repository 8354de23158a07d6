/**
 * Naming addresses: the symbol tables of ELF files, kallsyms and JIT maps, demangling and alias
 * choice as perf does them, and the places a mapped file's symbols and call frame information are
 * looked for. Those places are one ordered list of {@code SymbolSource}s in {@code SymbolSources}
 * (the symbol archive beside the perf.data, perf's build-id cache, the recorded path under
 * --symfs, the debug directories, perf archive's tarball, the running kernel, JIT maps,
 * debuginfod), because where names come from keeps growing and its order decides which name a
 * frame gets: another place is one class and one line in that list. None of it depends on
 * perf's record layout, which stays in {@code ingest.perfdata}.
 */
package io.myflame.ingest.symbols;

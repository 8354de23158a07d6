/**
 * Naming addresses: the symbol tables of ELF files, kallsyms and JIT maps, demangling and alias
 * choice as perf does them, and the places a mapped file's symbols and call frame information are
 * looked for ({@code SymbolSources}). It is apart from the perf.data reader because where names
 * come from keeps growing, and none of it depends on perf's record layout.
 */
package io.myflame.ingest.symbols;

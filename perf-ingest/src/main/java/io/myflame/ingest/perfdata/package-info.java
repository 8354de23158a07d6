/**
 * The native perf.data reader: file sections, records and samples, symbol sources (archive, perf
 * archive, ~/.debug, debug files, debuginfod), ELF symbol tables, and the dwarf unwinder for
 * --call-graph dwarf.
 */
package io.myflame.ingest.perfdata;

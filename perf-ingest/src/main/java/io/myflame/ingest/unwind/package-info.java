/**
 * Unwinding a {@code --call-graph dwarf} sample's user stack as perf with libunwind does: the call
 * frame information of {@code .eh_frame} and {@code .debug_frame}, its CFA programs, the DWARF
 * expressions they may hold, and the unwinder that steps through a sample's registers and stack
 * dump. It is apart because it is a machine of its own with its own format (DWARF), tested on
 * hostile tables; it asks for the sampled process's code through {@code MappedCode}, so it knows
 * neither perf's records nor where symbols are found.
 */
package io.myflame.ingest.unwind;

/**
 * Frame-name folding: turning a symbol as perf prints it into the name a folded stack carries
 * (tidying, Rust legacy names, kernel/JIT annotations), the folding options and the FoldedStacks
 * result.
 */
package io.myflame.ingest.fold;

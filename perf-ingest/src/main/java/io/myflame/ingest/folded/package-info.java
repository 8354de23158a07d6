/**
 * Folded-stack text ("a;b;c 12") read in parallel through the block reader.
 */
package io.myflame.ingest.folded;

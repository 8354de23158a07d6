/**
 * InputException, the one error every reader throws for input that is not a profile or is
 * damaged; a leaf package so every reader can import it.
 */
package io.myflame.ingest.error;

/**
 * Differential flamegraphs (red slower, blue faster) and the embedder that puts flamegraphs into
 * the HTML comparison page.
 */
package io.myflame.diff.flame;

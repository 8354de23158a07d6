/**
 * Tables as text, Markdown, CSV, JSON, HTML and PNG, described by their columns; the registry of
 * every output format (tables, graphs, folded stacks, pprof) and the one rule mapping --format and
 * -o to one of them.
 */
package io.myflame.core.text;

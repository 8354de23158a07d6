/**
 * Tables as text, Markdown, CSV, JSON, HTML and PNG: the output formats of report-style commands
 * and the rule mapping --format and -o to one of them.
 */
package io.myflame.core.text;

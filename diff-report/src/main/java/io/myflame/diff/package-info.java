/**
 * Comparisons of several profiles: diff tables (one column per input), categories, counters, and
 * the JSON/HTML/PNG documents that show them.
 */
package io.myflame.diff;

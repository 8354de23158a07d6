/**
 * Loading inputs: recognises what a path holds (perf.data, perf script text, folded stacks, JFR,
 * a capture directory) and loads it into Profiles through the readers of the sub-packages.
 */
package io.myflame.ingest;

/**
 * Java Flight Recorder files (async-profiler's converter), for profiling the JVM side of a test
 * rig.
 */
package io.myflame.ingest.jfr;

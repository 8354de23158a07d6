/**
 * perf record attached to the server: settings (event, frequency, call graph), permission and
 * event checks, and the facts read back from the recording.
 */
package io.myflame.recorder.perf;

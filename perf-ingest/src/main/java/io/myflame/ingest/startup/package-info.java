/**
 * The run's start-up seam: {@link io.myflame.ingest.startup.InputsAhead} looks once at each input the
 * raw command line names, before picocli parses it, and starts what reading it will need whatever the
 * flags say (a perf.data's index pass, symbol archive or kernel symbols; a capture's capture.json; a
 * folded file's read), then hands what it found and began to the reader as
 * {@link io.myflame.ingest.StartedInputs}. Per run: nothing of it outlives the command.
 */
package io.myflame.ingest.startup;

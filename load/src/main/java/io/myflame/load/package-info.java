/**
 * Inputs made ready for analysis, and the commands' one way into perf-ingest. A
 * {@link io.myflame.load.Reading} is how inputs are read (the ingest flags) and the one place a
 * perf-ingest reader is made; {@link io.myflame.load.InputLoader} reads each input once with it (its
 * profile or profiles, its capture record, its warnings) and prepares it as the flags say (weight,
 * threads, truncation, renames, aliases); {@link io.myflame.load.InputColumns} makes the comparison
 * commands' columns of such inputs. {@link io.myflame.load.Collapse} folds an input for
 * {@code collapse} as a {@link io.myflame.load.Folding} says, and
 * {@link io.myflame.load.CaptureSummary} is what commands show of a capture.json. Warnings are
 * collected here and printed once by the command. The files options name ({@code --rows},
 * {@code --categories}) are read here too, through a bound ({@link io.myflame.load.SettingsFile}).
 */
package io.myflame.load;

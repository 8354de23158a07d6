/**
 * Inputs made ready for analysis: {@link io.myflame.load.InputLoader} reads each input once through
 * perf-ingest (its profile or profiles, its capture record, its warnings) and prepares it as the
 * flags say (weight, threads, truncation, renames, aliases); {@link io.myflame.load.InputColumns}
 * makes the comparison commands' columns of such inputs. Warnings are collected here and printed
 * once by the command. The files options name ({@code --rows}, {@code --categories}) are read here too,
 * through a bound ({@link io.myflame.load.SettingsFile}).
 */
package io.myflame.load;

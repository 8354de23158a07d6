/**
 * External programs: command lines, child-process cleanup, output tees and the guard that kills
 * orphans.
 */
package io.myflame.recorder.process;

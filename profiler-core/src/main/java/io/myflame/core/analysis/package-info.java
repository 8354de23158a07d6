/**
 * What is computed from a profile: call trees, inclusive/self tables, row files and function
 * lookup, focus/hide filters, thread roles, truncated-stack measurement.
 */
package io.myflame.core.analysis;

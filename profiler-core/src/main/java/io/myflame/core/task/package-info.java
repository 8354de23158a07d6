/**
 * Work shared by two threads: the half a second thread does while the caller does the other.
 */
package io.myflame.core.task;

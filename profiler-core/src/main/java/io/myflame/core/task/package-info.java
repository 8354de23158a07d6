/**
 * Threads: {@link io.myflame.core.task.Concurrency}, the run's one policy of how many threads its work
 * may use and the one place they are made (named daemons); and the half a second thread does while
 * the caller does the other ({@link io.myflame.core.task.Beside}).
 */
package io.myflame.core.task;

/**
 * sysbench workloads: the command lines, the row supply, the endpoint they connect to and their
 * results.
 */
package io.myflame.recorder.workload;

/**
 * Charts across inputs (JFreeChart) for the diff and categories documents.
 */
package io.myflame.diff.chart;

/**
 * Progress, how a recording reports its phases and warnings to whoever runs it.
 */
package io.myflame.recorder.progress;

/**
 * The capture directory written by record: capture.json metadata, host facts and server
 * variables.
 */
package io.myflame.recorder.capture;

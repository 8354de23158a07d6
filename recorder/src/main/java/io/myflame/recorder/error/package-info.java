/**
 * RecordException, the one error of the recorder; a leaf package every step imports.
 */
package io.myflame.recorder.error;

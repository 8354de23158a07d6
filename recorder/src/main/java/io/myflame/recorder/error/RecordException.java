package io.myflame.recorder.error;

import io.myflame.core.DataError;

/**
 * A recording that cannot go on, told to a human in one line that says what to do about it
 * (install perf, lower perf_event_paranoid, check the server's error log). Commands exit 1.
 */
public final class RecordException extends DataError {
    public RecordException(String message) {
        super(message);
    }

    public RecordException(String message, Throwable cause) {
        super(message, cause);
    }
}

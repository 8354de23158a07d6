package io.myflame.diff;

import io.myflame.core.DataError;

/** A comparison that cannot be made with the inputs given (exit 1 in the command line). */
public final class DiffException extends DataError {
    public DiffException(String message) {
        super(message);
    }
}

package io.myflame.ingest.error;

import io.myflame.core.DataError;

/**
 * Input that is not a usable profile: the message is one line for a human and names the file
 * (and line, where there is one). Commands report it and exit 1.
 */
public final class InputException extends DataError {
    public InputException(String message) {
        super(message);
    }
}

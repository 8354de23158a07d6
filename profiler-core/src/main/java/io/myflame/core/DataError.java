package io.myflame.core;

/**
 * Input, a recording or a comparison that cannot be used, told to a human in one line that names
 * the file (and line, where there is one). The command line prints it as {@code myflame CMD: ...}
 * and exits 1. Each layer has its own subtype ({@code InputException}, {@code RecordException},
 * {@code DiffException}, ...); this is the one type {@code Main} catches.
 */
public class DataError extends RuntimeException {
    public DataError(String message) {
        super(message);
    }

    public DataError(String message, Throwable cause) {
        super(message, cause);
    }
}

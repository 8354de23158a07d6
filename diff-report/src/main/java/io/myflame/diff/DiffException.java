package io.myflame.diff;

/** A comparison that cannot be made with the inputs given (exit 1 in the command line). */
public final class DiffException extends RuntimeException {
    public DiffException(String message) {
        super(message);
    }
}

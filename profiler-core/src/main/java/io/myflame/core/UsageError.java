package io.myflame.core;

/**
 * Settings that cannot be used together or a value a setting does not take, told in one line. The
 * command line prints it as {@code myflame CMD: ...} with a pointer to {@code --help} and exits 2.
 * It is an {@link IllegalArgumentException}: the library's option types throw it from their
 * constructors.
 */
public class UsageError extends IllegalArgumentException {
    public UsageError(String message) {
        super(message);
    }
}

package io.myflame.recorder.server;

import io.myflame.core.UsageError;
import java.util.Locale;
import java.util.Map;

/**
 * What a {@code --server-opt} (or a sweep file's {@code server-opt =}) may say, checked when it is
 * read, before any server is initialised or started. Two mistakes used to surface only once the
 * server ran: a bare word that is no switch ({@code noequals}: the data directory was made, the server
 * started, then refused it), and a setting myflame owns for its throwaway server ({@code socket=}
 * made myflame wait the whole start-up limit for a socket that never appeared where it looked).
 */
final class ServerOptionRules {
    /**
     * The settings myflame gives every throwaway server ({@code ThrowawayServer}, {@code Flavour}'s
     * initialisation), each with what to use instead; keys are lower case with dashes.
     */
    private static final Map<String, String> OWNED = Map.ofEntries(
            Map.entry("socket", ownNetwork()),
            Map.entry("port", ownNetwork()),
            Map.entry("bind-address", ownNetwork()),
            Map.entry("datadir", "--work DIR keeps the data directory there and reuses it"),
            Map.entry("basedir", "a binary tree is given with --basedir DIR"),
            Map.entry("pid-file", "--pid is for a server of your own (with --socket or --host)"),
            Map.entry("log-error", "the log is kept as server-error.log in the capture"),
            Map.entry("user", "the server runs as the account myflame starts it with"),
            Map.entry("no-defaults", noOptionFiles()),
            Map.entry("defaults-file", noOptionFiles()),
            Map.entry("defaults-extra-file", noOptionFiles()),
            Map.entry("defaults-group-suffix", noOptionFiles()),
            Map.entry("print-defaults", noOptionFiles()));

    private ServerOptionRules() {
    }

    private static String ownNetwork() {
        return "the throwaway server gets a private socket and a free port on 127.0.0.1; to record a server of "
                + "your own, start it and use --socket PATH, or --host HOST --port N";
    }

    private static String noOptionFiles() {
        return "the server starts with --no-defaults; give each setting as --server-opt NAME=VALUE";
    }

    /**
     * Refuses {@code given} (the text as typed, parsed into {@code name} and {@code value}, null for a bare
     * word) with a usage error naming it, when it is no setting myflame can pass on.
     */
    static void check(String given, String name, String value) {
        String what = "--server-opt '" + given + "': ";
        if (name.startsWith("-")) {
            throw new UsageError(what + "give the setting without dashes in front, e.g. "
                    + name.replaceFirst("^-+", "") + (value == null ? "" : "=" + value));
        }
        String key = name.toLowerCase(Locale.ROOT).replace('_', '-');
        if (value == null && !key.matches("(loose-)?(skip|enable|disable)-.+")) {
            // A bare word reaches the server as --word: only a switch means something there.
            throw new UsageError(what + "expected NAME=VALUE (a switch: " + name + "=ON, or skip-" + name + ")");
        }
        String setting = key.replaceFirst("^loose-", "").replaceFirst("^(skip|enable|disable)-", "");
        String instead = OWNED.get(setting);
        if (instead != null) {
            throw new UsageError(what + "myflame sets " + setting + " itself: " + instead);
        }
    }
}

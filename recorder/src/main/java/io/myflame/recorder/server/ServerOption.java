package io.myflame.recorder.server;

import io.myflame.core.UsageError;

/**
 * One {@code --server-opt NAME=VALUE}: a server system variable set at startup; {@link Flavour#argument}
 * spells it as the server's command-line argument.
 */
public record ServerOption(String name, String value) {

    /**
     * Parses {@code NAME=VALUE}, or a bare switch ({@code skip_grant_tables}); refuses what the server
     * could not take or myflame sets itself ({@link ServerOptionRules}).
     */
    public static ServerOption parse(String s) {
        int eq = s.indexOf('=');
        String name = (eq < 0 ? s : s.substring(0, eq)).strip();
        if (name.isEmpty() || !name.matches("[A-Za-z0-9_-]+")) {
            throw new UsageError("--server-opt '" + s + "': expected NAME=VALUE");
        }
        String value = eq < 0 ? null : s.substring(eq + 1).strip();
        ServerOptionRules.check(s, name, value);
        return new ServerOption(name, value);
    }

    public boolean turnsOnBinlog() {
        return name.replace('-', '_').equals("log_bin") && (value == null || !isOff(value));
    }

    static boolean isOn(String v) {
        return v.equalsIgnoreCase("ON") || v.equals("1") || v.equalsIgnoreCase("TRUE");
    }

    static boolean isOff(String v) {
        return v.equalsIgnoreCase("OFF") || v.equals("0") || v.equalsIgnoreCase("FALSE");
    }

    @Override
    public String toString() {
        return value == null ? name : name + "=" + value;
    }
}

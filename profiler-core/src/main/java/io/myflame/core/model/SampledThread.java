package io.myflame.core.model;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The thread a sample came from: process name ({@code comm}), pid and tid. Folded files only
 * carry a root label, so {@code pid}/{@code tid} are -1 when the label did not contain them.
 */
public record SampledThread(String comm, long pid, long tid) {
    /** Root labels as collapse writes them with --tid ({@code comm-PID/TID}) or --pid ({@code comm-PID}). */
    private static final Pattern WITH_TID = Pattern.compile("(.*)-(\\d+|\\?)/(\\d+)");
    private static final Pattern WITH_PID = Pattern.compile("(.*)-(\\d+|\\?)");

    /** Reads a folded root frame back into a thread; a plain name is a comm without ids. */
    public static SampledThread fromRootLabel(String label) {
        Matcher m = WITH_TID.matcher(label);
        if (m.matches()) {
            return new SampledThread(m.group(1), number(m.group(2)), Long.parseLong(m.group(3)));
        }
        m = WITH_PID.matcher(label);
        if (m.matches()) {
            return new SampledThread(m.group(1), number(m.group(2)), -1);
        }
        return new SampledThread(label, -1, -1);
    }

    private static long number(String s) {
        return s.equals("?") ? -1 : Long.parseLong(s);
    }

    /*
     * equals and hashCode written out, as a record's own would compute them (hashCode: each component's
     * hash, combined by x * 31 + y): a record's are bootstrapped through method handles on first use,
     * whose classes the AOT cache does not keep, and a small report spent 8 ms making them.
     */
    @Override
    public boolean equals(Object o) {
        return o instanceof SampledThread t && pid == t.pid && tid == t.tid && java.util.Objects.equals(comm, t.comm);
    }

    @Override
    public int hashCode() {
        return (java.util.Objects.hashCode(comm) * 31 + Long.hashCode(pid)) * 31 + Long.hashCode(tid);
    }

    /** The label collapse --tid would print for this thread. */
    public String rootLabel() {
        if (tid < 0 && pid < 0) {
            return comm;
        }
        String p = pid < 0 ? "?" : Long.toString(pid);
        return tid < 0 ? comm + "-" + p : comm + "-" + p + "/" + tid;
    }
}

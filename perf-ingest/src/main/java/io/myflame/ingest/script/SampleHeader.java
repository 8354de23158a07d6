package io.myflame.ingest.script;

/**
 * Finds the fields of a sample header line in place (no objects per sample). Every form perf
 * prints:
 *
 * <pre>
 *     java 25607 4794564.109216: cycles:
 *     java 12688 [002] 6544038.708352: cpu-clock:
 *     V8 WorkerThread 24636/25607 [000] 94564.109216: 100 cycles:
 *     dd 29776 666709.771979:   10101010 cpu-clock:
 *     mariadbd  6186   427.306757:    2004008 cpu-clock:ppp:
 *     spin  8006/8006    329.137065:                                   (-F comm,pid,tid,time,ip,sym,dso)
 *     spin  7950   326.999272:    2004008 cpu-clock:ppp:      55937c473231 leaf+0x52 (/tmp/spin)   (no -g, or -G)
 *     spin  8006   329.134475: PERF_RECORD_MMAP2 8006/8006: [0x55763bb08000(0x1000) @ 0x1000 ...]: r-xp /tmp/spin
 * </pre>
 *
 * The pid/tid word is the first all-digit word (optionally {@code pid/tid}) followed by a space;
 * the comm is everything before it, spaces included. After it, as inferno reads it, the text up to
 * the first colon is the time; up to the second colon "[period] event", the event being its last
 * word (modifiers such as {@code :ppp} come after that colon and are not part of it); after that,
 * past the modifiers, a one-frame stack when perf printed the frame on the header line.
 */
public final class SampleHeader {
    private static final byte[] PERF_RECORD = "PERF_RECORD_".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);

    int commStart;
    int commEnd;
    /** -1 when the header has no pid (only a tid). */
    int pidStart;
    int pidEnd;
    int tidStart;
    int tidEnd;
    /** Where the event name sits; {@code eventStart == eventEnd} for an empty one. */
    int eventStart;
    int eventEnd;
    /** The event with its modifiers, e.g. "cpu-clock:ppp"; ends at {@link #eventEnd} when there are none. */
    int modifiersEnd;
    /** False when the header has no colon after the time, so no event at all. */
    boolean hasEvent;
    long period;
    /** Start of a frame printed on the header line, or -1. */
    int stackStart;
    /** A side-band record ({@code --show-task-events}, {@code --show-mmap-events}), not a sample. */
    boolean record;

    /** Reads {@code b[s, end)}; false when the line has no pid/tid word, so it is no header. */
    boolean parse(byte[] b, int s, int end) {
        if (!findThreadWord(b, s, end)) {
            return false;
        }
        period = 1;
        stackStart = -1;
        hasEvent = false;
        eventStart = eventEnd = modifiersEnd = end;
        int timeColon = indexOf(b, tidEnd, end, (byte) ':');
        if (timeColon < 0) {
            record = false;
            return true;
        }
        record = startsWith(b, skipSpaces(b, timeColon + 1, end), end, PERF_RECORD);
        if (!record) {
            readEvent(b, timeColon + 1, end);
        }
        return true;
    }

    /** "    2004008 cpu-clock:ppp:  55937c473231 leaf+0x52 (/tmp/spin)": from after the time's colon. */
    private void readEvent(byte[] b, int from, int end) {
        hasEvent = true;
        int colon = indexOf(b, from, end, (byte) ':');
        int segEnd = colon < 0 ? end : colon;
        int lastSpace = lastIndexOf(b, from, segEnd, (byte) ' ');
        eventStart = lastSpace < 0 ? from : lastSpace + 1;
        eventEnd = segEnd;
        modifiersEnd = segEnd;
        if (lastSpace >= 0) {
            // With several events perf pads the names: "    2004008  cpu-clock:" has two spaces.
            int periodEnd = lastSpace;
            while (periodEnd > from && b[periodEnd - 1] == ' ') {
                periodEnd--;
            }
            period = period(b, lastIndexOf(b, from, periodEnd, (byte) ' ') + 1, periodEnd);
        }
        if (colon < 0) {
            return;
        }
        // After the event's colon: modifiers up to the next ':' or ' ', then maybe a frame.
        int p = colon + 1;
        while (p < end && b[p] != ':' && b[p] != ' ') {
            p++;
        }
        int token = p;
        while (token < end && b[token] != ' ') {
            token++;
        }
        modifiersEnd = b[token - 1] == ':' ? token - 1 : token;
        int frame = p < end ? skipSpaces(b, p + 1, end) : end;
        stackStart = frame < end ? frame : -1;
    }

    private boolean findThreadWord(byte[] b, int s, int end) {
        int wordStart = s;
        boolean allDigits = false;
        boolean lastWasSpace = false;
        int slash = -1;
        for (int i = s; i < end; i++) {
            byte c = b[i];
            if (c == ' ') {
                if (allDigits && !lastWasSpace) {
                    setThread(b, s, wordStart, slash, i);
                    return true;
                }
                wordStart = i + 1;
                allDigits = true;
                slash = -1;
            } else if (c == '/') {
                if (allDigits) {
                    slash = i;
                }
            } else if (c < '0' || c > '9') {
                allDigits = false;
                slash = -1;
            }
            lastWasSpace = c == ' ';
        }
        return false;
    }

    private void setThread(byte[] b, int s, int wordStart, int slash, int wordEnd) {
        int e = wordStart - 1;
        while (e > s && b[e - 1] == ' ') {
            e--;
        }
        int c = s;
        while (c < e && b[c] == ' ') {
            c++;
        }
        commStart = c;
        commEnd = e;
        pidStart = slash >= 0 ? wordStart : -1;
        pidEnd = slash >= 0 ? slash : -1;
        tidStart = slash >= 0 ? slash + 1 : wordStart;
        tidEnd = wordEnd;
    }

    /**
     * The period is the word before the event, when it is a number; else 1 (inferno's default).
     * A number past the long range is an error, not a negative weight.
     */
    private static long period(byte[] b, int from, int to) {
        if (from >= to) {
            return 1;
        }
        long v = 0;
        for (int i = from; i < to; i++) {
            if (b[i] < '0' || b[i] > '9') {
                return 1;
            }
            v = v * 10 + (b[i] - '0');
            if (v < 0 || i - from >= 19) {
                throw new io.myflame.core.model.WeightOverflow("a sample period of "
                        + new String(b, from, to - from, java.nio.charset.StandardCharsets.ISO_8859_1));
            }
        }
        return v;
    }

    static int indexOf(byte[] b, int from, int to, byte c) {
        for (int i = from; i < to; i++) {
            if (b[i] == c) {
                return i;
            }
        }
        return -1;
    }

    public static int lastIndexOf(byte[] b, int from, int to, byte c) {
        for (int i = to - 1; i >= from; i--) {
            if (b[i] == c) {
                return i;
            }
        }
        return -1;
    }

    private static int skipSpaces(byte[] b, int p, int end) {
        while (p < end && (b[p] == ' ' || b[p] == '\t')) {
            p++;
        }
        return p;
    }

    private static boolean startsWith(byte[] b, int p, int end, byte[] prefix) {
        return end - p >= prefix.length && java.util.Arrays.equals(b, p, p + prefix.length, prefix, 0, prefix.length);
    }
}

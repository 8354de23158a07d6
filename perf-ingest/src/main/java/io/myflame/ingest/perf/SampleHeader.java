package io.myflame.ingest.perf;

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
 * </pre>
 *
 * The pid/tid word is the first all-digit word (optionally {@code pid/tid}) followed by a space;
 * the comm is everything before it, spaces included; the event is the last word if it ends in a
 * colon; the period is a number between the timestamp's colon and the event.
 */
final class SampleHeader {
    int commStart;
    int commEnd;
    /** -1 when the header has no pid (only a tid). */
    int pidStart;
    int pidEnd;
    int tidStart;
    int tidEnd;
    /** The event without its final colon; {@code eventStart == eventEnd} when there is none. */
    int eventStart;
    int eventEnd;
    long period;

    /** Reads {@code b[s, end)}; false when the line has no pid/tid word, so it is no header. */
    boolean parse(byte[] b, int s, int end) {
        if (!findThreadWord(b, s, end)) {
            return false;
        }
        int lastSpace = lastSpace(b, s, end);
        eventStart = lastSpace + 1;
        eventEnd = b[end - 1] == ':' && eventStart < end - 1 ? end - 1 : eventStart;
        period = period(b, s, lastSpace);
        commStart = s;
        return true;
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
        commEnd = e;
        pidStart = slash >= 0 ? wordStart : -1;
        pidEnd = slash >= 0 ? slash : -1;
        tidStart = slash >= 0 ? slash + 1 : wordStart;
        tidEnd = wordEnd;
    }

    private static int lastSpace(byte[] b, int s, int end) {
        for (int i = end - 1; i >= s; i--) {
            if (b[i] == ' ') {
                return i;
            }
        }
        return s - 1;
    }

    /** "time:   10101010 cpu-clock:" — digits right after the timestamp's colon; else 1. */
    private static long period(byte[] b, int s, int eventSpace) {
        int e = eventSpace;
        while (e > s && b[e - 1] == ' ') {
            e--;
        }
        int d = e;
        while (d > s && b[d - 1] >= '0' && b[d - 1] <= '9') {
            d--;
        }
        int c = d;
        while (c > s && b[c - 1] == ' ') {
            c--;
        }
        if (d == e || c == d || c == s || b[c - 1] != ':') {
            return 1;
        }
        long v = 0;
        for (int i = d; i < e; i++) {
            v = v * 10 + (b[i] - '0');
            if (v < 0 || i - d >= 19) {
                throw new io.myflame.core.model.WeightOverflow("a sample period of "
                        + new String(b, d, e - d, java.nio.charset.StandardCharsets.ISO_8859_1));
            }
        }
        return v == 0 ? 1 : v;
    }
}

package io.myflame.ingest.perf;

import io.myflame.core.model.StackMap;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Parses chunks of {@code perf script} text that start at a sample boundary, folding samples into
 * a local {@link StackMap} keyed by local frame ids. One per worker thread: a sample costs no new
 * objects once its lines have been seen, because stack lines and root labels are cached by their
 * raw bytes ({@link LineCache}). Text is treated as ISO-8859-1, so names round-trip byte for byte.
 */
final class ChunkParser {
    private static final int[] NO_FRAMES = new int[0];
    /** Cached for a line that is not "ADDR SYMBOL (DSO)", so each repeat is counted too. */
    private static final int[] MALFORMED = new int[0];

    private final FoldOptions options;
    private final FrameDecoder decoder;
    private final byte[] eventFilter;
    private final int skipAfterId;

    private final ByteScan scan = new ByteScan();
    private final SampleHeader header = new SampleHeader();
    private final LineCache lines = new LineCache();
    /** Lines of processes named java decode differently (class descriptors), so they are cached apart. */
    private final LineCache javaLines = new LineCache();
    private final LineCache roots = new LineCache();
    private final Map<String, Integer> nameIds = new HashMap<>();
    final List<String> names = new ArrayList<>();
    final StackMap stacks = new StackMap();

    // The sample being read.
    private boolean inEvent;
    private boolean skipStack;
    private int root;
    private long period;
    private boolean tidyJava;
    /** Frames of the current sample, leaf first. */
    private int[] leafFirst = new int[256];
    private int depth;
    private int[] key = new int[256];
    private byte[] label = new byte[256];

    // What went wrong, for one warning per input.
    final Problems problems = new Problems();
    boolean otherEventSeen;

    ChunkParser(FoldOptions options, String eventFilter) {
        this.options = options;
        this.decoder = new FrameDecoder(options);
        this.eventFilter = eventFilter == null ? null : eventFilter.getBytes(StandardCharsets.ISO_8859_1);
        this.skipAfterId = options.skipAfter() == null ? -1 : intern(options.skipAfter());
    }

    /**
     * Parses {@code b[from, to)}, which begins at a sample boundary. {@code last} says it is the
     * end of the input, where an unterminated final sample still counts. Returns the number of
     * lines read, so the reader can turn chunk-relative line numbers into file lines.
     */
    int parse(byte[] b, int from, int to, int chunk, boolean last) {
        inEvent = false;
        skipStack = false;
        depth = 0;
        int p = from;
        int lineNo = 0;
        while (p < to) {
            lineNo++;
            byte first = b[p];
            if (inEvent && !skipStack && first != '\n' && first != '#') {
                p = onStackLine(b, p, to, chunk, lineNo, last);
                continue;
            }
            int eol = ByteScan.indexOfNewline(b, p, to);
            int end = eol;
            while (end > p && isBlank(b[end - 1])) {
                end--;
            }
            if (eol == to && last && inEvent && end > p) {
                truncated(chunk, lineNo, b, p, end);
                break;
            }
            if (first == '#') {
                // comment, e.g. "# cmdline : /usr/bin/perf record -g"
            } else if (end == p) {
                afterEvent();
            } else if (!inEvent) {
                onEventLine(b, p, end, chunk, lineNo);
            }
            p = eol + 1;
        }
        if (inEvent) {
            afterEvent();
        }
        return lineNo;
    }

    /** The input stops in the middle of a line: that sample is cut short and dropped. */
    private void truncated(int chunk, int lineNo, byte[] b, int p, int end) {
        problems.truncated(chunk, lineNo, text(b, p, end));
        inEvent = false;
        depth = 0;
    }

    private static boolean isBlank(byte c) {
        return c == ' ' || c == '\t' || c == '\r';
    }

    /** A sample header (see {@link SampleHeader} for the forms): starts a sample or skips it. */
    private void onEventLine(byte[] b, int s, int end, int chunk, int lineNo) {
        depth = 0;
        if (!header.parse(b, s, end)) {
            problems.malformed(chunk, lineNo, text(b, s, end));
            inEvent = false;
            return;
        }
        inEvent = true;
        skipStack = eventFilter != null && header.eventEnd > header.eventStart
                && !java.util.Arrays.equals(b, header.eventStart, header.eventEnd, eventFilter, 0, eventFilter.length);
        if (skipStack) {
            otherEventSeen = true;
            return;
        }
        period = header.period;
        root = rootLabel(b, header);
    }

    private int rootLabel(byte[] b, SampleHeader h) {
        int commStart = h.commStart;
        int commEnd = h.commEnd;
        int n = 0;
        int commLen = commEnd - commStart;
        ensureLabel(commLen + 48);
        for (int i = commStart; i < commEnd; i++) {
            label[n++] = b[i] == ' ' ? (byte) '_' : b[i];
        }
        // Java class descriptors are tidied for processes named java, whatever the root shows.
        tidyJava = commLen == 4 && label[0] == 'j' && label[1] == 'a' && label[2] == 'v' && label[3] == 'a';
        if (options.root() != FoldOptions.Root.COMM) {
            label[n++] = '-';
            if (h.pidEnd < 0) {
                label[n++] = '?';
            } else {
                n = copy(b, h.pidStart, h.pidEnd, n);
            }
            if (options.root() == FoldOptions.Root.TID) {
                label[n++] = '/';
                n = copy(b, h.tidStart, h.tidEnd, n);
            }
        }
        int hash = ByteScan.hashRange(label, 0, n);
        int[] id = roots.get(label, 0, n, hash);
        if (id == null) {
            id = new int[] {intern(new String(label, 0, n, StandardCharsets.ISO_8859_1))};
            roots.put(label, 0, n, hash, id);
        }
        return id[0];
    }

    private int copy(byte[] b, int from, int to, int n) {
        ensureLabel(n + to - from + 2);
        System.arraycopy(b, from, label, n, to - from);
        return n + to - from;
    }

    private void ensureLabel(int n) {
        if (label.length < n) {
            label = java.util.Arrays.copyOf(label, n * 2);
        }
    }

    // A stack line, leaf first, one per frame:
    //     ffffffff8103ce3b native_safe_halt ([kernel.kallsyms])
    //     7f533952bc77 _dl_check_map_versions+0x597 (/usr/lib/ld-2.28.so)
    //     55d4c0a1b2c3 mysql_delete(THD*, TABLE_LIST*, Item*, SQL_I_List<st_order>*, unsigned long long, unsigned long long, select_result*)+0x7f3 (/usr/sbin/mariadbd)
    //                0 [unknown] ([unknown])
    // Returns the index after the line. The whole line is the cache key: within one process a
    // symbol+offset always sits at the same address, so this splits nothing that matters, and a
    // line seen before costs one word-at-a-time pass (end and hash) and one vectorised compare.
    private int onStackLine(byte[] b, int p, int to, int chunk, int lineNo, boolean last) {
        int eol = scan.hashToNewline(b, p, to);
        int end = eol;
        while (end > p && isBlank(b[end - 1])) {
            end--;
        }
        if (eol == to && last) {
            // No newline after this line: the input was cut, even if only indentation is left.
            truncated(chunk, lineNo, b, p, end);
            return to;
        }
        if (end == p) {
            afterEvent();
            return eol + 1;
        }
        int h = end == eol ? (int) scan.hash : ByteScan.hashRange(b, p, end);
        LineCache cache = tidyJava ? javaLines : lines;
        int[] frames = cache.get(b, p, end, h);
        if (frames == null) {
            frames = decodeLine(b, p, end);
            cache.put(b, p, end, h, frames);
        }
        if (frames == MALFORMED) {
            problems.malformed(chunk, lineNo, text(b, p, end));
            return eol + 1;
        }
        // The line's frames are root-most first; the sample is collected leaf first.
        for (int i = frames.length - 1; i >= 0; i--) {
            if (depth == leafFirst.length) {
                leafFirst = java.util.Arrays.copyOf(leafFirst, depth * 2);
            }
            leafFirst[depth++] = frames[i];
        }
        return eol + 1;
    }

    /** Splits a new stack line into address, symbol and dso: "  ADDR SYMBOL+OFF (DSO)". */
    private int[] decodeLine(byte[] b, int p, int end) {
        int s = p;
        while (s < end && (b[s] == ' ' || b[s] == '\t')) {
            s++;
        }
        int pcEnd = s;
        while (pcEnd < end && b[pcEnd] != ' ') {
            pcEnd++;
        }
        int lastSpace = lastIndexOf(b, pcEnd + 1, end, (byte) ' ');
        if (pcEnd >= end || lastSpace < 0 || end - lastSpace < 3) {
            return MALFORMED;
        }
        return decode(b, s, pcEnd, lastSpace, end);
    }

    private int[] decode(byte[] b, int s, int pcEnd, int lastSpace, int end) {
        String pc = text(b, s, pcEnd);
        String module = text(b, lastSpace + 2, end - 1);
        String rawfunc = text(b, pcEnd + 1, lastSpace).strip();
        if (rawfunc.isEmpty()) {
            rawfunc = " ";
        }
        List<String> decoded = decoder.decode(pc, rawfunc, module, tidyJava);
        if (decoded.isEmpty()) {
            return NO_FRAMES;
        }
        int[] ids = new int[decoded.size()];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = intern(decoded.get(i));
        }
        return ids;
    }

    private void afterEvent() {
        if (inEvent && !skipStack) {
            int n = depth;
            if (key.length < n) {
                key = new int[n * 2];
            }
            int k = 0;
            int stop = 0;
            if (skipAfterId >= 0) {
                // Keep the frames from the leaf up to the first skip-after function.
                for (int i = 0; i < n; i++) {
                    if (leafFirst[i] == skipAfterId) {
                        stop = n - 1 - i;
                        break;
                    }
                }
            }
            for (int i = n - 1 - stop; i >= 0; i--) {
                key[k++] = leafFirst[i];
            }
            stacks.add(root, key, k, period, 1);
        }
        inEvent = false;
        skipStack = false;
        depth = 0;
    }

    private int intern(String name) {
        Integer id = nameIds.get(name);
        if (id == null) {
            id = names.size();
            names.add(name);
            nameIds.put(name, id);
        }
        return id;
    }

    private static int lastIndexOf(byte[] b, int from, int to, byte c) {
        for (int i = to - 1; i >= from; i--) {
            if (b[i] == c) {
                return i;
            }
        }
        return -1;
    }

    static String text(byte[] b, int from, int to) {
        return new String(b, from, Math.max(0, to - from), StandardCharsets.ISO_8859_1);
    }
}

package io.myflame.ingest.script;

import java.nio.charset.StandardCharsets;
import java.util.List;
import io.myflame.ingest.block.BlockParser;
import io.myflame.ingest.block.ByteScan;
import io.myflame.ingest.block.LineCache;
import io.myflame.ingest.block.LineRun;
import io.myflame.ingest.fold.FoldOptions;
import io.myflame.ingest.fold.FoldedStacks;
import io.myflame.ingest.fold.FrameDecoder;
import io.myflame.ingest.fold.SymbolTidy;
import io.myflame.ingest.fold.RustLegacyNames;

/**
 * Parses chunks of {@code perf script} text that start at a sample boundary, folding samples into
 * a local {@link StackMap} keyed by local frame ids. One per worker thread: a sample costs no new
 * objects once its lines have been seen, because stack lines and root labels are cached by their
 * raw bytes ({@link LineCache}). Text is treated as ISO-8859-1, so names round-trip byte for byte.
 */
public final class ChunkParser extends BlockParser {
    private static final int[] NO_FRAMES = new int[0];
    /** Cached for a line that is not "ADDR SYMBOL (DSO)", so each repeat is counted too. */
    private static final int[] MALFORMED = new int[0];
    /** Cached for a {@code -F +srcline} line such as "  dl-load.c:1379": not a frame, not an error. */
    private static final int[] SOURCE_LINE = new int[0];
    /** Last element of a line's frames when its function is a --skip-after one. */
    private static final int SKIP_MARK = -1;

    private final FoldOptions options;
    private final FrameDecoder decoder;
    private final byte[] eventFilter;
    private final java.util.Set<String> skipAfter;
    private final int noRootId;

    private final ByteScan scan = new ByteScan();
    private final SampleHeader header = new SampleHeader();
    private final LineCache lines = new LineCache();
    /** Lines of processes named java decode differently (class descriptors), so they are cached apart. */
    private final LineCache javaLines = new LineCache();
    private final LineCache roots = new LineCache();

    // The sample being read.
    private boolean inEvent;
    /** The sample is of another event than the one kept. */
    private boolean skipStack;
    /** A --skip-after function was reached: its callers and the comm are dropped. */
    private boolean skipRemaining;
    private int root;
    private long period;
    private boolean tidyJava;
    /** Frames of the current sample, leaf first. */
    private int[] leafFirst = new int[256];
    private int depth;
    private int[] key = new int[256];
    private byte[] label = new byte[256];
    /** The cache entry of the sample's previous stack line; -1 at its first. */
    private int lastLine = -1;
    /** The lines matched at once by following the cache ({@link LineCache#follow(int, byte[], int, int, LineRun)}). */
    private final LineRun run = new LineRun();
    /** The chunk-relative number of the line being read. */
    private int lineNo;


    ChunkParser(FoldOptions options, String eventFilter) {
        this.options = options;
        this.decoder = new FrameDecoder(options);
        this.eventFilter = eventFilter == null ? null : eventFilter.getBytes(StandardCharsets.ISO_8859_1);
        this.skipAfter = java.util.Set.copyOf(options.skipAfter());
        this.noRootId = intern(FoldedStacks.NO_ROOT);
    }

    /**
     * Parses {@code b[from, to)}, which begins at a sample boundary. {@code last} says it is the
     * end of the input, where an unterminated final sample still counts. Returns the number of
     * lines read, so the reader can turn chunk-relative line numbers into file lines.
     */
    @Override
    public int parse(byte[] b, int from, int to, int chunk, boolean last) {
        inEvent = false;
        skipStack = false;
        depth = 0;
        lastLine = -1;
        int p = from;
        lineNo = 0;
        while (p < to) {
            lineNo++;
            byte first = b[p];
            if (inEvent && !skipStack && !skipRemaining && first != '\n' && first != '#') {
                p = onStackLine(b, p, to, chunk, last);
                continue;
            }
            int eol = ByteScan.indexOfNewline(b, p, to);
            int end = eol;
            while (end > p && isBlank(b[end - 1])) {
                end--;
            }
            if (eol == to && last && inEvent && end > p && !wholeFrameLine(b, p, end)) {
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

    /**
     * Whether a last line with no newline after it is still a whole frame line: it ends with the
     * ")" that closes its dso group and its parentheses balance, as in
     * {@code "  7f2a85f16 __futex_abstimed_wait_common+0xc6 (/usr/lib/x86_64-linux-gnu/libc.so.6)"}.
     * A file saved without a final newline keeps its last sample (as inferno does); a line cut
     * mid-way ("  7f2a85f16 __fut") is cut short.
     */
    private static boolean wholeFrameLine(byte[] b, int p, int end) {
        if (end <= p || b[end - 1] != ')') {
            return false;
        }
        int open = 0;
        for (int i = p; i < end; i++) {
            if (b[i] == '(') {
                open++;
            } else if (b[i] == ')' && --open < 0) {
                return false;
            }
        }
        return open == 0;
    }

    /** The input stops in the middle of a line: that sample is cut short and dropped. */
    private void truncated(int chunk, int lineNo, byte[] b, int p, int end) {
        problems.truncated(chunk, lineNo, text(b, p, end));
        inEvent = false;
        depth = 0;
        lastLine = -1;
    }

    private static boolean isBlank(byte c) {
        return c == ' ' || c == '\t' || c == '\r';
    }

    /** A sample header (see {@link SampleHeader} for the forms): starts a sample or skips it. */
    private void onEventLine(byte[] b, int s, int end, int chunk, int lineNo) {
        depth = 0;
        skipRemaining = false;
        lastLine = -1;
        if (!header.parse(b, s, end)) {
            // "  dl-load.c:1379" after a one-line sample of -F +srcline output is no header either.
            if (!isSourceLine(b, skipIndent(b, s, end), end)) {
                problems.malformed(chunk, lineNo, text(b, s, end));
            }
            inEvent = false;
            return;
        }
        if (header.record) {
            // "spin  8006   329.134412: PERF_RECORD_COMM exec: spin:8006/8006" is not a sample.
            inEvent = false;
            return;
        }
        inEvent = true;
        skipStack = eventFilter != null && header.hasEvent && !keptEvent(b);
        if (skipStack) {
            otherEventSeen = true;
            if (header.stackStart >= 0) {
                // A one-line sample (no -g) of another event: its frame is on this line and no
                // blank line follows, so the next line is the next sample's header.
                afterEvent();
            }
            return;
        }
        period = header.period;
        root = rootLabel(b, header);
        if (header.stackStart >= 0) {
            // "spin  7950   326.999272:    2004008 cpu-clock:ppp:      55937c473231 leaf+0x52 (/tmp/spin)":
            // recorded without -g (or printed with -G), the one frame sits on the header line.
            int from = header.stackStart;
            LineCache cache = tidyJava ? javaLines : lines;
            addFrames(cache, lineEntry(cache, b, from, end, ByteScan.hashRange(b, from, end)), b, from, end, chunk, lineNo);
            afterEvent();
        }
    }

    /** "cpu-clock:ppp:" is kept by --event-filter cpu-clock and by --event-filter cpu-clock:ppp. */
    private boolean keptEvent(byte[] b) {
        return java.util.Arrays.equals(b, header.eventStart, header.eventEnd, eventFilter, 0, eventFilter.length)
                || java.util.Arrays.equals(b, header.eventStart, header.modifiersEnd, eventFilter, 0, eventFilter.length);
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
        int id = roots.number(label, 0, n, hash);
        if (id < 0) {
            id = intern(new String(label, 0, n, StandardCharsets.ISO_8859_1));
            roots.putNumber(label, 0, n, hash, id);
        }
        return id;
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
    // Returns the index after the line (after the lines, when the lines that followed it last time match
    // too; lineNo then counts them). The whole line is the cache key: within one process a symbol+offset
    // always sits at the same address, so this splits nothing that matters, and a line seen before costs
    // one word-at-a-time pass (end and hash) and one vectorised compare.
    private int onStackLine(byte[] b, int p, int to, int chunk, boolean last) {
        LineCache cache = tidyJava ? javaLines : lines;
        if (lastLine >= 0) {
            // A frame is mostly called from where it was called the last time: the lines are first
            // compared with those that followed the previous line then, which needs no hash and no probe
            // (nine lines in ten in the bundled captures), and most of a stack in one comparison.
            int n = cache.follow(lastLine, b, p, to, run);
            if (n > 0) {
                return onLinesFollowed(cache, n, b, p, chunk);
            }
        }
        int eol = scan.hashToNewline(b, p, to);
        int end = eol;
        while (end > p && isBlank(b[end - 1])) {
            end--;
        }
        if (eol == to && last && !wholeFrameLine(b, p, end)) {
            // No newline after this line and no "(DSO)" closing it: the input was cut, even if
            // only indentation is left.
            truncated(chunk, lineNo, b, p, end);
            return to;
        }
        if (end == p) {
            afterEvent();
            return eol + 1;
        }
        int h = end == eol ? (int) scan.hash : ByteScan.hashRange(b, p, end);
        int e = lineEntry(cache, b, p, end, h);
        if (lastLine >= 0) {
            cache.follow(lastLine, e);
        }
        lastLine = e;
        addFrames(cache, e, b, p, end, chunk, lineNo);
        return eol + 1;
    }

    /**
     * Adds the frames of the {@code n} lines from {@code b[p]} that matched {@link #run}; returns the index
     * after them. No run goes past a --skip-after function: the lines after one are never read, so no line
     * is remembered as following it.
     */
    private int onLinesFollowed(LineCache cache, int n, byte[] b, int p, int chunk) {
        int lineStart = p;
        for (int i = 0; i < n; i++) {
            if (i > 0) {
                lineNo++;
            }
            int e = run.entry(i);
            int next = p + run.end(i);
            lastLine = e;
            int frame = run.single(i);
            if (frame >= 0) {
                push(frame);
            } else {
                addFrames(cache.value(e), b, lineStart, next - 1, chunk, lineNo);
            }
            lineStart = next;
        }
        return lineStart;
    }

    /** The cache entry of the stack line {@code b[p, end)} (hash {@code h}), decoded and cached when new. */
    private int lineEntry(LineCache cache, byte[] b, int p, int end, int h) {
        int e = cache.entry(b, p, end, h);
        return e >= 0 ? e : cache.put(b, p, end, h, decodeLine(b, p, end));
    }

    /** Adds the frames of the stack line {@code b[p, end)}, entry {@code e} of {@code cache}, to the current sample. */
    private void addFrames(LineCache cache, int e, byte[] b, int p, int end, int chunk, int lineNo) {
        int frame = cache.single(e);
        if (frame >= 0) {
            push(frame);
            return;
        }
        addFrames(cache.value(e), b, p, end, chunk, lineNo);
    }

    /** Adds one frame, the next toward the root, to the current sample. */
    private void push(int frame) {
        if (depth == leafFirst.length) {
            leafFirst = java.util.Arrays.copyOf(leafFirst, depth * 2);
        }
        leafFirst[depth++] = frame;
    }

    /** Adds the frames of the stack line {@code b[p, end)} to the current sample. */
    private void addFrames(int[] frames, byte[] b, int p, int end, int chunk, int lineNo) {
        if (frames == MALFORMED) {
            problems.malformed(chunk, lineNo, text(b, p, end));
            return;
        }
        int n = frames.length;
        if (n > 0 && frames[n - 1] == SKIP_MARK) {
            skipRemaining = true;
            n--;
        }
        // The line's frames are root-most first; the sample is collected leaf first.
        for (int i = n - 1; i >= 0; i--) {
            if (depth == leafFirst.length) {
                leafFirst = java.util.Arrays.copyOf(leafFirst, depth * 2);
            }
            leafFirst[depth++] = frames[i];
        }
    }

    /**
     * Splits a new stack line into address, symbol and dso: "  ADDR SYMBOL+OFF (DSO)". The dso is
     * the parenthesised group that ends the line, found by matching parentheses from the end, so
     * "(/tmp/my dir/spin prog)" and "(/usr/bin/x (deleted))" are one dso each; inferno takes the
     * last space-separated word and drops such frames. A line without "(DSO)" (-F ip,sym) is not
     * a frame line, as for inferno.
     */
    private int[] decodeLine(byte[] b, int p, int end) {
        int s = p;
        while (s < end && (b[s] == ' ' || b[s] == '\t')) {
            s++;
        }
        int pcEnd = SampleHeader.indexOf(b, s, end, (byte) ' ');
        if (pcEnd < 0 || b[end - 1] != ')') {
            return isSourceLine(b, s, end) ? SOURCE_LINE : MALFORMED;
        }
        int open = dsoStart(b, pcEnd + 1, end);
        if (open < 0) {
            return MALFORMED;
        }
        return decode(b, s, pcEnd, open, end);
    }

    /** Index of the "(" opening the dso that ends {@code b[from, end)}, which follows a space; or -1. */
    private static int dsoStart(byte[] b, int from, int end) {
        int depth = 0;
        for (int i = end - 1; i >= from; i--) {
            if (b[i] == ')') {
                depth++;
            } else if (b[i] == '(' && --depth == 0) {
                if (i - 1 >= from && b[i - 1] == ' ') {
                    return i;
                }
                break;
            }
        }
        // Unbalanced: inferno's rule, the last word if it is parenthesised.
        int space = SampleHeader.lastIndexOf(b, from, end, (byte) ' ');
        return space >= 0 && b[space + 1] == '(' ? space + 1 : -1;
    }

    /**
     * What {@code -F +srcline} prints under a frame, one word: "  dl-load.c:1379", "  ??:0",
     * "  [kernel.kallsyms][ffffffff8225fd19]".
     */
    static boolean isSourceLine(byte[] b, int s, int end) {
        if (end <= s || SampleHeader.indexOf(b, s, end, (byte) ' ') >= 0) {
            return false;
        }
        if (b[end - 1] == ']') {
            return b[s] == '[';
        }
        int colon = SampleHeader.lastIndexOf(b, s, end, (byte) ':');
        if (colon <= s || colon == end - 1) {
            return false;
        }
        for (int i = colon + 1; i < end; i++) {
            if ((b[i] < '0' || b[i] > '9') && b[i] != '?') {
                return false;
            }
        }
        return true;
    }

    private int[] decode(byte[] b, int s, int pcEnd, int open, int end) {
        String pc = text(b, s, pcEnd);
        String module = text(b, open + 1, end - 1);
        String rawfunc = text(b, pcEnd + 1, open - 1).strip();
        if (rawfunc.isEmpty()) {
            rawfunc = " ";
        }
        List<String> decoded = decoder.decode(pc, rawfunc, module, tidyJava);
        if (decoded.isEmpty()) {
            return NO_FRAMES;
        }
        String func = SymbolTidy.stripOffset(rawfunc);
        boolean skip = !skipAfter.isEmpty()
                && (skipAfter.contains(func) || skipAfter.contains(RustLegacyNames.demangle(func)));
        int[] ids = new int[decoded.size() + (skip ? 1 : 0)];
        for (int i = 0; i < decoded.size(); i++) {
            ids[i] = intern(decoded.get(i));
        }
        if (skip) {
            ids[ids.length - 1] = SKIP_MARK;
        }
        return ids;
    }

    /**
     * The frames of one stack line made by a reader of perf.data ({@link FrameNames}), exactly as
     * if perf script had printed it: ids into {@link #names}, root-most first, a trailing
     * {@link #SKIP_MARK} when --skip-after cuts the stack there; empty when the line adds nothing.
     */
    int[] lineFrames(byte[] line, boolean javaProcess) {
        tidyJava = javaProcess;
        int[] frames = decodeLine(line, 0, line.length);
        return frames == MALFORMED || frames == SOURCE_LINE ? NO_FRAMES : frames;
    }

    /** The root id for a sample header line made by {@link FrameNames}; -1 if it is no header. */
    int headerRoot(byte[] line) {
        if (!header.parse(line, 0, line.length)) {
            return -1;
        }
        return rootLabel(line, header);
    }

    static boolean skipMark(int id) {
        return id == SKIP_MARK;
    }

    int noRoot() {
        return noRootId;
    }

    /** Ends a sample; one with no frames (a stackless event) is not counted, as inferno does. */
    private void afterEvent() {
        if (inEvent && !skipStack && depth > 0) {
            int n = depth;
            if (key.length < n) {
                key = new int[n * 2];
            }
            for (int i = 0; i < n; i++) {
                key[i] = leafFirst[n - 1 - i];
            }
            // A stack cut by --skip-after starts at that function: the comm goes too (inferno).
            stacks.add(skipRemaining ? noRootId : root, key, n, period, 1);
        }
        inEvent = false;
        skipStack = false;
        skipRemaining = false;
        depth = 0;
        lastLine = -1;
    }


    private static int skipIndent(byte[] b, int s, int end) {
        while (s < end && (b[s] == ' ' || b[s] == '\t')) {
            s++;
        }
        return s;
    }

    public static String text(byte[] b, int from, int to) {
        return new String(b, from, Math.max(0, to - from), StandardCharsets.ISO_8859_1);
    }
}

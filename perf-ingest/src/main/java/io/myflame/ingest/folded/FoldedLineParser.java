package io.myflame.ingest.folded;

import java.nio.charset.StandardCharsets;
import io.myflame.ingest.block.BlockParser;
import io.myflame.ingest.block.ByteScan;
import io.myflame.ingest.script.ChunkParser;
import io.myflame.ingest.script.SampleHeader;

/**
 * Parses blocks of folded lines, {@code root;caller;...;leaf COUNT} (or, differential,
 * {@code stack BASE NEW}), into a local {@link io.myflame.core.model.StackMap}. Frames are
 * numbered by their bytes through {@link FrameNumbers}, a line's frames at once, so a frame seen
 * before costs one hash and one compare and no allocation. A differential line keeps BASE as the
 * weight and NEW as the sample count; {@link FoldedTextReader} splits them again.
 */
public final class FoldedLineParser extends BlockParser {
    private final java.nio.charset.Charset charset;
    private final boolean rootIsThread;
    private final boolean differential;
    private final int allRoot;
    private final FrameNumbers frames = new FrameNumbers();
    private final ByteScan scan = new ByteScan();
    /** The current line's frame ids (root first) and each frame's end, relative to the line start. */
    private int[] ids = new int[256];
    private int[] ends = new int[256];
    /** The same for the previous line of this block, which starts at prevStart (-1: none). */
    private int[] prevIds = new int[256];
    private int[] prevEnds = new int[256];
    private int prevCount;
    private int prevStart = -1;
    private int prevEnd;
    private int[] key = new int[256];
    private final long[] counts = new long[2];

    /** Set when the read is no longer wanted; null when it always is. */
    private final java.util.concurrent.atomic.AtomicBoolean stop;

    FoldedLineParser(java.nio.charset.Charset charset, boolean rootIsThread, boolean differential,
            java.util.concurrent.atomic.AtomicBoolean stop) {
        this.stop = stop;
        this.charset = charset;
        this.rootIsThread = rootIsThread;
        this.differential = differential;
        this.allRoot = intern(FoldedTextReader.ALL);
    }

    @Override
    public int parse(byte[] b, int from, int to, int chunk, boolean last) {
        if (stop != null && stop.get()) {
            throw new java.util.concurrent.CancellationException("the read was stopped");
        }
        prevStart = -1;
        int p = from;
        int lineNo = 0;
        while (p < to) {
            lineNo++;
            int eol = ByteScan.indexOfNewline(b, p, to);
            int end = eol;
            while (end > p && (b[end - 1] == ' ' || b[end - 1] == '\t' || b[end - 1] == '\r')) {
                end--;
            }
            // "# comment" and blank lines are not stacks.
            if (end > p && b[p] != '#' && !line(b, p, end)) {
                problems.malformed(chunk, lineNo, ChunkParser.text(b, p, end));
            }
            p = eol + 1;
        }
        return lineNo;
    }

    /** "mariadbd;do_command;dispatch_command 1234": false when it is not that. */
    private boolean line(byte[] b, int p, int end) {
        int stackEnd = counts(b, p, end);
        if (stackEnd <= p) {
            return false;
        }
        int shared = sharedFrames(b, p, stackEnd);
        int n = shared;
        int f = n == 0 ? p : p + prevEnds[n - 1] + 1;
        frames.clear();
        while (f <= stackEnd) {
            // One word-at-a-time pass finds the frame's end and hashes it.
            int e = scan.hashToSemicolon(b, f, stackEnd);
            if (n == ids.length) {
                ids = java.util.Arrays.copyOf(ids, n * 2);
                ends = java.util.Arrays.copyOf(ends, n * 2);
            }
            frames.queue(f, e, (int) scan.hash);
            ends[n++] = e - p;
            f = e + 1;
        }
        numberFrames(b, shared);
        int first = rootIsThread ? 1 : 0;
        int root = rootIsThread ? ids[0] : allRoot;
        long weight = differential ? counts[0] : counts[1];
        if (key.length < n) {
            key = new int[n * 2];
        }
        System.arraycopy(ids, first, key, 0, n - first);
        stacks.add(root, key, n - first, weight, counts[1]);
        remember(p, stackEnd, n);
        return true;
    }

    /**
     * Folded files are sorted, so a line mostly repeats the previous one's first frames: those
     * whose bytes, with their ';', are equal in both lines are taken over without hashing.
     * Copies their ids into {@link #ids} and returns how many.
     */
    private int sharedFrames(byte[] b, int p, int stackEnd) {
        if (prevStart < 0) {
            return 0;
        }
        int len = Math.min(stackEnd - p, prevEnd - prevStart);
        int m = java.util.Arrays.mismatch(b, p, p + len, b, prevStart, prevStart + len);
        if (m < 0) {
            m = len;
        }
        int n = 0;
        while (n < prevCount && prevEnds[n] < m) {
            n++;
        }
        if (ids.length < prevIds.length) {
            ids = java.util.Arrays.copyOf(ids, prevIds.length);
            ends = java.util.Arrays.copyOf(ends, prevIds.length);
        }
        System.arraycopy(prevIds, 0, ids, 0, n);
        System.arraycopy(prevEnds, 0, ends, 0, n);
        return n;
    }

    private void remember(int p, int stackEnd, int n) {
        int[] t = prevIds;
        prevIds = ids;
        ids = t;
        t = prevEnds;
        prevEnds = ends;
        ends = t;
        prevCount = n;
        prevStart = p;
        prevEnd = stackEnd;
    }

    /** Reads the count (two for a differential line) off the end; returns where the stack ends, or -1. */
    private int counts(byte[] b, int p, int end) {
        int sp = SampleHeader.lastIndexOf(b, p, end, (byte) ' ');
        if (sp <= p || (counts[1] = count(b, sp + 1, end)) < 0) {
            return -1;
        }
        if (!differential) {
            return sp;
        }
        int sp0 = SampleHeader.lastIndexOf(b, p, sp, (byte) ' ');
        if (sp0 <= p || (counts[0] = count(b, sp0 + 1, sp)) < 0) {
            return -1;
        }
        return sp0;
    }

    /** Sets {@link #ids} from {@code first} on to the numbers of the queued frames, interning those new. */
    private void numberFrames(byte[] b, int first) {
        frames.lookUp(b);
        for (int k = 0, n = frames.queued(); k < n; k++) {
            int id = frames.number(k);
            if (id < 0 && (id = frames.find(b, k)) < 0) {
                id = intern(new String(b, frames.start(k), frames.end(k) - frames.start(k), charset));
                frames.put(b, k, id);
            }
            ids[first + k] = id;
        }
    }

    /**
     * A whole number, or a decimal one rounded (some tools write "12.5"); -1 when it is neither.
     * A count past 2^63-1 is bad data, not a negative weight.
     */
    static long count(byte[] b, int from, int to) {
        long v = 0;
        int i = from;
        while (i < to && b[i] >= '0' && b[i] <= '9' && i - from < 18) {
            v = v * 10 + (b[i++] - '0');
        }
        if (i == to && i > from) {
            return v;
        }
        String s = new String(b, from, to - from, StandardCharsets.ISO_8859_1);
        try {
            return Long.parseLong(s);
        } catch (NumberFormatException e) {
            try {
                double d = Double.parseDouble(s);
                if (d >= 0x1p63 && !Double.isInfinite(d) || s.chars().allMatch(Character::isDigit)) {
                    throw new io.myflame.core.model.WeightOverflow("the count " + s);
                }
                return d >= 0 && !Double.isInfinite(d) ? Math.round(d) : -1;
            } catch (NumberFormatException e2) {
                return -1;
            }
        }
    }
}

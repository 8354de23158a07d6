package io.myflame.ingest.perf;

import java.nio.charset.StandardCharsets;

/**
 * Parses blocks of folded lines, {@code root;caller;...;leaf COUNT} (or, differential,
 * {@code stack BASE NEW}), into a local {@link io.myflame.core.model.StackMap}. Frames are
 * interned by their bytes through a {@link LineCache}, so a frame seen before costs one hash and
 * one compare and no allocation. A differential line keeps BASE as the weight and NEW as the
 * sample count; {@link FoldedTextReader} splits them again.
 */
final class FoldedLineParser extends BlockParser {
    private final java.nio.charset.Charset charset;
    private final boolean rootIsThread;
    private final boolean differential;
    private final int allRoot;
    private final LineCache frames = new LineCache();
    private int[] key = new int[256];
    private final long[] counts = new long[2];

    FoldedLineParser(java.nio.charset.Charset charset, boolean rootIsThread, boolean differential) {
        this.charset = charset;
        this.rootIsThread = rootIsThread;
        this.differential = differential;
        this.allRoot = intern(FoldedTextReader.ALL);
    }

    @Override
    int parse(byte[] b, int from, int to, int chunk, boolean last) {
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
        int n = 0;
        int root = allRoot;
        int f = p;
        while (f <= stackEnd) {
            int semi = SampleHeader.indexOf(b, f, stackEnd, (byte) ';');
            int e = semi < 0 ? stackEnd : semi;
            int id = frame(b, f, e);
            if (rootIsThread && f == p) {
                root = id;
            } else {
                if (n == key.length) {
                    key = java.util.Arrays.copyOf(key, n * 2);
                }
                key[n++] = id;
            }
            f = e + 1;
        }
        long weight = differential ? counts[0] : counts[1];
        long samples = counts[1];
        stacks.add(root, key, n, weight, samples);
        return true;
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

    private int frame(byte[] b, int from, int to) {
        int h = ByteScan.hashRange(b, from, to);
        int[] id = frames.get(b, from, to, h);
        if (id == null) {
            id = new int[] {intern(new String(b, from, to - from, charset))};
            frames.put(b, from, to, h, id);
        }
        return id[0];
    }

    /** A whole number, or a decimal one rounded (some tools write "12.5"); -1 when it is neither. */
    static long count(byte[] b, int from, int to) {
        long v = 0;
        int i = from;
        while (i < to && b[i] >= '0' && b[i] <= '9' && i - from < 18) {
            v = v * 10 + (b[i++] - '0');
        }
        if (i == to && i > from) {
            return v;
        }
        String text = new String(b, from, to - from, StandardCharsets.ISO_8859_1);
        try {
            if (text.chars().allMatch(c -> c >= '0' && c <= '9')) {
                return Long.parseLong(text);
            }
            double d = Double.parseDouble(text);
            if (d >= 0x1p63 && !Double.isInfinite(d)) {
                throw new NumberFormatException();
            }
            return d >= 0 && !Double.isInfinite(d) ? Math.round(d) : -1;
        } catch (NumberFormatException e) {
            // A count past 2^63-1 is an error, not a negative or saturated weight.
            if (text.matches("[0-9]+(\\.[0-9]*)?|[0-9.]+[eE][+]?[0-9]+")) {
                throw new io.myflame.core.model.WeightOverflow("the count " + text);
            }
            return -1;
        }
    }
}

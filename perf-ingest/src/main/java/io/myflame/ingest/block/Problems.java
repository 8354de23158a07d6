package io.myflame.ingest.block;

/**
 * Malformed lines and a cut-short last sample, counted, with the first place each was seen
 * (as chunk number and line within the chunk until the reader turns it into a file line).
 */
public final class Problems {
    public long malformed;
    public int malformedChunk = Integer.MAX_VALUE;
    public int malformedLine;
    public String malformedText;

    long tooLong;
    int tooLongChunk;
    int tooLongLine;

    public boolean truncated;
    int truncatedChunk;
    int truncatedLine;
    String truncatedText;

    public void malformed(int chunk, int line, String text) {
        malformed++;
        if (chunk < malformedChunk || (chunk == malformedChunk && line < malformedLine)) {
            malformedChunk = chunk;
            malformedLine = line;
            malformedText = text;
        }
    }

    void tooLong(int chunk, int line) {
        if (tooLong++ == 0) {
            tooLongChunk = chunk;
            tooLongLine = line;
        }
    }

    public void truncated(int chunk, int line, String text) {
        truncated = true;
        truncatedChunk = chunk;
        truncatedLine = line;
        truncatedText = text;
    }

    void mergeFrom(Problems o) {
        if (o.malformed > 0) {
            long before = malformed;
            malformed(o.malformedChunk, o.malformedLine, o.malformedText);
            malformed = before + o.malformed;
        }
        if (o.tooLong > 0 && tooLong == 0) {
            tooLongChunk = o.tooLongChunk;
            tooLongLine = o.tooLongLine;
        }
        tooLong += o.tooLong;
        if (o.truncated) {
            truncated(o.truncatedChunk, o.truncatedLine, o.truncatedText);
        }
    }

    /** The one-line warnings for what was counted, with file lines. */
    public java.util.List<String> warnings(String source, BlockReader.Merged m) {
        java.util.List<String> w = new java.util.ArrayList<>();
        if (malformed > 0) {
            w.add("ignored " + malformed + " malformed line" + (malformed == 1 ? "" : "s") + ", the first at "
                    + source + ":" + m.fileLine(malformedChunk, malformedLine) + ": " + abbreviate(malformedText));
        }
        if (tooLong > 0) {
            w.add(tooLongWarning(source, m));
        }
        if (truncated) {
            w.add("the last sample is cut short at " + source + ":" + m.fileLine(truncatedChunk, truncatedLine)
                    + " and was dropped");
        }
        return w;
    }

    /**
     * What a reader that found no samples says when it skipped over-long lines: they are the likely
     * reason (and the lines after one may look malformed without it); null when none was skipped.
     */
    public String tooLongWarning(String source, BlockReader.Merged m) {
        return tooLong == 0 ? null : "skipped " + tooLong + " line" + (tooLong == 1 ? "" : "s") + " longer than "
                + (BlockReader.MAX_BLOCK >> 20) + " MB, the first at " + source + ":" + m.fileLine(tooLongChunk, tooLongLine);
    }

    public static String abbreviate(String s) {
        return s.length() > 80 ? s.substring(0, 77) + "..." : s;
    }
}

package io.myflame.ingest.perf;

/**
 * Malformed lines and a cut-short last sample, counted, with the first place each was seen
 * (as chunk number and line within the chunk until the reader turns it into a file line).
 */
final class Problems {
    long malformed;
    int malformedChunk = Integer.MAX_VALUE;
    int malformedLine;
    String malformedText;

    boolean truncated;
    int truncatedChunk;
    int truncatedLine;
    String truncatedText;

    void malformed(int chunk, int line, String text) {
        malformed++;
        if (chunk < malformedChunk || (chunk == malformedChunk && line < malformedLine)) {
            malformedChunk = chunk;
            malformedLine = line;
            malformedText = text;
        }
    }

    void truncated(int chunk, int line, String text) {
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
        if (o.truncated) {
            truncated(o.truncatedChunk, o.truncatedLine, o.truncatedText);
        }
    }
}

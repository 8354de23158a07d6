package io.myflame.ingest.script;

import io.myflame.ingest.io.CountingInput;
import java.io.IOException;
import java.io.InputStream;
import org.apache.commons.exec.ExecuteWatchdog;

/**
 * Stops a child process that prints more than any {@code perf script} prints for the perf.data it
 * was given: a {@code --perf} wrapper that answers {@code --version} as perf and then prints
 * without end ({@code yes garbage}) never goes silent, so {@link SilenceWatch} never stops it, and
 * the parser would skip its lines for ever. perf script's text is bounded by the recording: each
 * sample is one header line and a frame per callchain entry, and a callchain entry is 8 bytes of
 * perf.data but one text line of address, name and binary (about 10 times as much on the bundled
 * frame-pointer capture, far less for dwarf recordings, whose stack copies are large). The default
 * bound, 256 bytes of text per byte of perf.data plus 256 MB, leaves room for long C++ names and
 * {@code --inline}'s extra frames; {@code -Dmyflame.perf.output.max.bytes} sets it outright.
 */
final class OutputLimit {
    private static final long PER_BYTE = 256;
    private static final long FLOOR = 256L << 20;

    private final ExecuteWatchdog dog;
    private final long limit;
    private volatile boolean exceeded;

    OutputLimit(ExecuteWatchdog dog, long perfDataBytes) {
        this.dog = dog;
        Long set = Long.getLong("myflame.perf.output.max.bytes");
        this.limit = set != null ? set : FLOOR + PER_BYTE * Math.max(0, Math.min(perfDataBytes, Long.MAX_VALUE / 512));
    }

    /** The bound in bytes. */
    long limit() {
        return limit;
    }

    /** {@code in}, which stops the child and fails the read once more than the bound was read. */
    InputStream watching(InputStream in) {
        return new CountingInput(in) {
            @Override
            protected void counted(long total) throws IOException {
                if (total > limit) {
                    exceeded = true;
                    dog.destroyProcess();
                    throw new IOException("output limit of " + limit + " bytes exceeded");
                }
            }
        };
    }

    /** Whether the child was stopped for printing too much. */
    boolean exceeded() {
        return exceeded;
    }
}

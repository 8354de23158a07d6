package io.myflame.ingest.folded;

import io.myflame.core.model.FrameTable;
import io.myflame.core.model.Profile;
import io.myflame.core.model.ProfileInfo;
import io.myflame.core.model.Thread;
import io.myflame.ingest.InputException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/**
 * Reads folded (collapsed) stacks, one per line: {@code root;caller;...;leaf weight}. The root is
 * the thread label ({@code comm}, {@code comm-PID} or {@code comm-PID/TID}). A folded file has no
 * sample counts, so a line counts as {@code weight} samples.
 */
public final class FoldedReader {
    private static final long TOO_LARGE = -2;

    private FoldedReader() {
    }

    /** Reads folded text as bytes (ISO-8859-1), so names from perf come back byte for byte. */
    public static Profile read(InputStream in, String source, ProfileInfo info, java.util.List<String> warnings)
            throws IOException, InputException {
        return read(in, StandardCharsets.ISO_8859_1, source, info, warnings);
    }

    /** Reads folded text in a given charset (UTF-8 for names that come from Java strings). */
    public static Profile read(InputStream in, java.nio.charset.Charset charset, String source, ProfileInfo info,
                               java.util.List<String> warnings) throws IOException, InputException {
        BufferedReader r = new BufferedReader(new InputStreamReader(in, charset), 1 << 16);
        FrameTable frames = new FrameTable();
        Profile.Builder b = Profile.builder(frames).info(info);
        Map<String, Integer> threads = new HashMap<>();
        int[] buf = new int[128];
        long lineNo = 0;
        long bad = 0;
        long firstBad = 0;
        String line;
        while ((line = r.readLine()) != null) {
            lineNo++;
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            int sp = line.lastIndexOf(' ');
            long weight = sp > 0 ? parseWeight(line, sp + 1) : -1;
            if (weight == TOO_LARGE) {
                throw new InputException(source + ":" + lineNo + ": the count " + line.substring(sp + 1).strip()
                        + " passes the largest weight, 2^63-1");
            }
            if (weight < 0) {
                if (bad++ == 0) {
                    firstBad = lineNo;
                }
                continue;
            }
            String[] parts = line.substring(0, sp).split(";", -1);
            int thread = threads.computeIfAbsent(parts[0], label -> b.thread(Thread.fromRootLabel(label)));
            if (buf.length < parts.length) {
                buf = new int[parts.length * 2];
            }
            for (int i = 1; i < parts.length; i++) {
                buf[i - 1] = frames.intern(parts[i]);
            }
            b.add(thread, buf, parts.length - 1, weight, weight);
        }
        Profile p = b.build();
        if (bad > 0) {
            warnings.add("ignored " + bad + " malformed line" + (bad == 1 ? "" : "s") + ", the first at "
                    + source + ":" + firstBad + " (expected 'frame;frame;... COUNT')");
        }
        if (p.size() == 0) {
            throw new InputException(bad > 0 ? source + ":" + firstBad + ": not folded stacks" : "no samples in " + source);
        }
        return p;
    }

    /** The count after the last space, or -1 when it is not a whole number (fractions are rounded). */
    private static long parseWeight(String line, int from) {
        String s = line.substring(from).strip();
        if (s.isEmpty()) {
            return -1;
        }
        try {
            return Long.parseLong(s);
        } catch (NumberFormatException e) {
            try {
                double d = Double.parseDouble(s);
                if (d >= 0x1p63 && !Double.isInfinite(d)) {
                    return TOO_LARGE;
                }
                return d >= 0 && !Double.isInfinite(d) ? Math.round(d) : -1;
            } catch (NumberFormatException e2) {
                return -1;
            }
        }
    }
}

package io.myflame.ingest;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;

/** What a profile input is, told from its first bytes rather than its name. */
public enum InputKind {
    CAPTURE_DIRECTORY, PERF_DATA, PERF_SCRIPT, FOLDED, JFR;

    private static final int SNIFF = 64 * 1024;

    /** Detects the kind of {@code path}; gzip is looked through. */
    public static InputKind detect(Path path) throws IOException, InputException {
        if (Files.isDirectory(path)) {
            return CAPTURE_DIRECTORY;
        }
        byte[] head;
        try (InputStream in = Files.newInputStream(path)) {
            head = in.readNBytes(SNIFF);
        }
        if (startsWith(head, "PERFILE2")) {
            return PERF_DATA;
        }
        if (startsWith(head, "FLR\0")) {
            return JFR;
        }
        if (head.length >= 2 && (head[0] & 0xff) == 0x1f && (head[1] & 0xff) == 0x8b) {
            try (InputStream in = new GZIPInputStream(Files.newInputStream(path))) {
                head = in.readNBytes(SNIFF);
            } catch (java.util.zip.ZipException e) {
                throw new InputException(path + ": broken gzip data (" + e.getMessage() + ")");
            }
        }
        return ofText(head, path.toString());
    }

    /** Tells perf script text from folded lines; rejects binary and empty input. */
    public static InputKind ofText(byte[] head, String source) throws InputException {
        if (head.length == 0) {
            throw new InputException(source + ": empty file, no samples");
        }
        // Text never holds a NUL byte; the first 4 KB tell binary data apart.
        for (int i = 0; i < Math.min(head.length, 4096); i++) {
            if (head[i] == 0) {
                throw new InputException(source + ": binary data, not a profile "
                        + "(expected perf.data, perf script text, folded stacks or a capture directory)");
            }
        }
        int p = 0;
        while (p < head.length) {
            int eol = p;
            while (eol < head.length && head[eol] != '\n') {
                eol++;
            }
            String line = new String(head, p, eol - p, StandardCharsets.ISO_8859_1);
            String t = line.strip();
            if (!t.isEmpty() && !t.startsWith("#")) {
                // "mariadbd;do_command;dispatch_command 1234": stack, space, count.
                return FOLDED_LINE.matcher(line).matches() && !line.startsWith(" ") && !line.startsWith("\t")
                        ? FOLDED : PERF_SCRIPT;
            }
            p = eol + 1;
        }
        throw new InputException(source + ": no samples (only comments or blank lines)");
    }

    private static final java.util.regex.Pattern FOLDED_LINE =
            java.util.regex.Pattern.compile("[^\\s].* \\d+(\\.\\d+)?\\r?");

    private static boolean startsWith(byte[] b, String magic) {
        byte[] m = magic.getBytes(StandardCharsets.ISO_8859_1);
        if (b.length < m.length) {
            return false;
        }
        for (int i = 0; i < m.length; i++) {
            if (b[i] != m[i]) {
                return false;
            }
        }
        return true;
    }
}

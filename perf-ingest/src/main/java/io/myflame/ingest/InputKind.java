package io.myflame.ingest;

import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;
import io.myflame.ingest.error.InputException;

/** What a profile input is, told from its first bytes rather than its name ({@link OpenedInput} looks once). */
public enum InputKind {
    CAPTURE_DIRECTORY, PERF_DATA, PERF_SCRIPT, FOLDED,
    /** Folded lines with two counts, {@code stack BASE NEW} (difffolded.pl, inferno-diff-folded). */
    DIFFERENTIAL_FOLDED,
    JFR;

    /** "mariadbd;do_command;dispatch_command 1234": stack, space, count. */
    private static final Pattern FOLDED_LINE = Pattern.compile("[^\\s].* \\d+(\\.\\d+)?\\r?");
    /** "mariadbd;do_command;dispatch_command 1234 1410": stack, space, count, space, count. */
    private static final Pattern DIFFERENTIAL_LINE = Pattern.compile("[^\\s].* \\d+(\\.\\d+)? \\d+(\\.\\d+)?\\r?");

    /** Detects the kind of {@code path} (a directory is a capture); gzip is looked through. */
    public static InputKind detect(java.nio.file.Path path) throws java.io.IOException, InputException {
        if (java.nio.file.Files.isDirectory(path)) {
            return CAPTURE_DIRECTORY;
        }
        try (OpenedInput in = OpenedInput.open(path.toString())) {
            return in.kind();
        }
    }

    /** The kind of a binary input from its magic bytes, or null when it is text. */
    public static InputKind ofMagic(byte[] head, int len) {
        if (startsWith(head, len, "PERFILE2")) {
            return PERF_DATA;
        }
        if (startsWith(head, len, "FLR\0")) {
            return JFR;
        }
        return null;
    }

    public static boolean isGzip(byte[] head, int len) {
        return len >= 2 && (head[0] & 0xff) == 0x1f && (head[1] & 0xff) == 0x8b;
    }

    /**
     * Tells perf script text from folded lines (one count or two) by the first lines that are not
     * comments; rejects binary and empty input. {@code head} holds at least the first whole
     * content line unless the input ends sooner.
     */
    public static InputKind ofText(byte[] head, String source) throws InputException {
        return ofText(head, head.length, true, source);
    }

    /**
     * The compressor whose magic {@code head} starts with, as "what: how to undo it", among those
     * myflame does not undo: the bundled captures keep their perf.data as {@code perf.data.xz}, and
     * "binary data" told a newcomer who named it nothing about what to do.
     */
    private static String compression(byte[] head, int len) {
        if (startsWith(head, len, 0xFD, '7', 'z', 'X', 'Z', 0)) {
            return "xz-compressed: xz -dk FILE";
        }
        // "BZh", the block size digit, then the block magic (pi's digits): "BZhandler;..." is text.
        if (startsWith(head, len, 'B', 'Z', 'h') && len > 6 && head[3] >= '1' && head[3] <= '9'
                && startsWith(java.util.Arrays.copyOfRange(head, 4, len), len - 4, 0x31, 0x41, 0x59)) {
            return "bzip2-compressed: bunzip2 -k FILE";
        }
        if (startsWith(head, len, 0x28, 0xB5, 0x2F, 0xFD)) {
            return "zstd-compressed: zstd -d FILE";
        }
        if (startsWith(head, len, 0x1F, 0x8B)) {
            return "gzip-compressed twice: gunzip it once";
        }
        return null;
    }

    private static boolean startsWith(byte[] head, int len, int... magic) {
        if (len < magic.length) {
            return false;
        }
        for (int i = 0; i < magic.length; i++) {
            if ((head[i] & 0xFF) != magic[i]) {
                return false;
            }
        }
        return true;
    }

    /** As {@link #ofText(byte[], String)} on {@code head[0, len)}; unless {@code whole}, its last line may be cut. */
    public static InputKind ofText(byte[] head, int len, boolean whole, String source) throws InputException {
        if (len == 0) {
            throw new InputException(source + ": empty file, no samples");
        }
        String packer = compression(head, len);
        if (packer != null) {
            String[] how = packer.split(": ", 2);
            throw new InputException(source + ": " + how[0] + " data, not a profile: decompress it first ("
                    + how[1] + "; myflame reads gzip itself)");
        }
        // Text never holds a NUL byte; the first 4 KB tell binary data apart.
        for (int i = 0; i < Math.min(len, 4096); i++) {
            if (head[i] == 0) {
                throw new InputException(source + ": binary data, not a profile "
                        + "(expected perf.data, perf script text, folded stacks, JFR or a capture directory)");
            }
        }
        InputKind kind = null;
        int p = 0;
        while (p < len) {
            int eol = p;
            while (eol < len && head[eol] != '\n') {
                eol++;
            }
            if (eol == len && !whole && kind != null) {
                break;
            }
            String line = new String(head, p, eol - p, StandardCharsets.ISO_8859_1);
            String t = line.strip();
            if (!t.isEmpty() && !t.startsWith("#")) {
                InputKind k = ofLine(line);
                // A differential file has two counts on every line; one line with one count makes it plain folded.
                if (k != DIFFERENTIAL_FOLDED || kind == null) {
                    kind = k;
                }
                if (kind != DIFFERENTIAL_FOLDED) {
                    return kind;
                }
            }
            p = eol + 1;
        }
        if (kind != null) {
            return kind;
        }
        throw new InputException(source + ": no samples (only comments or blank lines)");
    }

    private static InputKind ofLine(String line) {
        if (line.startsWith(" ") || line.startsWith("\t") || !FOLDED_LINE.matcher(line).matches()) {
            return PERF_SCRIPT;
        }
        return DIFFERENTIAL_LINE.matcher(line).matches() ? DIFFERENTIAL_FOLDED : FOLDED;
    }

    private static boolean startsWith(byte[] b, int len, String magic) {
        byte[] m = magic.getBytes(StandardCharsets.ISO_8859_1);
        if (len < m.length) {
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

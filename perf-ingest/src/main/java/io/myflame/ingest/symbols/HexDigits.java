package io.myflame.ingest.symbols;

import java.util.Arrays;

/** Hexadecimal digits read straight off bytes, for the text formats of symbols (kallsyms, the version-1 archive). */
final class HexDigits {
    private HexDigits() {
    }

    /** The value of each hexadecimal digit's byte ({@code b & 0xff}); -1 for every other byte, as Character.digit says. */
    static final byte[] VALUE = new byte[256];

    static {
        Arrays.fill(VALUE, (byte) -1);
        for (int i = 0; i < 16; i++) {
            VALUE["0123456789abcdef".charAt(i)] = (byte) i;
            VALUE["0123456789ABCDEF".charAt(i)] = (byte) i;
        }
    }
}

package io.myflame.core.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class EscapeTest {
    /** A name as the parsers intern it: one char per input byte. */
    static String raw(byte[] bytes) {
        return new String(bytes, StandardCharsets.ISO_8859_1);
    }

    @Test
    void validUtf8IsShownAsText() {
        String raw = raw("café_ünïcode::日本".getBytes(StandardCharsets.UTF_8));
        assertEquals("café_ünïcode::日本", Escape.decode(raw));
        assertEquals("café_ünïcode::日本", Escape.name(raw));
    }

    @Test
    void invalidBytesAreEscapedAndTheRestDecoded() {
        byte[] b = {'c', 'a', 'f', (byte) 0xe9, ' ', (byte) 0xc3, (byte) 0xa9, (byte) 0xff, (byte) 0xc0, (byte) 0xaf};
        // A lone Latin-1 é, a valid é, 0xff (never UTF-8) and an overlong '/' (C0 AF).
        assertEquals("caf\\xe9 é\\xff\\xc0\\xaf", Escape.decode(raw(b)));
    }

    @Test
    void controlCharactersAreMadeVisibleForTerminalsButKeptForJson() {
        String raw = "evil\u001b[31mred\u0007";
        assertEquals("evil\\x1b[31mred\\x07", Escape.name(raw));
        assertEquals(raw, Escape.decode(raw));
        assertEquals("tab\\x09 c1\\x85", Escape.name(raw("tab\t c1".getBytes(StandardCharsets.UTF_8))
                + raw(new byte[] {(byte) 0xc2, (byte) 0x85})));
    }

    @Test
    void messagesShowControlCharactersButKeepTheirLines() {
        assertEquals("mysqld: \\x1b[31mred\\x07 back\\x0d over\tcolumn\nnext line \\x7f\\x85",
                Escape.message("mysqld: \u001b[31mred\u0007 back\r over\tcolumn\nnext line \u007f\u0085"));
        assertEquals("plain line", Escape.message("plain line"));
        assertEquals("null", Escape.message(null));
    }

    @Test
    void typedTextBecomesRawAndBack() {
        assertEquals(raw("café".getBytes(StandardCharsets.UTF_8)), Escape.raw("café"));
        assertEquals("plain", Escape.raw("plain"));
        assertEquals("café", Escape.decode(Escape.raw("café")));
    }

    @Test
    void textThatIsAlreadyUnicodeIsLeftAlone() {
        assertEquals("\u00b5s/txn \u2192 \u00b1", Escape.text("\u00b5s/txn \u2192 \u00b1"));
        assertEquals("\u65e5\u00e9", Escape.decode("\u65e5\u00e9"));
    }

    @Test
    void csvNeutralisesFormulasAsOwaspRecommends() {
        assertEquals("'=1+2", Escape.csv("=1+2"));
        assertEquals("'+x", Escape.csv("+x"));
        assertEquals("'-x", Escape.csv("-x"));
        assertEquals("'@SUM(A1)", Escape.csv("@SUM(A1)"));
        assertEquals("\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\"", Escape.csv("=HYPERLINK(\"http://x\",\"y\")"));
        assertEquals("a=b", Escape.csv("a=b"));
        assertEquals("\"a,b\"", Escape.csv("a,b"));
    }
}

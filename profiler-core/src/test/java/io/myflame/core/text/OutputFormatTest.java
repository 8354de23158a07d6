package io.myflame.core.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.EnumSet;
import org.junit.jupiter.api.Test;

class OutputFormatTest {
    static final EnumSet<OutputFormat> ALL = EnumSet.allOf(OutputFormat.class);

    @Test
    void theFlagWinsOverTheExtension() {
        assertEquals(OutputFormat.MARKDOWN, OutputFormat.choose("markdown", Path.of("x.html"), ALL));
    }

    @Test
    void withoutAFlagTheExtensionChooses() {
        assertEquals(OutputFormat.HTML, OutputFormat.choose(null, Path.of("out/report.HTML"), ALL));
        assertEquals(OutputFormat.CSV, OutputFormat.choose(null, Path.of("t.csv"), ALL));
        assertEquals(OutputFormat.MARKDOWN, OutputFormat.choose(null, Path.of("t.md"), ALL));
        assertEquals(OutputFormat.JSON, OutputFormat.choose(null, Path.of("t.json"), ALL));
        assertEquals(OutputFormat.TEXT, OutputFormat.choose(null, Path.of("t.txt"), ALL));
        assertEquals(OutputFormat.TEXT, OutputFormat.choose(null, null, ALL));
    }

    @Test
    void anUnsupportedFormatIsAMessageNamingTheChoices() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> OutputFormat.choose(null, Path.of("t.html"), EnumSet.of(OutputFormat.TEXT, OutputFormat.CSV)));
        assertTrue(e.getMessage().contains("text, csv"), e.getMessage());
        assertTrue(e.getMessage().contains("t.html"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> OutputFormat.choose("yaml", null, ALL));
    }
}

package io.myflame.ingest.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * {@link JsonTokens} against Jackson's {@code JsonParser} (default features), which read capture.json
 * before it: the same tokens with the same texts for every document Jackson reads, and a refusal for
 * every one it refuses. The documents: hand-picked corner cases of JSON's grammar, and the bundled
 * capture.json files cut short at every byte and with bytes replaced.
 */
class JsonTokensTest {
    private static final JsonFactory JACKSON = new JsonFactory();

    @Test
    void cornerCasesOfTheGrammarReadAsJacksonReadsThem() throws Exception {
        String[] documents = {
            "", "  ", "{}", "[]", "{\"a\":1}", "[1,2.5,-0,-0.0,1e5,1E+5,1e-5,0.5e2]", "{\"a\":{\"b\":[{}, [], null]}}",
            "{\"a\":true,\"b\":false,\"c\":null}", "\"x\"", "5", "{\"a\":1,\"a\":2}",
            "{\"s\":\"\\\"\\\\\\/\\b\\f\\n\\r\\t\\u00e9\\uD800\\u0041\"}", "{\"s\":\"caf\u00e9 \u65e5\u672c\"}",
            "{\"a\":1,}", "[1,]", "[,1]", "{,}", "{\"a\"}", "{\"a\" 1}", "{\"a\":}", "{a:1}", "{'a':1}", "[01]",
            "[-01]", "[1.]", "[.5]", "[+1]", "[1e]", "[1e+]", "[-]", "[NaN]", "[Infinity]", "[tru]", "[trueX]",
            "[nul]", "[null1]", "[1x]", "[1 2]", "[\"a\" \"b\"]", "{\"a\":1 \"b\":2}", "[\"\\x\"]", "[\"\\u12\"]",
            "[\"\\u12g4\"]", "[\"tab\there\"]", "[\"nl\nhere\"]", "[\"\\'\"]", "[1}", "{\"a\":1]", "[[[]]",
            "{\"a\":[1,2}", "[1]]", "/* c */ {}", "{\"a\":1 // c\n}", "[\u0000]", "{\"a\":1}\u00a0",
            "\ufeff{\"a\":1}", "{\"a\":\r\n1,\r\"b\":\n2}", "[1e999, -1e999, 99999999999999999999]", "[\"\u007f\"]",
            "[-a]", "[--1]", "[1.5.3]", "[1e5e]", "{\"\":0}", "[true,false]", "{\"a\":[1,{\"b\":[true]}]}",
        };
        for (String d : documents) {
            assertSameTokens(d.getBytes(StandardCharsets.UTF_8), d);
        }
        assertSameTokens(new byte[] {'[', '"', (byte) 0xc3, '"', ']'}, "a cut UTF-8 sequence");
        assertSameTokens(new byte[] {'[', '"', (byte) 0xff, '"', ']'}, "a byte UTF-8 never has");
        assertSameTokens("[".repeat(1000).concat("]".repeat(1000)).getBytes(StandardCharsets.UTF_8), "1,000 deep");
        assertSameTokens("[".repeat(1001).concat("]".repeat(1001)).getBytes(StandardCharsets.UTF_8), "1,001 deep");
    }

    /** Every bundled capture.json, whole, cut short at each byte, and with bytes replaced here and there. */
    @Test
    void theBundledCaptureJsonFilesWholeCutAndDamagedReadAsJacksonReadsThem() throws Exception {
        List<Path> files;
        try (Stream<Path> s = Files.list(CaptureRecordTest.CAPTURES)) {
            files = s.map(d -> d.resolve(CaptureDirectory.METADATA)).filter(Files::isRegularFile).sorted().toList();
        }
        assertTrue(files.size() >= 5, files.toString());
        byte[] replacements = "{}[],:\"\\ 0-.eE+tfn\n\t/x".getBytes(StandardCharsets.ISO_8859_1);
        Random random = new Random(34);
        int documents = 0;
        for (Path f : files) {
            byte[] whole = Files.readAllBytes(f);
            assertSameTokens(whole, f.toString());
            for (int cut = 0; cut < whole.length; cut++) {
                assertSameTokens(java.util.Arrays.copyOf(whole, cut), f + " cut at " + cut);
                documents++;
            }
            for (int i = 0; i < 1500; i++) {
                byte[] damaged = whole.clone();
                int at = random.nextInt(whole.length);
                damaged[at] = random.nextInt(8) == 0 ? (byte) random.nextInt(256) : replacements[random.nextInt(replacements.length)];
                assertSameTokens(damaged, f + " with byte " + at + " replaced");
                documents++;
            }
        }
        assertTrue(documents > 10_000, documents + " documents");
    }

    /** Errors name the line they are on, counting "\r\n" as one line break. */
    @Test
    void aMalformedDocumentNamesItsLine() {
        JsonTokens.Malformed e = assertThrows(JsonTokens.Malformed.class,
                () -> all(new JsonTokens("{\r\n\"a\": 1,\n\n\"b\" 2}".getBytes(StandardCharsets.UTF_8))));
        assertEquals(4, e.line);
        assertTrue(e.detail.startsWith("unexpected character '2': expected a colon"), e.detail);
    }

    /** Both readers' tokens up to the end of the top value, or "refused" when either refuses it. */
    private static void assertSameTokens(byte[] document, String what) throws IOException {
        assertEquals(jackson(document), mine(document), what);
    }

    private static List<String> jackson(byte[] document) throws IOException {
        List<String> tokens = new ArrayList<>();
        try (JsonParser p = JACKSON.createParser(document)) {
            int depth = 0;
            for (JsonToken t = p.nextToken(); t != null; t = p.nextToken()) {
                String kind = switch (t) {
                    case START_OBJECT -> "{";
                    case END_OBJECT -> "}";
                    case START_ARRAY -> "[";
                    case END_ARRAY -> "]";
                    case FIELD_NAME -> "name " + p.currentName();
                    case VALUE_STRING -> "string " + p.getText();
                    case VALUE_NUMBER_INT -> "int " + p.getText();
                    case VALUE_NUMBER_FLOAT -> "float " + p.getText();
                    default -> p.getText();
                };
                tokens.add(kind);
                depth += t.isStructStart() ? 1 : t.isStructEnd() ? -1 : 0;
                if (depth == 0) {
                    break;
                }
            }
        } catch (JsonProcessingException e) {
            return List.of("refused");
        }
        return tokens;
    }

    private static List<String> mine(byte[] document) {
        try {
            return all(new JsonTokens(document));
        } catch (JsonTokens.Malformed e) {
            return List.of("refused");
        }
    }

    private static List<String> all(JsonTokens p) throws JsonTokens.Malformed {
        List<String> tokens = new ArrayList<>();
        int depth = 0;
        for (JsonTokens.Token t = p.next(); t != null; t = p.next()) {
            String kind = switch (t) {
                case START_OBJECT, END_OBJECT, START_ARRAY, END_ARRAY -> t.shown;
                case FIELD_NAME -> "name " + p.text();
                case STRING -> "string " + p.text();
                case INT -> "int " + p.text();
                case FLOAT -> "float " + p.text();
                default -> p.text();
            };
            tokens.add(kind);
            depth += t == JsonTokens.Token.START_OBJECT || t == JsonTokens.Token.START_ARRAY ? 1
                    : t == JsonTokens.Token.END_OBJECT || t == JsonTokens.Token.END_ARRAY ? -1 : 0;
            if (depth == 0) {
                break;
            }
        }
        return tokens;
    }
}

package io.myflame.ingest.folded;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.myflame.ingest.block.ByteScan;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/**
 * {@link FrameNumbers} numbers frames as a map of their text would, line after line: a frame seen
 * before gets the number it was given, whether its key sits in its first slot or further along the
 * probe, whether another key shares its hash, and across the table's growth.
 */
class FrameNumbersTest {
    /** Frames from a small alphabet (repeats within a line and across lines), empty frames included. */
    private static final String[] NAMES = new String[700];

    static {
        for (int i = 0; i < NAMES.length; i++) {
            NAMES[i] = i == 0 ? "" : "mod" + (i % 7) + "::f" + i + "x".repeat(i % 23);
        }
    }

    @Property(tries = 60)
    void numbersAgreeWithAMapOfTheFramesText(
            @ForAll @Size(min = 1, max = 300) List<@Size(max = 60) List<@IntRange(min = 0, max = 699) Integer>> lines,
            @ForAll @IntRange(min = 0, max = 2) int hashing) {
        // 8 slots at first: the table grows several times
        FrameNumbers numbers = new FrameNumbers(8);
        Map<String, Integer> expected = new HashMap<>();
        for (List<Integer> line : lines) {
            // one line's bytes, its frames side by side (with ';' between, as in a folded line)
            ByteArrayOutputStream text = new ByteArrayOutputStream();
            int[] from = new int[line.size()];
            int[] to = new int[line.size()];
            for (int k = 0; k < line.size(); k++) {
                from[k] = text.size();
                text.writeBytes(NAMES[line.get(k)].getBytes(StandardCharsets.ISO_8859_1));
                to[k] = text.size();
                text.write(';');
            }
            byte[] b = text.toByteArray();
            numbers.clear();
            for (int k = 0; k < line.size(); k++) {
                numbers.queue(from[k], to[k], hash(hashing, b, from[k], to[k]));
            }
            numbers.lookUp(b);
            for (int k = 0; k < line.size(); k++) {
                String name = NAMES[line.get(k)];
                int n = numbers.number(k);
                if (n < 0 && (n = numbers.find(b, k)) < 0) {
                    n = expected.size();
                    assertEquals(null, expected.get(name), "a frame seen before was not found: '" + name + "'");
                    numbers.put(b, k, n);
                    expected.put(name, n);
                }
                assertEquals(expected.get(name), n, name);
                assertEquals(n, numbers.number(k));
            }
        }
    }

    /** The parser's hash; or one that puts many keys on one probe; or one hash for every key. */
    private static int hash(int hashing, byte[] b, int from, int to) {
        int h = ByteScan.hashRange(b, from, to);
        return switch (hashing) {
            case 0 -> h;
            case 1 -> h & 0x30003;
            default -> 42;
        };
    }

    /**
     * A longer frame with the hash of the last key in the arena, which fills it to the byte: the lookup
     * reads no further than that key (it read by the frame's length, past the arena's end).
     */
    @org.junit.jupiter.api.Test
    void aLongerFrameOfTheSameHashReadsNoFurtherThanTheKey() {
        FrameNumbers numbers = new FrameNumbers(8);
        byte[] shorter = "s".repeat(4096 - 12).getBytes(StandardCharsets.ISO_8859_1);
        numbers.queue(0, shorter.length, 7);
        numbers.lookUp(shorter);
        assertEquals(-1, numbers.number(0));
        numbers.put(shorter, 0, 0);
        byte[] longer = "s".repeat(5000).getBytes(StandardCharsets.ISO_8859_1);
        numbers.clear();
        numbers.queue(0, longer.length, 7);
        numbers.lookUp(longer);
        assertEquals(-1, numbers.number(0));
        assertEquals(-1, numbers.find(longer, 0));
        numbers.put(longer, 0, 1);
        numbers.clear();
        numbers.queue(0, shorter.length, 7);
        numbers.queue(0, longer.length, 7);
        numbers.lookUp(longer);
        int first = numbers.number(0) >= 0 ? numbers.number(0) : numbers.find(longer, 0);
        int second = numbers.number(1) >= 0 ? numbers.number(1) : numbers.find(longer, 1);
        assertEquals(0, first);
        assertEquals(1, second);
    }
}

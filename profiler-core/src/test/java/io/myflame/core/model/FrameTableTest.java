package io.myflame.core.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** Names get dense ids in first-seen order, keep them in a copy, and a built profile's table takes no new ones. */
class FrameTableTest {
    @Test
    void namesAreNumberedInFirstSeenOrderPastSeveralGrowths() {
        FrameTable t = new FrameTable();
        int n = 20_000;
        for (int i = 0; i < n; i++) {
            assertEquals(i, t.intern("f" + i));
        }
        // "Aa" and "BB" share String.hashCode: both kept apart
        assertEquals(n, t.intern("Aa"));
        assertEquals(n + 1, t.intern("BB"));
        for (int i = n - 1; i >= 0; i--) {
            assertEquals(i, t.intern("f" + i));
            assertEquals("f" + i, t.name(i));
        }
        assertEquals(n, t.find("Aa"));
        assertEquals(n + 1, t.find("BB"));
        assertEquals(-1, t.find("C#"));
        assertEquals(n + 2, t.size());
        assertThrows(IndexOutOfBoundsException.class, () -> t.name(n + 2), "an id no name was given");
    }

    @Test
    void aCopyOfALargeTableGrowsApartFromTheOriginal() {
        FrameTable t = new FrameTable();
        for (int i = 0; i < 5_000; i++) {
            t.intern("f" + i);
        }
        FrameTable copy = FrameTable.copyOf(t);
        for (int i = 0; i < 5_000; i++) {
            assertEquals(i, copy.find("f" + i));
            assertEquals("f" + i, copy.name(i));
        }
        for (int i = 0; i < 20_000; i++) {
            assertEquals(5_000 + i, copy.intern("g" + i));
        }
        assertEquals(5_000, t.intern("h"));
        assertEquals(-1, t.find("g0"));
        assertEquals(-1, copy.find("h"));
        assertEquals("g0", copy.name(5_000));
        assertEquals("h", t.name(5_000));
        assertEquals(5_001, t.size());
        assertEquals(25_000, copy.size());
    }

    @Test
    void aCopyKeepsTheIdsAndTakesNewNamesWhenTheOriginalIsFrozen() {
        FrameTable t = new FrameTable();
        t.intern("main");
        t.intern("do_command");
        t.freeze();
        FrameTable copy = FrameTable.copyOf(t);
        assertEquals(1, copy.find("do_command"));
        assertEquals(2, copy.intern("mariadbd"));
        assertEquals(-1, t.find("mariadbd"));
        assertEquals(0, t.intern("main"), "a known name is found in a frozen table");
        assertThrows(IllegalStateException.class, () -> t.intern("mariadbd"));
    }
}

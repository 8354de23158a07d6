package io.myflame.core.model;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

/**
 * An arena gives back every stack it was given, by any of its ways of reading (a copy, a copy into a
 * buffer, in place, frame by frame), over many pages and stacks longer than a page; an arena built
 * over another shares its stacks or puts a root under copies of them without changing the other;
 * selections and copies stay apart from what they came from.
 */
class StackArenaTest {
    @Property(tries = 200)
    void givesBackEveryStackAsGiven(
            @ForAll @Size(max = 200) List<@Size(max = 40) List<@IntRange(min = 0, max = 50) Integer>> stacks) {
        int[][] given = arrays(stacks);
        StackArena arena = StackArena.of(given);
        assertStacks(given, arena);
    }

    @Test
    void stacksFillManyPagesAndOneLongerThanAPageGetsItsOwn() {
        Random r = new Random(7);
        int[][] given = new int[40_000][];
        for (int i = 0; i < given.length; i++) {
            given[i] = random(r, i == 20_000 ? StackArena.LARGEST_PAGE + 5 : r.nextInt(60));
        }
        StackArena arena = StackArena.of(given);
        assertStacks(given, arena);
        assertEquals(StackArena.LARGEST_PAGE + 5, arena.array(20_000).length, "a page of its own");
    }

    @Test
    void anArenaOverAnotherSharesItsStacksOrPutsARootUnderCopies() {
        Random r = new Random(11);
        int[][] given = new int[5_000][];
        for (int i = 0; i < given.length; i++) {
            given[i] = random(r, r.nextInt(30));
        }
        StackArena base = StackArena.of(given);
        StackArena.Builder b = StackArena.Builder.over(base, 16);
        int[][] expected = new int[given.length][];
        for (int i = given.length - 1; i >= 0; i--) {
            int e;
            if (i % 3 == 0) {
                e = b.addUnder(-1, base.array(i), base.start(i), base.depth(i));
                expected[given.length - 1 - i] = prefixed(-1, given[i]);
            } else {
                e = b.share(i);
                expected[given.length - 1 - i] = given[i];
            }
            assertEquals(given.length - 1 - i, e);
        }
        StackArena over = b.build();
        assertStacks(expected, over);
        assertStacks(given, base);
        assertSame(base.array(1), over.array(given.length - 2), "a shared stack is read where the base keeps it");
        assertThrows(NullPointerException.class, () -> new StackArena.Builder(4).share(0), "no arena to share from");
    }

    @Test
    void aSelectionReadsTheChosenStacksAndACopyChangesApart() {
        int[][] given = {{1, 2, 3}, {}, {4}, {5, 6}};
        StackArena arena = StackArena.of(given);
        StackArena chosen = arena.select(new int[] {3, 0, 3, 9}, 3);
        assertStacks(new int[][] {{5, 6}, {1, 2, 3}, {5, 6}}, chosen);
        StackArena copy = arena.copy();
        copy.array(0)[copy.start(0)] = 42;
        assertEquals(42, copy.frame(0, 0));
        assertEquals(1, arena.frame(0, 0), "the copy's pages are its own");
        assertThrows(IndexOutOfBoundsException.class, () -> arena.select(new int[] {4}, 1));
        assertThrows(IndexOutOfBoundsException.class, () -> arena.frame(2, 1), "past the stack's end");
        assertThrows(IndexOutOfBoundsException.class, () -> arena.depth(4));
    }

    private static void assertStacks(int[][] expected, StackArena arena) {
        assertEquals(expected.length, arena.size());
        int[] buf = new int[1];
        for (int i = 0; i < expected.length; i++) {
            int[] s = expected[i];
            assertEquals(s.length, arena.depth(i));
            assertArrayEquals(s, arena.copy(i));
            buf = arena.copy(i, buf);
            assertArrayEquals(s, Arrays.copyOf(buf, s.length));
            assertArrayEquals(s, Arrays.copyOfRange(arena.array(i), arena.start(i), arena.start(i) + s.length));
            for (int j = 0; j < s.length; j++) {
                assertEquals(s[j], arena.frame(i, j));
            }
        }
    }

    private static int[][] arrays(List<List<Integer>> stacks) {
        List<int[]> out = new ArrayList<>();
        for (List<Integer> s : stacks) {
            out.add(s.stream().mapToInt(Integer::intValue).toArray());
        }
        return out.toArray(new int[0][]);
    }

    private static int[] random(Random r, int len) {
        int[] s = new int[len];
        for (int i = 0; i < len; i++) {
            s[i] = r.nextInt(1000);
        }
        return s;
    }

    private static int[] prefixed(int root, int[] s) {
        int[] out = new int[s.length + 1];
        out[0] = root;
        System.arraycopy(s, 0, out, 1, s.length);
        return out;
    }
}

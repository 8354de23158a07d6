package io.myflame.core.model;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Keys are summed and kept in insertion order across many pages of frames, including stacks longer than a page,
 * and a drained map gives the same entries as one iterated in place, then refuses more work.
 */
class StackMapTest {
    /** A reference: (thread, frames) → {weight, count}, in insertion order. */
    private final Map<List<Integer>, long[]> expected = new LinkedHashMap<>();

    @Test
    void sumsRepeatsAndKeepsOrderOverManyPagesReservesAndStacksLongerThanAPage() {
        StackMap m = new StackMap();
        Random r = new Random(21);
        List<int[]> seen = new ArrayList<>();
        for (int i = 0; i < 30_000; i++) {
            int[] stack = i % 7 == 0 && !seen.isEmpty() ? seen.get(r.nextInt(seen.size())) : randomStack(r, i);
            seen.add(stack);
            int thread = stack.length % 3;
            add(m, thread, stack, 1 + r.nextInt(5));
        }
        // room made for exactly three more, then more than that: the entry arrays grow again
        m.reserve(m.size() + 3);
        m.reserve(1);
        for (int i = 0; i < 10; i++) {
            add(m, 2, randomStack(r, i), 1);
        }
        // far longer than the largest page (1M frames): a page of its own
        add(m, 0, randomStack(new Random(1), 1_100_000), 9);
        add(m, 1, randomStack(new Random(2), 50), 2);
        assertEquals(expected.size(), m.size());
        assertEquals(entries(expected), visited(m, false));
    }

    @Test
    void aDrainedMapGivesWhatItHeldAndThenRefusesMore() {
        StackMap m = new StackMap();
        Random r = new Random(5);
        for (int i = 0; i < 20_000; i++) {
            add(m, i % 4, randomStack(r, i), i);
        }
        List<String> inPlace = visited(m, false);
        assertEquals(inPlace, visited(m, true));
        assertThrows(IllegalStateException.class, () -> m.add(0, new int[] {1}, 1, 1, 1));
        assertThrows(IllegalStateException.class, () -> m.forEachInPlace((e, t, a, f, l, w, c) -> { }));
    }

    @Test
    void aTakenMapHandsOverItsEntriesAsTheyAreThenRefusesMore() {
        StackMap m = new StackMap();
        Random r = new Random(9);
        for (int i = 0; i < 20_000; i++) {
            add(m, i % 4, i % 5 == 0 ? new int[] {i % 50} : randomStack(r, i), i % 7);
        }
        List<String> inPlace = visited(m, false);
        StackMap.Entries view = m.entries();
        assertEquals(inPlace, listed(view));
        add(m, 1, new int[] {3, 1, 4, 1, 5}, 3);
        StackMap.Entries taken = m.take();
        assertEquals(entries(expected), listed(taken));
        assertEquals(m.size(), taken.frames().size());
        assertThrows(IllegalStateException.class, () -> m.add(0, new int[] {1}, 1, 1, 1));
        assertThrows(IllegalStateException.class, m::entries);
        assertThrows(IllegalStateException.class, m::take);
    }

    @Test
    void adoptedStacksStayOnTheirPagesAndAStackAddedAfterGoesToANewOne() {
        Random r = new Random(4);
        List<int[]> stacks = new ArrayList<>();
        for (int i = 0; i < 7_000; i++) {
            stacks.add(randomStack(r, i));
        }
        // stacks 2,000 to 2,999 are in both maps
        StackMap m = new StackMap();
        for (int i = 0; i < 3_000; i++) {
            add(m, i % 3, stacks.get(i), 2);
        }
        StackMap other = new StackMap();
        for (int i = 2_000; i < 7_000; i++) {
            other.add(i % 3, stacks.get(i), stacks.get(i).length, 3, 1);
        }
        StackMap.Entries taken = other.take();
        StackArena arena = taken.frames();
        int firstPage = m.adoptPages(arena);
        for (int i = 0; i < arena.size(); i++) {
            int h = StackMap.hash(taken.thread()[i], arena.array(i), arena.start(i), arena.depth(i));
            int found = m.find(taken.thread()[i], arena.array(i), arena.start(i), arena.depth(i), h);
            List<Integer> key = new ArrayList<>();
            key.add(taken.thread()[i]);
            for (int f : arena.copy(i)) {
                key.add(f);
            }
            if (found >= 0) {
                m.sum(found, taken.weight()[i], taken.count()[i]);
            } else {
                m.adopt(firstPage, arena, i, taken.thread()[i], taken.weight()[i], taken.count()[i], h, true);
            }
            long[] sum = expected.computeIfAbsent(key, k -> new long[2]);
            sum[0] += taken.weight()[i];
            sum[1] += taken.count()[i];
        }
        add(m, 1, new int[] {2, 7, 1, 8}, 5);
        // an adopted stack is found like any other
        add(m, taken.thread()[7], arena.copy(7), 1);
        assertEquals(expected.size(), m.size());
        assertEquals(entries(expected), visited(m, false));
        assertEquals(entries(expected), visited(m, true));
        StackMap last = new StackMap();
        last.add(0, new int[] {1}, 1, 1, 1);
        last.adopt(last.adoptPages(arena), arena, 0, 5, 1, 1, 0, false);
        assertThrows(IllegalStateException.class, () -> last.add(0, new int[] {1}, 1, 1, 1), "unindexed: finds no more");
        assertThrows(IllegalStateException.class, () -> last.find(0, new int[] {1}, 0, 1, 0));
        assertEquals(2, last.size());
    }

    private static List<String> listed(StackMap.Entries entries) {
        List<String> out = new ArrayList<>();
        for (int e = 0; e < entries.frames().size(); e++) {
            List<Integer> frames = new ArrayList<>();
            for (int f : entries.frames().copy(e)) {
                frames.add(f);
            }
            out.add(entries.thread()[e] + ":" + frames + "=" + entries.weight()[e] + "/" + entries.count()[e]);
        }
        assertEquals(entries.frames().size(), entries.thread().length);
        assertEquals(entries.frames().size(), entries.weight().length);
        assertEquals(entries.frames().size(), entries.count().length);
        return out;
    }

    @Test
    void forEachHandsOutCopiesThatOutliveTheCall() {
        StackMap m = new StackMap();
        m.add(2, new int[] {4, 5, 6, 99}, 3, 10, 1);
        m.add(2, new int[] {4, 5, 6}, 3, 5, 2);
        List<int[]> kept = new ArrayList<>();
        m.forEach((e, t, frames, w, c) -> {
            kept.add(frames);
            assertEquals(2, t);
            assertEquals(15, w);
            assertEquals(3, c);
        });
        assertArrayEquals(new int[] {4, 5, 6}, kept.get(0));
    }

    private void add(StackMap m, int thread, int[] stack, long weight) {
        m.add(thread, stack, stack.length, weight, 1);
        List<Integer> key = new ArrayList<>();
        key.add(thread);
        for (int f : stack) {
            key.add(f);
        }
        long[] sum = expected.computeIfAbsent(key, k -> new long[2]);
        sum[0] += weight;
        sum[1]++;
    }

    private static int[] randomStack(Random r, int seed) {
        int len = seed >= 1_000_000 ? seed : 1 + r.nextInt(seed % 100 == 0 ? 3000 : 40);
        int[] s = new int[len];
        for (int i = 0; i < len; i++) {
            s[i] = r.nextInt(500);
        }
        return s;
    }

    private static List<String> entries(Map<List<Integer>, long[]> m) {
        List<String> out = new ArrayList<>();
        m.forEach((k, v) -> out.add(k.get(0) + ":" + k.subList(1, k.size()) + "=" + v[0] + "/" + v[1]));
        return out;
    }

    private static List<String> visited(StackMap m, boolean drain) {
        List<String> out = new ArrayList<>();
        StackMap.InPlaceVisitor v = (e, t, arena, from, len, w, c) -> {
            List<Integer> frames = new ArrayList<>();
            for (int f : Arrays.copyOfRange(arena, from, from + len)) {
                frames.add(f);
            }
            out.add(t + ":" + frames + "=" + w + "/" + c);
        };
        if (drain) {
            m.drain(v);
        } else {
            m.forEachInPlace(v);
        }
        return out;
    }
}

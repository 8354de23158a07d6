package io.myflame.core.hash;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongToIntFunction;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

/**
 * The slot table numbers keys densely in insertion order and finds every one of them again, however
 * their hashes collide and however many times it grows; {@code replace} hides the older entry for good.
 */
class SlotIndexTest {
    /** A caller as the index expects one: long keys in its own array, the equality test in its probe loop. */
    private static final class LongKeys {
        final SlotIndex index;
        final LongToIntFunction hash;
        long[] keys = new long[4];

        LongKeys(int initialSlots, LongToIntFunction hash) {
            this(new SlotIndex(initialSlots), hash, new long[4]);
        }

        LongKeys(SlotIndex index, LongToIntFunction hash, long[] keys) {
            this.index = index;
            this.hash = hash;
            this.keys = keys;
        }

        /** The slot holding {@code key}, or the empty slot that ended its probe. */
        int slot(long key) {
            int h = hash.applyAsInt(key);
            int s = index.first(h);
            for (int e; (e = index.entry(s)) >= 0; s = index.next(s)) {
                if (index.hash(e) == h && keys[e] == key) {
                    break;
                }
            }
            return s;
        }

        int find(long key) {
            return index.entry(slot(key));
        }

        int intern(long key) {
            int s = slot(key);
            int e = index.entry(s);
            return e >= 0 ? e : store(index.claim(s, hash.applyAsInt(key)), key);
        }

        int replace(long key) {
            return store(index.replace(slot(key)), key);
        }

        int add(long key) {
            return store(index.add(hash.applyAsInt(key)), key);
        }

        int store(int e, long key) {
            if (e == keys.length) {
                keys = Arrays.copyOf(keys, e * 2);
            }
            keys[e] = key;
            return e;
        }
    }

    private static int mixed(long key) {
        long x = key * 0x9E3779B97F4A7C15L;
        return (int) (x ^ (x >>> 29));
    }

    @Test
    void keysWithOneHashAreAllNumberedAndFound() {
        for (int sameHash : List.of(0, -1, 0x7fffffff, 12345)) {
            LongKeys k = new LongKeys(2, key -> sameHash);
            for (long key = 0; key < 600; key++) {
                assertEquals(key, k.intern(key * 31), "entry of the " + key + "th key");
            }
            for (long key = 599; key >= 0; key--) {
                assertEquals(key, k.find(key * 31));
                assertEquals(key, k.intern(key * 31), "a key seen before keeps its entry");
            }
            assertEquals(-1, k.find(1), "an absent key with the same hash");
            assertEquals(600, k.index.size());
        }
    }

    @Test
    void entriesStayDenseInInsertionOrderThroughManyRehashes() {
        LongKeys k = new LongKeys(2, SlotIndexTest::mixed);
        int n = 200_000; // 2 slots doubled to 524288: 18 rehashes
        for (int i = 0; i < n; i++) {
            assertEquals(i, k.intern(i * 7919L + 3));
        }
        assertEquals(n, k.index.size());
        for (int i = n - 1; i >= 0; i--) {
            assertEquals(i, k.find(i * 7919L + 3));
        }
        for (int i = 0; i < 1000; i++) {
            assertEquals(-1, k.find(i * 7919L + 4));
        }
    }

    @Test
    void addNumbersKeysKnownToBeAbsent() {
        LongKeys k = new LongKeys(4, key -> (int) (key & 3));
        for (int i = 0; i < 100; i++) {
            assertEquals(i, k.add(i));
        }
        for (int i = 0; i < 100; i++) {
            assertEquals(i, k.find(i));
        }
    }

    @Test
    void replaceHidesTheOlderEntryEvenAfterGrowing() {
        LongKeys k = new LongKeys(2, key -> (int) key % 3);
        assertEquals(0, k.intern(5));
        assertEquals(1, k.intern(8));
        assertEquals(2, k.replace(5));
        assertEquals(2, k.find(5), "the newest entry of a key is found");
        for (int i = 100; i < 400; i++) {
            k.intern(i);
        }
        assertEquals(2, k.find(5), "growing brought the older entry back");
        assertEquals(1, k.find(8));
        assertEquals(303, k.replace(8));
        assertEquals(303, k.find(8));
    }

    @Test
    void aKeyReplacedOverAndOverThroughManyRehashesFindsItsNewestEntry() {
        LongKeys k = new LongKeys(2, key -> (int) (key % 5));
        int newest = k.intern(-1);
        for (int i = 0; i < 3000; i++) {
            k.intern(i);
            if (i % 3 == 0) {
                newest = k.replace(-1);
                assertEquals(newest, k.find(-1));
            }
        }
        assertEquals(newest, k.find(-1));
        assertEquals(3000 + 1 + 1000, k.index.size(), "a replaced entry keeps its number");
        for (int i = 0; i < 3000; i++) {
            assertEquals(-1, k.find(-1 - 5L * (i + 1)), "a key with -1's hash that was never added");
        }
    }

    @Test
    void aCopyFindsWhatTheOriginalHeldAndNumbersNewKeysApart() {
        LongKeys k = new LongKeys(2, key -> (int) (key % 7));
        for (int i = 0; i < 500; i++) {
            k.intern(i);
        }
        assertEquals(500, k.replace(3));
        SlotIndex copied = k.index.copy();
        LongKeys c = new LongKeys(copied, k.hash, k.keys.clone());
        for (int i = 0; i < 500; i++) {
            assertEquals(i == 3 ? 500 : i, c.find(i));
        }
        // each grows on its own: the copy past several doublings, the original by one key
        for (int i = 1000; i < 3000; i++) {
            assertEquals(i - 1000 + 501, c.intern(i));
        }
        assertEquals(501, k.intern(-7));
        assertEquals(-1, k.find(1000));
        assertEquals(-1, c.find(-7));
        assertEquals(500, c.find(3), "a replaced entry stays hidden in the copy after it grows");
        assertEquals(502, k.index.size());
        assertEquals(2501, c.index.size());
    }

    @Property(tries = 200)
    void numbersKeysAsAMapWouldInAnyMixOfCollisions(
            @ForAll @Size(max = 3000) List<@LongRange(min = -500, max = 500) Long> keys,
            @ForAll @IntRange(min = 1, max = 64) int hashes, @ForAll @IntRange(min = 2, max = 64) int initialSlots) {
        LongKeys k = new LongKeys(initialSlots, key -> Long.hashCode(key) % hashes);
        Map<Long, Integer> expected = new HashMap<>();
        for (long key : keys) {
            int e = k.intern(key);
            assertEquals(expected.computeIfAbsent(key, x -> expected.size()), e, "entry of " + key);
        }
        assertEquals(expected.size(), k.index.size());
        for (long key = -501; key <= 501; key++) {
            assertEquals(expected.getOrDefault(key, -1), k.find(key), "lookup of " + key);
        }
    }
}

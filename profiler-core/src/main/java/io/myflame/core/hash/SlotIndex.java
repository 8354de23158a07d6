package io.myflame.core.hash;

import java.util.Arrays;

/**
 * The slot table of an open-addressing hash index whose keys the caller keeps: it numbers new keys
 * densely from 0 in insertion order and finds a key's entry by linear probing, while the caller
 * stores each entry's key (an int arena, a byte arena, a pair of longs) and tests equality itself.
 *
 * <p>A lookup is the caller's loop, so the equality test stays inline where the JIT can see it
 * (C1, which the launcher runs, does not inline a callback with several implementations):
 *
 * <pre>{@code
 * int s = index.first(h);
 * for (int e; (e = index.entry(s)) >= 0; s = index.next(s)) {
 *     if (index.hash(e) == h && keys[e] == key) {
 *         return e;
 *     }
 * }
 * int e = index.claim(s, h); // s is the empty slot that ended the probe
 * keys[e] = key;
 * }</pre>
 *
 * <p>The index keeps each entry's hash, so a probe can reject another key by its hash before
 * comparing keys (worth it for arena keys; a key as cheap as a long is compared directly), and
 * growing rehashes without the keys. At most half the slots are used. A slot
 * number is valid until the next {@link #claim}, {@link #add} or {@link #replace}.
 */
public final class SlotIndex {
    /** Entry + 1 a slot, 0 = empty; a power of two slots. */
    private int[] slots;
    private int mask;
    /** The hash of each entry, by entry number; room for one more than half the slots, so claim never checks. */
    private int[] hashes;
    private int size;
    /** Entries {@link #replace} took out of the slots, a bit each (as many as hashes); null until first used. */
    private long[] replaced;

    /** An index of {@code initialSlots} slots (rounded up to a power of two), doubled whenever over half are used. */
    public SlotIndex(int initialSlots) {
        int n = Integer.highestOneBit(Math.max(2, initialSlots) - 1) << 1;
        slots = new int[n];
        mask = n - 1;
        hashes = new int[n / 2 + 1];
    }

    /** A copy that numbers new entries on its own: the same slots, entries and hashes. */
    public SlotIndex copy() {
        SlotIndex c = new SlotIndex(2);
        c.slots = slots.clone();
        c.mask = mask;
        c.hashes = hashes.clone();
        c.size = size;
        c.replaced = replaced == null ? null : replaced.clone();
        return c;
    }

    /** How many entries were numbered: the next entry's number. */
    public int size() {
        return size;
    }

    /** The first slot a key of hash {@code h} probes. */
    public int first(int h) {
        return h & mask;
    }

    /** The slot probed after {@code slot}. */
    public int next(int slot) {
        return (slot + 1) & mask;
    }

    /** The entry in {@code slot}, or -1 when the slot is empty (the probe ends: the key is absent). */
    public int entry(int slot) {
        return slots[slot] - 1;
    }

    /** The hash entry {@code e} was claimed with. */
    public int hash(int e) {
        return hashes[e];
    }

    /**
     * Numbers a new entry of hash {@code h} and puts it in {@code slot}, the empty slot that ended
     * its probe; returns the entry's number.
     */
    public int claim(int slot, int h) {
        int e = size++;
        hashes[e] = h;
        slots[slot] = e + 1;
        if (size * 2 > slots.length) {
            grow();
        }
        return e;
    }

    /** Numbers a new entry of hash {@code h} that the caller knows is absent (no equal key is in the index). */
    public int add(int h) {
        int s = h & mask;
        while (slots[s] != 0) {
            s = (s + 1) & mask;
        }
        return claim(s, h);
    }

    /**
     * Numbers a new entry with the key of the entry in {@code slot} and puts it there instead: the
     * older entry keeps its number but is no longer found (a flame chart's newest same-named child).
     */
    public int replace(int slot) {
        int old = slots[slot] - 1;
        if (replaced == null) {
            replaced = new long[(hashes.length >>> 6) + 1];
        }
        replaced[old >>> 6] |= 1L << old;
        return claim(slot, hashes[old]);
    }

    /**
     * Doubles the slots and puts every entry back where its hash now starts probing, oldest first:
     * the first keys seen are usually the most frequent, and they keep the shortest probes.
     */
    private void grow() {
        int[] fresh = new int[slots.length * 2];
        int m = fresh.length - 1;
        for (int e = 0; e < size; e++) {
            if (replaced != null && (replaced[e >>> 6] & 1L << e) != 0) {
                continue;
            }
            int s = hashes[e] & m;
            while (fresh[s] != 0) {
                s = (s + 1) & m;
            }
            fresh[s] = e + 1;
        }
        slots = fresh;
        mask = m;
        hashes = Arrays.copyOf(hashes, fresh.length / 2 + 1);
        if (replaced != null) {
            replaced = Arrays.copyOf(replaced, (hashes.length >>> 6) + 1);
        }
    }
}

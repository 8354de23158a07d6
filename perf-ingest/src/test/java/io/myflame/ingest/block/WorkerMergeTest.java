package io.myflame.ingest.block;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.myflame.core.task.Concurrency;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Three workers' stacks, each over its own frame ids and with stacks the others have too, merge into
 * what one reader would have summed: the largest worker's entries in its order, then each other
 * worker's new ones in its order, every weight and count summed once. The workers are large enough
 * that their stacks are renamed and looked up by two threads; a stack the middle worker added and the
 * last one repeats is found, though the base never had it.
 */
class WorkerMergeTest {
    @Test
    void threeWorkersMergeAsOneReaderSumsTheirStacks() {
        Random r = new Random(3);
        List<String> keys = distinctKeys(r, 60_000);
        BlockParser a = worker();
        BlockParser b = worker();
        BlockParser c = worker();
        // the expected entries: the base (b, the largest) first, then a's and c's new ones, each in its order
        Map<String, long[]> expected = new LinkedHashMap<>();
        List<String> bKeys = shuffled(keys.subList(10_000, 45_000), r);
        List<String> aKeys = shuffled(keys.subList(0, 25_000), r);
        // the middle worker and the last have these, the base not: found through a's entries
        List<String> aAndC = keys.subList(50_000, 50_500);
        aKeys.addAll(aAndC);
        List<String> cKeys = new ArrayList<>(keys.subList(30_000, 50_000));
        cKeys.addAll(keys.subList(0, 2_000));
        cKeys.addAll(aAndC);
        Collections.shuffle(cKeys, r);
        for (BlockParser w : List.of(b, a, c)) {
            List<String> mine = w == b ? bKeys : w == a ? aKeys : cKeys;
            for (String k : mine) {
                long weight = 1 + r.nextInt(1000);
                add(w, k, weight);
                long[] sum = expected.computeIfAbsent(k, x -> new long[2]);
                sum[0] += weight;
                sum[1]++;
                if (r.nextInt(10) == 0) {
                    add(w, k, 7);
                    sum[0] += 7;
                    sum[1]++;
                }
            }
        }
        assertTrue(a.stacks.size() >= BlockReader.PARALLEL_STACKS && c.stacks.size() >= BlockReader.PARALLEL_STACKS);
        BlockReader.Merged m = BlockReader.merge(new BlockParser[] {a, b, c}, new Problems(), Map.of(), Concurrency.of(2));
        List<String> merged = new ArrayList<>();
        m.stacks().forEachInPlace((e, t, arena, from, len, w, n) -> {
            StringBuilder line = new StringBuilder(m.names().name(t));
            for (int j = from; j < from + len; j++) {
                line.append(';').append(m.names().name(arena[j]));
            }
            merged.add(line + " " + w + "/" + n);
        });
        List<String> want = new ArrayList<>();
        expected.forEach((k, v) -> want.add(k + " " + v[0] + "/" + v[1]));
        assertEquals(want.size(), merged.size());
        assertEquals(want, merged);
        // the last worker's new stacks were left out of the index: the map is only read from now on
        assertThrows(IllegalStateException.class, () -> m.stacks().add(0, new int[] {1}, 1, 1, 1));
    }

    private static BlockParser worker() {
        return new BlockParser() {
            @Override
            public int parse(byte[] b, int from, int to, int chunk, boolean last) {
                throw new UnsupportedOperationException("stacks are added directly");
            }
        };
    }

    /** Adds {@code thread;frame;...} to a worker, its names interned in the order the worker meets them. */
    private static void add(BlockParser w, String key, long weight) {
        String[] parts = key.split(";");
        int[] frames = new int[parts.length - 1];
        int thread = w.names.intern(parts[0]);
        for (int i = 1; i < parts.length; i++) {
            frames[i - 1] = w.names.intern(parts[i]);
        }
        w.stacks.add(thread, frames, frames.length, weight, 1);
    }

    private static List<String> distinctKeys(Random r, int n) {
        Set<String> seen = new HashSet<>();
        List<String> out = new ArrayList<>();
        while (out.size() < n) {
            StringBuilder k = new StringBuilder("thread-" + r.nextInt(4));
            for (int d = 1 + r.nextInt(30); d > 0; d--) {
                k.append(";f").append(r.nextInt(3_000));
            }
            if (seen.add(k.toString())) {
                out.add(k.toString());
            }
        }
        return out;
    }

    private static List<String> shuffled(List<String> keys, Random r) {
        List<String> out = new ArrayList<>(keys);
        Collections.shuffle(out, r);
        return out;
    }
}

package io.myflame.ingest.perfdata;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** When a lone decoder hands the rest of a perf.data to more decoders: by its recent pace and the bytes left. */
class DecodePaceTest {
    private static final long MS = 1_000_000L;

    /** {@code n} chunks of 1 MB each. */
    private static List<RecordIndex.Chunk> chunks(int n) {
        List<RecordIndex.Chunk> chunks = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            chunks.add(new RecordIndex.Chunk((long) i << 20, 1 << 20, i * 100L));
        }
        return chunks;
    }

    @Test
    void aLongRestIsSharedOnceThePaceIsMeasured() {
        // 200 chunks at 2 ms each: 190 ms left after the 10th, more than the 150 ms it takes to share.
        DecodePace pace = new DecodePace(chunks(200), 150 * MS);
        for (int i = 0; i <= 4; i++) {
            assertFalse(pace.shareAfter(i, i * 2 * MS), "the first chunks' pace is not measured: " + i);
        }
        assertTrue(pace.shareAfter(5, 10 * MS));
    }

    @Test
    void aShortRestStaysWithOneDecoder() {
        // 40 chunks at 2 ms each: 68 ms left after the 6th.
        DecodePace pace = new DecodePace(chunks(40), 150 * MS);
        for (int i = 0; i < 40; i++) {
            assertFalse(pace.shareAfter(i, i * 2 * MS), "chunk " + i);
        }
    }

    @Test
    void theRecentPaceCountsNotTheSlowStart() {
        // The first chunk took 100 ms (sections loaded, the decoder not yet compiled), the rest 1 ms
        // each: 94 chunks left after the 6th take 94 ms, not the 1.6 s the average pace says.
        DecodePace pace = new DecodePace(chunks(100), 150 * MS);
        long now = 0;
        for (int i = 0; i < 100; i++) {
            now += i == 0 ? 100 * MS : MS;
            assertFalse(pace.shareAfter(i, now), "chunk " + i);
        }
    }

    @Test
    void aSlowerPaceSharesTheSameFile() {
        // The same 40 chunks on a busy machine, 6 ms each: 204 ms left after the 6th.
        DecodePace pace = new DecodePace(chunks(40), 150 * MS);
        boolean shared = false;
        for (int i = 0; i < 40 && !shared; i++) {
            shared = pace.shareAfter(i, i * 6 * MS);
        }
        assertTrue(shared);
    }

    @Test
    void nothingLeftIsNothingToShare() {
        DecodePace pace = new DecodePace(chunks(6), 0);
        for (int i = 0; i < 5; i++) {
            pace.shareAfter(i, i * MS);
        }
        assertFalse(pace.shareAfter(5, 5 * MS), "the last chunk is decoded");
    }
}

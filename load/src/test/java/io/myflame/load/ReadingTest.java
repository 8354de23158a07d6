package io.myflame.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.myflame.core.task.Concurrency;
import io.myflame.core.UsageError;
import org.junit.jupiter.api.Test;

class ReadingTest {
    /** A wrong --folded-root is a usage error as soon as the flags become a Reading, before any read. */
    @Test
    void aWrongFoldedRootIsAUsageError() {
        UsageError e = assertThrows(UsageError.class, () -> new Reading(Concurrency.of(1), false, "perf", false, null, "leaf"));
        assertEquals("--folded-root must be thread, numbered or function, not 'leaf'", e.getMessage());
    }

    /** collapse and demo read with a thread as a folded file's first frame, the reader's default. */
    @Test
    void withoutAFoldedRootAThreadIsTheRoot() {
        assertEquals("thread", new Reading(Concurrency.of(1), false, "perf", false, null).foldedRoot());
    }
}

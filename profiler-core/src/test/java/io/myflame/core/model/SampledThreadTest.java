package io.myflame.core.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/**
 * A thread's equals and hashCode, written out, are a record's own: the same hash as a record of the
 * same components has (so every map of threads iterates as before), and equal exactly when all three
 * components are.
 */
class SampledThreadTest {
    /** What SampledThread would be without its own equals and hashCode. */
    private record AsRecord(String comm, long pid, long tid) {
    }

    @Property(tries = 500)
    void hashesAndComparesAsARecord(@ForAll String comm, @ForAll long pid, @ForAll long tid,
                                    @ForAll String otherComm, @ForAll long otherPid) {
        SampledThread t = new SampledThread(comm, pid, tid);
        assertEquals(new AsRecord(comm, pid, tid).hashCode(), t.hashCode());
        assertEquals(new AsRecord(null, pid, tid).hashCode(), new SampledThread(null, pid, tid).hashCode());
        assertEquals(t, new SampledThread(new String(comm), pid, tid));
        assertEquals(comm.equals(otherComm), t.equals(new SampledThread(otherComm, pid, tid)));
        assertEquals(pid == otherPid, t.equals(new SampledThread(comm, otherPid, tid)));
        assertNotEquals(t, new SampledThread(comm, pid, ~tid));
        assertNotEquals(t, new AsRecord(comm, pid, tid));
    }
}

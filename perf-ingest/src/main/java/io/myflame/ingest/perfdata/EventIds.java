package io.myflame.ingest.perfdata;

import java.util.Arrays;

/**
 * Sample ids to their events: perf gives every event one id per CPU (or per thread), so a
 * system-wide recording of two events on 128 CPUs has 256. Sorted primitive ids and a binary
 * search, so the per-sample lookup of a multi-event file boxes nothing.
 */
final class EventIds {
    private long[] ids = new long[0];
    private EventAttr[] attrs = new EventAttr[0];

    /** Maps {@code id} to {@code attr}; a repeated id keeps its latest event, as a map would. */
    void put(long id, EventAttr attr) {
        int i = Arrays.binarySearch(ids, id);
        if (i >= 0) {
            attrs[i] = attr;
            return;
        }
        int at = -i - 1;
        long[] nextIds = new long[ids.length + 1];
        EventAttr[] nextAttrs = new EventAttr[ids.length + 1];
        System.arraycopy(ids, 0, nextIds, 0, at);
        System.arraycopy(attrs, 0, nextAttrs, 0, at);
        nextIds[at] = id;
        nextAttrs[at] = attr;
        System.arraycopy(ids, at, nextIds, at + 1, ids.length - at);
        System.arraycopy(attrs, at, nextAttrs, at + 1, ids.length - at);
        ids = nextIds;
        attrs = nextAttrs;
    }

    /** The event of {@code id}, or null. */
    EventAttr get(long id) {
        int i = Arrays.binarySearch(ids, id);
        return i >= 0 ? attrs[i] : null;
    }
}

package io.myflame.ingest.elf;

/**
 * The one search over address ranges sorted by start: the symbols of an ELF table, a process's
 * mappings, the FDEs of {@code .eh_frame_hdr}'s table and of {@code .debug_frame}. Each finds the
 * last range starting at or before an address, then checks (or walks back through nested ranges)
 * whether it holds it. Addresses are unsigned: a kernel's sit above {@link Long#MAX_VALUE}.
 */
public final class SortedAddresses {
    private SortedAddresses() {
    }

    /**
     * The index of the last of {@code starts[0..n)}, sorted unsigned ascending, that is at or before
     * {@code address} (unsigned); the last of equal starts; -1 when every start is after it.
     */
    public static int lastAtOrBefore(long[] starts, int n, long address) {
        int lo = 0;
        int hi = n - 1;
        int at = -1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (Long.compareUnsigned(starts[mid], address) <= 0) {
                at = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return at;
    }
}

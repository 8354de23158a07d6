package io.myflame.ingest.elf;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class SortedAddressesTest {
    private static final long KERNEL = 0xffffffff81000000L;

    @Test
    void theLastStartAtOrBeforeTheAddress() {
        long[] starts = {0x1000, 0x2000, 0x2000, 0x3000, KERNEL, KERNEL + 0x100};
        int n = starts.length;
        assertEquals(-1, SortedAddresses.lastAtOrBefore(starts, n, 0xfff));
        assertEquals(0, SortedAddresses.lastAtOrBefore(starts, n, 0x1000));
        assertEquals(0, SortedAddresses.lastAtOrBefore(starts, n, 0x1fff));
        assertEquals(2, SortedAddresses.lastAtOrBefore(starts, n, 0x2000), "the last of equal starts");
        assertEquals(3, SortedAddresses.lastAtOrBefore(starts, n, 0x7fffffffffffffffL));
        assertEquals(4, SortedAddresses.lastAtOrBefore(starts, n, KERNEL + 0xff), "kernel addresses are unsigned");
        assertEquals(5, SortedAddresses.lastAtOrBefore(starts, n, -1L));
        assertEquals(-1, SortedAddresses.lastAtOrBefore(starts, 0, 0x5000), "no starts");
        assertEquals(1, SortedAddresses.lastAtOrBefore(starts, 2, KERNEL), "only the first n are searched");
    }

    @Test
    void agreesWithAScanFromTheEnd() {
        Random r = new Random(35);
        for (int round = 0; round < 2000; round++) {
            long[] starts = new long[r.nextInt(40)];
            for (int i = 0; i < starts.length; i++) {
                // few distinct values, both halves of the unsigned range
                starts[i] = (r.nextBoolean() ? KERNEL : 0) + r.nextInt(20) * 0x10L;
            }
            starts = Arrays.stream(starts).boxed().sorted(Long::compareUnsigned).mapToLong(Long::longValue).toArray();
            int n = starts.length == 0 ? 0 : r.nextInt(starts.length + 1);
            long address = (r.nextBoolean() ? KERNEL : 0) + r.nextInt(22 * 0x10) - 8;
            int expected = -1;
            for (int i = n - 1; i >= 0; i--) {
                if (Long.compareUnsigned(starts[i], address) <= 0) {
                    expected = i;
                    break;
                }
            }
            assertEquals(expected, SortedAddresses.lastAtOrBefore(starts, n, address),
                    Arrays.toString(starts) + " n=" + n + " at " + Long.toHexString(address));
        }
    }
}

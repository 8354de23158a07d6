package io.myflame.core.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.myflame.core.model.FrameTable;
import io.myflame.core.model.Profile;
import io.myflame.core.model.ProfileInfo;
import io.myflame.core.model.SampledThread;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class ThreadRoleTest {
    static void add(Profile.Builder b, FrameTable frames, String comm, long weight, String... stack) {
        int t = b.thread(new SampledThread(comm, 1, -1));
        int[] ids = Arrays.stream(stack).mapToInt(frames::intern).toArray();
        b.add(t, ids, ids.length, weight, 1);
    }

    @Test
    void rolesFromThreadNamesThenEntryPointsInPriorityOrder() {
        FrameTable frames = new FrameTable();
        Profile.Builder b = Profile.builder(frames).info(ProfileInfo.EMPTY);
        add(b, frames, "mariadbd", 50, "start_thread", "pfs_spawn_thread", "handle_one_connection", "do_command");
        add(b, frames, "mariadbd", 20, "start_thread", "tpool::thread_pool_generic::worker_main", "purge_worker_callback");
        add(b, frames, "mariadbd", 5, "start_thread", "tpool::thread_pool_generic::worker_main", "tpool::task_group::execute");
        add(b, frames, "ib_pg_flush_co", 10, "start_thread", "os_file_write");
        add(b, frames, "connection", 7, "__libc_recv");
        add(b, frames, "mariadbd", 8, "__libc_recv");
        long[] w = ThreadRole.weights(b.build());
        assertEquals(57, w[ThreadRole.CONNECTION.ordinal()]);
        assertEquals(20, w[ThreadRole.PURGE.ordinal()]);
        assertEquals(5, w[ThreadRole.TPOOL.ordinal()]);
        assertEquals(10, w[ThreadRole.PAGE_CLEANER.ordinal()]);
        assertEquals(8, w[ThreadRole.UNKNOWN.ordinal()]);
        assertEquals(100, Arrays.stream(w).sum());
    }
}

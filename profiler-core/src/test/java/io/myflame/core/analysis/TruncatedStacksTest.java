package io.myflame.core.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.myflame.core.model.CallGraph;
import io.myflame.core.model.FrameTable;
import io.myflame.core.model.Profile;
import io.myflame.core.model.ProfileInfo;
import io.myflame.core.model.SampledThread;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class TruncatedStacksTest {
    /** A profile of folded-like lines {@code frame;frame;leaf weight} (no thread frame), recorded in {@code mode}. */
    static Profile profile(CallGraph mode, String... lines) {
        FrameTable frames = new FrameTable();
        Profile.Builder b = Profile.builder(frames).info(new ProfileInfo("t", "cpu-clock", "t").withCallGraph(mode));
        int t = b.thread(new SampledThread("mariadbd", 1, 1));
        for (String line : lines) {
            int sp = line.lastIndexOf(' ');
            int[] stack = Arrays.stream(line.substring(0, sp).split(";")).mapToInt(frames::intern).toArray();
            b.add(t, stack, stack.length, Long.parseLong(line.substring(sp + 1)), 1);
        }
        return b.build();
    }

    /** The cause of the one stack {@code line} recorded in {@code mode}. */
    private static Truncation.Cause cause(CallGraph mode, String stack) {
        return TruncatedStacks.of(profile(mode, stack + " 1")).cause(0);
    }

    private static String end(CallGraph mode, String stack) {
        Profile p = profile(mode, stack + " 1");
        return p.frames().name(TruncatedStacks.of(p).endFrame(0));
    }

    @Test
    void threadEntryPointsAreWhole() {
        for (String stack : List.of("start_thread;pfs_spawn_thread;handle_one_connection",
                "__clone3;start_thread;tpool::thread_pool_generic::worker_main", "clone;start_thread;f",
                "_start;__libc_start_main;main;mysqld_main", "__libc_start_call_main;main;mysqld_main",
                "main;mysqld_main", "__libc_start_main@@GLIBC_2.34;main", "_dl_start_user;_dl_init",
                "ret_from_fork_asm;ret_from_fork;kthread;worker_thread", "kthread;worker_thread",
                "ret_from_fork_[k];kthread_[k];worker_thread_[k]",
                "secondary_startup_64_no_verify;start_secondary;cpu_startup_entry;do_idle")) {
            assertNull(cause(CallGraph.FP, stack), stack);
            assertNull(cause(CallGraph.DWARF, stack), stack);
        }
    }

    @Test
    void aBrokenFramePointerChainEndsAtTheFunctionItBrokeIn() {
        // The three largest orphan roots of the 11.4.5 capture, and what perf prints after garbage.
        assertEquals(Truncation.Cause.FRAME_POINTER, cause(CallGraph.FP, "__send"));
        assertEquals("__send", end(CallGraph.FP, "__send;entry_SYSCALL_64_after_hwframe;do_syscall_64"));
        assertEquals("[libstdc++.so.6.0.30]", end(CallGraph.FP, "[libstdc++.so.6.0.30];buf_flush_page_cleaner"));
        assertEquals(Truncation.Cause.FRAME_POINTER, cause(CallGraph.FP, "[libstdc++.so.6.0.30];buf_flush_page_cleaner"));
        // Past the [unknown] return address a broken chain leaves: the function it broke in.
        assertEquals("_int_malloc", end(CallGraph.FP, "[unknown];_int_malloc"));
        assertEquals("syscall", end(CallGraph.FP, "[unknown];syscall;entry_SYSCALL_64_after_hwframe;do_syscall_64"));
        // Nothing named in user space: the walk ended on [unknown].
        assertEquals("[unknown]", end(CallGraph.FP, "[unknown];entry_SYSCALL_64_after_hwframe;do_syscall_64"));
        assertEquals("[unknown]", end(CallGraph.FP, "[unknown]"));
        // A mid-stack function is no entry point, however thread-like its name.
        assertEquals(Truncation.Cause.FRAME_POINTER, cause(CallGraph.FP, "pfs_spawn_thread;handle_one_connection"));
        assertEquals(Truncation.Cause.FRAME_POINTER, cause(CallGraph.FP, "execute_native_thread_routine;worker_main"));
        // An input that does not say how it was recorded: frame pointers, perf's default.
        assertEquals(Truncation.Cause.FRAME_POINTER, cause(CallGraph.UNKNOWN, "__libc_recv"));
    }

    @Test
    void theModeNamesTheCause() {
        assertEquals(Truncation.Cause.DWARF_DUMP, cause(CallGraph.DWARF, "[unknown];do_command;dispatch_command"));
        assertEquals(Truncation.Cause.DWARF_DUMP, cause(CallGraph.DWARF, "[mariadbd];do_command"));
        assertEquals("do_command", end(CallGraph.DWARF, "[unknown];do_command;dispatch_command"));
        assertEquals(Truncation.Cause.LBR_DEPTH, cause(CallGraph.LBR, "row_search_mvcc;btr_cur_search_to_nth_level"));
        assertEquals(Truncation.Cause.NO_CALL_GRAPH, cause(CallGraph.NONE, "row_search_mvcc"));
        assertEquals(Truncation.Cause.NO_CALL_GRAPH, cause(CallGraph.NONE, "entry_SYSCALL_64_after_hwframe"));
    }

    @Test
    void stacksOfKernelFramesOnlyAreKernelOnly() {
        for (CallGraph mode : List.of(CallGraph.FP, CallGraph.DWARF, CallGraph.UNKNOWN)) {
            for (String stack : List.of("entry_SYSCALL_64_after_hwframe;do_syscall_64;__x64_sys_sendto",
                    "asm_exc_page_fault;exc_page_fault", "asm_sysvec_apic_timer_interrupt;sysvec_apic_timer_interrupt",
                    "asm_common_interrupt;common_interrupt", "el0t_64_sync;el0t_64_sync_handler;el0_svc",
                    "page_fault;do_page_fault", "do_syscall_64_[k];__x64_sys_futex_[k]")) {
                assertEquals(Truncation.Cause.KERNEL_ONLY, cause(mode, stack), mode + " " + stack);
            }
        }
        assertEquals("entry_SYSCALL_64_after_hwframe", end(CallGraph.FP, "entry_SYSCALL_64_after_hwframe;do_syscall_64"));
    }

    @Test
    void anUnnamedCLibraryRootCallingTheProgramIsItsThreadStart() {
        // A libc without its symbol table names neither clone3 nor start_thread.
        assertNull(cause(CallGraph.FP, "[libc.so.6];[libc.so.6];pfs_spawn_thread;handle_one_connection"));
        assertNull(cause(CallGraph.FP, "[libc-2.31.so];handle_one_connection"));
        assertNull(cause(CallGraph.FP, "[libpthread-2.31.so];start_thread"));
        // ... or an unnamed frame of the program: libc and the server both stripped.
        assertNull(cause(CallGraph.FP, "[libc.so.6];[libc.so.6];[mariadbd];[mariadbd]"));
        assertNull(cause(CallGraph.FP, "[libc.so.6];[libc.so.6];[libstdc++.so.6.0.30];[mariadbd]"));
        // One whose callees stay in libc, reach [unknown] or the kernel broke inside it.
        assertEquals(Truncation.Cause.FRAME_POINTER, cause(CallGraph.FP, "[libc.so.6]"));
        assertEquals(Truncation.Cause.FRAME_POINTER, cause(CallGraph.FP, "[libc.so.6];[libc.so.6]"));
        assertEquals(Truncation.Cause.FRAME_POINTER, cause(CallGraph.FP, "[libc.so.6];[unknown];f"));
        assertEquals(Truncation.Cause.FRAME_POINTER, cause(CallGraph.FP, "[libc.so.6];entry_SYSCALL_64;do_syscall_64"));
        assertEquals("[libc.so.6]", end(CallGraph.FP, "[libc.so.6];entry_SYSCALL_64;do_syscall_64"));
        // Other libraries' unnamed frames are where a chain broke.
        assertEquals(Truncation.Cause.FRAME_POINTER, cause(CallGraph.FP, "[libstdc++.so.6.0.30];worker_main"));
    }

    @Test
    void aFrameCallingAnEntryPointIsWhereTheThreadStarts() {
        // A dwarf recording of Debian's stripped dash: its _start is [dash].
        assertNull(cause(CallGraph.DWARF, "[dash];__libc_start_main@@GLIBC_2.34;__libc_start_call_main;[dash];[dash]"));
        assertNull(cause(CallGraph.FP, "[mariadbd];__libc_start_main;main;mysqld_main"));
        assertNull(cause(CallGraph.FP, "[libc.so.6];start_thread;pfs_spawn_thread"));
        // The return address a frame-pointer walk reads past the main thread's start.
        assertNull(cause(CallGraph.FP, "[unknown];__libc_start_call_main;main;mysqld_main"));
        // A caller of clone3 is a thread creating another, cut where it called it.
        assertEquals(Truncation.Cause.FRAME_POINTER, cause(CallGraph.FP, "__clone_internal;__clone3"));
        assertEquals(Truncation.Cause.FRAME_POINTER, cause(CallGraph.FP, "[unknown];__clone3;entry_SYSCALL_64;do_syscall_64"));
        assertEquals(Truncation.Cause.DWARF_DUMP, cause(CallGraph.DWARF, "[unknown];[unknown];__libc_start_main"));
        assertEquals(Truncation.Cause.DWARF_DUMP, cause(CallGraph.DWARF, "[dash];[dash];main"));
    }

    @Test
    void javaStacksAreNotMeasured() {
        Profile p = profile(CallGraph.JAVA, "java.lang.Thread.run;Main.work 10");
        assertFalse(TruncatedStacks.of(p).applies());
        assertNull(TruncatedStacks.of(p).cause(0));
        Truncation t = TruncatedStacks.of(p).measure();
        assertFalse(t.measured());
        assertFalse(t.worthWarning());
        assertEquals(0, t.share());
    }

    @Test
    void onlyTheUnknownFramesAtTheCutEndAreCut() {
        Profile p = profile(CallGraph.FP, "[unknown];[unknown];_int_malloc 1", "[unknown];f 1",
                "start_thread;[unknown];f 1", "__send 1");
        TruncatedStacks t = TruncatedStacks.of(p);
        List<Integer> cut = new ArrayList<>();
        for (int i = 0; i < p.size(); i++) {
            cut.add(t.cutUnknown(i));
        }
        assertEquals(List.of(2, 1, 0, 0), cut);
    }

    @Test
    void measuresTheShareByCauseAndEnd() {
        Profile p = profile(CallGraph.FP, "start_thread;pfs_spawn_thread;do_command 50", "__send 20",
                "__send;entry_SYSCALL_64_after_hwframe 5", "[libstdc++.so.6.0.30];worker_main 10", "[unknown];malloc 4",
                "__libc_recv 3", "pthread_cond_signal@@GLIBC_2.3.2 2", "entry_SYSCALL_64_after_hwframe;do_syscall_64 6");
        Truncation t = TruncatedStacks.of(p).measure();
        assertTrue(t.measured());
        assertEquals(100, t.total());
        assertEquals(0.50, t.share(), 1e-12);
        assertEquals(0.44, t.share(Truncation.Cause.FRAME_POINTER), 1e-12);
        assertEquals(0.06, t.share(Truncation.Cause.KERNEL_ONLY), 1e-12);
        assertEquals(List.of(Truncation.Cause.FRAME_POINTER, Truncation.Cause.KERNEL_ONLY),
                t.causes().stream().map(Truncation.CauseShare::cause).toList());
        // the three heaviest ends, of five
        assertEquals(List.of(new Truncation.End("__send", 25), new Truncation.End("[libstdc++.so.6.0.30]", 10),
                new Truncation.End("malloc", 4)), t.causes().get(0).ends());
        assertEquals(5, t.causes().get(0).endCount());
        assertTrue(t.worthWarning());
        String w = t.warning();
        assertTrue(w.startsWith("50.0% of the samples are in truncated stacks"), w);
        assertTrue(w.contains("frame-pointer chain broken 44.0% (at __send 25.0%, [libstdc++.so.6.0.30] 10.0%, "
                + "malloc 4.0% and 2 more)"), w);
        assertTrue(w.contains("record with --call-graph dwarf"), w);
        assertTrue(w.contains("kernel-only stacks 6.0% (at entry_SYSCALL_64_after_hwframe 6.0%)"), w);
        assertEquals("truncated stacks: 50.0% of the samples, whose callers are missing from these percentages",
                Truncation.footnote(t.share()));
        assertNull(Truncation.footnote(0));
        assertNull(Truncation.footnote(Double.NaN));
    }

    /** 3,000 stacks each cut at a frame of its own: no name is worth showing at 0.0%, their count is. */
    @Test
    void stacksCutEverywhereAreCountedNotListedAtZero() {
        String[] lines = new String[3000];
        for (int i = 0; i < lines.length; i++) {
            lines[i] = "f" + i + ";leaf 1";
        }
        Truncation t = TruncatedStacks.of(profile(CallGraph.FP, lines)).measure();
        assertTrue(t.warning().contains("frame-pointer chain broken 100.0% (at 3000 different frames, none with 0.1% or more)"),
                t.warning());
        assertFalse(t.warning().contains(" 0.0%"), t.warning());
    }

    @Test
    void aDwarfRecordingIsToldToCopyMoreStack() {
        Truncation t = TruncatedStacks.of(profile(CallGraph.DWARF, "__clone3;start_thread;f 60", "[unknown];do_command 40"))
                .measure();
        assertEquals(0.4, t.share(Truncation.Cause.DWARF_DUMP), 1e-12);
        assertTrue(t.warning().contains("dwarf stack dump exhausted 40.0% (at do_command 40.0%)"), t.warning());
        assertTrue(t.warning().contains("--call-graph dwarf,65528"), t.warning());
    }

    @Test
    void warnsAboveFivePercentOnly() {
        assertFalse(TruncatedStacks.of(profile(CallGraph.FP, "start_thread;f 95", "__send 5")).measure().worthWarning());
        assertTrue(TruncatedStacks.of(profile(CallGraph.FP, "start_thread;f 94", "__send 6")).measure().worthWarning());
        Truncation whole = TruncatedStacks.of(profile(CallGraph.FP, "start_thread;f 1")).measure();
        assertEquals(0, whole.share());
        assertTrue(whole.causes().isEmpty());
    }

    @Test
    void markPutsCutStacksUnderOneFrameAndKeepsEveryOtherShare() {
        Profile p = profile(CallGraph.FP, "start_thread;do_command;send 60", "__send 30", "[unknown];do_command;malloc 10");
        Profile marked = TruncatedStacks.of(p).mark();
        List<String> stacks = new ArrayList<>();
        for (int i = 0; i < marked.size(); i++) {
            stacks.add(String.join(";", Arrays.stream(marked.stack(i)).mapToObj(marked.frames()::name).toList())
                    + " " + marked.weight(i));
        }
        assertEquals(List.of("start_thread;do_command;send 60", "[truncated];__send 30",
                "[truncated];[unknown];do_command;malloc 10"), stacks);
        assertEquals(p.totalWeight(), marked.totalWeight());
        assertEquals(p.info(), marked.info());
        for (String f : List.of("do_command", "__send", "malloc", "start_thread")) {
            assertEquals(inclusive(p, f), inclusive(marked, f), f);
        }
        assertEquals(40, inclusive(marked, TruncatedStacks.MARK));
    }

    private static long inclusive(Profile p, String function) {
        return InclusiveTable.of(p).top(0).stream().filter(e -> e.function().equals(function))
                .mapToLong(InclusiveTable.Entry::inclusive).findFirst().orElse(0);
    }

    @Test
    void inputsMoreThanTwoPointsApartAreNotComparable() {
        assertNull(Truncation.comparison(List.of("a", "b"), List.of(0.247, 0.267)));
        assertTrue(Truncation.comparison(List.of("a", "b"), List.of(0.247, 0.268)) != null);
        String w = Truncation.comparison(List.of("10.2.11", "10.11", "11.4.5"), List.of(0.247, 0.414, 0.418));
        assertTrue(w.startsWith("truncated stacks differ by 17.1 points between the inputs (10.2.11 24.7%, 10.11 41.4%, "
                + "11.4.5 41.8%)"), w);
        // An input not measured (JFR) is left out.
        assertNull(Truncation.comparison(List.of("jfr", "b"), List.of(Double.NaN, 0.40)));
    }

    /** The first-letter filter before the kernel entries' expression lets every one of them through. */
    @Test
    void everyKernelEntryStartsWithALetterTheFilterLetsThrough() {
        for (String alternative : StackRoots.KERNEL_ENTRIES.split("\\|")) {
            assertTrue(StackRoots.KERNEL_ENTRY_FIRST.indexOf(alternative.charAt(0)) >= 0, alternative);
            String name = alternative.replace(".*", "_x");
            assertEquals(StackRoots.Kind.KERNEL, StackRoots.kind(name), name);
            assertEquals(StackRoots.Kind.KERNEL, StackRoots.kind(name + "@@GLIBC_2.2.5"), name);
        }
        assertEquals(StackRoots.Kind.OTHER, StackRoots.kind("mod03::Component00001::run_step"));
        assertEquals(StackRoots.Kind.C_LIBRARY, StackRoots.kind("[libc.so.6]"));
        assertEquals(StackRoots.Kind.UNNAMED, StackRoots.kind("[mariadbd]"));
        assertEquals(StackRoots.Kind.ENTRY, StackRoots.kind("__libc_start_main@@GLIBC_2.34"));
        assertEquals(StackRoots.Kind.OTHER, StackRoots.kind(""));
    }

    /**
     * The ends a warning names are the heaviest, ties by name, as sorting every end would give, and
     * the count is of every frame a walk ended at: random profiles with many ties, some ends of weight 0.
     */
    @Test
    void theHeaviestEndsAreThoseAFullSortPutsFirst() {
        for (int seed = 0; seed < 200; seed++) {
            java.util.Random r = new java.util.Random(seed);
            int names = 1 + r.nextInt(12);
            List<String> lines = new ArrayList<>();
            java.util.Map<String, Long> byEnd = new java.util.HashMap<>();
            for (int i = 0, n = 1 + r.nextInt(40); i < n; i++) {
                String end = "f" + r.nextInt(names);
                long w = r.nextInt(4);
                lines.add(end + ";leaf" + i + " " + w);
                byEnd.merge(end, w, Long::sum);
            }
            Truncation t = TruncatedStacks.of(profile(CallGraph.FP, lines.toArray(String[]::new))).measure();
            List<Truncation.End> sorted = new ArrayList<>();
            byEnd.forEach((f, w) -> sorted.add(new Truncation.End(f, w)));
            sorted.sort(java.util.Comparator.comparingLong(Truncation.End::weight).reversed()
                    .thenComparing(Truncation.End::frame));
            Truncation.CauseShare share = t.causes().get(0);
            assertEquals(sorted.subList(0, Math.min(Truncation.ENDS_SHOWN, sorted.size())), share.ends(), "seed " + seed);
            assertEquals(byEnd.size(), share.endCount(), "seed " + seed);
            assertEquals(sorted.stream().mapToLong(Truncation.End::weight).sum(), share.weight(), "seed " + seed);
        }
    }
}

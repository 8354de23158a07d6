package io.myflame.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.myflame.core.model.FrameTable;
import io.myflame.core.model.Profile;
import io.myflame.core.model.SampledThread;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class UnresolvedFramesTest {
    static Profile profile(long resolved, long unresolved) {
        FrameTable frames = new FrameTable();
        Profile.Builder b = Profile.builder(frames);
        int t = b.thread(new SampledThread("mariadbd", 1, 1));
        int[] good = {frames.intern("do_command"), frames.intern("mysql_delete")};
        int[] bad = {frames.intern("do_command"), frames.intern("[mariadbd]"), frames.intern("ha_commit_trans")};
        b.add(t, good, good.length, resolved, 1);
        b.add(t, bad, bad.length, unresolved, 1);
        return b.build();
    }

    @Test
    void shareOfWeightBehindAnUnresolvedFrame() {
        assertEquals(0.25, UnresolvedFrames.share(profile(75, 25)), 1e-12);
        assertEquals(0.0, UnresolvedFrames.share(profile(75, 0)), 1e-12);
    }

    @Test
    void sharedLibrariesKernelAndVdsoDoNotCount() {
        assertEquals(true, UnresolvedFrames.unresolved("[mariadbd]"));
        assertEquals(true, UnresolvedFrames.unresolved("[unknown]"));
        assertEquals(false, UnresolvedFrames.unresolved("[libstdc++.so.6.0.30]"));
        // A function without symbol, named by file and start by the native reader, is unnamed just the same.
        assertEquals(true, UnresolvedFrames.unresolved("mariadbd+0x7e3a80"));
        assertEquals(false, UnresolvedFrames.unresolved("libstdc++.so.6.0.30+0xd4490"));
        assertEquals(false, UnresolvedFrames.unresolved("[kernel.kallsyms]"));
        assertEquals(false, UnresolvedFrames.unresolved("[[vdso]]"));
        assertEquals(false, UnresolvedFrames.unresolved("mysql_delete"));
    }

    @Test
    void onlyColumnsAboveThreepercentAreMarked() {
        List<String> warnings = new ArrayList<>();
        List<Column> marked = UnresolvedFrames.mark(List.of(Column.of("full", Run.of(profile(99, 1))),
                Column.of("stripped", Run.of(profile(30, 70)))), warnings::add);
        assertEquals(List.of("full", "stripped (unreliable)"), marked.stream().map(Column::label).toList());
        assertEquals(1, warnings.size());
        assertEquals(true, warnings.get(0).startsWith("stripped: 70.0% of the samples"), warnings.get(0));
    }

    @Test
    void theUnknownATruncatedStackEndsOnIsWhereItWasCut() {
        FrameTable frames = new FrameTable();
        Profile.Builder b = Profile.builder(frames);
        int t = b.thread(new SampledThread("mariadbd", 1, 1));
        String[][] stacks = {{"[unknown]", "_int_malloc"}, {"start_thread", "[unknown]", "f"}, {"__send"},
            {"[unknown]", "do_command", "[mariadbd]"}};
        for (String[] s : stacks) {
            int[] ids = java.util.Arrays.stream(s).mapToInt(frames::intern).toArray();
            b.add(t, ids, ids.length, 25, 1);
        }
        // A whole stack's [unknown] and a cut one's [mariadbd] are unresolved; the cut end is not.
        assertEquals(0.5, UnresolvedFrames.share(b.build()), 1e-12);
    }
}

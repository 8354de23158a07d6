package io.myflame.diff;

import io.myflame.core.model.FrameTable;
import io.myflame.core.model.Profile;
import io.myflame.core.model.ProfileInfo;
import io.myflame.core.model.SampledThread;

/** Builds small profiles for tests from folded lines ({@code comm;root;...;leaf weight}). */
final class Stacks {
    private Stacks() {
    }

    static Profile withEvent(String label, String event, String... lines) {
        FrameTable frames = new FrameTable();
        Profile.Builder b = Profile.builder(frames).info(new ProfileInfo(label, event, label));
        for (String line : lines) {
            int sp = line.lastIndexOf(' ');
            String[] parts = line.substring(0, sp).split(";");
            long w = Long.parseLong(line.substring(sp + 1));
            int[] stack = new int[parts.length - 1];
            for (int i = 1; i < parts.length; i++) {
                stack[i - 1] = frames.intern(parts[i]);
            }
            b.add(b.thread(new SampledThread(parts[0], 1, 1)), stack, stack.length, w, 1);
        }
        return b.build();
    }

    static Profile of(String label, String... lines) {
        return withEvent(label, "cpu-clock", lines);
    }
}

package io.myflame.core.analysis;

import io.myflame.core.model.FrameTable;
import io.myflame.core.model.Profile;
import io.myflame.core.model.ProfileInfo;

/**
 * Several profiles summed into one, as flamegraph.pl and inferno draw several input files as one
 * graph: names re-interned into one frame table, identical (thread, stack) entries added up, entry
 * order kept (a flame chart's time order runs through the files in the order given).
 */
public final class ProfileSum {
    private ProfileSum() {
    }

    /** The sum of {@code profiles}, described by {@code info}; one profile is returned as is. */
    public static Profile of(java.util.List<Profile> profiles, ProfileInfo info) {
        if (profiles.size() == 1) {
            return profiles.get(0);
        }
        FrameTable frames = new FrameTable();
        Profile.Builder b = Profile.builder(frames).info(info);
        int[] buf = new int[64];
        for (Profile p : profiles) {
            int[] ids = new int[p.frames().size()];
            for (int f = 0; f < ids.length; f++) {
                ids[f] = frames.intern(p.frames().name(f));
            }
            for (int i = 0; i < p.size(); i++) {
                buf = p.stack(i, buf);
                int len = p.depth(i);
                for (int j = 0; j < len; j++) {
                    buf[j] = ids[buf[j]];
                }
                b.add(b.thread(p.thread(i)), buf, len, p.weight(i), p.samples(i));
            }
        }
        return b.build();
    }
}

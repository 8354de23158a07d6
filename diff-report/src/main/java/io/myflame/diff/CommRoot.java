package io.myflame.diff;

import io.myflame.core.model.FrameTable;
import io.myflame.core.model.Profile;

/**
 * Puts each sample's thread name ({@code comm}) back as the root frame, for comparisons that ask
 * for it: by default analysis ignores it, because newer servers name their threads and older ones
 * do not.
 */
public final class CommRoot {
    private CommRoot() {
    }

    public static Profile apply(Profile in) {
        FrameTable frames = FrameTable.copyOf(in.frames());
        Profile.Builder b = Profile.builder(frames).info(in.info());
        int[] buf = new int[64];
        for (int i = 0; i < in.size(); i++) {
            int len = in.depth(i);
            if (buf.length < len + 1) {
                buf = new int[len * 2 + 1];
            }
            buf[0] = frames.intern(in.thread(i).comm());
            System.arraycopy(in.stacks().array(i), in.stacks().start(i), buf, 1, len);
            b.add(b.thread(in.thread(i)), buf, len + 1, in.weight(i), in.samples(i));
        }
        return b.build();
    }
}

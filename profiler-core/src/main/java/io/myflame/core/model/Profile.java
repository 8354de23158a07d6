package io.myflame.core.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * An aggregated profile: distinct stacks (root first, without the thread), each with the thread
 * it ran on, its summed weight (the samples' periods) and its sample count. Immutable once built;
 * every analysis reads it, filters produce a new one.
 */
public final class Profile {
    private final FrameTable frames;
    private final List<SampledThread> threads;
    private final int[] threadOf;
    private final StackArena stacks;
    private final long[] weights;
    private final long[] samples;
    private final ProfileInfo info;

    Profile(FrameTable frames, List<SampledThread> threads, int[] threadOf, StackArena stacks,
            long[] weights, long[] samples, ProfileInfo info) {
        if (threadOf.length != stacks.size() || weights.length != stacks.size() || samples.length != stacks.size()) {
            throw new IllegalArgumentException("a thread, weight and sample count per stack: " + threadOf.length + ", "
                    + weights.length + ", " + samples.length + " for " + stacks.size() + " stacks");
        }
        this.frames = frames;
        this.threads = List.copyOf(threads);
        this.threadOf = threadOf;
        this.stacks = stacks;
        this.weights = weights;
        this.samples = samples;
        this.info = Objects.requireNonNull(info);
    }

    public FrameTable frames() {
        return frames;
    }

    public ProfileInfo info() {
        return info;
    }

    /** Number of distinct (thread, stack) entries. */
    public int size() {
        return stacks.size();
    }

    /**
     * A copy of entry {@code i}'s frames, root first. Loops over every entry read them in place
     * instead, through {@link #stacks()}.
     */
    public int[] stack(int i) {
        return stacks.copy(i);
    }

    /**
     * Entry {@code i}'s frames in the first {@link #depth} ints of {@code buf}, or of a larger array when
     * they do not fit; returns the array holding them, for the next call to reuse.
     */
    public int[] stack(int i, int[] buf) {
        return stacks.copy(i, buf);
    }

    /** The frames of every entry, where they are. */
    public StackArena stacks() {
        return stacks;
    }

    /** How many frames entry {@code i} has. */
    public int depth(int i) {
        return stacks.depth(i);
    }

    public SampledThread thread(int i) {
        return threads.get(threadOf[i]);
    }

    public int threadIndex(int i) {
        return threadOf[i];
    }

    public List<SampledThread> threads() {
        return threads;
    }

    public long weight(int i) {
        return weights[i];
    }

    public long samples(int i) {
        return samples[i];
    }

    public long totalWeight() {
        long t = 0;
        for (long w : weights) {
            t += w;
        }
        return t;
    }

    public long totalSamples() {
        long t = 0;
        for (long s : samples) {
            t += s;
        }
        return t;
    }

    /** A copy of this profile whose weights are its sample counts (for {@code --weight samples}). */
    public Profile countingSamples() {
        return new Profile(frames, threads, threadOf, stacks, samples.clone(), samples, info);
    }

    /** A copy with other metadata. */
    public Profile withInfo(ProfileInfo newInfo) {
        return new Profile(frames, threads, threadOf, stacks, weights, samples, newInfo);
    }

    /**
     * A profile of entries already distinct, such as a {@link StackMap}'s keys renamed one to one:
     * nothing is hashed or summed, and the arrays are kept, not copied. The caller vouches that no
     * two entries have the same thread and frames; {@link #builder} is for stacks that may repeat.
     */
    public static Profile ofDistinct(FrameTable frames, List<SampledThread> threads, int[] threadOf, int[][] stacks,
                                     long[] weights, long[] samples, ProfileInfo info) {
        return ofDistinct(frames, threads, threadOf, StackArena.of(stacks), weights, samples, info);
    }

    /** As {@link #ofDistinct(FrameTable, List, int[], int[][], long[], long[], ProfileInfo)}, the frames in an arena. */
    public static Profile ofDistinct(FrameTable frames, List<SampledThread> threads, int[] threadOf, StackArena stacks,
                                     long[] weights, long[] samples, ProfileInfo info) {
        long total = 0;
        for (long x : weights) {
            total = WeightOverflow.add(total, x);
        }
        frames.freeze();
        return new Profile(frames, threads, threadOf, stacks, weights, samples, info);
    }

    /** Builds a profile; identical (thread, stack) pairs are summed. */
    public static Builder builder(FrameTable frames) {
        return new Builder(frames);
    }

    /** Accumulates stacks; not thread-safe. */
    public static final class Builder {
        private final FrameTable frames;
        private final List<SampledThread> threads = new ArrayList<>();
        private final java.util.Map<SampledThread, Integer> threadIds = new java.util.HashMap<>();
        private final StackMap stacks = new StackMap();
        private ProfileInfo info = ProfileInfo.EMPTY;

        Builder(FrameTable frames) {
            this.frames = frames;
        }

        public FrameTable frames() {
            return frames;
        }

        public int thread(SampledThread t) {
            return threadIds.computeIfAbsent(t, k -> {
                threads.add(k);
                return threads.size() - 1;
            });
        }

        /** Adds {@code len} frames of {@code stack} (root first) for thread index {@code thread}. */
        public Builder add(int thread, int[] stack, int len, long weight, long sampleCount) {
            stacks.add(thread, stack, len, weight, sampleCount);
            return this;
        }

        public Builder info(ProfileInfo newInfo) {
            this.info = newInfo;
            return this;
        }

        /** The profile; its frame table takes no new names from now on, and this builder takes no more stacks. */
        public Profile build() {
            frames.freeze();
            // the map's pages become the profile's, uncopied
            StackMap.Entries taken = stacks.take();
            long total = 0;
            for (long x : taken.weight()) {
                total = WeightOverflow.add(total, x);
            }
            return new Profile(frames, threads, taken.thread(), taken.frames(), taken.weight(), taken.count(), info);
        }
    }
}

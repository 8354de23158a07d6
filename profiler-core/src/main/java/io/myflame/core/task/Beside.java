package io.myflame.core.task;

/**
 * Runs a share of a job on a thread of its own while the caller does the rest, then waits for it: the
 * layout's sort, the SVG's frames and the merge of two readers' stacks, each split in two halves that
 * touch disjoint data. Whatever the other thread throws, an {@link Error} too, is thrown here, so a half
 * left undone never passes for done.
 */
public final class Beside {
    private Beside() {
    }

    /**
     * Runs {@code theirs} on a new thread named {@code name} and {@code mine} on this one; returns when both are done.
     * A part that honours the run's thread policy calls {@link Concurrency#beside} instead.
     */
    public static void run(String name, Runnable theirs, Runnable mine) {
        Throwable[] failed = new Throwable[1];
        Thread other = Concurrency.helper(name, () -> {
            try {
                theirs.run();
            } catch (Throwable t) {
                failed[0] = t;
            }
        });
        try {
            mine.run();
        } finally {
            try {
                other.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for " + name, e);
            }
        }
        if (failed[0] instanceof RuntimeException re) {
            throw re;
        } else if (failed[0] instanceof Error er) {
            throw er;
        } else if (failed[0] != null) {
            throw new IllegalStateException(failed[0]);
        }
    }
}

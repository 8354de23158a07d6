package io.myflame.core.task;

import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * How many threads a run's work may use: {@code --threads N}, else one a core. Made once per run
 * and handed to every part that splits work (the text readers' parser threads, the perf.data
 * reader's decoders, the merge of their stacks), which asks it rather than the machine; and the one
 * place threads are made, each named and a daemon, so no stray thread keeps the JVM alive.
 *
 * <p>A worker is a thread doing a share of the caller's job ({@link #worker}, {@link #workers},
 * {@link #beside}), and each one is counted: no more than {@link #threads()} threads parse or decode
 * at once, the caller among them when it shares the work (a caller that only cuts a stream into
 * blocks, or waits, is not one of them), so one thread means no worker beside a file's reader. A
 * helper ({@link #helper}) runs beside the job without sharing it (a read-ahead, a watch, a pipe's
 * pump) and is not bounded by the policy.
 */
public final class Concurrency {
    /**
     * More parser threads than this buys nothing on any machine a database runs on, and each
     * thread holds its own buffers (100,000 threads asked for 6.4 GB).
     */
    public static final int MAX_THREADS = 256;

    private final int threads;
    private final AtomicInteger started = new AtomicInteger();

    private Concurrency(int threads) {
        this.threads = threads;
    }

    /** Up to {@code threads} at once (fewer than one is one); the caller bounds it by {@link #MAX_THREADS}. */
    public static Concurrency of(int threads) {
        return new Concurrency(Math.max(1, threads));
    }

    /** The default when {@code --threads} is not given: one thread a core, at most {@link #MAX_THREADS}. */
    public static Concurrency machine() {
        return of(Math.min(cores(), MAX_THREADS));
    }

    /**
     * The processors this JVM may use: a fact about the machine (recorded in capture.json, the share of
     * CPU a workload can keep busy), not how many threads to use, which is {@link #threads()}.
     */
    public static int cores() {
        return Runtime.getRuntime().availableProcessors();
    }

    /** The threads the work may use, the caller's included: 1 means the caller does it all. */
    public int threads() {
        return threads;
    }

    /** How many workers to share {@code tasks} among: no more than the tasks, at least one. */
    public int workers(int tasks) {
        return Math.min(threads, Math.max(1, tasks));
    }

    /** Whether a job may be split in two with a second thread doing one half ({@link #beside}). */
    public boolean splits() {
        return threads > 1;
    }

    /** Starts a worker: a named daemon thread doing {@code task}, counted in {@link #workersStarted()}. */
    public Thread worker(String name, Runnable task) {
        started.incrementAndGet();
        return helper(name, task);
    }

    /** Workers for an executor, each named {@code name}: the executor must make no more than {@link #threads()}. */
    public ThreadFactory workers(String name) {
        return task -> {
            started.incrementAndGet();
            return daemon(name, task);
        };
    }

    /**
     * Runs {@code theirs} on a worker and {@code mine} on this thread, returning when both are done
     * ({@link Beside}), when the policy allows a second thread; else runs both here, {@code mine} first.
     * Either way the halves must touch disjoint data, so the result is the same.
     */
    public void beside(String name, Runnable theirs, Runnable mine) {
        if (!splits()) {
            mine.run();
            theirs.run();
            return;
        }
        started.incrementAndGet();
        Beside.run(name, theirs, mine);
    }

    /** The workers started so far under this policy: none when {@link #threads()} is 1. */
    public int workersStarted() {
        return started.get();
    }

    /** Starts a helper: a named daemon thread running {@code task} beside the work, whatever the policy. */
    public static Thread helper(String name, Runnable task) {
        Thread t = daemon(name, task);
        t.start();
        return t;
    }

    /** Helpers for an executor, each a daemon named {@code name}. */
    public static ThreadFactory helpers(String name) {
        return task -> daemon(name, task);
    }

    /** A helper not yet started: a named daemon thread for {@code task}, for its owner to start when ready. */
    public static Thread daemon(String name, Runnable task) {
        Thread t = new Thread(task, name);
        t.setDaemon(true);
        return t;
    }

    /** The same policy: the same threads (what its workers did so far is not part of it). */
    @Override
    public boolean equals(Object o) {
        return o instanceof Concurrency c && c.threads == threads;
    }

    @Override
    public int hashCode() {
        return threads;
    }

    @Override
    public String toString() {
        return threads + " thread" + (threads == 1 ? "" : "s");
    }
}

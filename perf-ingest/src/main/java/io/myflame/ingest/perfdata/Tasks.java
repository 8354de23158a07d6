package io.myflame.ingest.perfdata;

import io.myflame.ingest.elf.SortedAddresses;
import io.myflame.ingest.symbols.Dso;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What perf knows about threads and processes at any moment of a recording: each thread's
 * name (COMM, inherited at FORK) and each process's executable mappings (MMAP/MMAP2, copied at
 * FORK). Built from the non-sample records in one pass, then frozen and read by all decoding
 * threads; a sample sees the state as of its own (time, record number), the order perf sorts
 * events in, so records that land in the file after a sample but happened before it still count.
 */
final class Tasks {
    static final int KERNEL_PID = -1;

    private final Map<Integer, List<CommEntry>> comms = new HashMap<>();
    private final Map<Integer, ProcessMaps> maps = new HashMap<>();
    /** Non-executable mappings (recorded with mmap_data, as --call-graph dwarf does): what the unwinder may read as 0. */
    private final Map<Integer, ProcessMaps> dataMaps = new HashMap<>();
    private final List<Fork> forks = new ArrayList<>();
    final Map<String, Dso> dsos = new HashMap<>();
    final List<Dso> dsoList = new ArrayList<>();
    long kernelStart = -1;
    /** Where the recorded kernel's {@code _text} was; -1 when the recording does not say. */
    long kernelText = -1;
    Dso kernelDso;

    /** A thread name from a COMM record (or inherited at FORK); {@code id} numbers it for caches. */
    record CommEntry(long time, long seq, String comm, int id) {
    }

    final List<String> commNames = new ArrayList<>();

    private record Fork(long time, long seq, int pid, int ppid, int tid, int ptid) {
    }

    Dso dso(String name, Dso.Kind kind) {
        return dsos.computeIfAbsent(name, n -> {
            Dso d = new Dso(dsoList.size(), n, kind);
            dsoList.add(d);
            return d;
        });
    }

    void comm(int tid, long time, long seq, String comm) {
        comms.computeIfAbsent(tid, t -> new ArrayList<>()).add(new CommEntry(time, seq, comm, commNames.size()));
        commNames.add(comm);
    }

    void fork(int pid, int ppid, int tid, int ptid, long time, long seq) {
        forks.add(new Fork(time, seq, pid, ppid, tid, ptid));
    }

    void mmap(int pid, long start, long len, long pgoff, Dso dso, long time, long seq) {
        maps.computeIfAbsent(pid, p -> new ProcessMaps()).add(start, len, pgoff, dso, time, seq);
    }

    ProcessMaps maps(int pid) {
        return maps.get(pid);
    }

    void mmapData(int pid, long start, long len, long time, long seq) {
        dataMaps.computeIfAbsent(pid, p -> new ProcessMaps()).add(start, len, 0, null, time, seq);
    }

    ProcessMaps dataMaps(int pid) {
        return dataMaps.get(pid);
    }

    /** Applies forks in event order (a child inherits what its parent had then), then sorts everything. */
    void freeze() {
        forks.sort((a, b) -> before(a.time, a.seq, b.time, b.seq) ? -1 : a.time == b.time && a.seq == b.seq ? 0 : 1);
        for (List<CommEntry> l : comms.values()) {
            sortComms(l);
        }
        for (Fork f : forks) {
            CommEntry parent = commAt(f.ptid, f.time, f.seq);
            if (parent != null) {
                List<CommEntry> l = comms.get(f.tid);
                if (l == null) {
                    l = new ArrayList<>();
                    comms.put(f.tid, l);
                }
                l.add(new CommEntry(f.time, f.seq, parent.comm, parent.id));
                sortComms(l);
            }
            if (f.pid != f.ppid) {
                inherit(maps, f);
                inherit(dataMaps, f);
            }
        }
        for (ProcessMaps m : maps.values()) {
            m.freeze();
        }
        for (ProcessMaps m : dataMaps.values()) {
            m.freeze();
        }
        freezeComms();
    }

    private static void inherit(Map<Integer, ProcessMaps> all, Fork f) {
        ProcessMaps from = all.get(f.ppid);
        if (from != null) {
            ProcessMaps to = all.get(f.pid);
            if (to == null) {
                to = new ProcessMaps();
                all.put(f.pid, to);
            }
            to.inherit(from, f.time, f.seq);
        }
    }

    private static void sortComms(List<CommEntry> l) {
        l.sort((a, b) -> before(a.time, a.seq, b.time, b.seq) ? -1 : a.time == b.time && a.seq == b.seq ? 0 : 1);
    }

    /** The thread's name entry in force at (time, seq), or null when perf has none yet. */
    CommEntry commAt(int tid, long time, long seq) {
        CommEntry[] l = frozenComms == null ? null : lookup(tid);
        if (frozenComms == null) {
            List<CommEntry> list = comms.get(tid);
            // no lambdas on these paths: a perf.data without forks (the training's) leaves them out of the
            // AOT cache, and one spun at run time costs a millisecond
            l = list == null ? null : list.toArray(new CommEntry[0]);
        }
        if (l == null) {
            return null;
        }
        CommEntry found = null;
        for (CommEntry e : l) {
            if (!notAfter(e.time, e.seq, time, seq)) {
                break;
            }
            found = e;
        }
        return found;
    }

    /** After {@link #freeze()}: tids sorted, with their names, so a sample's lookup boxes nothing. */
    private int[] commTids;
    private CommEntry[][] frozenComms;

    private CommEntry[] lookup(int tid) {
        int i = Arrays.binarySearch(commTids, tid);
        return i < 0 ? null : frozenComms[i];
    }

    private void freezeComms() {
        commTids = comms.keySet().stream().mapToInt(Integer::intValue).sorted().toArray();
        CommEntry[][] frozen = new CommEntry[commTids.length][];
        for (int i = 0; i < commTids.length; i++) {
            frozen[i] = comms.get(commTids[i]).toArray(CommEntry[]::new);
        }
        frozenComms = frozen;
    }

    static boolean before(long t1, long s1, long t2, long s2) {
        return Long.compareUnsigned(t1, t2) < 0 || (t1 == t2 && s1 < s2);
    }

    static boolean notAfter(long t1, long s1, long t2, long s2) {
        return Long.compareUnsigned(t1, t2) < 0 || (t1 == t2 && s1 <= s2);
    }

    /**
     * One process's mappings, sorted by start. Where mappings overlap (an address re-mapped), the
     * latest one not after the sample wins, which is what perf's splitting of older maps amounts to.
     */
    static final class ProcessMaps {
        long[] start = new long[16];
        long[] end = new long[16];
        long[] pgoff = new long[16];
        long[] time = new long[16];
        long[] seq = new long[16];
        Dso[] dso = new Dso[16];
        long[] maxEnd;
        int size;
        /** When the latest mapping came into force: from then on a lookup no longer depends on the time. */
        private long settledTime;
        private long settledSeq;

        void add(long s, long len, long off, Dso d, long t, long q) {
            if (size == start.length) {
                int cap = size * 2;
                start = Arrays.copyOf(start, cap);
                end = Arrays.copyOf(end, cap);
                pgoff = Arrays.copyOf(pgoff, cap);
                time = Arrays.copyOf(time, cap);
                seq = Arrays.copyOf(seq, cap);
                dso = Arrays.copyOf(dso, cap);
            }
            start[size] = s;
            end[size] = s + len;
            pgoff[size] = off;
            time[size] = t;
            seq[size] = q;
            dso[size] = d;
            size++;
        }

        void inherit(ProcessMaps parent, long t, long q) {
            for (int i = 0; i < parent.size; i++) {
                if (notAfter(parent.time[i], parent.seq[i], t, q)) {
                    add(parent.start[i], parent.end[i] - parent.start[i], parent.pgoff[i], parent.dso[i],
                            parent.time[i], parent.seq[i]);
                }
            }
        }

        void freeze() {
            Integer[] order = new Integer[size];
            for (int i = 0; i < size; i++) {
                order[i] = i;
            }
            Arrays.sort(order, (a, b) -> Long.compareUnsigned(start[a], start[b]));
            long[] s = new long[size];
            long[] e = new long[size];
            long[] p = new long[size];
            long[] t = new long[size];
            long[] q = new long[size];
            Dso[] d = new Dso[size];
            maxEnd = new long[size];
            for (int i = 0; i < size; i++) {
                int o = order[i];
                s[i] = start[o];
                e[i] = end[o];
                p[i] = pgoff[o];
                t[i] = time[o];
                q[i] = seq[o];
                d[i] = dso[o];
                maxEnd[i] = i == 0 || Long.compareUnsigned(e[i], maxEnd[i - 1]) > 0 ? e[i] : maxEnd[i - 1];
                if (i == 0 || before(settledTime, settledSeq, t[i], q[i])) {
                    settledTime = t[i];
                    settledSeq = q[i];
                }
            }
            start = s;
            end = e;
            pgoff = p;
            time = t;
            seq = q;
            dso = d;
        }

        /** Whether every mapping is in force at (t, q), so {@link #find} gives the same answer at any later time. */
        boolean settled(long t, long q) {
            return notAfter(settledTime, settledSeq, t, q);
        }

        /** The mapping that holds {@code addr} at (t, q), or -1. */
        int find(long addr, long t, long q) {
            int at = SortedAddresses.lastAtOrBefore(start, size, addr);
            int best = -1;
            for (int i = at; i >= 0 && Long.compareUnsigned(maxEnd[i], addr) > 0; i--) {
                if (Long.compareUnsigned(addr, end[i]) < 0 && notAfter(time[i], seq[i], t, q)
                        && (best < 0 || before(time[best], seq[best], time[i], seq[i]))) {
                    best = i;
                }
            }
            return best;
        }
    }
}

package io.myflame.ingest.perfdata;

import io.myflame.core.model.StackMap;
import io.myflame.ingest.symbols.Dso;
import io.myflame.ingest.symbols.SymbolSources;
import io.myflame.ingest.unwind.UserStackUnwinder;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * Decodes the SAMPLE records of one stretch of the data section into stacks of local frame
 * numbers, the way {@code perf script} resolves them: the callchain leaf first, context markers
 * switching between kernel and user address spaces, at most {@code max_stack} real entries, each
 * address resolved in the mapping and symbol in force at the sample's time. One per thread; a
 * sample whose frames were seen before costs no allocation.
 */
final class SampleDecoder {
    static final int SAMPLE = 9;
    private static final long CONTEXT_MAX = -4095L;
    private static final long CONTEXT_HV = -32L;
    private static final long CONTEXT_KERNEL = -128L;
    private static final long CONTEXT_USER = -512L;
    static final int CPUMODE_KERNEL = 1;
    static final int CPUMODE_USER = 2;

    /** Frame keys: {@code hi} = dso id + 1 (0: no mapping) with flag bits, {@code lo} = symbol or address. */
    static final long UNRESOLVED = 1L << 40;
    static final long JAVA = 1L << 41;
    /** With {@link #UNRESOLVED}: {@code lo} is the start of the unnamed function ({@link FunctionBounds}), not 0 or an address. */
    static final long FUNCTION = 1L << 42;

    private final PerfDataFile file;
    private final Tasks tasks;
    private final SymbolSources sources;
    private final boolean includeAddrs;
    private final int maxStack;

    final LongPairIndex frames = new LongPairIndex();
    /** Root keys: tid, comm entry id (-1: none). */
    final LongPairIndex roots = new LongPairIndex();
    final StackMap stacks = new StackMap();
    long otherEvents;
    /** Samples of no known thread (tid -1), left out as the text path leaves them out. */
    long unknownThread;
    long samples;
    /** Offset of the first record that could not be read, or -1. */
    long damagedAt = -1;

    /** The only pid whose samples are decoded, or -1 for every process ({@link io.myflame.ingest.fold.FoldOptions#process}). */
    private final long process;
    private int[] leafFirst = new int[256];
    private int[] key = new int[256];

    SampleDecoder(PerfDataFile file, Tasks tasks, SymbolSources sources, boolean includeAddrs, int maxStack, long process) {
        this.process = process;
        this.file = file;
        this.tasks = tasks;
        this.sources = sources;
        this.includeAddrs = includeAddrs;
        this.maxStack = maxStack;
    }

    /** Decodes the records of {@code b[0, len)}; {@code seq} numbers the first record as the index pass did. */
    void decode(ByteBuffer b, int len, long seq) {
        int p = 0;
        while (p + 8 <= len) {
            int type = b.getInt(p);
            int size = Short.toUnsignedInt(b.getShort(p + 6));
            if (size < 8 || p + size > len) {
                return;
            }
            if (type == SAMPLE) {
                sample(b, p, size, seq);
            }
            p += size;
            seq++;
        }
    }

    private void sample(ByteBuffer b, int rec, int size, long seq) {
        EventAttr attr = file.sampleAttr(b, rec);
        if (attr == null) {
            return;
        }
        if (!attr.kept) {
            otherEvents++;
            return;
        }
        long st = attr.sampleType;
        int cpumode = b.getShort(rec + 4) & 7;
        int p = rec + 8;
        if ((st & EventAttr.IDENTIFIER) != 0) {
            p += 8;
        }
        long ip = 0;
        if ((st & EventAttr.IP) != 0) {
            ip = b.getLong(p);
            p += 8;
        }
        int pid = -1;
        int tid = -1;
        if ((st & EventAttr.TID) != 0) {
            pid = b.getInt(p);
            tid = b.getInt(p + 4);
            p += 8;
        }
        long time = 0;
        if ((st & EventAttr.TIME) != 0) {
            time = b.getLong(p);
            p += 8;
        }
        p += 8 * Long.bitCount(st & (EventAttr.ADDR | EventAttr.ID | EventAttr.STREAM_ID | EventAttr.CPU));
        long period = 1;
        if ((st & EventAttr.PERIOD) != 0) {
            period = b.getLong(p);
            period = period == 0 ? 1 : period;
            p += 8;
        }
        if ((st & EventAttr.READ) != 0) {
            p += attr.readSize(b, p);
        }
        if (process >= 0 && pid != process) {
            // another process of a system-wide recording: not sampled for this read (perf report --pid)
            return;
        }
        if (tid == -1) {
            // perf script prints such a sample as ":-1    -1 [000] 22863.462881: ...", a header whose
            // event inferno and the text path read as another one, so they drop it; so do we.
            unknownThread++;
            return;
        }
        Tasks.CommEntry comm = tasks.commAt(tid, time, seq);
        boolean java = comm != null && comm.comm().equals("java");
        int depth;
        if ((st & EventAttr.CALLCHAIN) != 0) {
            long nr = b.getLong(p);
            if (nr < 0 || p + 8 + nr * 8 > rec + size) {
                return;
            }
            depth = callchain(b, p + 8, (int) nr, pid, time, seq, java);
            if (depth >= 0 && attr.unwinds()) {
                depth = unwound(attr, b, p + 8 + (int) nr * 8, depth, pid, time, seq, java);
            }
            depth = Math.max(0, depth);
        } else {
            leafFirst[0] = sampleIp(ip, cpumode, pid, time, seq, java);
            depth = 1;
        }
        samples++;
        int root = roots.indexOf(tid, comm == null ? -1 : comm.id());
        if (key.length < depth) {
            key = new int[depth * 2];
        }
        for (int i = 0; i < depth; i++) {
            key[i] = leafFirst[depth - 1 - i];
        }
        stacks.add(root, key, depth, period, 1);
    }

    /** perf's thread__resolve_callchain_sample: markers set the address space; nothing is guessed. */
    private int callchain(ByteBuffer b, int at, int nr, int pid, long time, long seq, boolean java) {
        int cpumode = CPUMODE_USER;
        int depth = 0;
        int entries = 0;
        for (int i = 0; i < nr && entries < maxStack; i++) {
            long addr = b.getLong(at + i * 8);
            if (Long.compareUnsigned(addr, CONTEXT_MAX) >= 0) {
                if (addr == CONTEXT_KERNEL) {
                    cpumode = CPUMODE_KERNEL;
                } else if (addr == CONTEXT_USER) {
                    cpumode = CPUMODE_USER;
                } else if (addr == CONTEXT_HV) {
                    cpumode = 3;
                } else {
                    // An invalid context (a chain ending in -1, seen in exiting threads): perf's
                    // add_callchain_ip discards the whole chain (and unwinds nothing), perf script
                    // prints the sample without a frame, and the text path, like inferno, counts
                    // no frameless sample.
                    return -1;
                }
                continue;
            }
            entries++;
            if (depth == leafFirst.length) {
                leafFirst = Arrays.copyOf(leafFirst, depth * 2);
            }
            leafFirst[depth++] = frame(addr, cpumode, pid, time, seq, java);
        }
        return depth;
    }

    /**
     * Appends, after the {@code depth} frames of the recorded (kernel) callchain, the user frames
     * unwound from the sample's registers and stack dump at {@code p} (after the callchain), as
     * perf's thread__resolve_callchain_unwind does: nothing when no registers or an empty dump
     * were recorded (a kernel thread, a failed copy).
     */
    private int unwound(EventAttr attr, ByteBuffer b, int p, int depth, int pid, long time, long seq, boolean java) {
        if (attr.has(EventAttr.RAW)) {
            p += 4 + b.getInt(p);
        }
        long abi = b.getLong(p);
        int regsAt = p + 8;
        p = regsAt + (abi == 0 ? 0 : 8 * Long.bitCount(attr.sampleRegsUser));
        long dumped = b.getLong(p);
        if (abi == 0 || dumped == 0) {
            return depth;
        }
        long dynSize = b.getLong(p + 8 + (int) dumped);
        if (dynSize == 0) {
            return depth;
        }
        if (unwinder == null) {
            unwinder = new UserStackUnwinder();
            code = new SampledCode(sources);
            data = new SampledCode(sources);
        }
        Tasks.ProcessMaps maps = mapsFor(CPUMODE_USER, pid);
        if (pid != dataPid) {
            dataMaps = tasks.dataMaps(pid);
            dataPid = pid;
        }
        int n = unwinder.unwind(b, regsAt, attr.sampleRegsUser, p + 8, dynSize, code.at(maps, time, seq),
                data.at(dataMaps, time, seq), maxStack);
        long[] ips = unwinder.ips;
        for (int i = 0; i < n; i++) {
            if (ips[i] == 0) {
                continue;
            }
            if (depth == leafFirst.length) {
                leafFirst = Arrays.copyOf(leafFirst, depth * 2);
            }
            leafFirst[depth++] = frame(ips[i], CPUMODE_USER, pid, time, seq, java);
        }
        return depth;
    }

    private UserStackUnwinder unwinder;
    private SampledCode code;
    private SampledCode data;
    private Tasks.ProcessMaps dataMaps;
    private int dataPid = Integer.MIN_VALUE;

    /** The sample's own address, looked up in the other address space when its own has no mapping (thread__find_map_fb). */
    private int sampleIp(long ip, int cpumode, int pid, long time, long seq, boolean java) {
        Tasks.ProcessMaps maps = mapsFor(cpumode, pid);
        if ((maps == null || maps.find(ip, time, seq) < 0) && (cpumode == CPUMODE_KERNEL || cpumode == CPUMODE_USER)) {
            int other = tasks.kernelStart != -1 && Long.compareUnsigned(ip, tasks.kernelStart) >= 0
                    ? CPUMODE_KERNEL : CPUMODE_USER;
            cpumode = other;
        }
        return frame(ip, cpumode, pid, time, seq, java);
    }

    private Tasks.ProcessMaps mapsFor(int cpumode, int pid) {
        if (cpumode == CPUMODE_KERNEL) {
            if (kernelMaps == null) {
                kernelMaps = tasks.maps(Tasks.KERNEL_PID);
            }
            return kernelMaps;
        }
        if (cpumode != CPUMODE_USER) {
            return null;
        }
        // Consecutive frames and samples are mostly of one process: spare the map lookup (and its boxing).
        if (pid != lastPid || lastMaps == null) {
            lastMaps = tasks.maps(pid);
            lastPid = pid;
        }
        return lastMaps;
    }

    private Tasks.ProcessMaps kernelMaps;
    private Tasks.ProcessMaps lastMaps;
    private int lastPid = Integer.MIN_VALUE;

    /**
     * Frames of recently seen addresses, direct-mapped: a callchain's return addresses repeat from
     * sample to sample, and once a process's mappings are all in force an address always resolves
     * to the same frame, so the map and symbol searches run once per address rather than per frame.
     */
    private static final int CACHE_BITS = 13;
    private final long[] cachedAddr = new long[1 << CACHE_BITS];
    private final Tasks.ProcessMaps[] cachedMaps = new Tasks.ProcessMaps[1 << CACHE_BITS];
    private final boolean[] cachedJava = new boolean[1 << CACHE_BITS];
    private final int[] cachedFrame = new int[1 << CACHE_BITS];

    private int frame(long ip, int cpumode, int pid, long time, long seq, boolean java) {
        Tasks.ProcessMaps maps = mapsFor(cpumode, pid);
        if (maps == null || !maps.settled(time, seq)) {
            return resolve(ip, cpumode, maps, time, seq, java);
        }
        int slot = (int) ((ip * 0x9E3779B97F4A7C15L) >>> (64 - CACHE_BITS));
        if (cachedAddr[slot] == ip && cachedMaps[slot] == maps && cachedJava[slot] == java) {
            return cachedFrame[slot];
        }
        int f = resolve(ip, cpumode, maps, time, seq, java);
        cachedAddr[slot] = ip;
        cachedMaps[slot] = maps;
        cachedJava[slot] = java;
        cachedFrame[slot] = f;
        return f;
    }

    private int resolve(long ip, int cpumode, Tasks.ProcessMaps maps, long time, long seq, boolean java) {
        long flags = java ? JAVA : 0;
        int m = maps == null ? -1 : maps.find(ip, time, seq);
        if (m < 0) {
            Dso kernel = tasks.kernelDso;
            if (cpumode == CPUMODE_KERNEL && kernel != null && kernel.symbols(sources).covers(ip)) {
                return symbolFrame(kernel, ip, flags);
            }
            return frames.indexOf(flags | UNRESOLVED, includeAddrs ? ip : 0);
        }
        return symbolFrame(maps.dso[m], ip - maps.start[m] + maps.pgoff[m], flags);
    }

    private int symbolFrame(Dso dso, long addr, long flags) {
        int sym = dso.symbols(sources).find(addr);
        if (sym < 0) {
            // No symbol: named after the function the FDEs place it in, unless --addrs asks for the address.
            long function = includeAddrs ? -1 : dso.functionBounds(sources).startOf(addr);
            if (function != -1) {
                return frames.indexOf(flags | UNRESOLVED | FUNCTION | (dso.id + 1), function);
            }
            return frames.indexOf(flags | UNRESOLVED | (dso.id + 1), includeAddrs ? addr : 0);
        }
        return frames.indexOf(flags | (dso.id + 1), sym);
    }
}

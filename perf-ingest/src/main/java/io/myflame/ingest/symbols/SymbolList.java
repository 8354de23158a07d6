package io.myflame.ingest.symbols;

import java.util.Arrays;

/**
 * Symbols as read from one table (ELF, kallsyms, JIT map), before perf's fix-ups: parallel
 * primitive arrays and one byte blob of names. A table of 120,000 kernel symbols is read on
 * every run, and objects per symbol cost more than reading the file; names become strings only
 * for the symbols that samples hit ({@link SymbolTable#name}).
 */
public final class SymbolList {
    static final int LOCAL = 0;
    public static final int GLOBAL = 1;
    static final int WEAK = 2;

    long[] start;
    /** {@code end == start} means "no size yet". */
    long[] end;
    byte[] bind;
    int[] nameAt;
    int[] nameLength;
    public int size;
    byte[] names;
    int namesUsed;

    public SymbolList(int capacity) {
        this(capacity, new byte[Math.max(16, capacity) * 24], 0);
    }

    /**
     * A list whose names lie in {@code text} (a string table, the kallsyms file) and are added by
     * position with {@link #addNamedAt}, so reading copies no name; names added with {@link #add}
     * are appended after it.
     */
    static SymbolList over(byte[] text, int capacity) {
        return new SymbolList(capacity, text, text.length);
    }

    private SymbolList(int capacity, byte[] names, int namesUsed) {
        int n = Math.max(16, capacity);
        start = new long[n];
        end = new long[n];
        bind = new byte[n];
        nameAt = new int[n];
        nameLength = new int[n];
        this.names = names;
        this.namesUsed = namesUsed;
    }

    /** Adds a symbol whose name is {@code names[at, at + len)} of the text the list was made {@link #over}. */
    void addNamedAt(long symStart, long symSize, int symBind, int at, int len) {
        if (size == start.length) {
            grow();
        }
        start[size] = symStart;
        end[size] = symStart + symSize;
        bind[size] = (byte) symBind;
        nameAt[size] = at;
        nameLength[size] = len;
        size++;
    }

    private void grow() {
        int cap = size * 2;
        start = Arrays.copyOf(start, cap);
        end = Arrays.copyOf(end, cap);
        bind = Arrays.copyOf(bind, cap);
        nameAt = Arrays.copyOf(nameAt, cap);
        nameLength = Arrays.copyOf(nameLength, cap);
    }

    public void add(long symStart, long symSize, int symBind, byte[] src, int from, int len) {
        add(symStart, symSize, symBind, src, from, len, null);
    }

    /** Adds a symbol whose name is {@code src[from, from + len)} followed by {@code suffix} (perf's "@plt"). */
    public void add(long symStart, long symSize, int symBind, byte[] src, int from, int len, byte[] suffix) {
        if (size == start.length) {
            grow();
        }
        int total = len + (suffix == null ? 0 : suffix.length);
        if (namesUsed + total > names.length) {
            names = Arrays.copyOf(names, Math.max(names.length * 2, namesUsed + total));
        }
        System.arraycopy(src, from, names, namesUsed, len);
        if (suffix != null) {
            System.arraycopy(suffix, 0, names, namesUsed + len, suffix.length);
        }
        start[size] = symStart;
        end[size] = symStart + symSize;
        bind[size] = (byte) symBind;
        nameAt[size] = namesUsed;
        nameLength[size] = total;
        namesUsed += total;
        size++;
    }

    /** Appends every symbol of {@code other}. */
    void addAll(SymbolList other) {
        for (int i = 0; i < other.size; i++) {
            add(other.start[i], other.end[i] - other.start[i], other.bind[i], other.names, other.nameAt[i],
                    other.nameLength[i]);
        }
    }

    boolean nameContains(int i, byte c) {
        for (int k = nameAt[i], stop = k + nameLength[i]; k < stop; k++) {
            if (names[k] == c) {
                return true;
            }
        }
        return false;
    }

    int leadingUnderscores(int i) {
        int k = 0;
        while (k < nameLength[i] && names[nameAt[i] + k] == '_') {
            k++;
        }
        return k;
    }

    /**
     * The symbols' indices ordered by unsigned start; equal starts keep the order they were added
     * in (perf's fix-ups depend on it). Tables that are already in order (kallsyms) cost one pass.
     */
    int[] order() {
        int[] idx = new int[size];
        for (int i = 0; i < size; i++) {
            idx[i] = i;
        }
        sort(idx, size);
        return idx;
    }

    /** Orders the first {@code n} indices of {@code idx} by unsigned start, stably. */
    void sort(int[] idx, int n) {
        for (int i = 1; i < n; i++) {
            if (Long.compareUnsigned(start[idx[i - 1]], start[idx[i]]) > 0) {
                mergeSort(idx, new int[n], 0, n);
                return;
            }
        }
    }

    /** A stable merge sort of indices by start: no boxing, no comparator objects. */
    private void mergeSort(int[] a, int[] tmp, int from, int to) {
        if (to - from < 2) {
            return;
        }
        int mid = (from + to) >>> 1;
        mergeSort(a, tmp, from, mid);
        mergeSort(a, tmp, mid, to);
        if (Long.compareUnsigned(start[a[mid - 1]], start[a[mid]]) <= 0) {
            return;
        }
        System.arraycopy(a, from, tmp, from, to - from);
        int i = from;
        int j = mid;
        for (int k = from; k < to; k++) {
            if (j >= to || i < mid && Long.compareUnsigned(start[tmp[i]], start[tmp[j]]) <= 0) {
                a[k] = tmp[i++];
            } else {
                a[k] = tmp[j++];
            }
        }
    }
}

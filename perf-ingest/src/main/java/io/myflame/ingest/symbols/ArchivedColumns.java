package io.myflame.ingest.symbols;

import io.myflame.ingest.elf.SortedAddresses;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A table's symbols as an indexed archive's section holds them ({@link IndexedArchive}: starts,
 * ends, name offsets, name lengths, then the names), its arrays taken as they were copied from the
 * file. Nothing is computed or checked over the whole table when it is loaded: those passes (a
 * bounds check of every name, the prefix maximum of the ends a parsed table keeps) ran interpreted
 * in a short report, 4-5 ms of CPU for the kernel's 120,000 symbols, of which a report finds a few
 * thousand. A symbol's name is checked the first time a lookup finds it: one whose bytes lie
 * outside the section is not believed (it names nothing, {@link #named}) and reported once, so a
 * damaged section can name an address wrongly but never read outside itself.
 *
 * <p>Thread-safe: the arrays are not written after loading; the per-symbol verdicts are filled
 * racily, each with the value any thread would compute.
 */
final class ArchivedColumns implements SymbolColumns {
    private static final byte UNCHECKED = 0;
    private static final byte GOOD = 1;
    private static final byte DAMAGED = 2;

    private final long[] start;
    private final long[] end;
    private final int[] nameAt;
    private final int[] nameLength;
    private final byte[] names;
    /** Per symbol: whether its name lies inside the section, once looked at. */
    private final byte[] verdict;
    private final Runnable onDamage;
    private final AtomicBoolean damageSeen = new AtomicBoolean();

    /** The section's arrays, of one length each but {@code names}; {@code onDamage} runs once, at the first name outside it. */
    ArchivedColumns(long[] start, long[] end, int[] nameAt, int[] nameLength, byte[] names, Runnable onDamage) {
        this.start = start;
        this.end = end;
        this.nameAt = nameAt;
        this.nameLength = nameLength;
        this.names = names;
        this.verdict = new byte[start.length];
        this.onDamage = onDamage;
    }

    @Override
    public int size() {
        return start.length;
    }

    @Override
    public long start(int i) {
        return start[i];
    }

    @Override
    public long end(int i) {
        return end[i];
    }

    @Override
    public int lastAtOrBefore(long address) {
        return SortedAddresses.lastAtOrBefore(start, start.length, address);
    }

    /** No prefix maximum of the ends here (a pass over them all): the caller's short look back decides. */
    @Override
    public boolean mayHoldFrom(int i, long address) {
        return true;
    }

    @Override
    public boolean named(int i) {
        byte v = verdict[i];
        if (v == UNCHECKED) {
            int at = nameAt[i];
            int length = nameLength[i];
            v = at >= 0 && length >= 0 && at <= names.length - length ? GOOD : DAMAGED;
            verdict[i] = v;
            if (v == DAMAGED && damageSeen.compareAndSet(false, true)) {
                onDamage.run();
            }
        }
        return v == GOOD;
    }

    @Override
    public String name(int i) {
        return named(i) ? new String(names, nameAt[i], nameLength[i], StandardCharsets.ISO_8859_1) : "";
    }

    @Override
    public boolean mangled(int i) {
        return named(i) && Demangler.mangled(names, nameAt[i], nameLength[i]);
    }
}

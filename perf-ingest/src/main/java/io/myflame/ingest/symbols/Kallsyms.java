package io.myflame.ingest.symbols;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;

/**
 * A kernel's symbol list as {@code /proc/kallsyms} prints it, and as perf's build-id caches keep
 * it ({@code [kernel.kallsyms]/ID/kallsyms}).
 */
public final class Kallsyms {
    private Kallsyms() {
    }

    /** Starts reading {@code file} on a helper thread; an unreadable one is no symbols (a read when asked says why). */
    static CompletableFuture<SymbolTable> readAhead(Path file) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return read(file);
            } catch (IOException | RuntimeException e) {
                return SymbolTable.EMPTY;
            }
        }, Demangler::daemon);
    }

    /**
     * "ffffffff8225fd19 T pvm_irq_enable" — text, weak, data and bss symbols, as perf keeps them; a
     * regular file's table as kept by an earlier run when the file is unchanged ({@link KallsymsCache}).
     */
    public static SymbolTable read(Path file) throws IOException {
        KallsymsCache cache = KallsymsCache.of(file);
        SymbolTable kept = cache == null ? null : cache.table();
        if (kept != null) {
            return kept;
        }
        SymbolTable parsed = parse(file);
        if (cache != null) {
            cache.keep(parsed);
        }
        return parsed;
    }

    /** The table of {@code file}, parsed. */
    static SymbolTable parse(Path file) throws IOException {
        byte[] b = readAll(file);
        SymbolList syms = SymbolList.over(b, b.length / 40);
        // One short method per line, not one loop over 5 MB: the JIT compiles a method after a
        // few hundred calls, while a long loop runs interpreted until its on-stack replacement.
        for (int p = 0; p < b.length; ) {
            p = kallsymsLine(b, p, syms);
        }
        return SymbolTable.ofKallsyms(syms);
    }

    /** Adds the symbol of the line at {@code p} when perf keeps it; returns the next line's start. */
    private static int kallsymsLine(byte[] b, int p, SymbolList syms) {
        int eol = p;
        while (eol < b.length && b[eol] != '\n') {
            eol++;
        }
        long addr = 0;
        int i = p;
        for (int d; i < eol && (d = HexDigits.VALUE[b[i] & 0xff]) >= 0; i++) {
            addr = (addr << 4) | d;
        }
        if (i + 3 < eol && b[i] == ' ' && b[i + 2] == ' ' && b[i + 3] != '$') {
            char t = (char) b[i + 1];
            char type = Character.toUpperCase(t);
            if (type == 'T' || type == 'W' || type == 'D' || type == 'B') {
                int bind = type == 'W' ? SymbolList.WEAK : Character.isUpperCase(t) ? SymbolList.GLOBAL
                        : SymbolList.LOCAL;
                syms.addNamedAt(addr, 0, bind, i + 3, eol - i - 3);
            }
        }
        return eol + 1;
    }

    /** The largest kallsyms read: a kernel's is about 10 MB (121,822 lines), with modules' symbols a little more. */
    static final int MAX_KALLSYMS = 64 << 20;

    /**
     * A whole file, /proc files included (they say they are empty, so no size hint), in 1 MB
     * reads: /proc/kallsyms makes its 5 MB of text a read at a time, and small reads cost a
     * hundred milliseconds more.
     */
    private static byte[] readAll(Path file) throws IOException {
        try (FileChannel ch = FileChannel.open(file)) {
            byte[] out = new byte[8 << 20];
            int used = 0;
            ByteBuffer buf = ByteBuffer.wrap(out);
            while (true) {
                if (used == out.length) {
                    if (used >= MAX_KALLSYMS) {
                        throw new IOException(file + ": " + (MAX_KALLSYMS >> 20) + " MB and more, larger than any kallsyms");
                    }
                    out = Arrays.copyOf(out, out.length * 2);
                    buf = ByteBuffer.wrap(out);
                }
                buf.limit(Math.min(out.length, used + (1 << 20))).position(used);
                int n = ch.read(buf);
                if (n < 0) {
                    return out.length == used ? out : Arrays.copyOf(out, used);
                }
                used += n;
            }
        }
    }
}

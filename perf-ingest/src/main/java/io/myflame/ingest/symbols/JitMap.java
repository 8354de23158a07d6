package io.myflame.ingest.symbols;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** A JIT's symbol map {@code /tmp/perf-PID.map}: "START SIZE name" per line, in hex, absolute addresses. */
public final class JitMap {
    private JitMap() {
    }

    //   7f1e2215d058 1a0 Ljava/lang/String;::hashCode
    static SymbolTable read(Path file) throws IOException {
        if (!Files.isReadable(file)) {
            return SymbolTable.EMPTY;
        }
        SymbolList syms = new SymbolList(0);
        long[] value = new long[1];
        try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.ISO_8859_1)) {
            String line;
            while ((line = r.readLine()) != null) {
                int a = hex(line, 0, value);
                long start = value[0];
                int b = hex(line, a + 1, value);
                long size = value[0];
                // perf skips a line whose fields leave fewer than two characters of name.
                if (a + 3 >= line.length() || b + 3 >= line.length()) {
                    continue;
                }
                byte[] name = line.substring(b + 1).getBytes(StandardCharsets.ISO_8859_1);
                syms.add(start, size, SymbolList.GLOBAL, name, 0, name.length);
            }
        }
        return SymbolTable.ofJitMap(syms);
    }

    /**
     * perf's hex2u64, which is strtoull(s, &end, 16): blanks, a sign, an optional "0x" (Java's
     * -XX:+DumpPerfMapAtExit writes "0x00007fa0e4940b80 0x0000000000017de0 Interpreter"), then
     * hex digits. Stores the value and returns where the number ends ({@code from} if none).
     */
    private static int hex(String s, int from, long[] value) {
        value[0] = 0;
        int i = from;
        while (i < s.length() && (s.charAt(i) == ' ' || s.charAt(i) == '\t')) {
            i++;
        }
        boolean negative = i < s.length() && s.charAt(i) == '-';
        if (i < s.length() && (s.charAt(i) == '-' || s.charAt(i) == '+')) {
            i++;
        }
        if (i + 2 < s.length() && s.charAt(i) == '0' && (s.charAt(i + 1) == 'x' || s.charAt(i + 1) == 'X')
                && Character.digit(s.charAt(i + 2), 16) >= 0) {
            i += 2;
        }
        int digits = i;
        long v = 0;
        boolean overflow = false;
        while (i < s.length() && Character.digit(s.charAt(i), 16) >= 0) {
            overflow |= (v >>> 60) != 0;
            v = (v << 4) | Character.digit(s.charAt(i), 16);
            i++;
        }
        if (i == digits) {
            return from;
        }
        value[0] = overflow ? -1L : negative ? -v : v;
        return i;
    }
}

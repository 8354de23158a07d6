package io.myflame.ingest.perfdata;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** A JIT's symbol map {@code /tmp/perf-PID.map}: "START SIZE name" per line, in hex, absolute addresses. */
final class JitMap {
    private JitMap() {
    }

    //   7f1e2215d058 1a0 Ljava/lang/String;::hashCode
    static SymbolTable read(Path file) throws IOException {
        if (!Files.isReadable(file)) {
            return SymbolTable.EMPTY;
        }
        SymbolList syms = new SymbolList(0);
        try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.ISO_8859_1)) {
            String line;
            while ((line = r.readLine()) != null) {
                int a = hexEnd(line, 0);
                int b = hexEnd(line, a + 1);
                // perf skips a line whose fields leave fewer than two characters of name.
                if (a + 3 >= line.length() || b + 3 >= line.length()) {
                    continue;
                }
                long start = parseHex(line, 0, a);
                long size = parseHex(line, a + 1, b);
                byte[] name = line.substring(b + 1).getBytes(StandardCharsets.ISO_8859_1);
                syms.add(start, size, SymbolList.GLOBAL, name, 0, name.length);
            }
        }
        return SymbolTable.ofJitMap(syms);
    }

    private static int hexEnd(String s, int from) {
        int i = from;
        while (i < s.length() && Character.digit(s.charAt(i), 16) >= 0) {
            i++;
        }
        return i;
    }

    private static long parseHex(String s, int from, int to) {
        long v = 0;
        for (int i = from; i < to; i++) {
            v = (v << 4) | Character.digit(s.charAt(i), 16);
        }
        return v;
    }
}

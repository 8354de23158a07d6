package io.myflame.ingest.symbols;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The names perf compares when several symbols share one address. perf demangles while it loads a
 * symbol table, so its last tie-breaks (fewer leading underscores, then the longer name) are
 * between demangled names:
 * of chromium's {@code _Znwm} and {@code _Znam} at one address it keeps {@code operator new[]},
 * and of {@code _Z1fiiiiiiii} and {@code _Z5abcdev} it keeps {@code abcde}, where the mangled
 * lengths would choose the other. Only the rare runs that can differ are demangled, in one
 * {@code c++filt} call per table: a constructor's or destructor's variants ({@code C1}/{@code C2},
 * {@code D1}/{@code D2}) demangle alike and are left to the mangled comparison.
 */
public final class AliasNames {
    private static final String CXXFILT = "c++filt";

    private AliasNames() {
    }

    /**
     * Per symbol of {@code s}, the name perf compares (null: its own), or null when no run of equal
     * starts needs demangling (or c++filt cannot be run: then the mangled names decide).
     */
    static String[] compared(SymbolList s, int[] sorted) {
        List<Integer> wanted = new ArrayList<>();
        int runStart = 0;
        for (int k = 1; k <= s.size; k++) {
            if (k == s.size || s.start[sorted[k]] != s.start[sorted[runStart]]) {
                if (k - runStart > 1 && demanglingMatters(s, sorted, runStart, k)) {
                    for (int r = runStart; r < k; r++) {
                        wanted.add(sorted[r]);
                    }
                }
                runStart = k;
            }
        }
        if (wanted.isEmpty()) {
            return null;
        }
        List<String> names = new ArrayList<>();
        for (int i : wanted) {
            names.add(name(s, i));
        }
        Map<String, String> demangled;
        try (Demangler d = new Demangler(CXXFILT)) {
            demangled = d.demangle(names);
        } catch (IOException e) {
            return null;
        }
        String[] compared = new String[s.size];
        for (int i : wanted) {
            String n = name(s, i);
            compared[i] = demangled.getOrDefault(n, n);
        }
        return compared;
    }

    /** Whether a run holds a mangled name and two names that may demangle to different lengths. */
    private static boolean demanglingMatters(SymbolList s, int[] sorted, int from, int to) {
        String first = name(s, sorted[from]);
        boolean anyMangled = Demangler.mangled(first);
        boolean differ = false;
        for (int r = from + 1; r < to; r++) {
            String n = name(s, sorted[r]);
            anyMangled |= Demangler.mangled(n);
            differ |= !structorVariants(first, n);
        }
        return anyMangled && differ;
    }

    /** "_ZN3FooC1Ev" and "_ZN3FooC2Ev": equal but for one C/D variant digit, so equal when demangled. */
    public static boolean structorVariants(String a, String b) {
        if (a.length() != b.length()) {
            return false;
        }
        int diff = -1;
        for (int i = 0; i < a.length(); i++) {
            if (a.charAt(i) != b.charAt(i)) {
                if (diff >= 0) {
                    return false;
                }
                diff = i;
            }
        }
        if (diff < 1) {
            return diff < 0;
        }
        char kind = a.charAt(diff - 1);
        return (kind == 'C' || kind == 'D') && isVariant(a.charAt(diff)) && isVariant(b.charAt(diff));
    }

    private static boolean isVariant(char c) {
        return c >= '0' && c <= '5';
    }

    private static String name(SymbolList s, int i) {
        return new String(s.names, s.nameAt[i], s.nameLength[i], StandardCharsets.ISO_8859_1);
    }
}

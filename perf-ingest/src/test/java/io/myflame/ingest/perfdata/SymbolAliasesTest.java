package io.myflame.ingest.perfdata;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.myflame.ingest.fold.FoldOptions;
import io.myflame.ingest.script.PerfDataSource;
import io.myflame.ingest.script.PerfScriptReader;
import io.myflame.ingest.symbols.AliasNames;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two names at one address, where perf's last tie-break (the longer name) is taken on demangled
 * names: {@code _Z1fiiiiiiii} (mangled longer, demangled {@code f}) and {@code _Z5abcdev}
 * ({@code abcde}). perf keeps {@code abcde}; comparing mangled lengths kept {@code f} (and, in a
 * system-wide recording, named chromium's allocator {@code operator new} where perf says
 * {@code operator new[]}). A real program assembled with both symbols on one function, recorded
 * by perf, must fold as perf script folds it.
 */
class SymbolAliasesTest {
    /** The alias that demangles shorter comes first in the symbol table, so the order cannot hide the rule. */
    private static final String ALIASED = """
            \t.text
            \t.globl _Z1fiiiiiiii
            \t.type _Z1fiiiiiiii, @function
            \t.globl _Z5abcdev
            \t.type _Z5abcdev, @function
            _Z1fiiiiiiii:
            _Z5abcdev:
            \tpushq %rbp
            \tmovq %rsp, %rbp
            \tmovl $400000000, %ecx
            1:\tdecl %ecx
            \tjnz 1b
            \tpopq %rbp
            \tret
            \t.size _Z1fiiiiiiii, .-_Z1fiiiiiiii
            \t.size _Z5abcdev, .-_Z5abcdev
            \t.globl main
            \t.type main, @function
            main:
            \tpushq %rbp
            \tmovq %rsp, %rbp
            \tcall _Z1fiiiiiiii
            \txorl %eax, %eax
            \tpopq %rbp
            \tret
            \t.section .note.GNU-stack,"",@progbits
            """;

    @TempDir
    Path dir;

    @Test
    void aliasesAreChosenByTheirDemangledNames() throws Exception {
        Recordings.assumeTools("perf", "gcc", "c++filt");
        Path bin = Recordings.compile(dir, "aliases.s", ALIASED);
        Path data = Recordings.record(dir, "perf.data", List.of("-F", "999", "-g"), bin.toString());
        String viaPerf = Recordings.folded(new PerfDataSource("perf", false).read(data,
                new PerfScriptReader(FoldOptions.COLLAPSE, 2)));
        String nativeFold = Recordings.folded(new PerfDataReader(FoldOptions.COLLAPSE, 2).read(data));
        assertTrue(viaPerf.contains(";main;abcde "), "perf names the loop abcde:\n" + viaPerf);
        assertEquals(viaPerf, nativeFold);
    }

    @Test
    void constructorVariantsNeedNoDemangling() {
        assertTrue(AliasNames.structorVariants("_ZN3FooC1Ev", "_ZN3FooC2Ev"));
        assertTrue(AliasNames.structorVariants("_ZN3FooD1Ev", "_ZN3FooD0Ev"));
        assertFalse(AliasNames.structorVariants("_Znwm", "_Znam"));
        assertFalse(AliasNames.structorVariants("_ZN3FooC1Ev", "_ZN3FooC1Evv"));
        assertFalse(AliasNames.structorVariants("_ZN3Fo1C1Ev", "_ZN3Fo2C1Ev"));
    }
}

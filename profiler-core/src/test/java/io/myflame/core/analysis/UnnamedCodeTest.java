package io.myflame.core.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.myflame.core.model.CallGraph;
import io.myflame.core.model.Profile;
import java.util.List;
import org.junit.jupiter.api.Test;

class UnnamedCodeTest {
    @Test
    void aFunctionWithoutSymbolIsNamedByFileAndStart() {
        assertEquals("mariadbd+0x7e3a80", UnnamedCode.name("mariadbd", 0x7e3a80));
        assertTrue(UnnamedCode.isFunction("mariadbd+0x7e3a80"));
        assertTrue(UnnamedCode.isFunction("libstdc++.so.6.0.30+0xd4490"));
        assertEquals("libstdc++.so.6.0.30", UnnamedCode.fileOf("libstdc++.so.6.0.30+0xd4490"));
        assertEquals("mariadbd", UnnamedCode.fileOf("[mariadbd]"));
        assertEquals("unknown", UnnamedCode.fileOf("[unknown]"));
        assertEquals("vdso", UnnamedCode.fileOf("[[vdso]]"));
        for (String named : List.of("mysql_delete", "operator+", "operator+=", "a+0x", "+0x12", "f+0x1g",
                "std::vector<int>::operator[]")) {
            assertFalse(UnnamedCode.isFunction(named), named);
            assertNull(UnnamedCode.fileOf(named), named);
        }
    }

    @Test
    void selfTimeInUnnamedCodeIsMeasuredByFile() {
        Profile p = TruncatedStacksTest.profile(CallGraph.DWARF,
                "start_thread;mariadbd+0xc7f450;do_command;mariadbd+0x85b8b0;ha_commit_trans 40",
                "start_thread;mariadbd+0xc7f450;do_command;mariadbd+0x85b8b0 20",
                "start_thread;mariadbd+0xc7f450;do_command;libc.so.6+0x9a1f0 10",
                "start_thread;mariadbd+0xc7f450;[mariadbd] 5",
                "start_thread;mariadbd+0xc7f450;do_command;mysql_delete 25");
        UnnamedCode u = UnnamedCode.of(p);
        assertEquals(100, u.total());
        assertEquals(List.of(new UnnamedCode.FileShare("mariadbd", 25), new UnnamedCode.FileShare("libc.so.6", 10)),
                u.byFile());
        assertEquals(0.35, u.share(), 1e-12);
        assertTrue(u.worthWarning());
        assertTrue(u.warning().startsWith("unnamed functions: 35.0% of the samples' self time is in code without "
                + "symbols (mariadbd 25.0%, libc.so.6 10.0%), shown per function as FILE+0xSTART"), u.warning());
    }

    @Test
    void aStrippedCLibraryStartingAThreadIsStillWhole() {
        // Debian's libc keeps no start_thread or clone3 symbol: read natively they are libc.so.6+0x..
        assertEquals(StackRoots.Kind.C_LIBRARY, StackRoots.kind("libc.so.6+0x89134"));
        assertEquals(StackRoots.Kind.UNNAMED, StackRoots.kind("mariadbd+0xc7f450"));
        Profile p = TruncatedStacksTest.profile(CallGraph.FP,
                "libc.so.6+0x10c850;libc.so.6+0x89134;mariadbd+0xc7f450;do_command 1",
                "libc.so.6+0x10c850;libc.so.6+0x89134 1");
        TruncatedStacks t = TruncatedStacks.of(p);
        assertNull(t.cause(0));
        assertEquals(Truncation.Cause.FRAME_POINTER, t.cause(1));
    }
}

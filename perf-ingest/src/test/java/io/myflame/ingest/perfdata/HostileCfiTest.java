package io.myflame.ingest.perfdata;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.myflame.ingest.elf.ElfFile;
import io.myflame.ingest.fold.FoldOptions;
import io.myflame.ingest.unwind.CallFrameInfo;
import io.myflame.ingest.unwind.CfiProgram;
import io.myflame.ingest.unwind.CfiRow;
import java.io.ByteArrayOutputStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Call frame information that lies (issue 36): block lengths of 0xfffffffa, which added as an
 * int jump back onto their instruction, register numbers no array holds, nesting without end. A
 * bad program ends that FDE's unwinding: never a hang, never an exception out of the reader.
 */
class HostileCfiTest {
    private static final long EH_VADDR = 0x1000;
    private static final long FUNCTION = 0x2000;
    /** A ULEB128 of 0xfffffffa: -6 as an int. */
    private static final int[] MINUS_SIX = {0xfa, 0xff, 0xff, 0xff, 0x0f};

    @TempDir
    Path dir;

    @Test
    void aCfaExpressionLongerThanItsFdeEndsTheUnwind() {
        assertSame(CfiRow.BAD, row(cie(1, 16, 1), fde(concat(new int[] {0x0f}, MINUS_SIX, new int[] {0x0f}))));
    }

    @Test
    void aRegisterExpressionLongerThanItsFdeEndsTheUnwind() {
        assertSame(CfiRow.BAD, row(cie(1, 16, 1), fde(concat(new int[] {0x10, 0x06}, MINUS_SIX, new int[] {0x0f}))));
        assertSame(CfiRow.BAD, row(cie(1, 16, 1), fde(concat(new int[] {0x16, 0x06}, MINUS_SIX, new int[] {0x0f}))));
    }

    @Test
    void augmentationLengthsBeyondTheirEntryAreBad() {
        // The FDE's augmentation data claims 0x7fff0000 bytes.
        assertSame(CfiRow.BAD, row(cie(1, 16, 1), fde(0x7fff0000, new int[] {0x0e, 0x10})));
        // The CIE's.
        assertSame(CfiRow.BAD, row(cie(1, 16, 0x7fff0000), fde(new int[] {0x0e, 0x10})));
    }

    @Test
    void aReturnAddressColumnOutsideTheRegistersIsBad() {
        assertSame(CfiRow.BAD, row(cie(3, 100, 1), fde(new int[] {0x0e, 0x10})));
        assertNotSame(CfiRow.BAD, row(cie(3, 16, 1), fde(new int[] {0x0e, 0x10})), "a good CIE of version 3");
    }

    @Test
    void rememberStateNestsABoundedDepth() {
        int[] many = new int[200_000];
        java.util.Arrays.fill(many, 0x0a);
        assertSame(CfiRow.BAD, row(cie(1, 16, 1), fde(many)));
        int[] two = {0x0a, 0x0a, 0x0e, 0x20, 0x0b};
        CfiRow r = row(cie(1, 16, 1), fde(two));
        assertNotSame(CfiRow.BAD, r);
        assertEquals(8, r.cfaOffset, "restore_state brought back the CIE's rsp+8");
    }

    /**
     * Real binaries with the hostile leaves, recorded with {@code --call-graph dwarf}: the
     * read ends, the leaves' samples stop at the leaf, and an honest function keeps its callers.
     */
    @Test
    void aRecordingThroughHostileLeavesIsReadInFull() throws Exception {
        Recordings.assumeTools("perf", "gcc");
        Path bin = Recordings.compileOptimised(dir, "hostile.c", HOSTILE_LEAVES);
        // ld refuses to index an .eh_frame it cannot parse, so the loop is patched in after linking,
        // over three DW_CFA_GNU_args_size of the same six bytes.
        patch(bin, new byte[] {0x2e, 0x11, 0x2e, 0x22, 0x2e, 0x33}, new byte[] {0x0f, (byte) 0xfa, -1, -1, -1, 0x0f});
        ElfFile elf = ElfFile.open(bin);
        CallFrameInfo cfi = CallFrameInfo.read(elf);
        elf.close();
        assertTrue(cfi.hasEhFrame(), bin + " has an .eh_frame_hdr");
        Path data = Recordings.record(dir, "hostile.data", List.of("-N", "--call-graph", "dwarf,4096", "-F", "999"),
                bin.toString());
        String folded = assertTimeoutPreemptively(Duration.ofSeconds(120),
                () -> Recordings.folded(new PerfDataReader(FoldOptions.COLLAPSE, 2).read(data)));
        assertTrue(folded.contains(";main;honest "), "an honest function keeps its caller:\n" + folded);
        for (String leaf : List.of("loop_leaf", "reg_leaf", "ra_leaf")) {
            assertTrue(folded.lines().anyMatch(l -> l.matches("[^;]+;" + leaf + " [0-9]+")),
                    leaf + "'s samples stop at it:\n" + folded);
        }
    }

    /**
     * The same leaves unpatched (the first one's escape is three harmless DW_CFA_GNU_args_size):
     * an expression whose result is "register" 0x100000 was an ArrayIndexOutOfBoundsException
     * out of the reader (exit 70); now it ends that sample's unwinding at the leaf.
     */
    @Test
    void aRegisterNumberNoArrayHoldsEndsTheUnwind() throws Exception {
        Recordings.assumeTools("perf", "gcc");
        Path bin = Recordings.compileOptimised(dir, "registers.c", HOSTILE_LEAVES);
        Path data = Recordings.record(dir, "registers.data", List.of("-N", "--call-graph", "dwarf,4096", "-F", "999"),
                bin.toString());
        String folded = Recordings.folded(new PerfDataReader(FoldOptions.COLLAPSE, 2).read(data));
        assertTrue(folded.contains(";main;loop_leaf "), "harmless CFI unwinds as usual:\n" + folded);
        assertTrue(folded.lines().anyMatch(l -> l.matches("[^;]+;reg_leaf [0-9]+")), folded);
    }

    private static void patch(Path file, byte[] from, byte[] to) throws java.io.IOException {
        byte[] b = java.nio.file.Files.readAllBytes(file);
        int at = -1;
        for (int i = 0; i + from.length <= b.length; i++) {
            if (java.util.Arrays.equals(b, i, i + from.length, from, 0, from.length)) {
                assertEquals(-1, at, "one place to patch in " + file);
                at = i;
            }
        }
        assertTrue(at >= 0, "the marker is in " + file);
        System.arraycopy(to, 0, b, at, to.length);
        java.nio.file.Files.write(file, b);
    }

    /**
     * Three spin loops whose CFI is what the issue describes: a CFA expression whose ULEB length is
     * 0xfffffffa; (patched in, see the test) an expression for rbp that gives "register" 0x100000; a CIE whose return
     * address column is 100. Then an honest function, unwound as usual.
     */
    private static final String HOSTILE_LEAVES = """
            #include <stdio.h>
            #define LEAF(name, cfi) __asm__(".text\\n.globl " #name "\\n.type " #name ",@function\\n" #name ":\\n" \\
                ".cfi_startproc\\n" cfi "\\nmov %rdi,%rcx\\n1: dec %rcx\\njnz 1b\\nret\\n.cfi_endproc\\n.size " #name ",.-" #name "\\n");
            LEAF(loop_leaf, ".cfi_escape 0x2e,0x11,0x2e,0x22,0x2e,0x33")
            LEAF(reg_leaf, ".cfi_escape 0x10,0x06,0x06,0x50,0x0c,0x00,0x00,0x10,0x00")
            LEAF(ra_leaf, ".cfi_return_column 100")
            void loop_leaf(long n);
            void reg_leaf(long n);
            void ra_leaf(long n);
            __attribute__((noinline)) long honest(long n) { long s = 0; for (long i = 0; i < n; i++) s += (i ^ s) % 7; return s; }
            int main(void) {
                long t = 0;
                for (int r = 0; r < 4; r++) {
                    loop_leaf(150000000); reg_leaf(150000000); ra_leaf(150000000); t += honest(15000000);
                }
                printf("%ld\\n", t);
                return 0;
            }
            """;

    /** The row at 0x10 into the one function the CIE and FDE describe, computed with a deadline. */
    private static CfiRow row(byte[] cie, byte[] fde) {
        byte[] eh = new byte[cie.length + fde.length + 4];
        System.arraycopy(cie, 0, eh, 0, cie.length);
        System.arraycopy(fde, 0, eh, cie.length, fde.length);
        // The FDE's CIE pointer: the distance back from its own field to the CIE at 0.
        int idAt = cie.length + 4;
        putU32(eh, idAt, idAt);
        CallFrameInfo cfi = CallFrameInfo.archived(eh, EH_VADDR, 0, new long[] {FUNCTION}, new int[] {cie.length},
                new long[] {0}, new long[] {0}, new long[] {0x10000});
        return assertTimeoutPreemptively(Duration.ofSeconds(10), () -> CfiProgram.row(cfi, FUNCTION + 0x10));
    }

    /**
     * A CIE with augmentation "zR" (absolute 8-byte pointers), code alignment 1, data alignment
     * -8, the given version and return address column, and augmentation data of {@code augLength}
     * claimed bytes (one given); initially the CFA is rsp+8 and the return address at CFA-8.
     */
    private static byte[] cie(int version, int returnColumn, long augLength) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        put32(b, 0);
        put32(b, 0);
        b.write(version);
        b.writeBytes(new byte[] {'z', 'R', 0});
        b.write(1);
        b.write(0x78);
        if (version == 1) {
            b.write(returnColumn);
        } else {
            uleb(b, returnColumn);
        }
        uleb(b, augLength);
        b.write(0x00);
        b.writeBytes(new byte[] {0x0c, 0x07, 0x08, (byte) 0x90, 0x01});
        return withLength(b);
    }

    private static byte[] fde(int[] instructions) {
        return fde(0, instructions);
    }

    /** An FDE for [FUNCTION, FUNCTION + 0x100) whose augmentation data claims {@code augLength} bytes (none given). */
    private static byte[] fde(long augLength, int[] instructions) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        put32(b, 0);
        put32(b, 0);
        put64(b, FUNCTION);
        put64(b, 0x100);
        uleb(b, augLength);
        for (int i : instructions) {
            b.write(i);
        }
        return withLength(b);
    }

    private static byte[] withLength(ByteArrayOutputStream b) {
        while (b.size() % 4 != 0) {
            b.write(0);
        }
        byte[] out = b.toByteArray();
        putU32(out, 0, out.length - 4);
        return out;
    }

    private static int[] concat(int[]... parts) {
        return java.util.Arrays.stream(parts).flatMapToInt(java.util.Arrays::stream).toArray();
    }

    private static void uleb(ByteArrayOutputStream b, long v) {
        do {
            int x = (int) (v & 0x7f);
            v >>>= 7;
            b.write(v != 0 ? x | 0x80 : x);
        } while (v != 0);
    }

    private static void put32(ByteArrayOutputStream b, long v) {
        for (int i = 0; i < 4; i++) {
            b.write((int) (v >>> (8 * i)));
        }
    }

    private static void put64(ByteArrayOutputStream b, long v) {
        put32(b, v);
        put32(b, v >>> 32);
    }

    private static void putU32(byte[] b, int at, long v) {
        for (int i = 0; i < 4; i++) {
            b[at + i] = (byte) (v >>> (8 * i));
        }
    }
}

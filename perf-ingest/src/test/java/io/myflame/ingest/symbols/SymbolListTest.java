package io.myflame.ingest.symbols;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.myflame.ingest.elf.ElfFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The primitive symbol lists and the fix-ups perf applies to them. */
class SymbolListTest {
    private static final byte[] NO_NAME = new byte[0];

    @Test
    void ordersByUnsignedStartKeepingTheOrderOfEqualStarts() {
        SymbolList list = new SymbolList(0);
        long[] starts = {0xffffffff81000000L, 0x10, 0x10, 0x5, 0xffffffff81000000L, 0x10, 0x7fffffffffffffffL};
        for (long s : starts) {
            list.add(s, 0, SymbolList.GLOBAL, NO_NAME, 0, 0);
        }
        // Unsigned: kernel addresses come after every user-space one; equal starts stay in file order.
        assertArrayEquals(new int[] {3, 1, 2, 5, 6, 0, 4}, list.order());
    }

    @Test
    void orderMatchesAStableSortOnLargeShuffledInput() {
        Random random = new Random(42);
        SymbolList list = new SymbolList(0);
        Integer[] expected = new Integer[5000];
        for (int i = 0; i < expected.length; i++) {
            list.add(random.nextInt(700) * 16L, 0, SymbolList.LOCAL, NO_NAME, 0, 0);
            expected[i] = i;
        }
        java.util.Arrays.sort(expected, (a, b) -> Long.compareUnsigned(list.start[a], list.start[b]));
        assertArrayEquals(java.util.Arrays.stream(expected).mapToInt(Integer::intValue).toArray(), list.order());
    }

    @Test
    void kallsymsKeepsPerfsChoiceAtOneAddressAndSizesFromTheNextSymbol(@TempDir Path dir) throws Exception {
        // Lines as /proc/kallsyms prints them: aliases at one address, a data symbol, a module symbol.
        Path file = dir.resolve("kallsyms");
        Files.writeString(file, String.join("\n",
                "ffffffff81000000 T _stext",
                "ffffffff81000000 T _text",
                "ffffffff81000000 t __pfx_startup",
                "ffffffff81000100 W weak_alias",
                "ffffffff81000100 T strong_one",
                "ffffffff81000200 d $x.1",
                "ffffffff81000300 r rodata_skipped",
                "ffffffffc0000000 t mod_func\t[ext4]",
                ""), StandardCharsets.ISO_8859_1);
        SymbolTable t = Kallsyms.read(file);
        assertEquals(2, t.size());
        // perf sizes kallsyms symbols before it drops aliases: of several at one address only the
        // last gets a size (up to the next address), and choose_best_symbol prefers a sized symbol
        // over globals and names. perf script prints __pfx_startup here.
        assertEquals("__pfx_startup", t.name(t.find(0xffffffff81000010L)));
        assertEquals("strong_one", t.name(t.find(0xffffffff81000150L)));
        // The module symbol bounds the last kernel symbol, then is dropped.
        assertEquals(-1, t.find(0xffffffffc0000010L));
    }

    /**
     * A stripped executable whose .dynsym defines no function (Debian's /usr/bin/env): perf still
     * names its PLT entries, so a sample in one reads {@code getenv@plt}, not {@code [env]}. The
     * first PLT entry of env is getenv's, as objdump -d -j .plt shows; the test reads the binary
     * of the machine it runs on and skips where env is not such a file.
     */
    @Test
    void strippedExecutableStillNamesItsPltEntries() throws Exception {
        Path env = Path.of("/usr/bin/env");
        ElfFile f = ElfFile.open(env);
        org.junit.jupiter.api.Assumptions.assumeTrue(f != null && !f.hasSymtab(), "a stripped /usr/bin/env");
        int plt = f.section(".plt");
        long firstEntry = f.shOffset[plt] + f.shEntsize[plt];
        f.close();
        SymbolTable t = new SymbolSources().loadElf(new Dso(0, env.toString(), Dso.Kind.FILE), null);
        int at = t.find(firstEntry + 4);
        org.junit.jupiter.api.Assertions.assertTrue(at >= 0, "a symbol at the first PLT entry");
        assertEquals("getenv@plt", t.name(at));
    }

    /** JIT maps as Java's -XX:+DumpPerfMapAtExit writes them, "0x" before each number: perf reads them with strtoull. */
    @Test
    void jitMapNumbersMayStartWith0x(@TempDir Path dir) throws Exception {
        Path map = dir.resolve("perf-1.map");
        Files.writeString(map, String.join("\n",
                "0x00007fe284ec7180 0x0000000000000078 void java.lang.Object.<init>()",
                "7fe284ec8000 20 Ljit/Plain;::loop",
                "0x7fe284ec9000 0x10 x",
                ""), StandardCharsets.ISO_8859_1);
        SymbolTable t = JitMap.read(map);
        assertEquals("void java.lang.Object.<init>()", t.name(t.find(0x7fe284ec71a0L)));
        assertEquals("Ljit/Plain;::loop", t.name(t.find(0x7fe284ec8010L)));
        // A one-character name is too short for perf's reader, with or without 0x.
        assertEquals(-1, t.find(0x7fe284ec9004L));
    }
}

package io.myflame.ingest.symbols;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An archived kernel table looks at what a lookup finds, not at every symbol: this machine's
 * /proc/kallsyms (100,000 symbols or more) written as {@code record} writes it, then every byte of
 * its section that a lookup of the chosen symbols does not need overwritten: the other symbols'
 * ends, name offsets and lengths, and the names. The lookups still give the parsed table's answers,
 * and nothing is reported damaged: nothing else was looked at. (A loader that checked the section
 * whole, as before, refused it.) Then the untouched archive, every symbol, as parsed.
 */
class ArchivedColumnsTest {
    @TempDir
    Path dir;

    @Test
    void aLookupReadsOnlyTheSymbolItFindsBesideTheStartsItSearches() throws Exception {
        Path kallsyms = dir.resolve("kallsyms");
        Files.write(kallsyms, Files.readAllBytes(Path.of("/proc/kallsyms")));
        SymbolTable parsed = Kallsyms.parse(kallsyms);
        assumeTrue(parsed.size() > 10_000, "/proc/kallsyms hides its addresses here (not root?)");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        SymbolArchive.write(out, List.of(new SymbolArchive.Section("kernel", "k", parsed.text, "[kernel.kallsyms]", parsed)),
                List.of());
        byte[] whole = out.toByteArray();
        int n = parsed.size();
        int[] chosen = new int[8];
        for (int k = 0; k < chosen.length; k++) {
            chosen[k] = (int) ((long) n * (k + 1) / (chosen.length + 1));
        }

        byte[] b = whole.clone();
        ByteBuffer bb = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
        int section = (int) bb.getLong(16 + 16);
        assertEquals(n, bb.getInt(16 + 28));
        int namesAt = section + 24 * n;
        byte[] keep = new byte[b.length];
        for (int i : chosen) {
            keep(keep, section + 8 * (n + i), 8);
            keep(keep, section + 16 * n + 4 * i, 4);
            keep(keep, section + 20 * n + 4 * i, 4);
            keep(keep, namesAt + bb.getInt(section + 16 * n + 4 * i), bb.getInt(section + 20 * n + 4 * i));
        }
        for (int at = section + 8 * n; at < b.length; at++) {
            if (keep[at] == 0) {
                b[at] = (byte) 0xA5;
            }
        }
        List<String> notes = new ArrayList<>();
        SymbolTable kept = table(b, notes);
        for (int i : chosen) {
            long inside = parsed.start(i) + (parsed.end(i) - parsed.start(i)) / 2;
            assertEquals(i, kept.find(inside), "symbol " + i);
            assertEquals(parsed.name(i), kept.name(kept.find(inside)));
        }
        assertEquals(List.of(), notes);

        SymbolTable all = table(whole, notes);
        assertEquals(n, all.size());
        for (int i = 0; i < n; i++) {
            assertEquals(parsed.start(i), all.start(i));
            assertEquals(parsed.end(i), all.end(i));
            assertEquals(parsed.name(i), all.name(i));
        }
        assertEquals(parsed.text, all.text);
        assertEquals(List.of(), notes);
    }

    private static void keep(byte[] keep, int at, int length) {
        for (int k = 0; k < length; k++) {
            keep[at + k] = 1;
        }
    }

    private SymbolTable table(byte[] archive, List<String> notes) throws Exception {
        Path sub = Files.createTempDirectory(dir, "a");
        Path data = sub.resolve("perf.data");
        Files.writeString(data, "not perf data");
        Files.write(sub.resolve("perf.data.symbols"), archive);
        return SymbolArchive.near(data, notes).section("k", "[kernel.kallsyms]").table();
    }
}

package io.myflame.ingest.perfdata;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.myflame.ingest.elf.ElfFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;

/**
 * A C program built with gcc {@code -g}, its debug information split off with {@code objcopy
 * --only-keep-debug}, then stripped of every symbol table but {@code .dynsym} with a
 * {@code .gnu_debuglink} naming the debug file: what distributions ship. A random string in the
 * source gives every build its own build id, so no two tests (or runs) share debug files.
 */
final class StrippedProgram {
    /** The call chain the program spends its time in, caller first, as folded stacks show it. */
    static final String CHAIN = "main;spin_top;spin_middle;spin_leaf";

    private static final String SOURCE = """
            #include <stdio.h>
            static const char nonce[] = "%s";
            __attribute__((noinline)) long spin_leaf(long n) { long s = 0; for (long i = 0; i < n; i++) s += (i * 7) ^ (s >> 3); return s; }
            __attribute__((noinline)) long spin_middle(long n) { return spin_leaf(n) + spin_leaf(n / 2); }
            __attribute__((noinline)) long spin_top(long n) { return spin_middle(n) ^ nonce[0]; }
            int main(void) { long t = 0; for (int r = 0; r < 12; r++) t += spin_top(15000000); printf("%%ld %%s\\n", t, nonce); return 0; }
            """;

    /** The stripped binary. */
    final Path binary;
    /** Its debug file, kept in a directory no lookup searches; tests copy it where they need it. */
    final Path debugFile;
    /** The name the binary's {@code .gnu_debuglink} gives. */
    final String debugLink;
    final String buildId;

    private StrippedProgram(Path binary, Path debugFile, String buildId) {
        this.binary = binary;
        this.debugFile = debugFile;
        this.debugLink = debugFile.getFileName().toString();
        this.buildId = buildId;
    }

    /** Builds {@code dir/bin/NAME} (stripped) and {@code dir/kept/NAME.debug}. */
    static StrippedProgram build(Path dir, String name) throws IOException, InterruptedException {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Path kept = Files.createDirectories(dir.resolve("kept"));
        Path src = dir.resolve(name + ".c");
        Files.writeString(src, SOURCE.formatted(UUID.randomUUID()));
        Path binary = bin.resolve(name);
        Path debug = kept.resolve(name + ".debug");
        Recordings.run(dir, "gcc", "-g", "-O0", "-fno-omit-frame-pointer", "-o", binary.toString(), src.toString());
        Recordings.run(dir, "objcopy", "--only-keep-debug", binary.toString(), debug.toString());
        Recordings.run(dir, "objcopy", "--strip-all", "--add-gnu-debuglink=" + debug, binary.toString());
        ElfFile elf = ElfFile.open(binary);
        assertNotNull(elf, binary + " is no ELF file");
        try {
            assertFalse(elf.hasSymtab(), "strip left a .symtab in " + binary);
            return new StrippedProgram(binary, debug, elf.buildId());
        } finally {
            elf.close();
        }
    }

    /**
     * {@code perf record -g} of the program, without adding it to perf's build-id cache
     * ({@code -N}): ~/.debug would keep a copy of every test binary.
     */
    Path record(Path dir, String name) throws IOException, InterruptedException {
        return Recordings.record(dir, name, List.of("-N", "-g", "-F", "999"), binary.toString());
    }

    /** Places a copy of the debug file at {@code target}, creating its directories; returns it. */
    Path placeDebugFile(Path target) throws IOException {
        Files.createDirectories(target.getParent());
        return Files.copy(debugFile, target);
    }
}

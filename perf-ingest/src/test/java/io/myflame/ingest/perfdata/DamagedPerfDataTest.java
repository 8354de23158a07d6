package io.myflame.ingest.perfdata;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.fail;

import io.myflame.core.model.WeightOverflow;
import io.myflame.ingest.error.InputException;
import io.myflame.ingest.fold.FoldOptions;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Damaged copies of real recordings: bytes flipped, fields set to extremes, cuts anywhere. The
 * reader must give samples, a one-line {@link InputException} or {@link WeightOverflow}, or hand
 * the file to perf script ({@link PerfDataReader.Unsupported}); never another exception, never a
 * hang. The damage is
 * seeded, so a failure names the seed and the mutation that reproduce it. More rounds:
 * {@code -Dmyflame.damage.rounds=5000}; other damage: {@code -Dmyflame.damage.seed=N}.
 */
class DamagedPerfDataTest {
    private static final int ROUNDS = Integer.getInteger("myflame.damage.rounds", 150);
    private static final long SEED = Long.getLong("myflame.damage.seed", 0);

    @TempDir
    static Path dir;
    static byte[] withCallGraph;
    static byte[] pipe;
    static byte[] dwarf;

    @BeforeAll
    static void record() throws Exception {
        Recordings.assumeTools("perf", "g++", "c++filt");
        Path cpp = Recordings.compile(dir, "t.cpp", Recordings.CPP, "-fno-plt");
        withCallGraph = Files.readAllBytes(Recordings.record(dir, "g.data", List.of("-g", "-F", "999"), cpp.toString()));
        pipe = Files.readAllBytes(Recordings.recordPipe(dir, "p.data", List.of("-g", "-F", "999"), cpp.toString()));
        Path libc = Recordings.compileOptimised(dir, "libc.c", Recordings.LIBC_CALLS);
        // A short run: every sample carries an 8 KB stack dump, so the file grows fast.
        dwarf = Files.readAllBytes(Recordings.record(dir, "d.data", List.of("--call-graph", "dwarf,4096", "-F", "199"),
                libc.toString()));
    }

    @Test
    void flippedBytesInAFileWithCallChains() throws Exception {
        survive("g", withCallGraph, SEED + 1);
    }

    @Test
    void flippedBytesInAPipeModeFile() throws Exception {
        survive("p", pipe, SEED + 2);
    }

    /** Registers and stack dumps after the callchain: sizes that point outside the record, dumps that claim more than they hold. */
    @Test
    void flippedBytesInADwarfRecording() throws Exception {
        survive("d", dwarf, SEED + 3);
    }

    /** A copy taken while perf still wrote, cut before the first sample: the message says where, not only "no samples". */
    @Test
    void aFileCutBeforeItsFirstSampleSaysWhere() throws Exception {
        long dataOffset = ByteBuffer.wrap(withCallGraph).order(ByteOrder.LITTLE_ENDIAN).getLong(40);
        Path cut = dir.resolve("cut-early.data");
        Files.write(cut, java.util.Arrays.copyOf(withCallGraph, Math.toIntExact(dataOffset + 12)));
        InputException e = assertThrows(InputException.class, () -> new PerfDataReader(FoldOptions.COLLAPSE, 2).read(cut));
        assertEquals("no samples in " + cut + " (damaged or cut short at byte " + dataOffset + ", before any sample)",
                e.getMessage());
    }

    private static void survive(String name, byte[] original, long seed) throws Exception {
        Random random = new Random(seed);
        Path damaged = dir.resolve(name + "-damaged.data");
        for (int round = 0; round < ROUNDS; round++) {
            byte[] copy = original.clone();
            String what = damage(copy, random);
            int length = random.nextInt(4) == 0 ? random.nextInt(copy.length) : copy.length;
            Files.write(damaged, java.util.Arrays.copyOf(copy, length));
            String where = "seed " + seed + " round " + round + ": " + what + ", cut at " + length;
            assertTimeoutPreemptively(Duration.ofSeconds(30), () -> readOrExplain(damaged, where), where);
        }
    }

    private static void readOrExplain(Path damaged, String where) throws Exception {
        try {
            new PerfDataReader(FoldOptions.COLLAPSE, 2).read(damaged);
        } catch (InputException | PerfDataReader.Unsupported | WeightOverflow expected) {
            // WeightOverflow is bad data too: ProfileLoader names the file in front of its message.
            if (expected.getMessage() == null || expected.getMessage().contains("\n")) {
                fail(where + ": not a one-line message: " + expected.getMessage());
            }
        } catch (RuntimeException | Error e) {
            throw new AssertionError(where + ": " + e, e);
        }
    }

    /** Changes a few bytes of {@code b} in place and says how. */
    private static String damage(byte[] b, Random random) {
        ByteBuffer buf = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
        StringBuilder what = new StringBuilder();
        int n = 1 + random.nextInt(4);
        for (int i = 0; i < n; i++) {
            // Half the damage lands in the first 4 KB: header, attributes and first records.
            int at = random.nextBoolean() ? random.nextInt(Math.min(4096, b.length)) : random.nextInt(b.length);
            at &= ~7;
            if (at + 8 > b.length) {
                continue;
            }
            long value = switch (random.nextInt(6)) {
                case 0 -> 0;
                case 1 -> -1;
                case 2 -> Long.MAX_VALUE;
                case 3 -> random.nextLong();
                case 4 -> buf.getLong(at) ^ (1L << random.nextInt(64));
                default -> buf.getLong(at) + random.nextInt(65536) - 32768;
            };
            buf.putLong(at, value);
            what.append(String.format("%s@%d=%#x", i == 0 ? "" : " ", at, value));
        }
        return what.toString();
    }
}

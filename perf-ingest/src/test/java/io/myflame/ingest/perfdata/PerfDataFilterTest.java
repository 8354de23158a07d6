package io.myflame.ingest.perfdata;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.myflame.ingest.error.InputException;
import io.myflame.ingest.fold.FoldOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One process kept out of real system-wide recordings ({@code record --system-wide}'s perf.data),
 * judged by perf itself: {@code perf script} of the filtered file prints exactly what
 * {@code perf script --pid} prints of the whole one, its header reads the same features, and
 * {@code perf report} reads it without a complaint.
 */
class PerfDataFilterTest {
    @TempDir
    static Path dir;
    static Path cpp;

    @BeforeAll
    static void build() throws Exception {
        Recordings.assumeTools("perf", "g++", "c++filt");
        cpp = Recordings.compile(dir, "t.cpp", Recordings.CPP, "-fno-plt");
    }

    @Test
    void dwarfStacksOfOneProcess() throws Exception {
        // record's own layout: user registers and stack dumps in every sample
        sameAsPerfScriptPid(Recordings.record(dir, "dwarf.data", List.of("-a", "--call-graph", "dwarf,8192", "-F", "499"),
                cpp.toString()));
    }

    @Test
    void twoEventsFoundByTheirIds() throws Exception {
        // two events: each sample names its event by id, and the pid lies after it
        sameAsPerfScriptPid(Recordings.record(dir, "two.data", List.of("-a", "-g", "-e", "cpu-clock,task-clock", "-F", "499"),
                cpp.toString()));
    }

    private static void sameAsPerfScriptPid(Path whole) throws Exception {
        long pid = programPid(whole);
        Path one = dir.resolve(whole.getFileName() + ".one");
        Files.copy(whole, one, StandardCopyOption.REPLACE_EXISTING);
        PerfDataFilter.Kept kept = PerfDataFilter.keepProcess(one, pid);

        String fields = "event,comm,pid,tid,time,ip,sym,dso";
        String expected = Recordings.stdout(dir, "perf", "script", "-i", whole.toString(), "--pid", Long.toString(pid), "-F", fields);
        String filtered = Recordings.stdout(dir, "perf", "script", "-i", one.toString(), "-F", fields);
        assertTrue(expected.contains("outer::inner::work<3>"), expected.lines().limit(5).toList().toString());
        assertEquals(expected, filtered, "perf script of the kept process");
        long all = Recordings.stdout(dir, "perf", "script", "-i", whole.toString(), "-F", "pid").lines().count();
        assertEquals(all, kept.allSamples());
        assertEquals(Recordings.stdout(dir, "perf", "script", "-i", one.toString(), "-F", "pid").lines().count(), kept.samples());
        assertTrue(kept.samples() > 0 && kept.samples() < kept.allSamples(), kept.toString());
        assertTrue(Files.size(one) < Files.size(whole));

        // other processes' bookkeeping went too: perf's own account of every mmap, comm, fork and exit left
        List<String> owners = sideBandOwners(one);
        assertTrue(owners.contains(Long.toString(pid)) && owners.contains("-1"), owners.toString());
        assertEquals(List.of(), owners.stream().filter(o -> !o.equals(Long.toString(pid)) && !o.equals("-1")).toList());
        assertTrue(sideBandOwners(whole).stream().anyMatch(o -> !o.equals(Long.toString(pid)) && !o.equals("-1")));

        // the feature sections moved with the data: perf reads the same header but for where things are
        assertEquals(headerFacts(whole), headerFacts(one));
        String report = Recordings.run(dir, "perf", "report", "-i", one.toString(), "--stdio", "--children", "--no-inline");
        assertTrue(report.contains("outer::inner::work<3>") && !report.toLowerCase().contains("warning"), report);

        // and myflame reads it as it reads the whole file for that process
        assertEquals(Recordings.folded(new PerfDataReader(FoldOptions.COLLAPSE.withProcess(pid), 2).read(whole)),
                Recordings.folded(new PerfDataReader(FoldOptions.COLLAPSE, 2).read(one)));
    }

    @Test
    void aFileWithoutTheProcessIsLeftAsItIs() throws Exception {
        Path data = Recordings.record(dir, "none.data", List.of("-a", "-g", "-F", "99"), cpp.toString());
        byte[] before = Files.readAllBytes(data);
        PerfDataFilter.Kept kept = PerfDataFilter.keepProcess(data, Integer.MAX_VALUE);
        assertEquals(0, kept.samples());
        assertTrue(kept.allSamples() > 0);
        assertArrayEquals(before, Files.readAllBytes(data));
    }

    @Test
    void pipeModeIsRefusedByName() throws Exception {
        Path data = Recordings.recordPipe(dir, "pipe.data", List.of("-g", "-F", "99"), cpp.toString());
        byte[] before = Files.readAllBytes(data);
        InputException e = assertThrows(InputException.class, () -> PerfDataFilter.keepProcess(data, 1));
        assertTrue(e.getMessage().startsWith(data + ": ") && !e.getMessage().contains("\n"), e.getMessage());
        assertArrayEquals(before, Files.readAllBytes(data));
    }

    private static long programPid(Path data) throws Exception {
        // the program's comm is "prog t_cpp" (a space in its file name)
        return Recordings.stdout(dir, "perf", "script", "-i", data.toString(), "-F", "comm,pid").lines().map(String::strip)
                .filter(l -> l.startsWith("prog t_cpp ")).map(l -> Long.parseLong(l.substring(l.lastIndexOf(' ') + 1)))
                .findFirst().orElseThrow(() -> new AssertionError("no sample of the test program in " + data));
    }

    /** "PERF_RECORD_MMAP2 3973/3973:", "PERF_RECORD_COMM: bash:3973/3973", "PERF_RECORD_FORK(3983:3983):(3982:3982)" */
    private static final java.util.regex.Pattern SIDE_BAND = java.util.regex.Pattern.compile(
            "PERF_RECORD_(?:MMAP2? (-?\\d+)/|COMM(?: exec)?: .*:(-?\\d+)/\\d+|(?:FORK|EXIT)\\((-?\\d+):)");

    /** The process each mmap, comm, fork and exit perf script shows is about. */
    private static List<String> sideBandOwners(Path data) throws Exception {
        List<String> owners = new java.util.ArrayList<>();
        for (String line : Recordings.stdout(dir, "perf", "script", "-i", data.toString(), "--show-mmap-events",
                "--show-task-events", "-F", "comm,pid").lines().toList()) {
            java.util.regex.Matcher m = SIDE_BAND.matcher(line);
            if (m.find()) {
                owners.add(m.group(1) != null ? m.group(1) : m.group(2) != null ? m.group(2) : m.group(3));
            } else if (line.contains("PERF_RECORD_")) {
                throw new AssertionError("a side-band line this test does not read: " + line);
            }
        }
        return owners;
    }

    /** perf's reading of the header, without the lines that say where the data and features are and the file's time. */
    private static List<String> headerFacts(Path data) throws Exception {
        return Recordings.stdout(dir, "perf", "report", "-i", data.toString(), "--header-only").lines()
                .filter(l -> !l.contains("data size") && !l.contains("feat offset") && !l.contains("data offset")
                        && !l.startsWith("# captured on"))
                .toList();
    }
}

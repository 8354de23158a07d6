package io.myflame.recorder.perf;

import io.myflame.recorder.error.RecordException;
import io.myflame.recorder.process.ExternalCommand;
import io.myflame.recorder.process.Processes;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Whether perf can record the asked-for event at all, found out before any server starts or any
 * table is prepared: {@code perf record -q -e EVENT -g -o TMP -- true} samples a process that exits
 * at once. perf refuses an unknown event with {@code event syntax error: 'bogus'} (exit 129) and an
 * event the hardware lacks with "not supported"; a VM's silent switch from {@code cycles} to
 * {@code cpu-clock} passes (capture.json names the event perf really used).
 */
public final class EventProbe {
    private EventProbe() {
    }

    /** Null when perf can record the event, else a one-line reason with the fix; perf runs through {@code processes}. */
    public static String problem(PerfSettings settings, Processes processes) {
        String perf;
        try {
            perf = PerfRecording.check(settings, ProcessHandle.current().pid());
        } catch (RecordException e) {
            return e.getMessage();
        }
        Path dir = null;
        try {
            dir = Files.createTempDirectory("myflame-probe-");
            List<String> args = new ArrayList<>(List.of("record", "-q", "-e", settings.event()));
            args.add(settings.callGraph().equals("fp") ? "-g" : "--call-graph=" + settings.callGraph());
            args.addAll(List.of("-o", dir.resolve("probe.data").toString(), "--", "true"));
            ExternalCommand.Result r = ExternalCommand.of(perf).args(args).run(processes, Duration.ofSeconds(60));
            if (r.exit() == 0) {
                return null;
            }
            return "perf cannot record --event " + settings.event() + " here: " + firstLine(r.stderr() + r.stdout())
                    + " (see 'perf list'; on a VM without hardware counters try --event cpu-clock)";
        } catch (IOException | RecordException e) {
            return "cannot try perf record -e " + settings.event() + ": " + e.getMessage();
        } finally {
            deleteTree(dir);
        }
    }

    /** Throws when perf cannot record the event. */
    public static void check(PerfSettings settings, Processes processes) throws RecordException {
        String p = problem(settings, processes);
        if (p != null) {
            throw new RecordException(p);
        }
    }

    private static String firstLine(String s) {
        return s.lines().map(String::strip).filter(l -> !l.isEmpty()).findFirst().orElse("no message");
    }

    private static void deleteTree(Path dir) {
        if (dir == null) {
            return;
        }
        try (var s = Files.list(dir)) {
            for (Path p : s.toList()) {
                Files.deleteIfExists(p);
            }
            Files.deleteIfExists(dir);
        } catch (IOException e) {
            // a probe file in the temporary directory
        }
    }
}

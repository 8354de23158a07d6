package io.myflame.recorder;

import io.myflame.recorder.capture.CaptureMetadata;
import io.myflame.recorder.capture.HostInfo;
import io.myflame.recorder.perf.EventProbe;
import io.myflame.recorder.perf.PerfCapture;
import io.myflame.recorder.perf.PerfRecording;
import io.myflame.recorder.perf.PerfSettings;
import io.myflame.recorder.server.ServerChoice;
import io.myflame.recorder.server.ServerDefaults;
import io.myflame.recorder.workload.SysbenchResults;
import io.myflame.recorder.workload.Workload;

import io.myflame.ingest.capture.CaptureDirectory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * {@code myflame record}: the whole experiment in one call — server, prepare, warm-up, the measured
 * run under perf, optional cleanup — leaving a capture directory every other command reads.
 */
public final class Recorder {
    /** Files a previous recording may have left in the output directory, replaced by a new one. */
    static final List<String> CAPTURE_FILES = List.of(CaptureDirectory.METADATA, "perf.data", "perf.data.old",
            PerfCapture.FOLDED, "sysbench.txt", "sysbench-warmup.txt", "sysbench-prepare.txt",
            "sysbench-cleanup.txt", "sysbench-refill.txt", "status-before.txt", "status-after.txt",
            Measurement.VARIABLES, "server-error.log");

    /**
     * Everything a recording needs.
     *
     * @param out       the capture directory (created; a previous capture in it is replaced)
     * @param server    which server
     * @param workload  what sysbench runs
     * @param perf      how perf samples
     * @param reprepare recreate the tables even when they exist
     * @param cleanup   drop the tables afterwards
     */
    public record Options(Path out, ServerChoice server, Workload workload, PerfSettings perf,
                          boolean reprepare, boolean cleanup) {
    }

    private Recorder() {
    }

    /** Records; the capture directory is written even when this throws (marked incomplete). */
    public static SysbenchResults record(Options o, Progress progress) throws RecordException {
        try {
            return run(o, progress);
        } catch (RecordException e) {
            throw new RecordException(e.getMessage() + " — capture marked incomplete in " + o.out(), e);
        }
    }

    private static SysbenchResults run(Options o, Progress progress) throws RecordException {
        if (o.perf() != null) {
            EventProbe.check(o.perf());
        }
        prepareOutput(o.out());
        if (o.perf() != null) {
            PerfRecording.check(o.perf(), ProcessHandle.current().pid());
        }
        ServerChoice server = o.server().withDefaults(ServerDefaults.forWorkload(o.workload()));
        try (Session session = Session.open(server, progress)) {
            progress.phase("server " + session.version() + " (" + session.server().binary() + ")");
            session.prepare(o.workload(), o.reprepare(), o.out());
            SysbenchResults r = new Measurement(session, o.workload(), o.perf(), o.out()).run();
            if (o.cleanup()) {
                progress.phase("cleanup: dropping the sbtest tables");
                session.client().query("DROP DATABASE IF EXISTS " + Workload.DATABASE);
            }
            return r;
        } catch (RecordException e) {
            if (!Files.exists(o.out().resolve(CaptureDirectory.METADATA))) {
                writeFailure(o.out(), e.getMessage());
            }
            throw e;
        }
    }

    /** Creates the directory; refuses one that holds something other than a capture. */
    static void prepareOutput(Path out) throws RecordException {
        try {
            if (Files.isDirectory(out)) {
                boolean capture = Files.exists(out.resolve(CaptureDirectory.METADATA));
                try (Stream<Path> s = Files.list(out)) {
                    if (!capture && s.findAny().isPresent()) {
                        throw new RecordException(out + ": exists and is not a capture directory; choose an empty "
                                + "or new --out");
                    }
                }
                for (String f : CAPTURE_FILES) {
                    Files.deleteIfExists(out.resolve(f));
                }
            }
            Files.createDirectories(out);
        } catch (IOException e) {
            throw new RecordException("cannot create " + out + ": " + e.getMessage());
        }
    }

    /** A capture.json that only says why nothing was recorded (the server did not even start). */
    private static void writeFailure(Path out, String reason) {
        CaptureMetadata meta = new CaptureMetadata();
        meta.host(HostInfo.current());
        meta.incomplete(reason);
        try {
            meta.write(out);
        } catch (IOException e) {
            // the exception on its way to the user says what went wrong
        }
    }
}

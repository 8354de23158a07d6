package io.myflame.recorder;

import io.myflame.recorder.capture.CaptureOutput;
import io.myflame.recorder.perf.EventProbe;
import io.myflame.recorder.perf.PerfRecording;
import io.myflame.recorder.perf.PerfSettings;
import io.myflame.recorder.process.Machine;
import io.myflame.recorder.server.ServerChoice;
import io.myflame.recorder.server.ServerDefaults;
import io.myflame.recorder.workload.SysbenchResults;
import io.myflame.recorder.workload.Workload;
import java.nio.file.Path;
import io.myflame.recorder.error.RecordException;
import io.myflame.recorder.progress.Progress;

/**
 * {@code myflame record}: the whole experiment in one call — server, prepare, warm-up, the measured
 * run under perf, optional cleanup — leaving a capture directory every other command reads.
 */
public final class Recorder {
    /**
     * Everything a recording needs.
     *
     * @param out       the capture directory (created; a previous capture in it is replaced only with {@code replace})
     * @param server    which server
     * @param workload  what sysbench runs
     * @param perf      how perf samples
     * @param reprepare recreate the tables even when they exist
     * @param cleanup   drop the tables afterwards
     * @param replace   replace a capture already in {@code out} ({@code record --force})
     */
    public record Options(Path out, ServerChoice server, Workload workload, PerfSettings perf,
                          boolean reprepare, boolean cleanup, boolean replace) {
    }

    private Recorder() {
    }

    /**
     * Records into a directory beside {@code --out} and swaps it in at the end ({@link CaptureOutput}):
     * a failure or an interruption leaves a capture marked incomplete and never damages a previous one.
     * Every program of the recording (perf's probe, a release's download, the server, sysbench) runs
     * on {@code machine}, and every wait goes by its clock.
     */
    public static SysbenchResults record(Options o, Machine machine, Progress progress) throws RecordException {
        CaptureOutput.checkReplace(o.out(), o.replace());
        if (o.perf() != null) {
            EventProbe.check(o.perf(), machine.processes());
            PerfRecording.check(o.perf(), ProcessHandle.current().pid());
        }
        ServerChoice server = o.server().withDefaults(ServerDefaults.forWorkload(o.workload()));
        // The release fetched and the tree checked first: a version that cannot be had leaves no capture behind.
        server.tree(machine.processes(), progress);
        CaptureOutput capture = CaptureOutput.begin(o.out(), o.replace());
        Path dir = capture.dir();
        try (Session session = Session.open(machine, server, progress, () -> capture.incomplete(Session.INTERRUPTED))) {
            String binary = session.server().binary();
            progress.phase("server " + session.version() + (binary == null ? "" : " (" + binary + ")"));
            if (o.perf() != null) {
                // Before the tables are prepared (minutes for a large --table-size): perf must be able to attach.
                io.myflame.recorder.perf.PerfPermissions.check(session.server().pid(), o.perf().systemWide());
            }
            session.prepare(o.workload(), o.reprepare(), dir);
            SysbenchResults r = new Measurement(session, o.workload(), o.perf(), dir).run();
            if (o.cleanup()) {
                progress.phase("cleanup: dropping the sbtest tables");
                session.client().query("DROP DATABASE IF EXISTS " + Workload.DATABASE);
            }
            capture.complete();
            return r;
        } catch (RecordException e) {
            Session.awaitInterruption(machine.clock());
            Path kept = capture.incomplete(e.getMessage());
            throw new RecordException(capture.relocate(e.getMessage(), kept) + where(kept, o.out()));
        } catch (RuntimeException e) {
            Session.awaitInterruption(machine.clock());
            capture.incomplete(e.getMessage());
            throw e;
        }
    }

    private static String where(Path kept, Path out) {
        if (kept.equals(out.toAbsolutePath().normalize())) {
            return " — capture marked incomplete in " + out;
        }
        return " — the previous capture in " + out + " is unchanged; this attempt, marked incomplete, is in " + kept;
    }
}

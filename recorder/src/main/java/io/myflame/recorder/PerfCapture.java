package io.myflame.recorder;

import io.myflame.core.task.Concurrency;
import io.myflame.core.Decimals;
import io.myflame.core.output.AtomicFile;
import io.myflame.recorder.capture.CaptureMetadata;
import io.myflame.recorder.error.RecordException;

import io.myflame.ingest.fold.FoldOptions;
import io.myflame.ingest.fold.FoldedStacks;
import io.myflame.ingest.ProfileLoader;
import io.myflame.ingest.perfdata.PerfDataFilter;
import java.nio.file.Path;
import io.myflame.recorder.perf.PerfFacts;
import io.myflame.recorder.perf.PerfRecording;

/**
 * After perf stopped: reads back what was really recorded into capture.json (with a warning when
 * the event is not the one asked for) and folds the samples into {@code stacks.folded}, the
 * interchange format every flamegraph tool reads.
 */
public final class PerfCapture {
    public static final String FOLDED = "stacks.folded";

    private final PerfRecording recording;
    private final CaptureMetadata meta;
    private final Session session;
    private final Path out;

    public PerfCapture(PerfRecording recording, CaptureMetadata meta, Session session, Path out) {
        this.recording = recording;
        this.meta = meta;
        this.session = session;
        this.out = out;
    }

    public void finish() throws RecordException {
        Path data = out.resolve("perf.data");
        if (recording.killedAfterGrace()) {
            // Said before the file is judged: what perf left (nothing, or records without a header) follows from it.
            String w = "perf did not finish " + data.getFileName() + " within " + PerfRecording.STOP_GRACE_MILLIS / 1000
                    + " s of SIGTERM and was killed (" + recording.exitText() + "); perf said: "
                    + (recording.stderrText().isBlank() ? "nothing" : recording.stderrText().strip().replace('\n', ' '));
            meta.warn(w);
            session.progress().warn(w);
        }
        recording.verify(data);
        String recovered = recording.recoverIfUnfinished(data);
        if (recovered != null) {
            meta.warn(recovered);
            session.progress().warn(recovered);
        }
        String perf = PerfRecording.check(recording.settings(), session.server().pid());
        PerfDataFilter.Kept systemWide = recording.settings().systemWide() ? keepServer(data) : null;
        PerfFacts facts;
        try {
            facts = PerfFacts.read(perf, data, session.machine().processes());
        } catch (RecordException e) {
            throw new RecordException(e.getMessage() + " (perf record: " + recording.exitText() + ", said: "
                    + recording.stderrText().strip().replace('\n', ' ') + ")");
        }
        String requested = recording.settings().event();
        // Sampled at a frequency, or every N events (-c N): the one perf used is given, the other null.
        Integer hz = facts.frequency() > 0 ? Math.toIntExact(facts.frequency()) : null;
        Long every = facts.frequency() > 0 ? null : facts.period();
        meta.perf(p -> p.withRecorded(facts.event(), requested, hz, every, facts.samples(), facts.lost(),
                Decimals.round(recording.durationSeconds(), 3)));
        if (!PerfFacts.baseName(facts.event()).equals(PerfFacts.baseName(requested))) {
            String w = "perf recorded " + facts.event() + ", not the requested " + requested
                    + " (no hardware counters here, e.g. a VM): percentages are shares of CPU time";
            meta.warn(w);
            session.progress().warn(w);
        }
        if (facts.lost() > 0) {
            String w = "perf lost " + facts.lost() + " events: lower --freq or raise perf's buffer";
            meta.warn(w);
            session.progress().warn(w);
        }
        if (facts.samples() <= 0) {
            throw new RecordException("perf recorded no samples of pid " + session.server().pid()
                    + ": was the server busy? (" + data + ")");
        }
        if (systemWide != null) {
            meta.perf(p -> p.withSystemWide(systemWide.samples(), systemWide.allSamples()));
        }
        fold(perf, data);
    }

    /**
     * perf on every CPU recorded every process: perf.data keeps the server's samples alone, so that
     * {@code perf report} of it, myflame's reading of it and the capture's stacks are one profile.
     */
    private PerfDataFilter.Kept keepServer(Path data) throws RecordException {
        long pid = session.server().pid();
        PerfDataFilter.Kept kept;
        try {
            kept = PerfDataFilter.keepProcess(data, pid);
        } catch (Exception e) {
            throw new RecordException("cannot keep pid " + pid + "'s samples of " + data + ": " + e.getMessage());
        }
        if (kept.samples() == 0) {
            throw new RecordException("perf recorded " + kept.allSamples() + " samples on every CPU, none of pid " + pid
                    + ": was the server busy? (" + data + ")");
        }
        session.progress().phase("kept the server's " + kept.samples() + " of " + kept.allSamples()
                + " samples (every CPU's) in " + data);
        return kept;
    }

    private void fold(String perf, Path data) throws RecordException {
        session.progress().phase("folding " + data + " into " + FOLDED);
        Path target = out.resolve(FOLDED);
        try {
            // The native reader, or perf script for what it does not read (the loader says which).
            // The symbols are kept beside perf.data, so the capture reads the same on another machine.
            ProfileLoader loader = new ProfileLoader(Concurrency.machine(), false, perf)
                    .archiveSymbols(true);
            FoldedStacks stacks = loader.fold(data.toString(), FoldOptions.COLLAPSE);
            AtomicFile.write(target, stacks::writeFolded);
            Path symbols = io.myflame.ingest.perfdata.PerfDataReader.archiveBeside(data);
            String kept = java.nio.file.Files.isRegularFile(symbols) ? symbols.getFileName().toString() : null;
            meta.perf(p -> p.withStacks(stacks.distinctStacks(), kept));
            loader.warnings().forEach(meta::warn);
        } catch (Exception e) {
            throw new RecordException("cannot fold " + data + ": " + e.getMessage());
        }
    }
}

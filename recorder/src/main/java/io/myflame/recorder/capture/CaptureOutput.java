package io.myflame.recorder.capture;

import io.myflame.core.UsageError;
import io.myflame.ingest.error.InputException;
import io.myflame.ingest.capture.CaptureDirectory;
import io.myflame.ingest.capture.CaptureRecord;
import io.myflame.recorder.error.RecordException;
import io.myflame.recorder.process.OrphanGuard;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * Where a recording writes, and the one place that decides what the user finds in {@code --out}
 * afterwards. A recording writes into a hidden sibling directory that holds, from the first
 * moment, a valid {@code capture.json} saying the recording did not finish. Its states:
 *
 * <pre>
 * WRITING --complete()----------&gt; COMPLETE    the new capture replaces --out (old one removed after the swap;
 *                                              a complete old one only when asked: --force)
 * WRITING --incomplete(reason)--&gt; INCOMPLETE  --out keeps an old capture untouched and the attempt goes to
 *                                              OUT.incomplete; with no old capture the attempt becomes --out
 * </pre>
 *
 * Both ends are final: a later call (an interrupt arriving after the swap) changes nothing. So a
 * failed re-record never destroys the previous capture, a successful one never mixes old files
 * with new metadata, and a full disk leaves the first {@code capture.json} (incomplete) rather
 * than none.
 */
public final class CaptureOutput {
    /** What {@code capture.json} says until the recording finishes one way or the other. */
    public static final String NOT_FINISHED = "the recording did not finish";

    /** The states of a capture being written. */
    public enum State { WRITING, COMPLETE, INCOMPLETE }

    private final Path out;
    private final Path work;
    private State state = State.WRITING;
    private Path result;

    private CaptureOutput(Path out, Path work) {
        this.out = out;
        this.work = work;
    }

    /**
     * Refuses to replace a capture at {@code out} unless asked ({@code record --force}): a capture is
     * an experiment that may not be repeatable, so it is never replaced without asking. One that says
     * it is incomplete (a failed attempt) is replaced: recording again is how it is retried.
     */
    public static void checkReplace(Path out, boolean replace) {
        if (!replace && holdsCapture(out)) {
            throw new UsageError(out + ": holds a capture already; --force replaces it (or choose another --out)");
        }
    }

    /** Whether {@code dir} holds a capture that does not say it is incomplete (a damaged capture.json counts). */
    public static boolean holdsCapture(Path dir) {
        Path json = dir.resolve(CaptureDirectory.METADATA);
        if (!Files.isRegularFile(json)) {
            return false;
        }
        try {
            return CaptureDirectory.open(dir).record().incomplete() == null;
        } catch (IOException | InputException e) {
            return true;
        }
    }

    /**
     * Refuses an {@code --out} holding something other than a capture, or a capture unless
     * {@code replace}; creates the work directory.
     */
    public static CaptureOutput begin(Path out, boolean replace) throws RecordException {
        checkReplace(out, replace);
        Path abs = out.toAbsolutePath().normalize();
        Path parent = abs.getParent();
        try {
            if (Files.exists(abs) && !isCaptureOrEmpty(abs)) {
                throw new RecordException(out + ": exists and is not a capture directory; choose an empty or new --out");
            }
            Files.createDirectories(parent);
            Path work = Files.createTempDirectory(parent, "." + abs.getFileName() + ".recording-");
            OrphanGuard.removeOnExit(work);
            Files.setPosixFilePermissions(work, PosixFilePermissions.fromString("rwxr-xr-x"));
            CaptureMetadata first = new CaptureMetadata();
            first.host(HostInfo.current());
            first.incomplete(NOT_FINISHED);
            first.write(work);
            return new CaptureOutput(abs, work);
        } catch (IOException e) {
            throw new RecordException("cannot create a capture beside " + out + ": " + e.getMessage());
        }
    }

    private static boolean isCaptureOrEmpty(Path dir) throws IOException {
        if (!Files.isDirectory(dir) || Files.exists(dir.resolve(CaptureDirectory.METADATA))) {
            return Files.isDirectory(dir);
        }
        try (Stream<Path> s = Files.list(dir)) {
            return s.findAny().isEmpty();
        }
    }

    /** The directory the recording writes into. */
    public Path dir() {
        return work;
    }

    public synchronized State state() {
        return state;
    }

    /** Where the capture ended up (null while writing). */
    public synchronized Path result() {
        return result;
    }

    /** WRITING → COMPLETE: the new capture takes the place of {@code --out}. */
    public synchronized Path complete() throws RecordException {
        if (state != State.WRITING) {
            return result;
        }
        try {
            replace(out);
        } catch (IOException e) {
            incomplete("cannot move the capture into place: " + e.getMessage());
            throw new RecordException("cannot move the new capture into " + out + ": " + e.getMessage()
                    + (result == null ? "" : " (it is in " + result + ")"));
        }
        state = State.COMPLETE;
        result = out;
        return out;
    }

    /**
     * WRITING → INCOMPLETE, never throwing: {@code capture.json} says why (if the disk lets it),
     * and the attempt is kept where it does not hide a previous good capture.
     */
    public synchronized Path incomplete(String reason) {
        if (state != State.WRITING) {
            return result;
        }
        state = State.INCOMPLETE;
        Path target = hasCapture(out) ? out.resolveSibling(out.getFileName() + ".incomplete") : out;
        markIncomplete(reason, target);
        try {
            replace(target);
            result = target;
        } catch (IOException e) {
            result = work;
        }
        return result;
    }

    /**
     * Keeps a detailed reason a Measurement wrote (with paths into the work directory made paths
     * into {@code target}, where the files will be); otherwise replaces the first "did not finish".
     */
    private void markIncomplete(String reason, Path target) {
        Path json = work.resolve(CaptureDirectory.METADATA);
        try {
            CaptureRecord r = CaptureDirectory.open(work).record();
            String written = r.incomplete() == null ? "" : r.incomplete();
            if (written.equals(NOT_FINISHED) && reason != null) {
                CaptureMetadata m = new CaptureMetadata();
                m.host(HostInfo.current());
                m.incomplete(relocate(reason, target));
                m.write(work);
            } else if (written.contains(work.toString())) {
                byte[] text = r.withIncomplete(relocate(written, target)).toJson().getBytes(StandardCharsets.UTF_8);
                io.myflame.core.output.AtomicFile.write(json, s -> s.write(text));
            }
        } catch (Exception e) {
            // the first capture.json, which says the recording did not finish, stays
        }
    }

    /** A message naming files in the work directory, naming them where they end up instead. */
    public String relocate(String message, Path target) {
        return message == null ? null : message.replace(work.toString(), target.toString());
    }

    private static boolean hasCapture(Path dir) {
        return Files.isRegularFile(dir.resolve(CaptureDirectory.METADATA));
    }

    /** Moves the work directory to {@code target}; an old directory there is moved aside first, then removed. */
    private void replace(Path target) throws IOException {
        Path old = null;
        if (Files.exists(target)) {
            old = target.resolveSibling("." + target.getFileName() + ".old-" + ProcessHandle.current().pid());
            deleteTree(old);
            Files.move(target, old, StandardCopyOption.ATOMIC_MOVE);
        }
        try {
            Files.move(work, target, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            if (old != null) {
                Files.move(old, target, StandardCopyOption.ATOMIC_MOVE);
            }
            throw e;
        }
        OrphanGuard.forget(work);
        if (old != null) {
            deleteTree(old);
        }
    }

    static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) s.sorted(Comparator.reverseOrder())::iterator) {
                Files.deleteIfExists(p);
            }
        }
    }
}

package io.myflame.load;

import io.myflame.ingest.StartedInputs;
import io.myflame.ingest.startup.InputsAhead;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.Charset;
import java.nio.file.Path;

/**
 * One run's start-up, begun on the raw command line before it is parsed ({@link #begin}): each input
 * looked at once and what reading it needs started ({@link InputsAhead}). A command's {@link Reading}
 * and its settings files ({@link #settings}) take what it found; closing it ends what no one took.
 */
public final class StartUp implements AutoCloseable {
    /** Nothing begun: every read opens its file itself (tests, the demo). */
    public static final StartUp NONE = new StartUp(StartedInputs.NONE, null);

    private final StartedInputs inputs;
    private final InputsAhead owned;

    private StartUp(StartedInputs inputs, InputsAhead owned) {
        this.inputs = inputs;
        this.owned = owned;
    }

    /**
     * Begins the start-up of a run of {@code args} (the whole command line); {@code analysis} when it is
     * an analysing command's, whose capture directories and folded files are read ahead too, the folded
     * ones on {@code threads} threads (the default: a read asking otherwise reads anew).
     */
    public static StartUp begin(boolean analysis, int threads, String... args) {
        InputsAhead ahead = InputsAhead.start(analysis, threads, args);
        return new StartUp(ahead, ahead);
    }

    StartedInputs inputs() {
        return inputs;
    }

    /** The settings file {@code file} through {@link SettingsFile#open}, as opened at start-up when it was. */
    public Reader settings(Path file, Charset charset, long maxBytes, String what) throws IOException {
        return SettingsFile.open(inputs.opened(file), file, charset, maxBytes, what);
    }

    @Override
    public void close() {
        if (owned != null) {
            owned.close();
        }
    }
}

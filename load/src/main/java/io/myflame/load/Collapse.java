package io.myflame.load;

import io.myflame.ingest.ProfileLoader;
import io.myflame.ingest.error.InputException;
import io.myflame.ingest.fold.FoldedStacks;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;

/**
 * One input's perf samples folded into {@code frame;frame;leaf weight} lines, as
 * {@code myflame collapse} writes them, with what reading it warned of. Folded here, without a
 * {@code Profile}: collapse sits in pipelines over gigabytes and needs only the counted stacks.
 */
public final class Collapse {
    private final FoldedStacks stacks;
    private final List<String> warnings;

    private Collapse(FoldedStacks stacks, List<String> warnings) {
        this.stacks = stacks;
        this.warnings = List.copyOf(warnings);
    }

    /**
     * Makes ready, before the input is read, the classes that write folded lines
     * ({@link FoldedStacks#prepareToWrite}: compiled early under the AOT cache).
     */
    public static void prepareToWrite() {
        FoldedStacks.prepareToWrite();
    }

    /** Reads and folds {@code input}; a progress line named {@code what} shows on a terminal meanwhile. */
    public static Collapse read(String input, Folding folding, Reading reading, String what)
            throws IOException, InputException {
        ProfileLoader loader = reading.loader();
        FoldedStacks stacks;
        try (ReadProgress progress = ReadProgress.start(what, loader.bytesRead())) {
            stacks = loader.fold(input, folding.options());
        }
        return new Collapse(stacks, loader.warnings());
    }

    /** The folded lines, stackcollapse-perf's format byte for byte. */
    public void writeFolded(OutputStream out) throws IOException {
        stacks.writeFolded(out);
    }

    /** What reading warned of (malformed lines, other events), in order. */
    public List<String> warnings() {
        return warnings;
    }
}

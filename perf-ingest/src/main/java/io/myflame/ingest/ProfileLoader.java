package io.myflame.ingest;

import io.myflame.core.model.CallGraph;
import io.myflame.core.task.Concurrency;
import io.myflame.core.model.Profile;
import io.myflame.core.model.ProfileInfo;
import io.myflame.ingest.capture.CaptureDirectory;
import io.myflame.ingest.capture.CaptureRecord;
import io.myflame.ingest.folded.FoldedReader;
import io.myflame.ingest.fold.FoldOptions;
import io.myflame.ingest.fold.FoldedStacks;
import io.myflame.ingest.script.PerfDataSource;
import io.myflame.ingest.script.PerfScriptReader;
import io.myflame.ingest.perfdata.RecordedCallGraph;
import io.myflame.ingest.perfdata.PerfDataReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import io.myflame.ingest.error.InputException;

/**
 * Loads any profile input — a capture directory, a perf.data, perf script text (plain or gzip),
 * folded stacks (one count per line, or two: differential), a JFR recording; a file, a FIFO or
 * {@code -} for stdin — opening it once ({@link OpenedInput}, which reads a capture's capture.json)
 * and dispatching on its kind. {@link #read} returns one {@link Loaded}: the profile(s), the capture
 * record and the warnings (malformed lines, filtered events) for the command to print once.
 */
public final class ProfileLoader {
    private final Concurrency concurrency;
    private final boolean inline;
    private final String perfBinary;
    private boolean viaPerfScript;
    private Path symfs;
    private boolean archiveSymbols;
    private final List<String> warnings = new ArrayList<>();
    private final AtomicLong bytesRead = new AtomicLong();
    private FoldedReader.Root foldedRoot = FoldedReader.Root.THREAD;
    private StartedInputs started = StartedInputs.NONE;

    /**
     * One input read: its profile, or the base and new profiles of a differential folded file
     * ({@code stack BASE NEW}); what its capture.json says (null unless the input is a capture
     * directory; every field null when it has none); and the warnings reading it raised.
     */
    public record Loaded(List<Profile> profiles, CaptureRecord capture, List<String> warnings) {
        public Loaded {
            profiles = List.copyOf(profiles);
            warnings = List.copyOf(warnings);
        }

        /** Two profiles, base and new, for a differential graph. */
        public boolean differential() {
            return profiles.size() == 2;
        }
    }

    /** As {@link #ProfileLoader(Concurrency, boolean, String)} with {@link Concurrency#of}{@code (threads)}. */
    public ProfileLoader(int threads, boolean inline, String perfBinary) {
        this(Concurrency.of(threads), inline, perfBinary);
    }

    /**
     * A loader whose readers split their work as {@code concurrency} allows, that reads perf.data's inlined
     * functions when {@code inline} (through perf script), and runs {@code perfBinary} when it needs perf.
     */
    public ProfileLoader(Concurrency concurrency, boolean inline, String perfBinary) {
        this.concurrency = concurrency;
        this.inline = inline;
        this.perfBinary = perfBinary;
    }

    /** Takes what the run started for its inputs before its command line was parsed ({@link StartedInputs}). */
    public ProfileLoader started(StartedInputs inputs) {
        this.started = inputs;
        return this;
    }

    /** What the first frame of folded input is (default: a thread label kept as written). */
    public ProfileLoader foldedRoot(FoldedReader.Root root) {
        this.foldedRoot = root;
        return this;
    }

    /** Reads perf.data through {@code perf script} text instead of the native reader (--via-perf-script). */
    public ProfileLoader viaPerfScript(boolean yes) {
        this.viaPerfScript = yes;
        return this;
    }

    /** Reads the files a perf.data names under {@code dir}, as perf's --symfs does (null: where they were). */
    public ProfileLoader symfs(Path dir) {
        this.symfs = dir;
        return this;
    }

    /**
     * Keeps, beside each perf.data read natively, the symbols its frames were named from
     * ({@code perf.data.symbols}), so it reads the same on another machine: what record does.
     */
    public ProfileLoader archiveSymbols(boolean yes) {
        this.archiveSymbols = yes;
        return this;
    }

    public List<String> warnings() {
        return warnings;
    }

    /** Bytes of sample text read so far by this loader (perf script text, or perf's output). */
    public AtomicLong bytesRead() {
        return bytesRead;
    }

    /** Folds an input with collapse options: perf.data and perf script text are parsed. */
    public FoldedStacks fold(String input, FoldOptions options) throws IOException, InputException {
        try (OpenedInput in = OpenedInput.open(input, started)) {
            FoldedStacks stacks = fold(in, serverOnly(in, options));
            stacks.warnings().forEach(w -> warnings.add(in.shown(w)));
            return stacks;
        } catch (io.myflame.core.model.WeightOverflow e) {
            throw new InputException(input + ": " + e.getMessage());
        }
    }

    private FoldedStacks fold(OpenedInput in, FoldOptions options) throws IOException, InputException {
        return switch (in.kind()) {
            case PERF_DATA -> readPerfData(in, options);
            case PERF_SCRIPT -> readText(in, scriptReader(options));
            case FOLDED, DIFFERENTIAL_FOLDED -> throw new InputException(in.name() + ": already folded stacks; nothing to collapse");
            case JFR -> throw new InputException(in.name() + ": JFR recordings are read by 'myflame flamegraph' and 'report', not here");
            case CAPTURE_DIRECTORY -> throw new IllegalStateException("a capture is opened as its sample file");
        };
    }

    /**
     * The native reader unless told otherwise or inline frames are wanted (perf's addr2line);
     * a file it does not read as perf does goes to perf script, with a one-line note.
     */
    private FoldedStacks readPerfData(OpenedInput in, FoldOptions options) throws IOException, InputException {
        int before = warnings.size();
        try {
            return readPerfData(in.file(), options);
        } catch (InputException e) {
            throw new InputException(in.shown(e.getMessage()));
        } catch (IOException e) {
            String shown = in.shown(e.getMessage());
            if (shown != null && !shown.equals(e.getMessage())) {
                throw new InputException("I/O error: " + shown);
            }
            throw e;
        } finally {
            for (int i = before; i < warnings.size(); i++) {
                warnings.set(i, in.shown(warnings.get(i)));
            }
        }
    }

    private FoldedStacks readPerfData(Path path, FoldOptions options) throws IOException, InputException {
        if (!viaPerfScript && !inline) {
            try {
                PerfDataReader direct = new PerfDataReader(options, concurrency).symfs(symfs).ahead(started.perfData(path));
                if (archiveSymbols) {
                    direct.archiveTo(PerfDataReader.archiveBeside(path));
                }
                return direct.read(path);
            } catch (PerfDataReader.Unsupported e) {
                warnings.add("read " + path + " through perf script: " + e.getMessage());
            }
        }
        return new PerfDataSource(perfBinary, inline).symfs(symfs).process(options.process()).read(path, scriptReader(options));
    }

    /** The perf script text parser, made only for text (or perf's output): the native path needs none. */
    private PerfScriptReader scriptReader(FoldOptions options) {
        return new PerfScriptReader(options, concurrency).countingInto(bytesRead);
    }

    private static FoldedStacks readText(OpenedInput in, PerfScriptReader reader) throws IOException, InputException {
        try {
            Path file = in.plainTextFile();
            return file != null ? reader.read(file, in.text(), in.name()) : reader.read(in.text(), in.name());
        } catch (IOException e) {
            throw named(in.name(), e);
        }
    }

    /**
     * {@code options} keeping the server's samples when {@code in} is a capture recorded on every CPU
     * ({@code record --system-wide}): its perf.data holds every process, and the capture's figures
     * (stacks.folded, samples, checks) are the server's, as a recording of the server alone would be.
     */
    private static FoldOptions serverOnly(OpenedInput in, FoldOptions options) {
        if (in.capture().isEmpty()) {
            return options;
        }
        CaptureRecord said = in.capture().get().record();
        Long pid = said.perf() != null && said.perf().everyProcess() && said.server() != null ? said.server().pid() : null;
        return pid == null ? options : options.withProcess(pid);
    }

    /**
     * Loads an input as a profile for analysis; the label is the capture's server version or the
     * file name. A differential folded file is refused here: it holds two profiles ({@link #loadAny}).
     */
    public Profile load(String input) throws IOException, InputException {
        Loaded loaded = read(input);
        warnings.addAll(loaded.warnings());
        if (!loaded.differential()) {
            return loaded.profiles().get(0);
        }
        throw notOneProfile(input);
    }

    /** A differential folded file given where one profile is wanted. */
    public static InputException notOneProfile(String input) {
        return new InputException(input + ": a differential folded file (two counts per line, as difffolded.pl and "
                + "inferno-diff-folded write), not one profile: draw it with 'myflame flamegraph " + input + "', or give its two sides as two inputs");
    }

    /**
     * Reads an input once, capture.json included: one profile, or the two of a differential folded
     * file, with its capture record and its warnings (which are not left in {@link #warnings()}).
     */
    public Loaded read(String input) throws IOException, InputException {
        int before = warnings.size();
        try (OpenedInput in = OpenedInput.open(input, started)) {
            List<Profile> profiles;
            try {
                profiles = load(in, info(input, in));
            } catch (InputException e) {
                throw in.capture().isPresent() ? in.capture().get().incompleteRead(e) : e;
            }
            return new Loaded(profiles, in.capture().map(CaptureDirectory::record).orElse(null),
                    warnings.subList(before, warnings.size()));
        } catch (io.myflame.core.model.WeightOverflow e) {
            throw new InputException(input + ": " + e.getMessage());
        } finally {
            warnings.subList(before, warnings.size()).clear();
        }
    }

    private List<Profile> load(OpenedInput in, ProfileInfo given) throws IOException, InputException {
        // A folded file's counts are weights (record writes periods), not a number of samples.
        boolean folded = in.kind() == InputKind.FOLDED || in.kind() == InputKind.DIFFERENTIAL_FOLDED;
        ProfileInfo info = given.withUnknownSamples(folded);
        try {
            return switch (in.kind()) {
                case JFR -> List.of(io.myflame.ingest.jfr.JfrProfiles.read(in.file(),
                        info.withCallGraph(CallGraph.JAVA), warnings));
                case FOLDED -> {
                    FoldedStacks ahead = in.plainTextFile() == null ? null : started.folded(in.plainTextFile(), in.name(),
                            foldedRoot != FoldedReader.Root.FUNCTION, concurrency.threads());
                    yield List.of(ahead != null ? FoldedReader.profile(ahead, info, warnings, foldedRoot)
                            : FoldedReader.read(in.text(), in.plainTextFile(), StandardCharsets.ISO_8859_1, in.name(), info,
                                    warnings, foldedRoot, concurrency));
                }
                case DIFFERENTIAL_FOLDED -> {
                    FoldedReader.Differential d = FoldedReader.readDifferential(in.text(), in.plainTextFile(), in.name(), info, warnings,
                            foldedRoot, concurrency);
                    yield List.of(d.base(), d.next());
                }
                default -> {
                    FoldedStacks stacks = fold(in, serverOnly(in, FoldOptions.ANALYSIS));
                    stacks.warnings().forEach(w -> warnings.add(in.shown(w)));
                    ProfileInfo recorded = in.kind() == InputKind.PERF_DATA && in.file() != null
                            && info.callGraph() == CallGraph.UNKNOWN
                            ? info.withCallGraph(in.recordedCallGraph() != null ? in.recordedCallGraph()
                                    : RecordedCallGraph.of(in.file())) : info;
                    yield List.of(stacks.takeProfile(recorded));
                }
            };
        } catch (IOException e) {
            if (in.kind() == InputKind.PERF_DATA) {
                throw e;
            }
            throw named(in.name(), e);
        }
    }

    /**
     * The input's label, event and call-graph mode (a capture's perf.data says it when its capture.json
     * does not); an incomplete capture is read with a warning, never silently.
     */
    private ProfileInfo info(String input, OpenedInput in) {
        ProfileInfo info = ProfileInfo.EMPTY.withSource(input);
        Path path = input.equals("-") ? null : Path.of(input);
        if (in.capture().isPresent()) {
            CaptureDirectory capture = in.capture().get();
            CaptureRecord said = capture.record();
            info = info.withLabel(said.serverVersion()).withEvent(said.event()).withCallGraph(capture.callGraph(
                    in.kind() == InputKind.PERF_DATA ? in.recordedCallGraph() : null));
            if (said.incomplete() != null) {
                warnings.add(input + ": incomplete capture (" + said.incomplete() + ")");
            }
        }
        if (info.label() == null) {
            info = info.withLabel(path == null ? "stdin" : labelOf(path));
        }
        return info;
    }

    private static String labelOf(Path path) {
        Path name = path.getFileName();
        String s = name == null ? path.toString() : name.toString();
        if ((s.equals("perf.data") || s.startsWith("perf.script")) && path.toAbsolutePath().getParent() != null) {
            return path.toAbsolutePath().getParent().getFileName().toString();
        }
        return s;
    }

    /** A read error with the input it happened in ("Unexpected end of ZLIB input stream" names none). */
    private static InputException named(String name, IOException e) {
        String what = e instanceof java.io.EOFException || String.valueOf(e.getMessage()).contains("ZLIB")
                ? "gzip data cut short or damaged" : String.valueOf(e.getMessage());
        return new InputException(name + ": cannot read (" + what + ")");
    }
}

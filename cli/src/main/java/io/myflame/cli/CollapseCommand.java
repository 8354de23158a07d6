package io.myflame.cli;

import io.myflame.load.Collapse;
import io.myflame.load.Folding;
import io.myflame.load.Warnings;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code myflame collapse}: perf samples to folded stacks, byte-compatible with stackcollapse-perf.pl. */
@Command(name = "collapse", mixinStandardHelpOptions = true,
        description = "Fold perf samples into 'frame;frame;leaf weight' lines (stackcollapse-perf compatible).")
public final class CollapseCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "INPUT", arity = "0..1", defaultValue = "-",
            description = "perf.data, perf script text (plain/gzip), capture directory, or - for stdin (the default).")
    String input;

    @ArgGroup(exclusive = true)
    RootChoice root = new RootChoice();

    static final class RootChoice {
        @Option(names = "--pid", description = "Root frame is comm-PID.")
        boolean pid;
        @Option(names = "--tid", description = "Root frame is comm-PID/TID.")
        boolean tid;
    }

    @Option(names = "--kernel", description = "Annotate kernel frames with _[k].")
    boolean kernel;
    @Option(names = "--jit", description = "Annotate JIT frames (/tmp/perf-PID.map) with _[j].")
    boolean jit;
    @Option(names = "--all", description = "Both --kernel and --jit.")
    boolean all;
    @Option(names = "--addrs", description = "Keep the address of unresolved frames.")
    boolean addrs;
    @Option(names = "--event-filter", paramLabel = "EVENT", description = "Keep only this event (default: the first seen).")
    String eventFilter;
    @Option(names = "--skip-after", paramLabel = "FUNCTION",
            description = "Start stacks at FUNCTION: drop its callers and the comm (repeatable).")
    java.util.List<String> skipAfter = new java.util.ArrayList<>();
    @Option(names = {"-o", "--output"}, paramLabel = "FILE", converter = OptionValues.OutputFile.class, description = "Write here instead of stdout.")
    Path output;

    @Mixin
    IngestFlags ingest = new IngestFlags();

    @Override
    public Integer call() throws Exception {
        CommandOutputs.COLLAPSE.choose(null, output);
        Collapse.prepareToWrite();
        Folding folding = new Folding(root.pid, root.tid, kernel || all, jit || all, addrs, eventFilter, skipAfter);
        Collapse stacks = Collapse.read(input, folding, ingest.collapseReading(), "myflame collapse");
        Warnings w = new Warnings();
        stacks.warnings().forEach(w::add);
        AtomicOutput.write(output, stacks::writeFolded);
        w.print(spec.commandLine().getErr(), "myflame collapse");
        return 0;
    }
}

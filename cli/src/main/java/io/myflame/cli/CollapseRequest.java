package io.myflame.cli;

import io.myflame.load.ReadProgress;
import io.myflame.load.Warnings;
import io.myflame.ingest.ProfileLoader;
import io.myflame.ingest.fold.FoldOptions;
import io.myflame.ingest.fold.FoldedStacks;
import java.io.PrintWriter;
import java.nio.file.Path;

/** One {@code myflame collapse} run, however its flags were parsed (picocli or the fast path). */
record CollapseRequest(String input, FoldOptions options, int threads, boolean inline, boolean viaPerfScript,
                        String perf, Path symfs, Path output) {

    int run(PrintWriter err) throws Exception {
        CommandOutputs.COLLAPSE.choose(null, output);
        AtomicOutput.checkOutput(output, java.util.List.of(input));
        ProfileLoader loader = new ProfileLoader(threads, inline, perf).viaPerfScript(viaPerfScript).symfs(symfs);
        FoldedStacks stacks;
        try (ReadProgress progress = ReadProgress.start("myflame collapse", loader.bytesRead())) {
            stacks = loader.fold(input, options);
        }
        Warnings w = new Warnings();
        loader.warnings().forEach(w::add);
        AtomicOutput.write(output, stacks::writeFolded);
        w.print(err, "myflame collapse");
        return 0;
    }
}

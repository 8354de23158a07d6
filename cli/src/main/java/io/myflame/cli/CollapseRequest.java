package io.myflame.cli;

import io.myflame.load.Collapse;
import io.myflame.load.Folding;
import io.myflame.load.Reading;
import io.myflame.load.Warnings;
import java.io.PrintWriter;
import java.nio.file.Path;

/** One {@code myflame collapse} run, however its flags were parsed (picocli or the fast path). */
record CollapseRequest(String input, Folding folding, Reading reading, Path output) {

    int run(PrintWriter err) throws Exception {
        CommandOutputs.COLLAPSE.choose(null, output);
        AtomicOutput.checkOutput("myflame collapse", output, java.util.List.of(input));
        Collapse.prepareToWrite();
        Collapse stacks = Collapse.read(input, folding, reading, "myflame collapse");
        Warnings w = new Warnings();
        stacks.warnings().forEach(w::add);
        AtomicOutput.write(output, stacks::writeFolded);
        w.print(err, "myflame collapse");
        return 0;
    }
}

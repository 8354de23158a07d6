package io.myflame.ingest.jfr;

import io.myflame.core.model.Profile;
import io.myflame.core.model.ProfileInfo;
import io.myflame.ingest.error.InputException;
import io.myflame.ingest.folded.FoldedReader;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.regex.Pattern;
import java.util.List;
import one.convert.Arguments;
import one.convert.JfrToFlame;
import one.jfr.JfrReader;

/**
 * Reads a JFR recording (async-profiler's or the JDK's {@code -XX:StartFlightRecording}) with
 * async-profiler's converter: its execution samples become folded stacks, which are read as any
 * folded file, so every filter, tree and renderer works on JFR input too.
 */
public final class JfrProfiles {
    private static final Pattern TIER_SUFFIX = Pattern.compile("_\\[[ij01]\\](?=;| \\d)");

    private JfrProfiles() {
    }

    public static Profile read(Path path, ProfileInfo info, List<String> warnings) throws IOException, InputException {
        Arguments args = new Arguments();
        args.output = "collapsed";
        // One root per thread, as in folded files from perf: the thread name is the comm.
        args.threads = true;
        ByteArrayOutputStream folded = new ByteArrayOutputStream();
        try (JfrReader jfr = new JfrReader(path.toString())) {
            JfrToFlame converter = new JfrToFlame(jfr, args);
            converter.convert();
            converter.dump(folded);
        } catch (IOException | RuntimeException e) {
            throw new InputException(path + ": not a readable JFR recording (" + e.getMessage() + ")");
        }
        if (folded.size() == 0) {
            throw new InputException(path + ": JFR recording without execution samples");
        }
        // The converter marks frame types with suffixes (_[j] JIT, _[i] inlined, _[0] interpreted,
        // _[1] C1); a function is one function whichever tier ran it. Kernel frames keep _[k].
        String text = TIER_SUFFIX.matcher(folded.toString(StandardCharsets.UTF_8)).replaceAll("");
        // Names are kept as raw UTF-8 bytes like every other input's; outputs decode them (core.text.Escape).
        return FoldedReader.read(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), path.toString(),
                info.withEvent("jfr execution sample"), warnings);
    }
}

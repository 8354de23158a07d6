package io.myflame.ingest.perfdata;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.exec.CommandLine;
import org.apache.commons.exec.DefaultExecutor;
import org.apache.commons.exec.PumpStreamHandler;

/**
 * C++ names as this perf prints them: libiberty's demangler without parameter lists
 * ({@code DMGL_NO_OPTS}, perf built without libbfd), which is {@code c++filt -p -i}. All the
 * distinct names a run needs go through one c++filt process, one name per line.
 */
final class Demangler {
    private final String program;

    Demangler(String program) {
        this.program = program;
    }

    /** Whether perf would try to demangle this symbol (Itanium names; the rest stay as they are). */
    static boolean mangled(String name) {
        return name.startsWith("_Z");
    }

    /** Demangled names by mangled name; throws when c++filt cannot be run or answers short. */
    Map<String, String> demangle(List<String> names) throws IOException {
        Map<String, String> out = new HashMap<>();
        if (names.isEmpty()) {
            return out;
        }
        StringBuilder in = new StringBuilder();
        for (String n : names) {
            in.append(n).append('\n');
        }
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        DefaultExecutor exec = DefaultExecutor.builder().get();
        exec.setStreamHandler(new PumpStreamHandler(stdout, OutputStreamSink.NULL,
                new ByteArrayInputStream(in.toString().getBytes(StandardCharsets.ISO_8859_1))));
        CommandLine cmd = new CommandLine(program);
        cmd.addArgument("-p", false);
        cmd.addArgument("-i", false);
        exec.execute(cmd);
        String[] lines = stdout.toString(StandardCharsets.ISO_8859_1).split("\n", -1);
        if (lines.length < names.size()) {
            throw new IOException(program + " answered " + lines.length + " lines for " + names.size() + " names");
        }
        for (int i = 0; i < names.size(); i++) {
            out.put(names.get(i), lines[i]);
        }
        return out;
    }

    /** Where c++filt's standard error goes. */
    private static final class OutputStreamSink {
        static final java.io.OutputStream NULL = java.io.OutputStream.nullOutputStream();
    }
}

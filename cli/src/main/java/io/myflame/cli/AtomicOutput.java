package io.myflame.cli;

import io.myflame.core.DataError;
import io.myflame.core.UsageError;
import io.myflame.core.text.Document;
import io.myflame.core.text.Graph;
import io.myflame.core.text.OutputFormat;
import io.myflame.core.output.AtomicFile;
import io.myflame.core.output.OpenDescriptor;
import io.myflame.load.Reading;
import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;

/**
 * A command's output: stdout, or a file written atomically ({@link AtomicFile}). Stdout is
 * written through its file descriptor, not {@code System.out}, which swallows write errors: a
 * full disk or {@code > /dev/full} is an error (exit 1), and a reader that went away
 * ({@code | head}) stops the run quietly ({@link StdoutClosed}).
 */
public final class AtomicOutput {
    private AtomicOutput() {
    }

    /** Writes to {@code target}, or to stdout when it is null, {@code -} or names descriptor 1 ({@code /dev/stdout}). */
    public static void write(Path target, AtomicFile.Body body) throws Exception {
        if (target == null || target.toString().equals("-") || OpenDescriptor.number(target) == 1) {
            System.out.flush();
            OutputStream out = new BufferedOutputStream(new StdoutStream(), 1 << 16);
            body.writeTo(out);
            out.flush();
            return;
        }
        AtomicFile.write(target, body);
        if (announced.contains(target) && io.myflame.core.output.Terminal.stderrIsTerminal()
                && Files.isRegularFile(target)) {
            System.err.println(announcer + ": wrote " + target + " (" + size(Files.size(target)) + ")");
        }
    }

    /**
     * The output files of this run ({@code -o}, {@code diff --chart}) and the command writing them
     * ({@link #checkOutput}): each, once written, is said on stderr when that is a terminal, as a person
     * at it wants to know; a script reading stderr gets nothing new.
     */
    private static final List<Path> announced = new ArrayList<>();
    private static String announcer;

    static String size(long bytes) {
        if (bytes < 1024) {
            return bytes + (bytes == 1 ? " byte" : " bytes");
        }
        if (bytes < 1024 * 1024) {
            return (bytes + 512) / 1024 + " KB";
        }
        return String.format(java.util.Locale.ROOT, "%.1f MB", bytes / (1024.0 * 1024));
    }

    /** Writes {@code doc} in {@code format} to {@code target} (stdout when null or {@code -}). */
    public static void write(Path target, OutputFormat format, Document doc) throws Exception {
        write(target, out -> format.write(doc, out));
    }

    /**
     * Writes {@code graph} in {@code format} to {@code target} (stdout when null or {@code -}), as a
     * table is written. A drawing too large for an image is bad input for PNG (exit 1), not an
     * internal error: the drawings refuse it with an {@link IllegalArgumentException} saying why.
     */
    public static void write(Path target, OutputFormat format, Graph graph) throws Exception {
        write(target, out -> {
            try {
                format.write(graph, out);
            } catch (IllegalArgumentException e) {
                if (format != OutputFormat.PNG) {
                    throw e;
                }
                throw new DataError(e.getMessage());
            }
        });
    }

    /**
     * The rules for every output file a command writes ({@code -o FILE}, and {@code diff --chart FILE}:
     * every option converted as {@link OptionValues.OutputFile}), checked once the command line is
     * parsed and before any work ({@code pr} is the command run): it names a file, not a directory; it
     * is not one of the files the command reads (its INPUTs, its other FILE/DIR/PATH options and the
     * inputs of {@code --label NAME=INPUT,...}: the atomic rename would replace the data being read);
     * and an existing file is one this user may write ({@link AtomicFile#checkWritable}, as {@code cp}
     * decides).
     */
    static void checkOutput(CommandLine.ParseResult pr) throws IOException {
        announced.clear();
        List<CommandLine.Model.OptionSpec> outputs = pr.matchedOptions().stream().filter(AtomicOutput::isOutput).toList();
        List<String> inputs = new ArrayList<>();
        for (CommandLine.Model.PositionalParamSpec p : pr.matchedPositionals()) {
            inputs.addAll(p.originalStringValues());
        }
        for (CommandLine.Model.OptionSpec opt : pr.matchedOptions()) {
            if (outputs.contains(opt)) {
                continue;
            }
            if (opt.paramLabel().matches(".*\\b(FILE|DIR|PATH)\\b.*")) {
                inputs.addAll(opt.originalStringValues());
            } else if (opt.paramLabel().contains("=INPUT")) {
                for (String v : opt.originalStringValues()) {
                    inputs.addAll(List.of(v.substring(v.indexOf('=') + 1).split(",")));
                }
            }
        }
        String command = pr.commandSpec().qualifiedName();
        for (CommandLine.Model.OptionSpec o : outputs) {
            if (o.originalStringValues().isEmpty()) {
                continue;
            }
            String out = o.originalStringValues().get(o.originalStringValues().size() - 1);
            String why = OutputFileName.problem(out);
            if (why != null) {
                // The same rule as the converter, for an option whose converter forgot it.
                throw new UsageError("Invalid value for option '" + o.shortestName() + "': " + why);
            }
            checkOutput(command, o.shortestName(), Path.of(out), inputs);
        }
    }

    /** An option naming a file the command writes: {@code -o}, or one converted as an output file. */
    private static boolean isOutput(CommandLine.Model.OptionSpec o) {
        if (List.of(o.names()).contains("-o")) {
            return true;
        }
        return o.converters() != null
                && java.util.Arrays.stream(o.converters()).anyMatch(c -> c instanceof OptionValues.OutputFile);
    }

    /**
     * The rules for one output, named in refusals by its option ({@code -o}, {@code --chart}); and one
     * more for every output: its directory exists. A missing directory is an error naming it,
     * as the shell's {@code >} makes it one: a typo in it would otherwise make a tree of directories
     * nobody asked for (record, sweep and demo make their {@code --out} directories by design).
     */
    private static void checkOutput(String command, String option, Path output, List<String> inputs) throws IOException {
        if (output == null || output.toString().equals("-")) {
            return;
        }
        refuseInputAsOutput(option, output, inputs);
        refuseMissingDirectory(output);
        AtomicFile.checkWritable(output);
        if (OpenDescriptor.number(output) < 0) {
            announced.add(output);
            announcer = command;
        }
    }

    private static void refuseMissingDirectory(Path output) {
        if (Files.isSymbolicLink(output) || OpenDescriptor.number(output) >= 0) {
            return;
        }
        Path parent = output.getParent();
        if (parent != null && !Files.exists(parent)) {
            throw new DataError(output + ": no such directory " + parent + " (make it first: mkdir -p "
                    + parent + ")");
        }
    }

    /**
     * Refuses an output that is one of the inputs, or a file read with one ({@link
     * Reading#filesReadWith}: a perf.data's symbol archive, a capture's metadata): the atomic
     * rename would replace it (with the result of reading it) and the user's data would be gone.
     */
    private static void refuseInputAsOutput(String option, Path output, Iterable<String> inputs) {
        if (output == null || output.toString().equals("-") || !Files.exists(output)) {
            return;
        }
        for (String input : inputs) {
            if (input.equals("-") || input.isEmpty() || !Files.exists(Path.of(input))) {
                continue;
            }
            if (AtomicFile.sameTarget(Path.of(input), output)) {
                throw new UsageError(option + " " + output + " is the input " + input + "; it would be replaced");
            }
            // What is read beside the input: a perf.data's symbol archive and perf archive tarball, a capture's files.
            for (var read : Reading.filesReadWith(Path.of(input)).entrySet()) {
                if (Files.exists(read.getKey()) && AtomicFile.sameTarget(read.getKey(), output)) {
                    throw new UsageError(option + " " + output + " is " + read.getValue() + " read with the input " + input
                            + "; it would be replaced");
                }
            }
        }
    }

    /**
     * Refuses to pour a graph or an image onto a terminal when no {@code -o} was given: a
     * flamegraph is some 300 KB of SVG markup and a PNG is bytes that garble the terminal. An
     * explicit {@code -o -} and any pipe or file on stdout are written as asked.
     */
    static void refuseImageOnTerminal(Path output, String what, String example) {
        if (output == null && io.myflame.core.output.Terminal.stdoutIsTerminal()) {
            throw new UsageError("stdout is a terminal; write the " + what + " to a file: -o " + example
                    + " (or pipe it, or -o - to print it anyway)");
        }
    }

    /** The reader of stdout closed it (EPIPE): the run stops without a message. */
    public static final class StdoutClosed extends IOException {
        StdoutClosed() {
            super("stdout closed by its reader");
        }
    }

    /** File descriptor 1, with write errors named and a closed pipe told apart. */
    private static final class StdoutStream extends OutputStream {
        private final FileOutputStream fd = new FileOutputStream(FileDescriptor.out);

        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            try {
                fd.write(b, off, len);
            } catch (IOException e) {
                throw translate(e);
            }
        }

        private static IOException translate(IOException e) {
            String m = String.valueOf(e.getMessage());
            if (m.contains("Broken pipe")) {
                return new StdoutClosed();
            }
            return new IOException("writing stdout: " + m.toLowerCase(java.util.Locale.ROOT), e);
        }
    }
}

package io.myflame.cli;

import io.myflame.ingest.InputException;
import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code myflame} command. Each subcommand is one class that turns flags into options and
 * calls the library. Errors reach the user as one line: bad data exits 1, bad usage exits 2,
 * anything else is an internal error (exit 70) and a bug.
 */
@Command(name = "myflame", mixinStandardHelpOptions = true, version = "myflame 0.1.0",
        description = "CPU profiles of MySQL-family servers: perf samples to folded stacks, "
                + "inclusive-percentage tables and flamegraphs.",
        subcommands = {CollapseCommand.class, ReportCommand.class, FlamegraphCommand.class, DiffCommand.class,
                CategoriesCommand.class, RecordCommand.class, SweepCommand.class, DemoCommand.class,
                CommandLine.HelpCommand.class})
public final class Main implements Runnable {
    public static final int EXIT_DATA = 1;
    public static final int EXIT_USAGE = 2;
    public static final int EXIT_INTERNAL = 70;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(new CommandLine(this), "a command is required");
    }

    public static void main(String[] args) {
        int code;
        try {
            code = run(args);
        } catch (Throwable t) {
            // Errors (out of memory, a broken jar) escape picocli's handler: still one line.
            System.err.println("myflame: unexpected internal error: " + t);
            code = EXIT_INTERNAL;
        }
        System.exit(code);
    }

    /** Runs the command line and returns the exit code (tests call this in-process). */
    public static int run(String... args) {
        CommandLine cl = new CommandLine(new Main());
        cl.setExecutionExceptionHandler((ex, line, parsed) -> report(ex, line));
        cl.setParameterExceptionHandler((ex, args2) -> {
            PrintWriter err = ex.getCommandLine().getErr();
            err.println(prefix(ex.getCommandLine()) + ex.getMessage());
            err.println("try '" + ex.getCommandLine().getCommandSpec().qualifiedName() + " --help'");
            return EXIT_USAGE;
        });
        return cl.execute(args);
    }

    private static int report(Exception ex, CommandLine line) {
        PrintWriter err = line.getErr();
        if (ex instanceof InputException || ex instanceof DataError || ex instanceof io.myflame.diff.DiffException
                || ex instanceof io.myflame.core.analysis.FunctionLookup.NotFound) {
            err.println(prefix(line) + ex.getMessage());
            return EXIT_DATA;
        }
        if (ex instanceof UsageError) {
            err.println(prefix(line) + ex.getMessage());
            err.println("try '" + line.getCommandSpec().qualifiedName() + " --help'");
            return EXIT_USAGE;
        }
        if (ex instanceof java.nio.file.NoSuchFileException nf) {
            err.println(prefix(line) + nf.getFile() + ": no such file or directory");
            return EXIT_DATA;
        }
        if (ex instanceof java.nio.file.AccessDeniedException ad) {
            err.println(prefix(line) + ad.getFile() + ": permission denied");
            return EXIT_DATA;
        }
        if (ex instanceof java.io.IOException io) {
            err.println(prefix(line) + "I/O error: " + io.getMessage());
            return EXIT_DATA;
        }
        err.println(prefix(line) + "unexpected internal error: " + ex);
        if (System.getenv("MYFLAME_DEBUG") != null) {
            ex.printStackTrace(err);
        }
        return EXIT_INTERNAL;
    }

    static String prefix(CommandLine line) {
        return line.getCommandSpec().qualifiedName() + ": ";
    }

    /** Input that is not usable (exit 1), raised by commands. */
    public static final class DataError extends RuntimeException {
        public DataError(String message) {
            super(message);
        }
    }

    /** Flags that do not fit together (exit 2). */
    public static final class UsageError extends RuntimeException {
        public UsageError(String message) {
            super(message);
        }
    }
}

package io.myflame.cli;

import io.myflame.core.DataError;
import io.myflame.core.UsageError;
import io.myflame.core.text.Escape;
import io.myflame.load.StartUp;
import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code myflame} command. Each subcommand is one class that turns flags into options and
 * calls the library. Errors reach the user as one line: bad data exits 1, bad usage exits 2,
 * anything else is an internal error (exit 70) and a bug.
 */
@Command(name = "myflame", mixinStandardHelpOptions = true, versionProvider = Main.BuildVersion.class,
        description = "CPU profiles of MySQL-family servers: perf samples to folded stacks, "
                + "inclusive-percentage tables and flamegraphs.")
public final class Main implements Runnable {
    /** The build's version ({@code 0.1.0-SNAPSHOT} for a snapshot), which the build writes into a resource. */
    static final class BuildVersion implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() throws java.io.IOException {
            java.util.Properties p = new java.util.Properties();
            try (java.io.InputStream in = Main.class.getResourceAsStream("myflame-version.properties")) {
                if (in != null) {
                    p.load(in);
                }
            }
            return new String[] {"myflame " + p.getProperty("version", "(version unknown)")};
        }
    }

    /**
     * The subcommands, in help order. They are registered in {@link #commandLine} rather than in
     * the annotation: building picocli's model of every command costs a quarter of a second at
     * start-up, so a run builds only the command it executes.
     */
    static final java.util.Map<String, java.util.function.Supplier<Object>> COMMANDS = commands();

    private static java.util.Map<String, java.util.function.Supplier<Object>> commands() {
        java.util.Map<String, java.util.function.Supplier<Object>> m = new java.util.LinkedHashMap<>();
        m.put("collapse", CollapseCommand::new);
        m.put("report", ReportCommand::new);
        m.put("flamegraph", FlamegraphCommand::new);
        m.put("diff", DiffCommand::new);
        m.put("categories", CategoriesCommand::new);
        m.put("export", ExportCommand::new);
        m.put("record", RecordCommand::new);
        m.put("sweep", SweepCommand::new);
        m.put("demo", DemoCommand::new);
        // A lambda, not CommandLine.HelpCommand::new: JDK 25's AOT cache archives that method reference, and
        // with picocli's own class files (compiled for Java 5, which the cache cannot hold, as when run
        // from picocli's jar) it then failed to be made at all.
        m.put("help", () -> new CommandLine.HelpCommand());
        return java.util.Collections.unmodifiableMap(m);
    }

    private static final String UNUSED_CONVERTERS_KEY = "picocli.converters.excludes";
    /** The types whose picocli converters are not registered: one regular expression of class names. */
    static final String UNUSED_CONVERTERS = "java\\.(sql|time)\\..*";

    /**
     * The command line for {@code args}: only the named subcommand, none for a bare {@code --version}, or all of them
     * for help and errors.
     */
    static CommandLine commandLine(String... args) {
        // picocli's own switch: no converters for java.sql and java.time types, which no option has
        // (ModelWriter refuses one). Each CommandLine otherwise looks their classes and factory methods up
        // by reflection, 2 ms of every run.
        if (System.getProperty(UNUSED_CONVERTERS_KEY) == null) {
            System.setProperty(UNUSED_CONVERTERS_KEY, UNUSED_CONVERTERS);
        }
        CommandLine cl = new CommandLine(CommandModels.of(new Main()));
        String first = args.length > 0 ? args[0] : "";
        if (COMMANDS.containsKey(first) && !first.equals("help")) {
            cl.addSubcommand(first, model(COMMANDS.get(first).get()));
        } else if (!(args.length == 1 && (first.equals("--version") || first.equals("-V")))) {
            // a bare --version needs no command: it cost 0.38 s with all of them, 0.2 s more than a collapse
            COMMANDS.forEach((name, command) -> cl.addSubcommand(name, model(command.get())));
        }
        // No @FILE argument files (picocli's default): 'report @x.folded' reads the file named @x.folded,
        // and '--alias @/dev/zero' is a value, not an endless read of arguments.
        cl.setExpandAtFiles(false);
        OptionValues.register(cl);
        HelpExamples.addTo(cl);
        return cl;
    }

    /** The written model of a command of this module; picocli's help command reads its own annotations. */
    private static Object model(Object command) {
        return command instanceof CommandLine.HelpCommand ? command : CommandModels.of(command);
    }

    /**
     * The commands whose folded input is read while picocli builds their model (the read is taken only
     * if the flags ask for that very read), and whose capture directories are warmed up as their
     * perf.data and capture.json ({@link StartUp#begin}).
     */
    private static final java.util.Set<String> READ_AHEAD = java.util.Set.of("report", "flamegraph", "diff",
            "categories", "export");

    public static final int EXIT_DATA = 1;
    public static final int EXIT_USAGE = 2;
    public static final int EXIT_INTERNAL = 70;
    /** 128 + SIGPIPE: what a shell shows for a C tool whose reader went away. */
    public static final int EXIT_PIPE = 141;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(new CommandLine(this), "a command is required");
    }

    public static void main(String[] args) {
        Entry.main(args);
    }

    /** Runs the command line and returns the exit code (tests call this in-process). */
    public static int run(String... args) {
        boolean analysis = args.length > 1 && READ_AHEAD.contains(args[0]);
        try (StartUp startUp = StartUp.begin(analysis, IngestFlags.DEFAULT_THREADS, args)) {
            return run(startUp, args);
        }
    }

    /** Parses and runs {@code args}, the command's ingest flags holding {@code startUp}. */
    private static int run(StartUp startUp, String... args) {
        CommandLine cl = commandLine(args);
        cl.setExecutionStrategy(parsed -> {
            Integer help = CommandLine.executeHelpRequest(parsed);
            if (help != null) {
                return help;
            }
            CommandLine.ParseResult command = last(parsed);
            handTo(command.commandSpec(), startUp);
            try {
                OptionValues.checkStdinOnce(command);
                AtomicOutput.checkOutput(command);
            } catch (Exception e) {
                throw new CommandLine.ExecutionException(command.commandSpec().commandLine(), e.getMessage(), e);
            }
            return new CommandLine.RunLast().execute(parsed);
        });
        cl.setExecutionExceptionHandler((ex, line, parsed) -> report(ex, line.getCommandSpec().qualifiedName(),
                line.getErr()));
        cl.setParameterExceptionHandler((ex, args2) -> {
            PrintWriter err = ex.getCommandLine().getErr();
            String message = ex instanceof CommandLine.UnmatchedArgumentException u ? Suggestion.message(u, args2) : ex.getMessage();
            err.println(prefix(ex.getCommandLine()) + Escape.message(message));
            err.println("try '" + ex.getCommandLine().getCommandSpec().qualifiedName() + " --help'");
            return EXIT_USAGE;
        });
        return cl.execute(args);
    }

    /** Gives {@code startUp} to the ingest flags of the command run, however deep among its mixins. */
    private static void handTo(CommandLine.Model.CommandSpec spec, StartUp startUp) {
        if (spec.userObject() instanceof IngestFlags flags) {
            flags.startUp = startUp;
        }
        spec.mixins().values().forEach(mixin -> handTo(mixin, startUp));
    }

    private static CommandLine.ParseResult last(CommandLine.ParseResult parsed) {
        CommandLine.ParseResult pr = parsed;
        while (pr.hasSubcommand()) {
            pr = pr.subcommand();
        }
        return pr;
    }

    static int report(Exception ex, String command, PrintWriter err) {
        String prefix = command + ": ";
        if (ex instanceof AtomicOutput.StdoutClosed) {
            // '| head' stopped reading: stop quietly, with the status of a process killed by SIGPIPE.
            return EXIT_PIPE;
        }
        err.print(prefix);
        prefix = "";
        err = visibleTo(err);
        if (ex instanceof DataError) {
            err.println(prefix + ex.getMessage());
            return EXIT_DATA;
        }
        if (ex instanceof UsageError) {
            err.println(prefix + ex.getMessage());
            err.println("try '" + command + " --help'");
            return EXIT_USAGE;
        }
        if (ex instanceof java.nio.file.NoSuchFileException nf) {
            err.println(prefix + nf.getFile() + ": no such file or directory");
            return EXIT_DATA;
        }
        if (ex instanceof java.nio.file.AccessDeniedException ad) {
            err.println(prefix + ad.getFile() + ": permission denied" + (ad.getReason() == null ? "" : " (" + ad.getReason() + ")"));
            return EXIT_DATA;
        }
        if (ex instanceof java.io.IOException io) {
            err.println(prefix + "I/O error: " + io.getMessage());
            return EXIT_DATA;
        }
        err.println(prefix + "unexpected internal error: " + ex);
        if (System.getenv("MYFLAME_DEBUG") != null) {
            ex.printStackTrace(err);
        }
        return EXIT_INTERNAL;
    }

    /** A writer that makes control characters visible in each line printed. */
    private static PrintWriter visibleTo(PrintWriter err) {
        return new PrintWriter(err, true) {
            @Override
            public void println(String x) {
                super.println(Escape.message(x));
            }
        };
    }

    static String prefix(CommandLine line) {
        return line.getCommandSpec().qualifiedName() + ": ";
    }
}

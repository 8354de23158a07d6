package io.myflame.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.myflame.core.text.UnifiedDiff;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import picocli.CommandLine;

/**
 * Every command in README.md and docs/*.md works as shown (see {@link DocExamples} for the
 * conventions). A {@code $ myflame ...} example runs through the real jar in the repository root
 * against samples/ and must print exactly the output shown (stdout; and stderr after it for an
 * example of an error, which must show the {@code myflame CMD: } line) ({@code -Dmyflame.update=true} rewrites
 * the shown output instead, to be reviewed as a diff). Every other myflame line must parse with
 * today's flags, and no line may hold a shell operator that would break it when pasted
 * ({@code --colors hot|mem} is a pipeline).
 */
class DocsIT {
    static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    /** Commands a documented line may pipe into. */
    private static final Set<String> PIPE_TARGETS = Set.of("head", "tail", "grep", "less", "gzip", "zcat", "sort", "wc", "tee");

    static List<Path> documents() throws Exception {
        // The distribution's own README: its examples read the same samples/ paths from the repository root.
        List<Path> docs = new ArrayList<>(List.of(ROOT.resolve("README.md"), ROOT.resolve("cli/src/dist/README.md")));
        try (Stream<Path> s = Files.list(ROOT.resolve("docs"))) {
            s.filter(p -> p.toString().endsWith(".md")).sorted().forEach(docs::add);
        }
        return docs;
    }

    @TestFactory
    Stream<DynamicNode> documentedCommandsWorkAsShown() throws Exception {
        boolean update = Boolean.getBoolean("myflame.update");
        List<DynamicNode> nodes = new ArrayList<>();
        for (Path doc : documents()) {
            List<DocExamples.Example> examples = DocExamples.read(doc);
            List<String> produced = new ArrayList<>();
            List<DynamicTest> tests = new ArrayList<>();
            for (DocExamples.Example e : examples) {
                produced.add(null);
                int k = produced.size() - 1;
                tests.add(DynamicTest.dynamicTest(e.where() + " " + abbreviate(e.command()), () -> {
                    if (e.shown() == null) {
                        checkPastable(e);
                    } else {
                        String out = run(e);
                        produced.set(k, out);
                        if (!update) {
                            assertEquals(e.shown().text(), out, e.where() + ": `" + e.command()
                                    + "` prints something else than shown (update with -Dmyflame.update=true)\n"
                                    + UnifiedDiff.of(e.shown().text(), out));
                        }
                    }
                }));
            }
            if (update) {
                tests.add(DynamicTest.dynamicTest("rewrite " + doc.getFileName(), () -> DocExamples.rewrite(doc, examples, produced)));
            }
            nodes.add(DynamicContainer.dynamicContainer(doc.getFileName().toString(), tests));
        }
        return nodes.stream();
    }

    /** Output of an example: a myflame run through the jar, or {@code cat FILE}; then {@code | head -N}/{@code | tail -N}. */
    private static String run(DocExamples.Example e) throws Exception {
        ShellWords.Line line = ShellWords.split(e.command());
        List<String> words = line.words();
        int end = line.operators().isEmpty() ? words.size() : line.operators().get(0).beforeWord();
        List<String> cmd = words.subList(0, end);
        String out;
        if (isMyflame(cmd.get(0))) {
            String[] args = cmd.subList(1, cmd.size()).toArray(String[]::new);
            Path redirect = redirect(e, line);
            Myflame.Result r = redirect == null ? Myflame.runIn(ROOT, null, args) : Myflame.runTo(ROOT, redirect, args);
            out = r.out();
            if (r.exit() != 0) {
                // An example of an error shows what the terminal shows: stdout, then the one-line error.
                String error = "myflame " + cmd.get(1) + ": ";
                assertTrue(e.shown().text().contains(error), e.where() + ": `" + e.command() + "` failed (exit "
                        + r.exit() + ") where the document shows no error: " + r.err());
                out += r.err();
            }
        } else if (cmd.get(0).equals("cat") && cmd.size() == 2) {
            out = Files.readString(ROOT.resolve(cmd.get(1)), StandardCharsets.UTF_8);
        } else {
            throw new AssertionError(e.where() + ": examples with output run myflame or cat, not " + cmd.get(0));
        }
        for (ShellWords.Operator op : line.operators()) {
            if (!op.op().equals(">")) {
                out = filter(e, op, words, out);
            }
        }
        return out;
    }

    /** The file of a trailing {@code > FILE} (e.g. {@code /dev/full}), or null. */
    private static Path redirect(DocExamples.Example e, ShellWords.Line line) {
        for (ShellWords.Operator op : line.operators()) {
            if (op.op().equals(">")) {
                if (op.beforeWord() != line.words().size() - 1) {
                    throw new AssertionError(e.where() + ": `> FILE` must end an example");
                }
                return ROOT.resolve(line.words().get(op.beforeWord()));
            }
        }
        return null;
    }

    private static String filter(DocExamples.Example e, ShellWords.Operator op, List<String> words, String out) {
        List<String> rest = words.subList(op.beforeWord(), words.size());
        if (!op.op().equals("|") || rest.size() < 2 || !rest.get(1).matches("-\\d+")) {
            throw new AssertionError(e.where() + ": only `| head -N` and `| tail -N` are supported in examples");
        }
        int n = Integer.parseInt(rest.get(1).substring(1));
        List<String> lines = Arrays.asList(out.split("\n"));
        List<String> kept = switch (rest.get(0)) {
            case "head" -> lines.subList(0, Math.min(n, lines.size()));
            case "tail" -> lines.subList(Math.max(0, lines.size() - n), lines.size());
            default -> throw new AssertionError(e.where() + ": cannot pipe an example into " + rest.get(0));
        };
        return String.join("\n", kept) + "\n";
    }

    /** A line to paste: no stray shell operators, scripts that exist, and myflame flags that parse. */
    private static void checkPastable(DocExamples.Example e) {
        ShellWords.Line line = ShellWords.split(e.command());
        List<String> words = new ArrayList<>(line.words());
        int skip = 0;
        while (skip < words.size() && words.get(skip).matches("[A-Za-z_][A-Za-z0-9_]*=.*")) {
            skip++;
        }
        if (skip == words.size()) {
            return;
        }
        String first = words.get(skip);
        for (ShellWords.Operator op : line.operators()) {
            boolean pipe = op.op().equals("|") && op.beforeWord() < words.size()
                    && (PIPE_TARGETS.contains(words.get(op.beforeWord())) || isMyflame(words.get(op.beforeWord())));
            boolean redirect = op.op().equals(">") || op.op().equals("<");
            if (!pipe && !redirect) {
                fail(e.where() + ": `" + op.op() + "` outside quotes in `" + e.command() + "` would break it when pasted"
                        + " (quote it, or write the alternatives in a comment)");
            }
        }
        if (first.startsWith("scripts/")) {
            assertTrue(Files.isExecutable(ROOT.resolve(first)), e.where() + ": " + first + " does not exist");
        }
        // Every myflame in the line (also one a pipe feeds) must parse: split at the operators.
        int from = skip;
        List<Integer> cuts = new ArrayList<>();
        line.operators().forEach(op -> cuts.add(op.beforeWord()));
        cuts.add(words.size());
        for (int cut : cuts) {
            if (from < cut && isMyflame(words.get(from))) {
                parses(e, words.subList(from + 1, cut).toArray(String[]::new));
            }
            from = cut;
        }
    }

    /** picocli's parse of {@code args} with today's flags (an interactive --password reads an empty stdin). */
    private static void parses(DocExamples.Example e, String[] args) {
        InputStream in = System.in;
        java.io.PrintStream out = System.out;
        try {
            System.setIn(new ByteArrayInputStream("secret\n".getBytes(StandardCharsets.UTF_8)));
            System.setOut(new java.io.PrintStream(java.io.OutputStream.nullOutputStream()));
            Main.commandLine(args).parseArgs(args);
        } catch (CommandLine.ParameterException ex) {
            fail(e.where() + ": `" + e.command() + "` does not parse: " + ex.getMessage());
        } finally {
            System.setIn(in);
            System.setOut(out);
        }
    }

    static boolean isMyflame(String word) {
        return word.equals("myflame") || word.endsWith("/myflame");
    }

    private static String abbreviate(String s) {
        return s.length() <= 90 ? s : s.substring(0, 87) + "...";
    }
}

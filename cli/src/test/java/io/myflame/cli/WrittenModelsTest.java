package io.myflame.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgGroupSpec;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * The models the build writes ({@link ModelWriter}) are picocli's reading of the annotations: for every command,
 * the same options with the same attributes in the same order, the same help text, and every option, given
 * alone, parsed to the same fields (or refused with the same message). The runs use the written models; this
 * is what keeps them honest when an annotation changes.
 */
class WrittenModelsTest {
    static Stream<Arguments> commands() {
        List<Arguments> commands = new ArrayList<>();
        commands.add(Arguments.of("myflame", (Supplier<Object>) Main::new));
        Main.COMMANDS.forEach((name, command) -> {
            if (!name.equals("help")) {
                commands.add(Arguments.of(name, command));
            }
        });
        return commands.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("commands")
    void theWrittenModelIsPicocliReadingOfTheAnnotations(String name, Supplier<Object> command) {
        assertTrue(CommandModels.written(), "the build wrote no models (ModelWriter at process-classes)");
        CommandSpec annotated = CommandSpec.forAnnotatedObject(command.get());
        CommandSpec written = CommandModels.of(command.get());
        assertEquals(annotated.name(), written.name());
        assertEquals(List.of(annotated.usageMessage().description()), List.of(written.usageMessage().description()));
        assertEquals(annotated.mixinStandardHelpOptions(), written.mixinStandardHelpOptions());
        assertEquals(annotated.mixins().keySet(), written.mixins().keySet(), "mixins");
        assertEquals(type(annotated.versionProvider()), type(written.versionProvider()), "version provider");
        assertEquals(attributes(annotated.options()), attributes(written.options()), name + ": options");
        assertEquals(attributes(annotated.positionalParameters()), attributes(written.positionalParameters()),
                name + ": positional parameters");
        assertEquals(groups(annotated), groups(written), name + ": groups");
        assertEquals(help(annotated), help(written), name + ": help text");
        assertTrue(help(written).contains("Usage: "), "help text of " + name);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("commands")
    void everyOptionParsesToTheSameFields(String name, Supplier<Object> command) throws Exception {
        CommandSpec spec = CommandSpec.forAnnotatedObject(command.get());
        // the inputs a command requires, after each option
        List<String> inputs = new ArrayList<>();
        for (PositionalParamSpec p : spec.positionalParameters()) {
            for (int i = 0; i < p.arity().min(); i++) {
                inputs.add("in" + inputs.size() + ".folded");
            }
        }
        for (OptionSpec o : spec.options()) {
            if (o.required() && o.group() == null) {
                inputs.add(o.longestName());
                inputs.add(value(o));
            }
        }
        List<List<String>> lines = new ArrayList<>();
        lines.add(List.of());
        lines.add(inputs);
        for (OptionSpec option : spec.options()) {
            if (option.usageHelp() || option.versionHelp() || option.interactive()) {
                continue;
            }
            String flag = option.longestName();
            lines.add(with(inputs, option.arity().max() == 0 ? List.of(flag) : List.of(flag, value(option))));
            if (option.arity().max() > 0) {
                lines.add(with(inputs, List.of(flag, "not a value")));
            }
        }
        int parsed = 0;
        for (List<String> line : lines) {
            Object viaAnnotations = command.get();
            Object viaWritten = command.get();
            String a = parse(new CommandLine(viaAnnotations), line);
            String w = parse(new CommandLine(CommandModels.of(viaWritten)), line);
            assertEquals(a, w, name + " " + line);
            if (a.isEmpty()) {
                parsed++;
                assertEquals(fields(viaAnnotations), fields(viaWritten), name + " " + line);
            }
        }
        // most lines parse (the rest are refused values): the fields are compared, not only the messages
        assertTrue(parsed * 2 > lines.size(), name + ": " + parsed + " of " + lines.size() + " command lines parsed");
    }

    private static List<String> with(List<String> inputs, List<String> flags) {
        List<String> line = new ArrayList<>(flags);
        line.addAll(inputs);
        return line;
    }

    /** A value of the option's type that its converter might take (else both models refuse it alike). */
    private static String value(OptionSpec option) {
        Class<?> type = option.typeInfo().isMultiValue() ? option.auxiliaryTypes()[0] : option.type();
        if (type.isEnum()) {
            return type.getEnumConstants()[0].toString();
        }
        if (type == int.class || type == Integer.class || type == long.class || type == Long.class) {
            return "7";
        }
        if (type == double.class || type == Double.class) {
            return "2.5";
        }
        return option.completionCandidates() != null && option.completionCandidates().iterator().hasNext()
                ? option.completionCandidates().iterator().next() : "x7";
    }

    /** Empty when the line parsed, else the message picocli refused it with. */
    private static String parse(CommandLine cl, List<String> line) {
        OptionValues.register(cl);
        try {
            cl.parseArgs(line.toArray(String[]::new));
            return "";
        } catch (CommandLine.ParameterException e) {
            return e.getClass().getSimpleName() + ": " + e.getMessage();
        }
    }

    /** Every annotated field of {@code object} and of its mixins and groups, by name, as text. */
    private static Map<String, String> fields(Object object) throws IllegalAccessException {
        Map<String, String> values = new LinkedHashMap<>();
        for (Field field : object.getClass().getDeclaredFields()) {
            if (field.isAnnotationPresent(CommandLine.Option.class) || field.isAnnotationPresent(CommandLine.Parameters.class)) {
                field.setAccessible(true);
                Object v = field.get(object);
                values.put(field.getName(), v instanceof Object[] array ? Arrays.deepToString(array) : String.valueOf(v));
            } else if (field.isAnnotationPresent(CommandLine.Mixin.class) || field.isAnnotationPresent(CommandLine.ArgGroup.class)) {
                field.setAccessible(true);
                Object inner = field.get(object);
                if (inner != null) {
                    fields(inner).forEach((k, v) -> values.put(field.getName() + "." + k, v));
                }
            }
        }
        return values;
    }

    private static List<String> attributes(List<? extends ArgSpec> args) {
        List<String> out = new ArrayList<>();
        for (ArgSpec a : args) {
            StringBuilder s = new StringBuilder();
            if (a instanceof OptionSpec o) {
                s.append(Arrays.toString(o.names())).append(" help=").append(o.help()).append(o.usageHelp())
                        .append(o.versionHelp()).append(" negatable=").append(o.negatable())
                        .append(" fallback=").append(o.fallbackValue()).append(" order=").append(o.order());
            } else {
                s.append("index=").append(((PositionalParamSpec) a).index());
            }
            s.append(" arity=").append(a.arity()).append('/').append(a.arity().isUnspecified())
                    .append(" label=").append(a.paramLabel()).append(" hideSyntax=").append(a.hideParamSyntax())
                    .append(" type=").append(a.type()).append(Arrays.toString(a.auxiliaryTypes()))
                    .append(" multi=").append(a.typeInfo().isMultiValue()).append(a.typeInfo().isBoolean())
                    .append(a.typeInfo().isEnum()).append(a.typeInfo().isCollection()).append(a.typeInfo().isArray())
                    .append(a.typeInfo().isOptional())
                    .append(" description=").append(Arrays.toString(a.description()))
                    .append(" key=").append(a.descriptionKey()).append(" split=").append(a.splitRegex())
                    .append('/').append(a.splitRegexSynopsisLabel()).append(" hidden=").append(a.hidden())
                    .append(" default=").append(a.defaultValue()).append(" show=").append(a.showDefaultValue())
                    .append(" converters=").append(Arrays.stream(a.converters()).map(WrittenModelsTest::type).toList())
                    .append(" candidates=").append(a.completionCandidates() == null ? null
                            : String.join(",", a.completionCandidates()))
                    .append(" required=").append(a.required()).append(" interactive=").append(a.interactive())
                    .append(a.echo()).append(a.prompt())
                    .append(" initial=").append(a.hasInitialValue()).append(a.initialValue())
                    .append(" scope=").append(a.scopeType()).append(a.inherited())
                    .append(" group=").append(a.group() == null ? null : a.group().exclusive())
                    .append(" string=").append(a);
            out.add(s.toString());
        }
        return out;
    }

    private static List<String> groups(CommandSpec spec) {
        List<String> out = new ArrayList<>();
        for (ArgGroupSpec g : spec.argGroups()) {
            out.add("exclusive=" + g.exclusive() + " multiplicity=" + g.multiplicity() + " validate=" + g.validate()
                    + " order=" + g.order() + " heading=" + g.heading() + " args="
                    + g.args().stream().map(ArgSpec::paramLabel).toList());
        }
        return out;
    }

    /** The help text of the command as a run shows it (its flamegraph groups and examples included). */
    private static String help(CommandSpec spec) {
        boolean main = spec.name().equals("myflame");
        CommandLine top = new CommandLine(main ? spec : CommandModels.of(new Main()));
        CommandLine cl = main ? top : top.addSubcommand(spec.name(), spec).getSubcommands().get(spec.name());
        HelpExamples.addTo(top);
        return cl.getUsageMessage(CommandLine.Help.Ansi.OFF);
    }

    private static String type(Object o) {
        return o == null ? null : o.getClass().getName();
    }
}

package io.myflame.cli;

import static io.myflame.cli.ArgWriter.refuseOtherThan;
import static io.myflame.cli.ArgWriter.standard;
import static io.myflame.cli.SourceText.literal;
import static io.myflame.cli.SourceText.literals;
import static io.myflame.cli.SourceText.name;
import static io.myflame.cli.SourceText.range;

import java.io.IOException;
import java.lang.annotation.Annotation;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.ArgGroupSpec;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * Writes, at build time ({@code process-classes}, cli/pom.xml), the Java source of {@code WrittenModels}:
 * picocli's model of every command built with picocli's programmatic API, so that a run reads no
 * annotation. Reading them was most of what picocli's model cost at start-up: the JVM spins a proxy class
 * for each annotation type it is asked for (nine in a report run), which no class-data archive or AOT
 * cache holds (docs/benchmarks.md).
 *
 * <p>The model is written from picocli's own reading of the annotations ({@link ArgWriter}); an attribute
 * this does not write is refused, so the build fails rather than a run silently differing.
 * {@code WrittenModelsTest} compares the two models attribute by attribute, help text by help text, and
 * every option parsed alone.
 *
 * <pre>java -cp cli/target/classes:... io.myflame.cli.ModelWriter OUTPUT_SOURCE_DIR</pre>
 */
public final class ModelWriter {
    /** The written class, which {@link CommandModels} looks up by name (it is compiled after this module's code). */
    static final String CLASS = "WrittenModels";
    private static final Set<String> COMMAND_ATTRIBUTES = Set.of("name", "mixinStandardHelpOptions", "description",
            "versionProvider");
    /** The name picocli gives its standard help options' mixin. */
    private static final String AUTO_HELP = "mixinStandardHelpOptions";

    private final Bindings bindings = new Bindings();
    private final ArgWriter args = new ArgWriter(bindings);
    private final List<String> methods = new ArrayList<>();
    private final Set<Class<?>> written = new HashSet<>();

    private ModelWriter() {
    }

    public static void main(String[] args) throws IOException {
        Path dir = Path.of(args[0]).resolve("io/myflame/cli");
        Files.createDirectories(dir);
        Files.writeString(dir.resolve(CLASS + ".java"), source(), StandardCharsets.UTF_8);
    }

    /** The source of the models of {@link Main} and of every command of {@link Main#COMMANDS} but picocli's help. */
    static String source() {
        List<Class<?>> commands = new ArrayList<>();
        commands.add(Main.class);
        Main.COMMANDS.forEach((name, command) -> {
            if (!name.equals("help")) {
                commands.add(command.get().getClass());
            }
        });
        return new ModelWriter().write(commands);
    }

    private String write(List<Class<?>> commands) {
        StringBuilder out = new StringBuilder();
        out.append("// Written by io.myflame.cli.ModelWriter at build time from the commands' annotations: do not edit.\n")
                .append("package io.myflame.cli;\n\n");
        for (String imported : List.of("ArgGroupSpec", "CommandSpec", "IGetter", "IScope", "ISetter", "OptionSpec",
                "PositionalParamSpec")) {
            out.append("import picocli.CommandLine.Model.").append(imported).append(";\n");
        }
        out.append("import picocli.CommandLine.Range;\n\n")
                .append("/** picocli's model of each command, as its annotations declare it. */\n")
                .append("@SuppressWarnings({\"unchecked\", \"rawtypes\"})\n")
                .append("final class ").append(CLASS).append(" implements java.util.function.Function<Object, CommandSpec> {\n")
                .append("    @Override\n    public CommandSpec apply(Object command) {\n");
        for (Class<?> command : commands) {
            writeSpec(command);
            out.append("        if (command instanceof ").append(name(command)).append(" c) {\n")
                    .append("            return spec(c);\n        }\n");
        }
        out.append("        return null;\n    }\n");
        writeStandardHelp();
        methods.forEach(out::append);
        writeBound(out);
        bindings.write(out);
        return out.append("}\n").toString();
    }

    /** A method {@code spec(C c)} that builds the model of {@code type}'s object {@code c} (a command or mixin). */
    private void writeSpec(Class<?> type) {
        if (!written.add(type)) {
            return;
        }
        CommandSpec annotated = CommandSpec.forAnnotatedObject(newInstance(type));
        StringBuilder m = new StringBuilder();
        m.append("\n    static CommandSpec spec(").append(name(type)).append(" c) {\n")
                .append("        CommandSpec s = CommandSpec.wrapWithoutInspection(c);\n");
        Command command = type.getAnnotation(Command.class);
        if (command != null) {
            writeCommand(command, m);
        }
        for (Field field : type.getDeclaredFields()) {
            writeField(annotated, field, m);
        }
        refuseAnnotatedMethods(type);
        if (command != null && command.mixinStandardHelpOptions()) {
            // picocli adds these last (CommandSpec.mixinStandardHelpOptions, which reads them from annotations)
            m.append("        s.addMixin(\"").append(AUTO_HELP).append("\", standardHelp());\n");
        }
        methods.add(m.append("        return s;\n    }\n").toString());
    }

    /** What one field declares, in the order picocli reads the fields (declaration order). */
    private void writeField(CommandSpec annotated, Field field, StringBuilder m) {
        String indent = "            ";
        if (field.isAnnotationPresent(Spec.class)) {
            refuseOtherThan(field.getAnnotation(Spec.class), Set.of());
            m.append("        c.").append(field.getName()).append(" = s;\n");
        } else if (field.isAnnotationPresent(Mixin.class)) {
            Mixin mixin = field.getAnnotation(Mixin.class);
            refuseOtherThan(mixin, Set.of("name"));
            ensureInstance(field, m);
            m.append("        s.addMixin(").append(literal(mixin.name().isEmpty() ? field.getName() : mixin.name()))
                    .append(", spec(c.").append(field.getName()).append("));\n");
            writeSpec(field.getType());
        } else if (field.isAnnotationPresent(Option.class)) {
            m.append("        s.addOption(").append(args.option((OptionSpec) argOf(annotated, field), field, "c", indent))
                    .append(");\n");
        } else if (field.isAnnotationPresent(Parameters.class)) {
            m.append("        s.addPositional(")
                    .append(args.positional((PositionalParamSpec) argOf(annotated, field), field, "c", indent))
                    .append(");\n");
        } else if (field.isAnnotationPresent(ArgGroup.class)) {
            writeGroup(annotated, field, m);
        } else {
            for (Annotation a : field.getDeclaredAnnotations()) {
                if (a.annotationType().getName().startsWith("picocli.")) {
                    throw new IllegalStateException(field + ": ModelWriter does not write @"
                            + a.annotationType().getSimpleName());
                }
            }
        }
    }

    private static void refuseAnnotatedMethods(Class<?> type) {
        for (Method method : type.getDeclaredMethods()) {
            for (Annotation a : method.getDeclaredAnnotations()) {
                if (a.annotationType().getName().startsWith("picocli.")) {
                    throw new IllegalStateException(method + ": ModelWriter writes annotated fields only");
                }
            }
        }
    }

    private static void writeCommand(Command command, StringBuilder m) {
        refuseOtherThan(command, COMMAND_ATTRIBUTES);
        if (!command.name().equals(CommandSpec.DEFAULT_COMMAND_NAME)) {
            m.append("        s.name(").append(literal(command.name())).append(");\n");
        }
        if (command.description().length > 0) {
            m.append("        s.usageMessage().description(").append(literals(command.description())).append(");\n");
        }
        if (command.versionProvider() != standard(Command.class, "versionProvider")) {
            m.append("        s.versionProvider(new ").append(name(command.versionProvider())).append("());\n");
        }
    }

    /** The standard help options as picocli's own mixin declares them, bound to a holder of the written class. */
    private void writeStandardHelp() {
        CommandSpec annotated = CommandSpec.forAnnotatedObject(new Main()).mixins().get(AUTO_HELP);
        StringBuilder m = new StringBuilder();
        m.append("\n    /** picocli's standard help options (--help, --version), as its AutoHelpMixin declares them. */\n")
                .append("    static CommandSpec standardHelp() {\n")
                .append("        StandardHelp c = new StandardHelp();\n")
                .append("        CommandSpec s = CommandSpec.wrapWithoutInspection(c);\n");
        StringBuilder holder = new StringBuilder();
        for (OptionSpec option : annotated.options()) {
            Field field = (Field) option.userObject();
            m.append("        s.addOption(").append(args.option(option, field, "c", "            ")).append(");\n");
            holder.append("        boolean ").append(field.getName()).append(";\n");
        }
        m.append("        return s;\n    }\n\n    /** Where the standard help options are set. */\n")
                .append("    static final class StandardHelp {\n").append(holder).append("    }\n");
        methods.add(m.toString());
    }

    /**
     * A group, written without a user object of its own: its options are bound to the group object the command
     * made (a field initialised where it is declared), which picocli would otherwise replace by a new one when
     * one of them is given; what the command reads is the same.
     */
    private void writeGroup(CommandSpec annotated, Field field, StringBuilder m) {
        ArgGroup annotation = field.getAnnotation(ArgGroup.class);
        refuseOtherThan(annotation, Set.of("exclusive", "multiplicity", "validate", "order", "heading"));
        ArgGroupSpec group = annotated.argGroups().stream()
                .filter(g -> g.args().stream().allMatch(a -> a.userObject() instanceof Field f
                        && f.getDeclaringClass() == field.getType()))
                .findFirst().orElseThrow(() -> new IllegalStateException(field + ": group not in picocli's model"));
        if (!group.subgroups().isEmpty()) {
            throw new IllegalStateException(field + ": ModelWriter does not write nested groups");
        }
        ensureInstance(field, m);
        m.append("        s.addArgGroup(ArgGroupSpec.builder().exclusive(").append(group.exclusive())
                .append(").multiplicity(").append(range(group.multiplicity())).append(")")
                .append(".validate(").append(group.validate()).append(").order(").append(group.order()).append(")");
        if (!annotation.heading().equals(standard(ArgGroup.class, "heading"))) {
            m.append(".heading(").append(literal(annotation.heading())).append(")");
        }
        String owner = "c." + field.getName();
        for (ArgSpec arg : group.args()) {
            Field member = (Field) arg.userObject();
            String indent = "                    ";
            m.append("\n                .addArg(").append(arg.isOption()
                            ? args.option((OptionSpec) arg, member, owner, indent)
                            : args.positional((PositionalParamSpec) arg, member, owner, indent))
                    .append(")");
        }
        m.append("\n                .build());\n");
    }

    /** What every written argument ends with: its binding, its initial value read through it, its scope. */
    private static void writeBound(StringBuilder out) {
        for (String kind : List.of("OptionSpec", "PositionalParamSpec")) {
            out.append("\n    private static ").append(kind).append(" bound(").append(kind)
                    .append(".Builder arg, Binding binding, Object owner) {\n")
                    .append("        return arg.hasInitialValue(true).initialValue(binding.get()).getter(binding)")
                    .append(".setter(binding)\n                .scope(new Scope(owner)).build();\n    }\n");
        }
        out.append("\n    /** The object an argument's value is set on. */\n")
                .append("    private record Scope(Object object) implements IScope {\n")
                .append("        @Override\n        public <T> T get() {\n            return (T) object;\n        }\n\n")
                .append("        @Override\n        public <T> T set(T value) {\n")
                .append("            throw new UnsupportedOperationException(\"a written model's scope is fixed\");\n")
                .append("        }\n    }\n");
    }

    private static ArgSpec argOf(CommandSpec annotated, Field field) {
        for (ArgSpec arg : annotated.args()) {
            if (field.equals(arg.userObject())) {
                return arg;
            }
        }
        throw new IllegalStateException(field + ": not in picocli's model of " + field.getDeclaringClass());
    }

    /** A mixin or group field left null where it is declared is made as picocli would make it. */
    private static void ensureInstance(Field field, StringBuilder m) {
        m.append("        if (c.").append(field.getName()).append(" == null) {\n")
                .append("            c.").append(field.getName()).append(" = new ").append(name(field.getType()))
                .append("();\n        }\n");
    }

    private static Object newInstance(Class<?> type) {
        try {
            java.lang.reflect.Constructor<?> made = type.getDeclaredConstructor();
            made.setAccessible(true);
            return made.newInstance();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(type + ": no constructor without arguments", e);
        }
    }
}

package io.myflame.cli;

import java.io.IOException;
import java.lang.annotation.Annotation;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import picocli.CommandLine;
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
import picocli.CommandLine.Range;
import picocli.CommandLine.Spec;

/**
 * Writes, at build time, the Java source of {@code WrittenModels}: picocli's model of every command built
 * with picocli's programmatic API from what the annotations say, so that a run reads no annotation.
 * Reading them is most of what picocli's model costs at start-up: the JVM makes a proxy class for each
 * annotation type it is asked for (eight in a report run), which no class-data archive or AOT cache holds.
 *
 * <p>The model is written from picocli's own reading of the annotations (arity, labels and types as it
 * infers them) and the annotations' raw text (names, descriptions and defaults keep their {@code ${...}}
 * for picocli to fill in at run time). An attribute it does not write is refused here, so the build fails
 * rather than a run silently differing; {@code WrittenModelsTest} compares the two models attribute by
 * attribute and help text by help text.
 *
 * <pre>java -cp cli/target/classes:... io.myflame.cli.ModelWriter OUTPUT_SOURCE_DIR</pre>
 */
public final class ModelWriter {
    /** The written class, which {@link CommandModels} looks up by name (it is compiled after this module's code). */
    static final String CLASS = "WrittenModels";

    /** @Option and @Parameters attributes written; any other that differs from picocli's default is refused. */
    private static final Set<String> ARG_ATTRIBUTES = Set.of("names", "arity", "required", "paramLabel",
            "hideParamSyntax", "interactive", "description", "descriptionKey", "split", "splitSynopsisLabel", "hidden",
            "defaultValue", "showDefaultValue", "converter", "completionCandidates", "negatable", "fallbackValue",
            "order", "help", "usageHelp", "versionHelp", "index", "type", "echo", "prompt");
    private static final Set<String> COMMAND_ATTRIBUTES = Set.of("name", "mixinStandardHelpOptions", "description",
            "versionProvider");
    private static final String AUTO_HELP = "mixinStandardHelpOptions";
    /** picocli's word for a null default or fallback value (not public in its API). */
    private static final String NULL_VALUE = "_NULL_";

    private final StringBuilder out = new StringBuilder();
    /** Each class whose fields options are bound to, with the fields in binding order. */
    private final Map<Class<?>, List<Field>> bindings = new LinkedHashMap<>();
    private final List<String> methods = new ArrayList<>();
    private final Set<Class<?>> written = new java.util.HashSet<>();

    public static void main(String[] args) throws IOException {
        Path dir = Path.of(args[0]).resolve("io/myflame/cli");
        Files.createDirectories(dir);
        Files.writeString(dir.resolve(CLASS + ".java"), source(), StandardCharsets.UTF_8);
    }

    /** The source of the written models of {@link Main} and every command of {@link Main#COMMANDS} but help. */
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
        StringBuilder dispatch = new StringBuilder();
        for (Class<?> command : commands) {
            writeSpec(command);
            dispatch.append("        if (command instanceof ").append(name(command)).append(" c) {\n")
                    .append("            return spec(c);\n        }\n");
        }
        writeStandardHelp();
        out.append("// Written by io.myflame.cli.ModelWriter at build time from the commands' annotations: do not edit.\n")
                .append("package io.myflame.cli;\n\n")
                .append("import picocli.CommandLine.Model.ArgGroupSpec;\n")
                .append("import picocli.CommandLine.Model.CommandSpec;\n")
                .append("import picocli.CommandLine.Model.IGetter;\n")
                .append("import picocli.CommandLine.Model.IScope;\n")
                .append("import picocli.CommandLine.Model.ISetter;\n")
                .append("import picocli.CommandLine.Model.OptionSpec;\n")
                .append("import picocli.CommandLine.Model.PositionalParamSpec;\n")
                .append("import picocli.CommandLine.Range;\n\n")
                .append("@SuppressWarnings({\"unchecked\", \"rawtypes\"})\n")
                .append("final class ").append(CLASS).append(" implements java.util.function.Function<Object, CommandSpec> {\n")
                .append("    @Override\n    public CommandSpec apply(Object command) {\n").append(dispatch)
                .append("        return null;\n    }\n");
        methods.forEach(out::append);
        writeBindings();
        out.append("}\n");
        return out.toString();
    }

    /** A method {@code spec(C c)} that builds the model of {@code type}'s object {@code c} (a command or mixin). */
    private void writeSpec(Class<?> type) {
        if (!written.add(type)) {
            return;
        }
        Object instance = newInstance(type);
        CommandSpec annotated = CommandSpec.forAnnotatedObject(instance);
        StringBuilder m = new StringBuilder();
        m.append("\n    static CommandSpec spec(").append(name(type)).append(" c) {\n")
                .append("        CommandSpec s = CommandSpec.wrapWithoutInspection(c);\n");
        Command command = type.getAnnotation(Command.class);
        if (command != null) {
            writeCommand(command, m);
        }
        for (Field field : type.getDeclaredFields()) {
            if (field.isAnnotationPresent(Spec.class)) {
                refuseOtherThan(field.getAnnotation(Spec.class), Set.of());
                m.append("        c.").append(field.getName()).append(" = s;\n");
            } else if (field.isAnnotationPresent(Mixin.class)) {
                Mixin mixin = field.getAnnotation(Mixin.class);
                refuseOtherThan(mixin, Set.of("name"));
                String mixinName = mixin.name().isEmpty() ? field.getName() : mixin.name();
                ensureInstance(field, m);
                m.append("        s.addMixin(").append(literal(mixinName)).append(", spec(c.").append(field.getName())
                        .append("));\n");
                writeSpec(field.getType());
            } else if (field.isAnnotationPresent(Option.class)) {
                m.append("        s.addOption(").append(option(argOf(annotated, field), field, "c", 3)).append(");\n");
            } else if (field.isAnnotationPresent(Parameters.class)) {
                m.append("        s.addPositional(").append(positional(argOf(annotated, field), field, "c", 3)).append(");\n");
            } else if (field.isAnnotationPresent(ArgGroup.class)) {
                writeGroup(annotated, field, m);
            } else if (field.getDeclaredAnnotations().length > 0
                    && field.getDeclaredAnnotations()[0].annotationType().getName().startsWith("picocli.")) {
                throw new IllegalStateException(field + ": ModelWriter does not write "
                        + field.getDeclaredAnnotations()[0].annotationType().getSimpleName());
            }
        }
        for (Method method : type.getDeclaredMethods()) {
            for (Annotation a : method.getDeclaredAnnotations()) {
                if (a.annotationType().getName().startsWith("picocli.")) {
                    throw new IllegalStateException(method + ": ModelWriter writes annotated fields only");
                }
            }
        }
        if (command != null && command.mixinStandardHelpOptions()) {
            // picocli adds these last (CommandSpec.mixinStandardHelpOptions, which reads them from annotations)
            m.append("        s.addMixin(\"").append(AUTO_HELP).append("\", standardHelp());\n");
        }
        m.append("        return s;\n    }\n");
        methods.add(m.toString());
    }

    private void writeCommand(Command command, StringBuilder m) {
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
        List<Field> fields = new ArrayList<>();
        for (OptionSpec option : annotated.options()) {
            Field field = (Field) option.userObject();
            fields.add(field);
            m.append("        s.addOption(").append(option(option, field, "c", 3)).append(");\n");
        }
        m.append("        return s;\n    }\n\n    /** Where the standard help options are set. */\n")
                .append("    static final class StandardHelp {\n");
        for (Field field : fields) {
            m.append("        boolean ").append(field.getName()).append(";\n");
        }
        m.append("    }\n");
        methods.add(m.toString());
    }

    /**
     * An exclusive or dependent group, written without a user object of its own: its options are bound to the
     * group object the command made (a field initialised where it is declared), which picocli would otherwise
     * replace by a new one when one of them is given; what the command reads is the same.
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
        String owner = "c." + field.getName();
        m.append("        s.addArgGroup(ArgGroupSpec.builder()")
                .append(".exclusive(").append(group.exclusive()).append(")")
                .append(".multiplicity(").append(range(group.multiplicity())).append(")")
                .append(".validate(").append(group.validate()).append(")")
                .append(".order(").append(group.order()).append(")");
        if (!annotation.heading().equals(standard(ArgGroup.class, "heading"))) {
            m.append(".heading(").append(literal(annotation.heading())).append(")");
        }
        for (ArgSpec arg : group.args()) {
            Field member = (Field) arg.userObject();
            m.append("\n                .addArg(").append(arg.isOption()
                    ? option((OptionSpec) arg, member, owner, 5) : positional((PositionalParamSpec) arg, member, owner, 5))
                    .append(")");
        }
        m.append("\n                .build());\n");
    }

    private String option(OptionSpec spec, Field field, String owner, int indent) {
        Option o = field.getAnnotation(Option.class);
        refuseOtherThan(o, ARG_ATTRIBUTES);
        String in = "\n" + "    ".repeat(indent);
        StringBuilder b = new StringBuilder("OptionSpec.builder(").append(literals(o.names())).append(")");
        if (o.help()) {
            b.append(in).append(".help(true)");
        }
        if (o.usageHelp()) {
            b.append(in).append(".usageHelp(true)");
        }
        if (o.versionHelp()) {
            b.append(in).append(".versionHelp(true)");
        }
        if (o.negatable()) {
            b.append(in).append(".negatable(true)");
        }
        if (!o.fallbackValue().isEmpty()) {
            b.append(in).append(".fallbackValue(").append(literal(refuseNull(o.fallbackValue(), field))).append(")");
        }
        if (o.order() != (int) standard(Option.class, "order")) {
            b.append(in).append(".order(").append(o.order()).append(")");
        }
        argAttributes(b, in, spec, field, owner, o.required(), o.hideParamSyntax(), o.interactive(), o.description(),
                o.descriptionKey(), o.split(), o.splitSynopsisLabel(), o.hidden(), o.defaultValue(), o.showDefaultValue(),
                o.converter(), o.completionCandidates(), o.echo(), o.prompt());
        return b.append(in).append(".build()").toString();
    }

    private String positional(PositionalParamSpec spec, Field field, String owner, int indent) {
        Parameters p = field.getAnnotation(Parameters.class);
        refuseOtherThan(p, ARG_ATTRIBUTES);
        String in = "\n" + "    ".repeat(indent);
        StringBuilder b = new StringBuilder("PositionalParamSpec.builder()");
        b.append(in).append(".index(").append(range(spec.index())).append(")");
        // picocli sets a positional required when its arity asks for one or more values
        argAttributes(b, in, spec, field, owner, spec.arity().min() > 0, p.hideParamSyntax(), p.interactive(),
                p.description(), p.descriptionKey(), p.split(), p.splitSynopsisLabel(), p.hidden(), p.defaultValue(),
                p.showDefaultValue(), p.converter(), p.completionCandidates(), p.echo(), p.prompt());
        return b.append(in).append(".build()").toString();
    }

    private void argAttributes(StringBuilder b, String in, ArgSpec spec, Field field, String owner, boolean required,
                               boolean hideParamSyntax, boolean interactive, String[] description, String descriptionKey,
                               String split, String splitLabel, boolean hidden, String defaultValue,
                               CommandLine.Help.Visibility showDefault, Class<?>[] converters,
                               Class<? extends Iterable<String>> candidates, boolean echo, String prompt) {
        if (spec.paramLabel().contains("${")) {
            throw new IllegalStateException(field + ": ModelWriter writes labels without variables");
        }
        b.append(in).append(".arity(").append(range(spec.arity())).append(")");
        b.append(in).append(".paramLabel(").append(literal(spec.paramLabel())).append(")");
        b.append(in).append(".type(").append(name(spec.type())).append(".class)");
        b.append(in).append(".auxiliaryTypes(").append(classes(spec.auxiliaryTypes())).append(")");
        b.append(in).append(".description(").append(literals(description)).append(")");
        b.append(in).append(".withToString(").append(literal(spec.toString())).append(")");
        if (required) {
            b.append(in).append(".required(true)");
        }
        if (hideParamSyntax) {
            b.append(in).append(".hideParamSyntax(true)");
        }
        if (interactive) {
            b.append(in).append(".interactive(true)");
        }
        if (echo) {
            b.append(in).append(".echo(true)");
        }
        // picocli keeps the annotations' empty prompt and key ("", where the builder's default is null)
        b.append(in).append(".prompt(").append(literal(prompt)).append(").descriptionKey(").append(literal(descriptionKey))
                .append(")");
        if (!split.isEmpty()) {
            b.append(in).append(".splitRegex(").append(literal(split)).append(")");
        }
        if (!splitLabel.isEmpty()) {
            b.append(in).append(".splitRegexSynopsisLabel(").append(literal(splitLabel)).append(")");
        }
        if (hidden) {
            b.append(in).append(".hidden(true)");
        }
        if (!defaultValue.equals(NULL_VALUE) && !defaultValue.equals(standard(Option.class, "defaultValue"))) {
            b.append(in).append(".defaultValue(").append(literal(defaultValue)).append(")");
        }
        refuseNull(defaultValue, field);
        if (showDefault != CommandLine.Help.Visibility.ON_DEMAND) {
            b.append(in).append(".showDefaultValue(picocli.CommandLine.Help.Visibility.").append(showDefault.name()).append(")");
        }
        if (converters.length > 0) {
            StringBuilder made = new StringBuilder();
            for (Class<?> converter : converters) {
                made.append(made.length() > 0 ? ", " : "").append("new ").append(name(converter)).append("()");
            }
            b.append(in).append(".converters(").append(made).append(")");
        }
        if (candidates != standard(Option.class, "completionCandidates")) {
            b.append(in).append(".completionCandidates(new ").append(name(candidates)).append("())");
        }
        String binding = binding(field, owner);
        b.append(in).append(".hasInitialValue(").append(spec.hasInitialValue()).append(")")
                .append(".initialValue(").append(binding).append(".get())");
        b.append(in).append(".getter(").append(binding).append(").setter(").append(binding).append(")")
                .append(".scope(new Scope(").append(owner).append("))");
    }

    /** The binding of {@code field} of the object {@code owner}: its class's binding with the field's number. */
    private String binding(Field field, String owner) {
        if (Modifier.isPrivate(field.getModifiers()) && !bindingClassAllowsPrivate(field)) {
            throw new IllegalStateException(field + ": a private field cannot be bound by written code");
        }
        List<Field> fields = bindings.computeIfAbsent(field.getDeclaringClass(), k -> new ArrayList<>());
        if (!fields.contains(field)) {
            fields.add(field);
        }
        return "new " + bindingClass(field.getDeclaringClass()) + "(" + owner + ", " + fields.indexOf(field) + ")";
    }

    /** The standard help options' fields are private in picocli; the written holder has its own. */
    private static boolean bindingClassAllowsPrivate(Field field) {
        return field.getDeclaringClass().getName().equals("picocli.CommandLine$AutoHelpMixin");
    }

    private String bindingClass(Class<?> type) {
        return bindingClassAllowsPrivateType(type) ? "StandardHelpBinding"
                : type.getName().substring(type.getPackageName().length() + 1).replace('$', '_') + "Binding";
    }

    private static boolean bindingClassAllowsPrivateType(Class<?> type) {
        return type.getName().equals("picocli.CommandLine$AutoHelpMixin");
    }

    /**
     * One class a bound type: get and set a field by its number, as picocli's field binding does by reflection
     * (one class for each type rather than each field: fewer classes to load at start-up).
     */
    private void writeBindings() {
        out.append("\n    /** The object an option's value is set on. */\n")
                .append("    private record Scope(Object object) implements IScope {\n")
                .append("        @Override\n        public <T> T get() {\n            return (T) object;\n        }\n\n")
                .append("        @Override\n        public <T> T set(T value) {\n")
                .append("            throw new UnsupportedOperationException(\"a written model's scope is fixed\");\n")
                .append("        }\n    }\n");
        bindings.forEach((type, fields) -> {
            String owner = bindingClassAllowsPrivateType(type) ? "StandardHelp" : name(type);
            out.append("\n    private record ").append(bindingClass(type)).append("(").append(owner)
                    .append(" o, int field) implements IGetter, ISetter {\n")
                    .append("        @Override\n        public <T> T get() {\n            return (T) switch (field) {\n");
            for (int i = 0; i < fields.size(); i++) {
                out.append("                case ").append(i).append(" -> (Object) o.").append(fields.get(i).getName())
                        .append(";\n");
            }
            out.append("                default -> throw new IllegalStateException(\"field \" + field);\n")
                    .append("            };\n        }\n\n")
                    .append("        @Override\n        public <T> T set(T value) {\n            T old = get();\n")
                    .append("            switch (field) {\n");
            for (int i = 0; i < fields.size(); i++) {
                Field f = fields.get(i);
                out.append("                case ").append(i).append(" -> o.").append(f.getName()).append(" = (")
                        .append(name(boxed(f.getType()))).append(") value;\n");
            }
            out.append("                default -> throw new IllegalStateException(\"field \" + field);\n")
                    .append("            }\n            return old;\n        }\n    }\n");
        });
    }

    private static ArgSpec argOf(CommandSpec annotated, Field field) {
        for (ArgSpec arg : annotated.args()) {
            if (field.equals(arg.userObject())) {
                return arg;
            }
        }
        throw new IllegalStateException(field + ": not in picocli's model of " + field.getDeclaringClass());
    }

    private static OptionSpec option(ArgSpec arg) {
        return (OptionSpec) arg;
    }

    private String option(ArgSpec arg, Field field, String owner, int indent) {
        return option(option(arg), field, owner, indent);
    }

    private String positional(ArgSpec arg, Field field, String owner, int indent) {
        return positional((PositionalParamSpec) arg, field, owner, indent);
    }

    /** A mixin or group field left null where it is declared is made as picocli would make it. */
    private static void ensureInstance(Field field, StringBuilder m) {
        m.append("        if (c.").append(field.getName()).append(" == null) {\n")
                .append("            c.").append(field.getName()).append(" = new ").append(name(field.getType()))
                .append("();\n        }\n");
    }

    /** Refuses an annotation attribute, other than {@code allowed}, that is not picocli's default. */
    private static void refuseOtherThan(Annotation annotation, Set<String> allowed) {
        for (Method attribute : annotation.annotationType().getDeclaredMethods()) {
            if (allowed.contains(attribute.getName())) {
                continue;
            }
            try {
                Object value = attribute.invoke(annotation);
                Object standard = attribute.getDefaultValue();
                if (!java.util.Objects.deepEquals(value, standard)) {
                    throw new IllegalStateException("@" + annotation.annotationType().getSimpleName() + "("
                            + attribute.getName() + " = ...): ModelWriter does not write this attribute");
                }
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    private static String refuseNull(String value, Field field) {
        if (value.equals(NULL_VALUE)) {
            throw new IllegalStateException(field + ": ModelWriter does not write " + NULL_VALUE);
        }
        return value;
    }

    /** The default of attribute {@code name} of {@code annotation}, as picocli declares it. */
    private static Object standard(Class<? extends Annotation> annotation, String name) {
        try {
            return annotation.getDeclaredMethod(name).getDefaultValue();
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException(e);
        }
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

    private static String range(Range r) {
        return "new Range(" + r.min() + ", " + r.max() + ", " + r.isVariable() + ", " + r.isUnspecified() + ", "
                + literal(r.originalValue()) + ")";
    }

    private static Class<?> boxed(Class<?> type) {
        if (!type.isPrimitive()) {
            return type;
        }
        return java.lang.invoke.MethodType.methodType(type).wrap().returnType();
    }

    private static String name(Class<?> type) {
        return type.getCanonicalName();
    }

    private static String classes(Class<?>[] types) {
        StringBuilder s = new StringBuilder();
        for (Class<?> t : types) {
            s.append(s.length() > 0 ? ", " : "").append(name(t)).append(".class");
        }
        return s.toString();
    }

    private static String literals(String[] values) {
        StringBuilder s = new StringBuilder("new String[] {");
        for (int i = 0; i < values.length; i++) {
            s.append(i > 0 ? ", " : "").append(literal(values[i]));
        }
        return s.append("}").toString();
    }

    /** {@code value} as a Java string literal (null as null), every character outside printable ASCII escaped. */
    static String literal(String value) {
        if (value == null) {
            return "null";
        }
        StringBuilder s = new StringBuilder("\"");
        for (char ch : value.toCharArray()) {
            switch (ch) {
                case '"' -> s.append("\\\"");
                case '\\' -> s.append("\\\\");
                case '\n' -> s.append("\\n");
                default -> {
                    if (ch < 0x20 || ch > 0x7e) {
                        s.append(String.format("\\u%04x", (int) ch));
                    } else {
                        s.append(ch);
                    }
                }
            }
        }
        return s.append('"').toString();
    }
}

package io.myflame.cli;

import static io.myflame.cli.SourceText.classes;
import static io.myflame.cli.SourceText.literal;
import static io.myflame.cli.SourceText.literals;
import static io.myflame.cli.SourceText.name;
import static io.myflame.cli.SourceText.range;

import java.lang.annotation.Annotation;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.Objects;
import java.util.Set;
import picocli.CommandLine.Help.Visibility;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * Writes one option or positional parameter for {@link ModelWriter}: picocli's builder given what picocli
 * inferred from the field (arity, label, types) and what the annotation says in its raw text (names,
 * descriptions and defaults keep their {@code ${...}} for picocli to fill in at run time).
 */
final class ArgWriter {
    /** The attributes written; any other that differs from picocli's default is refused. */
    private static final Set<String> WRITTEN = Set.of("names", "arity", "required", "paramLabel", "hideParamSyntax",
            "interactive", "description", "descriptionKey", "split", "splitSynopsisLabel", "hidden", "defaultValue",
            "showDefaultValue", "converter", "completionCandidates", "negatable", "fallbackValue", "order", "help",
            "usageHelp", "versionHelp", "index", "type", "echo", "prompt");
    /** picocli's word for a null default or fallback value (not public in its API). */
    private static final String NULL_VALUE = "_NULL_";
    /** A name that is a variable with a default, {@code ${picocli.help.name.0:--h}}: the default. */
    private static final java.util.regex.Pattern VARIABLE_NAME = java.util.regex.Pattern.compile("\\$\\{[\\w.]+:-([^$}]+)\\}");

    private final Bindings bindings;

    ArgWriter(Bindings bindings) {
        this.bindings = bindings;
    }

    /** The option of {@code field} of the object {@code owner} names, as an expression. */
    String option(OptionSpec spec, Field field, String owner, String indent) {
        Option o = field.getAnnotation(Option.class);
        refuseOtherThan(o, WRITTEN);
        Builder b = new Builder("OptionSpec.builder(" + literals(plainNames(o.names(), field)) + ")", indent);
        b.flag("help", o.help()).flag("usageHelp", o.usageHelp()).flag("versionHelp", o.versionHelp())
                .flag("negatable", o.negatable());
        if (!o.fallbackValue().isEmpty()) {
            b.call("fallbackValue", literal(refuseNull(o.fallbackValue(), field)));
        }
        if (o.order() != (int) standard(Option.class, "order")) {
            b.call("order", String.valueOf(o.order()));
        }
        common(b, spec, field, new Declared(o.required(), o.hideParamSyntax(), o.interactive(), o.echo(), o.prompt(),
                o.description(), o.descriptionKey(), o.split(), o.splitSynopsisLabel(), o.hidden(), o.defaultValue(),
                o.showDefaultValue(), o.converter(), o.completionCandidates()));
        return b.bound(bindings.of(field, owner), owner);
    }

    /**
     * The names as a run sees them. picocli's own help options are named {@code ${picocli.help.name.0:--h}}: a
     * system property may rename them, which no myflame command line can set, and resolving the four names
     * of each command cost every run a look through the system properties and the environment. Any other
     * variable in a name is refused.
     */
    private static String[] plainNames(String[] names, Field field) {
        String[] plain = new String[names.length];
        for (int i = 0; i < names.length; i++) {
            java.util.regex.Matcher m = VARIABLE_NAME.matcher(names[i]);
            plain[i] = m.matches() ? m.group(1) : names[i];
            if (plain[i].contains("${")) {
                throw new IllegalStateException(field + ": a variable in the option name " + names[i] + " is not written");
            }
        }
        return plain;
    }

    /** The positional parameter of {@code field} of the object {@code owner} names, as an expression. */
    String positional(PositionalParamSpec spec, Field field, String owner, String indent) {
        Parameters p = field.getAnnotation(Parameters.class);
        refuseOtherThan(p, WRITTEN);
        Builder b = new Builder("PositionalParamSpec.builder()", indent);
        b.call("index", range(spec.index()));
        // picocli makes a positional required when its arity asks for a value
        common(b, spec, field, new Declared(spec.arity().min() > 0, p.hideParamSyntax(), p.interactive(), p.echo(),
                p.prompt(), p.description(), p.descriptionKey(), p.split(), p.splitSynopsisLabel(), p.hidden(),
                p.defaultValue(), p.showDefaultValue(), p.converter(), p.completionCandidates()));
        return b.bound(bindings.of(field, owner), owner);
    }

    /** What @Option and @Parameters both declare. */
    private record Declared(boolean required, boolean hideParamSyntax, boolean interactive, boolean echo, String prompt,
                            String[] description, String descriptionKey, String split, String splitLabel,
                            boolean hidden, String defaultValue, Visibility showDefault, Class<?>[] converters,
                            Class<? extends Iterable<String>> candidates) {
    }

    private static void common(Builder b, ArgSpec spec, Field field, Declared d) {
        if (spec.paramLabel().contains("${") || !spec.hasInitialValue()) {
            throw new IllegalStateException(field + ": ModelWriter writes labels without variables, fields with values");
        }
        for (Class<?> type : spec.auxiliaryTypes()) {
            if (type.getName().matches(Main.UNUSED_CONVERTERS)) {
                throw new IllegalStateException(field + ": picocli's converter for " + type.getName()
                        + " is switched off (Main.UNUSED_CONVERTERS)");
            }
        }
        b.call("arity", range(spec.arity())).call("paramLabel", literal(spec.paramLabel()))
                .call("type", name(spec.type()) + ".class").call("auxiliaryTypes", classes(spec.auxiliaryTypes()))
                .call("description", literals(d.description())).call("withToString", literal(spec.toString()))
                // picocli keeps the annotations' empty prompt and key ("", where the builder's default is null)
                .call("prompt", literal(d.prompt())).call("descriptionKey", literal(d.descriptionKey()));
        b.flag("required", d.required()).flag("hideParamSyntax", d.hideParamSyntax())
                .flag("interactive", d.interactive()).flag("echo", d.echo()).flag("hidden", d.hidden());
        if (!d.split().isEmpty()) {
            b.call("splitRegex", literal(d.split()));
        }
        if (!d.splitLabel().isEmpty()) {
            b.call("splitRegexSynopsisLabel", literal(d.splitLabel()));
        }
        if (!refuseNull(d.defaultValue(), field).equals(standard(Option.class, "defaultValue"))) {
            b.call("defaultValue", literal(d.defaultValue()));
        }
        if (d.showDefault() != Visibility.ON_DEMAND) {
            b.call("showDefaultValue", "picocli.CommandLine.Help.Visibility." + d.showDefault().name());
        }
        if (d.converters().length > 0) {
            StringBuilder made = new StringBuilder();
            for (Class<?> converter : d.converters()) {
                made.append(made.length() > 0 ? ", " : "").append("new ").append(name(converter)).append("()");
            }
            b.call("converters", made.toString());
        }
        if (d.candidates() != standard(Option.class, "completionCandidates")) {
            b.call("completionCandidates", "new " + name(d.candidates()) + "()");
        }
    }

    /** A builder call chain, one call a line. */
    private static final class Builder {
        private final StringBuilder text;
        private final String indent;

        Builder(String start, String indent) {
            this.text = new StringBuilder("bound(").append(start);
            this.indent = "\n" + indent;
        }

        Builder call(String method, String argument) {
            text.append(indent).append('.').append(method).append('(').append(argument).append(')');
            return this;
        }

        /** A boolean attribute, written only when set (false is every builder's default). */
        Builder flag(String method, boolean value) {
            return value ? call(method, "true") : this;
        }

        /** The chain given to the written class's {@code bound}, which binds and builds it. */
        String bound(String binding, String owner) {
            return text.append(",").append(indent).append(binding).append(", ").append(owner).append(")").toString();
        }
    }

    /** Refuses an annotation attribute, other than {@code allowed}, that is not picocli's default. */
    static void refuseOtherThan(Annotation annotation, Set<String> allowed) {
        for (Method attribute : annotation.annotationType().getDeclaredMethods()) {
            if (allowed.contains(attribute.getName())) {
                continue;
            }
            try {
                if (!Objects.deepEquals(attribute.invoke(annotation), attribute.getDefaultValue())) {
                    throw new IllegalStateException("@" + annotation.annotationType().getSimpleName() + "("
                            + attribute.getName() + " = ...): ModelWriter does not write this attribute");
                }
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    /** The default of attribute {@code name} of {@code annotation}, as picocli declares it. */
    static Object standard(Class<? extends Annotation> annotation, String name) {
        try {
            return annotation.getDeclaredMethod(name).getDefaultValue();
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String refuseNull(String value, Field field) {
        if (value.equals(NULL_VALUE)) {
            throw new IllegalStateException(field + ": ModelWriter does not write " + NULL_VALUE);
        }
        return value;
    }
}

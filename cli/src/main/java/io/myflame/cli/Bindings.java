package io.myflame.cli;

import static io.myflame.cli.SourceText.name;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The fields {@link ModelWriter}'s options are bound to, and the code that gets and sets them: one record
 * for each class, with a field's number, as picocli's field binding does by reflection (one class a type
 * rather than a field: fewer classes to load at start-up).
 */
final class Bindings {
    /** picocli's own help options: their fields are private to picocli, the written holder has its own. */
    private static final String AUTO_HELP_MIXIN = "picocli.CommandLine$AutoHelpMixin";

    private final Map<Class<?>, List<Field>> bound = new LinkedHashMap<>();

    /** The binding of {@code field} of the object the source {@code owner} names. */
    String of(Field field, String owner) {
        if (Modifier.isPrivate(field.getModifiers()) && !standardHelp(field.getDeclaringClass())) {
            throw new IllegalStateException(field + ": a private field cannot be bound by written code");
        }
        List<Field> fields = bound.computeIfAbsent(field.getDeclaringClass(), k -> new ArrayList<>());
        if (!fields.contains(field)) {
            fields.add(field);
        }
        return "new " + recordName(field.getDeclaringClass()) + "(" + owner + ", " + fields.indexOf(field) + ")";
    }

    /** The records, and the interface they all implement. */
    void write(StringBuilder out) {
        out.append("\n    /** Gets and sets one field of one object, as picocli's reflective binding would (and throws nothing). */\n")
                .append("    private interface Binding extends IGetter, ISetter {\n")
                .append("        @Override\n        <T> T get();\n\n        @Override\n        <T> T set(T value);\n    }\n");
        bound.forEach((type, fields) -> {
            String owner = standardHelp(type) ? "StandardHelp" : name(type);
            out.append("\n    private record ").append(recordName(type)).append("(").append(owner)
                    .append(" o, int field) implements Binding {\n")
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

    private static String recordName(Class<?> type) {
        return standardHelp(type) ? "StandardHelpBinding"
                : type.getName().substring(type.getPackageName().length() + 1).replace('$', '_') + "Binding";
    }

    static boolean standardHelp(Class<?> type) {
        return type.getName().equals(AUTO_HELP_MIXIN);
    }

    private static Class<?> boxed(Class<?> type) {
        return type.isPrimitive() ? java.lang.invoke.MethodType.methodType(type).wrap().returnType() : type;
    }
}

package io.myflame.cli;

import java.util.function.Function;
import picocli.CommandLine.Model.CommandSpec;

/**
 * picocli's model of a command as the build wrote it ({@link ModelWriter}): no annotation is read at run
 * time. Without the written class (code compiled without the build's process-classes step, as some IDEs
 * do) the model is read from the annotations, as picocli does by itself: the same model, slower to make.
 */
final class CommandModels {
    private static final Function<Object, CommandSpec> WRITTEN = load();

    private CommandModels() {
    }

    /** The model of {@code command}, a command object of this module. */
    static CommandSpec of(Object command) {
        CommandSpec spec = WRITTEN == null ? null : WRITTEN.apply(command);
        return spec != null ? spec : CommandSpec.forAnnotatedObject(command);
    }

    /** Whether the models are the written ones (tests check that the build wrote them). */
    static boolean written() {
        return WRITTEN != null;
    }

    @SuppressWarnings("unchecked")
    private static Function<Object, CommandSpec> load() {
        try {
            return (Function<Object, CommandSpec>) Class.forName(CommandModels.class.getPackageName() + "."
                    + ModelWriter.CLASS).getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            return null;
        }
    }
}

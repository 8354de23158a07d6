package io.myflame.cli;

import io.myflame.core.UsageError;
import io.myflame.core.DataError;
import io.myflame.diff.Categories;
import io.myflame.diff.Column;
import io.myflame.diff.Diff;
import io.myflame.diff.DiffTable;
import io.myflame.diff.Measure;
import io.myflame.diff.Per;
import io.myflame.diff.UnresolvedFrames;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

/** What {@code diff} and {@code categories} share: the category file and the unit. */
final class CategoryFlags {
    /** The value of a bare {@code --categories}: the categories bundled in the jar. */
    static final String BUNDLED = "mysql";

    private CategoryFlags() {
    }

    /** The categories file {@code file} (or the bundled ones), as opened at the run's start-up when it was. */
    static Categories load(String file, io.myflame.load.StartUp startUp) throws IOException {
        if (file.equals(BUNDLED)) {
            return Categories.mysql();
        }
        try (Reader r = startUp.settings(Path.of(file), StandardCharsets.UTF_8, 16L << 20, "a categories file")) {
            return Categories.parse(r, file);
        } catch (NoSuchFileException e) {
            throw new DataError(file + ": no such file");
        }
    }

    /**
     * The category breakdown of {@code columns}; a column whose profile has too many unresolved frames
     * is labelled {@code LABEL (unreliable)} and told to {@code warn} (see {@link UnresolvedFrames}).
     */
    static Diff compute(Categories cats, List<Column> columns, Per per, double threshold, Consumer<String> warn) {
        return DiffTable.compute("CPU categories", cats.rows(), UnresolvedFrames.mark(columns, warn), cats.evaluator(),
                Measure.INCLUSIVE, per, threshold);
    }

    static Per per(String per, AnalysisOptions analysis) {
        if (per == null) {
            return Per.PERCENT;
        }
        Per p = Per.parse(per);
        if (p != Per.PERCENT && analysis.weight.equals("samples")) {
            throw new UsageError("--per needs sample periods; it does not work with --weight samples");
        }
        return p;
    }
}

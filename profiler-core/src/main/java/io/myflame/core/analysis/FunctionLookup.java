package io.myflame.core.analysis;

import io.myflame.core.DataError;
import io.myflame.core.model.FrameTable;
import io.myflame.core.model.Profile;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/** Finds the function a user named: exactly, or by a glob ({@code Sql_cmd_delete::*}) with one match. */
public final class FunctionLookup {
    private FunctionLookup() {
    }

    /** A name that matches no function, or a glob that matches several. */
    public static final class NotFound extends DataError {
        public NotFound(String message) {
            super(message);
        }
    }

    public static int find(Profile profile, String name) {
        FrameTable frames = profile.frames();
        InclusiveTable incl = InclusiveTable.of(profile);
        int exact = frames.find(name);
        if (exact >= 0 && incl.inclusive(exact) > 0) {
            return exact;
        }
        List<Integer> matches = new ArrayList<>();
        Pattern glob = name.indexOf('*') >= 0 ? Glob.toRegex(name) : null;
        for (int f = 0; f < frames.size(); f++) {
            if (incl.inclusive(f) > 0 && (glob != null ? glob.matcher(frames.name(f)).matches()
                    : frames.name(f).contains(name))) {
                matches.add(f);
            }
        }
        if (matches.size() == 1 && glob != null) {
            return matches.get(0);
        }
        String src = profile.info().source() == null ? "the profile" : profile.info().source();
        if (matches.isEmpty()) {
            throw new NotFound("function '" + name + "' does not occur in " + src);
        }
        StringBuilder sb = new StringBuilder(glob != null ? "'" + name + "' matches several functions in " + src + ": "
                : "function '" + name + "' does not occur in " + src + "; did you mean: ");
        for (int i = 0; i < Math.min(5, matches.size()); i++) {
            sb.append(i == 0 ? "" : ", ").append(frames.name(matches.get(i)));
        }
        if (matches.size() > 5) {
            sb.append(", ... (").append(matches.size()).append(" in all)");
        }
        throw new NotFound(sb.toString());
    }
}

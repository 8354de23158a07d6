package io.myflame.core.flame;

import io.myflame.core.analysis.ProfileFilter;
import io.myflame.core.model.Profile;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A real MariaDB 10.2 profile (it has C++ template names) with two functions renamed, through the
 * same --rename rules users have, into names that would run script if a renderer pasted them in.
 */
final class ScriptFrames {
    static final String SCRIPT = "<script>alert(1)</script>";
    static final String CDATA = "x]]><script>alert(2)</script>&amp;";

    private ScriptFrames() {
    }

    static Profile profile() {
        ProfileFilter rename = new ProfileFilter(null, null, List.of(
                new ProfileFilter.Rename(Pattern.compile("^mysql_delete$"), SCRIPT),
                new ProfileFilter.Rename(Pattern.compile("^my_net_read_packet$"), CDATA)), List.of());
        return rename.apply(Fixtures.folded("delete-10.2.folded"));
    }
}

package io.myflame.core.analysis;

import io.myflame.core.UsageError;
import io.myflame.core.model.FrameTable;
import io.myflame.core.model.Profile;
import io.myflame.core.model.SampledThread;
import io.myflame.core.model.StackArena;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The filters every analysing command shares, applied in this order: keep threads by
 * {@code --comm} (regex, searched) and {@code --tid}; rename frames ({@code --rename REGEX=REPL},
 * in order, e.g. to fold {@code .isra.0}/{@code .constprop.N} clones into their function); drop
 * frames matching {@code --hide}. Stacks that become identical are merged.
 */
public record ProfileFilter(Pattern comm, Long tid, List<Rename> renames, List<Pattern> hide) {

    /** A rename rule: every match of {@code pattern} in a frame name is replaced. */
    public record Rename(Pattern pattern, String replacement) {
        /** Parses {@code REGEX=REPL}; the last {@code =} that is not escaped separates them. */
        public static Rename parse(String spec) {
            int eq = spec.lastIndexOf('=');
            if (eq <= 0) {
                throw new UsageError("expected REGEX=REPLACEMENT, got '" + spec + "'");
            }
            Pattern pattern = Pattern.compile(spec.substring(0, eq));
            String replacement = spec.substring(eq + 1);
            checkReplacement(pattern, replacement);
            return new Rename(pattern, replacement);
        }

        /**
         * Checks group references now ({@code a=$9}, {@code ${nosuch}}): the JDK only finds them
         * bad at the first frame that matches, in the middle of the analysis.
         */
        static void checkReplacement(Pattern pattern, String repl) {
            int groups = pattern.matcher("").groupCount();
            for (int i = 0; i < repl.length(); i++) {
                char c = repl.charAt(i);
                if (c == '\\') {
                    if (++i >= repl.length()) {
                        throw new UsageError("replacement '" + repl + "' ends with a lone backslash");
                    }
                } else if (c == '$') {
                    char n = i + 1 < repl.length() ? repl.charAt(i + 1) : ' ';
                    if (n == '{') {
                        int close = repl.indexOf('}', i);
                        String name = close < 0 ? "" : repl.substring(i + 2, close);
                        if (close < 0 || !pattern.pattern().contains("(?<" + name + ">")) {
                            throw new UsageError("replacement '" + repl + "': no group named '" + name
                                    + "' in '" + pattern + "'");
                        }
                        i = close;
                    } else if (n >= '0' && n <= '9') {
                        if (n - '0' > groups) {
                            throw new UsageError("replacement '" + repl + "': no group " + (n - '0')
                                    + " in '" + pattern + "' (it has " + groups + ")");
                        }
                        i++;
                    } else {
                        throw new UsageError("replacement '" + repl
                                + "': '$' must be followed by a group number or {name} (write \\$ for a dollar sign)");
                    }
                }
            }
        }
    }

    public static final ProfileFilter NONE = new ProfileFilter(null, null, List.of(), List.of());

    /** The thread filters alone ({@code --comm}, {@code --tid}): what is measured of the stacks as read. */
    public ProfileFilter threads() {
        return new ProfileFilter(comm, tid, List.of(), List.of());
    }

    /** The frame filters alone ({@code --rename}, {@code --hide}), applied after {@link #threads()}. */
    public ProfileFilter frames() {
        return new ProfileFilter(null, null, renames, hide);
    }

    public boolean isIdentity() {
        return comm == null && tid == null && renames.isEmpty() && hide.isEmpty();
    }

    public Profile apply(Profile in) {
        if (isIdentity()) {
            return in;
        }
        FrameTable out = new FrameTable();
        int[] remap = remapFrames(in.frames(), out);
        Profile.Builder b = Profile.builder(out).info(in.info());
        int[] buf = new int[64];
        for (int i = 0; i < in.size(); i++) {
            SampledThread t = in.thread(i);
            if (comm != null && !comm.matcher(t.comm()).find()) {
                continue;
            }
            if (tid != null && t.tid() != tid) {
                continue;
            }
            StackArena stacks = in.stacks();
            int[] stack = stacks.array(i);
            int from = stacks.start(i);
            int end = from + stacks.depth(i);
            if (buf.length < end - from) {
                buf = new int[(end - from) * 2];
            }
            int n = 0;
            for (int j = from; j < end; j++) {
                int f = stack[j];
                if (remap[f] >= 0) {
                    buf[n++] = remap[f];
                }
            }
            b.add(b.thread(t), buf, n, in.weight(i), in.samples(i));
        }
        return b.build();
    }

    /** Old frame id to new id, -1 for hidden frames. */
    private int[] remapFrames(FrameTable from, FrameTable to) {
        int[] remap = new int[from.size()];
        for (int f = 0; f < from.size(); f++) {
            String name = from.name(f);
            for (Rename r : renames) {
                name = r.pattern().matcher(name).replaceAll(r.replacement());
            }
            remap[f] = hidden(name) ? -1 : to.intern(name);
        }
        return remap;
    }

    private boolean hidden(String name) {
        for (Pattern p : hide) {
            if (p.matcher(name).find()) {
                return true;
            }
        }
        return false;
    }
}

package io.myflame.ingest.fold;

import java.util.ArrayList;
import java.util.List;

/**
 * Turns one stack line's parts into frame names, the rules of the folded-output tools:
 *
 * <pre>
 *     7f533952bc77 _dl_check_map_versions+0x597 (/usr/lib/ld-2.28.so)   -> _dl_check_map_versions
 *     7f53389994d0 [unknown] (/usr/sbin/mariadbd)                      -> [mariadbd]
 *     ffffffff8103ce3b native_safe_halt ([kernel.kallsyms])             -> native_safe_halt_[k] (--kernel)
 *     7f722d142778 Ljava/io/PrintStream;::print (/tmp/perf-19982.map)   -> java/io/PrintStream:::print
 *     7f1e2215d058 a->b->c (/tmp/perf-1.map)                          -> a, b_[i], c_[i] (inlined)
 * </pre>
 *
 * This is the cold path: the chunk parser caches its result per distinct line.
 */
public final class FrameDecoder {
    private final FoldOptions options;

    public FrameDecoder(FoldOptions options) {
        this.options = options;
    }

    /** Frame names for one line, root-most first; empty when the line is to be skipped. */
    public List<String> decode(String pc, String rawfunc, String module, boolean tidyJava) {
        String func = SymbolTidy.stripOffset(rawfunc);
        // perf prints the process name in parentheses for some frames; the peers skip every
        // frame starting with "(", which also loses "(anonymous namespace)::f" — analysis keeps those.
        if (func.startsWith("(") && !(options.perfReportNames() && func.startsWith("(anonymous namespace)"))) {
            return List.of();
        }
        List<String> out = new ArrayList<>(1);
        for (String part : inlineChain(func)) {
            String name = withModuleFallback(module, part, pc);
            name = SymbolTidy.stripParameters(RustLegacyNames.demangle(name).replace(';', ':'));
            if (tidyJava && name.startsWith("L") && name.indexOf('/') >= 0) {
                name = name.substring(1);
            }
            if (!out.isEmpty()) {
                if (!name.contains("_[i]")) {
                    name += "_[i]";
                }
            } else if (options.annotateKernel() && isKernel(module)) {
                name += "_[k]";
            } else if (options.annotateJit() && isJit(module) && !name.contains("_[j]")) {
                name += "_[j]";
            }
            out.add(name);
        }
        return out;
    }

    /**
     * Kernel code: "([kernel.kallsyms])", "([nf_conntrack_ipv4])", a module file
     * "(/lib/modules/6.1.0/kernel/fs/ext4/ext4.ko)" or a vmlinux image, versioned or not
     * "(/usr/lib/debug/boot/vmlinux-5.4.14-cloudflare-2020.1.11)".
     */
    public static boolean isKernel(String module) {
        return (module.startsWith("[") || module.endsWith(".ko") || isVmlinux(module)) && !module.equals("[unknown]");
    }

    private static boolean isVmlinux(String module) {
        int at = module.lastIndexOf("vmlinux");
        if (at < 0) {
            return false;
        }
        for (int i = at; i < module.length(); i++) {
            char c = module.charAt(i);
            if (!(c < 128 && Character.isLetterOrDigit(c)) && c != '-' && c != '.' && c != '_') {
                return false;
            }
        }
        return true;
    }

    /** JIT code: a perf map "(/tmp/perf-19982.map)" or a perf inject --jit image "(/tmp/jitted-31714-4145673320.so)". */
    public static boolean isJit(String module) {
        return (module.startsWith("/tmp/perf-") && module.endsWith(".map"))
                || (module.contains("/jitted-") && module.endsWith(".so"));
    }

    /**
     * Java inlining shows as "a->b->c" in one line (perf-map-agent); each becomes a frame. C++'s
     * {@code operator->} is part of a name, not a chain.
     */
    private static List<String> inlineChain(String func) {
        int arrow = nextArrow(func, 0);
        if (arrow < 0) {
            return List.of(func);
        }
        List<String> parts = new ArrayList<>();
        int from = 0;
        while (arrow >= 0) {
            parts.add(func.substring(from, arrow));
            from = arrow + 2;
            arrow = nextArrow(func, from);
        }
        parts.add(func.substring(from));
        return parts;
    }

    private static int nextArrow(String func, int from) {
        int arrow = func.indexOf("->", from);
        while (arrow >= 0 && func.startsWith("operator", arrow - "operator".length())) {
            arrow = func.indexOf("->", arrow + 2);
        }
        return arrow;
    }

    private static final String DELETED = " (deleted)";

    private String withModuleFallback(String module, String func, String pc) {
        if (!func.equals("[unknown]")) {
            return func;
        }
        String what;
        if (module.equals("[unknown]")) {
            if (!options.includeAddrs()) {
                return func;
            }
            what = "unknown";
        } else {
            // "/usr/bin/x (deleted)": a file replaced while it ran; its frames are still x's.
            what = SymbolTidy.baseName(module);
            if (options.perfReportNames() && what.startsWith("[") && what.endsWith("]") && !options.includeAddrs()) {
                // "ffffffff8225fd19 [unknown] ([kernel.kallsyms])": perf report's row is [kernel.kallsyms].
                return what;
            }
            if (what.endsWith(DELETED)) {
                what = what.substring(0, what.length() - DELETED.length());
            }
        }
        return options.includeAddrs() ? "[" + what + " <" + pc + ">]" : "[" + what + "]";
    }
}

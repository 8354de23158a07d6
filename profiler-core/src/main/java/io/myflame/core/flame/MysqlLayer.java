package io.myflame.core.flame;

import io.myflame.core.analysis.CallTree;
import io.myflame.core.analysis.ServerNames;
import java.awt.Color;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The layer of a MySQL/MariaDB server a function belongs to, told from its name: the kernel, the
 * C library, InnoDB, the binary log, the network layer, the SQL layer, or something else. The names
 * of each layer are data: the {@code layers} of the flavour files that {@link ServerNames} reads.
 * Kernel frames carry no marker in analysis trees, so a frame is also kernel when a caller is a
 * kernel entry point ({@code entry_SYSCALL_64}, {@code asm_exc_page_fault}, ...).
 */
public enum MysqlLayer {
    KERNEL("kernel", new Color(235, 150, 60)),
    LIBC("libc", new Color(205, 205, 85)),
    INNODB("InnoDB", new Color(95, 160, 225)),
    BINLOG("binlog", new Color(170, 115, 215)),
    NETWORK("network", new Color(85, 190, 120)),
    SQL("SQL layer", new Color(230, 95, 85)),
    OTHER("other", new Color(185, 185, 185));

    private final String label;
    private final Color base;

    MysqlLayer(String label, Color base) {
        this.label = label;
        this.base = base;
    }

    /** Each layer's patterns (by ordinal) from the bundled {@link ServerNames}, keyed by the layer's lower-case name. */
    private static final class Names {
        /** Names that belong to a layer whatever another layer's prefixes say (checked first, all layers). */
        static final Pattern[] SPECIFIC = new Pattern[values().length];
        static final Pattern[] NAMES = new Pattern[values().length];

        static {
            for (MysqlLayer l : values()) {
                String key = l.name().toLowerCase(Locale.ROOT);
                SPECIFIC[l.ordinal()] = ServerNames.bundled().layerSpecific(key);
                NAMES[l.ordinal()] = ServerNames.bundled().layerNames(key);
            }
        }
    }

    public String label() {
        return label;
    }

    public Color base() {
        return base;
    }

    /** The layer of a function name on its own (no callers looked at). */
    public static MysqlLayer ofName(String name) {
        for (MysqlLayer l : values()) {
            if (Names.SPECIFIC[l.ordinal()].matcher(name).lookingAt()) {
                return l;
            }
        }
        for (MysqlLayer l : values()) {
            if (Names.NAMES[l.ordinal()].matcher(name).lookingAt()) {
                return l;
            }
        }
        return OTHER;
    }

    /** The layer of a node: its name's layer, or kernel when it runs below a kernel entry point. */
    public static MysqlLayer of(CallTree tree, int node) {
        for (int p = tree.parent(node); p > 0; p = tree.parent(p)) {
            if (kernelEntry(tree.name(p))) {
                return KERNEL;
            }
        }
        return ofName(tree.name(node));
    }

    /**
     * The layer of every node (by ordinal), in one pass from the root: a child is created after
     * its parent, so a parent's "below a kernel entry" is known before its children are looked at.
     */
    public static byte[] layers(CallTree tree) {
        byte[] out = new byte[tree.size()];
        out[0] = (byte) ofName(tree.name(0)).ordinal();
        boolean[] belowKernel = new boolean[tree.size()];
        java.util.Map<Integer, Byte> byFrame = new java.util.HashMap<>();
        for (int n = 1; n < tree.size(); n++) {
            int p = tree.parent(n);
            belowKernel[n] = p > 0 && (belowKernel[p] || kernelEntry(tree.name(p)));
            out[n] = belowKernel[n] ? (byte) KERNEL.ordinal()
                    : byFrame.computeIfAbsent(tree.frame(n), f -> (byte) ofName(tree.frames().name(f)).ordinal());
        }
        return out;
    }

    private static boolean kernelEntry(String caller) {
        return caller.startsWith("entry_SYSCALL") || caller.startsWith("asm_") || caller.endsWith("_[k]");
    }

    /** This layer's colour, lighter or darker by up to 12% ({@code v} in [0, 1)). */
    Color shade(double v) {
        double f = 0.88 + 0.24 * v;
        return new Color(clamp(base.getRed() * f), clamp(base.getGreen() * f), clamp(base.getBlue() * f));
    }

    private static int clamp(double c) {
        return (int) Math.max(0, Math.min(255, Math.round(c)));
    }

    static List<FrameStyle.LegendEntry> legend() {
        return Palette.entries(List.of(values()));
    }
}

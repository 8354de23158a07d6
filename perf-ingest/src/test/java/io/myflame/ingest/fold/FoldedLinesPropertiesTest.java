package io.myflame.ingest.fold;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.myflame.core.model.FrameTable;
import io.myflame.core.model.StackMap;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/**
 * Folded lines come out in the order {@code String.compareTo} gives their stacks (byte order of
 * ISO-8859-1 text: bytes above 0x7f after ASCII, a name before its longer variants unless ';' sorts
 * after what follows), equal stacks in the order they were added, over names that are prefixes of
 * each other, and stacks with and without a root.
 */
class FoldedLinesPropertiesTest {
    private static final List<String> NAMES = List.of("a", "ab", "a(int)", "a b", "a;", "é", "\u00ff", "Z", "0x1",
            "do_command", "do_command(THD*)", "[unknown]", "mariadbd", "mariadbd-42/7", FoldedStacks.NO_ROOT);

    @Property(tries = 300)
    void linesAreSortedAsStringsOfTheirStacks(
            @ForAll @Size(min = 1, max = 40) List<@Size(min = 1, max = 6) List<@IntRange(min = 0, max = 14) Integer>> stacks,
            @ForAll @IntRange(min = 0, max = 1000) int weightSeed) throws Exception {
        FrameTable names = new FrameTable();
        StackMap map = new StackMap();
        List<String> keys = new ArrayList<>();
        List<Long> weights = new ArrayList<>();
        for (List<Integer> s : stacks) {
            int root = names.intern(NAMES.get(s.get(0)));
            int[] frames = new int[s.size() - 1];
            for (int i = 1; i < s.size(); i++) {
                // NO_ROOT is only ever a root
                frames[i - 1] = names.intern(NAMES.get(s.get(i) == 14 ? 0 : s.get(i)));
            }
            if (frames.length == 0) {
                frames = new int[] {names.intern("leaf")};
            }
            long weight = 1 + (weightSeed * 31L + keys.size()) % 997;
            int before = map.size();
            map.add(root, frames, frames.length, weight, 1);
            if (map.size() > before) {
                keys.add(key(names, root, frames));
                weights.add(weight);
            } else {
                int at = indexOf(names, map, root, frames);
                weights.set(at, weights.get(at) + weight);
            }
        }
        // What the folded writer did before it built bytes: a String per line, sorted stably.
        Integer[] order = new Integer[keys.size()];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        java.util.Arrays.sort(order, (x, y) -> keys.get(x).compareTo(keys.get(y)));
        StringBuilder expected = new StringBuilder();
        for (int i : order) {
            expected.append(keys.get(i)).append(' ').append(weights.get(i)).append('\n');
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new FoldedStacks(names, map, null, List.of()).writeFolded(out);
        assertEquals(expected.toString(), out.toString(StandardCharsets.ISO_8859_1));
    }

    private static String key(FrameTable names, int root, int[] frames) {
        StringBuilder sb = new StringBuilder();
        boolean noRoot = names.name(root).equals(FoldedStacks.NO_ROOT);
        if (!noRoot) {
            sb.append(names.name(root));
        }
        for (int j = 0; j < frames.length; j++) {
            if (j > 0 || !noRoot) {
                sb.append(';');
            }
            sb.append(names.name(frames[j]));
        }
        return sb.toString();
    }

    /** The insertion index of the (root, frames) entry already in the map. */
    private static int indexOf(FrameTable names, StackMap map, int root, int[] frames) {
        int[] found = {-1};
        map.forEachInPlace((i, t, arena, from, len, w, c) -> {
            if (t == root && java.util.Arrays.equals(arena, from, from + len, frames, 0, frames.length)) {
                found[0] = i;
            }
        });
        return found[0];
    }
}

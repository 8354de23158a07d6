package io.myflame.core.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.myflame.core.model.FrameTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/**
 * The appender reuses the nodes of the prefix a path shares with the previous one; the tree must be
 * exactly the one {@link CallTree#addPath} builds, whatever the paths (repeats, prefixes of each
 * other, empty, recursive frames), in any order.
 */
class CallTreeAppenderTest {
    @Property(tries = 300)
    void sameTreeAsAddingEachPathAlone(
            @ForAll @Size(max = 60) List<@Size(max = 12) List<@IntRange(min = 0, max = 4) Integer>> paths,
            @ForAll boolean sorted) {
        List<List<Integer>> in = new ArrayList<>(paths);
        if (sorted) {
            in.sort((a, b) -> a.toString().compareTo(b.toString()));
        }
        FrameTable frames = new FrameTable();
        for (int f = 0; f <= 4; f++) {
            frames.intern("f" + f);
        }
        CallTree plain = new CallTree(frames);
        CallTree reused = new CallTree(frames);
        CallTree.Appender appender = reused.appender();
        long weight = 1;
        for (List<Integer> p : in) {
            int[] path = p.stream().mapToInt(Integer::intValue).toArray();
            plain.addPath(path, 0, path.length, weight);
            appender.add(path, 0, path.length, weight);
            weight = weight * 3 % 1000 + 1;
        }
        assertEquals(describe(plain), describe(reused));
        assertEquals(plain.size(), reused.size());
    }

    /** Every node by its path from the root, with its total and self weight. */
    private static Map<String, String> describe(CallTree t) {
        Map<String, String> out = new TreeMap<>();
        for (int n = 0; n < t.size(); n++) {
            StringBuilder path = new StringBuilder();
            for (int m = n; m > 0; m = t.parent(m)) {
                path.insert(0, "/" + t.name(m));
            }
            out.put(path.toString(), t.total(n) + " " + t.self(n));
        }
        return out;
    }
}

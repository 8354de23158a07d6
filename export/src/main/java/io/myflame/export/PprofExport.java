package io.myflame.export;

import com.google.perftools.profiles.ProfileProto;
import io.myflame.core.model.Profile;
import io.myflame.core.model.SampledThread;
import io.myflame.core.text.Escape;
import java.io.IOException;
import java.io.OutputStream;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.zip.GZIPOutputStream;

/**
 * Writes a profile as pprof: a gzip'd {@code perftools.profiles.Profile} protocol buffer, the
 * format Grafana Pyroscope, Parca and {@code go tool pprof} ingest. Each distinct stack is one
 * sample (leaf first) with two values: the number of perf samples, and their summed weight in the
 * event's unit ({@code cpu/nanoseconds} for the timer events, {@code cycles/count} for cycles);
 * the period is the mean weight of one perf sample.
 * Each function is one location and one function; names follow {@link Escape#decode} (valid UTF-8
 * as text, other bytes as {@code \xNN}). Samples carry the thread ({@code thread}, {@code pid},
 * {@code tid}) and the capture's metadata (server version, workload, ...) as labels, and the
 * metadata is also written as profile comments.
 *
 * <p>Functions are numbered in name order and samples listed by thread, then stack: the profile's own order is
 * the order its parser threads happened to merge in, and the same input must give the same bytes on every run.
 */
public final class PprofExport {
    private final Profile profile;
    private final Map<String, String> metadata;
    private final Map<String, Long> strings = new HashMap<>();
    private final ProfileProto.Profile.Builder out = ProfileProto.Profile.newBuilder();
    /** Each frame id's function id: 1 + its rank among the frames' names. */
    private final int[] functionId;

    private PprofExport(Profile profile, Map<String, String> metadata) {
        this.profile = profile;
        this.metadata = new LinkedHashMap<>();
        metadata.forEach((k, v) -> this.metadata.put(wellFormed(k), wellFormed(v)));
        string("");
        functionId = new int[profile.frames().size()];
    }

    /**
     * Writes {@code profile} gzip'd to {@code to}.
     *
     * @param metadata labels for every sample and profile comments, e.g. {@code server_version -> 11.4.5}
     * @param durationNanos the recording's duration, or 0 when unknown
     */
    public static void write(Profile profile, Map<String, String> metadata, long durationNanos, OutputStream to)
            throws IOException {
        ProfileProto.Profile p = new PprofExport(profile, metadata).build(durationNanos);
        GZIPOutputStream gz = new GZIPOutputStream(to, 1 << 16);
        p.writeTo(gz);
        gz.finish();
        gz.flush();
    }

    /** The two sample types: samples/count, then the weight in the event's unit ({@code type, unit}). */
    public static List<String[]> sampleTypes(String event) {
        String base = event == null ? "" : event.replaceFirst(":.*$", "").toLowerCase(Locale.ROOT);
        String[] weight = switch (base) {
            case "cpu-clock", "task-clock" -> new String[] {"cpu", "nanoseconds"};
            case "cycles", "cpu-cycles" -> new String[] {"cycles", "count"};
            case "" -> new String[] {"weight", "count"};
            default -> new String[] {base, "count"};
        };
        return List.of(new String[] {"samples", "count"}, weight);
    }

    private ProfileProto.Profile build(long durationNanos) {
        List<String[]> types = sampleTypes(profile.info().event());
        for (String[] t : types) {
            out.addSampleType(valueType(t));
        }
        out.setPeriodType(valueType(types.get(1)));
        // The mean weight of one perf sample: perf record -F 499 with cpu-clock gives ~2004008 ns.
        // Pyroscope turns sample counts into CPU time with it.
        long samples = profile.totalSamples();
        out.setPeriod(samples == 0 ? 0 : Math.round(profile.totalWeight() / (double) samples));
        out.setDefaultSampleType(string(types.get(1)[0]));
        out.setDurationNanos(durationNanos);
        metadata.forEach((k, v) -> out.addComment(string(k + ": " + v)));
        functions();
        for (int i : sampleOrder()) {
            sample(i);
        }
        return out.build();
    }

    /** One function and one location per frame, numbered from 1 in name order (0 means none). */
    private void functions() {
        String[] names = new String[functionId.length];
        Integer[] byName = new Integer[names.length];
        for (int f = 0; f < names.length; f++) {
            names[f] = wellFormed(Escape.decode(profile.frames().name(f)));
            byName[f] = f;
        }
        java.util.Arrays.sort(byName, java.util.Comparator.<Integer, String>comparing(f -> names[f])
                .thenComparing(f -> profile.frames().name(f)));
        for (int rank = 0; rank < byName.length; rank++) {
            int id = rank + 1;
            functionId[byName[rank]] = id;
            long name = string(names[byName[rank]]);
            out.addFunction(ProfileProto.Function.newBuilder().setId(id).setName(name).setSystemName(name));
            out.addLocation(ProfileProto.Location.newBuilder().setId(id)
                    .addLine(ProfileProto.Line.newBuilder().setFunctionId(id)));
        }
    }

    /** The profile's entries by thread (comm, pid, tid), then by their stacks' function ids from the root. */
    private int[] sampleOrder() {
        Integer[] order = new Integer[profile.size()];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        java.util.Comparator<Integer> byThread = java.util.Comparator
                .<Integer, String>comparing(i -> profile.thread(i).comm())
                .thenComparingLong(i -> profile.thread(i).pid())
                .thenComparingLong(i -> profile.thread(i).tid());
        java.util.Arrays.sort(order, byThread.thenComparing(this::compareStacks));
        int[] out = new int[order.length];
        for (int i = 0; i < order.length; i++) {
            out[i] = order[i];
        }
        return out;
    }

    private int compareStacks(int a, int b) {
        int[] sa = profile.stacks().array(a);
        int[] sb = profile.stacks().array(b);
        int ra = profile.stacks().start(a);
        int rb = profile.stacks().start(b);
        int n = Math.min(profile.depth(a), profile.depth(b));
        for (int k = 0; k < n; k++) {
            int c = Integer.compare(functionId[sa[ra + k]], functionId[sb[rb + k]]);
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(profile.depth(a), profile.depth(b));
    }

    private void sample(int i) {
        int[] stack = profile.stacks().array(i);
        int root = profile.stacks().start(i);
        ProfileProto.Sample.Builder s = ProfileProto.Sample.newBuilder();
        // leaf first, as pprof lists locations
        for (int k = root + profile.depth(i) - 1; k >= root; k--) {
            s.addLocationId(functionId[stack[k]]);
        }
        s.addValue(profile.samples(i)).addValue(profile.weight(i));
        SampledThread t = profile.thread(i);
        s.addLabel(ProfileProto.Label.newBuilder().setKey(string("thread")).setStr(string(wellFormed(Escape.decode(t.comm())))));
        if (t.pid() >= 0) {
            s.addLabel(ProfileProto.Label.newBuilder().setKey(string("pid")).setNum(t.pid()));
        }
        if (t.tid() >= 0) {
            s.addLabel(ProfileProto.Label.newBuilder().setKey(string("tid")).setNum(t.tid()));
        }
        metadata.forEach((k, v) -> s.addLabel(ProfileProto.Label.newBuilder().setKey(string(k)).setStr(string(v))));
        out.addSample(s);
    }

    private ProfileProto.ValueType.Builder valueType(String[] t) {
        return ProfileProto.ValueType.newBuilder().setType(string(t[0])).setUnit(string(t[1]));
    }

    /** The string's index in the table, adding it the first time. */
    private long string(String s) {
        Long id = strings.get(s);
        if (id == null) {
            id = (long) strings.size();
            strings.put(s, id);
            out.addStringTable(s);
        }
        return id;
    }

    /**
     * {@code s} with every unpaired surrogate replaced by U+FFFD: protobuf strings are UTF-8, which
     * cannot encode one, and capture.json may hold one ("\\ud800" is valid JSON).
     */
    static String wellFormed(String s) {
        StringBuilder fixed = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean paired = Character.isHighSurrogate(c) ? i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))
                    : !Character.isLowSurrogate(c) || i > 0 && Character.isHighSurrogate(s.charAt(i - 1));
            if (!paired && fixed == null) {
                fixed = new StringBuilder(s.substring(0, i));
            }
            if (fixed != null) {
                fixed.append(paired ? c : '\ufffd');
            }
        }
        return fixed == null ? s : fixed.toString();
    }
}

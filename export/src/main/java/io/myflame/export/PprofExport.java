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
 */
public final class PprofExport {
    private final Profile profile;
    private final Map<String, String> metadata;
    private final Map<String, Long> strings = new HashMap<>();
    private final ProfileProto.Profile.Builder out = ProfileProto.Profile.newBuilder();

    private PprofExport(Profile profile, Map<String, String> metadata) {
        this.profile = profile;
        this.metadata = new LinkedHashMap<>();
        metadata.forEach((k, v) -> this.metadata.put(wellFormed(k), wellFormed(v)));
        string("");
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
        for (int i = 0; i < profile.size(); i++) {
            sample(i);
        }
        return out.build();
    }

    /** One function and one location per frame id; ids are the frame id + 1 (0 means none). */
    private void functions() {
        for (int f = 0; f < profile.frames().size(); f++) {
            long name = string(wellFormed(Escape.decode(profile.frames().name(f))));
            out.addFunction(ProfileProto.Function.newBuilder().setId(f + 1).setName(name).setSystemName(name));
            out.addLocation(ProfileProto.Location.newBuilder().setId(f + 1)
                    .addLine(ProfileProto.Line.newBuilder().setFunctionId(f + 1)));
        }
    }

    private void sample(int i) {
        int[] stack = profile.stacks().array(i);
        int root = profile.stacks().start(i);
        ProfileProto.Sample.Builder s = ProfileProto.Sample.newBuilder();
        // leaf first, as pprof lists locations
        for (int k = root + profile.depth(i) - 1; k >= root; k--) {
            s.addLocationId(stack[k] + 1L);
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

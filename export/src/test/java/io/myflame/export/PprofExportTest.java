package io.myflame.export;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.perftools.profiles.ProfileProto;
import io.myflame.core.model.FrameTable;
import io.myflame.core.model.Profile;
import io.myflame.core.model.ProfileInfo;
import io.myflame.core.model.SampledThread;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;

class PprofExportTest {
    static Profile profile() {
        FrameTable frames = new FrameTable();
        Profile.Builder b = Profile.builder(frames).info(new ProfileInfo("11.4.5", "cpu-clock", "x"));
        int t1 = b.thread(new SampledThread("mariadbd", 10, 11));
        int t2 = b.thread(new SampledThread("purge", -1, -1));
        String cafe = new String("caf\u00e9".getBytes(StandardCharsets.UTF_8), StandardCharsets.ISO_8859_1);
        int[] s1 = {frames.intern("main"), frames.intern("do_command"), frames.intern(cafe)};
        int[] s2 = {frames.intern("main"), frames.intern("srv_purge")};
        b.add(t1, s1, 3, 3_000_000, 3);
        b.add(t2, s2, 2, 1_000_000, 1);
        return b.build();
    }

    static ProfileProto.Profile decode(byte[] gz) throws Exception {
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(gz))) {
            return ProfileProto.Profile.parseFrom(in);
        }
    }

    @Test
    void samplesLocationsFunctionsAndLabelsDecodeBack() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PprofExport.write(profile(), Map.of("server_version", "11.4.5"), 12_000_000_000L, out);
        ProfileProto.Profile p = decode(out.toByteArray());
        List<String> st = p.getStringTableList();
        assertEquals("", st.get(0));
        assertEquals("samples", st.get((int) p.getSampleType(0).getType()));
        assertEquals("cpu", st.get((int) p.getSampleType(1).getType()));
        assertEquals("nanoseconds", st.get((int) p.getSampleType(1).getUnit()));
        assertEquals(2, p.getSampleCount());
        long samples = 0;
        long nanos = 0;
        for (ProfileProto.Sample s : p.getSampleList()) {
            samples += s.getValue(0);
            nanos += s.getValue(1);
        }
        assertEquals(4, samples);
        assertEquals(4_000_000, nanos);
        ProfileProto.Sample first = p.getSample(0);
        List<String> leafFirst = new ArrayList<>();
        for (long id : first.getLocationIdList()) {
            ProfileProto.Location loc = p.getLocation((int) id - 1);
            assertEquals(id, loc.getId());
            ProfileProto.Function f = p.getFunction((int) loc.getLine(0).getFunctionId() - 1);
            leafFirst.add(st.get((int) f.getName()));
        }
        assertEquals(List.of("caf\u00e9", "do_command", "main"), leafFirst);
        List<String> labels = new ArrayList<>();
        for (ProfileProto.Label l : first.getLabelList()) {
            labels.add(st.get((int) l.getKey()) + "=" + (l.getStr() != 0 ? st.get((int) l.getStr()) : Long.toString(l.getNum())));
        }
        assertEquals(List.of("thread=mariadbd", "pid=10", "tid=11", "server_version=11.4.5"), labels);
        assertEquals(12_000_000_000L, p.getDurationNanos());
        assertEquals("cpu", st.get((int) p.getPeriodType().getType()));
        assertEquals(4_000_000 / 4, p.getPeriod(), "the mean weight of one perf sample");
        assertEquals("server_version: 11.4.5", st.get((int) p.getComment(0)));
    }

    @Test
    void cyclesAreCountedAndOtherEventsKeepTheirName() {
        assertEquals("cycles", PprofExport.sampleTypes("cycles:ppp").get(1)[0]);
        assertEquals("instructions", PprofExport.sampleTypes("instructions").get(1)[0]);
        assertEquals("weight", PprofExport.sampleTypes(null).get(1)[0]);
    }
}

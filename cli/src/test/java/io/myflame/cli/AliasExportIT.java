package io.myflame.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.perftools.profiles.ProfileProto;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code export --alias OLD=NEW}: the pprof profile names the joined function as the tables and graphs do. */
class AliasExportIT {
    static final String CAPTURE = Myflame.samples().resolve("captures/mariadb-10.2.11-oltp_delete").toString();

    @Test
    void theExportedProfileNamesTheJoinedFunction(@TempDir Path dir) throws Exception {
        Map<String, Long> plain = inclusive(export(dir.resolve("plain.pb.gz")));
        Map<String, Long> joined = inclusive(export(dir.resolve("joined.pb.gz"), "--alias",
                "mysql_delete=Sql_cmd_delete::delete_from_single_table"));
        assertTrue(plain.get("mysql_delete") > 0);
        assertFalse(joined.containsKey("mysql_delete"), "the old name is gone");
        assertEquals(plain.get("mysql_delete"), joined.get("Sql_cmd_delete::delete_from_single_table"));
        assertEquals(plain.get("mysql_execute_command"), joined.get("mysql_execute_command"));
    }

    private static Path export(Path to, String... more) throws Exception {
        List<String> args = new java.util.ArrayList<>(List.of("export", CAPTURE, "-o", to.toString()));
        args.addAll(List.of(more));
        Myflame.Result r = Myflame.run(args.toArray(String[]::new));
        assertEquals(0, r.exit(), r.err());
        return to;
    }

    /** Each function's weight over the samples whose stack holds it. */
    private static Map<String, Long> inclusive(Path pb) throws Exception {
        ProfileProto.Profile p;
        try (InputStream in = new GZIPInputStream(Files.newInputStream(pb))) {
            p = ProfileProto.Profile.parseFrom(in);
        }
        List<String> st = p.getStringTableList();
        Map<String, Long> inclusive = new HashMap<>();
        for (ProfileProto.Sample s : p.getSampleList()) {
            Set<String> seen = new HashSet<>();
            for (long id : s.getLocationIdList()) {
                long fn = p.getLocation((int) id - 1).getLine(0).getFunctionId();
                seen.add(st.get((int) p.getFunction((int) fn - 1).getName()));
            }
            seen.forEach(f -> inclusive.merge(f, s.getValue(1), Long::sum));
        }
        return inclusive;
    }
}

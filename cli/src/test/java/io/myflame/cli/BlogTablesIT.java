package io.myflame.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Tables as people publish them (issue 13), through the jar on the real captures: short version
 * labels by default, --title and --caption in every format, the unit in the header, --format list,
 * and a PNG chosen by the -o extension.
 */
class BlogTablesIT {
    @TempDir
    Path dir;

    static List<String> diff(String... more) {
        List<String> a = new ArrayList<>(List.of("diff"));
        for (String c : List.of("mariadb-10.2.11-oltp_delete", "mariadb-11.4.5-oltp_delete")) {
            a.add(Myflame.samples().resolve("captures").resolve(c).toString());
        }
        a.addAll(List.of("--rows", Myflame.samples().resolve("rows/delete.rows").toString()));
        a.addAll(List.of(more));
        return a;
    }

    static Myflame.Result run(List<String> args) throws Exception {
        Myflame.Result r = Myflame.run(args.toArray(String[]::new));
        assertEquals(0, r.exit(), r.err());
        return r;
    }

    @Test
    void labelsDefaultToShortVersionsAndHeadersCarryTheUnit() throws Exception {
        String text = run(diff()).out();
        assertTrue(text.startsWith("# 10.2.11 vs 11.4.5\n"), text);
        assertFalse(text.contains("MariaDB-log"), text);
        assertTrue(text.lines().skip(1).findFirst().orElseThrow().matches("% of samples\\s+10\\.2\\.11\\s+11\\.4\\.5\\s+delta_pts.*"), text);
        String perTxn = run(diff("--per", "txn")).out();
        assertTrue(perTxn.lines().skip(1).findFirst().orElseThrow().startsWith("\u00b5s/txn "), perTxn);
    }

    @Test
    void titleAndCaptionReachEveryFormat() throws Exception {
        String title = "DELETE: 10.2 vs 11.4";
        String caption = "DELETE workload, 1 thread, cpu-clock";
        for (String format : List.of("text", "list", "markdown", "html")) {
            String out = run(diff("--title", title, "--caption", caption, "--format", format)).out();
            assertTrue(out.contains(title), format + ": " + out);
            assertTrue(out.contains(caption), format + ": " + out);
        }
        JsonNode json = new ObjectMapper().readTree(run(diff("--title", title, "--caption", caption, "--format", "json")).out());
        assertEquals(title, json.get("title").asText());
        assertEquals(caption, json.get("caption").asText());
        assertEquals("% of samples", json.get("unit").asText());
    }

    @Test
    void listIsForTreesAndRowsNotForTheTopTable() throws Exception {
        String capture = Myflame.samples().resolve("captures/mariadb-11.4.5-oltp_delete").toString();
        Myflame.Result r = Myflame.run("report", capture, "--format", "list");
        assertEquals(2, r.exit(), r.err());
        String focus = run(List.of("report", capture, "--focus", "mysql_execute_command", "--depth", "2", "--format", "list")).out();
        assertTrue(focus.contains("\n11.4.5 (% of samples)\n"), focus);
        assertTrue(focus.matches("(?s).*\\n\\s+\\d+\\.\\d\\d   mysql_execute_command\\n.*"), focus);
    }

    @Test
    void pngFromTheOutputExtension() throws Exception {
        Path png = dir.resolve("delete.png");
        run(diff("-o", png.toString()));
        BufferedImage img = ImageIO.read(png.toFile());
        assertTrue(img != null && img.getWidth() > 600 && img.getHeight() > 300, String.valueOf(img));
        Path html = dir.resolve("delete.html");
        run(diff("-o", html.toString()));
        assertTrue(Files.readString(html).startsWith("<!DOCTYPE html>"));
    }

    @Test
    void byThreadSplitsForegroundAndBackgroundAndAddsUp() throws Exception {
        String capture = Myflame.samples().resolve("captures/mariadb-10.2.11-oltp_delete").toString();
        JsonNode json = new ObjectMapper().readTree(run(List.of("report", capture, "--by-thread", "--format", "json")).out());
        double top = 0;
        double purge = 0;
        double connections = 0;
        for (JsonNode row : json.get("rows")) {
            double v = row.get("values").get(0).asDouble();
            top += row.get("depth").asInt() == 0 ? v : 0;
            purge += row.get("row").asText().equals("purge") ? v : 0;
            connections += row.get("row").asText().equals("connections") ? v : 0;
        }
        assertEquals(100.0, top, 0.05, "foreground + background + unknown");
        assertTrue(purge > 10, "10.2.11 purges on its own threads: " + purge);
        JsonNode report = new ObjectMapper().readTree(run(List.of("report", capture, "--top", "0", "--format", "json")).out());
        for (JsonNode f : report.get("functions")) {
            if (f.get("function").asText().equals("do_handle_one_connection")) {
                assertTrue(connections >= f.get("inclusive_pct").asDouble() - 0.01, connections + " " + f);
            }
        }
    }
}

package io.myflame.core.flame;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.myflame.core.analysis.CallTrees;
import io.myflame.core.model.Profile;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;

/**
 * The interactive options in a real headless Chromium: --search-color paints matches in the
 * colour asked for, --no-javascript gives a static picture that still shows, a flame chart zooms
 * and keeps its time order, --truncate-text-right / --fontsize relabel frames after a zoom, and the
 * script fits labels as the drawing does.
 */
class FlameOptionsBrowserTest {
    static ChromeDriver driver;
    static Profile profile;

    @BeforeAll
    static void start() throws Exception {
        profile = Fixtures.folded("delete-10.2.folded");
        driver = HeadlessChromium.start();
    }

    @AfterAll
    static void stop() {
        if (driver != null) {
            driver.quit();
        }
    }

    private static void open(String file, FlameOptions o, boolean chart) throws Exception {
        StringWriter w = new StringWriter();
        new SvgFlameGraph(o).write(chart ? CallTrees.chart(profile, true) : CallTrees.full(profile, true), w);
        Path page = Fixtures.target(file);
        Files.writeString(page, w.toString());
        driver.get(page.toUri().toString());
    }

    @Test
    void searchColourPaintsTheMatches() throws Exception {
        open("search-colour.svg", FlameOptions.defaults().withSearchColor(Background.rgb("#00c000")), false);
        driver.executeScript("window.myflame.search('^row_')");
        List<WebElement> hits = driver.findElements(By.cssSelector("g.f.hit > rect"));
        assertTrue(!hits.isEmpty());
        for (WebElement r : hits) {
            assertEquals("rgb(0, 192, 0)", r.getCssValue("fill"));
        }
    }

    @Test
    void withoutJavascriptThePictureStillShows() throws Exception {
        open("no-javascript.svg", FlameOptions.defaults().withJavascript(false), false);
        assertEquals(0L, driver.executeScript("return document.getElementsByTagName('script').length"));
        assertEquals(null, driver.executeScript("return window.myflame === undefined ? null : 'script ran'"));
        WebElement all = driver.findElement(By.cssSelector("#frames > g.f > rect"));
        assertTrue(all.getSize().getWidth() > 1000, "the root frame is drawn across the page");
        // Each frame's own <title>, which the browser shows on hover, as flamegraph.pl's static SVG does
        @SuppressWarnings("unchecked")
        List<List<String>> titles = (List<List<String>>) driver.executeScript(
                "return Array.from(document.querySelectorAll('#frames g.f')).map(g => [g.getAttribute('data-n'),"
                        + " g.querySelector(':scope > title') ? g.querySelector(':scope > title').textContent : null])");
        // ... saying what the script's tooltip says of the same frame in the same graph with the script
        open("with-javascript.svg", FlameOptions.defaults(), false);
        @SuppressWarnings("unchecked")
        List<String> tips = (List<String>) driver.executeScript(
                "const tip = document.getElementById('tip');"
                        + " return Array.from(document.querySelectorAll('#frames g.f > rect')).map(r => {"
                        + " const b = r.getBoundingClientRect();"
                        + " r.dispatchEvent(new MouseEvent('mousemove', {bubbles: true, clientX: b.x + 1, clientY: b.y + 1}));"
                        + " return Array.from(tip.querySelectorAll('tspan')).map(t => t.textContent).join('|') })");
        assertEquals(tips.size(), titles.size(), "frames drawn");
        assertTrue(titles.size() > 100, "frames: " + titles.size());
        for (int i = 0; i < titles.size(); i++) {
            String name = titles.get(i).get(0);
            String[] tip = tips.get(i).split("\\|");
            // "1,234 samples, 5.67% of total, 5.67% of zoomed frame" -> "NAME (1,234 samples, 5.67%)"
            String counted = tip[1].substring(0, tip[1].indexOf("% of total"));
            assertEquals(name, tip[0]);
            assertEquals(name + " (" + counted + "%)", titles.get(i).get(1), "frame " + i);
        }
        assertTrue(titles.stream().anyMatch(t -> t.get(1).startsWith("Prepared_statement::execute_loop (")), "named frames");
    }

    @Test
    void flameChartZoomsAndKeepsInputOrder() throws Exception {
        open("flamechart.svg", FlameOptions.defaults().withMinWidth(0), true);
        @SuppressWarnings("unchecked")
        List<String> threads = (List<String>) driver.executeScript(
                "return Array.from(document.querySelectorAll('#frames > g.f > g.f')).map(g => g.getAttribute('data-n'))");
        assertTrue(threads.size() >= 1);
        WebElement first = driver.findElement(By.cssSelector("#frames > g.f > g.f > rect"));
        driver.executeScript("arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))", first);
        assertEquals(1200 - 2 * SvgFlameGraph.PAD, Double.parseDouble(first.getAttribute("width")), 0.01,
                "the clicked chart frame spans the width");
    }

    /**
     * The script fits a label as the Java drawing does, for every name of the profile and some
     * hostile ones at every width, and a zoom relabels each frame with what Java would have drawn:
     * a qualified name loses whole qualifiers, never part of one.
     */
    @Test
    void theScriptFitsLabelsAsTheDrawing() throws Exception {
        FlameOptions o = FlameOptions.defaults();
        open("labels.svg", o, false);
        @SuppressWarnings("unchecked")
        List<String> names = new java.util.ArrayList<>((List<String>) driver.executeScript(
                "return Array.from(new Set(Array.from(document.querySelectorAll('#frames g.f')).map(g => g.getAttribute('data-n'))))"));
        names.addAll(List.of("Sql_cmd_delete::delete_from_single_table", "std::map<int, std::less<int> >::find(int const&)",
                "core::ptr::drop_in_place<alloc::vec::Vec<u8>>", "ÉcritureRapide::fonctionÉtéLongue", "a::b", "x\\x01y::z",
                "lock_sys_t::acquireRecordLock", "operator<<(std::ostream&, Foo const&)", "mariadbd+0xc7f450",
                "java/lang/Thread:::run", "a::::b::c"));
        List<Double> widths = new java.util.ArrayList<>();
        for (int chars = 0; chars <= 90; chars++) {
            widths.add(6 + chars * o.charWidth() + 0.01);
        }
        @SuppressWarnings("unchecked")
        List<List<String>> js = (List<List<String>>) driver.executeScript(
                "return arguments[0].map(n => arguments[1].map(w => window.myflame.fit(n, w)))", names, widths);
        for (int n = 0; n < names.size(); n++) {
            for (int i = 0; i < widths.size(); i++) {
                assertEquals(FrameLabel.fit(names.get(n), widths.get(i), o.charWidth(), false), js.get(n).get(i),
                        names.get(n) + " in " + i + " characters");
            }
        }
        assertTrue(names.contains("Prepared_statement::execute_loop"), "the profile has qualified names");
        driver.executeScript("window.myflame.zoom(document.querySelector(\"g.f[data-n='Prepared_statement::execute_loop']\"))");
        @SuppressWarnings("unchecked")
        List<List<Object>> shown = (List<List<Object>>) driver.executeScript(
                "return Array.from(document.querySelectorAll('#frames g.f')).filter(g => g.style.display !== 'none')"
                        + ".map(g => { const t = g.querySelector(':scope > text, :scope > g > text');"
                        + " return [g.getAttribute('data-n'), +g.querySelector(':scope > rect').getAttribute('width'),"
                        + " t ? t.textContent : ''] })");
        int cut = 0;
        for (List<Object> f : shown) {
            String name = (String) f.get(0);
            double w = ((Number) f.get(1)).doubleValue();
            assertEquals(FrameLabel.fit(name, w, o.charWidth(), false), f.get(2), name + " zoomed, " + w + " px");
            cut += ((String) f.get(2)).startsWith("..") ? 1 : 0;
        }
        assertTrue(cut > 0, "some zoomed labels are cut");
    }

    @Test
    void labelsAfterZoomFollowTruncationAndFont() throws Exception {
        open("truncate-right.svg", FlameOptions.defaults().withTruncateRight(true).withFont("Verdana", 14, 0.59), false);
        driver.executeScript("window.myflame.zoom(document.querySelector(\"g.f[data-n='do_command']\"))");
        @SuppressWarnings("unchecked")
        List<String> labels = (List<String>) driver.executeScript(
                "return Array.from(document.querySelectorAll('#frames g.f > g > text, #frames g.f > text'))"
                        + ".map(t => t.textContent).filter(s => s.indexOf('..') >= 0)");
        assertTrue(!labels.isEmpty());
        for (String l : labels) {
            assertTrue(l.endsWith(".."), "cut on the right: " + l);
        }
    }
}

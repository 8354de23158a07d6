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
 * and keeps its time order, and --truncate-text-right / --fontsize relabel frames after a zoom.
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

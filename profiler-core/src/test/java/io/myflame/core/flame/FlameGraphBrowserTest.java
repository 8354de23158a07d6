package io.myflame.core.flame;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.myflame.core.Decimals;
import io.myflame.core.analysis.CallTree;
import io.myflame.core.analysis.CallTrees;
import io.myflame.core.model.Profile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.Alert;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.NoAlertPresentException;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.interactions.Actions;

/**
 * The generated SVG in a real headless Chromium: hover shows a tooltip, a click zooms, the search
 * button and Ctrl-F take a regular expression and report the matched share without counting
 * nested matches twice, and a frame named like a script tag is shown, never run. Screenshots are
 * left in target/flame/ for people to look at.
 */
class FlameGraphBrowserTest {
    static ChromeDriver driver;
    static Profile profile;
    static CallTree tree;
    static Path page;
    static final double INNER = FlameOptions.DEFAULT_WIDTH - 2.0 * SvgFlameGraph.PAD;

    @BeforeAll
    static void start() throws Exception {
        profile = Fixtures.folded("delete-10.2.folded");
        tree = CallTrees.full(profile, false);
        page = Fixtures.target("browser.svg");
        Files.writeString(page, SvgFlameGraphTest.render(profile, FlameOptions.defaults().withMinWidth(0)
                .withStyle(Palette.MYSQL.style(false)).withTitle("MariaDB 10.2.11 oltp_delete"), false));
        driver = HeadlessChromium.start();
    }

    @AfterAll
    static void stop() {
        if (driver != null) {
            driver.quit();
        }
    }

    private static WebElement rectOf(String name) {
        return driver.findElement(By.cssSelector("g.f[data-n='" + name + "'] > rect"));
    }

    /** The rectangle of the frame at this call path (names are plain identifiers here). */
    private static WebElement rectAt(String... path) {
        StringBuilder css = new StringBuilder("#frames > g.f");
        for (String name : path) {
            css.append(" > g.f[data-n='").append(name).append("']");
        }
        return driver.findElement(By.cssSelector(css.append(" > rect").toString()));
    }

    private static double attr(WebElement e, String a) {
        return Double.parseDouble(e.getAttribute(a));
    }

    private static String text(String id) {
        return driver.findElement(By.id(id)).getAttribute("textContent").trim();
    }

    static final String[] DISPATCH = {"start_thread", "handle_one_connection", "do_handle_one_connection",
        "do_command", "dispatch_command"};
    static final String[] DELETE = {"start_thread", "handle_one_connection", "do_handle_one_connection",
        "do_command", "dispatch_command", "mysqld_stmt_execute", "mysql_stmt_execute_common",
        "Prepared_statement::execute_loop", "Prepared_statement::execute", "mysql_execute_command", "mysql_delete"};

    private static int node(String... path) {
        int n = 0;
        for (String name : path) {
            n = tree.findChild(n, tree.frames().find(name));
        }
        return n;
    }

    private static String pct(long a, long b) {
        return Decimals.twoPlaces(100.0 * a / b);
    }

    @Test
    void hoverShowsNameWeightAndShares() throws Exception {
        driver.get(page.toUri().toString());
        WebElement rect = rectAt(DISPATCH);
        new Actions(driver).moveToElement(rect).perform();
        String tip = driver.findElement(By.id("tip")).getAttribute("textContent");
        long w = tree.total(node(DISPATCH));
        assertTrue(tip.startsWith("dispatch_command"), tip);
        assertTrue(tip.contains(String.format(Locale.ROOT, "%,d samples", w)), tip);
        assertTrue(tip.contains(pct(w, tree.total(0)) + "% of total"), tip);
        assertTrue(tip.contains("100.00% of zoomed frame") || tip.contains(pct(w, tree.total(0)) + "% of zoomed frame"), tip);
        assertEquals("visible", driver.findElement(By.id("tip")).getAttribute("visibility"));
        screenshot("browser-hover.png");
    }

    @Test
    void aTieRoundsToEvenAsTheTablesAndPerfReportPrintIt() throws Exception {
        // 5 samples of 800 is 0.625 % and 5 of 32 (main, zoomed) 15.625 %: perf report and the tables print
        // 0.62 and 15.62 (toFixed says 0.63 and 15.63); 3 of 800, 0.375 %, is 0.38 either way.
        Profile ties = Fixtures.folded("ties", "mysqld;main;tied 5\nmysqld;main;rest 27\nmysqld;other;odd 3\n"
                + "mysqld;other;third 765\n");
        Path tiePage = Fixtures.target("browser-ties.svg");
        Files.writeString(tiePage, SvgFlameGraphTest.render(ties, FlameOptions.defaults().withMinWidth(0), false));
        driver.get(tiePage.toUri().toString());
        new Actions(driver).moveToElement(rectOf("odd")).perform();
        assertTrue(tip().contains("0.38% of total"), tip());
        new Actions(driver).moveToElement(rectOf("tied")).perform();
        assertTrue(tip().contains("0.62% of total, 0.62% of zoomed frame"), tip());
        rectOf("main").click();
        new Actions(driver).moveToElement(rectOf("tied")).perform();
        assertTrue(tip().contains("0.62% of total, 15.62% of zoomed frame"), tip());
        assertEquals(List.of("0.62", "15.62", "0.38"), List.of(Decimals.twoPlaces(100.0 * 5 / 800),
                Decimals.twoPlaces(100.0 * 5 / 32), Decimals.twoPlaces(100.0 * 3 / 800)));
    }

    private static String tip() {
        return driver.findElement(By.id("tip")).getAttribute("textContent");
    }

    @Test
    void clickZoomsSoTheFrameSpansTheWidthAndResetRestores() throws Exception {
        driver.get(page.toUri().toString());
        WebElement rect = rectAt(DELETE);
        double before = attr(rect, "width");
        assertTrue(before < INNER / 2, "mysql_delete is not already wide: " + before);
        rect.click();
        assertEquals(INNER, attr(rect, "width"), 0.01);
        assertEquals(SvgFlameGraph.PAD, attr(rect, "x"), 0.01);
        // Its callees scale with it; its caller stays as a full-width path; unrelated frames hide.
        int del = node(DELETE);
        assertTrue(del > 0);
        for (int c : tree.children(del)) {
            String[] path = java.util.Arrays.copyOf(DELETE, DELETE.length + 1);
            path[DELETE.length] = tree.name(c);
            WebElement child = rectAt(path);
            assertEquals(INNER * tree.total(c) / tree.total(del), attr(child, "width"), 0.01, tree.name(c));
        }
        assertEquals(INNER, attr(rectAt(java.util.Arrays.copyOf(DELETE, DELETE.length - 1)), "width"), 0.01);
        assertTrue(!rectOf("srv_release_threads").isDisplayed(), "frames outside the zoom are hidden");
        screenshot("browser-zoom.png");
        driver.findElement(By.cssSelector("#reset text")).click();
        assertEquals(before, attr(rect, "width"), 0.01);
    }

    @Test
    void searchButtonAndCtrlFReportMatchedShareWithoutDoubleCounting() throws Exception {
        driver.get(page.toUri().toString());
        String regex = "^(row_|btr_|ha_)";
        driver.findElement(By.cssSelector("#search text")).click();
        Alert prompt = driver.switchTo().alert();
        prompt.sendKeys(regex);
        prompt.accept();
        long expected = covered(0, Pattern.compile(regex));
        long naive = naive(0, Pattern.compile(regex));
        assertTrue(naive > expected, "the regex matches nested frames, so double counting would show");
        Matcher all = Pattern.compile("Matched: ([0-9.]+)%").matcher(text("matched"));
        assertTrue(all.matches(), text("matched"));
        assertShare(expected, tree.total(0), all.group(1));
        assertTrue(!driver.findElements(By.cssSelector("g.f.hit")).isEmpty());
        screenshot("browser-search.png");

        // Zoomed: the share is also given relative to the zoomed frame.
        rectAt(DELETE).click();
        int del = node(DELETE);
        Matcher zoomed = Pattern.compile("Matched: ([0-9.]+)% \\(([0-9.]+)% of zoom\\)").matcher(text("matched"));
        assertTrue(zoomed.matches(), text("matched"));
        assertShare(expected, tree.total(0), zoomed.group(1));
        assertShare(covered(del, Pattern.compile(regex)), tree.total(del), zoomed.group(2));

        new Actions(driver).keyDown(Keys.CONTROL).sendKeys("f").keyUp(Keys.CONTROL).perform();
        Alert again = driver.switchTo().alert();
        again.sendKeys("^mysql_delete$");
        again.accept();
        Matcher m = Pattern.compile("Matched: ([0-9.]+)% \\(([0-9.]+)% of zoom\\)").matcher(text("matched"));
        assertTrue(m.matches(), text("matched"));
        assertShare(covered(0, Pattern.compile("^mysql_delete$")), tree.total(0), m.group(1));
        assertEquals("100.00", m.group(2));
    }

    /** The page prints two decimals; JavaScript and Java may round the last one differently. */
    private static void assertShare(long part, long whole, String shown) {
        assertEquals(100.0 * part / whole, Double.parseDouble(shown), 0.006, shown);
    }

    /** Weight under node covered by matching frames, a match inside a match counted once. */
    private static long covered(int n, Pattern p) {
        if (n != 0 && p.matcher(tree.name(n)).find()) {
            return tree.total(n);
        }
        long sum = 0;
        for (int c : tree.children(n)) {
            sum += covered(c, p);
        }
        return sum;
    }

    private static long naive(int n, Pattern p) {
        long sum = n != 0 && p.matcher(tree.name(n)).find() ? tree.total(n) : 0;
        for (int c : tree.children(n)) {
            sum += naive(c, p);
        }
        return sum;
    }

    @Test
    void framesNamedLikeScriptShowAsTextAndNeverRun() throws Exception {
        Path evil = Fixtures.target("browser-script-names.svg");
        Files.writeString(evil, SvgFlameGraphTest.render(ScriptFrames.profile(),
                FlameOptions.defaults().withMinWidth(0).withTitle(ScriptFrames.SCRIPT), false));
        driver.get(evil.toUri().toString());
        assertThrows(NoAlertPresentException.class, () -> driver.switchTo().alert());
        assertEquals(ScriptFrames.SCRIPT, text("title"));
        for (String name : List.of(ScriptFrames.SCRIPT, ScriptFrames.CDATA)) {
            WebElement g = driver.findElements(By.cssSelector("g.f")).stream()
                    .filter(e -> name.equals(e.getAttribute("data-n"))).findFirst().orElseThrow();
            WebElement rect = g.findElement(By.cssSelector("rect"));
            // The renamed frames are too narrow to hit with the mouse: send the click event itself.
            driver.executeScript("arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))", rect);
            assertEquals(INNER, attr(rect, "width"), 0.01);
            new Actions(driver).moveToElement(rect).perform();
            String tip = driver.findElement(By.id("tip")).getAttribute("textContent");
            assertTrue(tip.startsWith(name), tip);
            String label = g.findElement(By.cssSelector("text")).getAttribute("textContent");
            assertTrue(name.startsWith(label.replace("..", "")), label);
        }
        assertEquals(1L, driver.executeScript("return document.getElementsByTagName('script').length"));
        assertThrows(NoAlertPresentException.class, () -> driver.switchTo().alert());
        screenshot("browser-script-names.png");
    }

    private static void screenshot(String file) throws Exception {
        Path shot = driver.getScreenshotAs(OutputType.FILE).toPath();
        Files.copy(shot, Fixtures.target(file), StandardCopyOption.REPLACE_EXISTING);
    }
}

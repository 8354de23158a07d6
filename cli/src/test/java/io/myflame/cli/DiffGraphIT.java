package io.myflame.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.myflame.diff.chart.SeriesChart;
import io.myflame.diff.chart.SeriesLines;
import java.awt.image.BufferedImage;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriverException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.interactions.Actions;

/**
 * Differential graphs and the series chart of the real oltp_delete captures: the scale is the
 * largest change among functions present on both sides (recomputed from the perf script samples)
 * and the root says it; functions on one side only are drawn apart, also in a real headless
 * Chromium; aliases join a renamed function in the graph; the chart has one line per row.
 */
class DiffGraphIT {
    static final String OLD = "mariadb-10.2.11-oltp_delete";
    static final String MID = "mariadb-10.11-oltp_delete";
    static final String NEW = "mariadb-11.4.5-oltp_delete";
    static final Pattern SCALE = Pattern.compile("<svg data-scale=\"([0-9.]+)\"");
    static Path dir;
    static Path graph;
    static ChromeDriver driver;

    @BeforeAll
    static void draw() throws Exception {
        dir = Path.of("target", "diff-graph");
        Files.createDirectories(dir);
        graph = dir.resolve("10.2.11-11.4.5.svg");
        Myflame.Result r = Myflame.run("flamegraph", "--diff", capture(OLD), capture(NEW), "-o", graph.toString());
        assertEquals(0, r.exit(), r.err());
    }

    @AfterAll
    static void stop() {
        if (driver != null) {
            driver.quit();
        }
    }

    static String capture(String name) {
        return PerfReference.capture(name).toString();
    }

    @Test
    void theScaleIsTheLargestChangeAmongFunctionsOnBothSides() throws Exception {
        String svg = Files.readString(graph);
        Map<String, Double> base = DiffMoversIT.inclusive(PerfReference.samples(PerfReference.capture(OLD).resolve("perf.script.gz")));
        Map<String, Double> next = DiffMoversIT.inclusive(PerfReference.samples(PerfReference.capture(NEW).resolve("perf.script.gz")));
        double largest = 0;
        double largestOneSided = 0;
        for (Map.Entry<String, Double> e : next.entrySet()) {
            Double b = base.get(e.getKey());
            if (b != null) {
                largest = Math.max(largest, Math.abs(e.getValue() - b));
            } else {
                largestOneSided = Math.max(largestOneSided, e.getValue());
            }
        }
        double scale = scale(svg);
        assertEquals(largest, scale, 0.01);
        assertTrue(largestOneSided > scale, "pfs_spawn_thread (11.4.5 only) would have set a larger scale: " + largestOneSided);
        assertTrue(svg.contains(String.format(Locale.ROOT, "%+.2f%% grew (scale)", scale)), "the legend prints the scale");
        assertTrue(svg.contains("only in 11.4.5 (dashed)"), "the legend has an entry for frames drawn apart");
        assertTrue(svg.contains("<g class='f apart' data-n='pfs_spawn_thread'"), "pfs_spawn_thread is drawn apart");
        assertFalse(svg.contains("<g class='f apart' data-n='mysql_execute_command'"), "a shared function is not");
    }

    @Test
    void aGivenScaleIsKeptAndColoursAreRefused(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("fixed.svg");
        Myflame.Result r = Myflame.run("flamegraph", "--diff", capture(OLD), capture(NEW), "--scale", "5", "-o", out.toString());
        assertEquals(0, r.exit(), r.err());
        assertEquals(5.0, scale(Files.readString(out)), 1e-9);
        assertTrue(Files.readString(out).contains("+5.00% grew (scale)"));

        Path refused = tmp.resolve("refused.png");
        Myflame.Result colours = Myflame.run("flamegraph", "--diff", capture(OLD), capture(NEW), "--colors", "mysql",
                "-o", refused.toString());
        assertEquals(2, colours.exit());
        assertEquals(1, colours.err().lines().filter(l -> l.startsWith("myflame flamegraph: ")).count(), colours.err());
        assertTrue(colours.err().contains("--colors does not apply to --diff"), colours.err());
        assertFalse(Files.exists(refused));
    }

    @Test
    void anAliasJoinsTheRenamedFunctionInTheGraph(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("aliased.svg");
        Myflame.Result r = Myflame.run("flamegraph", "--diff", capture(OLD), capture(NEW), "--alias",
                "mysql_delete=Sql_cmd_delete::delete_from_single_table", "-o", out.toString());
        assertEquals(0, r.exit(), r.err());
        String plain = Files.readString(graph);
        String joined = Files.readString(out);
        String name = "data-n='Sql_cmd_delete::delete_from_single_table'";
        assertTrue(plain.contains("<g class='f apart' " + name), "without the alias it is on one side only");
        Matcher m = Pattern.compile("<g class='f' " + Pattern.quote(name) + " data-w='\\d+' data-t='base ([0-9.]+)%").matcher(joined);
        assertTrue(m.find(), "with the alias it is compared with mysql_delete");
        double mysqlDelete = PerfReference.chainPercent(
                PerfReference.samples(PerfReference.capture(OLD).resolve("perf.script.gz")), List.of("mysql_delete"));
        assertEquals(mysqlDelete, Double.parseDouble(m.group(1)), 0.01);
    }

    @Test
    void theSeriesChartHasOneLinePerRow(@TempDir Path tmp) throws Exception {
        Path png = tmp.resolve("series.png");
        // Rows far apart in every version: lines that coincide (do_command under do_handle_one_connection) hide each other.
        Path rowFile = Files.writeString(tmp.resolve("apart.rows"), String.join("\n", "mysql_execute_command",
                "mysql_delete | Sql_cmd_delete::delete_from_single_table", "handler::ha_delete_row", "open_and_lock_tables", ""));
        int rows = 4;
        Myflame.Result r = Myflame.run("diff", capture(OLD), capture(MID), capture(NEW), "--rows", rowFile.toString(),
                "--chart", png.toString(), "--format", "csv");
        assertEquals(0, r.exit(), r.err());
        assertEquals(rows + 1, r.out().lines().count(), r.out());
        BufferedImage image = ImageIO.read(png.toFile());
        assertEquals(SeriesChart.WIDTH, image.getWidth());
        Map<Integer, Integer> pixels = new HashMap<>();
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                pixels.merge(image.getRGB(x, y) & 0xffffff, 1, Integer::sum);
            }
        }
        // A line across three inputs is hundreds of pixels of its colour; a legend swatch alone a few dozen.
        List<Integer> lines = new ArrayList<>();
        for (int i = 0; i < SeriesLines.COLOURS.size(); i++) {
            if (pixels.getOrDefault(SeriesLines.COLOURS.get(i).getRGB() & 0xffffff, 0) > 300) {
                lines.add(i);
            }
        }
        assertEquals(List.of(0, 1, 2, 3), lines, "one line per row, in row order");

        // The HTML page of three inputs shows the series too, and its counters under their own heading.
        Path page = tmp.resolve("page.html");
        Myflame.Result html = Myflame.run("diff", capture(OLD), capture(MID), capture(NEW), "--rows", rowFile.toString(),
                "-o", page.toString());
        assertEquals(0, html.exit(), html.err());
        String text = Files.readString(page);
        int series = text.indexOf("<section id=\"series\">");
        assertTrue(series > 0 && text.indexOf("<svg", series) < text.indexOf("</section>", series), "the series chart is on the page");
        assertEquals(rows, Pattern.compile("\\d\\. [^<]*").matcher(text.substring(series, text.indexOf("</section>", series)))
                .results().map(m -> m.group()).distinct().count(), "one legend entry per row");
        assertTrue(text.contains("<h2>Counters (from each capture"), "the counters' heading says what they are");
        assertTrue(text.contains("<thead><tr><th>Counter (per input)</th>"), "their column is counters, not functions");
    }

    @Test
    void framesDrawnApartAreDashedAndSaySoInChromium() throws Exception {
        driver = start();
        driver.get(graph.toAbsolutePath().toUri().toString());
        assertEquals(scale(Files.readString(graph)),
                Double.parseDouble(driver.findElement(By.cssSelector("svg")).getAttribute("data-scale")), 1e-9);
        WebElement apart = driver.findElement(By.cssSelector("g.f.apart[data-n='pfs_spawn_thread'] > rect"));
        assertEquals("3px, 2px", driver.executeScript("return getComputedStyle(arguments[0]).strokeDasharray", apart));
        new Actions(driver).moveToElement(apart).perform();
        String tip = driver.findElement(By.id("tip")).getAttribute("textContent");
        assertTrue(tip.contains("only in 11.4.5"), tip);
        WebElement shared = driver.findElement(By.cssSelector("g.f[data-n='mysql_execute_command'] > rect"));
        assertEquals("none", driver.executeScript("return getComputedStyle(arguments[0]).strokeDasharray", shared));
        new Actions(driver).moveToElement(shared).perform();
        String sharedTip = driver.findElement(By.id("tip")).getAttribute("textContent");
        assertTrue(sharedTip.contains("change +"), sharedTip);
        assertFalse(new HashSet<>(List.of(sharedTip)).contains(tip));
    }

    private static double scale(String svg) {
        Matcher m = SCALE.matcher(svg);
        assertTrue(m.find(), "the root carries data-scale");
        return Double.parseDouble(m.group(1));
    }

    /** Debian's chromium and chromedriver, by path (Selenium Manager never downloads either). */
    private static ChromeDriver start() throws Exception {
        String browser = "/usr/bin/chromium";
        String driverPath = "/usr/bin/chromedriver";
        if (!new File(browser).canExecute() || !new File(driverPath).canExecute()) {
            fail("browser tests need " + browser + " and " + driverPath + ": sudo apt-get install chromium chromium-driver");
        }
        Path profile = Files.createTempDirectory("myflame-chromium");
        removeAtExit(profile);
        ChromeOptions options = new ChromeOptions();
        options.setBinary(browser);
        options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                "--no-first-run", "--disable-dev-shm-usage", "--window-size=1300,1000", "--user-data-dir=" + profile);
        try {
            return new ChromeDriver(new ChromeDriverService.Builder().usingDriverExecutable(new File(driverPath))
                    .usingAnyFreePort().build(), options);
        } catch (WebDriverException e) {
            return fail("headless Chromium did not start: " + String.valueOf(e.getMessage()).lines().findFirst().orElse(""));
        }
    }

    /** Chromium fills its profile directory, which deleteOnExit cannot remove: delete the tree when the JVM ends. */
    private static void removeAtExit(Path dir) {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try (Stream<Path> paths = Files.walk(dir)) {
                paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            } catch (IOException | UncheckedIOException ignored) {
                // a leftover temporary directory is not worth failing a finished test run
            }
        }));
    }
}

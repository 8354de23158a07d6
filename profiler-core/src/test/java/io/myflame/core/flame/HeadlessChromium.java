package io.myflame.core.flame;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.openqa.selenium.WebDriverException;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * Debian's chromium driven by Debian's chromedriver, both given by path so Selenium Manager never
 * downloads a browser or a driver; a fresh profile directory and no background network traffic.
 */
final class HeadlessChromium {
    /** {@code -Dmyflame.chromium=PATH} points elsewhere (e.g. a path that does not exist, to see the failure message). */
    static final String BROWSER = System.getProperty("myflame.chromium", "/usr/bin/chromium");
    static final String DRIVER = "/usr/bin/chromedriver";

    private HeadlessChromium() {
    }

    static final String INSTALL = "install them with: sudo apt-get install chromium chromium-driver"
            + " (or run scripts/setup-system as root)";

    /** The browser; a missing or broken Chromium fails the test with the command that installs it. */
    static ChromeDriver start() throws Exception {
        if (!new File(BROWSER).canExecute() || !new File(DRIVER).canExecute()) {
            fail("browser tests need " + BROWSER + " and " + DRIVER + ": " + INSTALL);
        }
        try {
            return launch();
        } catch (WebDriverException e) {
            String first = String.valueOf(e.getMessage()).lines().findFirst().orElse("");
            return fail("headless Chromium did not start (" + first + "); " + INSTALL);
        }
    }

    private static ChromeDriver launch() throws Exception {
        Path profile = Files.createTempDirectory("myflame-chromium");
        removeAtExit(profile);
        ChromeOptions options = new ChromeOptions();
        options.setBinary(BROWSER);
        options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                "--disable-quic", "--no-first-run", "--disable-component-update", "--disable-sync",
                "--disable-dev-shm-usage", "--window-size=1300,1000", "--user-data-dir=" + profile);
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(new File(DRIVER)).usingAnyFreePort().build();
        return new ChromeDriver(service, options);
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

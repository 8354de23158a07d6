package io.myflame.core.flame;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * Debian's chromium driven by Debian's chromedriver, both given by path so Selenium Manager never
 * downloads a browser or a driver; a fresh profile directory and no background network traffic.
 */
final class HeadlessChromium {
    static final String BROWSER = "/usr/bin/chromium";
    static final String DRIVER = "/usr/bin/chromedriver";

    private HeadlessChromium() {
    }

    static ChromeDriver start() throws Exception {
        if (!new File(BROWSER).canExecute() || !new File(DRIVER).canExecute()) {
            throw new IllegalStateException("chromium and chromium-driver are needed (scripts/setup-system installs them)");
        }
        Path profile = Files.createTempDirectory("myflame-chromium");
        profile.toFile().deleteOnExit();
        ChromeOptions options = new ChromeOptions();
        options.setBinary(BROWSER);
        options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                "--disable-quic", "--no-first-run", "--disable-component-update", "--disable-sync",
                "--disable-dev-shm-usage", "--window-size=1300,1000", "--user-data-dir=" + profile);
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(new File(DRIVER)).usingAnyFreePort().build();
        return new ChromeDriver(service, options);
    }
}

package io.myflame.cli;

import java.nio.file.Path;

/** The myflame checkout: {@code -Dmyflame.home} (set by scripts/myflame), else two levels above the jar. */
final class Home {
    private Home() {
    }

    static Path dir() {
        String prop = System.getProperty("myflame.home");
        if (prop != null) {
            return Path.of(prop);
        }
        try {
            Path jar = Path.of(Home.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            Path target = jar.getParent();
            if (target != null && target.getParent() != null && target.getParent().getParent() != null) {
                return target.getParent().getParent();
            }
        } catch (Exception e) {
            // fall through to the working directory
        }
        return Path.of(".");
    }
}

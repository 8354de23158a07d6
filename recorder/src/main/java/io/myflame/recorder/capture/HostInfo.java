package io.myflame.recorder.capture;

import io.myflame.core.task.Concurrency;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The machine a capture was recorded on: kernel release, CPU model, cores. */
public record HostInfo(String kernel, String cpuModel, int cores) {

    public static HostInfo current() {
        return new HostInfo(firstLine(Path.of("/proc/sys/kernel/osrelease"), System.getProperty("os.version")),
                readCpuModel(), Concurrency.cores());
    }

    /** {@code model name\t: Intel(R) Xeon(R) ...} from /proc/cpuinfo. */
    private static String readCpuModel() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (line.startsWith("model name")) {
                    return line.substring(line.indexOf(':') + 1).strip();
                }
            }
        } catch (IOException e) {
            // not Linux: the model stays unknown
        }
        return System.getProperty("os.arch");
    }

    private static String firstLine(Path p, String fallback) {
        try {
            return Files.readString(p).strip();
        } catch (IOException e) {
            return fallback;
        }
    }
}

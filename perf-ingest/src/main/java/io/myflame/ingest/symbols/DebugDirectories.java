package io.myflame.ingest.symbols;

import io.myflame.ingest.elf.ElfFile;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Where distributions install debug files, in perf's order: {@code /usr/lib/debug/.build-id/xx/rest.debug}
 * (Debian's -dbgsym, Fedora's -debuginfo), the file's {@code .gnu_debuglink} target beside it, in
 * {@code .debug/} beside it and under {@code /usr/lib/debug}, then {@code /usr/lib/debug/PATH.debug}
 * and {@code /usr/lib/debug/PATH}; all under {@code --symfs} when given.
 */
final class DebugDirectories implements SymbolSource {
    private final Path debugRoot;
    private final Symfs symfs;

    DebugDirectories(Path debugRoot, Symfs symfs) {
        this.debugRoot = debugRoot;
        this.symfs = symfs;
    }

    @Override
    public Iterable<Path> files(Dso dso, String buildId, Purpose purpose) {
        List<Path> out = new ArrayList<>();
        String name = dso.name;
        boolean isFile = name.startsWith("/");
        if (buildId != null && buildId.length() > 2) {
            out.add(symfs.under(debugRoot + "/.build-id/" + buildId.substring(0, 2) + "/" + buildId.substring(2) + ".debug"));
        }
        if (isFile) {
            out.addAll(debugLinkTargets(name));
            out.add(symfs.under(debugRoot + name + ".debug"));
            out.add(symfs.under(debugRoot + name));
        }
        return out;
    }

    /** perf's debuglink_paths: beside the file, in .debug/ beside it, under /usr/lib/debug, and the name alone. */
    private List<Path> debugLinkTargets(String name) {
        Path file = Path.of(name);
        ElfFile f = ElfFile.open(symfs.under(name));
        if (f == null) {
            return List.of();
        }
        try {
            int s = f.section(".gnu_debuglink");
            if (s < 0) {
                return List.of();
            }
            String link = ElfFile.cString(f.bytes(s), 0);
            if (link.isEmpty() || link.contains("/")) {
                return List.of();
            }
            String dir = file.getParent() == null ? "" : file.getParent().toString();
            return List.of(symfs.under(dir + "/" + link), symfs.under(dir + "/.debug/" + link),
                    symfs.under(debugRoot + dir + "/" + link));
        } catch (IOException | RuntimeException e) {
            return List.of();
        } finally {
            f.close();
        }
    }
}

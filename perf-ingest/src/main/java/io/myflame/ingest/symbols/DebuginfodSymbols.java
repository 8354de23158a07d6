package io.myflame.ingest.symbols;

import io.myflame.ingest.elf.ElfFile;
import java.util.List;

/**
 * The last place {@link SymbolSources} looks for a file's symbols, after every local candidate:
 * the debuginfod servers' debuginfo of its build id, then their executable when the debuginfo
 * gave no {@code .symtab} or nothing local gave the runtime sections (a recording read on
 * another machine). A file whose build id is not the recorded one is skipped, as locally.
 */
final class DebuginfodSymbols {
    /** The file to take the {@code .symtab} from, and the one whose sections place its symbols; either may be null. */
    record Found(ElfFile symtab, ElfFile runtime) {
    }

    private DebuginfodSymbols() {
    }

    /** Looks up {@code buildId}; every file opened is added to {@code opened}, for the caller to close. */
    static Found lookUp(DebuginfodClient client, String buildId, ElfFile runtime, List<ElfFile> opened) {
        ElfFile symtab = null;
        for (DebuginfodClient.Artifact artifact : DebuginfodClient.Artifact.values()) {
            if (!client.enabled() || symtab != null && runtime != null) {
                break;
            }
            ElfFile f = ElfFile.open(client.find(buildId, artifact));
            if (f == null) {
                continue;
            }
            opened.add(f);
            if (!buildId.equals(f.buildId())) {
                continue;
            }
            if (symtab == null && f.hasSymtab()) {
                symtab = f;
            }
            if (runtime == null && f.sectionOfType(ElfFile.SHT_DYNSYM) >= 0) {
                runtime = f;
            }
        }
        return new Found(symtab, runtime);
    }
}
